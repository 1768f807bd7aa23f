"""Load and fault script: concurrency 1/8/32 against a local gunicorn, a worker killed mid-load.

Not a test (nothing passes or fails); it prints figures to compare run to run and
records them in docs/operations.md by hand.  Loopback only, bounded in requests
and time.  It starts gunicorn as deploy/gunicorn.conf.py sets it up (2 gthread workers of
2 threads, production settings: DEBUG off, hashed static files) on a free 127.0.0.1 port with
a throwaway SQLite database and cache, with the abuse limits off, and stops it.

Usage: ``python bench/load.py [--requests 300] [--seconds 120] [--nginx]
[--without-proxy-settings]``; with ``--nginx`` every request goes through nginx configured as
deploy/nginx.conf recommends (a request cut off by a killed worker is retried on another);
``--without-proxy-settings`` runs gunicorn as the README does when nothing is in front of it.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import shutil
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
from bench_ruling import busy_scenario, free_port, production_env  # noqa: E402

NGINX_CONF = """
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    # the same gunicorn twice: a request cut off by a dying worker is sent again, on a new connection
    # (no keepalive pool: a pooled connection could lead back to the dead worker), to a live worker
    upstream table_ruling {{
        server 127.0.0.1:{upstream} max_fails=0;
        server 127.0.0.1:{upstream} max_fails=0 backup;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://table_ruling;
            proxy_set_header Host $host;
            proxy_next_upstream error timeout non_idempotent;
            proxy_next_upstream_tries 2;
        }}
    }}
}}
"""


class Nginx:
    """nginx in front of the gunicorn on ``upstream``, as deploy/nginx.conf recommends; stopped on exit."""

    def __init__(self, upstream: int) -> None:
        self.port = free_port()
        self.tmp = tempfile.mkdtemp()
        conf = Path(self.tmp) / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=self.tmp, upstream=upstream, port=self.port))
        self.proc = subprocess.Popen(["nginx", "-p", self.tmp, "-c", str(conf), "-g", "daemon off;"])
        deadline = time.time() + 10
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            if time.time() > deadline:
                raise RuntimeError("nginx did not start")
            time.sleep(0.1)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class Server:
    """gunicorn with 2 threaded workers on loopback (deploy/gunicorn.conf.py); stopped on exit."""

    def __init__(self, without_proxy: bool = False, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.gunicorn_port = self.port
        py = str(ROOT / ".venv" / "bin" / "python")
        # the production settings (deploy/gunicorn.conf.py), on a free port and without the access log;
        # the behind-nginx values need the proxy named; ``without_proxy``: the config's no-proxy default
        env = production_env(py) | ({} if without_proxy else {"DJANGO_TRUSTED_PROXY": "1"}) | (env or {})
        alone: list[str] = []
        self.proc = subprocess.Popen(
            [py, "-m", "gunicorn", "rulesite.wsgi", "-c", str(ROOT / "deploy" / "gunicorn.conf.py")]
            + ["-b", f"127.0.0.1:{self.port}", "--access-logfile", os.devnull, "--log-level", "warning", *alone],
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

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes, float]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        t = time.perf_counter()
        sent = ({"Content-Type": "application/json"} if body else {}) | (headers or {})
        conn.request(method, path, body=body, headers=sent)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, data, (time.perf_counter() - t) * 1000

    def get(self, path: str) -> tuple[int, bytes, float]:
        return self.request("GET", path)

    def behind(self, nginx: Nginx) -> None:
        """Send every request through nginx from now on."""
        self.port = nginx.port

    def workers(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True)
        return [int(p) for p in out.stdout.split()]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=15)


def scenario(i: int) -> bytes:
    doc = busy_scenario()
    doc["pieces"][0]["x"] = 300 + (i % 400) * 0.25  # a new scenario each time (for any i)
    doc["pieces"][0]["y"] = 200 + (i // 400) * 0.25
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
                if errors <= 3:
                    print(f"  error: {status} {body[:120]!r}")
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
    parser.add_argument("--nginx", action="store_true", help="send everything through nginx (must be installed)")
    parser.add_argument(
        "--without-proxy-settings",
        action="store_true",
        help="gunicorn as the README runs it with no proxy in front (4 threads, eager accepts, keep-alive)",
    )
    args = parser.parse_args()
    n = max(20, min(args.requests, 3000))
    deadline = time.time() + max(10, min(args.seconds, 900))
    server = Server(args.without_proxy_settings)
    proxy = None
    if args.nginx:
        if shutil.which("nginx") is None:
            server.stop()
            sys.exit("--nginx: nginx is not installed (Debian: apt-get install nginx-light)")
        proxy = Nginx(server.gunicorn_port)
        server.behind(proxy)
        print(f"through nginx on 127.0.0.1:{proxy.port} (gunicorn on {server.gunicorn_port})")
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

        # fault: kill a worker while writing, once a quarter of the requests are answered
        answered = 0
        quarter = threading.Event()

        def killer() -> None:
            quarter.wait(60)
            workers = server.workers()
            if workers:
                os.kill(workers[0], signal.SIGKILL)
                print(f"killed worker {workers[0]} mid-load, after {answered} of {n} answers")

        def write(i: int) -> tuple[int, bytes, float]:
            nonlocal answered
            out = _safe(lambda: server.request("POST", "/api/v1/rulings", scenario(next(counter))))
            answered += 1
            if answered >= n // 4:
                quarter.set()
            return out

        threading.Thread(target=killer).start()
        stored += run("POST new, a worker killed", 8, n, write, deadline)
        time.sleep(2)
        lost = [s for s in set(stored) if server.get(f"/api/v1/rulings/{s}")[0] != 200]
        print(f"ids verified after the run: {len(set(stored))}, lost {len(lost)}")
    finally:
        if proxy is not None:
            proxy.stop()
        server.stop()


def _safe(job: Callable[[], tuple[int, bytes, float]]) -> tuple[int, bytes, float]:
    """A connection reset by a killed worker counts as an error (status 0), not a crash of the script."""
    try:
        return job()
    except (ConnectionError, http.client.HTTPException, OSError):
        return 0, b"", 0.0


if __name__ == "__main__":
    main()
