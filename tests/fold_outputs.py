"""What a fold gives, as JSON-ready data, for the differential tests of the compiled builds (tests/engine and
tests/clockwork build_outputs.py): both builds must give the same bytes."""

from __future__ import annotations

import copy
from typing import Any

from engine.fold import fold


def fold_outputs(ruleset: Any, header: dict[str, Any], actions: list[dict[str, Any]], cards: Any, *,
                 full: bool) -> list[Any]:
    """The fold's outputs (applied, ruling, snapshot, implied passes, irregular rulings; an escaping exception as
    an output); ``full``: also with trails, the state's JSON besides its snapshot, and the snapshot of the state read
    back from it (``from_snapshot``: what a seek starts from)."""
    out: list[Any] = []
    for trails in (True, False) if full else (False,):
        try:
            r = fold(header, copy.deepcopy(actions), cards, keep_trails=trails)
        except Exception as error:  # an escaping exception is an output to compare, not a test failure here
            out.append(["raised", type(error).__name__, str(error)])
            continue
        out.append([r.applied, r.ruling and r.ruling.to_json(), ruleset.to_snapshot(r.state), r.implied,
                    [x.to_json() for x in r.irregular], [x.to_json() for x in r.refused_irregular]])
        if trails:
            again = ruleset.to_snapshot(ruleset.from_snapshot(copy.deepcopy(ruleset.to_snapshot(r.state)), cards))
            out.append([ruleset.to_json(r.state), [t.to_json() for t in r.trails], again])
    return out
