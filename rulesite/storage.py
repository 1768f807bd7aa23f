"""Production's static files storage: WhiteNoise's compressed, hashed copies, ES module imports included."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Also rewrites ``import ... from "./x.js"`` to the imported module's hashed name (Django leaves it off by
    default): the setup editor is several modules, and nginx keeps each static file for a year, so an
    unhashed import would load the module of an earlier deploy."""

    support_js_module_import_aggregation = True
