"""Running an effect script: each step becomes ops, applied at once (later steps see their result).

Steps (``{"op": ...}``) and their fields are listed in docs/log-extensions.md. The decisions
an effect leaves to a player are read from the action's ``choices``, one entry per decision in
script order: a list of card ids for a pick of cards (``[]`` picks none), an integer (or a list of
integers) for a mode. When the log gives ``ops`` and no ``choices``, each decision is read off
the given ops instead: the ops then stand for that choice (rules.md, "Scripted effects").
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Final

from engine.pm import conditions, effects, static_bans, stats
from engine.pm.cards import Effect
from engine.pm.hidden import HIDDEN_FROM, HIDDEN_TO
from engine.pm.ops import MAIN_LIMIT, NAMED_CHARA_GRANTS, apply_op
from engine.pm.state import Chara, GameState, expiry
from engine.pm.zones import AREA_ZONES, area_holds, describe, find_chara, same_card
from engine.rulings import IllegalAction, NullTrail, Trail, illegal

Step = Mapping[str, Any]
#: the grant that marks the change a ``set`` made to a Chara's AP/DP (変更: a value set, not a modifier gained)
SET_CHANGE: Final = "set_change"
#: a spec value "the number of Charas the rest_any step before rested" (休息状態にした枚数), put in when a grant runs
RESTED_COUNT: Final = {"picked": "cards"}
ZONE_FIELDS: Final = {"hand": "hand", "discard": "discard", "ex_deck": "ex_deck", "removed": "removed"}
#: where a given move may take or put a card the recorder did not see (table logs; face down under a Chara too)
_UNSEEN_FROM: Final = frozenset((*HIDDEN_FROM, "under"))
_UNSEEN_TO: Final = frozenset((*HIDDEN_TO, "under"))


@dataclass
class PickNote:
    """A pick of cards as it resolved, for the redaction (engine.pm.redact): which decision and ops hold the cards,
    where they went and whether the text shows them (``reveal``: 表にしてから / 公開)."""

    p: int
    src: str
    dst: str
    reveal: bool
    face: str | None
    cards: list[str | None]
    #: per card: it was face up where it was taken (a Point Zone card), else False
    up: list[bool]
    #: the index of its entry in the action's ``choices`` (None: read off the ops or chosen automatically)
    choice: int | None
    #: the indexes of its ``move`` ops in the effect's ops
    ops: list[int] = field(default_factory=list)
    #: a ``support_move`` ``from: "under"`` (one card): its place in the ``choices`` entry, a list of
    #: ``{"p", "on", "card"}`` (None: a pick, whose entry is the list of its cards)
    slot: int | None = None


_WATCH: Final[ContextVar[list[Run] | None]] = ContextVar("pm_script_watch", default=None)


@contextlib.contextmanager
def watch() -> Iterator[list[Run]]:
    """Collect every effect run while the block folds actions (the redaction reads their picks)."""
    runs: list[Run] = []
    token = _WATCH.set(runs)
    try:
        yield runs
    finally:
        _WATCH.reset(token)


class Run:
    """One effect resolving: its state, its targets, the log's choices and the ops so far."""

    def __init__(self, g: GameState, actor: int, card_id: str, eff: Effect, targets: list[Chara | None],
                 source: Chara | None, action: Mapping[str, Any], trail: Trail, *, in_response: bool,
                 entered: Sequence[int] = ()) -> None:
        self.g, self.actor, self.card_id, self.eff = g, actor, card_id, eff
        # the action's targets by position; None: left out (``null`` in the log's ``targets``); a copy, as a target
        # left out may be named while the effect resolves (require_target)
        self.targets: list[Chara | None] = list(targets)
        self.source, self.trail, self.in_response = source, trail, in_response
        raw = action.get("choices")
        self.choices: list[Any] | None = list(raw) if raw is not None else None
        self.given: list[Mapping[str, Any]] | None = action.get("ops")
        self.broken = action.get("type") == "break"
        self.ops: list[dict[str, Any]] = []
        self.disables = False
        self.picked: list[str] = []  # the cards moved by the last pick (``"that"`` in later steps)
        self.coins_taken = 0  # coins the last ``remove_coins`` took off (``per: {"coins_taken": true}``)
        self.unverified: list[str] = []
        self.auto = False  # choose the first options where the log gives no choice (legal-action generation)
        self.fills = False  # a target left out is the first Chara that could be it (a trial of what a mode could do)
        self.made: list[Any] = []  # the decisions taken, as ``choices`` entries
        self.left_area = "main"  # the area the last Chara moved off the Area by a ``move`` step was in
        self.areas = 0  # cards put onto the field (場に出す: ``to`` ``area``/``same_area``) so far, where one is chosen
        self.other_area: int | None = None  # legal-action generation: that card goes to the area not taken by default
        self.other_taken = False  # ... and it could
        self.action = action
        self.taken = 0  # entries of ``choices`` read so far
        self.notes: list[PickNote] = []  # the picks, for the redaction
        self.milled = False  # a mill moved cards: a view that does not know the deck needs the ops naming them
        # the Charas this effect's picks put onto the Area (uids; target ``"entered"``: この効果で場に出たキャラ), for a
        # delayed part the ones its setting-up effect put there
        self.entered: list[int] = list(entered)
        self.halted = False  # the rest of the effect is taken as recorded (a reveal of cards nobody named)
        # the decisions the opponent takes (chosen_by; round 29: their own picks, ``who: "opponent"``): (index in
        # ``made``, the Charas / cards they choose among, how many, whether they may choose none)
        self.opponent_made: list[tuple[int, list[str], int, bool]] = []
        self.put_back = 0  # looked-at cards not picked moved back so far (a pick's ``rest_to``: _rest_to)

    # -- decisions ----------------------------------------------------------

    def decision(self) -> Any:
        """The next entry of ``choices`` (None when the log gives none left)."""
        if self.choices:
            self.taken += 1
            return self.choices.pop(0)
        return None

    def next_given(self, k: int = 0) -> Mapping[str, Any] | None:
        """The given op at the position the next computed op takes (``k`` further on)."""
        i = len(self.ops) + k
        if self.choices is None and self.given is not None and i < len(self.given):
            return self.given[i]
        return None

    def given_at(self, k: int = 0) -> Mapping[str, Any] | None:
        """The given op at the position the next computed op takes (``k`` further on), ``choices`` or not: for what
        only the ops can say (where a card goes on the field, the order of cards put back)."""
        i = len(self.ops) + k
        return self.given[i] if self.given is not None and i < len(self.given) else None

    def given_area(self) -> Mapping[str, Any] | None:
        """The given op at the next position when it is a ``move`` onto the Area (``to`` main or support), with or
        without ``choices``: the log names where a card put onto the field goes (and, for a full Main Area, the
        Chara it gives up) in that op."""
        op = self.given_at()
        return op if op is not None and op.get("op") == "move" and op.get("to") in ("main", "support") else None

    # -- output -------------------------------------------------------------

    def emit(self, op: dict[str, Any]) -> None:
        """Apply one computed op now; a mismatch with the given op is ``effect.result``."""
        want = self.next_given()
        if self.given is not None and self.choices is None and want is not None and not _same(want, op):
            raise illegal("effect.result", f"{describe(self.g, self.card_id)}: op {len(self.ops)} given as {dict(want)}; "
                                           f"its scripted effect does {op}")
        self.ops.append(op)
        if apply_op(self.g, op, self.trail, verified=True, in_response=self.in_response):
            self.disables = True

    def trigger_subject(self) -> list[Chara]:
        """The Chara(s) whose event fired this automatic effect (``other_`` / ``any_`` causes: GameState.trigger_subjects,
        recorded when it fired; two Charas approaching together, one firing: both), those still on the Area; none for
        any other effect."""
        if self.source is None or not self.g.trigger_subjects:
            return []
        autos = self.g.card(self.card_id).automatic()
        idx = next((i for i, e in enumerate(autos) if e is self.eff), None)
        uids = () if idx is None else self.g.trigger_subjects.get((self.actor, self.source.uid, idx), ())
        return [c for c in (self.g.chara_by_uid(u) for u in uids) if c is not None]

    def subjects(self, key: Any) -> list[Chara]:
        """The Charas a step's ``target`` names."""
        if key == "self":
            return [self.source] if self.source is not None and self.g.chara_by_uid(self.source.uid) else []
        if key == "entered":  # the Charas this effect put onto the Area, while they stay there
            return [c for c in (self.g.chara_by_uid(u) for u in self.entered) if c is not None]
        if key == "subject":  # round 30: the Chara whose event fired this trigger (そのキャラ), while it stays there
            return self.trigger_subject()
        if key == "all_own":  # "your Charas": the Main and the Support Area (rule book 001, "place")
            return self.g.players[self.actor].area()
        if key == "all_opponent":
            return self.g.players[1 - self.actor].area()
        if isinstance(key, dict) and "all" in key:
            return conditions.charas(self.g, self.actor, key["all"], self.source)
        if isinstance(key, dict) and "chosen_by" in key:
            return _chosen_charas(self, key)
        if isinstance(key, str) and key.startswith("target"):
            idx = 0 if key == "target" else int(key.split(":", 1)[1])
            named = self.targets[idx] if idx < len(self.targets) else None
            if named is None:
                return self.require_target(idx)
            if self.g.chara_by_uid(named.uid) is not None:
                return [named]
        return []

    def require_target(self, idx: int) -> list[Chara]:
        """A step uses target ``idx`` that the action left out (past its ``targets``, or ``null`` there):
        ``effect.target`` when a Chara could have been it; else no Chara.

        An optional target (``"optional": true``) may be left out only when none is there: "N枚" takes N when N
        are there; ``"up_to": true`` (まで, or a part the text makes optional on its own) may be left out anyway.
        A target that only a mode not chosen uses is never asked for, so ``null`` may stand in its place. With ops
        alone, the Chara the step's next given op names is the target when it could be (ops stand for the choice
        they show). In a trial of what a mode could do (``fills``) the first Chara that could be it stands in."""
        specs = self.eff.targets
        if idx >= len(specs) or self.eff.trigger == "delayed":
            return []
        spec = specs[idx]
        shown = self.choices is None and self.given is not None
        needed = bool(spec.get("optional")) and not spec.get("up_to")
        if not (needed or shown or self.fills):
            return []
        named = {c.uid for c in self.targets if c is not None} if spec.get("distinct", True) else set()
        could = [c for c in effects.possible_targets(self.g, self.actor, self.eff, idx, self.source,
                                                     self.g.card(self.card_id).type)
                 if c.uid not in named]
        op = self.next_given() if shown else None
        seen = [c for c in could if op is not None and op.get("op") in effects.CHARA_OPS and op.get("p") == c.owner
                and isinstance(op.get("card"), str) and same_card(op["card"], c.card)]
        if seen or (could and self.fills):  # named from now on (a later distinct target is another Chara)
            chosen = (seen or could)[0]
            self.targets.extend([None] * (idx + 1 - len(self.targets)))
            self.targets[idx] = chosen
            return [chosen]
        if could and needed:
            raise illegal("effect.target", f"{describe(self.g, self.card_id)}: target {idx} is left out, but "
                                           f"{describe(self.g, could[0].card)} can be it (the text takes it when "
                                           "there is one)")
        return []

    def player(self, step: Step) -> int:
        return self.actor if step.get("who", "self") == "self" else 1 - self.actor

    def times(self, step: Step) -> int:
        """The multiplier of a "for each N" step (1 without ``per``)."""
        per = step.get("per")
        if per is None:
            return 1
        if "coins_taken" in per:  # "for each coin taken off" (取り除いた…コイン1個につき): the last remove_coins
            return self.coins_taken
        if "picked" in per:  # the cards the last pick or mill moved: their number, or the sum of a value of theirs
            key = per["picked"]
            return sum(1 if key == "cards" else int(getattr(self.g.card(c), key) or 0) for c in self.picked)
        return conditions.count(self.g, self.actor, per, self.source) // int(per.get("each", 1))


def _same(given: Mapping[str, Any], op: Mapping[str, Any]) -> bool:
    """Ops compared with defaults filled (``until`` turn_end; a shuffle without order stands for any)."""
    a, b = dict(given), dict(op)
    for x in (a, b):
        if x.get("op") in ("modify", "grant", "cost"):
            x.setdefault("until", "turn_end")
        if x.get("op") == "modify":
            x.setdefault("ap", 0)
            x.setdefault("dp", 0)
    if a.get("op") == "shuffle" and b.get("op") == "shuffle":
        return a.get("p") == b.get("p")
    if a.get("op") == "move" and b.get("op") == "move":
        # a given move without ``card`` between hidden zones: a card the recorder did not see (table logs)
        # (or face down under a Chara: hidden.move_under)
        unseen = "card" not in a and a.get("from") in _UNSEEN_FROM and a.get("to") in _UNSEEN_TO
        return all(a.get(k) == b.get(k) for k in ("p", "from", "to", "face", "rested")) and (
            unseen or ("card" in a and "card" in b and same_card(a["card"], b["card"]))) and (
            "under" not in (b.get("from"), b.get("to")) or (isinstance(a.get("on"), str) and same_card(a["on"], b["on"])))
    return a == b


def run(g: GameState, actor: int, card_id: str, eff: Effect, targets: list[Chara | None], source: Chara | None,
        action: Mapping[str, Any], trail: Trail, *, in_response: bool, entered: Sequence[int] = ()) -> Run:
    """Run ``eff``'s script; ``effect.result`` when given ops differ from what it allows (``entered``: the Charas a
    delayed part's setting-up effect put onto the Area)."""
    assert eff.script is not None
    r = Run(g, actor, card_id, eff, targets, source, action, trail, in_response=in_response, entered=entered)
    watching = _WATCH.get()
    if watching is not None:
        watching.append(r)
    steps(r, eff.script)
    if r.choices and not r.unverified and any(c not in ([], None) for c in r.choices):  # e.g. a flip "if so" skipped
        raise illegal("effect.target", f"{describe(g, card_id)}: choices {r.choices} left over; the effect took "
                                       f"{r.taken} decision(s)")
    if r.given is not None and len(r.given) != len(r.ops) and r.choices is None:
        raise illegal("effect.result", f"{describe(g, card_id)}: {len(r.given)} op(s) given; its scripted effect does "
                                       f"{len(r.ops)}: {r.ops}")
    if r.given is not None and r.choices is not None and (len(r.given) != len(r.ops) or not all(
            _same(a, b) for a, b in zip(r.given, r.ops, strict=False))):
        raise illegal("effect.result", f"the ops given for {describe(g, card_id)} differ from what its scripted "
                                       f"effect does with these choices: {r.ops}")
    return r


def steps(r: Run, script: Sequence[Step]) -> None:
    for step in script:
        if r.halted:
            return
        if ("if" in step and not run_holds(r, step["if"])) or step.get("static"):
            continue
        if step.get("may") and not _takes_may(r, step):
            continue
        _STEPS[step["op"]](r, step)


def _chosen_charas(r: Run, key: Mapping[str, Any]) -> list[Chara]:
    """A step's Charas that a player chooses as it resolves, among their own (``{"chosen_by": "opponent"|"self",
    "spec", "n"}``: 相手は、自分のキャラ1枚を…): ``n`` of those fitting ``spec`` (as many as there are). They are chosen
    when the step resolves, not named when the effect is used, so they are no targets (rule book 000 "Event Card
    Play / Effect Activation Process" ③ and "Target": the player using the effect designates its targets then).
    The choice is the next ``choices`` entry (a list of card ids; the chooser's Area holds one copy of a card), or
    read off the ops (the cards of the next given ops of the chooser's Charas); generating actions, the first ones
    (engine.pm.selfplay lets the chooser's policy choose among the others: ``Run.opponent_made``)."""
    chooser = r.actor if key["chosen_by"] == "self" else 1 - r.actor
    spec = {**key.get("spec", {}), "side": "self"}
    pool = [c for c in r.g.players[chooser].area() if conditions.chara_problem(r.g, chooser, spec, c) is None]
    n = min(int(key.get("n", 1)), len(pool))
    entry = r.decision() if r.choices is not None else None
    if entry is None and r.choices is None and r.given is not None:
        entry = [op["card"] for op in r.given[len(r.ops):len(r.ops) + n] if op.get("p") == chooser and "card" in op]
    if entry is None and r.auto:
        entry = [c.card for c in pool[:n]]
    if entry is None:
        entry = [c.card for c in pool] if len(pool) <= n else None
    if entry is None:
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: player {chooser}'s choice of {n} of their Charas "
                                       "is needed (the action's choices)")
    if key["chosen_by"] != "self":
        r.opponent_made.append((len(r.made), [c.card for c in pool], n, False))
    r.made.append(entry)
    if isinstance(entry, str):
        entry = [entry]
    picked = []
    for cid in entry if isinstance(entry, list) else [entry]:
        c = next((x for x in pool if isinstance(cid, str) and same_card(x.card, cid) and x not in picked), None)
        if c is None:
            raise illegal("effect.target", f"{describe(r.g, r.card_id)}: {cid!r} is not one of player {chooser}'s "
                                           f"Charas fitting {dict(spec)}")
        picked.append(c)
    if len(picked) != n:
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: {len(picked)} Chara(s) chosen; player {chooser} "
                                       f"chooses {n}")
    return picked


def has_chooser(script: Sequence[Step] | None) -> bool:
    """True when a script has a step whose Charas or cards the opponent chooses (``chosen_by``; their own pick; a flip
    of their own Point Zone cards that they choose)."""
    return any((isinstance(s.get("target"), dict) and s["target"].get("chosen_by") == "opponent")
               or (s.get("op") == "pick" and s.get("who") == "opponent")
               or (s.get("op") == "flip" and s.get("chosen_by") == "opponent")
               or has_chooser([*s.get("then", ()), *s.get("do", ()), *s.get("else", ())])
               or any(has_chooser(m) for m in s.get("modes", ())) for s in script or ())


def _takes_may(r: Run, step: Step) -> bool:
    """Whether an optional step (``may``: a later sentence's …することができる on something named before) is done: the
    next ``choices`` entry (``true`` / ``false``); read off the ops, done when the next given ops are what it does;
    generating actions, done. A step that would do nothing needs no decision."""
    if r.choices is not None:
        entry = r.decision()
        r.made.append(entry)
        if not isinstance(entry, bool):
            raise illegal("effect.target", f"{describe(r.g, r.card_id)}: choice {entry!r} for an optional step is not "
                                           "true or false")
        return entry
    if r.auto:
        r.made.append(True)
        return True
    trial = _trial(r, {"ops": list(r.given[len(r.ops):])} if r.given is not None else {})
    try:
        _STEPS[step["op"]](trial, step)
    except IllegalAction:
        return False  # the given ops are not what it does: left out
    if not trial.ops:
        return False  # it would do nothing: nothing to decide
    if r.given is not None and len(trial.ops) > len(r.given) - len(r.ops):
        return False  # the given ops end before what it does: left out
    if r.given is None:
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: whether to do an optional step is a choice the "
                                       "action must give (choices or ops)")
    return True


def run_holds(r: Run, cond: Mapping[str, Any]) -> bool:
    """A condition inside a script: ``picked`` (a filter the last pick fits), ``broken`` (played by [Break]),
    ``target_cost`` (``{"index", "max"|"min"}``: the effect's target's usage cost on the Area), or any condition of
    :mod:`engine.pm.conditions`."""
    rest = dict(cond)
    if "picked" in rest:
        f = rest.pop("picked")
        if not any(conditions.card_matches(r.g, r.g.card(c), f) for c in r.picked):
            return False
    if "broken" in rest and r.broken != bool(rest.pop("broken")):
        return False
    if "target_cost" in rest:  # "if that Chara's usage cost is N or less / more": its cost on the Area now
        want = rest.pop("target_cost")
        k = int(want.get("index", 0))
        c = r.targets[k] if k < len(r.targets) else None
        if c is None or r.g.chara_by_uid(c.uid) is None:
            return False
        cost = stats.chara_cost(r.g, c)
        if cost is None or ("max" in want and cost > int(want["max"])) or ("min" in want and cost < int(want["min"])):
            return False
    return conditions.holds(r.g, r.actor, rest, r.source)


# -- steps on Charas --------------------------------------------------------------


def _chara_step(r: Run, step: Step) -> None:
    """A step on Charas; ``then`` runs when it did something (the text's "if so")."""
    if step.get("static"):
        return  # in force while the card is in play (engine.pm.stats.static_steps), not run
    before = len(r.ops)
    _chara_ops(r, step)
    if "then" in step and len(r.ops) > before:
        steps(r, step["then"])


def _chara_ops(r: Run, step: Step) -> None:
    kind = step["op"]
    key = step.get("target", "self")
    every = key in ("all_own", "all_opponent") or (isinstance(key, dict) and "all" in key)
    for c in r.subjects(key):
        if every and kind == "modify" and not r.g.card(c.card).has_stats:
            continue  # "each of your Charas gets +N/+N": one without AP/DP has none to change
        op: dict[str, Any] = {"op": kind, "p": c.owner, "card": c.card}
        if kind == "modify":
            ap, dp = _stat_change(r, step, c)
            if ap == dp == 0 and "per" in step:
                continue  # "for each ..." of nothing: no change
            op.update(ap=ap, dp=dp, until=step.get("until", "turn_end"))
        elif kind == "grant":
            what = step["what"]
            if isinstance(what, dict) and what.get("no_text_from") == "next_turn":  # "during the next turn"
                what = {"no_text_from": r.g.turn + 1}
            elif isinstance(what, dict) and _names_chara(what):
                what = _chara_named(r, what)
                if what is None:
                    continue  # the one Chara it names is gone: that part cannot be done
            elif isinstance(what, dict) and "not_interfered_by" in what:
                what = {**what, "not_interfered_by": _rested_counted(r, what["not_interfered_by"])}
            elif isinstance(what, dict) and ("cost" in what or "ignore_plus" in what) and "per" in step:
                key = "cost" if "cost" in what else "ignore_plus"  # "usage cost +N / 〔天然+N〕 for each X"
                what = {key: int(what[key]) * r.times(step)}
                if not what[key]:
                    continue
            elif isinstance(what, str) and "per" in step and not r.times(step):
                continue  # "for each X, 〔強引〕": with no X, nothing
            op.update(what=what, until=step.get("until", "turn_end"))
        elif kind == "coin":
            n = int(step.get("n", 1)) * (r.times(step) if "per" in step else 1)  # "for each X, N coins"
            if not n:
                continue
            op.update(coin=step.get("coin", "+10/+10"), n=n)
        elif kind == "move":
            if step["to"] == c.area or (step["to"] not in AREA_ZONES and stats.stays_on_area(r.g, c)):
                continue  # already there, or 退場しない keeps it on the Area: that part cannot be done
            if step["to"] == "main":
                if not r.g.card(c.card).has_stats:
                    continue  # no AP/DP: it cannot move there
                if len(r.g.players[c.owner].main) >= MAIN_LIMIT:
                    replace = _given_up(r, c)
                    if replace is None:
                        continue  # each of the five stays (退場しない): no room can be made, that part cannot be done
                    op["replace"] = replace
            op.update({"from": c.area, "to": step["to"]})
            r.picked = [c.card]
            r.left_area = c.area
        elif (kind == "rest" and c.rested) or (kind == "activate" and not c.rested):
            continue  # already so: nothing happens
        elif kind == "activate" and stats.has_grant(r.g, c, stats.STAYS_RESTED):
            continue  # 活動状態にならない in force: that part cannot be done
        r.emit(op)
        if kind == "modify" and "set" in step:  # a value set (変更), not a modifier gained: marked for ``copy`` "mods"
            held = find_chara(r.g.players[c.owner], c.card)
            if held is not None:
                held.grants.append(({SET_CHANGE: [op["ap"], op["dp"]]}, expiry(op["until"], r.g.turn)))


def _names_chara(what: Mapping[str, Any]) -> bool:
    return any(isinstance(what.get(k), Mapping) and "chara" in what[k] for k in NAMED_CHARA_GRANTS)


def _chara_named(r: Run, what: Mapping[str, Any]) -> dict[str, Any] | None:
    """A grant whose Chara spec names one Chara (``chara``: ``"self"`` or a target key; round 28: 指定したキャラに妨害
    されない, このカードを妨害することができない) with that Chara as the op says it (``{"p", "card"}``: the ``grant``
    op binds it to the Chara on the Area, engine.pm.ops); None when it is not on the Area."""
    out = dict(what)
    for key in NAMED_CHARA_GRANTS:
        spec = out.get(key)
        if isinstance(spec, Mapping) and "chara" in spec:
            who = r.subjects(spec["chara"])
            if not who:
                return None
            out[key] = {**spec, "chara": {"p": who[0].owner, "card": who[0].card}}
    return out


def _rested_counted(r: Run, spec: dict[str, Any]) -> dict[str, Any]:
    """A spec whose cost bound is "the number of Charas rested" (``{"picked": "cards"}``, after a ``rest_any``: the
    compiler keeps it nowhere else) with that number put in: counted when the step runs, so the op logged holds it."""
    return {k: len(r.picked) if v == RESTED_COUNT else v for k, v in spec.items()}


def _given_up(r: Run, c: Chara) -> str | None:
    """The Chara discarded to make room when ``c`` moves into its owner's full Main Area (None: each of the five stays).

    Rule book 000 "Regarding Chara Movement" (001 the same): a Support Area Chara an effect moves to a Main Area
    holding 5 goes there after its owner discards 1 of the 5, so the move is never skipped for want of room. The log
    names that Chara as the ``move`` op's ``replace`` (log-format.md), or, with ``choices``, in the next entry (its
    id, alone or in a list); missing, it is ``summon.main_full``. ``ops.check_main_entry`` checks the one named."""
    main = r.g.players[c.owner].main
    if all(stats.stays_on_area(r.g, x) for x in main):
        return None
    given = r.next_given()
    if r.choices is not None:
        entry = r.decision()
        entry = entry[0] if isinstance(entry, list) and len(entry) == 1 else entry
    elif given is not None:
        entry = given.get("replace") if given.get("op") == "move" else None
    elif r.auto:
        entry = min((x for x in main if not stats.stays_on_area(r.g, x)), key=lambda x: stats.ap_dp(r.g, x)[0]).card
    else:
        entry = None
    if not isinstance(entry, str):
        raise illegal("summon.main_full", f"{describe(r.g, r.card_id)} moves {describe(r.g, c.card)} into player "
                                          f"{c.owner}'s full Main Area: name one of its {len(main)} Charas to discard "
                                          "first (the move op's replace, or the next choices entry; rule book 000, "
                                          "Regarding Chara Movement)" + ("" if entry is None else f", not {entry!r}"))
    r.made.append([entry])
    return entry


def _stat_change(r: Run, step: Step, c: Chara) -> tuple[int, int]:
    """``ap``/``dp`` added (× ``per``), or set to a value (``set``: a number, or ``{"of": target, "stat": "ap"|"dp"}``,
    a Chara's value now: "the same value as this card's AP", "swap its AP and DP"), or copied from another Chara
    (``copy``)."""
    if "set" in step:
        now = stats.ap_dp(r.g, c)
        out = []
        for i, key in enumerate(("ap", "dp")):
            want = _set_value(r, step["set"].get(key))
            out.append(0 if want is None else want - now[i])
        return out[0], out[1]
    if "copy" in step:
        src = r.subjects(step["copy"]["from"])
        if not src:
            return 0, 0
        if step["copy"].get("what") == "mods":  # "the modifiers it has gained": by effects and by its own text
            c0 = src[0]
            ap, dp = stats.ap_dp(r.g, c0)  # (ST-010's printed +20/+20 says 得る too), coins included
            card = r.g.card(c0.card)
            lift = 10 * len(c0.stack)  # a level's +10/+10 is the card's value, not a modifier
            sets = [w[SET_CHANGE] for w, _ in c0.grants if isinstance(w, dict) and SET_CHANGE in w]
            return (ap - (card.ap or 0) - lift - sum(a for a, _ in sets),
                    dp - (card.dp or 0) - lift - sum(d for _, d in sets))
        return tuple(stats.used(v) for v in stats.ap_dp(r.g, src[0]))  # type: ignore[return-value]
    k = r.times(step)
    return int(step.get("ap", 0)) * k, int(step.get("dp", 0)) * k


# -- steps on players ---------------------------------------------------------------


def _set_value(r: Run, want: Any) -> int | None:
    """A value a ``set`` names: a number, or another Chara's AP / DP now (as the rules use it: below 0 is 0); None
    when none is set or the Chara it names is gone (that part cannot be done)."""
    if not isinstance(want, Mapping):
        return want if want is None else int(want)
    src = r.subjects(want["of"])
    if not src:
        return None
    return stats.used(stats.ap_dp(r.g, src[0])[0 if want["stat"] == "ap" else 1])


def _draw(r: Run, step: Step) -> None:
    p = r.player(step)
    n = int(step.get("n", 1)) * r.times(step)
    if "until_hand" in step:
        n = max(0, int(step["until_hand"]) - len(r.g.players[p].hand))
    if n:
        r.emit({"op": "draw", "p": p, "n": n})


def _put_point(r: Run, step: Step) -> None:
    n = int(step.get("n", 1)) * r.times(step)  # "for each card moved, put N" (``per``): none when none was moved
    if not n:
        return
    op: dict[str, Any] = {"op": "put_point", "p": r.player(step), "n": n}
    if "face" in step:
        op["face"] = step["face"]
    r.emit(op)


def _shuffle(r: Run, step: Step) -> None:
    p = r.player(step)
    given = r.next_given()
    op: dict[str, Any] = {"op": "shuffle", "p": p}
    if given is not None and given.get("op") == "shuffle" and "order" in given:
        op["order"] = list(given["order"])
    elif r.choices is not None and r.choices and isinstance(r.choices[0], Mapping) and "order" in r.choices[0]:
        op["order"] = list(r.decision()["order"])
    r.emit(op)


def _mill(r: Run, step: Step) -> None:
    """The top ``n`` cards of a deck go to the discard (``to`` another zone); ``up_to``: as many of them as the
    player chooses (round 28: :func:`_mill_count`)."""
    p = r.player(step)
    deck = r.g.players[p].deck
    r.picked = []
    n = min(int(step.get("n", 1)), len(deck))
    for _ in range(_mill_count(r, step, p, n) if step.get("up_to") else n):
        top = deck[-1]
        given = r.given_at()  # with ``choices`` or without: only the ops can name a card nobody knew
        if top is None and given is not None and given.get("op") == "move":
            top = given.get("card")
        if top is None:  # table logs: the card goes where both players see it, so the log must name it
            raise illegal("effect.result", f"the top card of player {p}'s deck is unknown: the ops must name the card "
                                           f"that goes to the {step.get('to', 'discard')}")
        r.emit({"op": "move", "p": p, "card": top, "from": "deck", "to": step.get("to", "discard")})
        r.picked.append(top)
        r.milled = True


def _mill_count(r: Run, step: Step, p: int, n: int) -> int:
    """How many of the top ``n`` cards an "up to N" mill takes (デッキの上のカードをN枚まで捨て札にする): the next
    ``choices`` entry (a number, 0 to ``n``), or without ``choices`` as many as the given ops move from that deck;
    ``n`` in legal-action generation. None given: ``effect.target`` (a choice is needed)."""
    entry = r.decision() if r.choices is not None else None
    if entry is None and r.choices is None and r.given is not None:
        entry = 0
        while entry < n and (op := r.next_given(entry)) is not None and op.get("op") == "move" \
                and op.get("p") == p and op.get("from") == "deck" and op.get("to") == step.get("to", "discard"):
            entry += 1
    if entry is None and r.auto:
        entry = n
    r.made.append(entry)
    if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry <= n:
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: how many of the top {n} card(s) of player {p}'s "
                                       f"deck go to the {step.get('to', 'discard')} is needed (a number 0..{n}, the "
                                       f"action's choices)" + ("" if entry is None else f", not {entry!r}"))
    return entry


def _flip(r: Run, step: Step) -> None:
    """Turn ``n`` (``up_to``; ``all_or_none``: ``n``, or as many as there are, or none) Point Zone cards face
    ``face`` (up by default), chosen by the effect's player (``chosen_by`` ``"opponent"``: by the opponent, their own);
    ``then`` runs when some turned."""
    p = r.player(step)
    face = step.get("face", "up")
    pool = [cid for cid, up in r.g.players[p].points if up != (face == "up")]
    if "filter" in step:  # only cards fitting it (自分のポイント置き場にある【P】を…表向きにする); unknown ones stay as before
        pool = [cid for cid in pool if cid is None or conditions.card_matches(r.g, r.g.card(cid), step["filter"], p, "point")]
    if step.get("this_card"):  # "turn this card face down" (このカードを裏向きにする), heard in the Point Zone: one copy
        # of it there (copies are alike); heard anywhere else, this card is not in the Point Zone and nothing turns
        pool = [cid for cid in pool if cid is not None and same_card(cid, r.card_id)][:1] \
            if r.action.get("from") == "point" else []
    if step.get("all"):  # every such card: nothing to choose
        for cid in pool:
            r.emit({"op": "flip", "p": p, "card": cid, "face": face})
        if pool and "then" in step:  # "turn all face down; if so ...": only when some turned
            steps(r, step["then"])
        return
    if step.get("chosen_by") == "opponent" and None not in pool:
        # the opponent turns their own card (全てのプレイヤーは、自分のポイント置き場にあるカード1枚を…): their decision, which
        # self-play and the legal-action generator leave to them (engine.pm.legal.opponent_variants), as a pick's
        r.opponent_made.append((len(r.made), list(pool), int(step.get("n", 1)), bool(step.get("up_to"))))
    picked = _choose_cards(r, step, pool, lambda op: op.get("op") == "flip", "a face-" + ("down" if face == "up" else "up")
                           + " Point Zone card")
    need = min(int(step.get("n", 1)), len(pool))
    if step.get("all_or_none") and picked and len(picked) != need:  # できる without まで: N (those there) or none
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: {len(picked)} card(s) turned; the effect takes "
                                       f"{need} or none")
    for cid in picked:
        r.emit({"op": "flip", "p": p, "card": cid, "face": face})
    if picked and "then" in step:  # "turn one face up; if so ...": only when one was turned
        steps(r, step["then"])


def _pick(r: Run, step: Step) -> None:
    """Choose cards in a zone (``look``: the top cards of the deck) and move them; ``then`` runs when some moved.

    A ``None`` in the choice (table logs, redacted views) is a card the recorder did not see: it moves as an unknown
    card, between hidden zones only (engine.pm.hidden.move_unknown)."""
    p = r.player(step)
    g = r.g
    pl = g.players[p]
    src, dst = step["from"], step["to"]
    f = step.get("filter", {})
    deck_size = len(pl.deck)
    if src == "deck":
        looked = pl.deck[-int(step["look"]):][::-1] if "look" in step else pl.deck[::-1]
    elif src == "point":
        looked = [cid for cid, _ in pl.points]
    else:
        looked = list(getattr(pl, ZONE_FIELDS[src]))
    unknown = None in looked or (src == "ex_deck" and pl.ex_list is None)
    same = _same_name_filter(r, step)
    exact = [r.card_id] if step.get("this_card") else list(r.picked) if step.get("same_card") == "picked" else None
    fits = [c for c in looked if c is not None and conditions.card_matches(g, g.card(c), f, p, src)
            and (same is None or bool(set(conditions.names_now(g, g.card(c), p)) & same))
            and (exact is None or any(same_card(c, x) for x in exact))]
    if step.get("this_card"):  # "this card" (このカードを…): the effect's own card, heard from this zone (the action's
        # ``from``): one copy of it there (copies are alike); heard anywhere else (a Chara that left to the hand, a
        # copy in the discard), this card is not in the zone and nothing moves, as in :func:`_flip`
        fits = fits[:1] if r.action.get("from") == src else []
    if step.get("not_this_card") and r.action.get("from") == src:
        # "other than this card" (このカード以外の): the effect was heard from this zone, so one copy of its card there
        # is this card (copies are alike: any one of them stands for it)
        this = next((k for k, c in enumerate(fits) if same_card(c, r.card_id)), None)
        if this is not None:
            del fits[this]
    holder = _holder(r) if dst == "under" else _set_holder(r, step, p) if dst == "set" else None
    if dst in ("under", "set") and holder is None:
        fits = []  # "under this card" when this card is not on the Area, or no Chara to set on: nothing goes there
    if dst == "set" and holder is not None:  # Supports only, none a copy of one set there already (round 25)
        fits = [c for c in fits if g.card(c).type == "support" and not any(same_card(s.card, c) for s in holder.supports)]
    if dst in ENTRY_DESTINATIONS:  # a card that cannot be put onto the Area is no option: the effect does the rest
        fits = [c for c in fits if _can_enter(r, p, c, dst) and not (static_bans.bans(g) and effects.entry_ban(g, p, c, src))]
    if unknown:
        r.unverified.append(f"the {src} holds unknown cards: the pick is taken as recorded")
    before = r.taken
    put_back = step.get("rest_to") if "look" in step and step.get("rest_to") != dst else None
    if r.auto and dst in ENTRY_DESTINATIONS:  # legal-action generation: two copies of one card never both enter
        fits = [c for k, c in enumerate(fits) if c is None or not any(same_card(x, c) for x in fits[:k] if x is not None)]
    if step.get("who") == "opponent" and not unknown:
        # the opponent's own pick (相手は、手札N枚を捨て札にする(ことができる)): their decision, which self-play and the
        # legal-action generator leave to them (engine.pm.legal.opponent_variants); with up_to they may take none
        r.opponent_made.append((len(r.made), list(fits), int(step.get("n", 1)), bool(step.get("up_to"))))
    picked = _choose_cards(r, step, fits, lambda op: _is_pick_move(op, src, put_back), f"a fitting card in the {src}",
                           loose=unknown)
    if step.get("all_or_none") and picked and len(picked) != int(step.get("n", 1)):
        raise illegal("effect.target", f"{describe(g, r.card_id)}: {len(picked)} card(s) chosen; the effect takes "
                                       f"{step.get('n', 1)} or none")
    if step.get("there_or_none") and picked and len(picked) != min(int(step.get("n", 1)), len(fits)):
        # a plain "may move N" (lead's decision, session 13): N, or all there are when fewer, or none
        raise illegal("effect.target", f"{describe(g, r.card_id)}: {len(picked)} card(s) chosen; the effect takes "
                                       f"{min(int(step.get('n', 1)), len(fits))} (N, or all there are) or none")
    face = step.get("face")
    note = PickNote(p, src, dst, bool(step.get("reveal")), face, list(picked),
                    [src == "point" and any(c == cid and up for c, up in pl.points) for cid in picked],
                    before if r.taken > before else None)
    r.notes.append(note)
    for cid in picked:
        op: dict[str, Any] = {"op": "move", "p": p, "from": src, "to": _area_to(r, dst, cid)}
        if cid is not None:
            op = {"op": "move", "p": p, "card": cid, "from": src, "to": op["to"]}
        if holder is not None:
            op["on"] = holder.card
        if face:
            op["face"] = face
        if step.get("rested"):
            op["rested"] = True
        given = r.given_area()
        if op["to"] == "main" and given is not None and given.get("replace") is not None:
            op["replace"] = given["replace"]  # a full Main Area: the Chara the log gives up (reading 5)
        note.ops.append(len(r.ops))
        r.emit(op)
        if op["to"] in AREA_ZONES and cid is not None:
            now = find_chara(g.players[p], cid)
            if now is not None:
                r.entered.append(now.uid)
    r.picked = [c for c in picked if c is not None]
    if "look" in step and step.get("rest_to"):
        rest = list(looked)
        for cid in picked:
            if cid in rest:
                rest.remove(cid)
            elif None in rest:
                rest.remove(None)  # a pick among unknown cards (table logs) was one of them
            else:
                raise illegal("effect.target", f"{describe(g, r.card_id)}: no card left among those looked at for "
                                               f"{'an unknown card' if cid is None else describe(g, cid)}")
        _rest_to(r, p, rest, step["rest_to"])
    if src == "deck" and "look" in step:
        _shuffle_if_whole_deck_seen(r, step, int(step["look"]), deck_size)
    if picked and "then" in step and (not step.get("then_if_all") or len(picked) == int(step.get("n", 1))):
        steps(r, step["then"])  # ``then_if_all``: "remove two; if so ..." needs all ``n`` moved
    elif not picked and "else" in step:
        steps(r, step["else"])


def _set_holder(r: Run, step: Step, p: int) -> Chara | None:
    """The Chara a pick ``to: "set"`` sets the Support cards on (``onto``: ``"self"`` or a target key; round 25:
    EXデッキから「X」1枚を抜き出し、自分の「Y」1枚にセットする): one Chara of the picking player on the Area, else None."""
    found = [c for c in r.subjects(step.get("onto", "self")) if c.owner == p]
    return found[0] if len(found) == 1 else None


def _holder(r: Run) -> Chara | None:
    """The Chara a pick ``to: "under"`` puts cards under: the effect's own Chara while it is on the Area (このカード
    の下に裏向きで重ねる)."""
    c = r.source
    return c if c is not None and r.g.chara_by_uid(c.uid) is not None else None


#: pick destinations that put the card onto the Area
ENTRY_DESTINATIONS: Final = frozenset({"area", "same_area", "main", "support"})


def _is_pick_move(op: Mapping[str, Any], src: str, put_back: str | None) -> bool:
    """Whether a given op stands for a picked card: a move from ``src``, except one to ``put_back``, where the
    looked-at cards not picked go (read off the ops, they are the rest, in the player's order; a pick moved
    elsewhere than the script says is still a pick, and its op then differs: ``effect.result``)."""
    return op.get("op") == "move" and op.get("from") == src and (put_back is None or op.get("to") != put_back)


def _can_enter(r: Run, p: int, cid: str, dst: str) -> bool:
    """True when the card may be put onto the Area at ``dst`` now: a Character, not purple (P17), not one already on
    the player's Area (summon.unique), and for the Main Area one with AP/DP and room (or a replaced Chara the given
    op names); an entry ban (effects.entry_ban) is checked by the caller, which knows the zone. Onto the field
    (場に出す: ``"area"``, ``"same_area"``) there is always room: the Support Area takes any Chara (an area the log
    names that cannot take it is ruled on by the move itself: ``summon.main_full``, ``summon.area``)."""
    card = r.g.card(cid)
    pl = r.g.players[p]
    if card.type != "chara" or card.color == "purple" or area_holds(pl, cid):
        return False
    if dst != "main":
        return True
    given = r.given_area()
    return card.has_stats and (len(pl.main) < MAIN_LIMIT or (given is not None and given.get("replace") is not None))


#: pick destinations that put a card onto the field (場に出す), where its player chooses the area (rule book 000 P09
#: "Chara Summon" and ⑬ "Regarding 'Appear in Area'", 001 the same): ``area`` by default in the Main Area when it
#: has room, ``same_area`` by default back in the area the Chara left (a Chara removed and put back)
FIELD_DESTINATIONS: Final = frozenset({"area", "same_area"})


def _area_to(r: Run, dst: str, cid: str | None) -> str:
    """``to``: a zone; ``"area"``/``"same_area"`` (場に出す): the area the given op names (with or without
    ``choices``), else the default: for ``"area"`` the Main Area for a Chara with AP/DP when it has room (else the
    Support Area), for ``"same_area"`` the area the last Chara moved off the Area was in."""
    if dst not in FIELD_DESTINATIONS:
        return dst
    if cid is None:
        raise illegal("effect.result", f"{describe(r.g, r.card_id)}: a card put onto the Area is seen by both players; "
                                       "the choice must name it")
    given = r.given_area()
    if given is not None:
        return str(given["to"])
    has_stats = r.g.card(cid).has_stats
    room = len(r.g.players[r.actor].main) < MAIN_LIMIT
    area = r.left_area if dst == "same_area" else "main" if has_stats and room else "support"
    r.areas += 1
    if r.auto and r.other_area == r.areas - 1:  # legal-action generation: the other area, where there is room
        other = "support" if area == "main" else "main"
        if other == "support" or (has_stats and room):
            r.other_taken = True
            return other
    return area


def _rest_to(r: Run, p: int, rest: list[str | None], where: str) -> None:
    """The looked-at cards not picked go to the deck bottom, in the order the log gives (else top first). An unknown
    one (``None``, table logs) moves as an unknown card unless the given op names it: the deck keeps its count and
    the known positions below stay where they are."""
    order = list(rest)
    given = [r.given_at(k) for k in range(len(rest))]  # the order is the player's, with ``choices`` or without
    if all(o is not None and o.get("op") == "move" and o.get("from") == "deck" and o.get("to") == where for o in given):
        left, named = list(rest), []
        for o in given:
            cid = o.get("card") if o is not None else None
            hit = next((i for i, c in enumerate(left) if c is not None and cid is not None and same_card(c, cid)), None)
            if hit is None:
                hit = next((i for i, c in enumerate(left) if c is None), None if cid is not None else 0 if left else None)
            if hit is None:
                break
            named.append(cid if cid is not None else left[hit])  # a card the recorder did not name but the fold knows
            del left[hit]
        else:
            order = named
    for cid in order:
        op: dict[str, Any] = {"op": "move", "p": p, "from": "deck", "to": where}
        if cid is not None:
            op["card"] = cid
        r.emit(op)
        r.put_back += 1


def _same_name_filter(r: Run, step: Step) -> set[str] | None:
    """``same_name``: ``"target"``, ``"self"`` or ``"picked"`` (the cards moved by the last pick)."""
    key = step.get("same_name")
    if key is None:
        return None
    if key == "picked":
        return conditions.names_of(r.g, r.picked)
    return {n for c in r.subjects(key) for n in conditions.names_now(r.g, r.g.card(c.card), c.owner, c)}


def _judge(r: Run, step: Step) -> None:
    """An Elimination Judgement between the effect's own Chara (or the Chara ``with`` names) and ``target``: each whose
    DP is at most the other's AP leaves for the discard (unless an effect keeps it); nothing when either is gone, and
    nothing when either has no AP/DP: a card without AP/DP has none (rule book 000 P06), so there is nothing to judge."""
    me, them = r.subjects(step.get("with", "self")), r.subjects(step.get("target", "target"))
    if not me or not them:
        return
    a, b = me[0], them[0]
    if not (r.g.card(a.card).has_stats and r.g.card(b.card).has_stats):
        r.trail.event("effect", f"{describe(r.g, a.card)} and {describe(r.g, b.card)}: one has no AP/DP, nothing is judged")
        return
    (a_ap, a_dp), (b_ap, b_dp) = ((stats.used(v) for v in stats.ap_dp(r.g, x)) for x in (a, b))
    out = [x for x, dp, ap in ((b, b_dp, a_ap), (a, a_dp, b_ap)) if dp <= ap and not stats.stays_on_area(r.g, x)]
    for x in out:
        r.emit({"op": "move", "p": x.owner, "card": x.card, "from": x.area, "to": "discard"})


def _delay(r: Run, step: Step) -> None:
    """Set up a delayed effect (no op: the script records it): it fires when ``on`` happens (to ``subject``) until
    ``until``, once, and is logged as a trigger of the card (docs/log-extensions.md). A list of keys as ``subject``
    is one effect watching each Chara they name: the first event of any of them fires it."""
    card = r.g.card(r.card_id)
    if "auto" in step:
        idx = int(step["auto"])
    else:
        _, found = _slots(card)
        idx = len(card.automatic()) + next(j for j, s in enumerate(found) if s is step)
    subject: Any = None
    key = step.get("subject")
    if isinstance(key, str):
        who = r.subjects(key)
        if not who:
            return  # the Chara it waits for is gone: it can never fire
        subject = who[0].uid
    elif isinstance(key, (list, tuple)):
        subject = sorted({c.uid for k in key for c in r.subjects(k)})
        if not subject:
            return  # every Chara it waits for is gone
    elif isinstance(key, Mapping):
        subject = dict(key)
        if "same_name" in subject:
            subject["name"] = sorted(conditions.names_of(r.g, [c.card for c in r.subjects(subject.pop("same_name"))]))
    uid = r.g.new_uid()
    r.g.delayed[uid] = {
        "p": r.actor, "card": r.card_id, "idx": idx, "on": step["on"], "subject": subject,
        "source": r.source.uid if r.source is not None else None, "targets": [None if c is None else c.uid for c in r.targets],
        "entered": list(r.entered),
        "until": expiry(step.get("until", "turn_end"), r.g.turn), "optional": bool(step.get("optional")),
    }
    r.trail.event("effect", f"{describe(r.g, r.card_id)} sets up a delayed effect (on {step['on']}): its trigger {idx}")


def _forbid(r: Run, step: Step) -> None:
    """A ban on the player (no op: the script records it): ``what`` ``text``: no text of cards fitting ``filter``;
    ``play`` / ``summon``: no play / no summon of such cards (engine.pm.play.check_play_allowed)."""
    what = step.get("what", "text")
    spec = dict(step.get("filter", {}))
    if step.get("from") == "next_turn":  # in force from the next turn only (approach limits read it)
        spec["from_turn"] = r.g.turn + 1
    r.g.bans.append((r.player(step), what, spec, expiry(step.get("until", "turn_end"), r.g.turn)))
    doing = {"text": "use the texts of", "play": "play", "summon": "summon"}.get(what, what)
    r.trail.event("effect", f"player {r.player(step)} may not {doing} cards fitting {step.get('filter', {})}")


_SLOTS: Final[dict[int, tuple[Any, tuple[Effect, ...], tuple[Step, ...]]]] = {}


def _slots(card: Any) -> tuple[tuple[Effect, ...], tuple[Step, ...]]:
    hit = _SLOTS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1], hit[2]
    found: list[Step] = []

    def walk(script: Sequence[Step]) -> None:
        for s in script:
            if s.get("op") == "delay" and "do" in s:
                found.append(s)
            for key in ("then", "else", "do"):
                if isinstance(s.get(key), (list, tuple)):
                    walk(s[key])
            for mode in s.get("modes", ()):
                walk(mode)

    for eff in (*card.effects, *([card.backup] if card.backup else [])):
        walk(eff.script or ())
    effs = tuple(Effect("auto", trigger="delayed", optional=bool(s.get("optional")), targets=tuple(s.get("targets", ())),
                        script=tuple(s["do"])) for s in found)
    _SLOTS[id(card)] = (card, effs, tuple(found))
    return effs, tuple(found)


def delayed_slots(card: Any) -> tuple[Effect, ...]:
    """The delayed parts of a card's effects (``delay`` steps with ``do``), as automatic effects that fire only
    once set up: trigger indexes after the card's automatic effects, in text order."""
    return _slots(card)[0]


#: how many cards ``all`` takes in a zone holding unknown cards, until the log says (its choice, or its ops)
UNKNOWN_MANY = 1 << 16


def _choose_cards(r: Run, step: Step, pool: list[str], is_op: Callable[[Mapping[str, Any]], bool], what: str,
                  *, loose: bool = False) -> list[Any]:
    """The cards a player picks from ``pool``: ``n`` of them (``up_to``: at most ``n``; else as many as there are).
    With ``loose`` (a zone holding unknown cards) a ``None`` entry stands for a card the recorder did not see."""
    every = bool(step.get("all"))
    # ``all``: every fitting card (全て); among unknown cards (``loose``) as many as the log names
    n = (UNKNOWN_MANY if loose else len(pool)) if every else int(step.get("n", 1))
    up_to = bool(step.get("up_to"))
    entry = r.decision() if r.choices is not None else None
    # the ops name the picks without ``choices``, or among unknown cards once the choices ran out (a pick the
    # engine would make alone where nothing is to choose, in a view that does not see the zone: engine.pm.redact)
    peek = r.next_given if r.choices is None else r.given_at if loose else None
    if entry is None and peek is not None and r.given is not None:
        entry = []
        while len(entry) < n:
            op = peek(len(entry))
            if op is None or not is_op(op):
                break
            entry.append(op.get("card"))  # a move without card: an unknown card (table logs)
    if entry is None and r.auto:
        entry = pool[:n] if len(pool) >= n or not step.get("all_or_none") else []
    if entry is None:
        if not up_to and len(set(pool)) <= 1:
            entry = pool[:n]  # nothing to choose
        elif not up_to and len(pool) <= n:
            entry = list(pool)
        else:
            raise illegal("effect.target", f"{describe(r.g, r.card_id)}: a choice of up to {n} {what} is needed "
                                           "(the action's choices)")
    if isinstance(entry, str):
        entry = [entry]
    if every and loose and isinstance(entry, list):
        n = len(entry)
    r.made.append(entry)
    if not isinstance(entry, list) or not all(isinstance(c, str) or (loose and c is None) for c in entry):
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: choice {entry!r} is not a list of card ids")
    left = list(pool)
    for cid in entry:
        if cid is None:
            continue
        hit = next((c for c in left if same_card(c, cid)), None)
        if hit is None:
            if loose:
                continue
            raise illegal("effect.target", f"{describe(r.g, r.card_id)}: {describe(r.g, cid)} is not {what}")
        left.remove(hit)
    need = min(n, len(pool))
    if len(entry) > n or (not up_to and not loose and len(entry) < need):
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: {len(entry)} card(s) chosen; the effect takes "
                                       f"{'up to ' if up_to else ''}{need if not up_to else n}")
    return list(entry)


def _choose(r: Run, step: Step) -> None:
    """A modal effect: ``n`` of ``modes`` (lists of steps), chosen by the player, run in the order chosen."""
    n = int(step.get("n", 1))
    modes = step["modes"]
    entry = r.decision() if r.choices is not None else None
    if entry is None and r.choices is None and r.given is not None:
        entry = _mode_from_ops(r, step)
    if entry is None and r.auto:  # the first mode that does something (legal-action generation)
        doable = _doable_mode(r, step, []) if n == 1 else None
        entry = [doable] if doable is not None else list(range(n))
    r.made.append(entry)
    if entry is None:
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: a choice of {n} mode(s) is needed")
    picks = [entry] if isinstance(entry, int) else list(entry)
    if len(picks) != n or len(set(picks)) != n or not all(isinstance(i, int) and 0 <= i < len(modes) for i in picks):
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: mode choice {entry!r}: choose {n} of 0..{len(modes) - 1}")
    before, unknown_before, put_back = len(r.ops), len(r.unverified), r.put_back
    # modes that are one look at the same cards (the choice is made with them seen): the cards put back are done in
    # every mode, so only a card taken counts as doing something; the trial then runs on the game before the mode
    seen = r.g.clone() if shared_look(modes) and not r.auto else None
    for i in picks:
        steps(r, modes[i])
    done = len(r.ops) - before - (r.put_back - put_back if seen is not None else 0)
    # nothing done is only known when the mode saw every card it read (a zone of unknown cards, in a table log or a
    # player's view, may have held what it took: taken as recorded)
    if not done and not r.auto and len(r.unverified) == unknown_before:
        doable = _doable_mode(r, step, picks, seen)
        if doable is not None:
            raise illegal("effect.target", f"{describe(r.g, r.card_id)}: mode {picks[0] if n == 1 else picks} can do "
                                           f"nothing here while mode {doable} can (a choice of what is possible)")


def _doable_mode(r: Run, step: Step, chosen: list[int], g: GameState | None = None) -> int | None:
    """A mode not in ``chosen`` that would do something (tried on a copy of the game, or of ``g``), or None: an effect
    that offers "A, or B" must take an alternative it can carry out (000 "Event Card Play / Effect Activation Process":
    an effect is used for what it can fulfil; the player picks among what is possible). Among modes that are one look
    at the same cards (:func:`shared_look`), doing something is taking a card the pick must take (not ``up_to``): the
    cards put back are done whichever mode is chosen."""
    shared = shared_look(step["modes"])
    for i, mode in enumerate(step["modes"]):
        if i in chosen or (shared and mode[0].get("up_to")):
            continue
        trial = _trial(r, {}, g)
        trial.auto = trial.fills = True  # a target the action left out could be named for it
        try:
            steps(trial, mode)
        except IllegalAction:
            continue
        if len(trial.ops) > (trial.put_back if shared else 0):
            return i
    return None


def shared_look(modes: Sequence[Sequence[Step]]) -> bool:
    """True when every mode is one pick looking at the same top cards (the same zone, count, player and place for the
    rest): "look at the top N, take X: put it onto A, or into B" (round 29), whose destination is chosen with the
    cards seen."""
    firsts = [m[0] for m in modes if len(m) == 1]
    return len(modes) > 1 and len(firsts) == len(modes) and all(s.get("op") == "pick" and "look" in s for s in firsts) \
        and len({(s.get("from"), s.get("look"), s.get("who", "self"), s.get("rest_to")) for s in firsts}) == 1


def _trial(r: Run, action: Mapping[str, Any], g: GameState | None = None) -> Run:
    """The same effect resolving on a copy of the game (or of ``g``: one like it, its Charas' uids the same; its
    targets and source found there), for ``action`` (heard from the same zone: "this card" is where it was)."""
    g2 = (g if g is not None else r.g).clone()
    heard = r.action.get("from")
    if heard is not None and "from" not in action:
        action = {**action, "from": heard}
    return Run(g2, r.actor, r.card_id, r.eff, targets_in(g2, r.targets),
               g2.chara_by_uid(r.source.uid) if r.source else None, action, NullTrail(), in_response=r.in_response,
               entered=r.entered)


def _mode_from_ops(r: Run, step: Step) -> list[int] | None:
    """The modes whose ops (tried on a copy of the game) give the next given ops."""
    from itertools import permutations

    n = int(step.get("n", 1))
    for combo in permutations(range(len(step["modes"])), n):
        trial = _trial(r, {"ops": r.given[len(r.ops):]})  # type: ignore[index]
        try:
            for i in combo:
                steps(trial, step["modes"][i])
        except IllegalAction:
            continue
        if trial.ops and all(_same(a, b) for a, b in zip(r.given[len(r.ops):], trial.ops, strict=False)):  # type: ignore[index]
            return list(combo)
    return None


def _cost(r: Run, step: Step) -> None:
    """A usage-cost change of cards in hand: the ``next`` card played matching ``filter``, or ``all`` of them."""
    p = r.player(step)
    op: dict[str, Any] = {"op": "cost", "p": p, "n": int(step["n"]), "until": step.get("until", "turn_end")}
    op["next" if step.get("next") else "all"] = dict(step.get("filter", {}))
    if step.get("next") and step.get("count", 1) != 1:
        op["count"] = int(step["count"])
    if step.get("next") and step.get("extra"):  # round 30: "if that card is X, N more" (its own filter and amount)
        op["extra"] = [{"filter": dict(x["filter"]), "n": int(x["n"])} for x in step["extra"]]
    r.emit(op)


def _if(r: Run, step: Step) -> None:
    steps(r, step["do"] if run_holds(r, step["cond"]) else step.get("else", ()))


def _unverified(r: Run, step: Step) -> None:
    """A part of the text the engine does not check: the given ops from here on are applied as recorded."""
    r.unverified.append(step.get("why", "a part of this effect is not scripted"))
    if r.given is not None and r.choices is None:
        for op in r.given[len(r.ops):]:
            r.ops.append(dict(op))
            if apply_op(r.g, op, r.trail, verified=False, in_response=r.in_response):
                r.disables = True


def _disable(r: Run, step: Step) -> None:
    r.emit({"op": "disable"})


def _look_hand(r: Run, step: Step) -> None:
    """The player looks at the whole hand of ``who`` (相手の手札を全て見る; ``self``: shows their own hand to the
    opponent, 手札を全て表にする): nothing moves, no op (the looked-at cards are not added to the player's view:
    engine.pm.redact keeps hands as the recorder saw them). ``then`` ("if so") runs when the hand held a card: an
    empty hand shows nothing (round 28)."""
    p = r.player(step)
    held = len(r.g.players[p].hand)
    r.trail.event("effect", f"{describe(r.g, r.card_id)}: player {r.actor} looks at player {p}'s hand "
                            f"({held} card(s))" if p != r.actor else
                            f"{describe(r.g, r.card_id)}: player {p} shows their hand ({held} card(s))")
    if held and step.get("then"):
        steps(r, step["then"])


def _look(r: Run, step: Step) -> None:
    """The player looks at the top ``n`` cards of their deck (デッキの上のカードN枚を見る) and moves none: no op
    (a shuffle when that was the whole deck)."""
    p = r.player(step)
    r.trail.event("effect", f"{describe(r.g, r.card_id)}: player {p} looks at the top {step.get('n', 1)} card(s) of "
                            "their deck")
    _shuffle_if_whole_deck_seen(r, step, int(step.get("n", 1)), len(r.g.players[p].deck))


def _reveal(r: Run, step: Step) -> None:
    """The top ``n`` cards of the player's deck are turned face up for both players to see (デッキの上のカードN枚を
    表にする) and stay where they are: no op. They are the cards a later ``picked`` condition checks ("if the card
    turned face up is X"); a card the recorder did not see leaves the rest of the effect taken as recorded."""
    p = r.player(step)
    top = r.g.players[p].deck[-int(step.get("n", 1)):][::-1]
    if None in top:
        _unverified(r, {"why": "the cards turned face up are unknown: the rest of the effect is taken as recorded"})
        r.halted = True
        return
    r.picked = [c for c in top if c is not None]
    r.trail.event("effect", f"{describe(r.g, r.card_id)}: player {p} turns the top of their deck face up: "
                            + ", ".join(describe(r.g, c) for c in r.picked))


_STEPS: Final[dict[str, Callable[[Run, Step], None]]] = {
    "modify": _chara_step, "grant": _chara_step, "coin": _chara_step, "rest": _chara_step, "activate": _chara_step,
    "move": _chara_step, "draw": _draw, "put_point": _put_point, "shuffle": _shuffle, "mill": _mill, "flip": _flip,
    "pick": _pick, "choose": _choose, "cost": _cost, "if": _if, "unverified": _unverified, "disable": _disable,
    "judge": _judge, "delay": _delay, "forbid": _forbid, "source": lambda r, s: None, "also_color": lambda r, s: None,
    "also_name": lambda r, s: None, "also_property": lambda r, s: None,  # facts of the card (engine.cards.Card.names)
    "instead": lambda r, s: None,  # a replacement (engine.pm.replacement): read where a card leaves, never run
    "rest_any": lambda r, s: _rest_any(r, s), "look_hand": _look_hand, "look": _look, "reveal": _reveal,
    "exchange": lambda r, s: _exchange(r, s), "remove_coins": lambda r, s: _remove_coins(r, s),
    "reorder": lambda r, s: _reorder(r, s), "support_move": lambda r, s: _support_move(r, s),
}
STEP_OPS: Final = frozenset(_STEPS)


def _exchange(r: Run, step: Step) -> None:
    """置き換える: ``n`` cards of the player's hand and ``n`` cards of their Point Zone change places (``up_to``: the
    player may decline; then both choices are empty). The hand cards go first, face up (a card put into the Point
    Zone lies face up unless a rule says otherwise: rule book 000 ⑤ "Point Zone", 001 the same); the Point Zone cards
    taken are ones that were there before (either face). Choices: the hand cards, then the Point Zone cards; read
    off the ops, a Point Zone card's ``face`` names the copy that leaves. ``then`` runs when cards changed places.
    With fewer than ``n`` cards on either side, as many as both sides hold change places."""
    p = r.player(step)
    pl = r.g.players[p]
    k = min(int(step.get("n", 1)), len(pl.hand), len(pl.points))
    before = [(cid, up) for cid, up in pl.points]
    unknown = None in pl.hand or any(cid is None for cid, _ in before)
    spec = {"n": k, "up_to": bool(step.get("up_to"))}
    hand_cards = _choose_cards(r, spec, [c for c in pl.hand if c is not None],
                               lambda op: op.get("op") == "move" and op.get("from") == "hand" and op.get("to") == "point",
                               "a card in the hand", loose=unknown)
    if not hand_cards:
        return
    if len(hand_cards) != k:
        raise illegal("effect.target", f"{describe(r.g, r.card_id)}: {len(hand_cards)} hand card(s) chosen; the "
                                       f"effect changes {k} or none")
    for cid in hand_cards:
        r.emit({"op": "move", "p": p, "card": cid, "from": "hand", "to": "point"} if cid is not None else
               {"op": "move", "p": p, "from": "hand", "to": "point"})
    faces = [r.next_given(i) for i in range(k)]
    taken = _choose_cards(r, {"n": k}, [cid for cid, _ in before if cid is not None],
                          lambda op: op.get("op") == "move" and op.get("from") == "point" and op.get("to") == "hand",
                          "a card that was in the Point Zone", loose=unknown)
    left = list(before)
    for cid, given in zip(taken, faces, strict=False):
        face = given.get("face") if given is not None and r.choices is None else None
        hit = next((x for x in left if x[0] is not None and cid is not None and same_card(x[0], cid)
                    and (face is None or x[1] == (face == "up"))), None)
        if hit is None and cid is not None:
            raise illegal("effect.target", f"{describe(r.g, r.card_id)}: no face-{face} {describe(r.g, cid)} was in "
                                           "the Point Zone before the exchange")
        if hit is not None:
            left.remove(hit)
        op: dict[str, Any] = {"op": "move", "p": p, "from": "point", "to": "hand"}
        if cid is not None:
            op["card"] = cid
        if face is None and hit is not None and any(x[0] is not None and same_card(x[0], hit[0]) and x[1] != hit[1]
                                                    for x in pl.points):
            face = "up" if hit[1] else "down"  # copies of both faces there now: name the one that was there
        r.emit(op | ({"face": face} if face else {}))
    if "then" in step:
        steps(r, step["then"])


def _remove_coins(r: Run, step: Step) -> None:
    from engine.pm.coins import remove_coins  # it uses this module's step runner

    remove_coins(r, step)


def _reorder(r: Run, step: Step) -> None:
    from engine.pm.reorder import reorder  # it uses this module's choice reader

    deck_size = len(r.g.players[r.player(step)].deck)
    reorder(r, step)
    _shuffle_if_whole_deck_seen(r, step, int(step.get("n", 1)), deck_size)


def _shuffle_if_whole_deck_seen(r: Run, step: Step, looked: int, deck_size: int) -> None:
    """A player who looked at every card of their deck through an effect shuffles it afterwards, though the text does
    not say so (rule book 000 "When Looking at All Cards in the Deck", 001 the same, near "Place Appointment"): a
    ``shuffle`` op ends the look, unless the script shuffles on its own."""
    if deck_size == 0 or looked < deck_size or any(s.get("op") == "shuffle" for s in r.eff.script or ()):
        return
    _shuffle(r, step)


def _support_move(r: Run, step: Step) -> None:
    from engine.pm.support_moves import support_move  # it uses this module's step runner

    support_move(r, step)


def _rest_any(r: Run, step: Step) -> None:
    from engine.pm.rest_any import rest_any  # it uses this module's choice reader

    rest_any(r, step)


def targets_in(g2: GameState, targets: Sequence[Chara | None]) -> list[Chara | None]:
    """``targets`` (by position) found in ``g2``, a copy of their game; one no longer on the Area stays as it was, so
    a step finds it gone, and a target left out stays None."""
    return [None if c is None else (g2.chara_by_uid(c.uid) or c) for c in targets]


def auto_choices(g: GameState, actor: int, card_id: str, eff: Effect, targets: list[Chara | None],
                 source: Chara | None, heard: str | None = None) -> list[Any]:
    """The ``choices`` that take the first options at every decision (run on a copy of the game); ``heard``: the
    zone the effect is heard from off the Area (the action's ``from``: where "this card" is)."""
    g2 = g.clone()
    r = Run(g2, actor, card_id, eff, targets_in(g2, targets), g2.chara_by_uid(source.uid) if source else None,
            {} if heard is None else {"from": heard}, NullTrail(), in_response=False)
    r.auto = True
    with contextlib.suppress(IllegalAction):
        steps(r, eff.script or ())
    return r.made


def other_area_ops(g: GameState, actor: int, card_id: str, eff: Effect, targets: list[Chara | None], source: Chara | None,
                   choices: list[Any], heard: str | None = None) -> list[list[dict[str, Any]]]:
    """For each card the effect puts onto the field (場に出す) with the first options, the effect's ops when that
    card goes to the other area (Main or Support) where there is room: what the legal-action generator offers
    besides the default (run on copies of the game)."""
    if not puts_on_field(eff.script):
        return []
    out = []
    for k in range(4):  # the first few cards put onto the field: effects put one or two
        g2 = g.clone()
        action: dict[str, Any] = {"choices": list(choices)} if heard is None else {"choices": list(choices), "from": heard}
        r = Run(g2, actor, card_id, eff, targets_in(g2, targets),
                g2.chara_by_uid(source.uid) if source else None, action, NullTrail(), in_response=False)
        r.auto, r.other_area = True, k
        with contextlib.suppress(IllegalAction):
            steps(r, eff.script or ())
        if r.areas <= k:
            break
        if r.other_taken:
            out.append(r.ops)
    return out


def puts_on_field(script: Sequence[Step] | None) -> bool:
    """True when a script may put a card onto the field where its player chooses the area (``to`` area/same_area)."""
    return any((s.get("op") == "pick" and s.get("to") in FIELD_DESTINATIONS)
               or puts_on_field(s.get("then", ())) or puts_on_field(s.get("do", ())) or puts_on_field(s.get("else", ()))
               or any(puts_on_field(m) for m in s.get("modes", ())) for s in script or ())


#: steps whose player decides something each time (a ``choices`` entry): picks, flips, modes, Charas rested, exchanges,
#: coins taken off, Supports (or cards under Charas) moved off
DECISION_OPS: Final = frozenset({"pick", "flip", "choose", "rest_any", "exchange", "remove_coins", "support_move"})


def has_decisions(script: Sequence[Step] | None) -> bool:
    """True when a script leaves a decision to a player (a pick, a mode, Supports or coins taken off, a Chara given
    up in a full Main Area), in any of its branches: the legal-action generator then names the first options
    (:func:`auto_choices`), without which such an action is refused (a mandatory trigger would offer nothing)."""
    return any(s.get("op") in DECISION_OPS or s.get("may")
               or (isinstance(s.get("target"), dict) and "chosen_by" in s["target"])
               or (s.get("op") == "move" and s.get("to") == "main") or (s.get("op") == "mill" and s.get("up_to"))
               or has_decisions(s.get("then", ())) or has_decisions(s.get("do", ())) or has_decisions(s.get("else", ()))
               or any(has_decisions(m) for m in s.get("modes", ())) for s in script or ())


def cost_key(kind: str, f: Mapping[str, Any]) -> str:
    """The ``cost_mods`` key of a cost change for the next card played (``next``) or every card (``all``)."""
    return f"{kind}|{json.dumps(dict(f), sort_keys=True, ensure_ascii=False)}"
