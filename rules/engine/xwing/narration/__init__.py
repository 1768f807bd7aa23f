"""Every sentence of an X-Wing move ruling, written from its facts (``move_facts``).

One file per action family — ``maneuver`` (maneuvers and bumps), ``options`` (barrel rolls,
boosts, decloaks, tractor moves, rotations) — and ``common`` for what they share, so a wording
fix is made in one place and a judge reads every sentence of an action in one file.
Positions (coordinates, headings) appear only in step texts, never in a title or the verdict.
"""
