"""Re-rule every stored scenario with today's engine and check that its page, SVG and PNG open.

Run after an engine upgrade (CI runs it against the frozen permalink fixtures): ``python manage.py rerule``;
exit status 1 when any stored permalink fails. Each row is served through the same views a reader's browser
reaches (the permalink page, ``.svg`` and ``.png``): a page must answer 200, the SVG must be well-formed XML
and the PNG a PNG. A row today's engine cannot read or rule is listed with the reason (its page still opens).

``--repair`` first forgets each row's cached ruling and pictures, so they are ruled and drawn afresh by the
checks (a picture drawn by a broken renderer, a ruling cached before a correction), then lists what still
fails: those rows need a correction to the engine, not to the row (rows are immutable).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.http import HttpResponse
from django.test import RequestFactory

from rules import limits
from rules.engine.changes import changes_since
from rules.models import StoredScenario
from rules.rulings import Unrulable, card_host, forget, ruling_for
from rules.views import permalink, picture_png, picture_svg
from rules.views.common import stored_scenario
from rules.views.pictures import forget_pictures


def _host() -> str:
    """A host the site answers to (the card prints it): the first named in ALLOWED_HOSTS."""
    named = [h.lstrip(".") for h in settings.ALLOWED_HOSTS if h not in ("*", "")]
    return named[0] if named else "localhost"


class Command(BaseCommand):
    help = "Re-rule every stored scenario and check its page, SVG and PNG; --repair redraws them first."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--repair",
            action="store_true",
            help="forget each row's cached ruling and pictures and draw them afresh, then list what still fails",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        repair = bool(options.get("repair"))
        factory = RequestFactory(HTTP_HOST=_host())
        failed: list[str] = []
        unrulable: list[str] = []
        corrected = 0
        total = 0
        saved = limits.RENDERS
        limits.RENDERS = limits.Limit(saved.name, 0, saved.seconds)  # this command is not a client
        try:
            for row in StoredScenario.objects.order_by("created").iterator(chunk_size=500):
                total += 1
                scenario = None
                try:
                    scenario = stored_scenario(row)
                    if repair:
                        forget(scenario, row.id)
                        forget_pictures(row.id, card_host(factory.get("/")))
                    ruling_for(scenario)
                except Unrulable as e:
                    unrulable.append(f"{row.id}: {e.reason}")
                rulable = scenario is not None and not unrulable_row(unrulable, row.id)
                problems = self._served(factory, row.id, rulable=rulable)
                if row.opened is None:  # served to this command, not opened by a reader: still prunable
                    StoredScenario.objects.filter(pk=row.id).update(opened=None)
                if problems:
                    failed.append(f"{row.id}: {'; '.join(problems)}")
                if scenario is not None and changes_since(row.engine_version, scenario):
                    corrected += 1
        finally:
            limits.RENDERS = saved
        bad = {line.partition(":")[0] for line in failed + unrulable}
        self.stdout.write(
            f"{total} stored scenarios re-ruled: {total - len(bad)} ok, {len(bad)} failed, "
            f"{corrected} with a correction since they were stored" + (" (redrawn)" if repair else "")
        )
        for line in unrulable:
            self.stdout.write(f"FAILED {line} (cannot be ruled; its page still opens)")
        for line in failed:
            self.stdout.write(f"FAILED {line}")
        if bad:
            needs = ": the engine needs a correction" if repair else ""
            raise CommandError(f"{len(bad)} stored scenarios no longer rule or draw{needs}")

    def _served(self, factory: RequestFactory, sid: str, *, rulable: bool) -> list[str]:
        """What is wrong with the row's page, SVG and PNG as a reader gets them."""
        checks: list[tuple[str, Callable[..., HttpResponse], str, Callable[[bytes], bool]]] = [
            ("page", permalink, f"/s/{sid}/", lambda body: b"<html" in body),
            ("svg", picture_svg, f"/s/{sid}.svg", _well_formed),
            ("png", picture_png, f"/s/{sid}.png", lambda body: body.startswith(b"\x89PNG\r\n\x1a\n")),
        ]
        problems = []
        for name, view, url, valid in checks:
            if not rulable and name != "page":
                continue  # no picture can be drawn: listed as unrulable above
            try:
                response = view(factory.get(url), sid)
            except Exception as e:  # noqa: BLE001 - every failure is reported, none stops the run
                problems.append(f"{name}: {type(e).__name__}: {e}")
                continue
            if response.status_code != 200:
                problems.append(f"{name}: answers {response.status_code}")
            elif not valid(response.content):
                problems.append(f"{name}: not a valid {name}")
        return problems


def unrulable_row(lines: list[str], sid: str) -> bool:
    return any(line.startswith(f"{sid}:") for line in lines)


def _well_formed(body: bytes) -> bool:
    try:
        ET.fromstring(body)
    except ET.ParseError:
        return False
    return True
