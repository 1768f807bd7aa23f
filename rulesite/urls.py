"""Top-level URLs: the rules app serves everything."""

from django.urls import include, path

urlpatterns = [
    path("", include("rules.urls")),
]

handler404 = "rules.views.page_not_found"
