"""Response headers that keep the pages to their own scripts and styles (no inline script, no framing),
the JSON API's guard against cross-site posts, and the session cookie's attributes.

The ``/api`` routes take no CSRF token (scripts and curl call them), yet accept the content types
an HTML form can send, so another site could make a visitor's browser post to them. Browsers say
where such a request comes from (``Origin``, else ``Sec-Fetch-Site``): a state-changing ``/api``
request from another origin (scheme, host or port differ) is refused with 403. Requests without
these headers (curl, scripts) and the site's own pages are unaffected. Behind a proxy that ends
TLS, set ``PMEMO_PROXIES`` so the request's scheme is the one the browser used.

>>> origin_of("https://Example.org:443"), origin_of("http://example.org:8000"), origin_of("null")
(('https', 'example.org', 443), ('http', 'example.org', 8000), None)
>>> origin_of("http://[::1]"), origin_of("ftp://x"), origin_of("http://x:99999")
(('http', '[::1]', 80), None, None)
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Request, Response, abort, current_app, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from werkzeug.exceptions import SecurityError

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int]


#: added to every response that does not set them itself
SECURITY_HEADERS = (("Content-Security-Policy", CSP), ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"),
                    ("Referrer-Policy", "same-origin"))


def secure_headers(response: Response) -> Response:
    """:data:`SECURITY_HEADERS` the response lacks, appended in that order (one pass over its headers)."""
    headers = response.headers
    present = {key.lower() for key, _ in headers.items()}
    for key, value in SECURITY_HEADERS:
        if key.lower() not in present:
            headers.add(key, value)
    return response


def _origin(scheme: str, netloc: str) -> Origin | None:
    try:
        parts = urlsplit(f"{scheme.lower()}://{netloc.strip()}")
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    name = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname  # an IPv6 address, as a Host header spells it
    return parts.scheme, name, port if port is not None else DEFAULT_PORTS[parts.scheme]


def origin_of(value: str) -> Origin | None:
    """(scheme, host, port) of an ``Origin`` value, lower case, default port filled in; None for ``null`` or garbage."""
    scheme, sep, rest = value.strip().partition("://")
    return _origin(scheme, rest) if sep and "/" not in rest else None


def request_origin() -> Origin | None:
    """(scheme, host, port) of this site as the current request reached it."""
    return _origin(request.scheme, request.host)


def cross_site_reason() -> str | None:
    """Why the current request comes from another site, or None when it does not (or cannot tell)."""
    origin = request.headers.get("Origin")
    if origin is not None:
        theirs = origin_of(origin)
        if theirs is None or theirs != request_origin():
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


class SessionInterface(SecureCookieSessionInterface):
    """Signed cookie sessions (SameSite from the config, Lax by default), ``Secure`` when the request came over
    HTTPS or ``PMEMO_SECURE_COOKIES`` says so."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("PMEMO_SECURE_COOKIES")) or super().get_cookie_secure(app) or request.is_secure

    def open_session(self, app: Flask, request: Request) -> SessionMixin | None:
        """As Flask's, without building the signing serializer for a request that brings no session cookie
        (API calls; Flask answers such a request with a new empty session too)."""
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """As Flask's, which does nothing for a session left empty, unmodified and unread (without reading the
        cookie settings first)."""
        if session or session.modified or session.accessed:
            super().save_session(app, session, response)


def untrusted_host(err: SecurityError) -> Response:
    """400 for a Host header outside ``PMEMO_ALLOWED_HOSTS`` (DNS rebinding): plain, as no URL can be built for it."""
    message = "this server does not answer to that host name (PMEMO_ALLOWED_HOSTS)"
    if request.path == "/api" or request.path.startswith("/api/"):
        response = current_app.json.response({"error": message})
    else:
        response = Response(f"400 Bad Request: {message}\n", mimetype="text/plain")
    response.status_code = 400
    return secure_headers(response)


def register_security(app: Flask) -> None:
    app.session_interface = SessionInterface()
    app.register_error_handler(SecurityError, untrusted_host)
    app.before_request(refuse_cross_site_api_writes)
    app.after_request(secure_headers)
