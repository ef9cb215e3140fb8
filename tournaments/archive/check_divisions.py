"""Checking the divisions of an archive: settings, entries, rounds with their pairings, prize
bands and pins, and that every player and entry they name is in the archive."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.messages import translated
from games.engine.messages import EngineError
from games.engine.rules import preset_rules

from ..division_checks import SETTINGS_CHECKS, DivisionRefused
from ..models import Division, Entry, FixedPairing, Pairing, PrizeBand, Round
from ..models.entries import tsh_fields_as_kept
from ..results.playoffs import PlayoffRefused, read_stage
from ..results.result_entry import MAX_SCORE, MIN_SCORE
from . import shape
from .shape import Problems, load_many, load_record, object_list, refs_held


@dataclass
class CheckedDivision:
    division: Division
    entries: list[Entry] = field(default_factory=list)
    rounds: list[tuple[Round, list[Pairing]]] = field(default_factory=list)
    prize_bands: list[PrizeBand] = field(default_factory=list)
    pins: list[FixedPairing] = field(default_factory=list)


def check_divisions(archive: dict, player_ids: set[int], problems: Problems) -> list:
    divisions, names, entry_ids = [], set(), set()
    for index, record in enumerate(object_list(archive, "divisions", "", problems)):
        path = f"divisions[{index}]"
        division = load_record(shape.DIVISION, record, path, problems)
        if not isinstance(record, dict):
            continue
        if division is not None:
            check_settings(division, path, problems)
            check_rules(division, path, problems)
            check_playoff(division, path, problems)
        if division is not None and division.name in names:
            problems.add(
                f"{path}.name", _("two divisions are called “%(name)s”") % {"name": division.name}
            )
        names.add(division and division.name)
        own = shape.record_ids(record.get("entries"))
        if own & entry_ids:
            problems.add(f"{path}.entries", _("entry ids repeat those of another division"))
        entry_ids |= own
        # What the division holds is checked even when its settings are not, to name it all.
        checked = CheckedDivision(
            division,
            entries=check_entries(record, path, player_ids, problems),
            rounds=check_rounds(record, path, own, problems),
            prize_bands=check_prize_bands(record, path, problems),
            pins=check_pins(record, path, own, problems),
        )
        divisions.append(checked)
    return divisions


# The JSON type each setting the division service checks has from its form.
SETTING_TYPES = {"tiebreaks": list, "cop_settings": dict}


def check_settings(division: Division, path: str, problems: Problems) -> None:
    """The settings the division service checks (its plan, tie-breaks and COP settings), by
    its own checks, once each holds the type its form gives."""
    for name, check in SETTINGS_CHECKS:
        kind = SETTING_TYPES.get(name)
        if kind is not None and not isinstance(getattr(division, name), kind):
            problems.add(
                f"{path}.{name}", _("must be a list") if kind is list else _("must be an object")
            )
            continue
        try:
            check(division)
        except DivisionRefused as err:
            problems.add(f"{path}.{name}", translated(err))


def check_rules(instance, path: str, problems: Problems) -> None:
    """The own rules of a division or an event must be a rule set the rules service would have
    saved (a division without a preset plays under its event's)."""
    if not isinstance(instance.rules, dict):
        problems.add(f"{path}.rules", _("must be an object"))
    elif instance.rules_preset:
        try:
            preset_rules(instance.rules_preset, instance.rules)
        except EngineError as err:
            problems.add(f"{path}.rules", translated(err))


def check_playoff(division: Division, path: str, problems: Problems) -> None:
    """A division's playoff must be one ``results.playoffs.read_stage`` reads."""
    try:
        read_stage(division.playoff)
    except PlayoffRefused as err:
        problems.add(f"{path}.playoff", translated(err))


def check_prize_bands(record: dict, path: str, problems: Problems) -> list:
    bands = load_many(shape.PRIZE_BAND, record, "prize_bands", path, problems)
    for number, band in enumerate(bands):
        check_constraints(band, f"{path}.prize_bands[{number}]", problems)
    return bands


def check_constraints(instance, path: str, problems: Problems) -> None:
    """The model's check constraints on one row (a query each: used for the few rows that
    have such constraints on plain values)."""
    try:
        instance.validate_constraints(exclude=shape.Shape(type(instance), ()).relations)
    except ValidationError as err:
        for message in err.messages:
            problems.add(path, message)


def check_entries(record: dict, path: str, player_ids: set[int], problems: Problems) -> list:
    entries = load_many(shape.ENTRY, record, "entries", path, problems)
    numbers, players = set(), set()
    for index, entry in enumerate(entries):
        where = f"{path}.entries[{index}]"
        refs_held(entry, ("player",), player_ids, where, problems)
        if entry.number in numbers:
            problems.add(
                f"{where}.number", _("player number %(n)d is taken twice") % {"n": entry.number}
            )
        if entry.player_id in players:
            problems.add(f"{where}.player", _("this player is entered twice"))
        if not tsh_fields_as_kept(entry.tsh_fields):
            problems.add(
                f"{where}.tsh_fields", _("must be an object of TSH's name, rating and tags as text")
            )
        missed = entry.joins_at_round - 1
        if entry.starting_wins + entry.starting_losses > missed:
            problems.add(
                f"{where}.starting_wins",
                _("a starting record holds at most %(most)d games, one a round missed")
                % {"most": max(missed, 0)},
            )
        numbers.add(entry.number)
        players.add(entry.player_id)
    return entries


def check_rounds(record: dict, path: str, entry_ids: set[int], problems: Problems) -> list:
    rounds, numbers = [], set()
    for index, data in enumerate(object_list(record, "rounds_paired", path, problems)):
        where = f"{path}.rounds_paired[{index}]"
        rnd = load_record(shape.ROUND, data, where, problems)
        if rnd is None:
            continue
        if rnd.number in numbers:
            problems.add(f"{where}.number", _("round %(n)d appears twice") % {"n": rnd.number})
        numbers.add(rnd.number)
        pairings = []
        for number, item in enumerate(object_list(data, "pairings", where, problems)):
            at = f"{where}.pairings[{number}]"
            pairing = load_record(shape.PAIRING, item, at, problems)
            if pairing is not None and pairing_is_sound(pairing, at, entry_ids, problems):
                pairings.append(pairing)
        rounds.append((rnd, pairings))
    return rounds


def pairing_is_sound(pairing: Pairing, path: str, entry_ids: set[int], problems: Problems) -> bool:
    found = len(problems.items)
    if pairing.first_id is None:
        problems.add(f"{path}.first", _("a pairing needs a first player"))
    refs = ("first", "second", "forfeited_by", "playoff_winner")
    refs_held(pairing, refs, entry_ids, path, problems, null=True)
    if pairing.second_id is not None and pairing.second_id == pairing.first_id:
        problems.add(f"{path}.second", _("a player cannot play themselves"))
    if pairing.forfeited_by_id not in (None, pairing.first_id, pairing.second_id):
        problems.add(f"{path}.forfeited_by", _("only a player of this game can forfeit it"))
    check_playoff_winner(pairing, path, entry_ids, problems)
    if pairing.kind == Pairing.Kind.PLAYED and any(
        score is not None and not MIN_SCORE <= score <= MAX_SCORE
        for score in (pairing.first_score, pairing.second_score)
    ):
        problems.add(
            path,
            _("a played game's scores go from %(least)d to %(most)d")
            % {"least": MIN_SCORE, "most": MAX_SCORE},
        )
    return len(problems.items) == found


def check_playoff_winner(
    pairing: Pairing, path: str, entry_ids: set[int], problems: Problems
) -> None:
    """The model's rule: only a played tie has a play-off winner, one of its two players."""
    winner = pairing.playoff_winner_id
    if winner is None or winner not in entry_ids:
        return  # no winner, or one already named as missing
    if winner not in (pairing.first_id, pairing.second_id):
        problems.add(f"{path}.playoff_winner", _("only a player of this game can win its play-off"))
    elif pairing.kind != Pairing.Kind.PLAYED or pairing.first_score != pairing.second_score:
        problems.add(f"{path}.playoff_winner", _("only a tied game has a play-off winner"))


def check_pins(record: dict, path: str, entry_ids: set[int], problems: Problems) -> list:
    pins = load_many(shape.PIN, record, "pins", path, problems)
    for index, pin in enumerate(pins):
        where = f"{path}.pins[{index}]"
        refs_held(pin, ("first", "second"), entry_ids, where, problems)
        if pin.first_id == pin.second_id:
            problems.add(f"{where}.second", _("a player cannot play themselves"))
    return pins
