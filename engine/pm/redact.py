"""Redaction: the table log a viewer in one seat could have recorded (table-logs.md, "Redaction").

The source log is folded in step with the redacted one. Each source action is copied
with what that seat could not know left out (shuffle orders; draws the seat did not
see named), a ``no_interfere`` names the face-up card it placed, and after each action
an ``identify`` names what the seat has just seen that the redacted fold cannot yet
name: the seat's own new hand cards, and cards that went face up into a Point Zone.

Player views are computed from the redacted log, so they hold only what that seat saw,
in the state and in the rulings trail alike.

>>> from engine.pm.redact import VIEWS
>>> VIEWS
(0, 1, 'public')
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.fold import Folder
from engine.pm import script
from engine.pm.cards import CardDB
from engine.pm.state import GameState
from engine.pm.turns import starts_next_turn, turn_end_waits
from engine.pm.zones import find_chara, same_card
from engine.ruleset import JUDGE, PUBLIC, Redaction, RedactionError, View, parse_view, strings_in
from engine.rulings import IllegalAction, NullTrail

VIEWS: tuple[View, ...] = (0, 1, "public")
Action = dict[str, Any]
__all__ = ["JUDGE", "VIEWS", "Redaction", "RedactionError", "View", "parse_view", "redact", "redact_header"]


def sees(view: View, player: int) -> bool:
    """True when a viewer in ``view`` sees ``player``'s own hidden cards (their hand, their draws)."""
    return view in (player, JUDGE)


def redact_header(header: Mapping[str, Any], view: View, *, keep_lists: bool = False) -> dict[str, Any]:
    """The header the seat could have written: its own deck lists, the others unlisted (unless ``keep_lists``)."""
    out = copy.deepcopy(dict(header))
    for i, pl in enumerate(out["players"]):
        if not keep_lists and not sees(view, i):
            pl.pop("deck", None)
            if pl.get("ex_deck"):
                pl["ex_deck"] = None
    return out


def redact_action(action: Mapping[str, Any], before: GameState, view: View, known: GameState | None = None) -> Action:
    """One source action as the seat records it (``before``: the source state just before it; ``known``: the view's
    own fold before it, which may already know a face-down point that leaves)."""
    nested = "ops" in action or "responses" in action or "choices" in action
    out = copy.deepcopy(dict(action)) if nested else dict(action)  # only nested parts are changed in place
    kind = out["type"]
    if kind == "shuffle":
        out.pop("order", None)
    elif kind == "no_interfere":
        deck = before.players[out["p"]].deck
        if deck and deck[-1] is not None:
            out["card"] = deck[-1]  # it lands face up: everyone sees it
    elif kind == "identify" and view != JUDGE:
        # a seat learns a hand only of its own; Point Zone cards only those face up (oldest unknown ones first)
        if out["zone"] == "point":
            out["cards"] = _face_up_prefix(before, out["p"], out["cards"])
        elif out["zone"] == "hand" and not sees(view, out["p"]):
            out["cards"] = []  # the discard's cards are face up: everyone sees them
    for act in _with_responses(out):
        ops = act.get("ops") or ()
        unseen = _point_moves_unseen(before, ops, view, known) if any(op.get("from") == "point" for op in ops) else None
        for k, op in enumerate(ops):
            _redact_op(op, view, _under_unseen(known, op, view) if op.get("from") == "under"
                       else None if unseen is None else unseen[k])
    for act in _with_responses(out):
        if any(isinstance(c, Mapping) and "order" in c for c in act.get("choices") or ()):
            # a shuffle's result is nobody's to see: without it the shuffle leaves the order unknown
            act["choices"] = [c for c in act["choices"] if not (isinstance(c, Mapping) and "order" in c)]
    return out


def _with_responses(action: Action) -> Iterator[Action]:
    yield action
    for resp in action.get("responses", ()):
        yield from _with_responses(resp)


def _face_up_prefix(before: GameState, player: int, cards: list[str]) -> list[str]:
    """The first of ``cards`` an ``identify`` of the Point Zone names while the points it fills are face up."""
    unknown = [up for c, up in before.players[player].points if c is None]
    out = []
    for cid, up in zip(cards, unknown, strict=False):
        if not up:
            break
        out.append(cid)
    return out


def _point_moves_unseen(before: GameState, ops: Sequence[Mapping[str, Any]], view: View,
                        known: GameState | None) -> list[bool | None]:
    """Per op of one action: for a ``move`` out of a Point Zone, whether ``view`` did not see the card it takes (None
    for other ops, or when no entry fits). The op's ``face`` only picks which copy leaves (as ``take_point`` does): the
    entry's own face counts, followed from ``before`` through the action's earlier ops (put_point, moves, flips); a
    face-down card is seen when the view's fold ``known`` knows it there or the action showed it (put or turned face
    up, or moved in from a zone the view sees)."""
    model: list[list[list[Any]]] = []  # per player: [card, face up, seen by the view]
    for p, pl in enumerate(before.players):
        mine = known.players[p].points if known is not None else []
        same = len(mine) == len(pl.points)
        model.append([[c, bool(up), view == JUDGE or bool(up) or (same and mine[i][0] is not None)]
                      for i, (c, up) in enumerate(pl.points)])
    out: list[bool | None] = []
    for op in ops:
        kind, card, unseen = op.get("op"), op.get("card"), None
        pts = model[op["p"]] if op.get("p") in (0, 1) else []
        if kind == "put_point":
            up = op.get("face", "up") != "down"
            named = list(op.get("cards") or ())
            pts += [[named[j] if j < len(named) else None, up, up or view == JUDGE] for j in range(int(op.get("n", 0)))]
        elif kind == "flip" and card is not None:
            want = op.get("face") == "up"
            hit = _point_entry(pts, card, not want)
            if hit is not None:
                pts[hit] = [card, want, want or pts[hit][2]]
        elif kind == "move":
            if op.get("from") == "point":
                face = op.get("face")
                hit = _point_entry(pts, card, None if face is None else face == "up")
                if hit is not None:
                    _, up, seen = pts.pop(hit)
                    unseen = not (up or seen)
            if op.get("to") == "point":  # a named card lands face up unless the op says down; an unnamed one down
                up = op.get("face") != "down" if card is not None else op.get("face") == "up"
                shown = card is not None and (up or not _hidden_zone(op["from"], op, view, unseen))
                pts.append([card, up, shown or view == JUDGE])
        out.append(unseen)
    return out


def _under_unseen(known: GameState | None, op: Mapping[str, Any], view: View) -> bool:
    """For a ``move`` from under a Chara: whether ``view`` did not see the card (it sees its own player's, the judge
    every one; another view only one its fold ``known`` knows under that Chara: put there from a public zone)."""
    p, card = op.get("p"), op.get("card")
    if view == JUDGE or (p in (0, 1) and sees(view, p)):
        return False
    if known is None or p not in (0, 1) or card is None:
        return True
    on = op.get("on")
    holder = find_chara(known.players[p], on) if isinstance(on, str) else None
    return holder is None or not any(c is not None and same_card(c, card) for c in holder.under)


def _point_entry(pts: Sequence[Sequence[Any]], card: str | None, up: bool | None) -> int | None:
    """The Point Zone entry a move or flip takes: the first copy of ``card`` of that face (None: any face), else the
    oldest unknown entry of that face (as the engine identifies one)."""
    fits = [i for i, pt in enumerate(pts) if up is None or pt[1] == up]
    if card is not None:
        hit = next((i for i in fits if pts[i][0] is not None and same_card(pts[i][0], card)), None)
        if hit is not None:
            return hit
    return next((i for i in fits if pts[i][0] is None), None)


def _redact_op(op: Action, view: View, unseen: bool | None = None) -> None:
    """Leave out of ``op`` what ``view`` did not see (``unseen``: whether a card leaving a Point Zone was unseen)."""
    kind = op["op"]
    if kind == "shuffle":
        op.pop("order", None)
    elif kind == "draw" and not sees(view, op["p"]):
        op.pop("cards", None)  # cards the seat did not see
    elif kind == "put_point" and op.get("face") == "down" and view != JUDGE:
        op.pop("cards", None)  # put face down: nobody at the table sees them
    elif kind == "move" and _hidden_zone(op["from"], op, view, unseen) and _hidden_zone(op["to"], op, view):
        op.pop("card", None)  # an unknown card moving between zones the seat does not see


def _hidden_zone(zone: str, op: Action, view: View, unseen: bool | None = None) -> bool:
    """True when a card in ``zone`` of the op's player is hidden from ``view`` (decks, another's hand or EX deck,
    points face down). For the Point Zone entry a move takes, ``unseen`` says (the op's ``face`` only picks the copy);
    else the op's ``face`` (a card put there face down)."""
    if zone in ("deck", "deck_bottom"):
        return True
    if zone in ("hand", "ex_deck"):
        return not sees(view, op["p"])
    if zone == "under":  # face down under a Chara: its owner's (the judge's too), or one the view saw go there
        return unseen if unseen is not None else not sees(view, op["p"])
    if zone != "point" or view == JUDGE:
        return False
    return unseen if unseen is not None else op.get("face") == "down"


def push_redacted(folder: Folder, action: Mapping[str, Any], view: View, known: GameState | None = None) -> Action:
    """Push ``action`` onto ``folder`` (the source fold) and return its copy for ``view``: :func:`redact_action`,
    then the picks of scripted effects as :func:`redact_picks` leaves them (``known``: the view's own fold before
    the copy). Raises what ``folder.push`` raises."""
    copied = redact_action(action, folder.state, view, known)
    placed = len(folder.state.players[copied["p"]].points) if copied["type"] == "no_interfere" else 0
    with script.watch() as runs:
        folder.push(action)
    if copied["type"] == "no_interfere" and "card" in copied and not any(
            c == copied["card"] and up for c, up in folder.state.players[copied["p"]].points[placed:]):
        del copied["card"]  # no point went face up (a 'cannot give points' grant...): the deck top stays unseen
    redact_picks(action, copied, runs, view, known)
    redact_unread(action, copied, runs, view)
    return copied


def redact_unread(action: Mapping[str, Any], copied: Action, runs: Sequence[script.Run], view: View) -> None:
    """In ``copied``, write ``null`` for each card id of a ``choices`` entry no script read (an effect with no
    script, one that did not resolve, or entries left over past an unverified part) unless the copy names that card
    elsewhere (its ops as the view sees them, its targets): the engine ignores such entries, so only the ops tell
    what the view saw (the judge too: it holds what either seat saw, and neither saw a choice nothing read)."""
    for src, out in zip(_with_responses(action), _with_responses(copied), strict=False):  # type: ignore[arg-type]
        entries = src.get("choices")
        if not entries or not out.get("choices"):
            continue
        read = max((r.taken for r in runs if r.action is src), default=0)
        shown = strings_in({k: v for k, v in out.items() if k not in ("choices", "responses")})
        at = 0
        for i, entry in enumerate(entries):
            if isinstance(entry, Mapping) and "order" in entry:
                continue  # dropped from the copy for every view
            if i >= read and at < len(out["choices"]):
                out["choices"][at] = _nulled(out["choices"][at], shown)
            at += 1


def _nulled(entry: Any, shown: set[str]) -> Any:
    """``entry`` with every string that ``shown`` does not hold written as ``None``."""
    if isinstance(entry, str):
        return entry if entry in shown else None
    if isinstance(entry, Mapping):
        return {k: _nulled(v, shown) for k, v in entry.items()}
    if isinstance(entry, list):
        return [_nulled(v, shown) for v in entry]
    return entry


def _zone_seen(zone: str, p: int, view: View, *, up: bool = False, face: str | None = None) -> bool:
    """True when ``view`` sees a card standing in ``zone`` of player ``p`` (a Point Zone card: face up)."""
    if zone in ("deck", "deck_bottom"):
        return False
    if zone in ("hand", "ex_deck", "under"):  # an EX deck's contents are its owner's alone (rule book 000, EX Deck
        # Rules); the cards face down under a Chara its owner's (the state JSON shows them to that seat alone)
        return sees(view, p)
    if zone == "point":
        return up or face == "up" or view == JUDGE
    return True  # the discard, removed cards, the Area: public


def pick_seen(note: script.PickNote, view: View) -> list[bool]:
    """Per picked card: ``view`` saw it, because the text shows it (``reveal``), it left or reached a zone the view
    sees, or the view's own player looked through the deck for it (the judge, who holds what either seat knew,
    too: the merge of the two seats' recordings names it)."""
    return [note.reveal or _zone_seen(note.src, note.p, view, up=up) or _zone_seen(note.dst, note.p, view, face=note.face)
            or (note.src == "deck" and sees(view, note.p)) for up in note.up]


#: zones some view does not see into
HIDDEN_ZONES = ("deck", "deck_bottom", "hand", "ex_deck")


def _unnamed_public(run: script.Run) -> bool:
    """True when ``run`` took a card out of a hidden zone (a deck, a hand, an EX deck) by an op no ``choices`` entry
    names: a pick the engine made alone (the only fitting card of an EX deck, to the Area or a hand), or the rest of
    a look put where every player sees it (SAGA 01-105's rest to the Discard). A view that does not see that zone
    could not make the same pick, nor tell which card it was: every copy carries the effect's ops (each view's ops
    name what it saw, for every view alike, so that the seats' copies merge into the judge's)."""
    picked = {k: note for note in run.notes for k in note.ops}
    for k, op in enumerate(run.ops):
        if op.get("op") != "move" or op.get("from") not in HIDDEN_ZONES:
            continue
        note = picked.get(k)
        if note is not None and note.choice is None:
            return True
        if note is None and "card" in op and _zone_seen(str(op.get("to")), int(op["p"]), PUBLIC, face=op.get("face")):
            return True
    return False


def _known_in(g: GameState, note: script.PickNote) -> set[str]:
    """The cards the view's fold ``g`` knows in the zone a pick takes from (hand, Point Zone, EX deck)."""
    pl = g.players[note.p]
    under = [c for chara in pl.area() for c in chara.under]
    held = {"hand": pl.hand, "ex_deck": pl.ex_deck, "point": [c for c, _ in pl.points], "under": under}.get(note.src, ())
    return {c for c in held if c is not None}


def redact_picks(action: Mapping[str, Any], copied: Action, runs: Sequence[script.Run], view: View,
                 known: GameState | None = None) -> None:
    """Rewrite in ``copied`` the picks of the scripted effects ``runs`` resolved for ``action``: a card the view did
    not see is ``null`` in its ``choices`` entry and has no ``card`` in its ``move`` op; one it saw is named (a
    revealed search, a card into a public zone, or one the view's fold ``known`` already knows where it was: a
    face-down point it saw face up, a card revealed into a hand)."""
    pairs = {id(a): c for a, c in zip(_with_responses(action), _with_responses(copied), strict=False)}  # type: ignore[arg-type]
    for run in runs:
        out = pairs.get(id(run.action))
        if out is None:
            continue
        src_choices = run.action.get("choices") or []
        given = run.action.get("ops")
        if given is None and (run.milled or _unnamed_public(run)):
            # the milled cards (or the rest of a look put where both players see them: SAGA 01-105's rest to the
            # Discard) go where both players see them: a view that does not know the deck order needs the effect's
            # ops to name them (the rest as the view sees it)
            given = run.ops
            out["ops"] = [copy.deepcopy(op) for op in run.ops]
            for op in out["ops"]:
                _redact_op(op, view)
        for note in run.notes:
            seen = pick_seen(note, view)
            if known is not None and not all(seen):
                held = _known_in(known, note)
                seen = [ok or c in held for c, ok in zip(note.cards, seen, strict=True)]
            if note.choice is not None and note.choice < len(src_choices) and "choices" in out:
                at = note.choice - sum(1 for c in src_choices[:note.choice] if isinstance(c, Mapping) and "order" in c)
                if at < len(out["choices"]) and note.slot is not None:  # one card of a support_move's entry
                    _null_slot(out["choices"], at, note.slot, seen[0])
                elif at < len(out["choices"]):
                    out["choices"][at] = [c if ok else None for c, ok in zip(note.cards, seen, strict=True)]
            ops = out.get("ops") or []
            for k, ok in zip(note.ops, seen, strict=True):
                if given is not None and k < len(ops) and k < len(given) and ops[k].get("op") == "move":
                    if ok and "card" in given[k]:
                        ops[k]["card"] = given[k]["card"]
                    elif not ok:
                        ops[k].pop("card", None)


def _null_slot(choices: list[Any], at: int, slot: int, seen: bool) -> None:
    """A ``support_move`` entry (``{"p", "on", "card"}`` items): the card of item ``slot`` as ``null`` unless seen."""
    entry = choices[at]
    if not seen and isinstance(entry, list) and slot < len(entry) and isinstance(entry[slot], Mapping):
        choices[at] = [{**x, "card": None} if k == slot else x for k, x in enumerate(entry)]


def _first_unknown_run(known: Sequence[str | None], unknown: Sequence[str | None]) -> list[str]:
    """The ids ``known`` holds at ``unknown``'s unknown positions, oldest first, up to the first it does not hold."""
    out: list[str] = []
    for have, want in zip(unknown, known, strict=True):
        if have is None:
            if want is None:
                break
            out.append(want)
    return out


def news(source: GameState, target: GameState, view: View) -> list[Action]:
    """``identify`` actions naming what the seat sees in ``source`` that ``target`` does not know yet."""
    out: list[Action] = []
    for p, (src, dst) in enumerate(zip(source.players, target.players, strict=True)):
        if sees(view, p) and None in dst.hand and len(src.hand) == len(dst.hand):
            cards = _first_unknown_run(src.hand, dst.hand)
            if cards:
                out.append({"type": "identify", "p": p, "zone": "hand", "cards": cards})
        if len(src.points) == len(dst.points) and any(c is None for c, _ in dst.points):
            shown = [c if up else None for c, up in src.points]  # face up: both players see it
            cards = _first_unknown_run(shown, [c for c, _ in dst.points])
            if cards:
                out.append({"type": "identify", "p": p, "zone": "point", "cards": cards})
        out += _discard_news(p, [src.discard], dst.discard)
    return out


def _discard_news(p: int, known: Sequence[Sequence[str | None]], dst: Sequence[str | None]) -> list[Action]:
    """An ``identify`` of player ``p``'s discard naming its unknown cards (cards that were face down under a Chara
    that left the Area) as any of the ``known`` discards (as long, position for position) names them."""
    if None not in dst or any(len(k) != len(dst) for k in known):
        return []
    shown = [next((k[i] for k in known if k[i] is not None), None) for i in range(len(dst))]
    cards = _first_unknown_run(shown, dst)
    return [{"type": "identify", "p": p, "zone": "discard", "cards": cards}] if cards else []


def redact(
    header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: CardDB, view: View, *,
    keep_lists: bool = False,
) -> Redaction:
    """Redact a legal log (complete or table) for ``view``; :class:`RedactionError` when that is not possible."""
    if view not in (*VIEWS, JUDGE):
        raise ValueError(f"unknown view {view!r}")
    out_header = redact_header(header, view, keep_lists=keep_lists)
    try:
        src = Folder(header, cards, keep_trails=False)
        dst = Folder(out_header, cards, keep_trails=False)
    except IllegalAction as err:
        raise RedactionError(f"the log's decks are refused: {err.ruling.message}") from None
    out: list[Action] = []
    steps = [0]
    for i, action in enumerate(actions):
        try:
            copied = push_redacted(src, action, view, dst.state)
        except IllegalAction as err:
            raise RedactionError(f"action {i} is illegal ({err.rule}): {err.ruling.message}") from None
        _push(dst, copied, i)
        out.append(copied)
        following = actions[i + 1] if i + 1 < len(actions) else None
        src.settle(following)
        if _may_identify(dst.state, following):
            for learned in news(src.state, shown_state(dst, following), view):
                _push(dst, learned, i)
                out.append(learned)
        steps.append(len(out))
    dst.settle(None)
    if src.state.result != dst.state.result:
        raise RedactionError(f"the redacted log ends with {dst.state.result}, the log with {src.state.result}")
    return Redaction(out_header, out, steps)


def _may_identify(g: GameState, following: Mapping[str, Any] | None) -> bool:
    """An ``identify`` starts a waiting Turn End's next turn: only where the next source action would start it too."""
    return not turn_end_waits(g) or following is None or starts_next_turn(g, following)


def shown_state(folder: Folder, following: Mapping[str, Any] | None) -> GameState:
    """The state as ``following`` (None: the end of the log) finds it: at a waiting Turn End, a copy with the next
    turn started if ``following`` starts it; else the folder's own state (not to be changed)."""
    if not turn_end_waits(folder.state):
        return folder.state
    state = folder.state.clone()
    if following is None:
        folder.ruleset.settle(state, NullTrail())
    else:
        folder.ruleset.before(state, following, NullTrail())
    return state


def _push(folder: Folder, action: Action, index: int) -> None:
    try:
        folder.push(action)
    except IllegalAction as err:
        raise RedactionError(f"the redacted log is refused after source action {index} ({err.rule}): "
                             f"{err.ruling.message}") from None


def merged_news(seats: Sequence[GameState], merged: GameState) -> list[Action]:
    """``identify`` actions naming what the seats' own folds ``seats`` know that ``merged`` does not: each hand as
    its own seat knows it, each Point Zone's face-up cards as either seat knows them (in :func:`news`'s order)."""
    out: list[Action] = []
    for p, dst in enumerate(merged.players):
        own = seats[p].players[p]
        if None in dst.hand and len(own.hand) == len(dst.hand):
            cards = _first_unknown_run(own.hand, dst.hand)
            if cards:
                out.append({"type": "identify", "p": p, "zone": "hand", "cards": cards})
        if any(c is None for c, _ in dst.points) and all(len(s.players[p].points) == len(dst.points) for s in seats):
            shown = [next((c for c, up in (s.players[p].points[k] for s in seats) if up and c is not None), None)
                     for k in range(len(dst.points))]
            cards = _first_unknown_run(shown, [c for c, _ in dst.points])
            if cards:
                out.append({"type": "identify", "p": p, "zone": "point", "cards": cards})
        out += _discard_news(p, [s.players[p].discard for s in seats], dst.discard)
    return out


def named_cards(g: GameState) -> dict[tuple[str, int, int], str]:
    """Each known card of the zones an ``identify`` names (hand, Point Zone, discard) by its place, ``(zone,
    player, position)``: what :func:`merged_news` reads, for the merge to compare two folds place by place."""
    out: dict[tuple[str, int, int], str] = {}
    for p, pl in enumerate(g.players):
        for zone, cards in (("hand", pl.hand), ("point", [c for c, _ in pl.points]), ("discard", pl.discard)):
            for k, card in enumerate(cards):
                if card is not None:
                    out[zone, p, k] = card
    return out
