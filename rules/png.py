"""SVG → PNG behind one function, so the renderer can be swapped."""

from __future__ import annotations

import resvg_py

RENDERER = "resvg-py"


def render_png(svg: str, width: int, height: int) -> bytes:
    """Rasterise our own SVG markup (never user-supplied SVG) to PNG bytes."""
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, height=height))
