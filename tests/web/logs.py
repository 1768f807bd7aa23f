"""Log records kept for a test: pytest's ``caplog`` is not there when pytest runs with ``-p no:logging`` (the
PostgreSQL run of scripts/test-postgres does)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager


class Kept(logging.Handler):
    """The records a logger passes on at ``level`` and above."""

    def __init__(self, level: int = logging.DEBUG) -> None:
        super().__init__(level)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def kept(name: str, level: int = logging.DEBUG) -> Iterator[Kept]:
    """The records of logger ``name`` while the block runs."""
    handler, logger = Kept(level), logging.getLogger(name)
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
