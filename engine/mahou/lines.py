"""A Mahou Shoujo state (mahou-shoujo.md §12) in readable lines, for ``pmemo-replay check`` (the ruleset's
``state_lines``)."""

from __future__ import annotations

from typing import Any


def outcome(result: dict[str, Any] | None) -> str:
    if result is None:
        return "the game goes on"
    if result["winner"] is None:
        return f"draw ({result['reason']})"
    return f"player {result['winner']} wins ({result['reason']})"


def _fighter(f: dict[str, Any]) -> str:
    cards = " + ".join(c for c in (f["hero"], f["girl"], f["grand"], *f["pets"]) if c)
    return f"{cards} HP {f['hp']}/{f['max_hp']} ATK {f['atk']} MGK {f['mgk']}"


def state_lines(s: dict[str, Any]) -> list[str]:
    """The turn and phase, then each player's gems, deck, hand, dreamscape and fighters."""
    whose = "setup" if s["turn_player"] is None else f"player {s['turn_player']}'s turn"
    replace = f", must fill the Active position: {s['must_replace']}" if s["must_replace"] else ""
    out = [f"result: {outcome(s['result'])}",
           f"state: turn {s['turn']}, {whose}, phase {s['phase']}, actions used {s['actions_used']}{replace}"]
    for i, p in enumerate(s["players"]):
        out.append(f"  player {i} {p['name']}: gems {p['gems']:g}, deck {p['deck_count']}, hand {p['hand_count']}, "
                   f"dreamscape {len(p['dreamscape'])}")
        if p["active"] is not None:
            out.append(f"    active: {_fighter(p['active'])}")
        for n, f in enumerate(p["squad"]):
            out.append(f"    squad:{n}: {_fighter(f)}")
    return out
