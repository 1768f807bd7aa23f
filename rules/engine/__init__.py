"""Table Ruling's rules engine: pure Python plus shapely, no Django.

The engine turns a scenario document (``../shared/spec/scenario-and-api-v1.md``)
into structured facts and explanation steps.  The web layer only converts input,
calls these functions and renders their results.

Public API (stable for the web layer):

- ``parse_scenario(doc) -> Scenario``: validate and normalise a scenario
  document (a decoded JSON value).  Raises ``ScenarioError`` listing *every*
  problem found, each a ``Problem(field, message)`` with a JSON field path such
  as ``"pieces[2].x"``.
- ``Scenario``: frozen.  ``to_dict()`` gives the normalised document,
  ``canonical()`` its canonical bytes, ``digest()`` the hex SHA-256 of those
  bytes and ``short_id(length=10)`` the content-addressed permalink id.
- ``evaluate(scenario) -> Ruling``: the facts (``outcome``), the numbered
  explanation ``steps`` (each citing clause ids) and ``warnings``.
- ``render_svg(scenario, ruling=None, *, id_prefix="t", step=None,
  standalone=False) -> str``: the table picture.
- ``catalog() -> dict``: bases, templates, obstacle and device shapes with
  dimensions and sources (the ``/api/v1/catalog`` payload).
- ``get_clause(clause_id)`` / ``all_clauses()``: the rules corpus.
"""

from __future__ import annotations

import importlib
from typing import Any

# Lazy exports (PEP 562): submodules import each other freely without cycles
# through this package's __init__.
_EXPORTS = {
    "Clause": "rules.engine.clauses",
    "all_clauses": "rules.engine.clauses",
    "get_clause": "rules.engine.clauses",
    "Problem": "rules.engine.errors",
    "ScenarioError": "rules.engine.errors",
    "evaluate": "rules.engine.evaluate",
    "Ruling": "rules.engine.ruling",
    "Step": "rules.engine.ruling",
    "Scenario": "rules.engine.scenario",
    "parse_scenario": "rules.engine.scenario",
    "catalog": "rules.engine.catalog",
    "render_svg": "rules.engine.svg",
}

__all__ = [
    "Clause",
    "Problem",
    "Ruling",
    "Scenario",
    "ScenarioError",
    "Step",
    "all_clauses",
    "catalog",
    "evaluate",
    "get_clause",
    "parse_scenario",
    "render_svg",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rules.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
