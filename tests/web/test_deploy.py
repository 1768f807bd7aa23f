"""The production settings pass Django's deployment checks when the environment is set as the README says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
