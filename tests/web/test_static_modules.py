"""The browser modules as production serves them: collectstatic's hashed names (cached for a year, immutable)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_collected_editor_modules_import_each_other_by_their_hashed_names(tmp_path: Path) -> None:
    """The setup editor is split into ES modules: in production each import must name the imported file's hashed
    copy (nginx keeps static files for a year; an unhashed name would load last deploy's module)."""
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "x" * 20 + "-a-long-random-production-secret-key-for-the-check",
        "DJANGO_ALLOWED_HOSTS": "rulings.example.org",
    }
    code = (
        "import django, sys; django.setup(); from django.conf import settings; from django.core.management import"
        " call_command; settings.STATIC_ROOT = sys.argv[1]; from django.contrib.staticfiles.storage import"
        " staticfiles_storage as s; s.location = s.base_location = sys.argv[1];"
        " call_command('collectstatic', interactive=False, verbosity=0); print(s.stored_name('rules/editor.js'))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "rulesite.settings"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    entry = r.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"rules/editor\.[0-9a-f]{12}\.js", entry)
    seen, todo = set(), [entry]
    while todo:
        name = todo.pop()
        seen.add(name)
        text = (tmp_path / name).read_text()
        imported = re.findall(r'^import\b[^;]*?"\./([^"]+)"', text, flags=re.M)
        for module in imported:
            assert re.fullmatch(r"editor-\w+\.[0-9a-f]{12}\.js", module), (name, module)
            path = f"rules/{module}"
            assert (tmp_path / path).is_file()
            if path not in seen:
                todo.append(path)
    assert len(seen) == 8  # the entry and its seven parts (the nearest legal spot, the bar's fold), each hashed
