"""Exact odds of a roll, for any game's dice: every result a roll can have, with its probability."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from itertools import product


def odds[K: Hashable](
    faces: Mapping[str, int], dice: int, result: Callable[[tuple[str, ...]], K]
) -> list[tuple[K, Fraction]]:
    """Each distinct ``result`` of rolling ``dice`` dice with ``faces`` (face: how many of the die's sides show it),
    with its exact probability, most likely first (ties in the order first reached)."""
    sides = sum(faces.values())
    totals: dict[K, Fraction] = {}
    for roll in product(faces, repeat=dice):
        p = Fraction(1)
        for f in roll:
            p *= Fraction(faces[f], sides)
        key = result(roll)
        totals[key] = totals.get(key, Fraction(0)) + p
    return sorted(totals.items(), key=lambda kv: -kv[1])


def branch(key: str, value: object, p: Fraction) -> dict[str, object]:
    """One branch as the outcome lists it: the result under ``key``, its probability and its odds as a fraction."""
    return {key: value, "probability": float(p), "odds": f"{p.numerator}/{p.denominator}"}
