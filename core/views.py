"""The login lockouts page: who is locked out, and lifting a lock."""

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .audit import audit_record
from .permissions import may_lift_lockouts, require


@login_required
@require_http_methods(["GET"])
def lockouts(request):
    require(may_lift_lockouts(request.user))
    locked = AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT)
    return render(request, "core/lockouts.html", {"attempts": locked.order_by("-attempt_time")})


@login_required
@require_POST
def lockout_lift(request, attempt_id: int):
    require(may_lift_lockouts(request.user))
    attempt = get_object_or_404(AccessAttempt, pk=attempt_id)
    with transaction.atomic():
        audit_record(
            by=request.user,
            action="login.unlock",
            obj=attempt,
            scope="login",
            before={"username": attempt.username, "ip_address": attempt.ip_address},
        )
        if attempt.username:
            reset(username=attempt.username)
        if attempt.ip_address:
            reset(ip=attempt.ip_address)
    messages.success(request, _("The lock is lifted."))
    return redirect("core:lockouts")
