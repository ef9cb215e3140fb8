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


COP_MODES = ("open", "key", "off")


@register()
def cop_public_settings(app_configs=None, **kwargs) -> list[Error]:
    """The public COP service's switch, keys and bounds make sense."""
    errors = []
    if settings.COP_PUBLIC not in COP_MODES:
        errors.append(
            Error(
                f"COP_PUBLIC is {settings.COP_PUBLIC!r}; it must be one of {', '.join(COP_MODES)}.",
                id="desk.E002",
            )
        )
    if settings.COP_PUBLIC == "key" and not settings.COP_PUBLIC_KEYS:
        errors.append(
            Error(
                "COP_PUBLIC is 'key' but COP_PUBLIC_KEYS is empty: nobody could call the service.",
                hint="Set COP_PUBLIC_KEYS=key1,key2 (long random strings) or COP_PUBLIC=off.",
                id="desk.E003",
            )
        )
    if not 1 <= settings.COP_PUBLIC_SLOTS <= 16:
        errors.append(Error("COP_PUBLIC_SLOTS must be from 1 to 16.", id="desk.E004"))
    if not 1 <= settings.COP_PUBLIC_SECONDS <= 600:
        errors.append(Error("COP_PUBLIC_SECONDS must be from 1 to 600.", id="desk.E005"))
    return errors
