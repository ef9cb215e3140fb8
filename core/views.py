"""The login lockouts page: who is locked out, and lifting a lock."""

from axes.utils import reset
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .audit import audit_record
from .lockouts import lockouts_for, may_open_lockouts, may_see_addresses
from .permissions import require


@login_required
@require_http_methods(["GET"])
def lockouts(request):
    require(may_open_lockouts(request.user))
    show_addresses = may_see_addresses(request.user)
    locked = lockouts_for(request.user).order_by("-attempt_time")
    context = {"attempts": _one_per_lock(locked, show_addresses), "show_addresses": show_addresses}
    return render(request, "core/lockouts.html", context)


def _one_per_lock(attempts, addresses: bool) -> list:
    """One row per account (its newest; lifting it lifts the account, wherever the failures
    came from), or per account and address where the addresses are shown."""
    seen, rows = set(), []
    for attempt in attempts:
        key = (attempt.username, attempt.ip_address if addresses else None)
        if key not in seen:
            seen.add(key)
            rows.append(attempt)
    return rows


@login_required
@require_POST
def lockout_lift(request, attempt_id: int):
    require(may_open_lockouts(request.user))
    # A lock the person may not see is not found; a director lifts an account's lock only, never
    # an address's (which may hold others).
    attempt = get_object_or_404(lockouts_for(request.user), pk=attempt_id)
    staff = may_see_addresses(request.user)
    before = {"username": attempt.username}
    if staff:
        before["ip_address"] = attempt.ip_address
    with transaction.atomic():
        audit_record(
            by=request.user, action="login.unlock", obj=attempt, scope="login", before=before
        )
        if attempt.username:
            reset(username=attempt.username)
        if staff and attempt.ip_address:
            reset(ip=attempt.ip_address)
    messages.success(request, _("The lock is lifted."))
    return redirect("core:lockouts")
