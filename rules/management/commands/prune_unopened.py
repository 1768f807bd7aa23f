"""Delete stored scenarios nobody ever opened, N days after they were stored.

A permalink that was opened once (page, picture or API answer) is kept forever,
and so is every library example; only scenarios posted and never looked at go.
Usage: ``python manage.py prune_unopened --days 30 [--dry-run]``; also drops old
abuse-limit counters and setup drafts (``/setup/?state=``) older than ``--draft-days``
(``settings.DRAFT_DAYS`` unless given: the number an expired draft's page tells its reader).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from rules import limits
from rules.library import examples, retired
from rules.models import Draft, StoredScenario


class Command(BaseCommand):
    help = "Delete scenarios never opened N days after they were stored (library examples are kept)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=30)
        parser.add_argument("--draft-days", type=int, default=None)
        parser.add_argument("--dry-run", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        days = max(1, int(options["days"]))
        cutoff = timezone.now() - timedelta(days=days)
        keep = [e.scenario.digest() for e in (*examples(), *retired())]
        stale = StoredScenario.objects.filter(opened__isnull=True, created__lt=cutoff).exclude(digest__in=keep)
        count = stale.count()
        if options["dry_run"]:
            self.stdout.write(f"{count} stored scenarios never opened in {days} days would be deleted")
            return
        stale._raw_delete(stale.db)  # bulk: rows are immutable one by one, never edited
        pruned = limits.prune()
        draft_days = max(1, int(options["draft_days"] or settings.DRAFT_DAYS))
        drafts, _ = Draft.objects.filter(created__lt=timezone.now() - timedelta(days=draft_days)).delete()
        self.stdout.write(
            f"deleted {count} stored scenarios never opened in {days} days; {pruned} old counters; "
            f"{drafts} drafts older than {draft_days} days"
        )
