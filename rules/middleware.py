"""Response headers and redirects the security middleware does not give."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseRedirectBase

PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"


class HttpResponsePermanentRedirectKeepMethod(HttpResponseRedirectBase):
    """308: a POST redirected to HTTPS stays a POST with its body (301 would turn it into a GET)."""

    status_code = 308


class SecurityHeadersMiddleware:
    """Permissions-Policy and Cross-Origin-Resource-Policy on every response; 308 for redirected writes."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 301 and request.method not in ("GET", "HEAD") and settings.SECURE_SSL_REDIRECT:
            response = HttpResponsePermanentRedirectKeepMethod(response["Location"])
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.setdefault("Cross-Origin-Resource-Policy", "same-site")
        return response
