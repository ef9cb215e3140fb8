"""Erasing a person on request: their name and personal fields are replaced and their account is
made anonymous, while every result stays with the same player row (now an anonymous label), so
standings, crosstables and ratings read as before.

What the events keep about a person beyond the player row (a payment note) is cleared by the
events app; ``config.person_data.person_erase`` runs both in one transaction.
"""

from django.contrib.auth.hashers import make_password
from django.db import transaction

from core.audit import audit_record, snapshot
from core.models import AuditEntry

from .models import Player

# Stored as data (it is the player's name from now on), so not translated.
ANONYMOUS_LABEL = "Anonymous player %(id)d"
ERASED_FIELDS = ["name", "sort_name", "country", "member_id", "user"]
SNAPSHOT_FIELDS = ["name", "sort_name", "country", "member_id", "rating", "user"]


def anonymous_label(player_id: int) -> str:
    return ANONYMOUS_LABEL % {"id": player_id}


def player_erase(*, by, player: Player) -> Player:
    """Replace ``player``'s name and personal fields, make their account anonymous and inactive,
    and scrub the old values from the audit entries about the player; audited as ``player.erase``
    (which names the fields erased, not their old values)."""
    with transaction.atomic():
        locked = Player.objects.select_for_update().get(pk=player.pk)
        old = snapshot(locked, ["name", "sort_name", "country", "member_id"])
        label = anonymous_label(locked.pk)
        account = locked.user
        locked.name = locked.sort_name = label
        locked.country = locked.member_id = ""
        locked.user = None
        locked.save(update_fields=["name", "sort_name", "country", "member_id", "user"])
        if account is not None:
            _account_erase(account, locked.pk)
        new = snapshot(locked, ["name", "sort_name", "country", "member_id"])
        _scrub_audit(locked.pk, old, new)
        audit_record(
            by=by,
            action="player.erase",
            obj=locked,
            before={"erased": ERASED_FIELDS, "account": account is not None},
            after=snapshot(locked, SNAPSHOT_FIELDS),
        )
    return locked


def _account_erase(account, player_id: int) -> None:
    account.username = f"erased-{player_id}-{account.pk}"
    account.first_name = account.last_name = account.email = ""
    account.is_active = False
    account.password = make_password(None)  # unusable
    account.save()


def _scrub_audit(player_id: int, old: dict, new: dict) -> None:
    """The audit entries about the player keep what was done and when; the erased values in
    their before and after columns become the new ones."""
    entries = AuditEntry.objects.filter(object_type="players.player", object_id=str(player_id))
    for entry in entries.select_for_update():
        changed = False
        for column in ("before", "after"):
            values = getattr(entry, column)
            if not isinstance(values, dict):
                continue
            for field, value in list(values.items()):
                if field in old and value == old[field] and value != new[field]:
                    values[field] = new[field]
                    changed = True
        if changed:
            entry.save(update_fields=["before", "after"])


def player_export_record(*, by, player: Player) -> None:
    """Audit that ``player``'s data was handed out (``player.export``), before it is."""
    audit_record(by=by, action="player.export", obj=player)
