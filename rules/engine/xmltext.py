"""ElementTree's text for the pictures' elements, written without its namespace pass.

``ET.tostring`` first walks the whole tree to collect namespaces, then writes it
through generic code that handles comments, processing instructions and
qualified names; the pictures use none of those (the SVG namespace is a plain
``xmlns`` attribute), and writing a busy table's 140 elements was a third of
drawing it.  ``to_text`` writes the same characters, with the same escaping
(tested against ``ET.tostring`` on every library example and on hostile labels).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable


def to_text(element: ET.Element) -> str:
    """``ET.tostring(element, encoding="unicode")`` for a tree of plain-named elements."""
    parts: list[str] = []
    _write(element, parts.append)
    return "".join(parts)


def _write(e: ET.Element, write: Callable[[str], object]) -> None:
    tag = e.tag
    if not isinstance(tag, str) or tag.startswith("{"):
        raise ValueError(f"to_text writes plain element names only, not {tag!r}")
    write("<" + tag)
    for k, v in e.items():
        write(f' {k}="{_escaped(v, _ATTRIBUTE)}"')
    text = e.text
    if text or len(e):
        write(">")
        if text:
            write(_escaped(text, _CHARACTER_DATA))
        for child in e:
            _write(child, write)
        write("</" + tag + ">")
    else:
        write(" />")
    if e.tail:
        write(_escaped(e.tail, _CHARACTER_DATA))


_CHARACTER_DATA = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
"""ElementTree's escapes for text, in its order (``&`` first, so no escape is escaped again)."""
_ATTRIBUTE = (*_CHARACTER_DATA, ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
"""...and for attribute values, which also keep their quotes and line breaks."""


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot carry, escaped or not (ElementTree would write them and break the document)."""


def _escaped(text: str, table: tuple[tuple[str, str], ...]) -> str:
    if _NOT_XML.search(text):  # the parser refuses them in labels; a row stored before it did still draws
        text = _NOT_XML.sub("\ufffd", text)
    for char, entity in table:
        if char in text:
            text = text.replace(char, entity)
    return text
