"""The setup form's layout: its fields in groups for the template, and the CSS that shows only the chosen
game's, action's and piece kind's fields (generated from the registry of games; every field stays in the form)."""

from __future__ import annotations

from django import forms

from rules.forms import COMMON_ROW_FIELDS, GAMES, PieceForm


def _groups() -> list[tuple[str, str, tuple[str, ...]]]:
    """(CSS classes, label, field names), numbered once: first the groups several games declare (by the
    same label: one group of the union of their fields, shown for every game), then each game's own.

    A game's own groups carry ``for-game game-N`` (N its place among the game radios).
    """
    declared: dict[str, list[str]] = {}
    by: dict[str, list[int]] = {}
    for n, g in enumerate(GAMES, start=1):
        for label, names in g.form.groups:
            declared.setdefault(label, []).extend(names)
            by.setdefault(label, []).append(n)
    shared = [label for label, games_of in by.items() if len(games_of) > 1]
    out = [(f"grp-{k}", label, tuple(dict.fromkeys(declared[label]))) for k, label in enumerate(shared)]
    for n, g in enumerate(GAMES, start=1):
        for label, names in g.form.groups:
            if label not in shared:
                named = label if label.startswith(g.title) else f"{g.title}: {label}"  # never "Armada: Armada …"
                out.append((f"for-game game-{n} grp-{len(out)}", named, names))
    return out


def action_groups(form: forms.Form) -> list[tuple[str, str, list[forms.BoundField]]]:
    """(CSS classes, label, bound fields) for the template: every field once.

    A game's groups carry ``for-game game-N`` (N its place among the game radios), so the
    stylesheet shows only the chosen game's fields where the browser supports ``:has``;
    every field stays in the form either way.
    """
    return [(css, label, [form[n] for n in names]) for css, label, names in _groups()]


def action_css() -> str:
    """CSS that shows only the chosen game's and action's fields (``:has``; without it, every field shows).

    Generated from the registry: each game's radio is ``#id_game_<i>``, each field label
    carries ``f-<name>``, each group ``grp-<k>``; a group none of whose fields an action uses
    is hidden with them.  The edition menu offers only the chosen game's editions.
    """
    groups = _groups()
    names = list(dict.fromkeys(n for _, _, grp in groups for n in grp))
    rules = []
    for i, g in enumerate(GAMES):
        game_on = f"form:has(#id_game_{i}:checked)"
        others = [e for h in GAMES if h is not g for e in h.editions if e not in g.editions]
        if others:
            rules.append(
                ",\n".join(f'{game_on} select[name="edition"] option[value="{e}"]' for e in others)
                + " { display: none; }"
            )
        for action in g.action_types:
            used = set(g.form.fields_for.get(action, names))
            hidden = [f"label.f-{n}" for n in names if n not in used]
            hidden += [f".{css.split()[-1]}" for css, _, grp in groups if not used.intersection(grp)]
            if hidden:
                sel = f'{game_on}:has(select[name="action"] option[value="{action}"]:checked)'
                rules.append(",\n".join(f"{sel} {h}" for h in hidden) + " { display: none; }")
    return "\n".join(rules) + "\n"


def row_css() -> str:
    """CSS that shows only the fields a row's piece kind uses (``:has``; without it, every field shows).

    A row whose kind is not chosen yet, or whose kind its game does not list, shows every field.
    """
    rules = []
    for i, g in enumerate(GAMES):
        game_on = f"form:has(#id_game_{i}:checked)"
        for kind, own in g.form.row_fields.items():
            used = set(COMMON_ROW_FIELDS) | set(own)
            hidden = [f"label.f-{n}" for n in PieceForm.base_fields if n not in used]
            if hidden:
                sel = f'{game_on} .row:has(select[name$="-kind"] option[value="{kind}"]:checked)'
                rules.append(",\n".join(f"{sel} {h}" for h in hidden) + " { display: none; }")
    return "\n".join(rules) + "\n"
