"""Checks that a redacted log replays the source as the seat saw it (table-logs.md, "Redaction")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.fold import Folder, fold
from engine.pm.cards import CardDB
from engine.pm.redact import Redaction, View, redact, shown_state
from engine.pm.state import GameState, PlayerState


def _known(cards: Sequence[str | None]) -> Counter[str]:
    return Counter(c for c in cards if c is not None)


def _same_place(dst: Sequence[str | None], src: Sequence[str | None], what: str) -> None:
    assert len(dst) == len(src), f"{what}: {len(dst)} cards, the complete log has {len(src)}"
    for i, (d, s) in enumerate(zip(dst, src, strict=True)):
        assert d is None or d == s, f"{what}[{i}]: {d} where the complete log has {s}"


def compare(src: GameState, dst: GameState, view: View, where: str) -> None:
    """Same counts; every card the redacted state knows is where the complete state has it; the seat's own hand
    and every face-up point are known."""
    assert (dst.turn, dst.phase, dst.step, dst.priority, dst.result) == (src.turn, src.phase, src.step, src.priority,
                                                                           src.result), where
    for p, (s, d) in enumerate(zip(src.players, dst.players, strict=True)):
        at = f"{where}, player {p}"
        _same_place(d.deck, s.deck, f"{at} deck")
        assert len(d.hand) == len(s.hand), f"{at}: hand count"
        assert not _known(d.hand) - _known(s.hand), f"{at}: hand knows {_known(d.hand) - _known(s.hand)}"
        if view == p:
            assert d.hand == s.hand, f"{at}: the seat's own hand {d.hand} != {s.hand}"
        assert [up for _, up in d.points] == [up for _, up in s.points], f"{at}: point faces"
        _same_place([c for c, _ in d.points], [c for c, _ in s.points], f"{at} points")
        for (dc, up), (sc, _) in zip(d.points, s.points, strict=True):
            assert not up or dc == sc, f"{at}: face-up point {sc} unknown"
        assert d.discard == s.discard and d.removed == s.removed, f"{at}: discard/removed"
        assert _area(d) == _area(s), f"{at}: Area"
        for dc, sc in zip(d.area(), s.area(), strict=True):  # the cards face down under each Chara
            _same_place(dc.under, sc.under, f"{at} under {sc.card}")
            if view in (p, "judge"):
                assert dc.under == sc.under, f"{at}: the cards under its own {sc.card} {dc.under} != {sc.under}"


def _area(p: PlayerState) -> list[Any]:
    return [(c.card, c.area, c.rested, list(c.stack), [x.card for x in c.supports]) for c in p.area()]


def check_redaction(header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB,
                    view: View) -> Redaction:
    """Redact ``view`` and check it step by step against the source; return the redaction."""
    red = redact(header, actions, cards, view)
    whole = fold(red.header, red.actions, cards, keep_trails=False)
    source = fold(header, actions, cards, keep_trails=False)
    assert whole.valid, whole.ruling
    assert whole.result == source.result
    src = Folder(header, cards, keep_trails=False)
    dst = Folder(red.header, cards, keep_trails=False)
    done = 0
    for n, action in enumerate(actions, start=1):
        src.push(action)
        while done < red.steps[n]:
            dst.push(red.actions[done])
            done += 1
        a = shown_state(src, actions[n] if n < len(actions) else None)
        b = shown_state(dst, red.actions[done] if done < len(red.actions) else None)
        compare(a, b, view, f"view {view}, after action {n - 1} ({action['type']})")
    return red
