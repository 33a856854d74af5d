"""compile_gaps: the reasons effects stay uncompiled, counted (made-up card files)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.pm.cards.compile_gaps import fold, histogram
from pmemo_replay.cards.compile_measure import main
from tests.pm_cards import read_precious


def _card(n: int, text: str) -> dict[str, str]:
    return {"id": f"TST 01-00{n}", "name": f"試験 {n}", "setName": "試験", "type": "キャラクター", "color": "赤",
            "cost": "1", "source": "1", "ap": "10", "dp": "10", "text": text}


def test_gaps_counts_the_clause_each_effect_stops_at(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    texts = ["このカードが登場した場合、カードを1枚引く。",
             "このカードが登場した場合、「試験 9」を謎の状態にする。",
             "このカードが登場した場合、「試験 8」を謎の状態にする。"]
    for n, text in enumerate(texts, 1):
        (tmp_path / f"TST_01-00{n}.json").write_text(json.dumps(_card(n, text), ensure_ascii=False), encoding="utf-8")
    got = histogram([(read_precious(tmp_path), read_precious(tmp_path, compile=True))])
    assert got == {"「N」を謎の状態にする": 2}  # the compiled one is not counted; names are folded
    assert fold("「A」の【B】を持つ『C』のキャラ2枚") == "「N」の【P】を持つ『S』のキャラn枚"
    assert main([str(tmp_path), "--gaps", "5"]) == 0
    assert "    2  「N」を謎の状態にする" in capsys.readouterr().out
