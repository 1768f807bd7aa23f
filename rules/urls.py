"""URLs of the rules app."""

from django.urls import include, path

from rules import api, views
from rules.views import learn

app_name = "rules"

SID = "<slug:sid>"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("setup/", views.setup, name="setup"),
    path("setup/fields.css", views.form_css, name="form-css"),
    path("setup/shapes/<slug:game>/<slug:shape>.svg", views.shape_picture, name="shape"),
    path("explain/", views.explain, name="explain"),
    path(f"s/{SID}/", views.permalink, name="permalink"),
    path(f"s/{SID}/step/<int:n>/", views.permalink_step, name="step"),
    path(f"s/{SID}.svg", views.picture_svg, name="svg"),
    path(f"s/{SID}.png", views.picture_png, name="png"),
    path(f"s/{SID}/thumb.svg", views.picture_thumb, name="thumb"),
    path("rules/", views.clause_list, name="clauses"),
    path("changes/", views.changes, name="changes"),
    path("learn/", include(learn.urlpatterns)),
    path("oembed", views.oembed, name="oembed"),
    path("rules/<path:clause_id>", views.clause_detail, name="clause"),
    path("api/v1/rulings", api.rulings, name="api-rulings"),
    path(f"api/v1/rulings/{SID}", api.ruling_detail, name="api-ruling"),
    path("api/v1/catalog", api.catalog_view, name="api-catalog"),
]
