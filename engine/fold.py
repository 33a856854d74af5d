"""The fold: apply a log's actions one by one to a state, ruling on each.

:func:`fold` is the checked entry point: it stops at the first illegal action
and returns the :class:`~engine.rulings.Ruling` with the state before it.
Omitted passes are inserted where rules.md allows (``implied`` counts them per
action). A log whose header says ``"as_played": true`` goes on past a refused action the game can carry out
anyway (its ``apply_despite``, engine.ruleset.AsPlayedHooks): the action stands as logged, its rulings are kept
in ``irregular`` and the actions after it are checked against the state that really arose (docs/as-played.md).
The state is mutated in place; nothing is deep-copied per action. When
an action turns out illegal the state before it is rebuilt from the latest
checkpoint, so legal logs pay nothing for atomicity.

>>> from engine.fold import fold
>>> fold.__name__
'fold'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.asplayed import MAX_WAIVED, noting_waived, waiving
from engine.ruleset import Cards, carries_out
from engine.rulesets import get_ruleset
from engine.rulings import IllegalAction, NullTrail, Ruling, Trail, TrailEntry

CHECKPOINT_EVERY = 64
_NULL_TRAIL = NullTrail()


class UnverifiedCounter(NullTrail):
    """A trail that keeps nothing but the indexes of the actions that had a step applied without being verified."""

    def __init__(self) -> None:
        super().__init__()
        self.current = 0
        self.steps: set[int] = set()

    def unverified(self, rule: str, message: str) -> None:
        self.steps.add(self.current)
MAX_IMPLIED_PASSES = 6


@dataclass
class FoldResult:
    """What folding a log gave: the state, how far it got, and why it stopped."""

    state: Any
    applied: int
    ruling: Ruling | None
    trails: list[Trail] = field(default_factory=list)
    implied: dict[int, int] = field(default_factory=dict)
    ruleset: Any = None
    #: as played: one ruling per action that stood irregular (index and path of the action carried out despite it):
    #: the first rule it broke, the others in its ``also``
    irregular: list[Ruling] = field(default_factory=list)
    #: as played, when the fold stopped: what the refused action itself broke that could have been let pass (a
    #: trigger it skipped among them); none of it stood, as the action was not carried out (docs/as-played.md)
    refused_irregular: list[Ruling] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.ruling is None

    def state_json(self) -> dict[str, Any]:
        return self.ruleset.to_json(self.state)

    @property
    def result(self) -> dict[str, Any] | None:
        return self.ruleset.result(self.state)


def _ruling_at(err: IllegalAction, index: int) -> Ruling:
    suffix = err.path_suffix
    path = f"{index}.{suffix}" if suffix else str(index)
    return Ruling(err.ruling.rule, err.ruling.message, index=index, path=path)


class Folder:
    """Folds actions one at a time; keeps what it needs to rebuild a state on error."""

    __slots__ = ("_apply", "_before", "_cards", "_checkpoint", "_checkpointing", "_counter", "_header", "_last_trail",
                 "_null", "_runs", "_settles", "actions", "as_played", "implied", "irregular", "keep_trails", "lapsed", "offset",
                 "ruleset", "state", "trails", "turn_of", "waivers")

    def __init__(
        self, header: Mapping[str, Any], cards: Cards, *, keep_trails: bool = True,
        state: Any = None, offset: int = 0, count_unverified: bool = False,
    ) -> None:
        """Start from the header's setup, or from ``state`` reached after ``offset`` actions (a snapshot).

        ``count_unverified`` (without kept trails): :attr:`unverified` counts the actions with a step the engine
        applied as recorded."""
        self.ruleset = get_ruleset(header.get("ruleset", "pm-2.22"))
        self.state = self.ruleset.new_state(header, cards) if state is None else state
        self.offset = offset
        self.actions: list[Mapping[str, Any]] = []  # pushed here, after ``offset``
        self.implied: dict[int, int] = {}  # absolute action index -> passes inserted before it
        self.trails: list[Trail] = []
        self.keep_trails = keep_trails
        self._header, self._cards = header, cards
        #: (index, state) to rebuild from; None: the header's setup (rebuilt only when an action is illegal)
        self._checkpoint: tuple[int, Any] | None = None if state is None else (0, self.ruleset.clone(self.state))
        #: checkpoints start after the first rebuild: a log that never needs one never pays for them
        self._checkpointing = False
        self._apply = self.ruleset.apply
        self._before = self.ruleset.before
        self._last_trail: Trail = _NULL_TRAIL  # the trail of the action pushed last (when kept)
        self._counter = UnverifiedCounter() if count_unverified and not keep_trails else None
        self._null: Trail = self._counter if self._counter is not None else _NULL_TRAIL
        #: with no trail kept (nor counted), a game that settles in ``apply`` needs no separate ``before`` call
        self._settles = self._counter is None and bool(getattr(self.ruleset, "settles_in_apply", False))
        #: :meth:`apply_run` may apply straight: no trail kept and the game settles in ``apply`` (a counter, when
        #: there is one, is told each action's index and gets what ``before`` would have reported to it)
        self._runs = not keep_trails and bool(getattr(self.ruleset, "settles_in_apply", False))
        #: as played: refused actions the game can carry out stand, with their rulings in ``irregular``
        self.as_played = bool(header.get("as_played")) and carries_out(self.ruleset)
        self.irregular: list[Ruling] = []
        self.waivers: dict[int, frozenset[str]] = {}  # absolute action index -> irregularities carried out
        self.lapsed: set[int] = set()  # absolute action indexes whose skipped owed steps lapsed before their passes
        #: as played: absolute action index -> the turn it was carried out in, for an action whose skipped owed step
        #: lapsed into the next turn (it belongs to that turn, though the state before it shows the one that ended)
        self.turn_of: dict[int, int] = {}

    @property
    def unverified(self) -> int:
        """Actions pushed so far with a step applied without being verified (counted with ``count_unverified``)."""
        if self._counter is not None:
            return len(self._counter.steps)
        return sum(any(e.unverified for e in t.entries) for t in self.trails)

    @property
    def applied(self) -> int:
        return self.offset + len(self.actions)

    def push(self, action: Mapping[str, Any]) -> Trail:
        """Apply the next action; raise :class:`IllegalAction` (state left as before) when illegal."""
        actions = self.actions
        index = len(actions)
        if self._checkpointing and index % CHECKPOINT_EVERY == 0 and (self._checkpoint or (0,))[0] != index:
            self._checkpoint = (index, self.ruleset.clone(self.state))
        keep = self.keep_trails
        if keep:
            trail = Trail()
        else:
            trail = self._null
            if self._counter is not None:
                self._counter.current = index
        state = self.state
        # what happens by itself before the action (a turn start) is reported with the action before it
        before = False if self._settles and not keep else self._before(state, action, self._last_trail)
        try:
            self._apply(state, action, trail)
        except IllegalAction as err:
            self.state = self._rebuild()
            if before:
                self._before(self.state, action, _NULL_TRAIL)
            self._checkpointing = True
            try:
                state, trail, passes = self._with_implied_passes(action, err, self.offset + index)
            except IllegalAction as refused:
                if not self.as_played:
                    raise
                state, trail, passes = self._carry_out(action, refused, self.offset + index)
            self.state = state
            self.implied[self.offset + index] = passes
            if self._counter is not None and any(e.unverified for e in trail.entries):
                self._counter.steps.add(index)
        actions.append(action)
        self.state.applied = self.offset + index + 1
        if keep:
            self.trails.append(trail)
        self._last_trail = trail
        return trail

    def apply_run(self, actions: Sequence[Mapping[str, Any]], stop: int) -> int:
        """Push ``actions[len(self.actions):stop]`` the quick way when nothing asks for more (no trail kept, the game
        settles in ``apply``, no rebuild yet): applied straight, one call each (unverified steps counted as
        :meth:`push` counts them, when they are). At the first
        action the ruleset refuses, the state is rebuilt as it was before it and its index returned, for
        :meth:`push` to rule on it (or cure it with implied passes); else ``stop``."""
        start = len(self.actions)
        if not self._runs or self._checkpointing:
            return start
        apply, state, trail, counter = self._apply, self.state, self._null, self._counter
        i = start
        try:
            if counter is None:
                for i in range(start, stop):  # ``i`` names the action refused, if one is
                    apply(state, actions[i], trail)
            else:  # as push counts: each action's unverified steps (its turn start's included) under its index
                for i in range(start, stop):
                    counter.current = i
                    apply(state, actions[i], counter)
        except IllegalAction:
            self.actions.extend(actions[start:i])
            if i > start:
                self._last_trail = trail  # as push leaves it
            self.state = self._rebuild()  # apply left the state part-way through action i
            return i
        except Exception as err:  # an engine bug: named at the action it failed on
            raise EngineFault(self.offset + i, err) from err
        self.actions.extend(actions[start:stop])
        state.applied = self.offset + stop
        if stop > start:
            self._last_trail = trail  # as push leaves it (the counter: the settle after the last action reports to it)
        return stop

    def settle(self, next_action: Mapping[str, Any] | None = None) -> Any:
        """The state as shown after the last action pushed: what happens by itself before ``next_action`` (or,
        when the log stops here, before whatever comes) has happened, reported in the last action's trail.

        A waiting Turn End starts the next turn unless ``next_action`` still belongs to it. Call it
        once no action is pushed after; returns the state.
        """
        if next_action is None:
            self.ruleset.settle(self.state, self._last_trail)
        else:
            self._before(self.state, next_action, self._last_trail)
        return self.state

    def _rebuild(self) -> Any:
        """The state after every action pushed so far, replayed from the latest checkpoint."""
        if self._checkpoint is None:
            start, state = 0, self.ruleset.new_state(self._header, self._cards, check=False)
        else:
            start, snap = self._checkpoint
            state = self.ruleset.clone(snap)
        for j in range(start, len(self.actions)):
            scratch = Trail()
            despite = self.waivers.get(self.offset + j)
            if despite is None:
                for _ in range(self.implied.get(self.offset + j, 0)):
                    self.ruleset.implied_pass(state, self.ruleset.right_holder(state), scratch)
                self.ruleset.apply(state, self.actions[j], scratch)
            else:
                self._replay_despite(state, self.actions[j], scratch, despite, self.implied.get(self.offset + j, 0),
                                     self.offset + j in self.lapsed)
        state.applied = self.applied
        return state

    def _carry_out(self, action: Mapping[str, Any], err: IllegalAction, index: int,
                   passes: int = 0) -> tuple[Any, Trail, int]:
        """As played: apply ``action`` despite the irregularities its checks refuse, one more each try; raise the
        refusal that names none (the action cannot be carried out at all). Records one ruling for the action: the
        first rule it broke, with the others in its ``also`` (its trail has one ✗ entry per rule).

        ``passes``: the implied passes that cured the action's right-to-act problem, applied first (as before a
        legal action), so that no ``turn.priority`` stands where an omitted pass was all that was missing. When an
        owed step the action skipped lapses (a trigger, a hand adjustment) and the action then needs omitted passes,
        those are implied after the lapse (the game's ``skip_owed``), likewise."""
        despite: list[str] = []
        stood: list[IllegalAction] = []
        lapse = False
        while True:
            cured = False  # by the passes implied after the owed steps the action skipped lapsed
            if err.rule in self.ruleset.impliable and despite and not passes and not lapse:
                lapse, passes = self._passes_after_lapse(action, frozenset(despite))
                cured = lapse
            if not cured:
                kind = err.despite
                if kind is None:  # what it broke before it proved impossible: listed beside its ruling, not as stood
                    err.stood = [_ruling_at(e, index) for e in ([err.owed] if err.owed is not None else []) + stood]
                if kind is None or kind in despite or len(despite) >= MAX_WAIVED:
                    raise err
                despite.append(kind)
                stood.append(err)
            try:
                state, trail, passed = self._attempt(action, frozenset(despite), passes, lapse)
            except IllegalAction as later:
                err = later
                continue
            break
        self.waivers[index] = frozenset(despite)
        if lapse:
            self.lapsed.add(index)
        self._note_turn(action, frozenset(despite), index)
        broken = stood + [e for e in passed if all(e.rule != s.rule for s in stood)]
        rulings = [_ruling_at(e, index) for e in broken]
        self.irregular.append(Ruling(rulings[0].rule, rulings[0].message, index, rulings[0].path, rulings[1:]))
        trail.entries[:0] = [TrailEntry(r.rule, f"irregular, stood as played: {r.message}", False) for r in rulings]
        return state, trail, passes

    def _note_turn(self, action: Mapping[str, Any], despite: frozenset[str], index: int) -> None:
        """Record in :attr:`turn_of` the turn ``action`` was carried out in when the owed steps it skipped lapsed into
        the next turn (the game's ``skip_owed``); the state before it still shows the turn that ended."""
        skip = getattr(self.ruleset, "skip_owed", None)
        if skip is None:
            return
        probe = self.ruleset.clone(self.state)
        try:
            with waiving(despite):
                skip(probe, action, _NULL_TRAIL)
        except IllegalAction:
            return
        turn = self.ruleset.turn_shown(probe, action)
        if turn != self.ruleset.turn_shown(self.state, action):
            self.turn_of[index] = turn

    def _attempt(self, action: Mapping[str, Any], despite: frozenset[str], passes: int,
                 lapse: bool) -> tuple[Any, Trail, list[IllegalAction]]:
        """One try of :meth:`_carry_out` on a copy of the state before ``action``: the state, its trail and the
        refusals let pass; raises the refusal that stopped it."""
        state = self.ruleset.clone(self.state)
        trail = Trail()
        with noting_waived() as passed:
            self._replay_despite(state, action, trail, despite, passes, lapse)
        return state, trail, passed

    def _replay_despite(self, state: Any, action: Mapping[str, Any], trail: Trail, despite: frozenset[str],
                        passes: int, lapse: bool) -> None:
        """Carry ``action`` out as played: the owed steps it skipped lapse first (``lapse``), then its implied passes."""
        if lapse:
            with waiving(despite):
                self.ruleset.skip_owed(state, action, trail)
        for _ in range(passes):
            self.ruleset.implied_pass(state, self.ruleset.right_holder(state), trail)
        self.ruleset.apply_despite(state, action, trail, despite)

    def _passes_after_lapse(self, action: Mapping[str, Any], despite: frozenset[str]) -> tuple[bool, int]:
        """(True, k) when the owed steps ``action`` skipped lapse and then ``k`` implied passes get it past its
        right-to-act or step refusal (what else it breaks is ruled on after); (False, 0) when none do."""
        skip = getattr(self.ruleset, "skip_owed", None)
        if skip is None:
            return False, 0
        for k in range(1, MAX_IMPLIED_PASSES + 1):
            state = self.ruleset.clone(self.state)
            try:
                with waiving(despite):
                    skip(state, action, _NULL_TRAIL)
                for _ in range(k):
                    holder = self.ruleset.right_holder(state)
                    if holder is None:
                        return False, 0
                    self.ruleset.implied_pass(state, holder, _NULL_TRAIL)
                self.ruleset.apply_despite(state, action, Trail(), despite)
            except IllegalAction as later:
                if later.rule in self.ruleset.impliable:
                    continue
                return True, k
            return True, k
        return False, 0

    def _with_implied_passes(self, action: Mapping[str, Any], err: IllegalAction,
                             index: int) -> tuple[Any, Trail, int]:
        """Insert the fewest passes that make ``action`` legal (rules.md, "Omitted passes"). As played, an action
        still refused after them for an irregularity that may stand is carried out after those passes. A refusal the
        ruleset says passes may cure although it is not about the right to act (``pass_may_cure``: a trigger whose
        cause happens only once the window closes) is cured by the fewest passes after which the action is legal;
        when none is, that refusal stands as the action was logged."""
        closing = err.rule not in self.ruleset.impliable
        if closing and not self._pass_may_cure(action, err):
            raise err
        base = self.state
        # When no insertion cures the right-to-act or step problem, the ruling on the action as logged stands.
        for k in range(1, MAX_IMPLIED_PASSES + 1):
            state = self.ruleset.clone(base)
            trail = Trail()
            for _ in range(k):
                holder = self.ruleset.right_holder(state)
                if holder is None:
                    raise err
                self.ruleset.implied_pass(state, holder, trail)
            try:
                self.ruleset.apply(state, action, trail)
            except IllegalAction as later:
                if later.rule in self.ruleset.impliable or closing:
                    continue
                if self.as_played and later.despite is not None:
                    return self._carry_out(action, later, index, k)
                raise later from None
            return state, trail, k
        raise err

    def _pass_may_cure(self, action: Mapping[str, Any], err: IllegalAction) -> bool:
        """Whether the ruleset says passes may make ``action`` legal despite ``err`` (its optional ``pass_may_cure``)."""
        cure = getattr(self.ruleset, "pass_may_cure", None)
        return cure is not None and bool(cure(action, err))


class EngineFault(Exception):
    """Not a ruling: the engine itself failed (an exception other than :class:`IllegalAction`, a bug) while applying
    action ``index`` of a fold, in the ordinary fold as in an as-played one; ``cause`` is that exception. The
    ``engine.error`` ruling names the action by it (pmemo_replay.checking.engine_failure)."""

    def __init__(self, index: int, cause: Exception) -> None:
        super().__init__(f"action {index}: {type(cause).__name__}: {cause}")
        self.index = index
        self.path = str(index)
        self.cause = cause


class BadStep(ValueError):
    """``at`` names no step of a log: a count of actions is 0 or more."""


def check_at(at: int | None) -> None:
    """Refuse an ``at`` that counts no actions (:class:`BadStep`, naming ``at``); None and 0 or more pass.

    >>> check_at(-3)
    Traceback (most recent call last):
    ...
    engine.fold.BadStep: at must be 0 or more (a number of actions), not -3
    """
    if at is not None and (type(at) is not int or at < 0):
        raise BadStep(f"at must be 0 or more (a number of actions), not {at!r}")


def fold(
    header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: Cards, *,
    at: int | None = None, keep_trails: bool = True,
) -> FoldResult:
    """Fold ``actions`` (or the first ``at`` of them) into a state, stopping at the first illegal one (as played:
    at the first that cannot be carried out; the others stand, ruled on in ``irregular``).

    Deck rulings (``deck.*``) carry ``index=None``. ``at`` below 0 is refused (:class:`BadStep`); beyond the
    end it folds every action. An engine failure while applying an action (any other exception, as played or not)
    raises :class:`EngineFault` naming that action.
    """
    check_at(at)
    try:
        folder = Folder(header, cards, keep_trails=keep_trails)
    except IllegalAction as err:
        ruleset = get_ruleset(header.get("ruleset", "pm-2.22"))
        state = ruleset.new_state(header, cards, check=False)
        return FoldResult(state, 0, err.ruling, ruleset=ruleset)
    limit = len(actions) if at is None else min(at, len(actions))
    push = folder.push
    for i in range(folder.apply_run(actions, limit), limit):
        try:
            push(actions[i])
        except IllegalAction as err:
            return FoldResult(folder.settle(actions[i]), i, _ruling_at(err, i), folder.trails, folder.implied,
                              folder.ruleset, list(folder.irregular), list(err.stood))
        except Exception as err:  # an engine bug while applying action i (also while carrying it out as played)
            raise EngineFault(i, err) from err
    following = actions[limit] if limit < len(actions) else None
    return FoldResult(folder.settle(following), limit, None, folder.trails, folder.implied, folder.ruleset,
                      folder.irregular)

