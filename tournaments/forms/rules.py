"""The rules form: one labelled, bounded field per rule of ``games.engine.rules.RuleSet``.

The page loads a preset's values into it (``?preset=``); the director changes any field and
saves. Once results are entered, a change needs the confirmation box, whose label says which
games were played under which rules.
"""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField
from games.engine.rules import (
    PRESETS,
    ChallengeRule,
    PassOut,
    RackBonus,
    RuleSet,
    TieRule,
    finish_line_target,
)

from ..rule_texts import preset_choices, rules_summary
from ..selectors.rules import PlayedGames

CHALLENGES = [
    (ChallengeRule.LOSE_TURN.value, _("The challenger loses their next turn")),
    (ChallengeRule.CHALLENGER_PENALTY.value, _("The challenger loses points")),
    (ChallengeRule.CHALLENGED_BONUS.value, _("The challenged player gains points")),
]
PASS_OUTS = [
    (PassOut.SCORELESS_TURNS.value, _("After a number of scoreless turns in a row")),
    (PassOut.EACH_PASSES_TWICE.value, _("When every player has passed twice in a row")),
    (PassOut.EACH_PASSES_ONCE.value, _("When every player has passed once in a row")),
    (PassOut.ONE_PLAYER_TWICE.value, _("When one player passes twice in a row")),
]
RACK_BONUSES = [
    (RackBonus.STANDARD.value, _("Out-player gains the others' racks; each loses their own")),
    (RackBonus.DOUBLED.value, _("Out-player gains double the others' racks")),
]
TIES = [
    (TieRule.TIE_STANDS.value, _("A tie stands (half a win each)")),
    (TieRule.PLAYOFF_WORD.value, _("A play-off word decides")),
    (TieRule.HIGHER_BEFORE_ADJUSTMENTS.value, _("Who led before the racks were counted wins")),
]


def _target_hint() -> str:
    """The finish-line targets RULES.md suggests for a two-player game, read from the engine."""
    levels = ("beginner", "intermediate", "expert")
    return gettext(
        "Leave empty for none. Suggested for a finish-line game: %(beginner)d for beginners, "
        "%(intermediate)d for intermediate players, %(expert)d for experts."
    ) % {level: finish_line_target(2, level) for level in levels}


def _number(label, least: int, most: int, *, optional: bool = False, help_text=""):
    return WholeNumberField(
        label=label,
        min_value=least,
        max_value=most,
        required=not optional,
        help_text=help_text or (_("Leave empty for none.") if optional else ""),
    )


class RulesForm(forms.Form):
    """Every rule; ``played`` (results entered so far) adds the confirmation box."""

    preset = forms.ChoiceField(widget=forms.HiddenInput)
    rack_size = _number(_("Tiles on a rack"), 2, 15)
    bingo_bonus = _number(_("Bonus points for playing many tiles"), 0, 1000)
    bingo_min_tiles = _number(_("Tiles a play needs for the bonus"), 1, 15)
    turn_time_limit_seconds = _number(_("Seconds per turn"), 1, 3600, optional=True)
    game_clock_seconds = _number(_("Seconds on each player's game clock"), 60, 6 * 3600, optional=True)  # fmt: skip
    overtime_penalty_per_minute = _number(_("Points lost per minute over the game clock"), 0, 1000)
    challenge_window_seconds = _number(_("Seconds to challenge a play"), 1, 3600, optional=True)
    challenge = forms.ChoiceField(label=_("A challenge of an acceptable play"), choices=CHALLENGES)
    challenge_points = _number(_("Points of a challenge penalty or bonus"), 0, 1000)
    max_turns_per_player = _number(_("Turns for each player"), 1, 1000, optional=True)
    pass_out = forms.ChoiceField(label=_("The game ends early"), choices=PASS_OUTS)
    scoreless_turns_to_end = _number(_("Scoreless turns in a row that end the game"), 2, 100)
    target_score = _number(
        _("Target score that ends the game"),
        1,
        10000,
        optional=True,
        help_text=lazy(_target_hint, str)(),
    )
    rack_bonus = forms.ChoiceField(label=_("Going out"), choices=RACK_BONUSES)
    blanks_count_in_rack_adjustment = forms.BooleanField(
        label=_("Blanks left on a rack count at their tile value"), required=False
    )
    exchange_min_bag = _number(_("Tiles the bag must hold for an exchange"), 1, 100)
    tie = forms.ChoiceField(label=_("A tie"), choices=TIES)
    late_forfeit_minutes = _number(_("Minutes late that forfeit a game"), 1, 1440, optional=True)
    min_players = _number(_("Fewest players in a game"), 2, 4)
    max_players = _number(_("Most players in a game"), 2, 4)
    confirm_played = forms.BooleanField(required=False)

    def __init__(self, *args, played: PlayedGames | None = None, current: RuleSet, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = preset_choices()
        if played is None:
            del self.fields["confirm_played"]
        else:
            self.fields["confirm_played"].label = played_label(played, current)

    def rule_fields(self) -> dict:
        """The cleaned rules as ``rules_from_dict`` takes them."""
        skip = {"preset", "confirm_played", "inherit"}
        return {k: v for k, v in self.cleaned_data.items() if k not in skip}


def rules_initial(preset: str, rules: RuleSet) -> dict:
    """The form's values for ``rules``, saved as a change of ``preset``."""
    return {"preset": preset if preset in PRESETS else "home", **rules.to_dict()}


def played_label(played: PlayedGames, rules: RuleSet) -> str:
    """ "12 games in rounds 1-3 were played under: ...", the label of the confirmation."""
    params = {
        "count": played.count,
        "first": played.first_round,
        "last": played.last_round,
        "rules": rules_summary(rules),
    }
    if played.first_round == played.last_round:
        text = ngettext(
            "I understand that %(count)d game in round %(first)d was played under the current "
            "rules (%(rules)s); apply the new rules from now on.",
            "I understand that %(count)d games in round %(first)d were played under the current "
            "rules (%(rules)s); apply the new rules from now on.",
            played.count,
        )
    else:
        text = ngettext(
            "I understand that %(count)d game in rounds %(first)d–%(last)d was played under the "
            "current rules (%(rules)s); apply the new rules from now on.",
            "I understand that %(count)d games in rounds %(first)d–%(last)d were played under the "
            "current rules (%(rules)s); apply the new rules from now on.",
            played.count,
        )
    return text % params


class DivisionRulesForm(RulesForm):
    """A division's rules also offer its event's, ignoring the fields."""

    inherit = forms.BooleanField(label=_("Play under the event's rules"), required=False)

    field_order = ["inherit"]
