"""`check --deploy` refuses to bless a production set-up whose static files were never collected:
with DEBUG off every page would be a 500 ("Missing staticfiles manifest entry")."""

from pathlib import Path

from django.conf import settings
from django.core.checks import Error, Tags, register

MANIFEST = "staticfiles.json"


@register(Tags.staticfiles, deploy=True)
def static_manifest_exists(app_configs=None, **kwargs) -> list[Error]:
    backend = settings.STORAGES["staticfiles"]["BACKEND"]
    if "Manifest" not in backend:
        return []
    if (Path(settings.STATIC_ROOT) / MANIFEST).exists():
        return []
    return [
        Error(
            f"No {MANIFEST} in STATIC_ROOT ({settings.STATIC_ROOT}): every page would fail.",
            hint="Run `python manage.py collectstatic`, or start with `python manage.py serve`.",
            id="desk.E001",
        )
    ]
