"""Store every library example so its permalink works: ``manage.py load_examples``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from rules.library import examples, retired
from rules.models import store_scenario


class Command(BaseCommand):
    help = "Store the worked examples of rules/examples/ as permalinks (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        for ex in (*examples(), *retired()):
            stored = store_scenario(scenario=ex.scenario)
            self.stdout.write(f"{stored.id}  {ex.slug}")
        self.stdout.write(self.style.SUCCESS(f"{len(examples())} examples and {len(retired())} retired ones stored"))
