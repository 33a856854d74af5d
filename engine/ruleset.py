"""The ruleset interface: what a game implements, in one folder of ``engine/``, for the fold and the service.

A game is a package ``engine/<game>/`` whose module ``ruleset`` holds ``RULESET``, an object satisfying
:class:`Ruleset`; :mod:`engine.rulesets` finds it by scanning the ``engine`` package (and the entry-point group
``pmemo_replay.rulesets`` for games installed from elsewhere), so nothing in the service names a game.
Modelled on Pokémon Showdown's formats (a named bundle of rules), boardgame.io's game objects (``setup``,
``moves``, ``playerView``) and OpenSpiel's game/state pair (legal actions, per-player observations).

The fold drives :class:`FoldHooks` alone; the service also reads identity, the log boundary, cards, queries,
views, persistence, analytics facts and self-play. A third game is one folder plus its card data
(docs/adding-a-game.md, with a tested example of a 2–4 seat game installed through an entry point)::

    engine/mygame/ruleset.py     RULESET = MyGame()          # name "mygame-1", rules catalogue, hooks below
    engine/mygame/...            state, actions (apply), legal, snapshot, view, selfplay
    fixtures/mygame/cards.json   its bundled cards ({"format": "mygame-cards", ...})

The log boundary and the cards, for such a game (pure Python; the service adds JSON reading and files)::

    class MyGame:
        name, game, players, book = "mygame-1", "My Game", (2, 4), "My Game rules v1"
        card_formats = ("mygame-cards",)                 # the "format" of its card files
        bundled_cards = ("fixtures/mygame/cards.json",)  # relative to the project root

        def check_header(self, header):                  # raise LogProblem("game.players", "...") when malformed
            return {**header}                            # the header with its defaults filled
        def check_action(self, action, index): ...       # raise LogProblem(str(index), "...") when malformed
        def log_card_ids(self, header, actions): ...      # (index or None, path, card id) for the log.card check
        def parse_cards(self, document, source): ...     # one decoded card file -> its card database
        def merge_cards(self, databases): ...             # several card files -> one database
        def seats(self, header, state): ...               # per-seat rows: name, deck, score, placement

Precious Memories keeps its marshmallow log schemas in the service (pmemo_replay/logio): its ``check_header`` and
``check_action`` are ``None``, which tells the service to use its own readers for it. Its card reader is its own
(engine/pm/cards), reached like every game's through the card members below.

>>> from engine.rulesets import get_ruleset
>>> mahou = get_ruleset("mahou-shoujo-1")
>>> mahou.card_formats, get_ruleset("pm-2.22").check_action is None
(('ms-cards',), True)
>>> try:
...     mahou.check_action({"type": "promote", "p": 0, "from": "active"}, 4)
... except LogProblem as problem:
...     print(problem.path, "|", problem.message)
4 | action 4: promote: field 'from' must be one of squad:0, squad:1, squad:2, not 'active'

>>> from engine.rulesets import get_ruleset
>>> isinstance(get_ruleset("pm-2.22"), Ruleset), isinstance(get_ruleset("mahou-shoujo-1"), Ruleset)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from engine.rulings import Trail

State = Any  # each game's own mutable state class
Action = dict[str, Any]
Cards = Any  # each game's own card database (``card_id in cards`` tells a known id)


@dataclass(frozen=True)
class Deck:
    """A named deck list: a main deck and an EX deck of card ids (bundled decks, ``simulate --decks`` files)."""

    key: str
    name: str
    main: tuple[str, ...]
    ex: tuple[str, ...] = ()


class LogProblem(ValueError):
    """A malformed log header or action (``log.schema``), or an unknown card (``log.card``), found by a game's own
    log boundary; the service turns it into its ruling (``index`` None for the header, ``path`` dotted)."""

    def __init__(self, message: str, *, path: str = "", index: int | None = None, rule: str = "log.schema") -> None:
        super().__init__(message)
        self.message, self.path, self.index, self.rule = message, path, index, rule


class CardFileProblem(ValueError):
    """A card file a game's ``parse_cards`` refuses; the message names the card and the field."""


@runtime_checkable
class FoldHooks(Protocol):
    """What :class:`engine.fold.Folder` calls: one action at a time, atomic by rebuilding, passes it may imply."""

    name: str
    #: rule ids that inserting passes may cure (an empty set: the game has no implied passes)
    impliable: frozenset[str]

    def new_state(self, header: Mapping[str, Any], cards: Any, *, check: bool = True) -> State:
        """The state before action 0 (its deck rules checked unless ``check`` is False: ``IllegalAction``)."""

    def apply(self, state: State, action: Mapping[str, Any], trail: Trail) -> None:
        """Apply one action in place, or raise ``IllegalAction`` (the fold rebuilds the state before it)."""

    def clone(self, state: State) -> State: ...

    def right_holder(self, state: State) -> int | None:
        """The player who could pass now (None outside windows, or in a game without passes)."""

    def implied_pass(self, state: State, player: int, trail: Trail) -> None: ...

    # Optional, for a game with implied passes: ``pass_action(player) -> Action``, the logged action an implied pass
    # stands for (the two-seat merge writes out the passes a hand-written log left out, engine/merge.py).
    # Optional: ``state_lines(state_json) -> list[str]``, the state JSON in readable lines for ``pmemo-replay check``
    # (without it: the turn, the phase and each player's plain fields).

    def before(self, state: State, action: Mapping[str, Any], trail: Trail) -> bool:
        """Let happen what happens by itself before ``action``; True when something did. A game whose ``apply``
        does the same first may say so with a class attribute ``settles_in_apply = True``: a fold keeping no trails
        then skips this call (the trails are what it is for: it reports the events with the action before)."""

    def settle(self, state: State, trail: Trail) -> None:
        """What happens by itself when the log stops here."""

    def turn_shown(self, state: State, next_action: Mapping[str, Any] | None = None) -> int: ...

    def to_json(self, state: State) -> dict[str, Any]:
        """The judge's view: the game's state JSON."""

    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while the game goes on, else ``{"winner", "reason", ...}`` (``scores``/``placements`` when the
        game has them)."""


# -- as played (docs/as-played.md): members a game offers to carry out irregular actions -- begin ----------

@runtime_checkable
class AsPlayedHooks(Protocol):
    """The unchecked entry point an as-played fold (header ``"as_played": true``) calls after ``apply`` refused an
    action: like python-chess's ``push`` beside ``push_san``. Optional: a game without it stops at the first
    refused action even when the log is as played."""

    def apply_despite(self, state: State, action: Mapping[str, Any], trail: Trail, despite: frozenset[str]) -> None:
        """Apply ``action`` as logged with the irregularities ``despite`` (engine.asplayed.IRREGULARITIES)
        carried out; raise ``IllegalAction`` for any other broken rule (``err.despite`` names its irregularity,
        None when the action cannot be carried out at all)."""

    # Optional: ``skip_owed(state, action, trail) -> None``: let the owed steps ``action`` skips lapse (within
    # engine.asplayed.waiving) and what then happens by itself (the next turn's start), so that the passes the
    # action omitted after them can be implied as for a legal action (docs/as-played.md).


def carries_out(ruleset: Any) -> bool:
    """True when ``ruleset`` offers the as-played entry point."""
    return callable(getattr(ruleset, "apply_despite", None))

# -- as played -- end -------------------------------------------------------------------------------------


class FactsTracker(Protocol):
    """Watches one game's fold for the statistics (:attr:`Ruleset.facts_tracker`)."""

    def after(self, state: State, action: Mapping[str, Any]) -> None:
        """Note what ``action``, just applied to ``state``, did."""

    def facts(self, state: State, seat: int) -> dict[str, Any]:
        """One seat's analytics facts at the end (as :meth:`Ruleset.facts`)."""


@runtime_checkable
class Ruleset(FoldHooks, Protocol):
    """A whole game for the service: identity, queries, views, persistence, analytics facts, self-play."""

    #: the game's name for people ("Precious Memories"), the seats it takes, and its rule book
    game: str
    players: tuple[int, int]
    book: str

    def rules(self) -> Mapping[str, tuple[str | None, str]]:
        """The game's rule catalogue: rule id -> (the book's page or section, when an action breaks it)."""

    def actor(self, state: State) -> int | None:
        """The player the game waits for (None when it is over)."""

    def legal_actions(self, state: State) -> list[Action]:
        """Every action the fold accepts now, for the player who may act."""

    def player_legal(self, state: State, seat: int) -> list[Action] | None:
        """``seat``'s own legal actions as it may see them (a seat view's "what could have been done"): every card id
        the seat cannot see (a rival's hand card an effect would choose, a deck order) null, and the variants that
        then read alike listed once, so that no seat view names a hidden card; None when the service computes them
        on its own redaction (Precious Memories' table logs, like ``player_actions``)."""

    def player_view(self, state_json: dict[str, Any], seat: int) -> dict[str, Any]:
        """The state JSON as ``seat`` may see it (what the rules keep from that player replaced by null)."""

    def player_actions(self, actions: Sequence[Mapping[str, Any]], seat: int) -> list[dict[str, Any]] | None:
        """The log's actions as ``seat`` may see them (hidden card ids null), one for one; None when the service's
        own redaction makes them (Precious Memories' table logs)."""

    def player_trail(self, entries: list[dict[str, Any]], action: Mapping[str, Any],
                     seat: int) -> list[dict[str, Any]] | None:
        """An action's rulings trail (JSON) as ``seat`` may see it; None with the service's own redaction."""

    # -- log boundary: ``None`` where the service's own schemas read the game's logs ----------------------

    #: the header with its defaults filled, or ``LogProblem`` (index None, a path into ``game``)
    check_header: Callable[[Mapping[str, Any]], dict[str, Any]] | None
    #: ``(action, index)``: nothing, or ``LogProblem`` with that index and a path from it
    check_action: Callable[[Any, int], None] | None

    def log_card_ids(self, header: Mapping[str, Any],
                     actions: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int | None, str, str]] | None:
        """``(index or None, path, card id)`` for every card id the log names, header first (None: the service
        finds them)."""

    # -- cards ----------------------------------------------------------------------------------------

    #: the ``format`` values of the card files the game reads, and its bundled sets (paths from the project root)
    card_formats: tuple[str, ...]
    bundled_cards: tuple[str, ...]
    #: ``(decoded card file, source name)`` -> a card database, or ``CardFileProblem``; None: read by the service
    parse_cards: Callable[[Any, str], Cards] | None

    def merge_cards(self, databases: Iterable[Cards]) -> Cards:
        """One card database of several (a later one wins on a repeated id)."""

    # Optional card members (the service uses them when a game has them, see pmemo_replay.games.cards):
    #   card_format_of(document) -> str | None   the format of a decoded file that does not say (told by its shape)
    #   parse_card_set(documents, name, scripts) -> Cards   a folder's decoded files ``(source, document)`` read as
    #                                            one set, with ``scripts`` (its script_cards' database) laid over
    #   script_cards: tuple[str, ...]             bundled files of hand-written effect scripts (project root paths)
    #   community_cards: tuple[str, ...]          folders of community card files, one folder per set
    #   card_key(card_id) -> str                  the id statistics count a card under (a parallel printing's base)
    #   archetype(deck, cards) -> str             a deck list's archetype for the statistics
    #   card_facts(card) / effect_reading(card)   what the pages show of a card, None for another game's card
    #   card_plays(action) -> [(seat, card id)]   the cards an action plays as its facts count a play (responses,
    #                                             setup choices and other nested plays included): the card pages
    #                                             link each game to the step of the first one (else: its ``card``)
    #   card_coverage(cards, compiled, records), measure_compiler(sets, scripts, diff=, gaps=, blockers=), check_by_play(...)
    #   verification_records: str                a file (project root path) of independent reads of its scripts
    #                                             the game's own card-data reports (``pmemo-replay cards coverage``,
    #                                             ``python -m pmemo_replay.cards.compile_measure``, ``simulate --cards``)

    def owns_cards(self, cards: Any) -> bool:
        """True when ``cards`` is a card database of this game."""

    # -- per seat -------------------------------------------------------------------------------------

    def seats(self, header: Mapping[str, Any], state: State) -> list[dict[str, Any]]:
        """One row per seat for the store: ``name``, ``deck_name``, ``score`` (number or None), ``placement``
        (1 the winner, equal placements for a draw, None while the game goes on)."""

    def unverified_steps(self, actions: Sequence[Mapping[str, Any]], trails: Sequence[Trail]) -> list[dict[str, Any]]:
        """``{index, path, card, why}`` for every step the engine applied as recorded without checking it."""

    snapshot_version: int

    def to_snapshot(self, state: State) -> dict[str, Any]: ...

    def from_snapshot(self, data: dict[str, Any], cards: Any) -> State: ...

    def facts(self, state: State, seat: int) -> dict[str, Any]:
        """Analytics facts of one seat at the end of a game (what its statistics count)."""

    #: how the game gathers its analytics facts while a log is folded, when its final state does not keep them
    #: (Mahou Shoujo: when each card was first seen): ``facts_tracker(state before action 0)`` -> a
    #: :class:`FactsTracker`; None when ``facts(state, seat)`` on the final state is enough
    facts_tracker: Callable[[State], FactsTracker] | None

    # Optional viewer member: ``quiet_actions: frozenset[str]``, the action types that only close a window or a phase
    # (Precious Memories' ``pass`` and ``end_approach``, Clockwork Memorion's ``end_phase``): the viewer's "hide
    # passes" may hide such an action when its trail only moves the game on; a game without it hides nothing.

    #: the game's built-in self-play policies by name (at least "random" and "greedy")
    policies: tuple[str, ...]
    #: folders of bundled deck files ``{"name", "cards"}`` (Precious Memories: ``{"name", "main", "ex"}``), paths
    #: from the project root
    bundled_decks: tuple[str, ...]

    def self_play(self, cards: Any, decks: Any, seed: int, *, policies: Sequence[str] = ("greedy", "greedy"),
                  names: Sequence[str] = ("Aoi", "Ren"), deck_names: Sequence[str | None] | None = None) -> dict[str, Any]:
        """One complete log played by the built-in ``policies`` (one per seat) between ``decks`` (a pmemo-log
        document; ``names`` and ``deck_names`` go into its header)."""

    # -- recording at the table: drafts, seat views, two seats merged (docs/adding-a-game.md) ------------

    #: True when the game's logs may leave out what nobody at the table knew (table logs: unknown cards, named
    #: later by ``identify``); False when every log is complete (:class:`CompleteLogRecording` gives the rest)
    table_logs: bool
    #: the action types that only tell what a seat learned (``identify``): a merge takes them from each seat
    knowledge_actions: frozenset[str]
    # Optional: ``unordered_fields`` (frozenset of keys whose lists carry no order, a payment's cards: the merge
    # compares them as multisets), ``omissible_fields`` (by action ``type`` or op ``op``, the fields a seat's table
    # log may leave out, a shuffle's ``order``: the merge takes the other seat's value there, and calls any other
    # field one copy lacks a disagreement), ``describe_action(header, action) -> str`` (an action in plain words
    # with the players' names, for the merge's messages: "Mio summons MHK 01-001 to the Main Area"; without it they
    # read "Mio: summon (card MHK 01-001, area main)"), ``named_cards(state) -> Mapping`` (each known card of the
    # zones a knowledge action names, by its place: the merge stops where a seat's knowledge names a card the merged
    # log, or the other seat, names otherwise there), and the :class:`HiddenOrders` members.

    def seat_header(self, header: Mapping[str, Any], view: View) -> dict[str, Any]:
        """The header as ``view`` (a seat, ``"public"`` or ``"judge"``) may know it (others' deck lists left out)."""

    def redact(self, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: Cards,
               view: View, *, keep_lists: bool = False) -> Redaction:
        """The log ``view`` could have recorded, and where each source step lands in it (``RedactionError``);
        ``keep_lists``: every deck list stays in the header (open decklists)."""

    def push_seen(self, folder: Any, action: Mapping[str, Any], view: View, known: State | None) -> Action:
        """Push ``action`` onto ``folder`` (an :class:`engine.fold.Folder` of the full log) and return its copy as
        ``view`` saw it (``known``: the view's own folded state before it, when there is one)."""

    def seat_state(self, state_json: dict[str, Any], view: View, *, from_judge: bool = True) -> dict[str, Any]:
        """A state JSON as ``view`` may see it; ``from_judge`` False when it was folded from ``view``'s own log
        (then it may keep what that view learned, such as a face-down point it once saw face up)."""

    def offers(self, state: State) -> dict[str, Any]:
        """What a recorder may write now: ``{"actor", "actions", "unknown", "hand_play"}`` (``unknown``: the
        unnamed cards of each hand; ``hand_play``: the seat that may play a card not named yet, or None)."""

    def hand_options(self, state: State, player: int, card: str) -> list[dict[str, Any]]:
        """The ways ``player`` could play ``card`` from a hand card not named yet: ``{"action", "cost", "legal"}``
        (``IllegalAction`` when the card cannot be in that hand; [] for a game without unknown cards)."""

    def merge_news(self, seats: Sequence[State], merged: State) -> list[Action]:
        """What the seats' own folds ``seats`` (one per seat, at the same step) know that ``merged`` (the judge's
        fold of the merged log) does not: the ``identify`` actions to add there ([] without unknown cards)."""

    def knowledge_seat(self, action: Mapping[str, Any]) -> int | None:
        """The seat whose own secret cards the knowledge action ``action`` names (a seat learns only its own hand,
        table-logs.md: the merge reads a table log's seat from it), or None when it names none (a copy of the other
        seat's knowledge emptied by a redaction, a face-up card every seat saw)."""

    def knowledge_clash(self, a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
        """True when the knowledge actions ``a`` (seat 0's) and ``b`` (seat 1's), learned after the same game action,
        name different cards in the same place (the merge stops there: a ``card`` disagreement)."""

    def knowledge_unlearned(self, action: Mapping[str, Any]) -> Action:
        """The knowledge action ``action`` as a view that learns nothing from it keeps it, one for one (a draft's
        public copy: what the recorder learned is not the public's; Precious Memories: an ``identify`` naming no
        card)."""

    def seat_secret(self, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: Cards,
                    seat: int) -> str | None:
        """Where the log carries what seat ``seat`` could not have seen at the table, in words (a deck's order,
        which no seat sees; a rival's hand cards as drawn, named: "at action 1 (shuffle), the order of a shuffled
        deck, which no seat sees"), or None. A seat's recording is the log a viewer in that seat could have written (table-logs.md,
        "Redaction"): the merge refuses as one seat's recording a log holding more (a judge's log, a complete log).
        None also for a log that cannot be read so (illegal: its check says why)."""


@runtime_checkable
class HiddenOrders(Protocol):
    """Optional members of a game whose logs are complete (every shuffle's ``order``) while nobody at a real table
    knows a deck's order: the recorder then writes such an action without its ``order`` and names cards as they are
    drawn, and the drafts service (pmemo_replay/drafts/orders.py) keeps the order as "what has been seen so far,
    the rest in a placeholder order", rewriting the positions not seen yet when a later action names a card, so the
    stored log is a complete history consistent with everything observed. A deck here is a list, top card last."""

    #: the action types carrying an ``order`` nobody at the table saw (the recorder may leave it out)
    hidden_orders: frozenset[str]

    def placeholder_order(self, state: State, action: Mapping[str, Any]) -> list[str]:
        """A neutral ``order`` (top first) the action may take now, one that forces nothing the names have not said
        (``IllegalAction`` when the action is not due)."""

    def pile(self, state: State, player: int) -> Sequence[str]:
        """The player's deck, top card last: the state's own list (the drafts set a card nobody saw in a copy of a
        state folded before the rewritten position was drawn, drafts/orders.py ``Orders.patch``)."""

    def hand(self, state: State, player: int) -> Sequence[str]:
        """The player's hand."""

    def named(self, state: State, action: Mapping[str, Any]) -> list[tuple[int, str | None, str]]:
        """The cards ``action`` names from hidden places, as ``(player, card, where)``: ``"hand"`` (it must be in
        the hand), ``"top"`` (the next card the action takes from the top of the player's deck: its first ``"top"``
        the top card, its second the one under it...; ``card`` None: a card taken unnamed, a draw) or ``"deck"``
        (a copy anywhere in the deck: a search)."""

    #: optional: the action types that draw from the top until a kind of card comes (Mahou Shoujo's
    #: ``out_of_heroes``): how many they take depends on what they are, so the cards named with such an action
    #: (the append's ``named``, in drawing order) are put on top of the deck before it is applied
    draws_named_first: frozenset[str]

    def hide_unnamed(self, state_json: dict[str, Any], player: int, cards: Sequence[str]) -> None:
        """Optional: in ``state_json`` (the judge's), null one copy of each of ``cards`` (cards the player drew that
        nobody named: the placeholder's, never the table's) where the player's drawn cards lie, the hand first
        (default: the hand only, :func:`null_copies` on ``players[player]["hand"]``)."""

    # Optional members for recording from ONE seat (``seat_recordings = True``: the recorder names its own cards
    # only, the rival's stay unnamed until seen; two such recordings merge, engine/merge.py):
    #
    #: ``hidden_choices``: action type -> the field listing the cards the action takes from its player's deck into
    #: the hand, which only that player sees (Mahou Shoujo: ``{"search": "cards"}``). Such a choice comes before the
    #: player's hidden orders, each of which then orders a deck the choice left. The recorder may send it without
    #: that field: the draft fills ``placeholder_choice(state, action)`` and renames its places when the cards are
    #: seen (played from the hand), each place only to a card ``choice_fits(state, action, card)``, the card it held
    #: going back into each of the player's later orders where nobody saw the new one.
    #:
    #: ``due_if_drawn(state) -> [(action, player, n, fits)]``: actions not due now that would be due were the
    #: player's ``n`` latest drawn cards that nobody named each a card ``fits(card)`` (Mahou: the rival's redraw,
    #: due when none of the 4 drawn is a Magical Girl): offered, and when sent the unseen draws are rewritten to fit.
    #:
    #: ``ends_draws(state, action, card) -> bool``: for a ``draws_named_first`` action, True for a card that ends its
    #: drawing (Mahou: a Hero). The rival's such action is sent with ``named`` holding null for each card drawn
    #: that the recorder did not see (into the hand): the draft puts there a card nobody saw that does not end it.
    #:
    #: ``returns_unseen``: action type -> the field listing the hand cards the action puts back into its player's deck
    #: face down, which only that player sees (Clockwork Memorion: ``{"mulligan": "cards"}``). The rival's such action
    #: is sent with null for each card (how many went back is seen): the draft fills them with hand cards nobody named
    #: (the latest drawn), keeps them unnamed, and the merge takes them from that player's own recording.


def null_copies(zone: list[Any], cards: Iterable[str]) -> list[str]:
    """Replace one copy of each of ``cards`` in ``zone`` by None, the latest first; the cards not found there.

    >>> hand = ["A", "B", "A"]
    >>> null_copies(hand, ["A", "C"]), hand
    (['C'], ['A', 'B', None])
    """
    left = []
    for card in cards:
        for i in range(len(zone) - 1, -1, -1):
            if zone[i] == card:
                zone[i] = None
                break
        else:
            left.append(card)
    return left


def hide_unnamed(ruleset: Any, state_json: dict[str, Any], unnamed: Sequence[Sequence[str]]) -> dict[str, Any]:
    """``state_json`` (a judge's state JSON, changed in place and returned) with each player's ``unnamed[p]`` cards
    (drawn, never named) null: the ruleset's ``hide_unnamed``, else in the hand; ``not_named`` beside a hand says
    how many of its nulls are such cards (a seat view hiding that hand drops it: they are hidden there)."""
    hide = getattr(ruleset, "hide_unnamed", None)
    for p, cards in enumerate(unnamed):
        if not cards or p >= len(state_json.get("players") or ()):
            continue
        me = state_json["players"][p]
        if hide is not None:
            hide(state_json, p, cards)
        else:
            null_copies(me["hand"], cards)
        me["not_named"] = sum(1 for c in me["hand"] if c is None)
    return state_json


def seat_recordings(ruleset: Any) -> bool:
    """True when a game whose logs are complete may be recorded from one seat (its rival's hidden cards left
    unnamed until seen) and two such recordings merged (:class:`HiddenOrders`, ``seat_recordings``)."""
    return hides_orders(ruleset) and bool(getattr(ruleset, "seat_recordings", False))


#: the header's ``meta`` key saying which seat a complete log's recording was made from (absent: the judge's seat)
RECORDED_FROM = "recorded_from"


def recorded_from(ruleset: Any, header: Mapping[str, Any]) -> int | None:
    """The seat a recording of a game with seat recordings was made from (the header's ``meta.recorded_from``), or
    None: the judge's seat (every hidden card named as it was), and always None for a ruleset without them."""
    meta = header.get("meta")
    seat = meta.get(RECORDED_FROM) if isinstance(meta, Mapping) else None
    return seat if seat_recordings(ruleset) and type(seat) is int else None


def recorded_from_problem(ruleset: Any, header: Mapping[str, Any]) -> str | None:
    """Why the header's ``meta.recorded_from`` cannot be (not a seat of the game, or a game with no seat recordings),
    or None when it is absent or right."""
    meta = header.get("meta")
    if not isinstance(meta, Mapping) or RECORDED_FROM not in meta:
        return None
    seat, seats = meta[RECORDED_FROM], len(header.get("players") or ()) or 2
    if ruleset.table_logs:
        return None  # table logs say what a seat saw by themselves: the key is a free note there
    if not seat_recordings(ruleset):
        return (f"{ruleset.game} cannot be recorded from one seat (its ruleset has no seat recordings): leave "
                f"meta.{RECORDED_FROM} out and record the whole game from the judge's seat")
    if type(seat) is not int or not 0 <= seat < seats:
        return f"meta.{RECORDED_FROM} is {seat!r}: the seat the game is recorded from, 0 to {seats - 1}"
    return None


def hidden_field(ruleset: Any, action: Mapping[str, Any], *, from_seat: bool = False) -> str | None:
    """The field of ``action`` that only its player knows in a complete log: a hidden order's ``order`` and, in a
    recording from one seat (``from_seat``), a hidden choice's cards; or None."""
    kind = action.get("type")
    if kind in (getattr(ruleset, "hidden_orders", None) or ()):
        return "order"
    if not from_seat:
        return None
    choices = getattr(ruleset, "hidden_choices", None) or {}
    return choices.get(kind) if isinstance(kind, str) else None


def returned_unseen(ruleset: Any, action: Mapping[str, Any]) -> str | None:
    """The field of ``action`` listing the hand cards it puts back into its player's deck face down (the ruleset's
    ``returns_unseen``), or None."""
    kind = action.get("type")
    returns = getattr(ruleset, "returns_unseen", None) or {}
    return returns.get(kind) if isinstance(kind, str) else None


def seat_hidden_fields(ruleset: Any, action: Mapping[str, Any]) -> tuple[str, ...]:
    """Every field of ``action`` that only its player knows in a recording from one seat: its hidden order or
    choice (:func:`hidden_field`) and the hand cards it puts back unseen (:func:`returned_unseen`)."""
    fields = (hidden_field(ruleset, action, from_seat=True), returned_unseen(ruleset, action))
    return tuple(f for f in fields if f is not None)


def hides_orders(ruleset: Any) -> bool:
    """True when ``ruleset`` has the :class:`HiddenOrders` members (and some action type to hide)."""
    return bool(getattr(ruleset, "hidden_orders", None)) and callable(getattr(ruleset, "placeholder_order", None))


View = int | str  # a seat (0, 1, ...), "public" (what every seat saw) or "judge" (every hand seen, no deck order)
PUBLIC, JUDGE = "public", "judge"


class RedactionError(ValueError):
    """A log cannot be redacted for a view (it is illegal, or the redacted log would not replay it)."""


@dataclass
class Redaction:
    """A log as one view could have recorded it, and where each source step lands in it."""

    header: dict[str, Any]
    actions: list[Action]
    #: ``steps[n]``: the number of redacted actions that show the state after the first ``n`` source actions
    steps: list[int] = field(default_factory=list)


def parse_view(value: Any, *, judge: bool = False, seats: int = 2) -> View:
    """A seat number, ``"public"`` (and ``"judge"`` when allowed) from a command-line or query value.

    >>> parse_view("1"), parse_view(" Public "), parse_view("judge", judge=True)
    (1, 'public', 'judge')
    """
    text = str(value).strip().lower()
    if text.isascii() and text.isdigit() and int(text) < seats:
        return int(text)
    if text == PUBLIC or (judge and text == JUDGE):
        return text
    numbers = ", ".join(str(s) for s in range(seats))
    raise ValueError(f"unknown view {value!r}: use {numbers}, public" + (" or judge" if judge else ""))


def hidden_seats(view: View, seats: int) -> list[int]:
    """The seats whose secrets ``view`` may not see (every seat for the public, none for the judge).

    >>> hidden_seats(0, 2), hidden_seats("public", 3), hidden_seats("judge", 2)
    ([0], [0, 1, 2], [])
    """
    if view == JUDGE:
        return []
    return list(range(seats)) if view == PUBLIC else [int(view)]


class CompleteLogRecording:
    """The recording members of :class:`Ruleset` for a game whose logs are always complete (no unknown cards):
    a seat's view hides through ``player_view`` / ``player_actions`` / ``player_trail`` of every seat it may not
    see into, offers are the legal actions, and there is nothing to name. A game mixes it in::

        class MyGame(CompleteLogRecording): ...

    A complete game is recorded from the judge's seat: its logs are complete (the contract: "the omissions of
    table-logs.md do not apply"), so there is no seat (table-log) recording and no two-seat merge; its seat copies
    carry ``null`` where a seat saw nothing, so they are views to show, not logs to fold. What nobody at the table
    knows (a deck's order) is not asked of the recorder: see :class:`HiddenOrders`.
    """

    table_logs = False
    knowledge_actions: frozenset[str] = frozenset()

    def seat_header(self, header: Mapping[str, Any], view: View) -> dict[str, Any]:
        return dict(header)

    def _seen(self, actions: Sequence[Mapping[str, Any]], view: View, seats: int) -> list[Action]:
        seen = [dict(a) for a in actions]
        for seat in hidden_seats(view, seats):
            seen = self.player_actions(seen, seat)  # type: ignore[attr-defined]
        return seen

    def redact(self, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: Any,
               view: View, *, keep_lists: bool = False) -> Redaction:
        """The log as ``view`` saw it: null where it saw nothing (a view to read and to merge, not a log to fold);
        the judge's (every hand seen, no deck order) with each order nobody at the table saw null
        (:class:`HiddenOrders`), as two seats' views merge into it."""
        seats = len(header.get("players") or ()) or 2
        seen = self._seen(actions, view, seats)
        if view == JUDGE:
            seen = [{**a, "order": [None] * len(a["order"])} if hidden_field(self, a) == "order"
                    and isinstance(a.get("order"), list) else a for a in seen]
        return Redaction(self.seat_header(header, view), seen, list(range(len(actions) + 1)))

    def push_seen(self, folder: Any, action: Mapping[str, Any], view: View, known: Any) -> Action:
        """The action pushed, and seen alone: what only a later action reveals stays hidden in this copy."""
        folder.push(action)
        return self._seen([action], view, len(folder.state.players))[0]

    def seat_state(self, state_json: dict[str, Any], view: View, *, from_judge: bool = True) -> dict[str, Any]:
        for seat in hidden_seats(view, len(state_json.get("players") or ())):
            state_json = self.player_view(state_json, seat)  # type: ignore[attr-defined]
        return state_json

    def offers(self, state: Any) -> dict[str, Any]:
        """The legal actions (``about``: each one's effect in words, :meth:`offer_about`); an action whose
        ``order`` nobody at the table sees (:class:`HiddenOrders`) is offered
        without it, once (the drafts service fills it)."""
        actions = self.legal_actions(state)  # type: ignore[attr-defined]
        hidden: frozenset[str] = getattr(self, "hidden_orders", frozenset())
        if hidden:
            bare: list[Action] = []
            for action in actions:
                if action.get("type") in hidden:
                    action = {k: v for k, v in action.items() if k != "order"}
                    if action in bare:
                        continue
                bare.append(action)
            actions = bare
        return {"actor": self.actor(state), "actions": actions,  # type: ignore[attr-defined]
                "unknown": [0] * len(state.players), "hand_play": None,
                "about": [self.offer_about(state, a) for a in actions]}

    def offer_about(self, state: Any, action: Mapping[str, Any]) -> dict[str, Any] | None:
        """What an effect's button says besides the action (``{"effect": words, "text": the card's text or None}``,
        as Precious Memories' offers give it); None for an action that uses no card effect, or a game without texts."""
        return None

    def hand_options(self, state: Any, player: int, card: str) -> list[dict[str, Any]]:
        return []

    def merge_news(self, seats: Sequence[Any], merged: Any) -> list[Action]:
        return []

    def knowledge_seat(self, action: Mapping[str, Any]) -> int | None:
        return None

    def knowledge_clash(self, a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
        return False

    def knowledge_unlearned(self, action: Mapping[str, Any]) -> Action:
        return dict(action)

    def seat_secret(self, header: Mapping[str, Any], actions: Sequence[Mapping[str, Any]], cards: Any,
                    seat: int) -> str | None:
        """None: a complete log holds every hidden card by contract (a recording from one seat: the placeholders
        the drafts service wrote where that seat saw nothing), and the merge never reads a seat's log where only
        the other player knows (``engine.merge.own_hidden`` takes those fields from that player's recording). A
        judge's-seat recording (no ``meta.recorded_from``) given as a seat's is refused by the merge's
        ``seat_mismatch``."""
        return None


def placements(result: Mapping[str, Any] | None, seats: int) -> list[int | None]:
    """Each seat's placement from a two-sided result: 1 the winner, 2 the others, 1 for everyone in a draw,
    None while the game goes on.

    >>> placements({"winner": 1, "reason": "gems"}, 2), placements({"winner": None, "reason": "draw"}, 2)
    ([2, 1], [1, 1])
    """
    if result is None:
        return [None] * seats
    if "placements" in result:
        return list(result["placements"])
    winner = result.get("winner")
    return [1 if winner is None or winner == s else 2 for s in range(seats)]


def seat_rows(header: Mapping[str, Any], result: Mapping[str, Any] | None,
              scores: Sequence[float | None]) -> list[dict[str, Any]]:
    """The per-seat rows of :meth:`Ruleset.seats` from the header's players, a result and each seat's score."""
    players = header.get("players") or []
    places = placements(result, len(players))
    return [{"name": str(p.get("name", f"player {i}")), "deck_name": p.get("deck_name"), "score": scores[i],
             "placement": places[i]} for i, p in enumerate(players)]


def strings_in(value: Any, out: set[str] | None = None) -> set[str]:
    """Every string anywhere in a JSON value (mapping keys left out).

    >>> sorted(strings_in({"card": "A", "pay": [{"hand": "B"}], "n": 2}))
    ['A', 'B']
    """
    out = set() if out is None else out
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, Mapping):
        for v in value.values():
            strings_in(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            strings_in(v, out)
    return out


def unverified_in(actions: Sequence[Mapping[str, Any]], trails: Sequence[Trail]) -> list[dict[str, Any]]:
    """``{index, path, card, why}`` for every unverified trail entry (one per entry, in log order)."""
    out = []
    for index, (action, trail) in enumerate(zip(actions, trails, strict=False)):
        for entry in trail.entries:
            if entry.unverified:
                out.append({"index": index, "path": str(index), "card": action.get("card"), "why": entry.message})
    return out
