"""Write fixtures/as-played/short-payments.jsonl: ``original-points`` with two Charas paid one card short (actions 4 and 21),
the header saying ``"as_played": true`` (docs/as-played.md). Run after tools/make_sample_logs.py.

Usage: python3 tools/make_as_played_log.py   (checks that the log still folds to the end with both irregularities)
"""

from __future__ import annotations

import copy
from pathlib import Path

from engine.fold import fold
from pmemo_replay.cards import bundled_cards
from pmemo_replay.logio import PmemoLog, read_log, write_log

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "fixtures" / "logs"
SHORT = (4, 21)  # summons whose last paying card is left out


def main() -> None:
    source = read_log(LOGS / "original-points.jsonl")
    actions = copy.deepcopy(source.actions)
    for i in SHORT:
        assert actions[i]["type"] == "summon" and len(actions[i]["pay"]) >= 2, (i, actions[i])
        actions[i]["pay"] = actions[i]["pay"][:-1]
    header = {**source.header, "as_played": True, "id": "as-played-short-payments"}
    res = fold(header, actions, bundled_cards())
    assert res.ruling is None and [r.index for r in res.irregular] == list(SHORT), (res.ruling, res.irregular)
    out = LOGS.parent / "as-played" / "short-payments.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    write_log(PmemoLog(header, actions), out)
    print(f"wrote {out}: {len(actions)} actions, irregular at {list(SHORT)}")


if __name__ == "__main__":
    main()
