"""gunicorn settings for production behind nginx (``deploy/nginx.conf``): ``gunicorn -c deploy/gunicorn.conf.py``.

Why these numbers (2 cores, measured with ``bench/load.py``; see docs/operations.md):

- A ruling is CPU work under the GIL, so a worker serves about one request per core at a time.
  Each worker therefore takes only the connections it can serve now (``worker_connections``
  equal to ``threads``); the rest wait in the kernel's listen queue, shared by both workers,
  for whichever frees first. With 4 threads and gunicorn's default of 1,000 connections a
  worker accepted eagerly and queued requests inside itself while the other worker could be
  idle: at concurrency 8, new busy scenarios had a p99 of 60-70 ms; here 36-38 ms.
- ``keepalive = 0``: with ``worker_connections == threads`` gunicorn keeps no connection alive
  after its answer anyway (a non-zero value only adds a start-up warning), and nginx opens one
  connection per request (no pool, so a retried request never leads back to a dead worker). In
  gunicorn 27 the same value is also how long a connection that has sent nothing after 5 s may
  wait: such a client is dropped at once. Behind nginx, which sends whole requests, none is.
- Slow clients never reach gunicorn: nginx buffers whole requests (``proxy_request_buffering``)
  and whole answers. Without a buffering proxy in front, idle or slow connections would hold a
  worker's two places (four trickling connections stalled ``/healthz`` for over 60 s in an audit).

So these values hold only when the proxy is named: ``DJANGO_TRUSTED_PROXY=1``, the setting a deploy
behind nginx sets anyway (Django then trusts its ``X-Forwarded-Proto``). With no proxy named the
no-proxy values are the default, the three together: 4 threads, 1,000 worker connections, keep-alive
5 s (threads absorb slow clients and kept-alive connections wait in the worker's poller, at the cost
of the tail latency above; 4 threads alone would leave two threads a worker idle).

Every value can be overridden on the command line; ``GUNICORN_BIND`` and ``GUNICORN_WORKERS``
set the address and the worker count from the environment.
"""

import os

BEHIND_PROXY = os.environ.get("DJANGO_TRUSTED_PROXY", "").strip().lower() in ("1", "true", "yes", "on")

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
worker_class = "gthread"
if BEHIND_PROXY:
    threads = 2
    worker_connections = threads
    keepalive = 0
else:
    threads = 4
    worker_connections = 1000
    keepalive = 5
timeout = 30
graceful_timeout = 20
accesslog = "-"


def post_worker_init(worker: object) -> None:
    """Each worker does its first-request work (templates compiled, the engine's data loaded) before it
    takes a request, not in a person's first request: 100–170 ms then, about 20 after (``rules.warmup``)."""
    from rules.warmup import warm

    warm()
