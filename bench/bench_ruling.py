"""Benchmark: engine time of a busy ruling, and HTTP latency of a ruling against /healthz.

Prints figures to compare run to run (not a test: nothing here passes or fails).
Starts gunicorn on a free loopback port with a throwaway SQLite database, sends a
bounded number of requests, and stops it.  Usage: ``python bench/bench_ruling.py [-n 200]``;
``--instructions`` counts instructions per ruling instead (valgrind), a figure a busy machine does not blur.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def busy_scenario() -> dict:
    """20 pieces and a bump: a medium ship banks into a large enemy among rocks and ships."""
    pieces: list[dict] = [
        {"id": "a", "kind": "ship", "size": "medium", "x": 300, "y": 200, "heading": 0, "player": 1},
        {"id": "b", "kind": "ship", "size": "large", "x": 330, "y": 400, "heading": 30, "player": 2},
    ]
    for i in range(9):
        pieces.append(
            {
                "id": f"r{i}",
                "kind": "obstacle",
                "type": "asteroid",
                "shape": f"asteroid-{i + 1}",
                "x": 110 + i * 80,
                "y": 620,
                "rotation": 20 * i,
            }
        )
    for i in range(9):
        pieces.append(
            {"id": f"s{i}", "kind": "ship", "size": "small", "x": 80 + i * 90, "y": 800, "heading": 180, "player": 2}
        )
    return {
        "format": 1,
        "game": "xwing",
        "edition": "2.5",
        "pieces": pieces,
        "action": {"type": "maneuver", "ship": "a", "bearing": "bank", "speed": 3, "direction": "right"},
    }


def armada_pieces() -> list[dict]:
    """10 ships, 10 squadrons, 6 obstacles on a 6' x 3' table."""
    pieces: list[dict] = [
        {"id": "a", "kind": "ship", "size": "medium", "x": 600, "y": 200, "heading": 0, "player": 1},
        {"id": "b", "kind": "ship", "size": "large", "x": 600, "y": 200 + 68.4 * 1 + 140, "heading": 90, "player": 2},
    ]
    for i in range(8):
        pieces.append(
            {"id": f"s{i}", "kind": "ship", "size": "small", "x": 150 + i * 200, "y": 800, "heading": 180, "player": 2}
        )
    for i in range(10):
        pieces.append({"id": f"q{i}", "kind": "squadron", "x": 900 + i * 60, "y": 150, "player": 1 + i % 2})
    shapes = ["asteroid-field-1", "asteroid-field-2", "asteroid-field-3", "debris-field-1", "debris-field-2", "station"]
    types = ["asteroid-field"] * 3 + ["debris-field"] * 2 + ["station"]
    for i, (shape, kind) in enumerate(zip(shapes, types, strict=True)):
        pieces.append(
            {
                "id": f"o{i}",
                "kind": "obstacle",
                "type": kind,
                "shape": shape,
                "x": 300 + i * 230,
                "y": 560,
                "rotation": 30 * i,
            }
        )
    return pieces


def armada_ram() -> dict:
    """A ram from speed 4 down to 1 among 26 pieces."""
    return {
        "format": 1,
        "game": "armada",
        "edition": "1.5",
        "pieces": armada_pieces(),
        "action": {"type": "maneuver", "ship": "a", "speed": 4, "clicks": [0, 0, 0, 0], "side": "right"},
    }


def armada_attack() -> dict:
    """An attack among the same 26 pieces: the medium ship's front on the large ship's right hull zone,
    its line of sight traced past six obstacles, eight other ships and ten squadrons."""
    return {
        "format": 1,
        "game": "armada",
        "edition": "1.5",
        "pieces": armada_pieces(),
        "action": {
            "type": "attack",
            "attacker": "a",
            "attacker_zone": "front",
            "defender": "b",
            "defender_zone": "right",
            "dice": {"red": 3, "blue": 2, "black": 1},
        },
    }


def armada_obstacle_move() -> dict:
    """An obstacle moved toward a ship with a minimum, with 20 other pieces all within its reach."""
    pieces: list[dict] = [
        {"id": "rock", "kind": "obstacle", "type": "debris-field", "shape": "debris-field-1", "x": 900, "y": 450},
        {"id": "t", "kind": "ship", "size": "medium", "x": 1080, "y": 470, "heading": 90, "player": 2},
    ]
    for i in range(6):
        pieces.append(
            {
                "id": f"s{i}",
                "kind": "ship",
                "size": "small",
                "x": 760 + 55 * i,
                "y": 300 - 10 * (i % 2),
                "heading": 15 * i,
                "player": 1 + i % 2,
            }
        )
    for i in range(8):
        pieces.append({"id": f"q{i}", "kind": "squadron", "x": 780 + 40 * i, "y": 610, "player": 1 + i % 2})
    shapes = [("asteroid-field", "asteroid-field-1"), ("asteroid-field", "asteroid-field-2"), ("station", "station")]
    for i, (kind, shape) in enumerate(shapes):
        pieces.append(
            {
                "id": f"o{i}",
                "kind": "obstacle",
                "type": kind,
                "shape": shape,
                "x": 760 + 120 * i,
                "y": 420 + 60 * (i % 2),
                "rotation": 40 * i,
            }
        )
    pieces += [
        {"id": "obj", "kind": "token", "type": "objective", "x": 1000, "y": 380},
        {"id": "mine", "kind": "token", "type": "proximity-mine", "x": 820, "y": 520},
    ]
    return {
        "format": 1,
        "game": "armada",
        "edition": "1.5",
        "pieces": pieces,
        "action": {
            "type": "move-obstacle",
            "obstacle": "rock",
            "to": {"x": 960, "y": 455, "rotation": 30},
            "max_distance": 2,
            "min_distance": 1,
            "toward": "t",
        },
    }


def armada_moved_blocker(i: int) -> dict:
    """``armada_obstacle_move`` with its station moved by (i + 1) hundredths of a mm: setting up, another
    piece moved (a new place each time, so nothing about that piece is cached)."""
    doc = armada_obstacle_move()
    station = next(p for p in doc["pieces"] if p["id"] == "o2")
    station["x"] += (i + 1) / 100
    return doc


def _median_ms(doc: dict, n: int) -> tuple[float, float]:
    from rules.engine import evaluate, parse_scenario

    times = []
    for _ in range(n):
        t = time.perf_counter()
        evaluate(parse_scenario(doc))
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), sorted(times)[int(0.95 * n) - 1]


def _ruled_and_drawn_ms(doc: dict, n: int) -> float:
    """What a new scenario costs before it may be stored: parsed, ruled and its picture drawn (median)."""
    from rules.engine import evaluate, parse_scenario, render_svg

    times = []
    for i in range(n):
        d = json.loads(json.dumps(doc))
        d["pieces"][2]["x"] += (i + 1) / 100  # new each time, as the server's new scenarios are
        t = time.perf_counter()
        s = parse_scenario(d)
        render_svg(s, evaluate(s), id_prefix="bench")
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def engine_figures(n: int) -> None:
    from rules.engine import evaluate, parse_scenario

    doc = busy_scenario()
    med, p95 = _median_ms(doc, n)
    r = evaluate(parse_scenario(doc))
    print(
        f"engine: busy ruling (20 pieces, {r.outcome['executed']} bump into {r.outcome['bumped']}): "
        f"median {med:.2f} ms, p95 {p95:.2f} ms over {n}"
    )
    ram = armada_ram()
    med, p95 = _median_ms(ram, n)
    r = evaluate(parse_scenario(ram))
    print(
        f"engine: busy Armada ram (26 pieces, speed 4 -> {r.outcome['executed_speed']}): "
        f"median {med:.2f} ms, p95 {p95:.2f} ms over {n}"
    )
    attack = armada_attack()
    med, p95 = _median_ms(attack, n)
    r = evaluate(parse_scenario(attack))
    print(
        f"engine: busy Armada attack (26 pieces, {r.outcome['range']} range, "
        f"obstructed={r.outcome['obstructed']}): median {med:.2f} ms, p95 {p95:.2f} ms over {n} (aim: < 2 ms)"
    )
    move = armada_obstacle_move()
    med, p95 = _median_ms(move, max(10, n // 4))
    r = evaluate(parse_scenario(move))
    print(
        f"engine: Armada obstacle move with its legal region ({len(move['pieces'])} pieces near it, "
        f"legal={r.outcome['legal']}): "
        f"median {med:.2f} ms, p95 {p95:.2f} ms over {max(10, n // 4)} (aim: < 20 ms)"
    )


def picture_figures(n: int) -> None:
    """A first PNG of the busy scenario's card: SVG drawing, then resvg (what a cache miss costs)."""
    from rules.engine import evaluate, parse_scenario, render_svg
    from rules.png import render_png

    cases = (
        ("busy X-Wing", busy_scenario(), "aim: <= 100 ms"),
        ("busy Armada ram", armada_ram(), "aim: <= 100 ms"),
        ("worst case: 60 pieces, 59 of them DRK-1 remotes (181-point outlines)", worst_tokens(), WORST_AIM),
        ("worst case: 64 KiB of 200-point hand-drawn outlines", worst_outlines(), WORST_AIM),
    )
    for name, doc, aim in cases:
        scenario = parse_scenario(doc)
        ruling = evaluate(scenario)
        svg_ms, png_ms = [], []
        for _ in range(max(5, n // 20)):
            t = time.perf_counter()
            svg = render_svg(scenario, ruling, standalone=True)
            t1 = time.perf_counter()
            render_png(svg, 1200, 630)
            svg_ms.append((t1 - t) * 1000)
            png_ms.append((time.perf_counter() - t1) * 1000)
        total = [a + b for a, b in zip(svg_ms, png_ms, strict=True)]
        print(
            f"picture: first PNG of the {name} card: median {statistics.median(total):.1f} ms "
            f"(SVG {statistics.median(svg_ms):.1f} ms + resvg {statistics.median(png_ms):.1f} ms), "
            f"max {max(total):.1f} ms over {len(total)} ({aim})"
        )


def cache_figures(entries: int = 50_000, writes: int = 50) -> None:
    """One cache write with the shared cache nearly full: Django's file cache against ours."""
    import shutil

    from django.core.cache.backends.filebased import FileBasedCache

    from rules.cache import RarelyCulledFileCache

    root = Path(tempfile.mkdtemp(prefix="bench-cache-"))
    try:
        for i in range(entries):
            (root / f"{i:032x}.djcache").touch()
        params = {"OPTIONS": {"MAX_ENTRIES": entries * 2}}
        for name, backend in (
            ("Django's FileBasedCache", FileBasedCache),
            ("RarelyCulledFileCache", RarelyCulledFileCache),
        ):
            c = backend(str(root), dict(params))
            times = []
            for i in range(writes):
                t = time.perf_counter()
                c.set(f"bench-{backend.__name__}-{i}", b"x" * 2000)
                times.append((time.perf_counter() - t) * 1000)
            print(
                f"cache: one write with {entries:,} entries, {name}: median {statistics.median(times):.2f} ms, "
                f"max {max(times):.1f} ms over {writes}"
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


WORST_AIM = "render budget, held by the input caps (60 pieces, 200 points an outline, 64 KiB): <= 250 ms"


def worst_tokens() -> dict:
    """The most drawing the caps allow with catalogue shapes: 60 pieces of the densest outline."""
    rng = random.Random(1)
    pieces: list[dict] = [{"id": "a", "kind": "ship", "size": "small", "x": 450, "y": 100, "heading": 0, "player": 1}]
    for i in range(59):
        x, y, h = rng.uniform(40, 870), rng.uniform(200, 870), rng.uniform(0, 360)
        pieces.append({"id": f"r{i}", "kind": "remote", "type": "drk-1-probe-droid", "x": x, "y": y, "heading": h})
    action = {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 5}
    return {"format": 1, "game": "xwing", "edition": "2.5", "pieces": pieces, "action": action}


def worst_outlines() -> dict:
    """As many 200-point (the cap) star-shaped outlines as fit in the 64 KiB body limit."""
    pieces: list[dict] = [{"id": "a", "kind": "ship", "size": "small", "x": 450, "y": 60, "heading": 0, "player": 1}]
    doc = {"format": 1, "game": "xwing", "edition": "2.5", "pieces": pieces, "action": {}}
    doc["action"] = {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 5}
    for i in range(59):
        cx, cy = 100 + (i % 8) * 100, 200 + (i // 8) * 95
        star = [
            [
                round(cx + (40 if k % 2 else 20) * math.cos(k * math.pi / 100), 2),
                round(cy + (40 if k % 2 else 20) * math.sin(k * math.pi / 100), 2),
            ]
            for k in range(200)
        ]
        trial = [*pieces, {"id": f"o{i}", "kind": "obstacle", "type": "asteroid", "outline": star}]
        if len(json.dumps({**doc, "pieces": trial}, separators=(",", ":"))) > 64 * 1024:
            break
        pieces = trial
    return {**doc, "pieces": pieces}


def scaled_scenario(count: int, near: bool) -> dict:
    """The busy bank among ``count`` pieces: extra small ships and asteroids (one in three) near the move, or far."""
    doc = busy_scenario()
    base = doc["pieces"][:2]
    extra: list[dict] = []
    for i in range(count - 2):
        if near:  # a ring of ships and rocks around the move's reach, none touching the path
            x, y = 150 + 60 * (i % 10), 150 + 70 * (i // 10)
            if 230 <= x <= 420 and 130 <= y <= 480:
                x += 260
        else:  # far side of the table
            x, y = 60 + 70 * (i % 12), 700 + 60 * (i // 12)
        extra.append(
            {"id": f"x{i}", "kind": "obstacle", "type": "asteroid", "shape": "asteroid-3", "x": x, "y": y}
            if i % 3 == 0
            else {"id": f"x{i}", "kind": "ship", "size": "small", "x": x, "y": y, "heading": 180, "player": 2}
        )
    doc["pieces"] = base + extra
    return doc


def armada_scaled_scenario(count: int, near: bool) -> dict:
    """The Armada ram (ships a and b) among ``count`` pieces: squadrons and small ships (one in three)
    in columns beside the ram's path, none in it, or on the far side of the table."""
    doc = armada_ram()
    base = doc["pieces"][:2]
    extra: list[dict] = []
    for i in range(count - 2):
        if near:  # three columns either side of both ships (x 473-727), rows up the ram's path
            x, y = (290, 350, 410, 790, 850, 910)[i % 6], 80 + 70 * (i // 6)
        else:
            x, y = 1250 + 90 * (i % 6), 80 + 80 * (i // 6)
        extra.append(
            {"id": f"x{i}", "kind": "ship", "size": "small", "x": x, "y": y, "heading": 0, "player": 2}
            if i % 3 == 0
            else {"id": f"x{i}", "kind": "squadron", "x": x, "y": y, "player": 2}
        )
    doc["pieces"] = base + extra
    return doc


def scaling_figures(n: int) -> None:
    """Engine time as the table fills (issue 12 asks for near-flat growth for pieces far from the move),
    for the X-Wing bank and the Armada ram."""
    for name, scaled in (("busy bank", scaled_scenario), ("Armada ram", armada_scaled_scenario)):
        for near in (False, True):
            row = []
            for count in (10, 20, 40, 60):
                med, _ = _median_ms(scaled(count, near), max(10, n // 4))
                row.append(f"{count}: {med:.2f} ms")
            print(f"engine: {name} with N pieces {'near' if near else 'far from'} the move: " + ", ".join(row))


def profile(n: int, top: int = 25) -> None:
    """Where a busy X-Wing ruling spends its time (cumulative, top functions)."""
    import cProfile
    import pstats

    from rules.engine import evaluate, parse_scenario

    doc = busy_scenario()
    evaluate(parse_scenario(doc))  # warm caches and imports
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(n):
        evaluate(parse_scenario(doc))
    prof.disable()
    stats = pstats.Stats(prof)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)


def _ruled(case: str) -> tuple[str, str]:
    return f"doc = bench_ruling.{case}()\n", "evaluate(parse_scenario(doc))"


def _snapped(case: str) -> tuple[str, str]:
    return f"doc = bench_ruling.{case}()\nsc = parse_scenario(doc)\ngame = games.get(sc.game)\n", (
        "game.snap_menu(sc, doc['action'])"
    )


PREVIEW_SETUP = """
os.environ.update(bench_ruling.production_env(sys.executable))
import django; django.setup()
client, query, headers = bench_ruling.preview_request()
query |= {"menus": bench_ruling.menus_key(client.get('/setup/', query, headers=headers).content)}
"""

INSTRUCTION_CASES: dict[str, tuple[str, str]] = {
    "busy X-Wing ruling (parse + evaluate)": _ruled("busy_scenario"),
    "busy Armada ram (parse + evaluate)": _ruled("armada_ram"),
    "busy Armada attack (parse + evaluate)": _ruled("armada_attack"),
    "setup preview, 20 pieces (through Django, menus kept)": (
        PREVIEW_SETUP,
        "client.get('/setup/', query, headers=headers)",
    ),
    "X-Wing snap list, 20 pieces": _snapped("busy_scenario"),
    "Armada destination snaps (with their legal region)": _snapped("armada_obstacle_move"),
    "Armada attack snaps, 26 pieces": _snapped("armada_attack"),
    "Armada legal region, cold (an obstacle move, its caches cleared)": (
        "from rules.engine.armada.obstacles import clear_region_caches, move_ruling\n"
        "move = parse_scenario(bench_ruling.armada_obstacle_move())\n",
        "clear_region_caches(); move_ruling(move)",
    ),
    "Armada legal region, another piece moved (the station, a new place each time)": (
        "from rules.engine.armada.obstacles import move_ruling\n"
        "moves = iter([parse_scenario(bench_ruling.armada_moved_blocker(i)) for i in range(300)])\n"
        "move_ruling(parse_scenario(bench_ruling.armada_obstacle_move()))\n",
        "move_ruling(next(moves))",
    ),
}


def _count_instructions(case: str, n: int) -> int:
    """Instructions (valgrind's callgrind ``Ir``) of a process that runs ``case`` once, then ``n`` times more."""
    setup, call = INSTRUCTION_CASES[case]
    code = (
        "import os, sys; sys.path.insert(0, 'bench'); sys.path.insert(0, '.')\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'rulesite.settings')\n"
        "import bench_ruling\n"
        "from rules.engine import evaluate, games, parse_scenario\n"
        f"{setup}"
        f"{call}\n"
        f"for _ in range({n}):\n"
        f"    {call}\n"
    )
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same string hashes, so the same dict and set layouts
        capture_output=True,
        text=True,
        check=True,
    )
    found = [line for line in out.stderr.splitlines() if "Collected :" in line]
    return int(found[-1].split(":")[-1])


def instruction_figures(n: int = 200) -> None:
    """Instructions per ruling, preview or snap list: unlike time, the same on a busy or a quiet machine, so
    comparable run to run and commit to commit (the difference of a process doing it n + 1 times and once)."""
    import shutil

    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind)")
        return
    for name in INSTRUCTION_CASES:
        runs = n if "ruling" in name else max(5, n // 20)  # a preview or a snap list is some 50 rulings' work
        per = (_count_instructions(name, runs) - _count_instructions(name, 0)) / runs
        print(f"instructions: {name}: {per / 1e6:.2f} million each (callgrind, {runs} runs)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def timed(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None) -> float:
    t = time.perf_counter()
    conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    resp = conn.getresponse()
    resp.read()
    if resp.status != 200:
        raise RuntimeError(f"{method} {path}: {resp.status}")
    return (time.perf_counter() - t) * 1000


def production_env(py: str) -> dict[str, str]:
    """Settings as in production (DEBUG off, hashed static files) with a throwaway SQLite database and
    cache and the abuse limits off: the server's own speed. Migrated and collected, ready for gunicorn."""
    tmp = tempfile.mkdtemp()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
        "TABLE_RULING_CACHE_DIR": f"{tmp}/cache",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-" + os.urandom(8).hex(),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "TABLE_RULING_LIMIT_WRITES": "0",
        "TABLE_RULING_LIMIT_RENDERS": "0",
        "TABLE_RULING_LIMIT_NEW_PER_DAY": "0",
    }
    subprocess.run([py, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([py, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    return env


def http_figures(n: int) -> None:
    port = free_port()
    py = sys.executable
    env = production_env(py)
    server = subprocess.Popen(
        [py, "-m", "gunicorn", "rulesite.wsgi", "-b", f"127.0.0.1:{port}", "-w", "1", "--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )
    try:
        deadline = time.time() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.2)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        timed(conn, "GET", "/healthz")  # warm-up
        floor = [timed(conn, "GET", "/healthz") for _ in range(n)]
        same = json.dumps(busy_scenario()).encode()
        timed(conn, "POST", "/api/v1/rulings", same)
        warm = [timed(conn, "POST", "/api/v1/rulings", same) for _ in range(n)]
        cold = []
        for i in range(n):
            # a new scenario each time (a rock moved by hundredths of a mm): nothing cached, a new row stored
            doc = busy_scenario()
            doc["pieces"][2]["x"] += (i + 1) / 100
            cold.append(timed(conn, "POST", "/api/v1/rulings", json.dumps(doc).encode()))
        conn.close()
        for name, times in (
            ("GET /healthz", floor),
            ("POST ruling, new scenario", cold),
            ("POST ruling, repeated", warm),
        ):
            print(
                f"http: {name}: median {statistics.median(times):.2f} ms, "
                f"p95 {sorted(times)[int(0.95 * n) - 1]:.2f} ms, "
                f"{1000 / statistics.mean(times):.0f} req/s sequential over {n}"
            )
        f = statistics.median(floor)
        print(
            f"ratio to the /healthz floor: new scenario {statistics.median(cold) / f:.1f}x (aim: <= 3x), "
            f"repeated (answered from the memo) {statistics.median(warm) / f:.1f}x (aim: <= 1.5x)"
        )
        alone = _ruled_and_drawn_ms(busy_scenario(), n)  # in this process, after the server's run
        print(
            f"lower bound of the new scenario's ratio: parsing, ruling and drawing it (which must succeed before "
            f"it is stored) take {alone:.2f} ms alone, {alone / f:.1f}x the floor, before storing or answering"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def _ms(work: Any, n: int, before: Any = None, cpu: list[float] | None = None) -> list[float]:
    """``n`` wall times of ``work()`` in ms; ``before()``, if given, runs untimed ahead of each (a cache cleared);
    ``cpu``, if given, gets each one's CPU time too (``time.thread_time``: waiting for a core not counted)."""
    samples = []
    for _ in range(n):
        if before is not None:
            before()
        t, c = time.perf_counter(), time.thread_time()
        work()
        samples.append((time.perf_counter() - t) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - c) * 1000)
    return samples


def preview_scenario() -> dict:
    """The busy X-Wing bank as the setup page's live preview shows it."""
    doc = busy_scenario()
    doc["pieces"][1]["player"] = 2
    return doc


def preview_request() -> tuple[Any, dict[str, str], dict[str, str]]:
    """A Django test client, the setup form's values for ``preview_scenario`` and the headers of the htmx
    request a change sends for the preview (Django set up already)."""
    from django.test import Client

    from rules.engine import parse_scenario
    from rules.setup_state import initial_from_scenario

    form, rows = initial_from_scenario(parse_scenario(preview_scenario()))
    query: dict[str, str] = {k: str(v) for k, v in form.items() if v not in (None, "", False)}
    query |= {"p-TOTAL_FORMS": str(len(rows)), "p-INITIAL_FORMS": "0", "pick": "1"}
    for i, row in enumerate(rows):
        query |= {f"p-{i}-{k}": ("on" if v is True else str(v)) for k, v in row.items() if v not in (None, "", False)}
    return Client(HTTP_HOST="localhost"), query, {"HX-Request": "true", "HX-Target": "preview"}


def menus_key(page: bytes) -> str:
    """The key of the pieces' names a setup page drew its menus for (its hidden ``menus`` input)."""
    found = re.search(rb'name="menus" id="menus" value="([0-9a-f]+)"', page)
    assert found is not None, "the setup page has no menus key"
    return found.group(1).decode()


def setup_page_figures(n: int) -> None:
    """Issue 22's live setup page with 20 pieces: the preview a change answers with (server time, through
    Django: form, ruling, picture with its ghosts, snaps), the snap list alone, and an Armada legal region."""
    import django

    os.environ.update(production_env(sys.executable))  # a throwaway migrated database, production settings
    django.setup()
    from rules.engine import games, parse_scenario
    from rules.engine.armada.obstacles import clear_region_caches, move_ruling

    doc = preview_scenario()
    scenario = parse_scenario(doc)
    client, renamed, headers = preview_request()
    first = client.get("/setup/", renamed, headers=headers)
    assert first.status_code == 200
    # the page sends back the key of the pieces' names it drew its menus for (a hidden input): a drag, a pick
    # or a dial leaves the names as they were, so the menus are not drawn again; a rename draws them again
    query = renamed | {"menus": menus_key(first.content)}
    from django.core.signals import request_finished

    from rules.collecting import collect_young

    # A server sends the answer, then collects (rules/collecting.py: on request_finished, which a WSGI server
    # fires when it closes the sent response). The test client fires it inside get(): the collection is taken
    # out of the answer's time here, run between the answers as a server runs it, and timed on its own below.
    request_finished.disconnect(dispatch_uid="rules.collecting")
    cpu: list[float] = []
    samples = _ms(lambda: client.get("/setup/", query, headers=headers), n, cpu=cpu, before=collect_young)
    print(
        f"setup preview, {len(doc['pieces'])} pieces (htmx partial: ruling, picture, ghosts, snaps; a drag, a pick "
        f"or a dial: the pieces' menus kept): median {statistics.median(samples):.1f} ms, p95 {_p95(samples):.1f} ms "
        f"(target <= 25 ms); CPU median {statistics.median(cpu):.1f} ms, p95 {_p95(cpu):.1f} ms "
        f"(the load: {os.getloadavg()[0]:.1f})"
    )
    samples = _ms(lambda: client.get("/setup/", renamed, headers=headers), n, before=collect_young)
    print(
        "setup preview after a piece is renamed (the same, its piece menus drawn again): "
        f"median {statistics.median(samples):.1f} ms, p95 {_p95(samples):.1f} ms (target <= 25 ms)"
    )
    after = _ms(collect_young, n, before=lambda: client.get("/setup/", query, headers=headers))
    print(
        "the collection after each preview's answer was sent (the worker busy, the answer not delayed): "
        f"median {statistics.median(after):.2f} ms, p95 {_p95(after):.2f} ms, max {max(after):.2f} ms"
    )
    request_finished.connect(collect_young, dispatch_uid="rules.collecting")
    game = games.get(scenario.game)
    samples = _ms(lambda: game.snap_menu(scenario, scenario.action), n)
    count = len(game.snap_menu(scenario, scenario.action))
    print(
        f"snap list, {len(doc['pieces'])} pieces ({count} snaps): "
        f"median {statistics.median(samples):.2f} ms, p95 {_p95(samples):.2f} ms (target <= 10 ms)"
    )
    move = parse_scenario(armada_obstacle_move())
    samples = _ms(lambda: move_ruling(move), n)
    print(
        f"Armada legal region (obstacle move ruling), {len(move.pieces)} pieces: "
        f"median {statistics.median(samples):.2f} ms, p95 {_p95(samples):.2f} ms (target <= 10 ms; "
        "the same move again, as the live preview asks while the destination is dragged)"
    )
    samples = _ms(lambda: move_ruling(move), n, before=clear_region_caches)
    print(
        f"Armada legal region, cold (its caches cleared each time: a new table or rotation): "
        f"median {statistics.median(samples):.2f} ms, p95 {_p95(samples):.2f} ms (target <= 10 ms)"
    )
    moves = iter([parse_scenario(armada_moved_blocker(i)) for i in range(n)])
    move_ruling(move)  # the table's other blockers' areas, kept from the rulings before
    samples = _ms(lambda: move_ruling(next(moves)), n)
    print(
        f"Armada legal region, another piece moved (setting up: the station beside it moved to a new place each "
        f"time, the other blockers' areas kept): median {statistics.median(samples):.2f} ms, "
        f"p95 {_p95(samples):.2f} ms (target <= 10 ms)"
    )
    region = games.get("armada")
    action = armada_obstacle_move()["action"]
    samples = _ms(lambda: region.snap_menu(move, action), n)
    print(
        f"Armada destination snaps (from the legal region; after a ruling of the same situation, its figures): "
        f"median {statistics.median(samples):.2f} ms, p95 {_p95(samples):.2f} ms (target <= 10 ms)"
    )
    attack = parse_scenario(armada_attack())
    samples = _ms(lambda: region.snap_menu(attack, attack.action), n)
    count = len(region.snap_menu(attack, attack.action))
    print(
        f"Armada attack snaps, {len(attack.pieces)} pieces ({count} snaps: the defender at each range, obstacles "
        f"across the line of sight): median {statistics.median(samples):.2f} ms, p95 {_p95(samples):.2f} ms "
        "(target <= 10 ms)"
    )
    from rules.engine import evaluate

    samples = _ms(lambda: (evaluate(move), region.snap_menu(move, action)), n, before=clear_region_caches)
    print(
        f"Armada obstacle-move preview's engine work, cold (ruling, then its destination snaps, one legal region): "
        f"median {statistics.median(samples):.2f} ms, p95 {_p95(samples):.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=200, help="requests per endpoint (bounded)")
    parser.add_argument("--profile", action="store_true", help="print the busy ruling's top functions and stop")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="print instructions per ruling (needs valgrind; slow, but the same on a busy machine) and stop",
    )
    parser.add_argument("--setup", action="store_true", help="print only the live setup page's figures and stop")
    args = parser.parse_args()
    n = max(10, min(args.n, 2000))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    if args.profile:
        profile(n)
        return
    if args.instructions:
        instruction_figures()
        return
    if args.setup:
        setup_page_figures(n)
        return
    engine_figures(n)
    setup_page_figures(n)
    scaling_figures(n)
    picture_figures(n)
    cache_figures()
    http_figures(n)


if __name__ == "__main__":
    main()
