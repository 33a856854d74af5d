"""The URL builders the tests share between applications (tests/reuse.py) build what Werkzeug's own would: for every
route of two applications made one after the other, unknown arguments appended or not, the shared builder gives the
URL that a builder compiled for that rule alone gives."""

from __future__ import annotations

from pathlib import Path

from werkzeug.routing.rules import Rule

from tests import reuse
from tests.web.conftest import make_app


def _value(rule: Rule, name: str) -> object:
    """A value the argument's converter takes: one of an ``any`` converter's items, else 7."""
    items = getattr(rule._converters.get(name), "items", None)
    return sorted(items)[0] if items else 7


def test_every_route_builds_as_its_own_builder_would(tmp_path: Path) -> None:
    apps = [make_app(tmp_path / str(n)) for n in range(2)]
    try:
        rules = [rule for app in apps for rule in app.url_map.iter_rules()]
        assert reuse.Rule._compile_builder is reuse.cached_builder and len(rules) > 40
        for rule in rules:
            values = {name: _value(rule, name) for name in rule.arguments}
            for append_unknown in (False, True):
                own = reuse._REAL_COMPILE_BUILDER(rule, append_unknown).__get__(rule, None)
                assert rule.build({**values, "q": "a b"}, append_unknown) == own(**values, q="a b"), rule.rule
        shared = [rule._build_unknown.__func__ for rule in apps[1].url_map.iter_rules()]  # type: ignore[attr-defined]
        first = [rule._build_unknown.__func__ for rule in apps[0].url_map.iter_rules()]  # type: ignore[attr-defined]
        assert shared == first  # the second application's builders are the first's
    finally:
        for app in apps:
            app.extensions["pmemo_store"].close()
