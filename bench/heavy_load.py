"""Four clients looping the heaviest accepted requests beside a reader of a normal permalink.

Not a test: prints the permalink's latency idle and under that load (issue 24: its p50 should stay within
2x of idle). gunicorn runs as production does (deploy/gunicorn.conf.py, the proxy named) with the abuse limits
ON at their defaults; each heavy client has its own address (an ``X-Forwarded-For`` hop, as nginx sends it).
Each client posts new variants of the heaviest accepted requests of bench/heaviest.py (a piece nudged each
time, so nothing is answered from the memo) and opens each in the editor (``/setup/?from=``).
Usage: ``python bench/heavy_load.py [--seconds 30] [--reads 200]``.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from heaviest import EXAMPLES, variants  # noqa: E402
from load import Server, scenario  # noqa: E402

HEAVIEST = [  # (example, variant): the heaviest accepted request of these actions in bench/heaviest.py's runs
    ("ar-23-move-obstacle-minimum-not-reached", "crowded by big ships"),
    ("am-17-squadron-move", "crowded by big ships"),
    ("ar-14-place-squadrons-violations", "crowded by big ships"),
    ("ar-12-off-the-table-destroyed", "crowded by big ships"),
    ("xw-01-through-asteroid-25", "crowded by 200-point rocks (as many as a body holds), then ships"),
    ("xw-27-setup-legal", "crowded by 200-point rocks (as many as a body holds), then ships"),
]


def heavy_docs() -> list[dict]:
    out = []
    for slug, name in HEAVIEST:
        doc = json.loads((EXAMPLES / f"{slug}.json").read_text())["scenario"]
        out.append(variants(doc)[name])
    return out


def nudged(doc: dict, i: int) -> bytes:
    """The document with its last piece moved by a hundredth of a millimetre per ``i``: a new scenario."""
    d = copy.deepcopy(doc)
    last = d["pieces"][-1]
    if "x" in last:
        last["x"] = round(last["x"] + 0.01 * (i % 500), 2)
    return json.dumps(d, separators=(",", ":")).encode()


def quantiles(lat: list[float]) -> str:
    q = statistics.quantiles(lat, n=100)
    return f"n={len(lat):<4} p50 {q[49]:6.1f} ms  p95 {q[94]:6.1f} ms  max {max(lat):6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--reads", type=int, default=200)
    args = parser.parse_args()
    limits_on = {"TABLE_RULING_LIMIT_WRITES": "120/60", "TABLE_RULING_LIMIT_RENDERS": "60/60",
                 "TABLE_RULING_LIMIT_NEW_PER_DAY": "5000/86400"}  # fmt: skip
    server = Server(env=limits_on)
    try:
        docs = heavy_docs()
        status, body, _ = server.request("POST", "/api/v1/rulings", scenario(0))
        sid = json.loads(body)["id"]
        server.get(f"/s/{sid}/")

        def read(n: int) -> list[float]:
            return [
                server.get(
                    f"/s/{sid}/",
                )[2]
                for _ in range(n)
            ]

        idle = read(args.reads)
        stop = threading.Event()
        statuses: Counter[int] = Counter()
        lock = threading.Lock()

        def client(k: int) -> None:
            me = {"X-Forwarded-For": f"198.51.100.{k + 1}"}
            i = 0
            while not stop.is_set():
                doc = docs[(k + i) % len(docs)]
                code, answer, _ = server.request("POST", "/api/v1/rulings", nudged(doc, i + 1000 * k), me)
                with lock:
                    statuses[code] += 1
                if code == 200:
                    code, _, _ = server.request("GET", f"/setup/?from={json.loads(answer)['id']}", None, me)
                    with lock:
                        statuses[code] += 1
                elif code == 429:
                    time.sleep(0.5)
                i += 1

        threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        time.sleep(2)  # the clients are under way
        loaded: list[float] = []
        deadline = time.time() + args.seconds
        while time.time() < deadline and len(loaded) < 10 * args.reads:
            loaded.append(server.get(f"/s/{sid}/")[2])
        stop.set()
        for t in threads:
            t.join()
        print(f"permalink, idle:                     {quantiles(idle)}")
        print(f"permalink, 4 heavy clients looping:  {quantiles(loaded)}")
        print(f"p50 ratio: {statistics.median(loaded) / statistics.median(idle):.2f}x idle")
        print(f"heavy clients' answers: {dict(sorted(statuses.items()))}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
