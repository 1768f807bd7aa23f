"""Load and fault script: concurrency 1/8/32 against a local gunicorn, a worker killed mid-load.

Not a test (nothing passes or fails); it prints figures to compare run to run and
records them in docs/operations.md by hand.  Loopback only, bounded in requests
and time.  It starts gunicorn (2 gthread workers) on a free 127.0.0.1 port with
a throwaway SQLite database and cache, with the abuse limits off, and stops it.

Usage: ``python bench/load.py [--requests 300] [--seconds 120]``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from bench_ruling import busy_scenario  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """gunicorn with 2 threaded workers on loopback; stopped on exit."""

    def __init__(self) -> None:
        self.port = free_port()
        tmp = tempfile.mkdtemp()
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp}/load.sqlite3",
            "TABLE_RULING_CACHE_DIR": f"{tmp}/cache",
            "DJANGO_DEBUG": "1",
            "TABLE_RULING_LIMIT_WRITES": "0",
            "TABLE_RULING_LIMIT_RENDERS": "0",
            "TABLE_RULING_LIMIT_NEW_PER_DAY": "0",
        }
        py = str(ROOT / ".venv" / "bin" / "python")
        subprocess.run([py, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
        self.proc = subprocess.Popen(
            [
                py,
                "-m",
                "gunicorn",
                "rulesite.wsgi",
                "-b",
                f"127.0.0.1:{self.port}",
                "-w",
                "2",
                "-k",
                "gthread",
                "--threads",
                "4",
                "--log-level",
                "warning",
                "--timeout",
                "30",
            ],
            cwd=ROOT,
            env=env,
        )
        deadline = time.time() + 30
        while True:
            try:
                self.get("/healthz")
                return
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.2)

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes, float]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        t = time.perf_counter()
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, data, (time.perf_counter() - t) * 1000

    def get(self, path: str) -> tuple[int, bytes, float]:
        return self.request("GET", path)

    def workers(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True)
        return [int(p) for p in out.stdout.split()]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=15)


def scenario(i: int) -> bytes:
    doc = busy_scenario()
    doc["pieces"][0]["x"] = 300 + (i % 400) * 0.25  # a new scenario each time
    return json.dumps(doc).encode()


def run(label: str, conc: int, n: int, job: Callable[[int], tuple[int, bytes, float]], deadline: float) -> list[str]:
    lat: list[float] = []
    errors = 0
    ids: list[str] = []
    lock = threading.Lock()

    def one(i: int) -> None:
        nonlocal errors
        if time.time() > deadline:
            return
        status, body, ms = job(i)
        with lock:
            lat.append(ms)
            if status >= 500 or status == 0:
                errors += 1
            elif body[:1] == b"{" and status == 200:
                with contextlib.suppress(ValueError, KeyError):
                    ids.append(json.loads(body)["id"])

    t = time.perf_counter()
    with ThreadPoolExecutor(conc) as pool:
        list(pool.map(one, range(n)))
    wall = time.perf_counter() - t
    if lat:
        q = statistics.quantiles(lat, n=100)
        print(
            f"{label:<34} c={conc:<3} n={len(lat):<5} {len(lat) / wall:7.1f}/s  p50 {q[49]:6.1f} ms  "
            f"p95 {q[94]:6.1f} ms  p99 {q[98]:6.1f} ms  errors {errors}"
        )
    return ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seconds", type=int, default=120)
    args = parser.parse_args()
    n = max(20, min(args.requests, 3000))
    deadline = time.time() + max(10, min(args.seconds, 900))
    server = Server()
    try:
        counter = iter(range(10**9))
        stored: list[str] = []
        body = scenario(0)
        status, first, _ = server.request("POST", "/api/v1/rulings", body)
        sid = json.loads(first)["id"]
        for conc in (1, 8, 32):
            stored += run(
                "POST new busy scenario",
                conc,
                n,
                lambda i: server.request("POST", "/api/v1/rulings", scenario(next(counter))),
                deadline,
            )
            run("POST repeated scenario", conc, n, lambda i: server.request("POST", "/api/v1/rulings", body), deadline)
            run("GET permalink", conc, n, lambda i: server.get(f"/s/{sid}/"), deadline)
            run("GET SVG", conc, n, lambda i: server.get(f"/s/{sid}.svg"), deadline)
            run("GET PNG (cached)", conc, n, lambda i: server.get(f"/s/{sid}.png"), deadline)
        idle = run("GET permalink, idle", 1, n // 2, lambda i: server.get(f"/s/{sid}/"), deadline)
        del idle

        # a PNG flood (2 clients rendering new pictures) beside a permalink reader
        flood_ids = [
            json.loads(server.request("POST", "/api/v1/rulings", scenario(10**6 + i))[1])["id"] for i in range(40)
        ]
        stop = threading.Event()

        def flood() -> None:
            for fid in flood_ids:
                if stop.is_set():
                    return
                server.get(f"/s/{fid}.png")

        threads = [threading.Thread(target=flood) for _ in range(2)]
        for th in threads:
            th.start()
        run("GET permalink, under a PNG flood", 1, n // 2, lambda i: server.get(f"/s/{sid}/"), deadline)
        stop.set()
        for th in threads:
            th.join()

        # fault: kill a worker while writing
        def killer() -> None:
            time.sleep(0.5)
            workers = server.workers()
            if workers:
                os.kill(workers[0], signal.SIGKILL)
                print(f"killed worker {workers[0]} mid-load")

        threading.Thread(target=killer).start()
        stored += run(
            "POST new, a worker killed",
            8,
            n,
            lambda i: _safe(lambda: server.request("POST", "/api/v1/rulings", scenario(next(counter)))),
            deadline,
        )
        time.sleep(2)
        lost = [s for s in set(stored) if server.get(f"/api/v1/rulings/{s}")[0] != 200]
        print(f"ids verified after the run: {len(set(stored))}, lost {len(lost)}")
    finally:
        server.stop()


def _safe(job: Callable[[], tuple[int, bytes, float]]) -> tuple[int, bytes, float]:
    """A connection reset by a killed worker counts as an error (status 0), not a crash of the script."""
    try:
        return job()
    except (ConnectionError, http.client.HTTPException, OSError):
        return 0, b"", 0.0


if __name__ == "__main__":
    main()
