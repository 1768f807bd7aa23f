"""The engine must not import Django: it is a pure rules core."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "rules" / "engine"


def test_no_django_import_in_the_engine() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert not offenders
    assert len(list(ENGINE.rglob("*.py"))) > 5


def test_every_action_the_parser_admits_has_a_ruling() -> None:
    from rules.engine.evaluate import HANDLERS
    from rules.engine.scenario import ACTION_TYPES

    assert set(ACTION_TYPES) == set(HANDLERS)
