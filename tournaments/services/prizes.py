"""Prize bands of a division: the director's writes (the rules they make are read by
``tournaments.selectors.prizes``)."""

from __future__ import annotations

from core.audit import audited_create, audited_delete

from ..models import Division, PrizeBand

BAND_FIELDS = ["kind", "label", "places", "rating_low", "rating_high", "amount", "position"]


def prize_band_create(*, by, division: Division, **fields) -> PrizeBand:
    """Add a prize band to ``division`` (validated by the model's constraints and choices)."""
    return audited_create(
        by=by,
        instance=PrizeBand(
            division=division, **{k: v for k, v in fields.items() if k in BAND_FIELDS}
        ),
        fields=BAND_FIELDS,
        action="prize_band.create",
        tournament_id=division.tournament_id,
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
