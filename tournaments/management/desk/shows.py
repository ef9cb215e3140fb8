"""What the console shows without changing anything: a round's pairings (TSH's ``sp``) and a
player (TSH's ``sc``, the brief's ``look``)."""

from django.db.models import Q
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.entry_text import withdrawn_mark, withdrawn_text
from tournaments.models import Entry, Pairing
from tournaments.result_text import alone_word, describe_pairing, game_line
from tournaments.results.formatting import display_width, fmt_spread, fmt_wins, pad_display
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.selectors.rounds import round_pairings

from .session import Refused, Session

MAX_FOUND = 20  # players listed for a name that matches many
NAME_WIDTH = 24


def _result(pairing: Pairing) -> str:
    if not pairing.is_reported:
        return "…"
    return describe_pairing(pairing)


def _side(entry) -> str:
    """A player in the pairings' column; a withdrawn one tagged as the live pairings tag them
    (the name cut as any other, the tag whole after it, widening the column where it must)."""
    side = pad_display(f"#{entry.number} {entry.player.name}", NAME_WIDTH)
    if entry.withdrawn_after_round is None:
        return side
    marked = f"{side.rstrip()} {withdrawn_mark()}"
    return marked + " " * max(NAME_WIDTH - display_width(marked), 0)


def show_pairings(session: Session, round_) -> None:
    division = round_.division
    session.say(
        _("Division %(division)s, round %(round)d:")
        % {"division": division.name, "round": round_.number}
    )
    for pairing in round_pairings(division, round_.number):
        table = pairing.table or "-"
        if pairing.second is None:
            session.say(f"{table:>4}  {_side(pairing.first)}  {alone_word(pairing.kind)}")
            continue
        session.say(
            f"{table:>4}  {_side(pairing.first)}  {_side(pairing.second)}  {_result(pairing)}"
        )


def show_player(session: Session, division, number: int | None, name: str) -> None:
    """The player numbered ``number`` in ``division``, or the players of the event whose name
    holds ``name``: one is shown in full, several are listed."""
    entries = Entry.objects.select_related("player", "division")
    if number is not None:
        found = list(entries.filter(division=division, number=number))
    else:
        found = list(
            entries.filter(
                division__tournament=session.tournament, player__name__icontains=name
            ).order_by("division__name", "number")[: MAX_FOUND + 1]
        )
    if not found:
        raise Refused(_("No player matches “%(text)s”.") % {"text": name or number})
    if len(found) > 1:
        for entry in found[:MAX_FOUND]:
            session.say(_("#%(number)d %(name)s (division %(division)s)") % _named(entry))
        if len(found) > MAX_FOUND:
            session.say(_("… and more; type more of the name."))
        return
    _card(session, found[0])


def _named(entry) -> dict:
    return {"number": entry.number, "name": entry.player.name, "division": entry.division.name}


def _card(session: Session, entry) -> None:
    session.say(
        _("#%(number)d %(name)s (division %(division)s), rating %(rating)d")
        % (_named(entry) | {"rating": entry.rating})
    )
    if entry.withdrawn_after_round is not None:  # as the player's page says it
        session.say(capfirst(withdrawn_text(entry.withdrawn_after_round)) + ".")
    records = standings_records(division_results(entry.division))
    record = next((r for r in records if r["entry_id"] == entry.pk), None)
    if record is not None:
        session.say(
            _("Place %(rank)s: %(wins)s–%(losses)s, spread %(spread)s")
            % {
                "rank": record["rank"],
                "wins": fmt_wins(record["wins"]),
                "losses": fmt_wins(record["losses"]),
                "spread": fmt_spread(record["spread"]),
            }
        )
    games = (
        Pairing.objects.filter(Q(first=entry) | Q(second=entry))
        .select_related("round", "first__player", "second__player", "forfeited_by")
        .order_by("round__number")
    )
    for pairing in games:
        if pairing.second is None:
            word = alone_word(pairing.kind)
            session.say(
                _("Round %(round)s: %(result)s") % {"round": pairing.round.number, "result": word}
            )
            continue
        session.say(f"{game_line(pairing)}  {_result(pairing)}")
