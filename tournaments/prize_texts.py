"""A division's prizes in words: the labels of the default bands and the settings, for the prize
page, the prize printouts, the final report and the statistics page."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .results.prize_money import Remainder, Split, fmt_money
from .results.prize_settings import PrizeSettings, TieBy
from .results.prizes import Band
from .results.stats import Award


def band_label(band: Band) -> str:
    """A band's label in the reader's language: the default bands' (negative keys,
    ``selectors.prizes.default_bands``) are msgids; the director's own are shown as typed."""
    return _(band.label) if band.key < 0 else band.label


def award_label(award: Award) -> str:
    """A prize's label in the reader's language (the director's own bands are shown as typed)."""
    return _(award.label) if award.rule < 0 else award.label


def prize_rule_sentences(settings: PrizeSettings) -> list[str]:
    """How ties, rounding and the one-prize rule work in this division, one sentence each."""
    money = settings.money
    unit = fmt_money(money.unit, settings.currency)
    if settings.tie_by is TieBy.STANDINGS:
        sentences = [_("Players tied in the standings (equal on wins and every tie-break) share.")]
    else:
        sentences = [_("Players equal on wins share; the tie-breaks only order them.")]
    if money.split is Split.EVEN:
        sentences.append(_("Tied players share the money of the places they hold evenly."))
    else:
        sentences.append(
            _(
                "Hort system: %(share)d%% of each place's money stays with the place order, "
                "the rest of the tied places' money is shared evenly."
            )
            % {"share": money.hort_share}
        )
    if money.remainder is Remainder.HIGHER:
        rest = _("what is left goes one unit at a time to the higher-placed tied players")
    else:
        rest = _("what is left stays with the organiser")
    sentences.append(
        _("Shares are rounded down to %(unit)s; %(rest)s.") % {"unit": unit, "rest": rest}
    )
    sentences.append(
        _(
            "One prize per player: places, classes and handicap prizes are given most valuable "
            "first; a player already holding a more valuable one is passed over."
        )
    )
    return sentences
