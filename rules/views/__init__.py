"""Pages, one module per page family; the URLconf and ``handler404`` name them from here.

Thin views: convert input, call the engine, render.  Every view that can
answer either a full page or an htmx partial varies on ``HX-Request``.
"""

from rules.views.corpus import changes, clause_detail, clause_list
from rules.views.embed import oembed
from rules.views.permalink import permalink, permalink_step
from rules.views.pictures import picture_png, picture_svg, picture_thumb
from rules.views.setup import explain, form_css, setup
from rules.views.setup_table import shape_picture
from rules.views.site import favicon, healthz, home, page_not_found, readyz

__all__ = [
    "changes",
    "clause_detail",
    "clause_list",
    "explain",
    "favicon",
    "form_css",
    "healthz",
    "home",
    "oembed",
    "page_not_found",
    "permalink",
    "permalink_step",
    "picture_png",
    "picture_svg",
    "picture_thumb",
    "readyz",
    "setup",
    "shape_picture",
]
