"""Every sentence of the attack and device narrations, rendered against facts.

Facts come from every library example of these actions (ids renamed to tokens no English word
matches, every piece labelled) and from synthetic facts covering each sentence's variants.  A
rendered step must fill every placeholder, name no id and no coordinate in its headline, and
cite clauses that exist.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from rules.engine import parse_scenario
from rules.engine.clauses import get_clause
from rules.engine.ruling import Step
from rules.engine.xwing import narrate_attack, narrate_devices
from rules.engine.xwing.attack import attack_findings
from rules.engine.xwing.devices import device_findings
from rules.engine.xwing.effects import BOMB_ROLLS, MINE_EFFECTS, times
from rules.engine.xwing.facts import Fact, Voice
from rules.engine.xwing.resolve import effect_facts
from tests.engine.test_labels_in_text import renamed

LIBRARY = Path(__file__).resolve().parents[2] / "rules" / "examples"
ACTIONS = {"attack", "drop", "launch", "place-device", "relocate-device", "detonate"}
EXAMPLES = [
    p
    for p in sorted(LIBRARY.glob("*.json"))
    if (doc := json.loads(p.read_text(encoding="utf-8"))["scenario"])["action"]["type"] in ACTIONS
    and doc["game"] == "xwing"  # Armada's attack has its own narration and test
]
TOKEN = re.compile(r"zq\d+x")
COORDINATES = re.compile(r"\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+")
PLACEHOLDER = re.compile(r"[{}]|\bNone\b|\[\]|\(\)")


def _names(ids: Iterable[str]) -> str:
    return ", ".join(f"Piece {i[2:-1]}" if TOKEN.fullmatch(i) else i for i in ids)


def check(step: Step, where: str) -> None:
    for text in (step.title, step.text, step.other_edition or ""):
        assert not PLACEHOLDER.search(text), f"{where}: unfilled placeholder in {text!r}"
    assert not TOKEN.search(step.title), f"{where}: an id in the headline {step.title!r}"
    assert "×" not in step.text, f"{where}: a count written as a multiplication in {step.text!r}"
    for text in (step.title, step.text, step.other_edition or ""):
        assert "Table Ruling" not in text, f"{where}: the product as the actor in {text!r}"
    for text in (step.title, step.text):
        assert not COORDINATES.search(text), f"{where}: coordinates where a player reads {text!r}"
    assert step.rules, where
    for rule in step.rules:
        assert get_clause(rule) is not None, f"{where}: cites {rule}, which does not exist"


def _labelled(path: Path) -> Any:
    scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
    ids = {p["id"]: f"zq{i}x" for i, p in enumerate(scenario["pieces"])}
    doc = renamed(scenario, ids)
    for i, p in enumerate(doc["pieces"]):
        p["label"] = f"Piece {i}"
    return parse_scenario(doc)


def test_the_library_has_examples_of_these_actions() -> None:
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_library_fact_renders_cleanly(path: Path) -> None:
    scenario = _labelled(path)
    voice = Voice(scenario.edition, scenario.names)
    if scenario.action["type"] == "attack":
        found = attack_findings(scenario)
        facts, sentences = found.facts, narrate_attack.SENTENCES
        cautions = [narrate_attack.warning(c, voice) for c in found.cautions]
        verdicts = [narrate_attack.verdict(found.outcome, found.arc, voice)]
    else:
        dfound = device_findings(scenario)
        assert dfound is not None and dfound.verdict is not None
        facts, sentences = dfound.facts, narrate_devices.SENTENCES
        cautions = [narrate_devices.warning(c, voice) for c in dfound.cautions]
        verdicts = [narrate_devices.verdict(dfound.verdict, voice)]
    assert facts
    for f in facts:
        check(sentences[f.kind](f, voice), f"{path.stem}/{f.kind}")
    for text in cautions + verdicts:
        assert not PLACEHOLDER.search(text) and not TOKEN.search(text), text


def _entry(kind: str, table: Mapping[str, Any], given: tuple[str, ...] | None) -> dict[str, Any]:
    return effect_facts("2.5", "zq5x", table[kind], "overlap", given)


A, B, C = "zq1x", "zq2x", "zq3x"
ATTACK_SAMPLES: dict[str, list[dict[str, Any]]] = {
    "not-enemy": [{"defender": B, "player": 1}],
    "arc": [
        {"attacker": A, "defender": B, "arc": arc, "in_arc": ok}
        for arc in ("front", "rear", "full")
        for ok in (True, False)
    ],
    "range": [
        {"range": r, "distance": d, "several": s}
        for r, d in ((0, 0.0), (2, 150.25), (None, 320.0))
        for s in (True, False)
    ],
    "range-0-forbidden": [{}],
    "range-0-restricted": [{}],
    "on-obstacle": [{"attacker": A, "obstacles": (B,)}, {"attacker": A, "obstacles": (B, C)}],
    "on-cargo": [{"attacker": A, "cargo": (B,)}],
    "obstacle-choice": [{"obstacles": (B, C)}],
    "obstructed": [{"obstacles": (B,)}],
    "object-choice": [{"objects": (B,)}],
    "objects": [{"objects": (B, C), "obstacles": o, "huge": h} for o in (True, False) for h in (True, False)],
    "huge-obstructs": [{"huge": (B,), "with_obstacle": w} for w in (True, False)],
}
DEVICE_SAMPLES: dict[str, list[dict[str, Any]]] = {
    "limit": [{"verb": v} for v in ("drop", "launch", "place a device")],
    "decloaked": [{"verb": "drop"}],
    "template": [
        {
            "verb": verb,
            "template": "[1 bank]",
            "guides": "rear",
            "ship": A,
            "card": "Proton Bomb",
            "clause": "device-card/proton-bomb",
            "card_templates": ("[1 straight]",),
            "default": default,
            "allowed_by": allowed,
        }
        for verb in ("drop", "launch")
        for default, allowed in ((True, ()), (False, ("Nimble Bomber",)), (False, ()))
    ],
    "obstacle-outside": [{}],
    "obstacle-lands": [
        {"obstacle": "loose cargo", "note": n, "clause": "obstacles/loose-cargo"} for n in ("", "A note.")
    ],
    "outside": [{}],
    "lands": [{"how": h, "under": u} for h in ("dropped", "placed", "relocated") for u in ((), (A, B))],
    "mine-detonates": [
        {"several": s, "tokens": t, "clause": "device-card/proximity-mine", "relocated": r}
        for s in (True, False)
        for t in (1, 3)
        for r in (True, False)
    ],
    "mine-fuse": [{"card": "Proximity Mine", "tokens": t, "n": 2, "ships": s} for t in (1, 3) for s in ((A,), (A, B))],
    "mine-effect": [
        {
            "card": card,
            "tokens": tokens,
            "n": 1,
            "ships": ships,
            "type": kind,
            "clause": clause,
            "entry": _entry(kind, MINE_EFFECTS, given),
            "given": given,
        }
        for kind, card, clause, tokens in (
            ("proximity-mine", "Proximity Mine", "device-card/proximity-mine", 1),
            ("cluster-mine", "Cluster Mines", "device-card/cluster-mines", 3),
            ("conner-net", "Conner Net", "device-card/conner-net", 1),
        )
        for ships in ((A,), (A, B))
        for given in (None, ("hit", "crit"), ("blank",))
    ],
    "bomb-waits": [
        {"reach": 1, "reached": r, "note": n, "clause": "device-card/proton-bomb", "under": u}
        for r in ((), (A,))
        for n in ("", "A note.")
        for u in (True, False)
    ],
    "card-note": [{"card": "Conner Net", "note": "A note.", "clause": "device-card/conner-net"}],
    "on-obstacle": [{"obstacles": (B,), "relocated": r} for r in (True, False)],
    "place-as-described": [{"card": "Proximity Mine", "clause": "device-card/proximity-mine"}],
    "relocate": [{"device": A}],
    "blaze-placed": [{"bomb": A, "under": u, "clause": "device-card/blazer-bomb"} for u in ((), (B,))],
    "no-bombs": [{}],
    "bomb-order": [{"first": 2}, {"first": 1, "unowned": (A,)}, {"first": 1, "unowned": (A, B)}],
    "bomb-fuse": [{"bomb": A}],
    "seismic-no-target": [{"bomb": A, "clause": "device-card/seismic-charge"}],
    "bomb-detonates": [
        {
            "bomb": A,
            "card": "Seismic Charge",
            "affected": aff,
            "remotes": rem,
            "effect": "Card text.",
            "obstacle": ob,
            "clause": "device-card/seismic-charge",
        }
        for aff in ((), (B,))
        for rem in ((), (C,))
        for ob in (None, C)
    ],
    "bomb-rolls": [
        {
            "bomb": A,
            "type": kind,
            "affected": aff,
            "unclear": len(aff) > 1 and given is not None,
            "entry": _entry(kind, BOMB_ROLLS, given if len(aff) == 1 else None),
            "given": given if len(aff) == 1 else None,
        }
        for kind in BOMB_ROLLS
        for aff in ((B,), (B, C))
        for given in (None, ("hit", "focus", "blank", "crit"), ("hit",))
    ],
}


@pytest.mark.parametrize(
    ("module", "samples"),
    [(narrate_attack, ATTACK_SAMPLES), (narrate_devices, DEVICE_SAMPLES)],
    ids=["attack", "devices"],
)
@pytest.mark.parametrize("edition", ["2.0", "2.5"])
def test_every_sentence_renders_against_synthetic_facts(module: Any, samples: dict, edition: str) -> None:
    assert set(samples) == set(module.SENTENCES), "every sentence needs samples (and every sample a sentence)"
    voice = Voice(edition, _names)
    for kind, datas in samples.items():
        for data in datas:
            check(module.SENTENCES[kind](Fact(kind, data, ()), voice), f"{kind} {data}")


def test_warnings_and_verdicts_render_against_synthetic_facts() -> None:
    voice = Voice("2.5", _names)
    texts = [
        narrate_attack.warning(Fact("near-arc-line", {"defender": B}), voice),
        narrate_attack.warning(Fact("near-band-line", {"distance": 99.8}), voice),
        narrate_attack.warning(Fact("near-edge", {"object": C}), voice),
        narrate_devices.warning(Fact("near-ship", {"card": "Cluster Mines", "tokens": 3, "n": 2, "ship": A}), voice),
        narrate_devices.verdict(Fact("cannot-place", {"ship": A, "verb": "drop", "card": "Proton Bomb"}), voice),
        narrate_devices.verdict(Fact("not-placed", {"card": "loose cargo"}), voice),
        narrate_devices.verdict(Fact("obstacle-placed", {"obstacle": "loose cargo", "under": (A,)}), voice),
        narrate_devices.verdict(Fact("detonations", {"fired": 2, "ships": (A,), "remotes": (C,)}), voice),
    ]
    for detonates in (True, False):
        entry = {**_entry("proximity-mine", MINE_EFFECTS, ("hit", "hit")), "ship": B}
        texts.append(
            narrate_devices.verdict(
                Fact(
                    "placed",
                    {
                        "card": "Proximity Mine",
                        "how": "dropped",
                        "under": (B,),
                        "detonates": detonates,
                        "effects": (entry,),
                    },
                ),
                voice,
            )
        )
    for outcome in (
        {"in_arc": False, "defender": B},
        {
            "in_arc": True,
            "attacker": A,
            "defender": B,
            "can_attack": True,
            "range": 1,
            "defense_bonus_dice": 0,
            "obstructing": [{"id": C}],
        },
    ):
        texts.append(narrate_attack.verdict(outcome, "front", voice))
    for text in texts:
        assert not PLACEHOLDER.search(text) and not TOKEN.search(text), text
    assert set(narrate_attack.WARNINGS) == {"near-arc-line", "near-band-line", "near-edge"}


def test_the_checks_can_fail() -> None:
    with pytest.raises(AssertionError):
        check(Step("Obstructed by {names}", "x", ("xwing-2.5/attack/arc",)), "t")
    with pytest.raises(AssertionError):
        check(Step("zq1x is in arc", "x", ("xwing-2.5/attack/arc",)), "t")
    with pytest.raises(AssertionError):
        check(Step("It lands at (400, 307.4)", "x", ("xwing-2.5/attack/arc",)), "t")
    with pytest.raises(AssertionError):
        check(Step("Fine", "x", ("xwing-2.5/no/such-clause",)), "t")


def _example(slug: str) -> Any:
    from rules.engine import evaluate

    doc = json.loads((LIBRARY / f"{slug}.json").read_text(encoding="utf-8"))
    return evaluate(parse_scenario(doc["scenario"]))


def test_two_of_the_same_die_result_are_added_up() -> None:
    """ "suffer 1 additional hit damage ×2" is said as a player says it, in the steps and the outcome."""
    r = _example("dv-03-mine-under-one-ship")
    branches = {b["result"] for e in r.outcome["effects"] for b in e["branches"]}
    assert {"suffer 2 additional hit damage", "suffer 2 additional critical damage"} <= branches
    assert not any("×" in b for b in branches)
    assert times("be assigned 1 stress token", 2) == "be assigned 2 stress tokens"
    assert times("lose 1 shield", 3) == "lose 3 shields"
    assert times("be assigned 3 ion tokens", 2) == "be assigned 6 ion tokens"


def test_a_device_under_two_ships_is_under_the_bases_of_both() -> None:
    r = _example("dv-04-mine-under-two-ships")
    assert any("It is placed under the bases of Small ship A and Small ship B." in s.text for s in r.steps)
    assert r.summary.startswith("The Proximity Mine is dropped under Small ship A and Small ship B ")


def test_cluster_mines_are_plural() -> None:
    r = _example("dv-09-cluster-mines")
    assert r.summary == "The Cluster Mines are dropped."
    assert any("the Cluster Mines' guides slide" in s.text for s in r.steps)


def test_loose_cargo_has_the_guides_not_the_card() -> None:
    r = _example("dv-15-cargo-chute-drop")
    assert any("the loose cargo token's guides slide into its far end" in s.text for s in r.steps)
    assert not any("Chute's guides" in s.text for s in r.steps)


def test_an_obstacle_placed_under_two_ships_lists_them_with_and() -> None:
    summary = _example("xw-17-loose-cargo-under-enemy").summary
    assert " under " in summary and " and " in summary and ", " not in summary


def test_a_judge_not_the_product_rules() -> None:
    """No X-Wing sentence or clause summary makes "Table Ruling" the actor ("Table Ruling lets the ship attack")."""
    engine = Path(__file__).resolve().parents[2] / "rules" / "engine"
    said = [p.name for p in sorted((engine / "xwing").rglob("*.py")) if "Table Ruling" in p.read_text(encoding="utf-8")]
    assert said == []
    clauses = json.loads((engine / "data" / "clauses.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in clauses if "Table Ruling" in c["summary"]] == []
    assert [c["id"] for c in clauses if "1/2/3" in c["summary"]] == []  # dice "per small/medium/large ship"


def test_x_wing_blurbs_speak_to_players_not_to_programs() -> None:
    """xw-34's blurb ended "a front-arc attack would be a 400": an HTTP status, not a ruling."""
    status = re.compile(r"\ba (400|404|500)\b|\bHTTP\b")
    said = [
        p.stem
        for p in sorted(LIBRARY.glob("*.json"))
        if (doc := json.loads(p.read_text(encoding="utf-8")))["scenario"]["game"] == "xwing"
        and status.search(doc["title"] + " " + doc.get("description", ""))
    ]
    assert said == []
