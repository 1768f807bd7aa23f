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
    from rules.engine import games

    for game in games.all_games():
        assert set(game.action_types) == set(game.handlers), game.name


CORE = ("scenario.py", "evaluate.py", "svg.py", "catalog.py", "checker.py", "game.py", "geometry.py", "ruling.py")


def test_the_core_names_no_game_package() -> None:
    """Only the registry (games.py) knows the game packages; the core consults it."""
    game_packages = {p.parent.name for p in ENGINE.glob("*/game.py")}
    assert {"xwing", "armada"} <= game_packages
    offenders = []
    for name in CORE:
        text = (ENGINE / name).read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if len(parts) > 2 and parts[2] in game_packages:
                    offenders.append(f"{name}: {node.module}")
        offenders += [f"{name}: mentions {g!r}" for g in game_packages if f'"{g}"' in text or f"'{g}'" in text]
    assert not offenders
    registry = (ENGINE / "games.py").read_text(encoding="utf-8")
    assert all(f"rules.engine.{g}.game" in registry for g in game_packages)
