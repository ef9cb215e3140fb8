"""Short codes a person can type (issue 33): they name the entry, read as typed however it is
spelled, and refuse a code whose keyed check does not match."""

import pytest

from tests import factories
from tournaments.models import Entry
from tournaments.selectors.entry_links import LinkRefused, short_code, short_code_entry

pytestmark = pytest.mark.django_db


def entry_at(entry_id: int) -> Entry:
    """An entry whose id is ``entry_id``: codes are read here as the short-link page reads them,
    through ``short_code_entry``."""
    division = factories.division()
    return Entry.objects.create(pk=entry_id, division=division, player=factories.player(), number=1)


@pytest.mark.parametrize("entry_id", [1, 31, 32, 1234, 2**31 - 1])
def test_a_code_names_its_entry(entry_id):
    entry = entry_at(entry_id)
    assert short_code_entry(short_code(entry_id)) == entry


def test_a_code_is_read_however_it_is_typed():
    entry = entry_at(1234)
    code = short_code(1234)
    typed = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    assert short_code_entry(typed) == entry


def test_a_code_carries_forty_bits_of_check_beside_the_id():
    head, *check = short_code(1234).split("-")
    assert len("".join(check)) == 8  # 8 x 5 bits


def altered(code: str) -> str:
    return code[:-1] + ("0" if code[-1] != "0" else "1")


@pytest.mark.parametrize(
    "typed",
    ["", "16J", "16J-02U4-10R1", "1" * 41, "<script>", altered(short_code(1234))],
)
def test_a_wrong_short_long_or_altered_code_is_refused(typed):
    entry_at(1234)  # the entry the altered code would name, were its check right
    with pytest.raises(LinkRefused):
        short_code_entry(typed)
