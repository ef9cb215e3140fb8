"""Forms of the pairing page: pair a round, change a paired round, pin two players together.

Players are typed by their numbers; the forms turn the numbers into the division's entries, so
a number that names nobody is an error on its field, never a lookup in the view.
"""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.forms import MAX_ROUND, WholeNumberField
from pairing.cop.rules import KEYS as COP_RULES
from pairing.registry import SYSTEM_TITLES
from tournaments.results.result_entry import MAX_PLAYER_NUMBER

from ..models import Division

NO_SUCH_PLAYER = _("There is no player %(number)d in this division.")
NOT_A_ROUND = _("“%(value)s” is not a round of this division (1 to %(max)d).")
# Round.seed is a BigIntegerField.
MAX_SEED = 2**63 - 1


class PlayerNumberField(WholeNumberField):
    """A player's number in the division, turned into their entry by ``DivisionForm``."""

    def __init__(self, **kwargs) -> None:
        super().__init__(min_value=1, max_value=MAX_PLAYER_NUMBER, **kwargs)


class DivisionForm(forms.Form):
    """A form about one division: a ``round_number`` field goes up to its number of rounds, and
    the player numbers of ``entry_fields()`` become its entries (in one query)."""

    def __init__(self, *args, division: Division, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.division = division
        if "round_number" in self.fields:
            self.fields["round_number"] = WholeNumberField(
                label=_("Round"),
                min_value=1,
                max_value=division.rounds,
                error_messages={"range": NOT_A_ROUND},
            )

    def entry_fields(self) -> tuple[str, ...]:
        return ()

    def clean(self):
        data = super().clean()
        names = [name for name in self.entry_fields() if data.get(name) is not None]
        numbers = [data[name] for name in names]
        entries = self.division.entries.filter(number__in=numbers).select_related("player")
        by_number = {entry.number: entry for entry in entries} if names else {}
        for name in names:
            if data[name] in by_number:
                data[name] = by_number[data[name]]
            else:
                error = forms.ValidationError(NO_SUCH_PLAYER, params={"number": data[name]})
                self.add_error(name, error)
        return data


class PairRoundForm(DivisionForm):
    round_number = forms.IntegerField(min_value=1, max_value=MAX_ROUND)  # and by the division
    system = forms.ChoiceField(label=_("System"), required=False)
    seed = WholeNumberField(label=_("Seed"), required=False, min_value=0, max_value=MAX_SEED)
    force = forms.BooleanField(label=_("Re-pair even if it has results"), required=False)
    # Set by the choices offered when COP cannot pair: its rules to drop for this round.
    relax = forms.MultipleChoiceField(
        choices=[(key, key) for key in COP_RULES],
        required=False,
        widget=forms.MultipleHiddenInput,
    )

    def __init__(self, *args, systems=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [("", _("As the plan says"))] + [
            (s, _(SYSTEM_TITLES.get(s, s))) for s in systems
        ]


class RoundEditForm(DivisionForm):
    """A manual change to a paired round, players given by their numbers."""

    ACTIONS = [
        ("swap", _("Swap two players")),
        ("pair", _("Pair these two")),
        ("bye", _("Give the first player the bye")),
    ]
    action = forms.ChoiceField(
        label=pgettext_lazy("verb: change the pairing", "Change"), choices=ACTIONS
    )
    first = PlayerNumberField(label=_("Player number"))
    second = PlayerNumberField(label=_("Second player number"), required=False)

    def entry_fields(self) -> tuple[str, ...]:
        # The bye goes to the first player alone; a second number is not read.
        return ("first",) if self.cleaned_data.get("action") == "bye" else ("first", "second")

    def clean(self):
        data = super().clean()
        wants_two = data.get("action") in ("swap", "pair")
        if wants_two and data.get("second") is None and "second" not in self.errors:
            self.add_error("second", _("Give the second player's number."))
        return data


class PinForm(DivisionForm):
    """Pin two players (by number) together for one round."""

    round_number = forms.IntegerField(min_value=1, max_value=MAX_ROUND)  # and by the division
    first = PlayerNumberField(label=_("Player number"))
    second = PlayerNumberField(label=_("Opponent number"))

    def entry_fields(self) -> tuple[str, ...]:
        return ("first", "second")
