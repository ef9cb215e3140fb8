"""The tournament actions of the audit log in words (registered in ``TournamentsConfig.ready``)."""

from __future__ import annotations

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.audit_text import naming, register
from core.formatting import fmt_datetime

from .models import RestorePoint
from .result_text import describe_result


def _player(entry_obj) -> str:
    return entry_obj.player.name


def _with_player(template: str):
    def describe(entry, obj) -> str:
        return _(template) % {"player": _player(obj)} if obj is not None else ""

    return describe


def _entry_add(entry, obj) -> str:
    if obj is None:
        number = (entry.after or {}).get("number")
        return _("Registered #%(number)s (the entry has since been removed)") % {"number": number}
    return _("Registered %(player)s in division %(division)s as #%(number)d") % {
        "player": _player(obj),
        "division": obj.division.name,
        "number": obj.number,
    }


def _entry_withdraw(entry, obj) -> str:
    if obj is None:
        return ""
    after_round = entry.after["withdrawn_after_round"]
    if after_round == 0:
        return _("Withdrew %(player)s before the start") % {"player": _player(obj)}
    return _("Withdrew %(player)s after round %(round)d") % {
        "player": _player(obj),
        "round": after_round,
    }


def _entry_number(entry, obj) -> str:
    if obj is None:
        return ""
    numbers = {"old": (entry.before or {}).get("number"), "new": (entry.after or {}).get("number")}
    return _("Renumbered %(player)s from %(old)s to %(new)s") % (
        {"player": obj.player.name} | numbers
    )


def _entry_setting(field: str, key: str, cleared: str, given: str):
    """An entry's ``field`` set or cleared (its new value in the after column): ``cleared`` when
    it was emptied, else ``given`` (with the value as ``key``)."""

    def describe(entry, obj) -> str:
        if obj is None:
            return ""
        value = entry.after[field]
        if value is None or value == "":
            return _(cleared) % {"player": _player(obj)}
        return _(given) % {"player": _player(obj), key: value}

    return describe


def _entry_copy(entry, obj) -> str:
    if obj is None:
        return ""
    return _("Registered %(player)s in division %(division)s from last year's event") % {
        "player": _player(obj),
        "division": obj.division.name,
    }


def _result(verb: str):
    def describe(entry, obj) -> str:
        if obj is None:
            return ""
        return _("%(change)s at table %(table)s, round %(round)d: %(before)s → %(after)s") % {
            "change": _(verb),
            "table": obj.table or "—",
            "round": obj.round.number,
            "before": describe_result(entry.before, obj),
            "after": describe_result(entry.after, obj),
        }

    return describe


def _round(template: str):
    def describe(entry, obj) -> str:
        if obj is None:
            return ""
        return _(template) % {"round": obj.number, "division": obj.division.name}

    return describe


def _pin(entry, obj) -> str:
    snapshot = entry.after or entry.before
    if entry.action == "round.unpin":
        return _("Removed a pinned pairing for round %(round)d") % {"round": snapshot["round"]}
    if obj is None:
        return ""
    return _("Pinned %(first)s against %(second)s for round %(round)d") % {
        "first": _player(obj.first),
        "second": _player(obj.second),
        "round": obj.round_number,
    }


def _score_report(template: str):
    def describe(entry, obj) -> str:
        if obj is None:
            return ""
        return _(template) % {
            "player": _player(obj.reported_by),
            "table": obj.pairing.table or "—",
            "round": obj.pairing.round.number,
            "first": entry.after["first_score"],
            "second": entry.after["second_score"],
        }

    return describe


def _entry_remove(entry, obj) -> str:
    number = (entry.before or {}).get("number")
    return _("Removed #%(number)s again (the registration undone)") % {"number": number}


def _round_delete(entry, obj) -> str:
    number = (entry.before or {}).get("round")
    return _("Removed the unplayed playoff round %(round)s") % {"round": number} if number else ""


def _division(template: str):
    def describe(entry, obj) -> str:
        return _(template) % {"name": obj.name} if obj is not None else ""

    return describe


def _role(entry, obj) -> str:
    if entry.action == "tournament.role_remove":
        return _("Took away a tournament role (user #%(user)s)") % {"user": entry.before["user"]}
    if obj is None:
        return ""
    return _("Gave %(user)s the role %(role)s") % {
        "user": obj.user.get_username(),
        "role": obj.get_role_display(),
    }


def _tsh_import(entry, obj) -> str:
    if obj is None:
        return ""
    return _("Imported division %(name)s from a TSH file: %(players)d players") % {
        "name": obj.name,
        "players": entry.after["players"],
    }


def _restore_point_take(entry, obj) -> str:
    after = entry.after or {}
    reason = RestorePoint.Reason(after["reason"]).label
    if after.get("round") is None:
        return _("Took a restore point (%(reason)s)") % {"reason": reason}
    return _("Took a restore point (%(reason)s: division %(division)s, round %(round)d)") % {
        "reason": reason,
        "division": after["division"],
        "round": after["round"],
    }


def _tournament_restore(entry, obj) -> str:
    after = entry.after or {}
    return _(
        "Restored the event as it was at %(moment)s (restore point #%(point)s); the state "
        "before is restore point #%(before)s"
    ) % {
        "moment": fmt_datetime(parse_datetime(after["taken_at"])),
        "point": after["restore_point"],
        "before": after["before_restore_point"],
    }


DESCRIBERS = {
    "entry.add": _entry_add,
    "entry.remove": _entry_remove,
    "entry.number": _entry_number,
    "entry.paid": _with_player(gettext_noop("Marked %(player)s as paid")),
    "entry.check_in": _with_player(gettext_noop("Checked in %(player)s")),
    "entry.self_check_in": _with_player(
        gettext_noop("%(player)s checked in from their personal link")
    ),
    "entry.unpaid": _with_player(gettext_noop("Marked %(player)s as not paid")),
    "entry.link_reissue": _with_player(
        gettext_noop("Voided the personal link of %(player)s and issued a new one")
    ),
    "entry.undo_check_in": _with_player(gettext_noop("Undid the check-in of %(player)s")),
    "entry.withdraw": _entry_withdraw,
    "entry.reinstate": _with_player(gettext_noop("Reinstated %(player)s")),
    "entry.erase_personal": _with_player(gettext_noop("Cleared the payment note of %(player)s")),
    "entry.fixed_table": _entry_setting(
        "fixed_table",
        "table",
        gettext_noop("%(player)s no longer has a fixed table"),
        gettext_noop("Gave %(player)s a fixed table: table %(table)s"),
    ),
    "entry.class": _entry_setting(
        "player_class",
        "klass",
        gettext_noop("%(player)s no longer has a class"),
        gettext_noop("Put %(player)s in class %(klass)s"),
    ),
    "entry.grade": _entry_setting(
        "grade",
        "grade",
        gettext_noop("%(player)s no longer has a grade"),
        gettext_noop("Gave %(player)s the grade %(grade)s"),
    ),
    "entry.team": _entry_setting(
        "team",
        "team",
        gettext_noop("%(player)s no longer has a team"),
        gettext_noop("Put %(player)s in the team %(team)s"),
    ),
    "entry.copy": _entry_copy,
    "result.record": _result(gettext_noop("Result saved")),
    "result.clear": _result(gettext_noop("Result cleared")),
    "result.undo": _result(gettext_noop("Result undone")),
    "round.start": _round(gettext_noop("Started round %(round)d of division %(division)s")),
    "round.pair": _round(gettext_noop("Paired round %(round)d of division %(division)s")),
    "round.swap": _round(
        gettext_noop("Swapped two players in round %(round)d of division %(division)s")
    ),
    "round.pair_together": _round(
        gettext_noop("Paired two players together in round %(round)d of division %(division)s")
    ),
    "round.give_bye": _round(
        gettext_noop("Moved the bye in round %(round)d of division %(division)s")
    ),
    "round.pin": _pin,
    "round.unpin": _pin,
    "score_report.submit": _score_report(
        gettext_noop("%(player)s reported %(first)s–%(second)s at table %(table)s, round %(round)d")
    ),
    "score_report.dispute": _score_report(
        gettext_noop(
            "%(player)s disputed the score at table %(table)s, round %(round)d: %(first)s–%(second)s"
        )
    ),
    "score_report.accept": _score_report(
        gettext_noop(
            "Accepted %(player)s's report of %(first)s–%(second)s at table %(table)s, "
            "round %(round)d"
        )
    ),
    "score_report.confirm": _score_report(
        gettext_noop(
            "The report of %(player)s (%(first)s–%(second)s) at table %(table)s, round "
            "%(round)d, was confirmed"
        )
    ),
    "score_report.withdraw": _score_report(
        gettext_noop(
            "The report of %(player)s (%(first)s–%(second)s) at table %(table)s, round "
            "%(round)d, was set aside"
        )
    ),
    "score_report.tie": _score_report(
        gettext_noop(
            "%(player)s reported the same tie as their opponent at table %(table)s, round "
            "%(round)d (%(first)s–%(second)s): a director names its winner"
        )
    ),
    "score_report.supersede": _score_report(
        gettext_noop(
            "The report of %(player)s (%(first)s–%(second)s) at table %(table)s, round "
            "%(round)d, was superseded by the result entered"
        )
    ),
    "score_report.reopen": _score_report(
        gettext_noop(
            "The report of %(player)s (%(first)s–%(second)s) at table %(table)s, round "
            "%(round)d, is open again: the result was undone"
        )
    ),
    "division.create": _division(gettext_noop("Added division %(name)s")),
    "division.update": _division(gettext_noop("Changed the settings of division %(name)s")),
    "division.rules": _division(gettext_noop("Changed the rules of division %(name)s")),
    "division.prize_settings": _division(
        gettext_noop("Changed the prize settings of division %(name)s")
    ),
    "division.tsh_import": _tsh_import,
    "division.playoff_create": _division(gettext_noop("Started the playoff of division %(name)s")),
    "division.playoff_cancel": _division(
        gettext_noop("Cancelled the playoff of division %(name)s")
    ),
    "round.delete": _round_delete,
    "division.number_by_rating": _division(
        gettext_noop("Numbered the players of division %(name)s by rating")
    ),
    "division.check_in_open": _division(gettext_noop("Opened self check-in in division %(name)s")),
    "division.check_in_close": _division(gettext_noop("Closed self check-in in division %(name)s")),
    "division.no_shows_withdraw": _division(
        gettext_noop("Withdrew the players who did not come in division %(name)s")
    ),
    "tournament.check_in_open": naming(
        gettext_noop("Opened self check-in in every division of %(name)s")
    ),
    "tournament.check_in_close": naming(
        gettext_noop("Closed self check-in in every division of %(name)s")
    ),
    "tournament.no_shows_withdraw": naming(
        gettext_noop("Withdrew the players who did not come in every division of %(name)s")
    ),
    "tournament.create": naming(gettext_noop("Created the tournament %(name)s")),
    "event_template.create": naming(gettext_noop("Saved the divisions as the template %(name)s")),
    "tournament.rules": naming(gettext_noop("Changed the rules of the tournament %(name)s")),
    "tournament.update": naming(gettext_noop("Changed the tournament's details (%(name)s)")),
    "tournament.import": naming(gettext_noop("Imported the tournament %(name)s from an archive")),
    "tournament.role": _role,
    "tournament.role_remove": _role,
    "prize_band.create": naming(gettext_noop("Added the prize %(name)s"), "label"),
    "prize_band.delete": naming(gettext_noop("Removed the prize %(name)s"), "label"),
    "restore_point.take": _restore_point_take,
    "tournament.restore": _tournament_restore,
}


def register_describers() -> None:
    register(
        DESCRIBERS,
        related={
            "tournaments.entry": ["player", "division"],
            "tournaments.pairing": ["round", "first__player", "second__player"],
            "tournaments.round": ["division"],
            "tournaments.fixedpairing": ["first__player", "second__player"],
            "tournaments.scorereport": ["pairing__round", "reported_by__player"],
            "tournaments.tournamentrole": ["user"],
        },
    )
