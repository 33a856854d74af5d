"""Precious Memories' actions in plain words, for messages people read (a merge's disagreement): "Mio summons
MHK 01-001 to the Main Area, paying MHK ST-030". The viewer's own narration is boards/pm/narrate.js; this is its
Python sibling, card ids without names (the engine reads no card file here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

AREAS = {"main": "the Main Area", "support": "the Support Area"}
ZONES = {"deck": "the deck", "deck_bottom": "the bottom of the deck", "hand": "the hand", "discard": "the discard",
         "main": "the Main Area", "support": "the Support Area", "point": "the Point Zone",
         "removed": "the removed zone", "ex_deck": "the EX deck", "set": "a Chara it was set on"}


def _card(value: Any) -> str:
    return "a card not named" if value is None else str(value)


def _listed(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _paying(pay: Any) -> str:
    if not isinstance(pay, list) or not pay:
        return ""
    parts = []
    for item in pay:
        if isinstance(item, Mapping) and "hand" in item:
            parts.append(_card(item["hand"]))
        elif isinstance(item, Mapping) and "point" in item:
            parts.append(f"{_card(item['point'])} from the Point Zone")
        else:
            parts.append("?")
    return ", paying " + ", ".join(parts)


class Narrator:
    """Actions told with the players' names (``players``: the header's)."""

    __slots__ = ("names",)

    def __init__(self, players: Sequence[Any]) -> None:
        self.names = [str(p.get("name") or f"player {i}") if isinstance(p, Mapping) else f"player {i}"
                      for i, p in enumerate(players)]

    def who(self, p: Any) -> str:
        return self.names[p] if type(p) is int and 0 <= p < len(self.names) else "Someone"

    def _targeting(self, a: Mapping[str, Any]) -> str:
        targets = a.get("targets")
        if not isinstance(targets, list) or not targets:
            return ""
        told = []
        for t in targets:
            if isinstance(t, Mapping):
                owner = f" of {self.who(t.get('p'))}" if t.get("p") != a.get("p") else ""
                told.append(f"{_card(t.get('card'))}{owner}")
        return ", targeting " + _listed(told) if told else ""

    def _op(self, o: Mapping[str, Any]) -> str:
        kind = o.get("op")
        if kind == "draw":
            return f"{self.who(o.get('p'))} draws {o.get('n')}"
        if kind == "move":
            return (f"{_card(o.get('card'))} moves from {ZONES.get(str(o.get('from')), o.get('from'))} to "
                    f"{ZONES.get(str(o.get('to')), o.get('to'))}")
        if kind == "reveal":
            cards: list[Any] = list(o.get("cards") or ()) if isinstance(o.get("cards"), list) else []
            return f"{self.who(o.get('p'))} reveals {_listed([_card(c) for c in cards])}"
        if kind == "put_point":
            return f"{self.who(o.get('p'))} puts {o.get('n')} card(s) from the deck into the Point Zone"
        return str(kind).replace("_", " ") + (f" {_card(o['card'])}" if "card" in o else "")

    def _ops(self, a: Mapping[str, Any]) -> str:
        ops = a.get("ops")
        if not isinstance(ops, list) or not ops:
            return ""
        return " (" + "; ".join(self._op(o) for o in ops if isinstance(o, Mapping)) + ")"

    def action(self, a: Mapping[str, Any]) -> str:
        """One action in plain words (an unknown kind: its type and fields)."""
        p = self.who(a.get("p"))
        kind = a.get("type")
        card = _card(a.get("card"))
        if kind == "shuffle":
            text = f"{p} shuffles the deck"
        elif kind == "keep":
            text = f"{p} keeps the opening hand"
        elif kind == "redraw":
            text = f"{p} redraws the opening hand"
        elif kind == "draw":
            text = f"{p} draws"
        elif kind == "summon":
            text = f"{p} summons {card} to {AREAS.get(str(a.get('area')), a.get('area'))}{_paying(a.get('pay'))}"
            if a.get("replace"):
                text += f", replacing {_card(a.get('replace'))}"
        elif kind == "set_support":
            text = f"{p} sets {card} on {_card(a.get('on'))}{_paying(a.get('pay'))}"
        elif kind == "level_up":
            text = f"{p} levels up {_card(a.get('onto'))} with {card}{_paying(a.get('pay'))}"
        elif kind == "play_event":
            text = f"{p} plays {card}{_paying(a.get('pay'))}{self._targeting(a)}{self._ops(a)}"
        elif kind == "use_effect":
            text = (f"{p} uses activated effect {a.get('effect', 0)} of {card}"
                    f"{_paying(a.get('pay'))}{self._targeting(a)}{self._ops(a)}")
        elif kind == "backup":
            text = f"{p} discards {card} for its Backup{self._targeting(a)}{self._ops(a)}"
        elif kind == "trigger":
            text = f"{card}'s automatic effect {a.get('effect', 0)} fires for {p}{self._targeting(a)}{self._ops(a)}"
        elif kind == "pass":
            text = f"{p} passes"
        elif kind == "approach":
            text = f"{p} approaches with {card}" + (f" and {_card(a['with'])} (Reinforcement)" if a.get("with") else "")
        elif kind == "end_approach":
            text = f"{p} ends the Approach Phase"
        elif kind == "interfere":
            text = f"{p} interferes with {card}"
        elif kind == "no_interfere":
            text = f"{p} does not interfere" + (f" ({card} goes to the Point Zone face up)" if a.get("card") else "")
        elif kind == "choose_elimination":
            text = f"{p} chooses {card} to be eliminated" if a.get("card") else f"{p} chooses no Chara to eliminate"
        elif kind == "break":
            text = f"{p} uses the Break of {card}{self._targeting(a)}{self._ops(a)}"
        elif kind == "hand_adjust":
            cards = list(a.get("discard") or ()) if isinstance(a.get("discard"), list) else []
            text = f"{p} discards {_listed([_card(c) for c in cards])} to adjust the hand"
        elif kind == "concede":
            text = f"{p} concedes"
        elif kind == "identify":
            cards = list(a.get("cards") or ()) if isinstance(a.get("cards"), list) else []
            where = "hand" if a.get("zone") == "hand" else "Point Zone"
            text = (f"{p}'s {where}: {_listed([_card(c) for c in cards])} named" if cards
                    else f"{p}'s {where}: nothing named")
        elif kind == "note":
            text = f"note: {a.get('text')}"
        else:
            fields = ", ".join(f"{k} {v}" for k, v in a.items() if k not in ("type", "p", "meta", "at"))
            text = f"{p}: {str(kind).replace('_', ' ')}" + (f" ({fields})" if fields else "")
        responses = a.get("responses")
        if isinstance(responses, list) and responses:
            text += "; answered by: " + "; then ".join(self.action(r) for r in responses if isinstance(r, Mapping))
        return text


def describe_action(header: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """``action`` in plain words with the names of ``header``'s players."""
    players = header.get("players")
    return Narrator(players if isinstance(players, list) else []).action(action)


def _outcome(result: Mapping[str, Any] | None) -> str:
    if result is None:
        return "the game goes on"
    if result["winner"] is None:
        return f"draw ({result['reason']})"
    return f"player {result['winner']} wins ({result['reason']})"


def state_lines(s: Mapping[str, Any]) -> list[str]:
    """A state JSON in readable lines (``pmemo-replay check``): the turn, phase, step and who may act, then each
    player's deck, hand, points, discard and Charas."""
    step = f", step {s['step']}" if s["step"] else ""
    right = f", right to act: player {s['priority']}" if s["priority"] is not None else ""
    out = [f"result: {_outcome(s['result'])}",
           f"state: turn {s['turn']}, player {s['turn_player']}'s turn, phase {s['phase']}{step}{right}"]
    for i, p in enumerate(s["players"]):
        up = sum(1 for pt in p["points"] if pt["face"] == "up")
        out.append(f"  player {i} {p['name']}: deck {p['deck_count']}, hand {len(p['hand'])}, "
                   f"points {len(p['points'])} ({up} face up), discard {len(p['discard'])}")
        for area in ("main", "support"):
            for c in p[area]:
                mode = "rested" if c["rested"] else "active"
                stats = f" {c['ap']}/{c['dp']}" if c["ap"] is not None else ""
                lvl = f" Lv{c['level']}" if c["level"] > 1 else ""
                out.append(f"    {area}: {c['card']} {c['name']}{stats}{lvl} {mode}")
    return out
