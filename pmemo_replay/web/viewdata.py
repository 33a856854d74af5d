"""The JSON a viewer page embeds (``|tojson``): players, steps, turn marks, card facts, where to fetch states.

>>> sorted(ids_in({"card": "MHK ST-001", "pay": [{"hand": "MHK 01-022"}], "text": "hello"}))
['MHK 01-022', 'MHK ST-001']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.ruleset import Cards, strings_in
from pmemo_replay.logio import is_card_id
from pmemo_replay.web.cardfacts import facts_for
from pmemo_replay.web.replay import timeline

#: Mahou Shoujo's card ids (mahou-shoujo.md §1: "KRM 001"); Precious Memories' are logio's is_card_id
MS_CARD_ID = re.compile(r"[A-Z][A-Z0-9]{1,4} [0-9]{3}")


def ids_in(value: Any) -> set[str]:
    """Every string shaped like a card id anywhere in a JSON value."""
    return {s for s in strings_in(value) if is_card_id(s) or MS_CARD_ID.fullmatch(s)}


def _ids(header: Mapping[str, Any], actions: Any, cards: Any) -> list[str]:
    """The card ids a log names (header decks, actions), sorted; ``facts_for`` keeps those ``cards`` knows.
    Another game's ids may have any shape: every string its card data knows is one."""
    return sorted(s for s in strings_in(header.get("players")) | strings_in(list(actions)) if s in cards)


def _players(header: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{"name": p.get("name", f"player {i}"), "deck_name": p.get("deck_name")} for i, p in enumerate(header["players"])]


def _common(header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: Cards,
            limit: int | None) -> dict[str, Any]:
    return {"players": _players(header), "first": header.get("first", 0), "cards": facts_for(_ids(header, actions, cards), cards),
            **timeline(header, actions, cards, limit)}


def game_view(game: Any, actions: Sequence[Mapping[str, Any]], cards: Cards, *, view: str = "judge",
              seen: tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]] | None = None) -> dict[str, Any]:
    """A stored game: the page fetches its actions and states from the API.

    In a player view, ``seen`` is the header and actions that seat could have recorded: only their card ids get
    facts in the page (turn marks come from the stored log; when turns start is no secret), and the unverified
    steps are marked without the engine's words, which name cards the seat may not have seen.
    """
    out = {"mode": "game", "id": game.id, "total": game.n_actions, "view": view,
           **_common(game.header, actions, cards, None)}
    if seen is not None:
        header, shown = seen
        out["players"] = _players(header)
        out["cards"] = facts_for(_ids(header, shown, cards), cards)
        out["unverified"] = {index: [] for index in out.get("unverified", {})}  # which steps, not why
        # which rules stood irregular, not the messages (they may name cards the seat did not see)
        out["irregular"] = {index: [{k: r[k] for k in ("index", "path", "rule", "ref")} for r in rulings]
                            for index, rulings in out.get("irregular", {}).items()}
    return out


def judge_view(text: str, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], applied: int,
               ruling: dict[str, Any] | None, cards: Cards) -> dict[str, Any]:
    """A log under judgement: the page posts ``log`` to ``/api/judge/step`` for each step; nothing is stored."""
    # up to and including the refused action (a header ruling refuses none)
    shown = list(actions) if ruling is None else list(actions[: applied + (ruling.get("index") is not None)])
    return {"mode": "judge", "total": applied, "log": text, "actions": shown, "more": len(actions) - len(shown),
            "ruling": ruling, **_common(header, shown, cards, applied)}
