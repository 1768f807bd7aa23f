"""The abuse limits behind a real nginx, configured with the proxy headers of ``deploy/nginx.conf``.

The client must reach nginx from an address that is not loopback (loopback is where a trusted proxy
lives): nginx listens on this machine's first non-loopback address and the client connects to it.
Skipped where nginx is not installed (``make test`` installs Debian's) or the machine has no such address.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules import limits
from rules.library import examples
from rules.models import RateCounter

pytestmark = pytest.mark.django_db(transaction=True)
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
EXAMPLE_CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"


def _outside_address() -> str | None:
    """An address of this machine that is not loopback (the one it would use to reach the world)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent by a UDP connect
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def example_proxy_headers() -> list[str]:
    """The ``proxy_set_header`` lines the example's proxy_params file gives (what Django reads)."""
    lines = re.findall(r"^#\s+(proxy_set_header .*?;)", EXAMPLE_CONF.read_text(), flags=re.M)
    assert any("X-Forwarded-For" in line for line in lines)
    return lines


@pytest.fixture
def nginx(live_server: Any, tmp_path: Path, settings: Any) -> Iterator[str]:
    if not Path(NGINX).exists():
        pytest.skip("nginx is not installed (make test installs Debian's)")
    host = _outside_address()
    if host is None:
        pytest.skip("this machine has no address other than loopback")
    port = _free_port(host)
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, host]  # the Host nginx passes on ($host)
    upstream = live_server.url.removeprefix("http://")
    headers = "\n".join(example_proxy_headers())
    (tmp_path / "nginx.conf").write_text(
        f"""
daemon off;
master_process off;
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {tmp_path}/body;
    proxy_temp_path {tmp_path}/proxy;
    fastcgi_temp_path {tmp_path}/fastcgi;
    uwsgi_temp_path {tmp_path}/uwsgi;
    scgi_temp_path {tmp_path}/scgi;
    server {{
        listen {host}:{port};
        location / {{
            proxy_pass http://{upstream};
            {headers}
        }}
    }}
}}
"""
    )
    process = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection((host, port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail(f"nginx did not start: {(tmp_path / 'error.log').read_text()}")
        yield f"http://{host}:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def _post(url: str, body: bytes, forwarded: str | None) -> int:
    headers = {"Content-Type": "application/json"}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    request = urllib.request.Request(f"{url}/api/v1/rulings", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def test_behind_nginx_a_spoofed_hop_is_ignored_and_the_client_has_its_own_bucket(
    nginx: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "WRITES", limits.Limit("writes", 3, 60))
    body = examples()[0].scenario.canonical()
    codes = [_post(nginx, body, f"10.9.8.{i}, 198.51.100.{i}" if i else None) for i in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    client = nginx.removeprefix("http://").rpartition(":")[0]
    keys = set(RateCounter.objects.filter(key__startswith="writes:").values_list("key", flat=True))
    assert keys == {f"writes:{client}"}  # the address nginx saw: not a spoofed hop, not nginx's own loopback
