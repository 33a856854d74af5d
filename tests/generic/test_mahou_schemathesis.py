"""schemathesis on the game endpoints of a store holding Mahou Shoujo games (and Precious Memories ones), every check
with the repository's schemathesis.toml: no 500, no response outside the OpenAPI description."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.schemas import OpenApiSchema

from pmemo_replay.games.cards import CardLibrary
from pmemo_replay.logio import dump_jsonl, load_log
from pmemo_replay.simulate import simulated_logs
from tests.fuzz.test_schemathesis import CONFIG
from tests.web.conftest import make_app

EXAMPLES = 10  # after the coverage phase (as tests/fuzz/test_schemathesis.py); longer runs: schemathesis.toml


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> OpenApiSchema:
    """The application's own description, on a store holding Mahou games (ids 1 to 3) and one Precious Memories game."""
    app = make_app(Path(tmp_path_factory.mktemp("api")))
    library = CardLibrary()
    store = app.extensions["pmemo_store"]
    for doc in [*simulated_logs(library, 3, 9, ruleset="mahou-shoujo-1"), *simulated_logs(library, 1, 9)]:
        assert store.ingest_text(dump_jsonl(load_log(doc)), "sim").status == "stored"
    return schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=CONFIG)


schema = schemathesis.pytest.from_fixture("api_schema").include(path_regex=r"^/api/(games|check)")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
def test_game_endpoints_conform(case: schemathesis.Case) -> None:
    case.call_and_validate()  # every check the config enables: all
