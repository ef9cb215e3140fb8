"""A rule set in plain sentences, and the presets' human names and descriptions.

Pure: every text is a ``gettext_noop`` template with named placeholders. ``describe(rules)``
returns ``Phrase``s; the Django layer translates each (``ngettext`` with ``count`` where a
phrase has a plural, phrases given as parameters first) so a rules sheet reads in the event's
language. Every field of ``RuleSet`` shows in the text: a change of any field changes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from core.refusal import gettext_noop

from .rules import ChallengeRule, PassOut, RackBonus, RuleSet, TieRule


@dataclass(frozen=True)
class Phrase:
    """One translatable text: ``singular`` (and ``plural``, chosen by ``count``) with
    ``params``; a parameter may itself be a ``Phrase``, translated before it is put in."""

    singular: str
    plural: str | None = None
    count: int | None = None
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Preset:
    """A preset's human name and one-line description (both ``gettext_noop`` templates)."""

    name: str
    description: str


PRESET_TEXTS: dict[str, Preset] = {
    "home": Preset(
        gettext_noop("Home game"),
        gettext_noop("The rules in the box: no clocks, a tie goes to who led before the racks."),
    ),
    "naspa": Preset(
        gettext_noop("NASPA tournament"),
        gettext_noop("North American club and tournament play: 25-minute clocks, double challenge."),
    ),
    "wespa": Preset(
        gettext_noop("WESPA tournament"),
        gettext_noop("International tournament play: 25-minute clocks, 5 points per wrong challenge."),
    ),
    "thai": Preset(
        gettext_noop("Thai association"),
        gettext_noop("1 minute per turn, 20 turns a side, play-off word on a tie, late players forfeit."),
    ),
    "nine_tile": Preset(
        gettext_noop("9-tile racks"),
        gettext_noop("Racks of 9 tiles; the 50-point bonus for playing 7, 8 or 9 of them."),
    ),
    "finish_line": Preset(
        gettext_noop("Finish line"),
        gettext_noop("A short game: the first player to reach the target score wins."),
    ),
}  # fmt: skip

CUSTOM = gettext_noop("Custom rules")
NAME = gettext_noop("Rule set: %(name)s.")


def preset_name(name: str) -> Phrase:
    """The human name of the preset ``name`` (the bare name when it is no preset)."""
    known = PRESET_TEXTS.get(name)
    if known is not None:
        return Phrase(known.name)
    if name in ("", "custom"):
        return Phrase(CUSTOM)
    return Phrase("%(name)s", params={"name": name})


def duration(seconds: int) -> Phrase:
    """``seconds`` as whole minutes when it is whole minutes, else as seconds."""
    if seconds % 60 == 0:
        minutes = seconds // 60
        return _counted(
            gettext_noop("%(count)d minute"), gettext_noop("%(count)d minutes"), minutes
        )
    return _counted(gettext_noop("%(count)d second"), gettext_noop("%(count)d seconds"), seconds)


def _time_limit(seconds: int | None, off: str, on: str) -> Phrase:
    """``off`` for a time limit that is switched off (None), else ``on`` naming the time."""
    if seconds is None:
        return Phrase(off)
    return Phrase(on, params={"time": duration(seconds)})


def _counted(singular: str, plural: str, count: int, **params: object) -> Phrase:
    return Phrase(singular, plural, count, {"count": count, **params})


def _rack(rules: RuleSet) -> list[Phrase]:
    rack = _counted(
        gettext_noop("Racks hold %(count)d tile."), gettext_noop("Racks hold %(count)d tiles."),
        rules.rack_size,
    )  # fmt: skip
    if rules.bingo_bonus == 0:
        return [rack, Phrase(gettext_noop("No bonus is given for playing many tiles."))]
    # One form for any count: "%(count)d or more tiles" reads right for 1 too.
    bonus = Phrase(
        gettext_noop("Playing %(count)d or more tiles in one turn earns %(bonus)d extra points."),
        params={"count": rules.bingo_min_tiles, "bonus": rules.bingo_bonus},
    )
    return [rack, bonus]


_CHALLENGES = {
    ChallengeRule.LOSE_TURN: gettext_noop(
        "A player who challenges an acceptable play loses their next turn."
    ),
    ChallengeRule.CHALLENGER_PENALTY: gettext_noop(
        "A player who challenges an acceptable play loses %(points)d points."
    ),
    ChallengeRule.CHALLENGED_BONUS: gettext_noop(
        "A player whose acceptable play is challenged gains %(points)d points."
    ),
}


def _challenge(rules: RuleSet) -> list[Phrase]:
    penalty = Phrase(_CHALLENGES[rules.challenge], params={"points": rules.challenge_points})
    if rules.challenge is ChallengeRule.LOSE_TURN and rules.challenge_points:
        # Stored but unused by the engine under this rule; say so rather than hide it.
        penalty = Phrase(
            gettext_noop(
                "A player who challenges an acceptable play loses their next turn "
                "(the %(points)d challenge points are not used)."
            ),
            params={"points": rules.challenge_points},
        )
    when = _time_limit(
        rules.challenge_window_seconds,
        gettext_noop("A play may be challenged until the next player starts."),
        gettext_noop("A play may be challenged within %(time)s."),
    )
    return [when, penalty]


def turn_limit(rules: RuleSet) -> Phrase:
    """The time a turn may take, as the rules sheet and the scoresheet say it."""
    return _time_limit(
        rules.turn_time_limit_seconds,
        gettext_noop("There is no time limit per turn."),
        gettext_noop("%(time)s per turn; a turn over time is lost."),
    )


def _clocks(rules: RuleSet) -> list[Phrase]:
    per_turn = turn_limit(rules)
    clock = rules.game_clock_seconds
    if clock is None:
        return [per_turn, Phrase(gettext_noop("There is no game clock."))]
    if rules.overtime_penalty_per_minute == 0:
        game = Phrase(
            gettext_noop("Each player has %(time)s on the game clock; going over costs nothing."),
            params={"time": duration(clock)},
        )
    else:
        game = Phrase(
            gettext_noop(
                "Each player has %(time)s on the game clock; going over costs %(points)d points "
                "per minute or part of a minute."
            ),
            params={"time": duration(clock), "points": rules.overtime_penalty_per_minute},
        )
    return [per_turn, game]


_PASS_OUTS = {
    PassOut.EACH_PASSES_TWICE: gettext_noop(
        "The game ends when every player has passed twice in a row."
    ),
    PassOut.EACH_PASSES_ONCE: gettext_noop(
        "The game ends when every player has passed once in a row."
    ),
    PassOut.ONE_PLAYER_TWICE: gettext_noop("The game ends when one player passes twice in a row."),
}


def _ending(rules: RuleSet) -> list[Phrase]:
    cap = rules.max_turns_per_player
    if cap is None:
        turns = Phrase(gettext_noop("There is no limit on the number of turns."))
    else:
        turns = _counted(
            gettext_noop("%(count)d turn a side."), gettext_noop("%(count)d turns a side."), cap
        )
    if rules.pass_out is PassOut.SCORELESS_TURNS:
        passes = _counted(
            gettext_noop("The game ends after %(count)d scoreless turn in a row, all players' turns counted."),
            gettext_noop("The game ends after %(count)d scoreless turns in a row, all players' turns counted."),
            rules.scoreless_turns_to_end,
        )  # fmt: skip
    else:
        passes = Phrase(_PASS_OUTS[rules.pass_out])
    target = rules.target_score
    if target is None:
        finish = Phrase(gettext_noop("There is no target score."))
    else:
        finish = Phrase(
            gettext_noop("The first player to reach %(score)d points ends the game."),
            params={"score": target},
        )
    return [turns, passes, finish]


def _racks_left(rules: RuleSet) -> list[Phrase]:
    if rules.rack_bonus is RackBonus.DOUBLED:
        out = Phrase(
            gettext_noop(
                "Going out earns double the value of the tiles left on the other racks; "
                "the others lose nothing."
            )
        )
    else:
        out = Phrase(
            gettext_noop(
                "Going out earns the value of the tiles left on the other racks; "
                "each other player loses the value of their own."
            )
        )
    if rules.blanks_count_in_rack_adjustment:
        blanks = Phrase(gettext_noop("Blanks left on a rack count at their tile value."))
    else:
        blanks = Phrase(gettext_noop("Blanks left on a rack count 0."))
    return [out, blanks]


_TIES = {
    TieRule.HIGHER_BEFORE_ADJUSTMENTS: gettext_noop(
        "A tie goes to the player who led before the tiles left on the racks were counted."
    ),
    TieRule.TIE_STANDS: gettext_noop("A tie stands: each player scores half a win."),
    TieRule.PLAYOFF_WORD: gettext_noop(
        "A tie is settled by a play-off: each player draws 7 tiles and makes a word; "
        "the higher score wins."
    ),
}


def _table(rules: RuleSet) -> list[Phrase]:
    exchange = _counted(
        gettext_noop("Exchanges need at least %(count)d tile in the bag."),
        gettext_noop("Exchanges need at least %(count)d tiles in the bag."),
        rules.exchange_min_bag,
    )
    late = rules.late_forfeit_minutes
    lateness = _time_limit(
        None if late is None else late * 60,
        gettext_noop("Arriving late does not forfeit the game."),
        gettext_noop("A player more than %(time)s late forfeits the game."),
    )
    if rules.min_players == rules.max_players:
        players = _counted(
            gettext_noop("A game is for %(count)d player."),
            gettext_noop("A game is for %(count)d players."),
            rules.max_players,
        )
    else:
        players = Phrase(
            gettext_noop("A game is for %(least)d to %(most)d players."),
            params={"least": rules.min_players, "most": rules.max_players},
        )
    return [exchange, Phrase(_TIES[rules.tie]), lateness, players]


def describe(rules: RuleSet) -> list[Phrase]:
    """Every rule of ``rules`` as phrases, in the order a player meets them at the table:
    the rule set's name, racks and bonus, clocks, challenges, the end, the racks left, ties,
    exchanges, lateness and the number of players."""
    return [
        Phrase(NAME, params={"name": preset_name(rules.name)}),
        *_rack(rules),
        *_clocks(rules),
        *_challenge(rules),
        *_ending(rules),
        *_racks_left(rules),
        *_table(rules),
    ]


def render(phrase: Phrase, translate=None) -> str:
    """The text of ``phrase``: ``translate(singular, plural, count)`` picks and translates the
    template (default: English, the plural unless ``count`` is 1); parameters that are phrases
    are rendered first, the same way."""
    pick = translate or _english
    params = {
        key: render(value, translate) if isinstance(value, Phrase) else value
        for key, value in phrase.params.items()
    }
    template = pick(phrase.singular, phrase.plural, phrase.count)
    return template % params if params else template


def _english(singular: str, plural: str | None, count: int | None) -> str:
    return singular if plural is None or count == 1 else plural
