"""Response headers that keep the pages to their own scripts and styles (no inline script, no framing),
and the JSON API's guard against cross-site posts.

The ``/api`` routes take no CSRF token (scripts and curl call them), yet accept the content types
an HTML form can send, so another site could make a visitor's browser post to them. Browsers say
where such a request comes from (``Origin``, else ``Sec-Fetch-Site``): a state-changing ``/api``
request from another site is refused with 403. Requests without these headers (curl, scripts) and
the site's own pages are unaffected.

>>> host_of("https://Example.org:443"), host_of("http://example.org:8000"), host_of("null")
('example.org', 'example.org:8000', None)
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, abort, request

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
DEFAULT_PORTS = (80, 443)  # dropped whatever the scheme: a TLS-ending proxy may pass on http with port 443


def secure_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def _host(hostname: str | None, port: int | None) -> str | None:
    if not hostname:
        return None
    name = f"[{hostname}]" if ":" in hostname else hostname  # an IPv6 address, as a Host header spells it
    return name if port is None or port in DEFAULT_PORTS else f"{name}:{port}"


def host_of(origin: str) -> str | None:
    """``host[:port]`` of an ``Origin`` value, lower case, default port dropped; None for ``null`` or garbage."""
    try:
        parts = urlsplit(origin.strip())
        return _host(parts.hostname, parts.port) if parts.scheme else None
    except ValueError:
        return None


def request_host() -> str | None:
    """``host[:port]`` the request was sent to, spelled as :func:`host_of` spells it."""
    try:
        parts = urlsplit(f"//{request.host}")
        return _host(parts.hostname, parts.port)
    except ValueError:
        return None


def cross_site_reason() -> str | None:
    """Why the current request comes from another site, or None when it does not (or cannot tell)."""
    origin = request.headers.get("Origin")
    if origin is not None:
        host = host_of(origin)
        if host is None or host != request_host():
            return f"cross-site request refused: its Origin {origin!r} is not this site"
        return None
    if request.headers.get("Sec-Fetch-Site", "").strip().lower() == "cross-site":
        return "cross-site request refused: the browser reports it comes from another site (Sec-Fetch-Site)"
    return None


def refuse_cross_site_api_writes() -> None:
    """403 ``{"error"}`` for a state-changing ``/api`` request another site's page made a browser send."""
    if request.method in SAFE_METHODS:
        return
    if request.path != "/api" and not request.path.startswith("/api/"):
        return
    reason = cross_site_reason()
    if reason is not None:
        abort(403, description=reason)


def register_security(app: Flask) -> None:
    app.before_request(refuse_cross_site_api_writes)
    app.after_request(secure_headers)
