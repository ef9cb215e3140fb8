"""What the console knows between commands: the event, the division commands work on, who
acts (audited as that account, or as the system), the result changes typed here (for ``undo``),
and how it answers."""

from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _

from core.cli import TextOutput
from core.messages import translated
from core.refusal import Refusal
from tournaments.models import Division, Round, Tournament
from tournaments.models.rounds import unreported_q


class Refused(Exception):
    """A command the console will not do, with the reason already in the event's language."""


@dataclass
class Session:
    tournament: Tournament
    division: Division
    username: str | None
    by: object  # the acting account, or None: the system
    stream: object  # where answers are written (the terminal)
    typed: list[int] = field(default_factory=list)  # audit entries of the results typed here

    def __post_init__(self) -> None:
        self.out = TextOutput(self.stream)  # any name written, whatever the terminal encodes

    def say(self, text: str = "") -> None:
        self.out.write(text)
        self.out.flush()

    def refuse(self, err: Refusal) -> None:
        self.say(_("Refused: %(reason)s") % {"reason": translated(err)})

    def divisions(self) -> list[Division]:
        return list(self.tournament.divisions.order_by("name"))

    def division_named(self, name: str | None) -> Division:
        """The division called ``name`` (any case), or the console's own when no name is given."""
        if name is None:
            return self.division
        for division in self.divisions():
            if division.name.lower() == name.lower():
                return division
        names = ", ".join(d.name for d in self.divisions())
        raise Refused(
            _("No division is called “%(name)s” (this event has: %(names)s).")
            % {"name": name, "names": names}
        )

    def paired_round(self, division: Division, number: int | None, *, latest=False) -> Round:
        """Round ``number`` of ``division``, or its current round: for results, the first with
        games still waiting for one, else the last paired; with ``latest`` (pairings and
        printouts, as the division page and its print links take it) the last paired."""
        rounds = Round.objects.filter(division=division, pairings__isnull=False).distinct()
        if number is not None:
            found = rounds.filter(number=number).first()
            if found is None:
                raise Refused(
                    _("Round %(round)d of division %(division)s has not been paired.")
                    % {"round": number, "division": division.name}
                )
        else:
            found = None
            if not latest:
                found = rounds.filter(unreported_q("pairings__")).order_by("number").first()
            found = found or rounds.order_by("-number").first()
            if found is None:
                raise Refused(
                    _("Division %(division)s has no paired round yet.")
                    % {"division": division.name}
                )
        found.division = division  # read once, with its event (the rules in force need both)
        return found

    def line_round(self, division: Division) -> Round:
        """The round a result line typed without one (``a LINE``) is for: the round results wait
        on, when it is also the latest paired (the round ``sp``, ``print`` and the division page
        show). When they differ the line could be either's, so it is refused: ``a ROUND`` first
        names the round, as in TSH."""
        waiting = self.paired_round(division, None)
        latest = self.paired_round(division, None, latest=True)
        if waiting.pk != latest.pk:
            raise Refused(
                _(
                    "Round %(waiting)d of division %(division)s still waits for results and "
                    "round %(latest)d is paired: type “a ROUND” first (e.g. “a %(latest)d”), "
                    "then the result."
                )
                % {"waiting": waiting.number, "latest": latest.number, "division": division.name}
            )
        return waiting

    def next_round(self, division: Division) -> int:
        """The round after the last one paired (1 when none is)."""
        last = division.round_set.filter(~Q(pairings=None)).order_by("-number").first()
        return last.number + 1 if last else 1
