"""Fields, constraints and conditions that several of the apps' models declare alike, and the
sentence their services refuse a game of one player with: said once here."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_noop

# What the services say before a game (a scoresheet's, a club night's) would break ``different``.
SAME_PLAYER = gettext_noop("A game needs two different players.")


def optional_link(to, verbose_name=None, *, on_delete, blank=True, **options) -> models.ForeignKey:
    """A link the row may lack: empty in the database, and in forms unless ``blank`` is False.

    ``on_delete`` is said by every caller, as Django asks of every link: ``SET_NULL`` empties the
    link when the row it points at is deleted, so this row outlives it."""
    return models.ForeignKey(
        to, verbose_name=verbose_name, null=True, blank=blank, on_delete=on_delete, **options
    )


def acting_user(verbose_name=None, *, blank=False, related_name="+") -> models.ForeignKey:
    """The site account that did something to the row (created, opened, dismissed it ...).

    It may be unknown, and deleting the account empties it rather than the row: the record
    outlives the account."""
    return optional_link(
        settings.AUTH_USER_MODEL,
        verbose_name,
        blank=blank,
        on_delete=models.SET_NULL,
        related_name=related_name,
    )


def span_in_order(start: str, end: str, *, name: str) -> models.CheckConstraint:
    """``end`` is not before ``start`` when both are known (either may be left open)."""
    return models.CheckConstraint(
        condition=Q(**{f"{end}__isnull": True})
        | Q(**{f"{start}__isnull": True})
        | Q(**{f"{end}__gte": F(start)}),
        name=name,
    )


def span_holds(start: str, end: str, day) -> Q:
    """The rows whose span from ``start`` to ``end`` holds ``day``: an end left open holds
    every day on its side (a membership with no ``until`` still runs)."""
    return (Q(**{f"{start}__lte": day}) | Q(**{f"{start}__isnull": True})) & (
        Q(**{f"{end}__isnull": True}) | Q(**{f"{end}__gte": day})
    )


def span_contains(start, end, day) -> bool:
    """``span_holds`` for one row's values: ``start``..``end`` holds ``day`` (open ends hold)."""
    return (start is None or start <= day) and (end is None or day <= end)


def different(first: str, second: str, *, name: str) -> models.CheckConstraint:
    """``first`` and ``second`` never point at the same row (a player never plays themself)."""
    return models.CheckConstraint(condition=~Q(**{first: F(second)}), name=name)
