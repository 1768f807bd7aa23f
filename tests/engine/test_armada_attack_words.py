"""The attack's words: every template is used by some ruling, none leaves a placeholder or an id on the page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.engine import evaluate, parse_scenario
from rules.engine.armada import narrate_attack

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"


class Watched(dict[str, str]):
    """The templates, noting each one read."""

    used: set[str]

    def __getitem__(self, key: str) -> str:
        self.used.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        if key in self:
            self.used.add(key)
        return super().get(key, default)


def _renamed(doc: dict[str, Any]) -> dict[str, Any]:
    """Ids no reader should see (``zzid-n``), labels they should."""
    out = json.loads(json.dumps(doc))
    ids = {p["id"]: f"zzid-{i}" for i, p in enumerate(out["pieces"])}
    for i, p in enumerate(out["pieces"]):
        p["id"], p["label"] = ids[p["id"]], f"Piece {chr(65 + i)}"
    a = out["action"]
    for key in ("attacker", "defender"):
        a[key] = ids[a[key]]
    if "not_obstructing" in a:
        a["not_obstructing"] = [ids[x] for x in a["not_obstructing"]]
    return out


def _situations() -> list[dict[str, Any]]:
    docs = [json.loads(p.read_text(encoding="utf-8"))["scenario"] for p in sorted(LIBRARY.glob("ak-*.json"))]
    base = docs[0]
    extra = [
        {**base, "action": {**base["action"], "dice": {"black": 1}, "dice_results": {"black": ["hit-crit"]}}},
        {
            **base,
            "action": {**base["action"], "dice": {"black": 2}},
            "pieces": [*base["pieces"][:1], {**base["pieces"][1], "y": 700}],
        },
        {**base, "pieces": [*base["pieces"][:1], {**base["pieces"][1], "y": 1000}]},
        {**base, "pieces": [*base["pieces"][:1], {**base["pieces"][1], "x": 459, "y": 400, "heading": 90}]},
    ]
    sq = {"id": "q", "kind": "squadron", "x": 400, "y": 380, "player": 1}
    extra.append(
        {
            **base,
            "pieces": [sq, base["pieces"][1]],
            "action": {
                "type": "attack",
                "attacker": "q",
                "defender": "neb",
                "defender_zone": "front",
                "dice": {"blue": 2},
                "dice_results": {"blue": ["hit", "crit"]},
            },
        }
    )
    # a squadron right beside the front arc line, and a rock grazing the line
    extra.append(
        {
            **base,
            "pieces": [base["pieces"][0], {"id": "x", "kind": "squadron", "x": 468.9, "y": 415.25, "player": 2}],
            "action": {"type": "attack", "attacker": "vsd", "attacker_zone": "front", "defender": "x"},
        }
    )
    return docs + extra


def test_every_template_is_used_and_no_id_reaches_a_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    watched = Watched(narrate_attack.WORDS)
    watched.used = set()
    monkeypatch.setattr(narrate_attack, "WORDS", watched)
    for doc in _situations():
        ruling = evaluate(parse_scenario(_renamed(doc)))
        words = [ruling.summary, *ruling.warnings, *(f.label for f in ruling.figures)]
        words += [w for s in ruling.steps for w in (s.title, s.text, s.other_edition or "")]
        for w in words:
            assert "zzid" not in w and "{" not in w, w
    for scenario, facts in _synthetic():
        ruling = narrate_attack.narrate_attack(scenario, facts)
        words = [ruling.summary, *ruling.warnings, *(s.title + s.text for s in ruling.steps)]
        assert not [w for w in words if "{" in w]
    assert set(narrate_attack.all_templates()) - watched.used == set()


def _synthetic() -> list[tuple[Any, Any]]:
    """Facts for branches no table reaches easily: an exact touch of the arc line, close calls, dust under a dial."""
    from dataclasses import replace

    from rules.engine.armada.attack import Crossing, attack_facts

    doc = json.loads((LIBRARY / "ak-01-asteroid-between.json").read_text(encoding="utf-8"))["scenario"]
    doc["action"]["dice"] = {"black": 1}
    scenario = parse_scenario(doc)
    f = attack_facts(scenario)
    dust = Crossing("rock", "obstacle", "dust-field", "forbids", ("neb",))
    out = [
        replace(f, arc_touching=True, close_calls=("arc", "range", "rock")),
        replace(f, crossings=(dust,), range_band=1),
    ]
    sq = json.loads(json.dumps(doc))
    sq["pieces"][0] = {"id": "vsd", "kind": "squadron", "x": 400, "y": 300, "player": 1}
    sq["action"] = {"type": "attack", "attacker": "vsd", "defender": "neb", "defender_zone": "front"}
    squadron = parse_scenario(sq)
    return [(scenario, x) for x in out] + [(squadron, attack_facts(squadron))]


def test_a_squadrons_range_is_said_to_be_measured_to_the_defending_hull_zone() -> None:
    """Trial 4: the step said "to the closest point of <ship>" beside the rule's "of the defending hull zone"."""
    squadron = {"id": "sq", "kind": "squadron", "x": 900, "y": 590, "player": 1, "label": "TIE"}
    cr = {"id": "cr", "kind": "ship", "size": "small", "chassis": "cr90-corvette-a", "heading": 0, "player": 2}
    cr |= {"label": "CR90", "x": 900, "y": 700}
    action = {"type": "attack", "attacker": "sq", "defender": "cr", "defender_zone": "rear"}
    doc = {"format": 1, "game": "armada", "edition": "1.5", "pieces": [squadron, cr], "action": action}
    (step,) = [s for s in evaluate(parse_scenario(doc)).steps if s.title.startswith("Attack range")]
    assert "to the closest point of CR90's rear hull zone:" in step.text
