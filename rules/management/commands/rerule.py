"""Re-rule every stored scenario with today's engine and report any that no longer rule or draw.

Run after an engine upgrade (CI runs it against the frozen permalink fixtures):
``python manage.py rerule``; exit status 1 when any stored permalink fails.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules.engine import evaluate, render_svg
from rules.engine.changes import changes_since
from rules.models import StoredScenario


class Command(BaseCommand):
    help = "Re-rule and re-draw every stored scenario; report failures and corrected rulings."

    def handle(self, *args: Any, **options: Any) -> None:
        failed: list[str] = []
        corrected = 0
        total = 0
        for row in StoredScenario.objects.order_by("created").iterator(chunk_size=500):
            total += 1
            try:
                scenario = row.scenario()
                render_svg(scenario, evaluate(scenario))
            except Exception as e:  # noqa: BLE001 - every failure is reported, none stops the run
                failed.append(f"{row.id}: {type(e).__name__}: {e}")
                continue
            if changes_since(row.engine_version, scenario):
                corrected += 1
        self.stdout.write(
            f"{total} stored scenarios re-ruled: {total - len(failed)} ok, {len(failed)} failed, "
            f"{corrected} with a correction since they were stored"
        )
        for line in failed:
            self.stdout.write(f"FAILED {line}")
        if failed:
            raise CommandError(f"{len(failed)} stored scenarios no longer rule or draw")
