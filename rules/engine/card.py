"""The share card's words, laid out to read as a forum thumbnail (250 px wide, a fifth of the card).

The card is 1200×630: the table picture in a square on the left, the verdict in words on the right,
the game and edition with the short link along the bottom.  At 250 px wide every length shrinks by
250/1200, so the verdict is set at 64 px or more (13.3 px in the thumbnail, as large as the old card's
verdict at 400 px) and the bottom line at 42 px or more.  Text is wrapped by measured width: the
advance widths of DejaVu Sans (the font the card names first) are kept here as figures, so a line
never runs past the panel, and a verdict too long for the panel ends at a word with an ellipsis.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

WIDTH, HEIGHT = 1200, 630
PICTURE = 520
"""The table picture's square (px, top left); the bottom band below it carries game and link."""
PAD = 26
PANEL_X = PICTURE + PAD
PANEL_W = WIDTH - PANEL_X - PAD
PANEL_TOP, PANEL_BOTTOM = 8, PICTURE - 4
BAND_BASELINE = HEIGHT - 36

VERDICT_SIZES = (76, 72, 68, 64)
"""Largest first; the smallest is the floor: 64 px on the card is 13.3 px at 250 px wide."""
LINE = 1.12
BAND_SIZE, BAND_MIN = 48, 42
"""The bottom line: 42 px on the card is 8.75 px at 250 px, the old card's 26 px seen at 400 px."""
ELLIPSIS = "…"

FONT = "DejaVu Sans, Arial, sans-serif"
COLOURS = {"background": "#020617", "verdict": "#f1f5f9", "game": "#cbd5e1", "link": "#93c5fd", "rule": "#1e293b"}

_ASCII = (
    "318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,"
    "337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,"
    "684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,"
    "635,411,521,392,634,592,818,592,592,525,636,337,636,838,500"
)
_ASCII_BOLD = (
    "348,456,521,838,696,1002,872,306,457,457,523,838,380,415,380,365,696,696,696,696,696,696,696,696,696,696,400,"
    "400,838,838,838,580,1000,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,720,682,812,"
    "774,1103,771,724,725,457,365,457,838,500,500,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,"
    "716,493,595,478,712,652,924,645,652,582,712,365,712,838,500"
)
"""Advance widths (thousandths of an em) of DejaVu Sans and DejaVu Sans Bold for " " to "~", read
from the fonts' ``hmtx`` tables; any other character is counted as a full em (a safe overestimate)."""
WIDTHS = {False: [int(w) for w in _ASCII.split(",")], True: [int(w) for w in _ASCII_BOLD.split(",")]}
OTHER = {"°": 500, "–": 500, "—": 1000, "’": 318, "…": 1000, "×": 838, "≈": 838}


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The drawn width of ``text`` in px at ``size`` px."""
    table = WIDTHS[bold]
    units = sum(table[ord(c) - 32] if " " <= c <= "~" else OTHER.get(c, 1000) for c in text)
    return units * size / 1000


def wrap(text: str, size: float, width: float, max_lines: int) -> tuple[list[str], bool]:
    """Lines of at most ``width`` px, broken between words; (lines, cut) where ``cut`` means the text
    did not fit in ``max_lines`` and the last line ends at a word with an ellipsis.

    A single word wider than a line is broken inside, the break marked with an ellipsis, so no word is
    ever cut without one.
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        while text_width(word, size) > width:  # a word longer than a line: break it, marked
            head = word
            while head and text_width((f"{line} " if line else "") + head + ELLIPSIS, size) > width:
                head = head[:-1]
            if not head:
                lines.append(line)
                line = ""
                continue
            lines.append((f"{line} " if line else "") + head + ELLIPSIS)
            line, word = "", word[len(head) :]
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if len(lines) <= max_lines:
        return lines, False
    kept = lines[:max_lines]
    words = kept[-1].split()
    while words and text_width(" ".join(words) + ELLIPSIS, size) > width:
        words.pop()
    kept[-1] = " ".join(words).rstrip(",;:") + ELLIPSIS
    return kept, True


@dataclass(frozen=True, slots=True)
class Verdict:
    size: int
    lines: tuple[str, ...]
    cut: bool


def fit_verdict(summary: str, width: float = PANEL_W, height: float = PANEL_BOTTOM - PANEL_TOP) -> Verdict:
    """The largest size at which the whole verdict fits the panel; at the floor size, cut at a word."""
    for size in VERDICT_SIZES:
        lines_max = max(1, int((height - size * 1.2) // (size * LINE)) + 1)
        lines, cut = wrap(summary, size, width, lines_max)
        if not cut or size == VERDICT_SIZES[-1]:
            return Verdict(size, tuple(lines), cut)
    raise AssertionError("unreachable")


def _text(parent: ET.Element, x: float, y: float, size: float, content: str, role: str, **extra: str) -> None:
    attrs = {
        "x": f"{x:.0f}",
        "y": f"{y:.0f}",
        "font-size": f"{size:.0f}",
        "fill": COLOURS[role],
        "font-family": FONT,
        "class": f"card-{role}",
        **extra,
    }
    ET.SubElement(parent, "text", attrs).text = content


def draw_words(card: ET.Element, summary: str, game: str, caption: str | None) -> None:
    """The verdict (centred in the panel's height), then the bottom band: game and edition, short link."""
    v = fit_verdict(summary)
    step = v.size * LINE
    block = (len(v.lines) - 1) * step + v.size * 1.2
    top = PANEL_TOP + max(0.0, (PANEL_BOTTOM - PANEL_TOP - block) / 2)
    for i, line in enumerate(v.lines):
        _text(card, PANEL_X, top + v.size * 0.95 + i * step, v.size, line, "verdict")
    band = ET.SubElement(card, "g", {"class": "card-band"})
    ET.SubElement(
        band, "line", {"x1": "0", "y1": str(PICTURE), "x2": str(WIDTH), "y2": str(PICTURE), "stroke": COLOURS["rule"]}
    )
    game_w = text_width(game, BAND_SIZE, bold=True)
    _text(band, PAD, BAND_BASELINE, BAND_SIZE, game, "game", **{"font-weight": "bold"})
    if caption:
        room = WIDTH - 2 * PAD - game_w - PAD
        size = min(BAND_SIZE, room * BAND_SIZE / max(1.0, text_width(caption, BAND_SIZE)))
        _text(band, WIDTH - PAD, BAND_BASELINE, int(size), caption, "link", **{"text-anchor": "end"})


def outline_contacts(picture: ET.Element, stroke: float) -> None:
    """The deciding contacts drawn as outlines: a filled contact would hide the obstacle under it.

    ``stroke`` is in the picture's units (table mm), chosen by the caller to be a few px on the card.
    """
    outlined = False
    for g in picture.iter("g"):
        if "overlap" in g.get("class", "").split():
            outlined = True
            for shape in g.iter("polygon"):
                shape.set("fill", "none")
                shape.set("fill-opacity", "0")
                shape.set("stroke-width", f"{stroke:.2f}")
                shape.set("stroke-linejoin", "round")
    if outlined:
        _names_over(picture)


def _names_over(picture: ET.Element) -> None:
    """The pieces' names moved over everything drawn after them: a contact's thick outline crossed an
    obstacle's name ("Asteroid" read "Asteroi" on a share card)."""
    names = []
    for layer in picture.findall("g"):
        if "pieces" not in layer.get("class", "").split():
            continue
        for g in layer.iter("g"):
            if "figure" in g.get("class", "").split():
                continue
            for text in g.findall("text"):
                g.remove(text)
                names.append(text)
    if names:
        ET.SubElement(picture, "g", {"class": "names-over", "aria-hidden": "true"}).extend(names)


def one_marker_per_label(picture: ET.Element) -> int:
    """Each contact label drawn once on the card: a later contact with the same words keeps its outline but
    not its circled label, which would only repeat them.

    Why: text is what resvg spends most on (shaping and filling each glyph, about 0.5 ms a label). An Armada
    table crowded by huge ships touching at the start had 173 contacts, each labelled "overlapping at the
    start": 4,000 glyphs, more than half of its first PNG. The page's picture keeps every marker (its
    labels can be read there, one per contact); the card is read at 250 px, where the outlines say where.
    Returns how many markers were left out.
    """
    seen: set[str] = set()
    dropped = 0
    for g in picture.iter("g"):
        if "overlap" not in g.get("class", "").split():
            continue
        text = g.find("text")
        if text is None:
            continue
        if text.text in seen:
            for marker in [text, *g.findall("circle")]:
                g.remove(marker)
            dropped += 1
        seen.add(text.text or "")
    return dropped
