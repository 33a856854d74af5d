"""Coins taken off Charas (issue 20, eleventh round): the step ``remove_coins`` and the coin counts that conditions and
Chara specs read.

Coins are markers an effect puts on a Chara (rule book 000 ⑬ "Regarding Coins", 001 the same): they stay on it
while it stays on the Area and go with its leaving. A +10/+10 coin gives AP+10/DP+10; other coins (青春 / タコス,
撃墜: ``"shootdown"``) do nothing unless an effect reads them. Neither rule book speaks of taking coins off; the cards
that do name how many (N個取り除く) and whose Charas they come from, so the player chooses N coins among those the
named Charas hold, from one Chara or several (docs/compiler.md, decisions).

``remove_coins`` (``target``: a step target, or ``spec``: a Chara spec seen from the player; ``coin``: the kind, or
none for any kind; ``n``; ``up_to``; ``then``): one ``choices`` entry, a list with one item per coin taken off, each
a card id (the Chara's coin of that kind; with ``coin`` unset the Chara must hold one kind only) or ``[card id,
kind]``; or read off the logged ``coin`` ops (negative ``n``). Without ``up_to``, ``n`` coins go (all of them when
the Charas hold fewer); ``then`` runs only when all ``n`` went (the text's "if so"). ``any`` (任意の個数, round 18)
instead of ``n``: as many as the player chooses, none included; ``then`` when one or more went. The count taken is
``per: {"coins_taken": true}`` in the steps after it (取り除いた…コイン1個につき). ``all`` (全て, round 28): every such
coin the named Charas hold, no decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.pm.state import Chara
from engine.rulings import illegal

if TYPE_CHECKING:
    from engine.pm.script import Run

Step = Mapping[str, Any]


def held(c: Chara, kind: str | None) -> int:
    """How many coins of ``kind`` (None: of any kind) ``c`` holds."""
    if not c.coins:
        return 0
    return sum(c.coins.values()) if kind is None else c.coins.get(kind, 0)


def condition_holds(source: Chara | None, want: Mapping[str, Any]) -> bool:
    """The condition ``{"coins": {"coin", "at_least" | "at_most"}}`` on the effect's own Chara (このカードの上に
    +10/+10コインが乗っていない / 撃墜コインがN個以上乗っている); a card off the Area holds none."""
    n = 0 if source is None else held(source, want.get("coin"))
    return n >= int(want.get("at_least", 0)) and ("at_most" not in want or n <= int(want["at_most"]))


def spec_problem(c: Chara, want: Mapping[str, Any]) -> str | None:
    """The Chara spec key ``coins`` (``{"coin", "at_least"}``: コインが乗っているキャラ; ``{"coin", "at_most": 0}``:
    コインが乗っていないキャラ, round 22)."""
    n = held(c, want.get("coin"))
    if "at_most" in want:
        most = int(want["at_most"])
        return None if n <= most else f"holds {n} {want.get('coin') or ''} coin(s), not {most} or fewer"
    least = int(want.get("at_least", 1))
    return None if n >= least else f"holds {n} {want.get('coin') or ''} coin(s), not {least} or more"


def remove_coins(r: Run, step: Step) -> None:
    """Take ``n`` coins off the Charas the step names, as the player chooses; ``then`` when all ``n`` went."""
    # imported here: conditions reads this module's counts, the script runner calls this step, and zones imports
    # stats, which imports conditions (at module level, a cycle when stats is imported first)
    from engine.pm import conditions, zones
    from engine.pm.script import steps

    kind = step.get("coin")
    named = r.subjects(step["target"]) if "target" in step else conditions.charas(r.g, r.actor, step["spec"], r.source)
    holders = [c for c in named if held(c, kind)]
    total = sum(held(c, kind) for c in holders)
    # any: 任意の個数, as many as the player likes; all (round 28: 全て): every such coin there, nothing to choose
    n = total if step.get("any") or step.get("all") else int(step.get("n", 1))
    units = _chosen(r, step, holders, kind, min(n, total))
    need = min(n, total)
    if len(units) > n or (not (step.get("up_to") or step.get("any")) and len(units) < need):
        raise illegal("effect.target", f"{zones.describe(r.g, r.card_id)}: {len(units)} coin(s) chosen to take off; the "
                                       f"effect takes {'up to ' if step.get('up_to') or step.get('any') else ''}{need}")
    taken: dict[tuple[int, str], int] = {}
    for c, coin in units:
        taken[(c.uid, coin)] = taken.get((c.uid, coin), 0) + 1
        if taken[(c.uid, coin)] > c.coins.get(coin, 0):
            raise illegal("effect.target", f"{zones.describe(r.g, r.card_id)}: {zones.describe(r.g, c.card)} holds only "
                                           f"{c.coins.get(coin, 0)} {coin} coin(s)")
    for (uid, coin), k in taken.items():
        holder = r.g.chara_by_uid(uid)
        assert holder is not None
        r.emit({"op": "coin", "p": holder.owner, "card": holder.card, "coin": coin, "n": -k})
    r.coins_taken = len(units)
    if "then" in step and units and (len(units) == n or step.get("any")):
        steps(r, step["then"])


def _chosen(r: Run, step: Step, holders: list[Chara], kind: str | None, most: int) -> list[tuple[Chara, str]]:
    """The coins the player takes off: the next ``choices`` entry, the logged ``coin`` ops, or (legal-action
    generation) the first ones; one (Chara, kind) per coin."""
    from engine.pm import zones
    if step.get("all"):  # every such coin (全て): no decision
        return [_unit(r, holders, kind, item) for item in _first(holders, kind, most)]
    entry: Any = r.decision() if r.choices is not None else None
    if entry is None and r.choices is None and r.given is not None:
        entry, k = [], 0
        while len(entry) < most:
            op = r.next_given(k)
            if op is None or op.get("op") != "coin" or int(op.get("n", 0)) >= 0:
                break
            entry.extend([[op.get("card"), op.get("coin")]] * -int(op["n"]))
            k += 1
    if entry is None:
        entry = [] if (step.get("up_to") or step.get("any")) and not r.auto else _first(holders, kind, most)
    r.made.append(entry)
    if not isinstance(entry, list):
        raise illegal("effect.target", f"{zones.describe(r.g, r.card_id)}: choice {entry!r} is not a list of coins")
    return [_unit(r, holders, kind, item) for item in entry]


def _first(holders: list[Chara], kind: str | None, most: int) -> list[Any]:
    out: list[Any] = []
    for c in holders:
        for coin, k in sorted(c.coins.items()):
            if kind is None or coin == kind:
                out.extend([[c.card, coin]] * k)
    return out[:most]


def _unit(r: Run, holders: list[Chara], kind: str | None, item: Any) -> tuple[Chara, str]:
    """One chosen coin: ``card id`` or ``[card id, kind]``, on one of ``holders``."""
    from engine.pm import zones
    cid: Any = None
    coin: Any = None
    if isinstance(item, str):
        cid, coin = item, kind
    elif isinstance(item, list) and len(item) == 2:
        cid, coin = item
    c = next((x for x in holders if isinstance(cid, str) and zones.same_card(x.card, cid)), None)
    if c is None:
        raise illegal("effect.target", f"{zones.describe(r.g, r.card_id)}: {item!r} names no Chara holding a coin "
                                       "the effect may take off")
    if coin is None:
        kinds = [k for k, v in c.coins.items() if v]
        if len(kinds) != 1:
            raise illegal("effect.target", f"{zones.describe(r.g, r.card_id)}: {zones.describe(r.g, c.card)} holds coins of "
                                           f"several kinds; name the kind ([card, coin])")
        coin = kinds[0]
    if (kind is not None and coin != kind) or not c.coins.get(coin):
        raise illegal("effect.target", f"{zones.describe(r.g, r.card_id)}: {zones.describe(r.g, c.card)} holds no {coin} coin "
                                       "the effect may take off")
    return c, coin
