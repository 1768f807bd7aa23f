"""Settings for Table Ruling: one file, production values from the environment.

Development defaults (DEBUG on, SQLite file, a throwaway key) need nothing set;
production sets DJANGO_DEBUG=0, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and,
for PostgreSQL, DATABASE_URL (see the README's production recipe).
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


DEBUG = _env_bool("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or ("dev-only-insecure-key-table-ruling-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
ALLOWED_HOSTS = [
    h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",") if h
]
CANONICAL_HOST = os.environ.get("TABLE_RULING_CANONICAL_HOST", "").strip().lower().rstrip(".")
"""The host a card prints (``rulings.example.org``); unset, the request's host in one spelling (pictures then
vary on ``Host``)."""
TRUSTED_PROXIES = os.environ.get("TABLE_RULING_TRUSTED_PROXIES", "")
"""Proxies on other machines whose X-Forwarded-For the abuse limits read (loopback is always trusted)."""
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.staticfiles",
    "django_htmx",
    "rules",
]

MIDDLEWARE = [
    "rules.middleware.SecurityHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "rulesite.urls"
WSGI_APPLICATION = "rulesite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL with normal sync: a stored permalink costs one WAL append, not a full fsync per commit
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    )
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    # a lock held elsewhere (a backup, another worker) makes answers slower, not 500s
    DATABASES["default"]["OPTIONS"]["timeout"] = float(os.environ.get("DJANGO_SQLITE_BUSY_TIMEOUT", "20"))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Rulings and pictures are cached on disk, shared by every worker and kept across restarts
# (keys carry the engine's fingerprint, so a new engine never serves an old answer).
# Setup drafts (``/setup/?state=<key>``, a state too long for an address) are kept this many days after they
# were stored (``prune_unopened``), and an expired draft's page says so; permalinks are never pruned by age.
DRAFT_DAYS = max(1, int(os.environ.get("TABLE_RULING_DRAFT_DAYS", "30")))

CACHE_DIR = os.environ.get("TABLE_RULING_CACHE_DIR", str(BASE_DIR / "var" / "cache"))
CACHES = {
    "default": {
        "BACKEND": "rules.cache.RarelyCulledFileCache",  # checks its size every 200th write, not every one
        "LOCATION": CACHE_DIR,
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 50000, "CULL_EVERY": 200},
    }
}

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
# the browser libraries `npm ci` installs from package-lock.json (node_modules is never committed)
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("vendor/panzoom", BASE_DIR / "node_modules" / "@panzoom" / "panzoom" / "dist"),
]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "rulesite.storage.StaticFilesStorage"
    },
}

# Bad input gets a 400, never a 500: small bodies, few fields.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000
"""The setup form of the largest scenario (61 rows of some 22 inputs, and the action's) fits (a test checks)."""
DATA_UPLOAD_MAX_NUMBER_FILES = 0

# Strict CSP: no inline scripts or styles anywhere, so pages stay cacheable.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

SECURE_SSL_REDIRECT = False
# load balancers probe these over plain HTTP: never redirected
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
if not DEBUG:
    SECURE_SSL_REDIRECT = _env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    if _env_bool("DJANGO_TRUSTED_PROXY", False):
        # only behind a proxy that sets X-Forwarded-Proto itself (and strips the client's)
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = _env_bool("DJANGO_SECURE_HSTS_PRELOAD", False)
    # includeSubDomains and preload bind every subdomain (and, preloaded, for months): the operator opts in
    SILENCED_SYSTEM_CHECKS = [
        *(["security.W005"] if not SECURE_HSTS_INCLUDE_SUBDOMAINS else []),
        *(["security.W021"] if not SECURE_HSTS_PRELOAD else []),
    ]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
