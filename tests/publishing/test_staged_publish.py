"""After a change the pages it touches go first, with a manifest of their own, then the rest:
the first stage holds the result's division, its two players and the feeds in the event's
language, never another division's pages nor another language's; the second completes the round; a failure between them loses nothing."""

import pytest

from core.polled.stamps import latest_change
from publishing import services
from publishing.models import PublishTarget
from publishing.pages import event_files
from publishing.plan.manifest import hashes
from publishing.queue import queue_publish
from publishing.services import event_publish
from publishing.targets import TargetUnreachable
from publishing.touched import touched_since
from publishing.worker import work_once
from tests import factories
from tests.publishing.helpers import at
from tests.publishing.world import folder_files, manifest_of, second_result, sha, small_event
from tournaments.models import Pairing
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

BOOKKEEPING = {"manifest.json", "stamp.json"}


@pytest.fixture
def event(director):
    """Division A as in ``small_event``, and a division B of four with one result of its own."""
    event = small_event(director)
    other = factories.division(event, rounds=2, name="B")
    factories.round_with_pairings(other, factories.entries(other, 4), 1)
    game = Pairing.objects.filter(round__division=other).order_by("table").first()
    result_record(
        by=director, pairing_id=game.pk, first_score=401, second_score=399, expected_version=None
    )
    return event


@pytest.fixture
def staged(monkeypatch):
    """The paths of each first stage a publish wrote."""
    stages = []
    real = services.stage_files

    def recorded(*args):
        files = real(*args)
        stages.append(set(files))
        return files

    monkeypatch.setattr(services, "stage_files", recorded)
    return stages


def the_second_game(event):
    return (
        Pairing.objects.filter(round__division__tournament=event, round__division__name="A")
        .select_related("first", "second")
        .order_by("table")
        .last()
    )


def stage_after_second_result(director, event, root):
    event_publish(event, str(root))
    through = latest_change(event.pk)
    second_result(director, event)
    return touched_since(event.pk, through)


def present_with_their_hashes(root) -> bool:
    files = folder_files(root)
    return all(sha(files[path]) == digest for path, digest in manifest_of(root).items())


def test_the_first_stage_is_the_results_division_its_players_and_the_feeds_in_its_language(
    director, event, tmp_path, staged
):
    touched = stage_after_second_result(director, event, tmp_path)
    game = the_second_game(event)
    report = event_publish(event, str(tmp_path), touched=touched)
    (first,) = staged
    pages = {
        "index.html",
        "live/index.html",
        "A/index.html",
        "A/live/index.html",
        "A/standings/index.html",
        "A/crosstable/index.html",
        f"A/player/{game.first.number}/index.html",
        f"A/player/{game.second.number}/index.html",
    }
    expected = {"tourney.js", "A/feed.json"} | pages
    assert {path for path in first if not path.startswith("static/")} == expected
    assert not any("B/" in path for path in first)
    assert not any(path.startswith("ja/") for path in first)
    assert report.first_stage_sent > 0
    assert report.first_stage_seconds is not None


def test_the_second_stage_completes_the_round(director, event, tmp_path):
    touched = stage_after_second_result(director, event, tmp_path)
    event_publish(event, str(tmp_path), touched=touched)
    published = event_files(event)
    files = folder_files(tmp_path)
    assert {path: data for path, data in files.items() if path not in BOOKKEEPING} == published
    assert manifest_of(tmp_path) == hashes(published)


def test_after_the_first_stage_the_manifest_names_files_present_with_their_hashes(
    director, event, tmp_path, monkeypatch
):
    touched = stage_after_second_result(director, event, tmp_path)
    before = folder_files(tmp_path)
    monkeypatch.setattr(services, "event_files", broken_second_stage)
    with pytest.raises(TargetUnreachable):
        event_publish(event, str(tmp_path), touched=touched)
    after = folder_files(tmp_path)
    assert present_with_their_hashes(tmp_path)
    assert "455" in after["A/standings/index.html"].decode()
    assert "455" not in before["A/standings/index.html"].decode()
    assert manifest_of(tmp_path) != {p: sha(d) for p, d in before.items() if p not in BOOKKEEPING}
    assert {p for p in after if after[p] != before.get(p)} - BOOKKEEPING <= set(
        manifest_of(tmp_path)
    )
    assert all(after[path] == data for path, data in before.items() if path.startswith("B/"))


def broken_second_stage(event):
    raise TargetUnreachable("the target went away between the stages")


def test_a_failure_between_the_stages_loses_nothing(director, event, tmp_path, monkeypatch):
    event_publish(event, str(tmp_path))
    one = PublishTarget.objects.create(
        tournament=event, spec=str(tmp_path), published_through=latest_change(event.pk)
    )
    second_result(director, event)
    queue_publish(one, due_at=at(0))
    monkeypatch.setattr(services, "event_files", broken_second_stage)
    turn = dict(publish=event_publish, unreachable_error=TargetUnreachable, name="t:1")
    assert not work_once(clock=lambda: at(0), **turn).ok
    one.refresh_from_db()
    assert one.published_through < latest_change(event.pk)
    assert present_with_their_hashes(tmp_path)
    monkeypatch.undo()
    assert work_once(clock=lambda: at(600), **turn).ok
    published = event_files(event)
    files = folder_files(tmp_path)
    assert {path: data for path, data in files.items() if path not in BOOKKEEPING} == published
    one.refresh_from_db()
    assert one.published_through == latest_change(event.pk)


def test_with_no_round_kept_in_this_process_the_publish_is_one_whole_round(
    director, event, tmp_path, staged
):
    from publishing.plan.kept import KEPT

    touched = stage_after_second_result(director, event, tmp_path)
    KEPT.clear()
    report = event_publish(event, str(tmp_path), touched=touched)
    assert staged == [set()]
    assert report.first_stage_seconds is None
    assert report.first_stage_sent == 0
