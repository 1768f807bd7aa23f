"""Top-level URLs: the rules app serves everything."""

from django.urls import include, path

urlpatterns = [
    path("", include("rules.urls")),
]
