"""The warning every move gives where a template or base nearly meets an object (``contacts.CloseCall``)."""

from __future__ import annotations

from typing import Protocol


class CloseCallFacts(Protocol):
    @property
    def label(self) -> str: ...
    @property
    def part(self) -> str: ...
    @property
    def overlapping(self) -> bool: ...


def close_call_warning(c: CloseCallFacts) -> str:
    """Within 0.5 mm either way: the engine's answer stands, but the table is where it is settled."""
    if c.part == "template":
        state = "shares area with" if c.overlapping else "clears"
    else:
        state = "overlaps" if c.overlapping else "clears"
    return f"{c.label}: the {c.part} {state} it by less than 0.5 mm; measure on the table"
