"""Static files, compressed and cached by fingerprint.

``url_for('static', filename=...)`` (and the other asset endpoints) add ``?v=<fingerprint>``, a hash
of the file's content: a request naming the current fingerprint is cached for a year
(``immutable``); any other revalidates by ETag. Bodies go out as brotli or gzip when the client
accepts them, compressed once per file and process (plotly.min.js: 4.8 MB, about 1.4 MB gzipped).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, request
from werkzeug.security import safe_join

try:
    import brotli
except ImportError:  # pragma: no cover - brotli is optional
    brotli = None

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
MIN_COMPRESS = 512
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")


@dataclass
class Asset:
    """One file's bytes, fingerprint and compressed forms (made on first use)."""

    data: bytes
    mimetype: str
    fingerprint: str
    _encoded: dict[str, bytes] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def compressible(self) -> bool:
        return len(self.data) >= MIN_COMPRESS and self.mimetype.startswith(COMPRESSIBLE)

    def encoded(self, encoding: str) -> bytes:
        with self._lock:
            if encoding not in self._encoded:
                if encoding == "br" and brotli is not None:
                    self._encoded[encoding] = brotli.compress(self.data, quality=5)
                else:
                    self._encoded[encoding] = gzip.compress(self.data, compresslevel=9, mtime=0)
            return self._encoded[encoding]


class Assets:
    """The files served, keyed by path and reloaded when their size or mtime changes."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[tuple[int, int], Asset]] = {}
        self._lock = threading.Lock()

    def get(self, path: Path, mimetype: str | None = None) -> Asset:
        stat = path.stat()
        key = (stat.st_size, stat.st_mtime_ns)
        with self._lock:
            known = self._files.get(path)
        if known is not None and known[0] == key:
            return known[1]
        data = path.read_bytes()
        kind = mimetype or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        asset = Asset(data, "text/javascript" if kind == "application/javascript" else kind, hashlib.sha256(data).hexdigest()[:16])
        with self._lock:
            self._files[path] = (key, asset)
        return asset


def choose_encoding(asset: Asset) -> str | None:
    if not asset.compressible:
        return None
    accepted = request.accept_encodings
    if brotli is not None and accepted["br"]:
        return "br"
    return "gzip" if accepted["gzip"] else None


def asset_response(assets: Assets, path: Path, mimetype: str | None = None) -> Response:
    """``path`` as a response: compressed when accepted, cached for a year when ``?v=`` names its fingerprint."""
    try:
        asset = assets.get(path, mimetype)
    except OSError:
        abort(404)
    encoding = choose_encoding(asset)
    response = Response(asset.data if encoding is None else asset.encoded(encoding), mimetype=asset.mimetype)
    if encoding is not None:
        response.headers["Content-Encoding"] = encoding
    response.headers["Vary"] = "Accept-Encoding"
    response.set_etag(f"{asset.fingerprint}-{encoding or 'identity'}")
    response.headers["Cache-Control"] = IMMUTABLE if request.args.get("v") == asset.fingerprint else REVALIDATE
    return response.make_conditional(request)


def init_assets(app: Flask, files: dict[str, Path] | None = None) -> Assets:
    """Serve ``static`` (and each endpoint in ``files``: the file it serves) through :func:`asset_response`;
    their URLs carry the fingerprint."""
    assets = Assets()
    static = Path(app.static_folder or "static")
    files = files or {}

    def static_path(filename: str) -> Path | None:
        """The file under ``static`` that ``filename`` names; None for none (outside it, or a NUL no file name holds)."""
        if "\x00" in filename:
            return None
        joined = safe_join(str(static), filename)
        return None if joined is None else Path(joined)

    def serve_static(filename: str) -> Response:
        path = static_path(filename)
        if path is None:
            abort(404)
        return asset_response(assets, path)

    app.view_functions["static"] = serve_static
    for endpoint, path in files.items():
        app.view_functions[endpoint] = _serve_file(assets, path)

    @app.url_defaults
    def fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if "v" in values:
            return
        path = static_path(values["filename"]) if endpoint == "static" and "filename" in values else files.get(endpoint)
        if path is not None and path.is_file():
            values["v"] = assets.get(path).fingerprint

    return assets


def _serve_file(assets: Assets, path: Path) -> Callable[[], Response]:
    return lambda: asset_response(assets, path)
