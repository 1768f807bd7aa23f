"""The heaviest accepted request of each action: rule and draw time, peak memory, first PNG.

For every action of every game, the library's examples of it are filled to the input caps in the ways
that cost the engine most (60 pieces, the biggest ships crowding the action, obstacles with 200-point
zig-zag outlines, the example's own obstacles made 200-point outlines); each variant the parser accepts
is ruled and drawn, and the slowest per action is measured again in a fresh process for its peak memory
(resident set, GEOS included) and its first PNG card. The variant whose card PNG costs the most CPU is not
always the slowest to rule, so every variant's card is rendered too and each action's slowest is printed.
Prints a table; nothing here passes or fails.
Usage: ``python bench/heaviest.py [--action NAME] [--json]``.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")

from rules.engine import ScenarioError, evaluate, parse_scenario, render_svg  # noqa: E402
from rules.engine.checker import MAX_OUTLINE_POINTS  # noqa: E402
from rules.engine.scenario import MAX_PIECES  # noqa: E402
from rules.engine.svg import POINT_BUDGET, drawn_points  # noqa: E402

EXAMPLES = ROOT / "rules" / "examples"
BIG_SHIP = {"xwing": "large", "armada": "huge"}


MAX_BODY = 60_000
"""Characters of the largest document accepted: the setup form's field (the API takes 64 KiB)."""


def _size(doc: Any) -> int:
    return len(json.dumps(doc, separators=(",", ":")))


def zigzag(cx: float, cy: float, r: float, points: int = MAX_OUTLINE_POINTS) -> list[list[float]]:
    """A star of ``points`` vertices (alternately at ``r`` and ``0.55 r``): concave everywhere."""
    return [
        [
            round(cx + (r if i % 2 else 0.55 * r) * math.sin(2 * math.pi * i / points), 2),
            round(cy + (r if i % 2 else 0.55 * r) * math.cos(2 * math.pi * i / points), 2),
        ]
        for i in range(points)
    ]


def _centre(doc: dict[str, Any]) -> tuple[float, float]:
    xs = [p["x"] for p in doc["pieces"] if "x" in p] or [300.0]
    ys = [p["y"] for p in doc["pieces"] if "y" in p] or [300.0]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _ring(doc: dict[str, Any], n: int, spacing: float) -> list[tuple[float, float]]:
    """``n`` spots spiralling out from the action's centre, kept on the table."""
    cx, cy = _centre(doc)
    w, h = (doc.get("table") or {}).get("width", 914.4), (doc.get("table") or {}).get("height", 914.4)
    if doc["game"] == "armada" and "table" not in doc:
        w, h = 1828.8, 914.4
    out = []
    for i in range(n):
        a, r = i * 2.4, spacing * (1 + math.sqrt(i))
        out.append((min(max(cx + r * math.sin(a), 10), w - 10), min(max(cy + r * math.cos(a), 10), h - 10)))
    return out


def variants(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    game = doc["game"]
    room = MAX_PIECES - len(doc["pieces"])
    out: dict[str, dict[str, Any]] = {}
    ships = copy.deepcopy(doc)
    for i, (x, y) in enumerate(_ring(doc, room, 90)):
        ships["pieces"].append(
            {
                "id": f"h{i}",
                "kind": "ship",
                "size": BIG_SHIP[game],
                "x": x,
                "y": y,
                "heading": (37 * i) % 360,
                "player": 1 + i % 2,
            }
        )
    out["crowded by big ships"] = ships
    rocks = copy.deepcopy(doc)
    for i, (x, y) in enumerate(_ring(doc, room, 70)):
        rock = {"id": f"z{i}", "kind": "obstacle", "type": "asteroid", "outline": zigzag(x, y, 30), "player": 1 + i % 2}
        if _size(rocks) + _size(rock) + 120 * (room - i) > MAX_BODY:  # the rest of the room: big ships
            rock = {"id": f"z{i}", "kind": "ship", "size": BIG_SHIP[game], "x": x, "y": y, "heading": 0}
        rocks["pieces"].append(rock)
    out["crowded by 200-point rocks (as many as a body holds), then ships"] = rocks
    own = copy.deepcopy(doc)
    changed = False
    for holder in [own["pieces"], [v for v in own["action"].values() if isinstance(v, dict)]]:
        for p in holder:
            if p.get("kind") == "obstacle" and "x" in p and "shape" in p:
                x, y = p.pop("x"), p.pop("y")
                for k in ("shape", "rotation", "flipped"):
                    p.pop(k, None)
                p["outline"] = zigzag(x, y, 40)
                changed = True
    if changed:
        for i, (x, y) in enumerate(_ring(doc, room, 90)):
            own["pieces"].append(
                {
                    "id": f"h{i}",
                    "kind": "ship",
                    "size": BIG_SHIP[game],
                    "x": x,
                    "y": y,
                    "heading": 0,
                    "player": 1 + i % 2,
                }
            )
        out["own obstacles as 200-point outlines, crowded"] = own
    return out


def rule_and_draw_ms(doc: dict[str, Any], repeat: int = 3) -> tuple[float, int]:
    best = math.inf
    steps = 0
    for _ in range(repeat):
        t = time.perf_counter()
        sc = parse_scenario(doc)
        ruling = evaluate(sc)
        render_svg(sc, ruling, id_prefix="b", step=None)
        best = min(best, time.perf_counter() - t)
        steps = len(ruling.steps)
    return best * 1000, steps


def card_png_cpu_ms(doc: dict[str, Any]) -> float:
    """CPU time of rendering this input's card PNG (resvg keeps nothing between renders: every one is a first)."""
    from rules.png import render_png

    sc = parse_scenario(doc)
    svg = render_svg(sc, evaluate(sc), id_prefix="b", standalone=True, caption="example.org/s/abcdefghij/")
    c = time.process_time()
    render_png(svg, 1200, 630)
    return (time.process_time() - c) * 1000


def _rss_kb(field: str) -> int:
    """A resident-set figure of this process (GEOS's memory included), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def one(path: str) -> None:
    """In a fresh process: rule, draw and render the first PNG card; print ms and peak memory."""
    from rules.png import render_png

    doc = json.loads(Path(path).read_text())
    Path("/proc/self/clear_refs").write_text("5")  # Linux: the peak resident set starts again from now
    before = _rss_kb("VmRSS")
    t, c = time.perf_counter(), time.process_time()
    sc = parse_scenario(doc)
    ruling = evaluate(sc)
    ruled, ruled_cpu = time.perf_counter() - t, time.process_time() - c
    svg = render_svg(sc, ruling, id_prefix="b", standalone=True, caption="example.org/s/abcdefghij/")
    t, c = time.perf_counter(), time.process_time()
    render_png(svg, 1200, 630)
    png, png_cpu = time.perf_counter() - t, time.process_time() - c
    peak = _rss_kb("VmHWM")
    print(
        json.dumps(
            {
                "rule_ms": ruled * 1000,
                "rule_cpu_ms": ruled_cpu * 1000,
                "png_ms": png * 1000,
                "png_cpu_ms": png_cpu * 1000,
                "points": drawn_points(svg),
                "peak_mb": peak / 1024,
                "grew_mb": (peak - before) / 1024,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--action", help="only this action type")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one(args.one)
        return
    heaviest: dict[tuple[str, str], tuple[float, int, str, dict[str, Any]]] = {}
    slowest_png: dict[tuple[str, str], tuple[float, str]] = {}
    """Per action, the variant whose card PNG took the most CPU (not always the slowest to rule)."""
    for path in sorted(EXAMPLES.glob("*.json")):
        doc = json.loads(path.read_text())["scenario"]
        key = (doc["game"], doc["action"]["type"])
        if args.action and key[1] != args.action:
            continue
        for name, variant in variants(doc).items():
            try:
                ms, steps = rule_and_draw_ms(variant)
            except ScenarioError:
                continue  # not an accepted request
            if _size(variant) > MAX_BODY:
                continue  # not an accepted request either: too large a body
            if key not in heaviest or ms > heaviest[key][0]:
                heaviest[key] = (ms, steps, f"{path.stem}: {name}", variant)
            png = card_png_cpu_ms(variant)
            if key not in slowest_png or png > slowest_png[key][0]:
                slowest_png[key] = (png, f"{path.stem}: {name}")
    rows = []
    for (game, action), (ms, steps, what, variant) in sorted(heaviest.items()):
        tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"heaviest-{game}-{action}.json"
        tmp.write_text(json.dumps(variant))
        r = subprocess.run([sys.executable, __file__, "--one", str(tmp)], capture_output=True, text=True, check=True)
        fresh = json.loads(r.stdout.strip().splitlines()[-1])
        rows.append(
            {
                "game": game,
                "action": action,
                "what": what,
                "rule_and_draw_ms": round(ms, 1),
                "steps": steps,
                "first_rule_ms": round(fresh["rule_ms"], 1),
                "first_rule_cpu_ms": round(fresh["rule_cpu_ms"], 1),
                "first_png_ms": round(fresh["png_ms"], 1),
                "first_png_cpu_ms": round(fresh["png_cpu_ms"], 1),
                "points": fresh["points"],
                "grew_mb": round(fresh["grew_mb"], 1),
                "body_kb": round(len(json.dumps(variant)) / 1024, 1),
                "slowest_png_cpu_ms": round(slowest_png[(game, action)][0], 1),
                "slowest_png": slowest_png[(game, action)][1],
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("ms: wall clock; cpu: this process's CPU time (what a request costs on a shared machine)")
    print(
        f"{'game':7} {'action':16} {'ms':>8} {'1st ms':>8} {'1st cpu':>8} {'png ms':>8} {'png cpu':>8} "
        f"{'points':>7} {'+MB':>6} {'steps':>6} {'KB':>6}  what"
    )
    for r in rows:
        print(
            f"{r['game']:7} {r['action']:16} {r['rule_and_draw_ms']:8.1f} {r['first_rule_ms']:8.1f} "
            f"{r['first_rule_cpu_ms']:8.1f} {r['first_png_ms']:8.1f} {r['first_png_cpu_ms']:8.1f} "
            f"{r['points']:7} {r['grew_mb']:6.1f} {r['steps']:6} {r['body_kb']:6.1f}  {r['what']}"
        )
    print("slowest card PNG of each action over all its variants (CPU ms, rendered in this process):")
    for r in rows:
        print(f"{r['game']:7} {r['action']:16} {r['slowest_png_cpu_ms']:8.1f}  {r['slowest_png']}")
    print(f"point budget of a picture: {POINT_BUDGET:,} (the PNG's work grows with the points it draws)")


if __name__ == "__main__":
    main()
