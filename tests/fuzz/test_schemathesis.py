"""schemathesis against /api/openapi.json, the Flask application in process, with every check schemathesis has (as
``st run --checks all``) and the repository's schemathesis.toml: no 500, no response outside the description, no
request the description forbids accepted."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import load_all_checks
from schemathesis.config import ProjectConfig, SchemathesisConfig
from schemathesis.specs.openapi.schemas import OpenApiSchema

from tests.web.conftest import make_app
from tests.web.data import jsonl, simulated

#: random examples per operation and method (with every check, positive and negative data), after schemathesis'
#: coverage phase, which sends every operation its documented boundaries and refusals whatever this number is (25
#: random examples cost the 6-minute suite about 30 s more, issue 19); longer runs: the command in schemathesis.toml
EXAMPLES = 10
#: the repository's settings (schemathesis.toml: which documented refusals count as accepting valid data)
CONFIG = SchemathesisConfig.from_path(Path(__file__).resolve().parents[2] / "schemathesis.toml")
load_all_checks()


#: ProjectConfig's methods that resolve an operation's settings (in a phase) from the config's hierarchy
RESOLVED = ("phases_for", "generation_for", "checks_config_for")


def _resolved_once(resolve: Callable[..., Any]) -> Callable[..., Any]:
    """``resolve`` answering each (config, operation, phase) from what it made the first time: schemathesis asks for
    each case, about a tenth of this test's CPU, and the configuration does not change during the run."""
    made: dict[tuple[int, str | None, str | None], Any] = {}

    def resolved(self: ProjectConfig, *, operation: Any = None, **phase: Any) -> Any:
        key = (id(self), None if operation is None else operation.label, phase.get("phase"))
        if key not in made:
            made[key] = resolve(self, operation=operation, **phase)
        return made[key]

    return resolved


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenApiSchema]:
    """The application's own description, on a store holding three simulated games (ids 1 to 3)."""
    app = make_app(Path(tmp_path_factory.mktemp("api")))
    for doc in simulated(3, 81):
        app.extensions["pmemo_store"].ingest_text(jsonl(doc), "sim")
    with pytest.MonkeyPatch.context() as patch:
        for name in RESOLVED:
            patch.setattr(ProjectConfig, name, _resolved_once(getattr(ProjectConfig, name)))
        yield schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=CONFIG)


# a draft's live stream stays open for its whole length (drafts.STREAM_SECONDS): it is tested in tests/drafts
schema = schemathesis.pytest.from_fixture("api_schema").exclude(path_regex=r".*/events$")
CALLS: list[str] = []  # the requests made (the run's size)
#: test_the_run_made_requests reads CALLS, so under xdist both run in one worker (scripts/test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("schemathesis-api")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
def test_api_conforms(case: schemathesis.Case) -> None:
    case.call_and_validate()  # every check enabled in the config: all of them
    CALLS.append(case.operation.label)


def test_the_run_made_requests() -> None:
    """Runs after the conformance test: it made requests to every operation."""
    assert len(set(CALLS)) >= 10, sorted(set(CALLS))
    print(f"schemathesis: {len(CALLS)} requests to {len(set(CALLS))} operations")
