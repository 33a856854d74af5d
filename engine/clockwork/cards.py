"""The ``cwm-cards`` v1 card format (clockwork-memorion.md §1): parsing and the card database.

>>> db = parse_cards({"format": "cwm-cards", "version": 1, "name": "x", "cards": [
...     {"id": "CWX 020", "name": "Cog", "type": "memorion", "genre": "potency", "word": 100}]})
>>> db.by_id["CWX 020"].word, "CWX 020" in db
(100, True)
>>> try:
...     parse_cards({"format": "cwm-cards", "version": 1, "name": "x", "cards": [
...         {"id": "CWX 020", "name": "Cog", "type": "memorion", "genre": "potency", "word": "x"}]})
... except CardFileError as err:
...     print(err)
card CWX 020 (Cog): field 'word': 'x' is not a word of genre potency
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.clockwork.words import CARD_ID, EMOTIONS, KEYWORDS, WORDS, is_int, word_ok
from engine.ruleset import CardFileProblem


class CardFileError(CardFileProblem):
    """A cwm-cards file that breaks §1."""


@dataclass(frozen=True, slots=True)
class Slot:
    genre: str
    printed: Any  # a word, or None for a printed blank
    signed: bool = False


@dataclass(frozen=True, slots=True)
class Ability:
    kind: str  # "normal", "continuous", "activated"
    slots: tuple[Slot, ...] = ()
    trigger: int | None = None
    cost_action: bool = False
    cost_counters: int = 0
    effect: tuple[dict[str, Any], ...] | None = None  # None: unscripted
    holder: str = "any"
    text: str | None = None


class Kinds:
    """A card's (one face's) abilities sorted by kind, worked out once when the file is read: ``normal`` as
    (index, ability, always active) triples, ``continuous`` as (index, ability) pairs, and whether a continuous op
    changes a summon level; ``fires``: what each event fires while no word is added; ``genres``: (ability, slot) ->
    the slot's genre."""

    __slots__ = ("continuous", "fires", "genres", "levels", "normal", "sources")

    def __init__(self, abilities: tuple[Ability, ...]) -> None:
        self.normal = tuple((i, ab, all(sl.printed is not None for sl in ab.slots))
                            for i, ab in enumerate(abilities) if ab.kind == "normal")
        #: event -> indexes of the normal abilities its printed words fire (no blank slot, no word added)
        fires: dict[str, list[int]] = {}
        for i, ab, full in self.normal:
            if full and ab.trigger is not None:
                fires.setdefault(ab.slots[ab.trigger].printed, []).append(i)
        self.fires = {ev: tuple(ix) for ev, ix in fires.items()}
        self.continuous = tuple((i, ab) for i, ab in enumerate(abilities) if ab.kind == "continuous")
        #: the same as (ability, index) pairs, as values._continuous lists a unit's continuous abilities
        self.sources: tuple[tuple[Ability, int | None], ...] = tuple((ab, i) for i, ab in self.continuous)
        self.levels = any(op["op"] == "summon_level" for _, ab in self.continuous for op in ab.effect or ())
        self.genres = {(a, s): sl.genre for a, ab in enumerate(abilities) for s, sl in enumerate(ab.slots)}


@dataclass
class CwCard:
    id: str
    name: str
    type: str
    emotion: str | None = None
    level: int = 0
    power: int = 0
    mind: int = 0
    memory: tuple[str, Any] | None = None  # (genre, word) a Successor gives from Storage
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    genre: str | None = None
    word: Any = None
    on_recall: tuple[str, tuple[dict[str, Any], ...]] | None = None  # (holder, effect)
    faces: dict[str, Any] = field(default_factory=dict)  # ruler: face -> {name, summon_level, abilities}
    deify: dict[str, int] = field(default_factory=dict)
    text: str | None = None
    continuous: bool = False  # any continuous ability (of either face): values are computed the slow way only then

    def kinds(self, face: str | None) -> Kinds:
        """Its abilities (a Ruler: of ``face``) sorted by kind; kept on the card (not a field: card facts skip it)."""
        cache = self.__dict__.setdefault("_kinds", {})
        got = cache.get(face)
        if got is None:
            got = cache[face] = Kinds(self.faces[face]["abilities"] if face is not None else self.abilities)
        return got  # type: ignore[no-any-return]

    def changes_levels(self) -> bool:
        """Whether a continuous ability of the card (any face) has a summon_level op; kept on the card."""
        got = self.__dict__.get("_levels")
        if got is None:
            abilities = [*self.abilities, *(ab for f in self.faces.values() for ab in f.get("abilities", ()))]
            got = self.__dict__["_levels"] = any(op.get("op") == "summon_level" for ab in abilities
                                                 if ab.kind == "continuous" for op in ab.effect or ())
        return got  # type: ignore[no-any-return]

    def words(self) -> frozenset[Any]:
        """Every word the card prints in a slot (any face) or gives (a Memorion's word, a Successor's memory): among
        them, every event its abilities can fire on or give a trigger slot; kept on the card."""
        got = self.__dict__.get("_words")
        if got is None:
            abilities = [*self.abilities, *(ab for f in self.faces.values() for ab in f.get("abilities", ()))]
            given = self.word_given()
            got = self.__dict__["_words"] = frozenset(
                [sl.printed for ab in abilities for sl in ab.slots if sl.printed is not None]
                + ([given[1]] if given is not None else []))
        return got  # type: ignore[no-any-return]

    def face_abilities(self, face: str) -> tuple[Ability, ...]:
        return self.faces[face]["abilities"] if self.type == "ruler" else self.abilities

    def limit_zones(self, face: str, rotated: bool) -> list[list[str]]:
        zones = [list(z) for z in self.faces[face]["zones"]]
        return zones[::-1] if rotated else zones

    def allows(self, face: str, rotated: bool, zone: int) -> tuple[str, ...]:
        """The emotions a zone allows under this Summon Limit placement."""
        zones = self.faces[face]["zones"]
        return zones[3 - zone if rotated else zone]

    def word_given(self) -> tuple[str, Any] | None:
        """The (genre, word) this card gives when recalled (a Memorion's word, a Successor's memory)."""
        if self.type == "memorion":
            return (self.genre or "", self.word)
        if self.type == "successor":
            return self.memory
        return None


class CwCardDB:
    """Cards by id (one or more cwm-cards files merged)."""

    def __init__(self, cards: Iterable[CwCard] = (), name: str = "") -> None:
        self.name = name
        self.by_id: dict[str, CwCard] = {c.id: c for c in cards}

    def get(self, card_id: str) -> CwCard:
        """The card (``KeyError`` for an unknown id)."""
        return self.by_id[card_id]

    def merge(self, other: CwCardDB) -> None:
        self.by_id.update(other.by_id)
        self.__dict__.pop("_facts", None)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def game_facts(self, card_ids: frozenset[str]) -> tuple[frozenset[str], frozenset[Any]]:
        """:meth:`level_cards` and :meth:`words_of` for the cards of one game, remembered per set of cards."""
        facts: dict[frozenset[str], tuple[frozenset[str], frozenset[Any]]] = self.__dict__.setdefault("_facts", {})
        got = facts.get(card_ids)
        if got is None:
            got = (self.level_cards(card_ids), self.words_of(card_ids))
            if len(facts) < 4096:
                facts[card_ids] = got
        return got

    def words_of(self, card_ids: Iterable[str]) -> frozenset[Any]:
        """Every word these cards (unknown ids skipped) print in a slot or give (:meth:`CwCard.words`)."""
        by_id = self.by_id
        return frozenset().union(*(by_id[c].words() for c in set(card_ids) if c in by_id))

    def level_cards(self, card_ids: Iterable[str]) -> frozenset[str]:
        """Those of these cards (unknown ids skipped) that can change a summon level (a continuous summon_level op)."""
        by_id = self.by_id
        return frozenset(c for c in set(card_ids) if c in by_id and by_id[c].changes_levels())

    def __len__(self) -> int:
        return len(self.by_id)

    def __iter__(self) -> Iterator[CwCard]:
        return iter(self.by_id.values())


# -- op templates (§8.1) ----------------------------------------------------------------------------

T_AT = ("ruler", "zone:0", "zone:1", "zone:2", "zone:3", "self", "choose", "left", "right")
#: op -> field -> (required, kind); kinds are checked by _field_ok
OP_FIELDS: dict[str, dict[str, tuple[bool, str]]] = {
    "damage": {"p": (True, "p"), "at": (True, "at"), "n": (True, "n>=0")},
    "modify": {"p": (True, "p"), "at": (True, "at"), "power": (False, "int"), "mind": (False, "int")},
    "life": {"p": (True, "p"), "n": (True, "n!=0")},
    "draw": {"p": (True, "p"), "n": (True, "n>=1")},
    "discard": {"p": (True, "p"), "card": (False, "card"), "from": (True, "from:hand,deck_top,storage"),
                "n": (False, "n>=1"), "upto": (False, "bool")},
    "put": {"p": (True, "p"), "card": (False, "card"), "from": (True, "from:hand,deck,deck_top,storage,drop"),
            "to": (True, "w:place"), "n": (False, "n>=1"), "upto": (False, "bool")},
    "counter": {"p": (True, "p"), "n": (True, "n!=0")},
    "destroy": {"p": (True, "p"), "at": (True, "at"), "memorion": (False, "card")},
    "state": {"p": (True, "p"), "at": (True, "at"), "state": (True, "w:state")},
    "grant": {"p": (True, "p"), "at": (True, "at"), "keyword": (True, "w:ability")},
    "summon_level": {"p": (True, "p"), "n": (True, "n!=0")},
    "summon": {"p": (True, "p"), "card": (True, "card"), "from": (True, "from:hand,storage,deck"), "at": (True, "at")},
}
CONTINUOUS_OPS = frozenset({"modify", "grant", "summon_level"})


def _slot_ref(v: Any) -> bool:
    return isinstance(v, Mapping) and set(v) == {"slot"} and is_int(v["slot"])


def _field_ok(kind: str, v: Any, template: bool) -> bool:
    """Whether ``v`` fits a field of ``kind`` (templates admit slot references and relative positions)."""
    if template and _slot_ref(v) and kind not in ("p", "at", "card", "bool") and not kind.startswith("from"):
        return True
    if kind == "p":
        return v in ("self", "rival") if template else is_int(v) and v in (0, 1)
    if kind == "at":
        return v in T_AT if template else v in T_AT[:5]
    if kind == "card":
        return (v == "choose" and template) or (isinstance(v, str) and CARD_ID.fullmatch(v) is not None)
    if kind == "bool":
        return isinstance(v, bool)
    if kind.startswith("from:"):
        return v in kind[5:].split(",")
    if kind.startswith("w:"):
        return word_ok(kind[2:], v)
    if not is_int(v):
        return False
    return {"int": True, "n>=0": v >= 0, "n>=1": v >= 1, "n!=0": v != 0}[kind]


def op_problem(op: Any, *, template: bool) -> str | None:
    """What makes an op malformed (a card template or a logged concrete op), or None."""
    if not isinstance(op, Mapping):
        return "an op is an object"
    name = op.get("op")
    spec = OP_FIELDS.get(name) if isinstance(name, str) else None
    if spec is None:
        return f"unknown op {name!r}"
    for key in op:
        if key != "op" and key not in spec:
            return f"{name}: unknown field {key!r}"
    for key, (required, kind) in spec.items():
        if key not in op:
            if required and not (name in ("discard", "put") and key == "card"):
                return f"{name}: missing field {key!r}"
            continue
        if not _field_ok(kind, op[key], template):
            return f"{name}: field {key!r} has a wrong value {op[key]!r}"
    if name == "modify" and "power" not in op and "mind" not in op:
        return "modify: needs power or mind"
    if name in ("put", "discard"):
        if op["from"] == "deck_top":
            if "card" in op and template:
                return f"{name}: from deck_top names no card in a template"
        elif "card" not in op:
            return f"{name}: missing field 'card'"
        elif "n" in op or "upto" in op:
            return f"{name}: n and upto only with from deck_top"
        if not template and ("n" in op or "upto" in op or "card" not in op):
            return f"{name}: a concrete op names one card and has no n or upto"
    if name == "summon" and not template and op.get("card") == "choose":
        return "summon: a concrete op names its card"
    return None


# -- the card file -----------------------------------------------------------------------------------

_COMMON = {"id", "name", "type", "text", "meta"}
_TYPE_FIELDS: dict[str, set[str]] = {
    "ruler": {"faces", "deify"},
    "successor": {"emotion", "level", "power", "mind", "memory", "traits", "keywords", "abilities"},
    "memorion": {"genre", "word"},
    "kings_memorion": {"abilities", "on_recall"},
    "summon_limit": {"faces"},
}
_REQUIRED: dict[str, set[str]] = {
    "ruler": {"faces", "deify"}, "successor": {"emotion", "level", "power", "mind", "memory"},
    "memorion": {"genre", "word"}, "kings_memorion": set(), "summon_limit": {"faces"},
}
DEIFY_KEYS = ("counters", "life_at_most", "life_at_least", "turn_at_least", "storage_at_least",
              "successors_at_least", "memorions_at_least")


class _Reader:
    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.who = f"card {raw.get('id')} ({raw.get('name')})"

    def fail(self, where: str, what: str) -> CardFileError:
        return CardFileError(f"{self.who}: field {where!r}: {what}")

    def int_at_least(self, v: Any, low: int, where: str) -> int:
        if not is_int(v) or v < low:
            raise self.fail(where, f"{v!r} must be an integer of at least {low}")
        return v

    def slot(self, v: Any, where: str) -> Slot:
        if not isinstance(v, Mapping) or not set(v) <= {"genre", "printed", "signed"} or "genre" not in v:
            raise self.fail(where, "a slot is {genre, printed, signed}")
        genre, printed, signed = v["genre"], v.get("printed"), v.get("signed", False)
        if genre not in WORDS:
            raise self.fail(where, f"unknown genre {genre!r}")
        if printed is not None and not word_ok(genre, printed):
            raise self.fail(where, f"{printed!r} is not a word of genre {genre}")
        if not isinstance(signed, bool) or (signed and WORDS[genre] is not None):
            raise self.fail(where, "signed is a boolean, only for potency and efficacy")
        return Slot(genre, printed, signed)

    def effect(self, v: Any, where: str, slots: tuple[Slot, ...], *, continuous: bool = False) -> tuple[dict[str, Any], ...]:
        if not isinstance(v, list):
            raise self.fail(where, "an effect is a list of ops")
        for j, op in enumerate(v):
            problem = op_problem(op, template=True)
            if problem is None and continuous:
                if op["op"] not in CONTINUOUS_OPS:
                    problem = f"a continuous ability has only modify, grant and summon_level, not {op['op']}"
                elif "at" in op and op["at"] not in ("self", "ruler"):
                    problem = f"a continuous op's at is self or ruler, not {op['at']!r}"
            if problem is None:
                problem = self.refs_problem(op, slots)
            if problem:
                raise self.fail(f"{where}.{j}", problem)
        return tuple(dict(op) for op in v)

    @staticmethod
    def refs_problem(op: Mapping[str, Any], slots: tuple[Slot, ...]) -> str | None:
        want = {"n": ("potency", "efficacy"), "power": ("potency", "efficacy"), "mind": ("potency", "efficacy"),
                "keyword": ("ability",), "state": ("state",), "to": ("place",)}
        for key, genres in want.items():
            v: Any = op.get(key)
            if _slot_ref(v):
                i = v["slot"]
                if not 0 <= i < len(slots):
                    return f"{op['op']}: slot {i} is out of range"
                if slots[i].genre not in genres:
                    return f"{op['op']}: slot {i} is {slots[i].genre}, not {'/'.join(genres)}"
        return None

    def ability(self, v: Any, where: str, *, king: bool) -> Ability:
        allowed = {"kind", "slots", "trigger", "cost", "effect", "text"} | ({"holder"} if king else set())
        if not isinstance(v, Mapping) or not set(v) <= allowed:
            extra = sorted(set(v) - allowed) if isinstance(v, Mapping) else []
            raise self.fail(where, f"unknown or disallowed field {extra[0]!r}" if extra else "an ability is an object")
        kind = v.get("kind")
        if kind not in ("normal", "continuous", "activated") or (king and kind == "activated"):
            raise self.fail(f"{where}.kind", f"{kind!r} is not allowed here")
        raw_slots = v.get("slots", [])
        if not isinstance(raw_slots, list):
            raise self.fail(f"{where}.slots", "slots is a list")
        slots = tuple(self.slot(s, f"{where}.slots.{i}") for i, s in enumerate(raw_slots))
        trigger: Any = v.get("trigger")
        if (kind == "normal") != ("trigger" in v):
            raise self.fail(f"{where}.trigger", "required on a normal ability and only there")
        if kind == "normal" and (not is_int(trigger) or not 0 <= trigger < len(slots) or slots[trigger].genre != "action"):
            raise self.fail(f"{where}.trigger", f"{trigger!r} is not the index of an action slot")
        cost = v.get("cost")
        if (kind == "activated") != ("cost" in v):
            raise self.fail(f"{where}.cost", "required on an activated ability and only there")
        cost_action, cost_counters = False, 0
        if cost is not None:
            if not isinstance(cost, Mapping) or not set(cost) <= {"action", "counters"} or not cost:
                raise self.fail(f"{where}.cost", "cost is {action, counters} with at least one set")
            cost_action = cost.get("action", False)
            cost_counters = cost.get("counters", 0)
            if not isinstance(cost_action, bool) or not is_int(cost_counters) or cost_counters < 0:
                raise self.fail(f"{where}.cost", "action is a boolean and counters an integer of at least 0")
            if not cost_action and cost_counters == 0:  # §1.1 "at least one of the two must be set": to a cost
                raise self.fail(f"{where}.cost", "a cost turns the card (action: true) or spends 1 or more counters; "
                                                 "a free activated ability is not a card of this ruleset")
        if kind == "continuous" and "effect" not in v:
            raise self.fail(f"{where}.effect", "a continuous ability needs an effect")
        effect = None if "effect" not in v else self.effect(v["effect"], f"{where}.effect", slots,
                                                             continuous=kind == "continuous")
        holder = v.get("holder", "any")
        if holder not in ("ruler", "successor", "any"):
            raise self.fail(f"{where}.holder", f"{holder!r} is not ruler, successor or any")
        text = v.get("text")
        if text is not None and not isinstance(text, str):
            raise self.fail(f"{where}.text", "text is a string")
        return Ability(kind, slots, trigger, cost_action, cost_counters, effect, holder, text)

    def abilities(self, v: Any, where: str, *, king: bool = False) -> tuple[Ability, ...]:
        if not isinstance(v, list):
            raise self.fail(where, "abilities is a list")
        return tuple(self.ability(a, f"{where}.{i}", king=king) for i, a in enumerate(v))


def _card(raw: Any) -> CwCard:
    if not isinstance(raw, Mapping):
        raise CardFileError("a card is a JSON object")
    r = _Reader(raw)
    cid, name, kind = raw.get("id"), raw.get("name"), raw.get("type")
    if not isinstance(cid, str) or CARD_ID.fullmatch(cid) is None:
        raise r.fail("id", f"{cid!r} is not a card id like 'CWX 001'")
    if not isinstance(name, str) or not name:
        raise r.fail("name", "a name is a non-empty string")
    if kind not in _TYPE_FIELDS:
        raise r.fail("type", f"{kind!r} is not ruler, successor, memorion, kings_memorion or summon_limit")
    for key in raw:
        if key not in _COMMON and key not in _TYPE_FIELDS[kind]:
            raise r.fail(key, f"unknown or not allowed on a {kind}")
    for key in _REQUIRED[kind]:
        if key not in raw:
            raise r.fail(key, f"required on a {kind}")
    card = CwCard(cid, name, kind, text=raw.get("text") if isinstance(raw.get("text"), str) else None)
    if kind == "successor":
        if raw["emotion"] not in EMOTIONS:
            raise r.fail("emotion", f"{raw['emotion']!r} is not one of {', '.join(EMOTIONS)}")
        card.emotion = raw["emotion"]
        card.level = r.int_at_least(raw["level"], 1, "level")
        card.power = r.int_at_least(raw["power"], 0, "power")
        card.mind = r.int_at_least(raw["mind"], 1, "mind")
        mem = raw["memory"]
        if not isinstance(mem, Mapping) or set(mem) != {"genre", "word"} or mem["genre"] not in WORDS \
                or not word_ok(mem["genre"], mem["word"]):
            raise r.fail("memory", f"{mem!r} is not a {{genre, word}} of the catalogue")
        card.memory = (mem["genre"], mem["word"])
        traits, keywords = raw.get("traits", []), raw.get("keywords", [])
        if not isinstance(traits, list) or not all(isinstance(t, str) for t in traits):
            raise r.fail("traits", "a list of strings")
        if not isinstance(keywords, list) or any(k not in KEYWORDS for k in keywords):
            raise r.fail("keywords", f"a list of {', '.join(KEYWORDS)}")
        card.traits, card.keywords = tuple(traits), tuple(k for k in KEYWORDS if k in keywords)
        card.abilities = r.abilities(raw.get("abilities", []), "abilities")
        card.continuous = any(ab.kind == "continuous" for ab in card.abilities)
    elif kind == "memorion":
        if raw["genre"] not in WORDS:
            raise r.fail("genre", f"{raw['genre']!r} is not a genre of a Memorion")
        if not word_ok(raw["genre"], raw["word"]):
            raise r.fail("word", f"{raw['word']!r} is not a word of genre {raw['genre']}")
        card.genre, card.word = raw["genre"], raw["word"]
    elif kind == "kings_memorion":
        card.genre = "aura"
        card.abilities = r.abilities(raw.get("abilities", []), "abilities", king=True)
        rec = raw.get("on_recall")
        if rec is not None:
            if not isinstance(rec, Mapping) or not set(rec) <= {"holder", "effect", "text"} or "effect" not in rec:
                raise r.fail("on_recall", "on_recall is {holder, effect, text}")
            holder = rec.get("holder", "any")
            if holder not in ("ruler", "successor", "any"):
                raise r.fail("on_recall.holder", f"{holder!r} is not ruler, successor or any")
            card.on_recall = (holder, r.effect(rec["effect"], "on_recall.effect", ()))
    elif kind == "ruler":
        faces = raw["faces"]
        if not isinstance(faces, Mapping) or set(faces) != {"normal", "deified"}:
            raise r.fail("faces", "a Ruler has the faces normal and deified")
        for face, f in faces.items():
            if not isinstance(f, Mapping) or set(f) != {"name", "summon_level", "abilities"} \
                    or not isinstance(f["name"], str):
                raise r.fail(f"faces.{face}", "a face is {name, summon_level, abilities}")
            card.faces[face] = {"name": f["name"], "summon_level": r.int_at_least(f["summon_level"], 0, f"faces.{face}.summon_level"),
                                "abilities": r.abilities(f["abilities"], f"faces.{face}.abilities")}
        deify = raw["deify"]
        if not isinstance(deify, Mapping) or any(k not in DEIFY_KEYS for k in deify):
            raise r.fail("deify", f"a condition has only the keys {', '.join(DEIFY_KEYS)}")
        card.deify = {k: r.int_at_least(v, 0, f"deify.{k}") for k, v in deify.items()}
        card.continuous = any(ab.kind == "continuous" for f in card.faces.values() for ab in f["abilities"])
    else:  # summon_limit
        faces = raw["faces"]
        if not isinstance(faces, Mapping) or set(faces) != {"a", "b"}:
            raise r.fail("faces", "a Summon Limit card has the faces a and b")
        for face, f in faces.items():
            zones = f.get("zones") if isinstance(f, Mapping) else None
            if not isinstance(f, Mapping) or set(f) != {"name", "zones"} or not isinstance(f["name"], str) \
                    or not isinstance(zones, list) or len(zones) != 4 \
                    or any(not isinstance(z, list) or not 1 <= len(z) <= 4 or len(set(z)) != len(z)
                           or any(e not in EMOTIONS for e in z) for z in zones):
                raise r.fail(f"faces.{face}", "a face is {name, zones: four lists of 1-4 distinct emotions}")
            card.faces[face] = {"name": f["name"], "zones": tuple(tuple(z) for z in zones)}
    return card


def parse_cards(doc: Any) -> CwCardDB:
    """Validate a cwm-cards v1 document and build its database (:class:`CardFileError` names card and field)."""
    if not isinstance(doc, Mapping):
        raise CardFileError("a cwm-cards file is a JSON object")
    for key in doc:
        if key not in ("format", "version", "name", "cards", "meta"):
            raise CardFileError(f"unknown top-level field {key!r}")
    if doc.get("format") != "cwm-cards" or doc.get("version") != 1:
        raise CardFileError("format must be 'cwm-cards' and version 1")
    if not isinstance(doc.get("name"), str):
        raise CardFileError("the file's name is a required string")
    if not isinstance(doc.get("cards"), list):
        raise CardFileError("cards is a list")
    db = CwCardDB(name=doc["name"])
    for raw in doc["cards"]:
        card = _card(raw)
        if card.id in db.by_id:
            raise CardFileError(f"card {card.id} ({card.name}): field 'id': duplicate id")
        db.by_id[card.id] = card
    return db
