"""A draft of a game whose deck orders nobody saw folds again only from where a rewrite of an order reaches
(drafts/folding.py marks, the stored snapshots with the orders beside the judge's state): after every append and
every naming of a recorded self-play game, the fold this process keeps, and the one another process rebuilds from
the latest stored snapshot, are the fold of the draft's actions from the start (issue 21 point 5); and so after each
undo."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rulesets import get_ruleset
from pmemo_replay.drafts.folding import DraftFold
from pmemo_replay.drafts.models import DRAFT_EVENT, DRAFT_SNAPSHOT
from pmemo_replay.drafts.service import SNAPSHOT_EVERY, Drafts
from pmemo_replay.games.cards import bundled_for
from pmemo_replay.simulate import simulated_logs
from pmemo_replay.store.db import read_connection
from pmemo_replay.web.drafts import KEY
from tests.drafts.conftest import make_app
from tests.drafts.test_hidden_orders import _moves_from_top, _record


@pytest.fixture
def sqlite_app(sqlite_url: str) -> Iterator[Flask]:
    """One SQLite store for every example of a test (each records a draft of its own)."""
    app = make_app(sqlite_url)
    yield app
    app.extensions["pmemo_store"].close()


def _orders_state(fold: DraftFold) -> dict[str, Any]:
    orders = fold.orders
    assert orders is not None
    return {"origins": orders.origins, "orders": orders.orders, "held": orders.held, "taken": list(orders.taken.items()),
            "seen": {s: k for s, k in orders.seen.items() if k}}


def _agrees(mine: DraftFold, fresh: DraftFold, what: str) -> None:
    rs = fresh.ruleset
    assert mine.applied == fresh.applied, what
    assert rs.to_json(mine.judge.state) == rs.to_json(fresh.judge.state), what
    assert mine.shown("judge") == fresh.shown("judge"), what
    assert mine.turns == fresh.turns, what  # from a stored snapshot too: its turns are stored with it
    mine_orders, fresh_orders = _orders_state(mine), _orders_state(fresh)
    if mine.base:  # a fold from a stored snapshot knows the orders' actions, not those of the others before it
        fresh_orders["held"] = {s: a for s, a in fresh_orders["held"].items() if s in mine_orders["held"]}
    assert mine_orders == fresh_orders, what


class Checker:
    """After each action of a recording: this process's fold and a rebuilt one against a fold from the start."""

    def __init__(self, drafts: Drafts) -> None:
        self.drafts = drafts
        self.rebuilt_from_snapshot = 0

    def __call__(self, draft: int) -> None:
        drafts = self.drafts
        with read_connection(drafts.engine) as conn:
            row = drafts._row(conn, draft)
            entry = drafts.cache.get(draft, row.count, row.last_event)
            assert entry is not None, "the append's fold is this process's"
            _, seen, late = drafts._orders(conn, draft, row.count)
            fresh = DraftFold(row.header, drafts.cards(row.header), seen=seen, late=late)
            for action in drafts._current(conn, row):
                fresh.push(action)
            _agrees(entry.fold, fresh, f"kept, after {row.count} actions")
            rebuilt = drafts._rebuild(conn, row)
            self.rebuilt_from_snapshot += rebuilt.base > 0
            _agrees(rebuilt, fresh, f"rebuilt, after {row.count} actions")
            snapshots = conn.execute(sa.select(sa.func.count()).select_from(DRAFT_SNAPSHOT)
                                     .where(DRAFT_SNAPSHOT.c.draft_id == draft)).scalar_one()
            assert snapshots <= row.count // SNAPSHOT_EVERY


def _game(ruleset: str, seed: int) -> dict[str, Any]:
    rs = get_ruleset(ruleset)
    return next(d for d in simulated_logs(bundled_for(ruleset), 8, seed, ruleset=ruleset) if _moves_from_top(rs, d))


#: (seed, draws named as drawn) of the self-play games ``_record`` can record (seeds 0-6, both ways)
RECORDABLE = {ruleset: [(s, named) for s in range(7) for named in (True, False)]
              for ruleset in ("mahou-shoujo-1", "clockwork-memorion-1")}


def _recorded_and_undone(app: Flask, ruleset: str, seed: int, name_draws: bool) -> None:
    """Record the self-play game of ``seed`` (draws named as drawn or not), checking every fold after each action,
    then undo up to 40 actions, checking again: every fold agrees with the fold from the start, the stored
    snapshots are used, and some rewrite changed an order."""
    client = app.test_client()
    check = Checker(app.extensions[KEY])
    draft, auth, _ = _record(client, ruleset, _game(ruleset, seed), name_draws=name_draws, with_ops=True, after=check)
    assert check.rebuilt_from_snapshot > 0
    count = client.get(f"/api/drafts/{draft}", headers=auth).json["count"]
    for n in range(count, max(0, count - 40), -1):  # undone: the orders' rewrites made with an action go with it
        assert client.post(f"/api/drafts/{draft}/undo", json={"expected": n}, headers=auth).status_code == 200
        check(draft)
    with read_connection(app.extensions[KEY].engine) as conn:
        orders = conn.execute(sa.select(sa.func.count()).select_from(DRAFT_EVENT).where(
            DRAFT_EVENT.c.draft_id == draft, DRAFT_EVENT.c.kind == "order")).scalar_one()
    assert orders > 0


@pytest.mark.parametrize("ruleset", sorted(RECORDABLE))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_fold_from_marks_is_the_fold_from_the_start(sqlite_app: Flask, ruleset: str, data: st.DataObject) -> None:
    """Draws named as drawn (the shuffle's order rewritten at once) or left unnamed until a card is played from the
    hand (an order rewritten where a card drawn long ago was taken): every fold agrees with the fold from the start,
    the stored snapshots are used, and some rewrite changed an order."""
    seed, name_draws = data.draw(st.sampled_from(RECORDABLE[ruleset]), label="seed, draws named")
    _recorded_and_undone(sqlite_app, ruleset, seed, name_draws)


@pytest.mark.parametrize(("ruleset", "seed", "name_draws"), [
    # Hina inherits CWX 022 from her hand (action 27), holding a copy named in her opening hand and a draw nobody
    # named whose placeholder is CWX 022 too: the named copy is played and the draw stays unnamed, so it can be the
    # CWX 024 she recalls from her hand at action 42 (it was taken as named CWX 022, and that recall refused)
    ("clockwork-memorion-1", 0, False),
    # (seeds 11 and 14 of Clockwork with draws named failed through the test's helper only, naming a card twice: the
    # helper is fixed; they are left out here to keep the suite's time, the service's paths being the same as above)
])
def test_recordings_once_refused(sqlite_app: Flask, ruleset: str, seed: int, name_draws: bool) -> None:
    """Self-play games a recording refused (a hypothesis example, then a wider run of seeds) are recorded, and every
    fold agrees with the fold from the start."""
    _recorded_and_undone(sqlite_app, ruleset, seed, name_draws)
