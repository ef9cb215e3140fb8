"""Publishing to a server over rsync and ssh: Debian's sshd on loopback (started here with a
throwaway host key and an authorized key in the test's folder) holds the published folder."""

import os
from pathlib import Path

import pytest

from publishing.plan import manifest
from publishing.services import event_publish
from publishing.targets import TargetUnreachable, target_from_spec
from publishing.targets.rsync import RsyncTarget
from tests.publishing.servers import SSHD, Sshd
from tests.publishing.world import folder_files, manifest_of, second_result, sha, small_event
from tournaments.services.events import tournament_update

pytestmark = [
    pytest.mark.slow,
    # Left out only on a machine without sshd; CI installs it (.ci/run), so there it fails.
    pytest.mark.skipif(
        not os.access(SSHD, os.X_OK) and not os.environ.get("CI"),
        reason="sshd is missing: apt-get install openssh-server",
    ),
]


@pytest.fixture(scope="module")
def sshd(tmp_path_factory):
    server = Sshd(tmp_path_factory.mktemp("sshd"))
    yield server
    server.stop()


@pytest.fixture
def over_ssh(sshd, settings):
    settings.PUBLISH_SSH_COMMAND = sshd.ssh_command
    return sshd


def test_a_spec_with_a_host_is_an_rsync_target(settings):
    settings.PUBLISH_SSH_COMMAND = "ssh -o BatchMode=yes"
    target = target_from_spec("desk@results.example:/srv/www/kings")
    assert isinstance(target, RsyncTarget)
    assert (target.host, target.folder) == ("desk@results.example", "/srv/www/kings")
    other = target_from_spec("ssh://desk@results.example:2222/srv/www/kings/")
    assert (other.host, other.folder, other.ssh[-2:]) == (
        "desk@results.example",
        "/srv/www/kings",
        ["-p", "2222"],
    )


def test_files_put_read_and_deleted_over_ssh(over_ssh, tmp_path):
    target = target_from_spec(over_ssh.spec(tmp_path / "site"))
    assert target.read_manifest() is None
    target.put_many({"a/b/index.html": b"<p>1</p>", "Div 3/x.json": b"{}"})
    target.write_manifest(manifest.hashes({"a/b/index.html": b"<p>1</p>"}))
    assert target.read_bytes("a/b/index.html") == b"<p>1</p>"
    assert target.read_manifest() == {"a/b/index.html": sha(b"<p>1</p>")}
    target.delete_many(["a/b/index.html", "Div 3/x.json", "never/there.html"])
    assert set(folder_files(tmp_path / "site")) == {"manifest.json", "stamp.json"}
    assert not (tmp_path / "site" / "a").exists()


@pytest.mark.django_db
def test_an_event_published_over_ssh_equals_the_folder_round(director, over_ssh, tmp_path):
    event = small_event(director)
    folder = tmp_path / "folder"
    remote = tmp_path / "remote"
    event_publish(event, str(folder))
    report = event_publish(event, over_ssh.spec(remote))
    assert folder_files(remote) == folder_files(folder)
    assert report.sent == report.files
    second_result(director, event)
    again = event_publish(event, over_ssh.spec(remote))
    assert 0 < again.sent < report.files
    assert "455" in (remote / "A" / "standings" / "index.html").read_text()
    assert all(
        sha(data) == manifest_of(remote)[path]
        for path, data in folder_files(remote).items()
        if path in manifest_of(remote)
    )
    tournament_update(by=director, tournament=event, is_public=False)
    gone = event_publish(event, over_ssh.spec(remote))
    assert gone.deleted == again.files
    assert set(folder_files(remote)) == {"manifest.json", "stamp.json"}


def test_a_server_that_does_not_answer_is_unreachable(over_ssh, tmp_path):
    target = target_from_spec(over_ssh.spec(tmp_path / "site"))
    over_ssh.stop()
    try:
        with pytest.raises(TargetUnreachable):
            target.put_many({"index.html": b"x"})
        with pytest.raises(TargetUnreachable):
            target.read_manifest()
    finally:
        over_ssh.start()
    target.put_many({"index.html": b"x"})
    assert Path(tmp_path / "site" / "index.html").read_bytes() == b"x"
