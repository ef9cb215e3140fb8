"""Tournament Desk settings, driven by the environment.

Development defaults are safe to run locally (SQLite, DEBUG on, localhost only). Production sets
DEBUG=0, SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL (PostgreSQL).
"""

import os
from importlib.util import find_spec
from ipaddress import ip_network
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.workers import worker_location
from core.readers.json_input import read_json

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
_DEV_SECRET = "dev-only-insecure-secret-key-change-me"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off.")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # The admin finds every app's admin.py when the URLs load (config/urls.py), not at start-up.
    "django.contrib.admin.apps.SimpleAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "axes",
    "core",
    "players",
    "clubs",
    "tournaments",
    "games",
    "ratings",
    "publishing",
    "config.apps.DeskConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.RejectNulMiddleware",
    # A repeated anonymous request for a kept public page is answered here (see the module).
    "core.polled.early.EarlyPublicPageMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tournaments.middleware.EventLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# django-tables2 has no models and is not an installed app: its templates and tag library are
# named here. Installed, it is imported at every start-up, and its columns import PostgreSQL's
# fields (psycopg), a tenth of a second for every command even on SQLite.
TABLES2_TEMPLATES = Path(find_spec("django_tables2").submodule_search_locations[0]) / "templates"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", TABLES2_TEMPLATES],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "libraries": {"django_tables2": "django_tables2.templatetags.django_tables2"},
        },
    }
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets page reads continue while a director writes; the busy timeout queues writers.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # PostgreSQL's JIT compiles a query when the planner guesses it costly, as it does for the
    # visibility filters on young, unanalysed tables: the TSH import's player lookup took 56 ms
    # with JIT and 2 ms without. The desk's queries are short; compiling them never pays.
    # Added to the URL's own options (?sslmode=require and the like), not in their place.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c jit=off"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Several app servers share the page cache through Redis when REDIS_URL (or CACHE_URL) is set;
# one server alone keeps it in its own memory.
REDIS_URL = os.environ.get("REDIS_URL") or os.environ.get("CACHE_URL", "")
# The tests empty the cache between tests: run in parallel (pytest -n), each worker has its own
# Redis database (config.workers.worker_location); outside pytest-xdist the URL is kept.
REDIS_URL = worker_location(REDIS_URL, os.environ.get("PYTEST_XDIST_WORKER", ""))
CACHES = {
    "default": {"BACKEND": "config.cache.SharedRedisCache", "LOCATION": REDIS_URL}
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
# With a cache every app server shares (Redis), a session is read from it and written through to
# the database: one query less on every signed-in request. A cache private to one process would
# still hold a session there after a logout on another server, so without Redis, the database.
SESSION_ENGINE = "django.contrib.sessions.backends." + ("cached_db" if REDIS_URL else "db")
# Seconds a public page's stamp is trusted from the cache (core.versions.stamp_seconds).
PUBLIC_STAMP_SECONDS = 3600 if REDIS_URL else 5
# Repeated anonymous requests for a kept public page answered before the rest of the stack
# (core/polled/early.py); off only to measure the difference.
EARLY_PUBLIC_PAGES = env_bool("EARLY_PUBLIC_PAGES", True)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords an account, and
# separately an address, is locked for AXES_COOLOFF_TIME hours; a director or staff member can
# lift a lockout at /accounts/lockouts/. Attempts live in the database, so every app server
# behind a load balancer sees the same count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# The public COP web service (POST /api/pair_service.PairService/HandlePairRequest, for TSH):
# "open" to anyone, "key" (only with one of COP_PUBLIC_KEYS as "Authorization: Bearer KEY" or
# "X-Api-Key: KEY") or "off". Its work runs outside the web workers in at most COP_PUBLIC_SLOTS
# processes per server (busy: 503 with Retry-After), each refused after COP_PUBLIC_SECONDS.
# Directors' own COP rounds never use these slots. See docs/DEPLOY.md.
COP_PUBLIC = os.environ.get("COP_PUBLIC", "open").strip().lower()
COP_PUBLIC_KEYS = env_list("COP_PUBLIC_KEYS", "")
COP_PUBLIC_SLOTS = int(os.environ.get("COP_PUBLIC_SLOTS", "1"))
COP_PUBLIC_SECONDS = float(os.environ.get("COP_PUBLIC_SECONDS", "20"))
COP_PUBLIC_SLOT_DIR = os.environ.get("COP_PUBLIC_SLOT_DIR", "")

# Publishing (publishing/queue.py, publishing/worker.py; docs/DEPLOY.md): a change waits
# PUBLISH_COALESCE_SECONDS for the changes after it, so a burst is one publish; a target that
# fails rests PUBLISH_RETRY_FIRST_SECONDS, doubling up to PUBLISH_RETRY_MAX_SECONDS, then is
# tried again (for ever: nothing is dropped). A job running longer than
# PUBLISH_JOB_STALE_SECONDS is taken to be a dead worker's; the newest PUBLISH_JOBS_KEPT
# finished jobs of each target are kept as its history.
PUBLISH_COALESCE_SECONDS = float(os.environ.get("PUBLISH_COALESCE_SECONDS", "0.5"))
PUBLISH_RETRY_FIRST_SECONDS = float(os.environ.get("PUBLISH_RETRY_FIRST_SECONDS", "2"))
PUBLISH_RETRY_MAX_SECONDS = float(os.environ.get("PUBLISH_RETRY_MAX_SECONDS", "300"))
PUBLISH_JOB_STALE_SECONDS = float(os.environ.get("PUBLISH_JOB_STALE_SECONDS", "900"))
PUBLISH_JOBS_KEPT = int(os.environ.get("PUBLISH_JOBS_KEPT", "50"))
PUBLISH_WORKER_POLL_SECONDS = float(os.environ.get("PUBLISH_WORKER_POLL_SECONDS", "0.5"))

AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = float(os.environ.get("LOGIN_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

# No script runs unless it is a file served by this site: no inline script, no eval (htmx's
# allowEval is off in base.html). Styles may be inline (the board SVG carries its own).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("zh-hant", _("Traditional Chinese")),
    ("ja", _("Japanese")),
    ("th", _("Thai")),
    ("sw", _("Swahili")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates, times and counts per language where Django's own formats are missing (Swahili) or not
# what the site shows (core.formatting says which is which).
FORMAT_MODULE_PATH = ["config.formats"]
# The switcher's choice is kept for a year (Django's default lasts only the browser session).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
# Where `serve` collects the static files (the tests' own servers each collect into a folder of
# their own, so two running at once never write one folder).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
MEDIA_ROOT = BASE_DIR / "media"
MEDIA_URL = "/media/"

# Restore points (tournaments/models/restore_points.py): each event's archive at every pairing and
# round end, gzip-compressed, through Django's storage API. By default files under
# MEDIA_ROOT/restore-points that no URL serves; RESTORE_POINT_STORAGE (a storage class, e.g.
# "storages.backends.s3.S3Storage") and RESTORE_POINT_STORAGE_OPTIONS (JSON) put them elsewhere.
STORAGES["restore_points"] = {
    "BACKEND": os.environ.get(
        "RESTORE_POINT_STORAGE", "django.core.files.storage.FileSystemStorage"
    ),
    "OPTIONS": read_json(os.environ["RESTORE_POINT_STORAGE_OPTIONS"])
    if os.environ.get("RESTORE_POINT_STORAGE_OPTIONS")
    else {"location": MEDIA_ROOT / "restore-points"},
}
# Per event, the newest RESTORE_POINTS_KEPT points are kept, and besides them the newest point of
# every round's end (1 to 1000).
RESTORE_POINTS_KEPT = min(max(int(os.environ.get("RESTORE_POINTS_KEPT", "20")), 1), 1000)
# A round end takes its point only when the event's newest point is older than this many ms an
# entry (services/round_end_points.py): a big event's divisions ending rounds moments apart
# share one point instead of each reading the whole event. 0: every round end takes its own.
RESTORE_POINT_GAP_MS_PER_ENTRY = min(
    max(int(os.environ.get("RESTORE_POINT_GAP_MS_PER_ENTRY", "12")), 0), 1000
)
# A point may hold only what changed since the event's previous point (tournaments/archive/
# delta.py); after this many such points in a row the next holds the whole event again, so a
# restore reads at most this many files beyond one whole archive (0: every point whole; 0..100).
RESTORE_POINT_CHAIN = min(max(int(os.environ.get("RESTORE_POINT_CHAIN", "10")), 0), 100)

# Publishing an event's public side as static files (publishing/targets/): the ssh command rsync
# uses for user@host:/path targets, and the options of the S3 storage for s3://bucket/prefix
# (JSON: endpoint_url, region_name, ...; keys from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY).
PUBLISH_SSH_COMMAND = os.environ.get("PUBLISH_SSH_COMMAND", "")
PUBLISH_S3_OPTIONS = (
    read_json(os.environ["PUBLISH_S3_OPTIONS"]) if os.environ.get("PUBLISH_S3_OPTIONS") else {}
)

# Uploads (GCG files, rosters, word lists) are read in memory up to this size and refused above.
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

# Trust X-Forwarded-Proto only when the deployment says a proxy that sets it stands in front.
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
# The login lockout keys on the client's address (core.client_address, django-axes's callable).
# Without a proxy that is the connecting address and nothing a client sends can change it. Behind
# a proxy, X-Forwarded-For is believed only from the proxies' own networks (TRUSTED_PROXIES,
# CIDRs, default loopback: nginx on the same server): walking the header from the right, past
# each trusted proxy, the first address that is not one is the client. A client that reaches the
# app server itself, from an address outside those networks, is counted by that address,
# whatever header it sends.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "127.0.0.1/32,::1/128")
try:
    TRUSTED_PROXY_NETWORKS = tuple(ip_network(net, strict=False) for net in TRUSTED_PROXIES)
except ValueError:
    raise RuntimeError(
        "TRUSTED_PROXIES must list the proxies' networks, e.g. 127.0.0.1/32,10.0.0.0/8."
    ) from None
AXES_CLIENT_IP_CALLABLE = "core.client_address.client_ip"
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# The load balancer's health check may come over plain HTTP (docs/DEPLOY.md).
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
