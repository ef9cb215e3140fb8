"""Fuzzing every input path, seeded and bounded: a GCG record, a TSH file, a CSV roster, a word
list and a typed result line either go in or are refused with a message, never an exception, and
a refused input leaves every table as it was. Runs on SQLite and on PostgreSQL (which refuses NUL
and integers past 2**63 that SQLite would take)."""

from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.refusal import Refusal
from games.services.imports import game_import_gcg
from games.services.words import lexicon_upload
from players.roster import decode_upload, parse_roster
from players.services import roster_import
from tests import factories
from tests.command_runs import database_state
from tournaments.services.result_lines import result_enter_line
from tournaments.services.tsh_import import tsh_import

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent / "games" / "engine" / "gcg_fixtures"
REFUSED = (Refusal, ValidationError)
FUZZ = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Text that has broken parsers before: separators, signs, huge and odd digits, NUL, endings.
NASTY = st.sampled_from(
    [
        ";",
        ",",
        '"',
        "#",
        "-",
        "+",
        "0",
        "9" * 25,
        str(2**63),
        "³",
        "٣",
        "\x00",
        "\r",
        "\n",
        "\t",
        "=cmd",
        "<script>",
        "é",
        "王",
        " ",
        "p12 9",
        "#player1 ",
        "  ",
        "\ufeff",
    ]
)


@st.composite
def mutated(draw, seed: str) -> str:
    """``seed`` with a few random edits: insertions of nasty or random text, deletions."""
    text = seed
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            piece = draw(NASTY | st.text(max_size=6))
            text = text[:at] + piece + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
    return text


def refused_or_done(action) -> bool:
    """Run ``action``; True when it was refused (with a message), False when it went in."""
    try:
        action()
    except REFUSED as refusal:
        assert str(refusal).strip()
        return True
    return False


def check(action) -> None:
    before = database_state()
    if refused_or_done(action):
        assert database_state() == before


GCG = (FIXTURES / "noah_vs_peter.gcg").read_text(encoding="utf-8")


@FUZZ
@given(text=mutated(GCG))
def test_gcg_records_go_in_or_are_refused(text):
    check(lambda: game_import_gcg(by=None, data=text.encode("utf-8", "surrogatepass")))


TSH = "Doe, John 1500 2 0; 400 50\nRoe, Jane 1450 1 3; 380 -50\nPoe, Ed 1400 0 2; 50 -50\n"


@FUZZ
@given(text=mutated(TSH))
def test_tsh_files_go_in_or_are_refused(text):
    data = text.encode("utf-8", "surrogatepass")
    check(lambda: tsh_import(by=None, data=data, name="Fuzz Open"))


ROSTER = "name,country,member_id,rating\nAnn Lee,GB,M1,1500\nBen Ng,SG,,1400\n"


@FUZZ
@given(text=mutated(ROSTER))
def test_rosters_go_in_or_are_refused(text):
    def run():
        roster = parse_roster(decode_upload(text.encode("utf-8", "surrogatepass")))
        outcome = roster_import(by=None, roster=roster, confirm_duplicates=True)
        if outcome.problems:  # the roster's own way of refusing: every problem, nothing saved
            raise ValidationError(outcome.problems)

    check(run)


WORDS = "AA\nAB\nQI\nZA\nCAT\n"


@FUZZ
@given(text=mutated(WORDS))
def test_word_lists_go_in_or_are_refused(text):
    data = text.encode("utf-8", "surrogatepass")
    check(lambda: lexicon_upload(by=None, name="Fuzz words", data=data))


@pytest.fixture
def round_one(director):
    division = factories.division(factories.tournament(director=director))
    return factories.round_with_pairings(division, factories.entries(division, 4))


@FUZZ
@given(line=mutated("1 400 380") | mutated("1 400 2 380") | mutated("f 3") | NASTY)
def test_result_lines_go_in_or_are_refused(round_one, director, line):
    check(lambda: result_enter_line(by=director, round_=round_one, line=line))


# The forms of the pages: each posted with fuzzed fields, as its user would. Every answer is a
# page (never a 500); a refusal says why and leaves every table as it was.
FIELD = (
    NASTY
    | st.text(max_size=8)
    | st.integers(-(2**70), 2**70).map(str)
    | st.sampled_from(["", "1", "2", "3", "0.01", "1e9", "NaN", "-0", "on", "true", "2026-02-30"])
)


@pytest.fixture
def stage(director):
    """An event with self-reporting and check-in open, round 1 paired, two rounds played in
    another division (so a playoff can start), a broadcast game."""
    from tests.tournaments.division_setup import field
    from tests.tournaments.services.test_playoffs import swiss
    from tournaments.selectors.entry_links import entry_token

    event = factories.tournament(director=director, slug="fuzz-open", self_reporting=True)
    division = factories.division(event, name="A", rounds=5, check_in_open=True)
    entries = factories.entries(division, 4)
    for entry in entries:
        entry.status = entry.Status.REGISTERED
        entry.save(update_fields=["status"])
    round_one = factories.round_with_pairings(division, entries)
    played, _ = field(6, director=director, rounds=6)
    swiss(played, rounds=2)
    return {
        "event": event,
        "division": division,
        "played": played,
        "token": entry_token(entries[0].pk),
        "entry": entries[0],
        "pairings": [str(p.pk) for p in round_one.pairings.all()],
    }


def said_no(response) -> bool:
    """Whether the answer refuses: an error status, an error message, or the form again."""
    # Only this request's messages (those of earlier redirects wait in the cookie, unread).
    storage = getattr(response.wsgi_request, "_messages", None)  # none: refused before
    queued = storage._queued_messages if storage is not None else []
    errors = [m for m in queued if m.level_tag == "error"]
    if errors:
        assert all(str(m).strip() for m in errors)
        return True
    if response.status_code == 200 or response.status_code >= 400:
        assert response.status_code in (200, 400, 403, 404, 405, 422), response.status_code
        if response.status_code in (200, 422):  # the form again, saying what is wrong
            assert 'class="errorlist' in response.text
        if response.status_code == 400:  # the middleware's refusal of NUL, with its reason
            assert response.text.strip()
        return True
    return False


def post_checked(client, url: str, data: dict) -> None:
    before = database_state()
    response = client.post(url, data)
    assert response.status_code < 500
    if said_no(response):
        assert database_state() == before


def here(world, name: str, namespace: str = "tournaments", **kwargs) -> str:
    from django.urls import reverse

    division = world["played" if name == "playoff_manage" else "division"]
    slugs = {"tournament_slug": division.tournament.slug}
    if "division" not in name and name not in {"event_copy", "template_save", "pair_all"}:
        slugs["division_name"] = division.name
    return reverse(f"{namespace}:{name}", kwargs=slugs | kwargs)


def personal(world, name: str) -> str:
    from django.urls import reverse

    return reverse(f"tournaments:{name}", args=[world["event"].slug, world["token"]])


@FUZZ
@given(data=st.data())
def test_scores_by_personal_link_go_in_or_are_refused(client, stage, data):
    cache.clear()  # each example a fresh minute: the link's write limit has tests of its own
    form = data.draw(
        st.fixed_dictionaries(
            {
                "pairing": st.sampled_from(stage["pairings"]) | FIELD,
                "first_score": st.sampled_from(["400", "-5", "1000"]) | FIELD,
                "second_score": st.sampled_from(["380", "0"]) | FIELD,
            }
        )
    )
    post_checked(client, personal(stage, "entry_link_report"), form)


@FUZZ
@given(token=FIELD.filter(lambda t: "/" not in t and t.strip()))
def test_im_here_with_any_token_is_refused_or_checks_in(client, stage, token):
    from urllib.parse import quote

    cache.clear()  # each example a fresh minute: the link's write limit has tests of its own
    before = database_state()
    response = client.post(f"/t/fuzz-open/me/{quote(token)}/check-in/")
    assert response.status_code in (302, 400, 403, 404, 405)
    assert database_state() == before
    post_checked(client, personal(stage, "entry_link_check_in"), {"x": token})


# (url name, namespace, fields) of each director's form.
DIRECTOR_FORMS = {
    "playoff": ("playoff_manage", "tournaments", ["top", "best_of", "final_best_of", "advantage"]),
    "prize-band": (
        "prize_add",
        "tournaments",
        ["kind", "label", "places", "rating_low", "rating_high", "money", "trophy", "exclusive"],
    ),
    "prize-settings": (
        "prize_settings",
        "tournaments",
        ["currency", "unit", "split", "hort_share", "remainder", "tie_by", "bases", "per_win"]
        + ["per_tie", "day_multiplier", "days"],
    ),
    "broadcast-delay": ("broadcast_delay", "games", ["minutes"]),
    "broadcast-tables": ("broadcast_top_tables", "games", ["tables"]),
    "event-copy": ("event_copy", "tournaments", ["name", "slug", "start_date", "end_date"]),
    "template-save": ("template_save", "tournaments", ["template_name"]),
    "pair-all": ("pair_all", "tournaments", ["confirm"]),
    "registration-team": ("registration_bulk", "tournaments", ["team", "entries"]),
}


@pytest.mark.parametrize("form_name", DIRECTOR_FORMS)
def test_director_forms_take_or_refuse_fuzzed_fields(client, stage, director, form_name):
    url_name, namespace, fields = DIRECTOR_FORMS[form_name]
    url = here(stage, url_name, namespace)
    client.force_login(director)
    fixed = {"action": "team"} if form_name == "registration-team" else {}

    @FUZZ
    @given(form=st.fixed_dictionaries({f: FIELD for f in fields}))
    def fuzz(form):
        post_checked(client, url, fixed | form)

    fuzz()


@FUZZ
@given(team=FIELD, action=st.sampled_from(["team", "table", "class", "grade"]) | FIELD)
def test_the_team_of_one_entry_is_taken_or_refused(client, stage, director, team, action):
    client.force_login(director)
    url = here(stage, "entry_update", entry_id=stage["entry"].pk)
    post_checked(client, url, {"action": action, "team": team, "table": team, "klass": team})


@FUZZ
@given(slug=FIELD.filter(lambda s: s.strip(" ./") and "/" not in s))
def test_files_for_other_tools_answer_any_slug(client, stage, director, slug):
    from urllib.parse import quote

    client.force_login(director)
    for file in ("tourney.js", "results.tou", "naspa.tsh"):
        assert client.get(f"/t/{quote(slug)}/{file}").status_code in (200, 302, 404), file
