"""The setup page's addresses and links: the short address of a state (or its draft), the state an address
holds, and the links of the games menu, the action menu, who does what and the snap helpers."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote_plus

from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.safestring import SafeString, mark_safe

from rules import limits
from rules.engine import Scenario, games
from rules.models import draft_exists, draft_query, store_draft
from rules.rulings import Unrulable
from rules.setup_state import ADDING, PICKED, Setup, form_query, initial_from_scenario
from rules.views.common import stored, stored_document, stored_scenario

SHORT_QUERY = 2000
"""Characters of query an address may carry; a longer state is kept as a draft under a short key (gunicorn
refuses request lines over 4,094 bytes, nginx over 8 KiB, and a 60-piece setup is some 20,000)."""


def _compact(data: QueryDict) -> QueryDict:
    """The values that say something: an empty input means the same as an absent one."""
    out = QueryDict(mutable=True)
    for key in data:
        if key not in ("csrfmiddlewaretoken", "menus") and (values := [v for v in data.getlist(key) if v != ""]):
            out.setlist(key, values)
    return out


def address_for(request: HttpRequest, data: QueryDict) -> QueryDict | HttpResponse:
    """The query of an address that shows these values: themselves when short, else a draft's key (a new
    draft counts against the ``drafts`` limit: a 429 when over it)."""
    compact = _compact(data)
    text = compact.urlencode()
    if len(text) <= SHORT_QUERY:
        return compact
    if not draft_exists(text) and (limited := limits.hit(request, limits.DRAFTS)) is not None:
        return limited
    out = QueryDict(mutable=True)
    out["state"] = store_draft(text)
    return out


DRAFT_KEY = re.compile(r"[a-z2-7]{16}")
"""What a draft's key looks like (``rules.models.draft_key``): an address with one was handed out once."""


class NoDraft(LookupError):
    """``?state=<key>`` names no draft: pruned after its days (``gone``), or a key never handed out."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.gone = bool(DRAFT_KEY.fullmatch(key))


def state(request: HttpRequest) -> QueryDict | None:
    """The form's values: the query, or a stored situation (``from``) or draft (``state``) with the
    query's values over it.

    ``?from=<id>`` opens a permalink's situation whole (every row, the table's size) as a bound form, so
    the who/dial/snap helpers show at once; the helpers' links add their values to ``from=<id>`` (or
    ``state=<key>``), so even a 60-piece situation is edited through short addresses.  A draft no longer
    kept raises ``NoDraft`` (the page says so; a permalink's ``from`` never expires).
    """
    source, key = request.GET.get("from"), request.GET.get("state")
    if not source and not key:
        return request.GET if request.GET else None
    data = QueryDict(mutable=True)
    if source:
        row = stored(str(source))
        try:
            data.update(form_query(*initial_from_scenario(stored_scenario(row))))
        except Unrulable:
            # today's parser refuses it: the editor opens on its document, each problem listed to be fixed
            doc = stored_document(row)
            doc = doc if isinstance(doc, dict) else {}
            action = doc.get("action") if isinstance(doc.get("action"), dict) else {}
            data.update(
                {
                    "game": str(doc.get("game") or ""),
                    "edition": str(doc.get("edition") or ""),
                    "action": str(action.get("type") or ""),
                    "doc": row.document,
                    "p-TOTAL_FORMS": "0",
                    "p-INITIAL_FORMS": "0",
                }
            )
    else:
        kept = draft_query(str(key))
        if kept is None:
            raise NoDraft(str(key))
        data = QueryDict(kept, mutable=True)
    for name in request.GET:
        if name not in ("from", "state"):
            data.setlist(name, request.GET.getlist(name))
    return data


def games_menu(address: QueryDict, s: Setup, placed: bool = False) -> list[tuple[str, str, bool]]:
    """Each game and edition as a link (label, address, whether it is the one in use: on a first open, the
    form's initial game and edition).  Once pieces are ``placed`` only their game's editions are offered
    (an X-Wing ship is no Armada piece): the edition stays in view, the one place it is chosen.  A game with one
    edition is named alone ("Armada"): its edition chooses nothing."""
    game_now, edition_now = str(s.form["game"].value() or ""), str(s.form["edition"].value() or "")
    return [
        (
            f"{g.title} {e}" if len(g.editions) > 1 else g.title,  # a game of one edition is named alone
            link_html(address, {"game": g.name, "edition": e}),
            g.name == game_now and e == edition_now,
        )
        for g in games.all_games()
        if not placed or g.name == game_now or game_now not in games.names()
        for e in reversed(g.editions)
    ]


def is_chosen(action: dict[str, Any], values: dict[str, str]) -> bool:
    """Whether a menu choice is what the action holds now (the dial highlights it)."""
    device = action.get("device")
    now = {
        **action,
        "action": action.get("type"),
        "device_type": device.get("type") if isinstance(device, dict) else None,
    }
    return all(str(now.get(k) if now.get(k) is not None else "") == str(v) for k, v in values.items())


def link_with(address: QueryDict, values: dict[str, str]) -> str:
    """This setup page's address with some fields set: a choice that works as a plain link.

    A page offers a hundred such links over some 150 fields: the address is encoded once (kept on it),
    and each link only leaves out the pairs it sets (a copy and re-encoding per link cost most of a live
    preview's time).  The link's own values follow its ``pick=1``: the page's script sends them over the form's
    values when the form has changed since the link was drawn."""
    return _link(address, values, "&")


def link_html(address: QueryDict, values: dict[str, str]) -> SafeString:
    """``link_with`` as a page's ``href`` writes it (escaped, as the template would escape it): the
    address's escaped encoding is kept with it too, so a page's hundred links of some 2,000 characters
    are not each escaped again. An encoded pair holds no character HTML escapes: only the ``&`` between
    pairs is."""
    return mark_safe(_link(address, values, "&amp;"))


def _link(address: QueryDict, values: dict[str, str], between: str) -> str:
    kept = getattr(address, "_setup_pairs", None)
    if kept is None:
        kept = {}
        address._setup_pairs = kept  # type: ignore[attr-defined]
    encoded = kept.get(between)
    if encoded is None:
        encoded = kept[between] = _Encoded(address, between)
    rest = encoded.without(values)
    parts = [rest] if rest else []
    parts.append(f"{PICKED}=1")  # a choice, not a submission: what is still missing is not an error (200)
    parts += [f"{quoted(str(key))}={quoted(str(value))}" for key, value in values.items()]  # as urlencode
    return "?" + between.join(parts)


PLAIN = re.compile(r"[A-Za-z0-9_.~-]*")
"""Text that ``quote_plus`` leaves as it is (its always-safe characters): field names, numbers, ids."""


def quoted(text: str) -> str:
    """``quote_plus(text)``; most of a link's names and values need no quoting, and are not encoded to
    bytes and back to find that out (some 800 per preview)."""
    return text if PLAIN.fullmatch(text) else quote_plus(text)


class _Encoded:
    """An address's pairs encoded once (as ``urlencode`` encodes them), and where each starts and ends in
    the whole encoding: a link that sets fields the address holds (a snap sets a row's x, y and facing)
    cuts those pairs out of it instead of joining the other 150 again."""

    def __init__(self, address: QueryDict, between: str) -> None:
        dropped = {*ADDING, "drop_doc", "menus", PICKED}
        encoded = [(k, f"{quoted(k)}={quoted(v)}") for k, vs in address.lists() if k not in dropped for v in vs]
        self.between = between
        self.whole = between.join(pair for _, pair in encoded)
        self.at: dict[str, list[int]] = {}
        self.spans: list[tuple[int, int]] = []
        start = 0
        for i, (key, pair) in enumerate(encoded):
            self.at.setdefault(key, []).append(i)
            self.spans.append((start, start + len(pair)))
            start += len(pair) + len(between)

    def without(self, values: dict[str, str]) -> str:
        """The whole encoding without the pairs of the fields ``values`` sets (in the same order)."""
        cut = sorted(i for key in values for i in self.at.get(key, ()))
        if not cut:
            return self.whole
        pieces, first = [], 0  # first: the first pair of the run being kept
        for i in cut:
            if i > first:
                pieces.append(self.whole[self.spans[first][0] : self.spans[i - 1][1]])
            first = i + 1
        if first < len(self.spans):
            pieces.append(self.whole[self.spans[first][0] :])
        return self.between.join(pieces)


def _rows(s: Setup) -> dict[str, int]:
    """Each piece's row (its index in the form), by the piece's id."""
    return {(f.cleaned_data.get("id") or "").strip(): i for i, f in enumerate(s.rows.forms) if f.is_valid()}


def side_links(address: QueryDict, s: Setup, offers: list[tuple[str, dict[str, int]]]) -> list[tuple[str, str]]:
    """The game's "whose pieces" offers (``Game.side_menu``) as links that set those rows' players (written
    escaped, as the sheet's other links: the address's escaped encoding is reused, not made again)."""
    rows = _rows(s)
    return [
        (label, link_html(address, {f"p-{rows[pid]}-player": str(n) for pid, n in players.items()}))
        for label, players in offers
        if all(pid in rows for pid in players)
    ]


def snap_links(address: QueryDict, s: Setup, scenario: Scenario) -> list[tuple[str, str]]:
    """The game's snap helpers as links that rewrite the snapped piece's row (x, y, facing)."""
    rows = _rows(s)
    out = []
    for label, kind, v in games.get(scenario.game).snap_menu(scenario, action_so_far(s.document)):
        i = rows.get(str(v["piece"]))
        if kind == "destination":  # where a move ends: the action's destination, not the piece's row
            out.append((label, link_html(address, {"to_x": str(v["x"]), "to_y": str(v["y"])})))
        elif i is not None:
            values: dict[str, str] = {}
            for m in (v, *v.get("also", ())):  # a snap may move another piece first (its "also")
                j = rows.get(str(m["piece"]))
                if j is None:
                    break
                values |= {f"p-{j}-x": str(m["x"]), f"p-{j}-y": str(m["y"])}
                if m.get("heading") is not None:
                    values[f"p-{j}-heading"] = str(m["heading"])
            else:
                out.append((label, link_html(address, values)))
    return out


def action_so_far(doc: dict[str, Any] | None) -> dict[str, Any]:
    """The document's action as typed so far (empty when there is none yet): what the menus start from."""
    action = doc.get("action") if isinstance(doc, dict) else None
    return action if isinstance(action, dict) else {}
