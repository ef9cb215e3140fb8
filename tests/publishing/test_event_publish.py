"""Publishing an event to a folder: every public page in every language, incrementally (only what
a result changed is sent, what is gone is deleted), the index and manifest last, and never a
private event, a personal page or a page behind a login."""

import re
import zoneinfo

import pytest
from django.utils import timezone, translation

from core.audit_text import describe
from core.models import AuditEntry
from players.services import player_update
from publishing.services import event_publish
from publishing.targets.folder import FolderTarget
from tests.publishing.world import folder_files, manifest_of, second_result, sha, small_event
from tournaments.models import Division, Entry
from tournaments.services.events import tournament_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    return small_event(director)


def test_a_first_round_sends_every_public_page_in_every_language(event, tmp_path):
    report = event_publish(event, str(tmp_path))
    files = folder_files(tmp_path)
    listed = manifest_of(tmp_path)
    assert set(files) == set(listed) | {"manifest.json", "stamp.json"}
    assert all(sha(files[path]) == digest for path, digest in listed.items())
    assert (report.sent, report.deleted, report.unchanged) == (len(listed), 0, 0)
    assert report.files == len(listed)
    for language in ("", "ja/", "th/", "sw/", "zh-hant/"):
        for page in (
            "index.html",
            "live/index.html",
            "A/index.html",
            "A/standings/index.html",
            "A/crosstable/index.html",
            "A/stats/index.html",
            "A/prizes/index.html",
            "A/live/index.html",
            "A/player/1/index.html",
            "team-standings/index.html",
        ):
            assert language + page in files, language + page
    for once in (
        "A/feed.json",
        "tourney.js",
        "A/print/standings/index-round-1.pdf",
        "A/hall/index.html",
        "hall/index.html",
    ):
        assert once in files
        assert f"ja/{once}" not in files
    assert 'lang="ja"' in files["ja/A/standings/index.html"].decode()[:200]
    assert any(path.startswith("static/desk/desk.") for path in files)


def test_links_between_published_pages_are_relative_and_reach_published_files(event, tmp_path):
    event_publish(event, str(tmp_path))
    page = (tmp_path / "A" / "standings" / "index.html").read_text()
    assert 'href="../live/index.html"' in page
    assert 'href="../../live/index.html">' in page  # the event's own address: its home
    assert 'href="../../ja/A/standings/index.html"' in page
    japanese = (tmp_path / "ja" / "A" / "standings" / "index.html").read_text()
    assert 'href="../../../A/hall/index.html"' in japanese  # the hall screen, at the root
    assert 'href="/' not in page and 'src="/' not in page
    assert "<script>" not in page
    assert 'data-stamp="../../stamp.json"' in page
    policy = re.search(
        r'<head>\n  <meta http-equiv="Content-Security-Policy" content="([^"]+)">', page
    )
    assert "script-src &#x27;self&#x27;" in policy.group(1)
    assert "frame-ancestors" not in policy.group(1)


def test_a_second_round_without_change_sends_nothing(event, tmp_path):
    first = event_publish(event, str(tmp_path))
    again = event_publish(event, str(tmp_path))
    assert (again.sent, again.deleted, again.unchanged) == (0, 0, first.files)
    assert again.manifest_hash == first.manifest_hash


def test_after_one_result_only_the_pages_it_changed_are_sent(director, event, tmp_path):
    first = event_publish(event, str(tmp_path))
    before = folder_files(tmp_path)
    second_result(director, event)
    report = event_publish(event, str(tmp_path))
    after = folder_files(tmp_path)
    changed = {path for path in after if before.get(path) != after[path]}
    assert report.sent == len(changed - {"manifest.json", "stamp.json"})
    assert 0 < report.sent < first.files
    assert "A/standings/index.html" in changed and "455" in after["A/standings/index.html"].decode()
    assert not any(path.startswith("static/") for path in changed)
    assert report.manifest_hash != first.manifest_hash


def test_files_the_event_no_longer_has_are_deleted(director, event, tmp_path):
    other = Division.objects.create(tournament=event, name="B", rounds=2)
    event_publish(event, str(tmp_path))
    assert (tmp_path / "B" / "standings" / "index.html").exists()
    other.delete()
    report = event_publish(event, str(tmp_path))
    assert not (tmp_path / "B").exists()
    assert not any(path.startswith(("B/", "ja/B/")) for path in manifest_of(tmp_path))
    assert report.deleted > 0


def test_the_index_and_manifest_are_written_after_every_other_file(event, tmp_path, monkeypatch):
    calls = []
    put, delete = FolderTarget.put_many, FolderTarget.delete_many
    monkeypatch.setattr(
        FolderTarget, "put_many", lambda self, f: (calls.append(("put", set(f))), put(self, f))[1]
    )
    monkeypatch.setattr(
        FolderTarget,
        "delete_many",
        lambda self, p: (calls.append(("delete", set(p))), delete(self, p))[1],
    )
    event_publish(event, str(tmp_path))
    kinds = [
        (op, "manifest.json" in names, "stamp.json" in names, "index.html" in names)
        for op, names in calls
    ]
    assert kinds == [
        ("put", False, False, False),
        ("put", False, False, True),
        ("put", True, False, False),
        ("put", False, True, False),
    ]  # nothing to delete in a first round: no deletion is asked for
    assert calls[1][1] == {
        "index.html",
        "ja/index.html",
        "th/index.html",
        "sw/index.html",
        "zh-hant/index.html",
    }


def test_a_private_event_publishes_nothing(director, tmp_path):
    event = small_event(director)
    tournament_update(by=director, tournament=event, is_public=False)
    report = event_publish(event, str(tmp_path))
    assert (report.files, report.sent, report.manifest_hash) == (0, 0, "")
    assert folder_files(tmp_path) == {}


def test_an_event_made_private_is_removed_from_the_target(director, event, tmp_path):
    first = event_publish(event, str(tmp_path))
    tournament_update(by=director, tournament=event, is_public=False)
    report = event_publish(event, str(tmp_path))
    assert report.deleted == first.files
    assert set(folder_files(tmp_path)) == {"manifest.json", "stamp.json"}
    assert manifest_of(tmp_path) == {}


def test_no_personal_page_and_nothing_behind_a_login_is_published(event, tmp_path):
    event_publish(event, str(tmp_path))
    files = folder_files(tmp_path)
    for path in files:
        assert not any(
            part in path.split("/")
            for part in (
                "me",
                "registration",
                "results",
                "audit",
                "edit",
                "restore-points",
                "pairing",
            )
        ), path
    assert "archive.json" not in files and not any(path.endswith(".tou") for path in files)
    for path, data in files.items():
        if path.endswith(".html"):
            assert "csrfmiddlewaretoken" not in data.decode(), path


def test_every_round_is_in_the_audit_log(director, event, tmp_path):
    report = event_publish(event, str(tmp_path), actor=director)
    entry = AuditEntry.objects.filter(action="tournament.publish").get()
    assert entry.actor == director
    assert entry.after["sent"] == report.sent
    assert entry.after["manifest"] == report.manifest_hash


def test_the_audit_log_says_where_the_event_went(director, event, tmp_path):
    first = event_publish(event, str(tmp_path), actor=director)
    tournament_update(by=director, tournament=event, is_public=False)
    event_publish(event, str(tmp_path), actor=director)
    published, removed = AuditEntry.objects.filter(action="tournament.publish").order_by("pk")
    assert describe(published, event) == (
        f"Published to {tmp_path}: {first.sent} files sent, 0 deleted"
    )
    assert describe(removed, event) == (
        f"Removed the event from {tmp_path} ({first.files} files deleted)"
    )


def test_the_callers_language_and_time_zone_are_left_as_they_were(event, tmp_path):
    with translation.override("ja"), timezone.override(zoneinfo.ZoneInfo("Asia/Tokyo")):
        event_publish(event, str(tmp_path))
        assert translation.get_language() == "ja"
        assert str(timezone.get_current_timezone()) == "Asia/Tokyo"


def test_a_round_reuses_the_pages_the_site_says_did_not_change(director, event, tmp_path):
    from publishing import pages

    Division.objects.create(tournament=event, name="B", rounds=2)
    event_publish(event, str(tmp_path))
    before = folder_files(tmp_path)
    rewritten = []
    real = pages._page
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pages, "_page", lambda *a: (rewritten.append(a[4]), real(*a))[1])
        second_result(director, event)
        event_publish(event, str(tmp_path))
    after = folder_files(tmp_path)
    assert after["B/standings/index.html"] == before["B/standings/index.html"]
    assert "B/standings/index.html" not in rewritten  # its 304 kept the page as it was
    assert "A/standings/index.html" in rewritten
    for page in ("standings", "crosstable", "live", "stats"):
        assert f"B/{page}/index.html" not in rewritten
        assert f"ja/B/{page}/index.html" not in rewritten


def test_a_division_named_like_a_language_folder_never_writes_over_another_page(event, tmp_path):
    Division.objects.create(tournament=event, name="ja", rounds=2)
    event_publish(event, str(tmp_path))
    standings = (tmp_path / "ja" / "standings" / "index.html").read_text()
    assert '<html lang="en">' in standings and "division ja" in standings
    assert '<html lang="ja">' in (tmp_path / "ja" / "A" / "standings" / "index.html").read_text()


def test_a_pairings_page_finds_names_itself_by_each_lines_own_name(director, event, tmp_path):
    first = Entry.objects.select_related("player").get(division__tournament=event, number=1)
    player_update(by=director, player=first.player, name='<b>&"x')
    event_publish(event, str(tmp_path))
    files = folder_files(tmp_path)
    script = re.compile(r"static/publishing/find-name\.[0-9a-f]{12}\.js")
    (found,) = [path for path in files if script.fullmatch(path)]
    division = event.divisions.get().pk
    for up, language, none in (
        ("../../", "", "No player of that name in this round."),
        ("../../../", "ja/", "この回戦にその名前のプレイヤーはいません。"),
    ):
        page = files[f"{language}A/live/index.html"].decode()
        assert f'<script src="{up}{found}" defer></script>\n</head>' in page
        names = re.findall(r'<tr class="player-line" data-name="([^"]*)"><td class="player">', page)
        others = [f"Entrant {division}-{number}" for number in (2, 3, 4)]
        assert names == ["&lt;b&gt;&amp;&quot;x", *others]
        assert (
            f'<div class="find-name-status" role="status"><p hidden data-find-name-none>{none}</p>'
            in page
        )
        assert "find-name" not in files[f"{language}A/standings/index.html"].decode()


def test_a_name_that_reads_like_a_site_address_is_kept_as_a_name_not_followed(
    director, event, tmp_path
):
    first = Entry.objects.select_related("player").get(division__tournament=event, number=1)
    address = f"/t/{event.slug}/"  # the event's own page: a link would be rewritten or crawled
    player_update(by=director, player=first.player, name=address)
    event_publish(event, str(tmp_path))
    page = folder_files(tmp_path)["A/live/index.html"].decode()
    assert f'<tr class="player-line" data-name="{address}">' in page
