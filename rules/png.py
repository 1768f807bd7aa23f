"""SVG → PNG behind one function, so the renderer can be swapped."""

from __future__ import annotations

from importlib.metadata import version

import resvg_py

RENDERER = f"resvg-py {version('resvg-py')}"
"""The renderer and its version: part of the PNG cache key and of the pictures' version."""


def render_png(svg: str, width: int, height: int) -> bytes:
    """Rasterise our own SVG markup (never user-supplied SVG) to PNG bytes."""
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, height=height))
