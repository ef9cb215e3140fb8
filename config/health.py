"""`/healthz`: what a load balancer asks before sending an app server traffic."""

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:  # any failure means "do not send traffic here"
        return False


def _cache_ok() -> bool:
    try:
        cache.set("desk:health", "ok", 10)
        return cache.get("desk:health") == "ok"
    except Exception:
        return False


@never_cache
@require_safe
def healthz(request):
    checks = {"database": _database_ok(), "cache": _cache_ok()}
    status = 200 if all(checks.values()) else 503
    body = {"status": "ok" if status == 200 else "failing"}
    body |= {name: "ok" if ok else "failing" for name, ok in checks.items()}
    return JsonResponse(body, status=status)
