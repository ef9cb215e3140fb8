"""The plan a file is checked under, from its config.tsh: ``config pairing_system`` (a league
paired by hand is not a Swiss), the desk's ``pairing_plan`` and TSH's own ``autopair`` lines."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from pairing.plan import PlanStep
from tournaments.pair_check import (
    GROUPS,
    ORDER,
    CheckRefused,
    autopair_plan,
    check_division,
    division_autopair,
    plan_for,
    rounds_in,
    settings_from_options,
)
from tournaments.tsh import TshAutopair, read_config, read_t

FILES = Path(__file__).parent / "check_files"


def run(name: str, config: str, *extra: str) -> tuple[int, str]:
    args = [str(FILES / f"{name}.t"), "--config", str(FILES / f"{config}.tsh"), *extra]
    out = io.StringIO()
    try:
        call_command("pair_check", *args, stdout=out)
    except CommandError as err:
        return err.returncode, out.getvalue() + str(err)
    return 0, out.getvalue()


def line(round_: int, based_on: int, command: str, *args: str, division: str = "a"):
    return TshAutopair(division, round_, based_on, command, args)


def test_a_league_paired_by_hand_breaks_no_rule_and_no_round_is_re_derived():
    division = read_t((FILES / "league.t").read_bytes())
    options = read_config((FILES / "league.tsh").read_bytes()).options
    report = check_division(division, settings_from_options(options, rounds_in(division)))
    assert report.broken == ()
    assert [(r.system, r.derived) for r in report.rounds] == [("manual", None)] * 3


def test_the_same_league_checked_as_a_swiss_breaks_the_score_groups():
    division = read_t((FILES / "league.t").read_bytes())
    report = check_division(division, settings_from_options({}, rounds_in(division)))
    assert {f.rule for f in report.broken} == {GROUPS}


@pytest.mark.parametrize(
    ("options", "plan"),
    [
        ({}, "1-N swiss"),
        ({"pairing_system": "auto"}, "1-N swiss"),
        ({"pairing_system": "manual"}, "1-N manual"),
        ({"pairing_system": "None"}, "1-N manual"),
        ({"pairing_system": "koth"}, "1-N koth"),
        ({"pairing_system": "manual", "pairing_plan": "1-N koth"}, "1-N manual"),
        ({"pairing_system": "auto", "pairing_plan": "1-N koth"}, "1-N koth"),
    ],
)
def test_the_pairing_system_comes_before_the_plan_and_the_autopair_lines(options, plan):
    from pairing.plan import parse_plan

    autopair = (line(1, 0, "koth"), line(2, 1, "ns"))
    assert plan_for(options, 2, None, autopair if plan != "1-N swiss" else ()) == parse_plan(plan)


def test_the_plan_option_comes_before_the_pairing_system():
    from pairing.plan import parse_plan

    assert plan_for({"pairing_system": "manual"}, 2, "1-N koth") == parse_plan("1-N koth")


def test_an_unknown_pairing_system_is_refused_by_name():
    with pytest.raises(CheckRefused) as refused:
        settings_from_options({"pairing_system": "nast"}, 2)
    assert "“nast” is not one the checker knows" in str(refused.value)


def test_autopair_lines_make_the_plan_round_by_round_with_gaps_paired_by_hand():
    autopair = (line(2, 1, "ns"), line(3, 2, "NS"), line(4, 2, "koth", "0", "2", "a"))
    assert autopair_plan(autopair, 5).steps == (
        PlanStep(1, 1, "manual", 0),
        PlanStep(2, 3, "swiss", 0),
        PlanStep(4, 4, "koth", 1),
        PlanStep(5, 5, "manual", 0),
    )


def test_a_round_robin_line_pairs_its_schedule_until_the_next_line():
    autopair = (line(1, 0, "rr", "a"), line(4, 3, "cp"), line(5, 4, "rr", "2", "a"))
    assert autopair_plan(autopair, 6).steps == (
        PlanStep(1, 3, "roundrobin", 0),
        PlanStep(4, 4, "cop", 0),
        PlanStep(5, 6, "double_roundrobin", 0),
    )


def test_tsh_command_names_map_to_the_desks_systems():
    commands = ("koth", "ns", "cp", "rr", "if", "pair1324", "fp", "randompair", "quads")
    plan = autopair_plan(tuple(line(n, n - 1, c) for n, c in enumerate(commands, 1)), 9)
    assert [s.system for s in plan.steps] == [
        "koth", "swiss", "cop", "roundrobin", "fontes", "queen", "factor", "random", "quads"
    ]  # fmt: skip


def test_an_autopair_command_the_checker_cannot_re_derive_is_refused_by_name():
    with pytest.raises(CheckRefused) as refused:
        autopair_plan((line(1, 0, "grid"),), 2)
    assert "round 1 uses the command “grid”" in str(refused.value)


def test_autopair_lines_set_the_number_of_rounds_when_they_go_further_than_the_file():
    settings = settings_from_options({}, 2, autopair=(line(1, 0, "ns"), line(6, 5, "koth")))
    assert settings.total_rounds == 6


def test_the_division_is_the_config_line_for_the_file_or_the_one_named():
    config = read_config(
        b"division a a.t\ndivision b b.t\nautopair a 0 1 koth 0 0 a\nautopair b 0 1 ns 0 0 b\n"
    )
    assert division_autopair(config, "/events/b.t") == (
        line(1, 0, "ns", "0", "0", "b", division="b"),
    )
    assert division_autopair(config, "x.t", "A") == (line(1, 0, "koth", "0", "0", "a"),)
    with pytest.raises(CheckRefused) as refused:
        division_autopair(config, "x.t")
    assert "divisions a, b automatically" in str(refused.value)


def test_the_command_checks_round_two_as_king_of_the_hill_from_the_autopair_lines():
    status, output = run("koth", "autopair")
    assert status == 1
    assert "Round 1 (swiss, from the seeding): as re-derived" in output
    assert "RULE BROKEN (order)" in output


def test_the_command_reads_the_perl_form_of_autopair_and_passes_the_clean_neighbour():
    status, output = run("koth_forfeit_clean", "autopair_clean")
    assert status == 0
    assert "Round 2 (koth, from the standings after round 1): as re-derived" in output


def test_the_command_honours_a_pairing_system_paired_by_hand():
    assert run("league", "league")[0] == 0


def test_the_command_refuses_an_unreadable_autopair_line(tmp_path):
    config = tmp_path / "config.tsh"
    config.write_text("autopair a 2 2 koth 0 1 a\n")
    out = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("pair_check", str(FILES / "koth.t"), "--config", str(config), stdout=out)
    assert "autopair a 2 2 koth 0 1 a is not an autopair line TSH reads" in str(refused.value)


def test_order_is_the_rule_a_king_of_the_hill_round_breaks():
    division = read_t((FILES / "koth.t").read_bytes())
    autopair = read_config((FILES / "autopair.tsh").read_bytes()).autopair
    settings = settings_from_options({}, rounds_in(division), autopair=autopair)
    assert [f.rule for f in check_division(division, settings).broken] == [ORDER]


def test_the_command_takes_the_division_of_the_autopair_lines_it_is_told(tmp_path):
    config = tmp_path / "config.tsh"
    config.write_text("autopair a 1 2 koth 0 1 a\nautopair b 1 2 ns 0 1 b\n")
    args = [str(FILES / "koth.t"), "--config", str(config)]
    with pytest.raises(CommandError) as refused:
        call_command("pair_check", *args, stdout=io.StringIO())
    assert "pairs divisions a, b automatically" in str(refused.value)
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("pair_check", *args, "--division", "A", stdout=out)
    assert "Round 2 (koth, from the standings after round 1): differs" in out.getvalue()
    assert "Round 1 (manual, from the seeding): not re-derived" in out.getvalue()
