"""Prize bands and prize settings of a division: the director's writes (the rules they make are
read by ``tournaments.selectors.prizes``; holders and money are never stored)."""

from __future__ import annotations

from core.audit import audited_create, audited_delete, audited_update
from core.refusal import Refusal, gettext_noop
from tournaments.results.prize_money import MoneyError, read_amounts
from tournaments.results.prize_settings import SettingsError, checked_settings

from ..models import Division, PrizeBand

BAND_FIELDS = [
    "kind",
    "label",
    "places",
    "rating_low",
    "rating_high",
    "amount",
    "money",
    "trophy",
    "exclusive",
    "position",
]
MAX_PLACES = 100
TOO_MANY_PLACES = gettext_noop("A prize has 1 to %(most)d places.")


BAND_REFUSED = gettext_noop("%(band)s: %(reason)s")


class PrizeRefused(Refusal):
    """A prize band or setting refused with a reason."""


class PlacesRefused(PrizeRefused):
    """A band's number of places out of bounds (the form's ``places`` field)."""


class MoneyRefused(PrizeRefused):
    """A band's money unreadable under the division's currency unit (the form's ``money``)."""


def _check_band(band: PrizeBand) -> None:
    """The places bounded, and the money readable under the division's currency unit (written
    back as read: ``500, 300, 200``)."""
    if not 1 <= band.places <= MAX_PLACES:
        raise PlacesRefused(TOO_MANY_PLACES, most=MAX_PLACES)
    unit = checked_settings(band.division.prize_settings).money.unit
    try:
        amounts = read_amounts(band.money, unit, band.places)
    except MoneyError as refusal:
        raise MoneyRefused(refusal.template, **refusal.params) from None
    band.money = ", ".join(str(a) for a in amounts)


def prize_band_create(*, by, division: Division, **fields) -> PrizeBand:
    """Add a prize band to ``division`` (validated by the model's constraints and choices, the
    money by ``read_amounts``)."""
    return audited_create(
        by=by,
        instance=PrizeBand(
            division=division, **{k: v for k, v in fields.items() if k in BAND_FIELDS}
        ),
        fields=BAND_FIELDS,
        action="prize_band.create",
        tournament_id=division.tournament_id,
        check=_check_band,
    )


def prize_band_delete(*, by, band: PrizeBand) -> None:
    """Remove a prize band; its holders simply stop being shown."""
    audited_delete(
        by=by,
        instance=band,
        fields=BAND_FIELDS,
        action="prize_band.delete",
        tournament_id=band.division.tournament_id,
    )


def _check_settings(division: Division, changes: dict) -> None:
    """The settings valid, and every band's money still a whole number of the (new) unit."""
    try:
        settings = checked_settings(changes["prize_settings"])
    except SettingsError as refusal:
        raise PrizeRefused(refusal.template, **refusal.params) from None
    for band in division.prize_bands.all():
        try:
            read_amounts(band.money, settings.money.unit, band.places)
        except MoneyError as refusal:
            raise PrizeRefused(BAND_REFUSED, band=band.label, reason=refusal) from None


def prize_settings_update(*, by, division: Division, settings: dict) -> Division:
    """Replace the division's prize settings (``results.prize_settings.PrizeSettings.to_json``
    keys) after checking them and the bands' money against the new currency unit."""
    return audited_update(
        by=by,
        instance=division,
        fields=["prize_settings"],
        changes={"prize_settings": settings},
        action="division.prize_settings",
        tournament_id=division.tournament_id,
        check=_check_settings,
    )
