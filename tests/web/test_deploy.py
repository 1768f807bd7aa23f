"""The production settings pass Django's deployment checks when the environment is set as the README says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean() -> None:
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},  # set for the browser tests only
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "x" * 20 + "-a-long-random-production-secret-key-for-the-check",
        "DJANGO_ALLOWED_HOSTS": "rulings.example.org",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://rulings.example.org",
    }
    r = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": ""}
    r = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert r.returncode != 0 and "DJANGO_SECRET_KEY" in r.stderr


def test_postgres_is_selected_by_database_url() -> None:
    code = "from rulesite import settings; print(settings.DATABASES['default']['ENGINE'])"
    env = {**os.environ, "DATABASE_URL": "postgres://u:p@localhost:5432/rulings"}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "django.db.backends.postgresql"


def test_readyz_checks_the_database_and_healthz_does_not(client, db) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/healthz").status_code == 200
    r = client.get("/readyz")
    assert r.status_code == 200 and r.content == b"ready\n"


def test_readyz_is_503_when_the_database_cannot_be_written(client, db, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from django.db import DatabaseError

    import rules.views.site as views

    class Broken:
        def __enter__(self) -> None:
            raise DatabaseError("attempt to write a readonly database")

        def __exit__(self, *a: object) -> None:
            return None

    monkeypatch.setattr(views.transaction, "atomic", lambda: Broken())
    assert client.get("/readyz").status_code == 503


def test_security_headers_on_every_response(client, db) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/healthz")
    assert "camera=()" in r["Permissions-Policy"] and r["Cross-Origin-Resource-Policy"] == "same-site"


def test_redirected_posts_keep_their_method(settings) -> None:  # type: ignore[no-untyped-def]
    from django.http import HttpResponsePermanentRedirect
    from django.test import RequestFactory

    from rules.middleware import SecurityHeadersMiddleware

    settings.SECURE_SSL_REDIRECT = True
    mw = SecurityHeadersMiddleware(lambda request: HttpResponsePermanentRedirect("https://x/api/v1/rulings"))
    assert mw(RequestFactory().post("/api/v1/rulings")).status_code == 308
    assert mw(RequestFactory().get("/")).status_code == 301


def test_health_probes_are_exempt_from_the_https_redirect() -> None:
    code = "from rulesite import settings; print(settings.SECURE_REDIRECT_EXEMPT)"
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "k" * 50}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert "healthz" in r.stdout and "readyz" in r.stdout


@pytest.mark.django_db
def test_the_database_in_use_is_the_one_database_url_names() -> None:
    """The PostgreSQL run (scripts/test-postgres) really runs on PostgreSQL."""
    from django.db import connection

    url = os.environ.get("DATABASE_URL", "")
    assert connection.vendor == ("postgresql" if url.startswith("postgres") else "sqlite")


def _gunicorn_config(conf: Path, **env: str) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("DJANGO_TRUSTED_PROXY", "GUNICORN_BIND")} | env
    r = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--print-config", "-c", str(conf), "rulesite.wsgi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=environ,
    )
    assert r.returncode == 0, r.stderr
    got = dict(line.split(" = ", 1) for line in r.stdout.splitlines() if " = " in line)
    return {k.strip(): v.strip() for k, v in got.items()}


def test_with_no_proxy_named_the_gunicorn_config_absorbs_slow_clients() -> None:
    """Without nginx in front, two threads a worker taking only two connections let four trickling clients
    stall the site: with no proxy named, the config's default is the no-proxy line."""
    conf = ROOT / "deploy" / "gunicorn.conf.py"
    settings = _gunicorn_config(conf)
    assert settings["threads"] == "4" and settings["worker_connections"] == "1000" and settings["keepalive"] == "5"
    assert _gunicorn_config(conf, DJANGO_TRUSTED_PROXY="0")["threads"] == "4"


def test_the_gunicorn_config_the_readme_runs_is_valid_and_takes_only_what_it_can_serve() -> None:
    """deploy/gunicorn.conf.py as gunicorn reads it: threaded workers that accept no more connections
    than they have threads (no keep-alive), so waiting requests queue where either worker can take them."""
    conf = ROOT / "deploy" / "gunicorn.conf.py"
    assert f"-c {conf.relative_to(ROOT)}" in (ROOT / "README.md").read_text()
    settings = _gunicorn_config(conf, DJANGO_TRUSTED_PROXY="1")
    assert settings["worker_class"] == "gthread" and settings["workers"] == "2"
    assert settings["worker_connections"] == settings["threads"] == "2"
    assert settings["keepalive"] == "0" and settings["timeout"] == "30" and settings["accesslog"] == "-"
    assert settings["bind"] == "['127.0.0.1:8000']"  # loopback, where deploy/nginx.conf sends requests
    assert "server 127.0.0.1:8000" in (ROOT / "deploy" / "nginx.conf").read_text()
