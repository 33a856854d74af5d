"""Hand-written effect scripts of the MHK set (facts and scripts only: no card text).

``SCRIPTS[card id]`` lists, in the order of the card's ``effects`` in fixtures/cards/mhk.json, the
extra fields of each effect entry (``do``, ``targets``, ``trigger``, ``optional``, ``condition``;
``why`` when a part cannot be scripted yet); ``"backup"`` holds the [Backup] entry's. Steps and
specs: docs/log-extensions.md. tools/pm/make_mhk_facts.py merges them into mhk.json.

Readings decided where the text leaves room (the Japanese text governs; rule book 001):
- 01-002: the player of 01-002 draws when the opponent discards two; the opponent may discard two or none.
- 01-017 / P-004: the card put into the Point Zone goes face up. P-004's swap (置き換える) is an ``exchange``, as the
  compiler reads it: the hand card goes into the Point Zone and a card that was there before comes to the hand, so
  the card just taken cannot go straight back.
- 01-034 / 01-106 / P-007 / P-009 / 01-065: "場に出す" puts the card onto the area the log names (else the Main
  Area for a Chara with AP/DP); a Chara removed and put back returns to the area it left.
- 01-037 / 01-045 / 01-048 / 01-088: "in the same turn ... N or more" fires once, when the count is reached;
  own Charas of that name count, the effect's own Chara included (01-048: distinct cards).
- 01-046: "this card and an opponent's Chara leave" while it approaches or interferes: an opposing participant leaves
  by the same Elimination Judgement (``opponent_leaves_too``).
- 01-051: "when one of your 千葉 エリカ leaves, draw" hears every own 千葉 エリカ leaving, this card included
  (``any_leave``, as the compiler reads it; lead's decision, session 8): its trigger is then logged ``from`` its new
  zone. 01-081 / 01-097: "when this card leaves" (``leave``).
- 01-062 / 01-058: "red cards played this turn" counts the player's own plays (printed colors, plus P-008's red):
  01-062's プレイしている has no subject, and a text's unnamed actor is its player (rule book 000, 《条件》
  "Requirement": unless stated, it is the player); 01-085's passive プレイされている names no actor: both count.
- 01-085: the sum is of the printed usage costs of the named cards played this turn by either player.
- 01-119: the target's texts are barred during the next turn only (a ``{"no_text_from": turn}`` grant).
- P-007: "may be summoned in the own Approach Phase" is read as free entry in the own turn.
- P-008: the cards of its player in the hand, the deck and on the own field (Main and Support Area) count as red
  too, as the text names them (手札とデッキと自分の場); Point Zone, discard, EX deck and removed cards keep their color
  (``also_color`` with ``zones``): a payment matches by red only through hand cards (and the card played from the
  hand).
- 01-014 / 01-020 / 01-087 / 01-092 / 01-096 / ST-020: "when this card enters, at the turn end ..." sets up a delayed
  effect on entering (it stays even if the card leaves); where the delayed part is optional, so is setting it up.
- 01-092: "with 3 or more of your Charas in the Support Area" counts the others, when it enters.
- 01-053: the 2 Charas are chosen as targets (the second may be left out only when only one 魔法師 is on the
  Area); their usage cost on the Area is +2 (a ``{"cost": 2}`` grant).
- Targets: "N枚" takes N when N are there. A target spec marked ``optional`` may be left out only when no Chara
  could be it when the step using it runs (01-017's -20/-20 once 「司波 達也」 was placed, 01-053's second 魔法師,
  01-086's two Charas, 01-001's mode targets); ``up_to`` marks the ones the text lets the player leave out
  (まで: 01-014's Backup, 01-076; 01-116's できる part after 〔ブレイク〕).
- 01-035 / 01-080 / 01-101: "2枚を…加えることができる": the effect as a whole is optional (できる); used, it takes 2
  when the EX deck holds 2 of that name (without まで, as 01-107 etc.), else the one there is.
- 01-008 / 01-009 / 01-020 / 01-021 / 01-054 / 01-070 / 01-090 / 01-100: "move this card (to the hand, the deck bottom,
  the discard). その場合 ..." runs the second part only when the card left (a ``then`` of the move, as 01-049): a card
  kept on the Area (退場しない) gives nothing (reader h26read).
- 01-005: its [Decline] use answers only the opponent's Event being played or an opponent Chara's 使用型 text (the two
  the text names; an ``answers`` condition as 01-110 / 01-122).
- 01-123: "2枚を表向きにすることができる" (できる, no まで) as 01-035: the flip may be left out; done, it turns 2 (the one
  there when only one is face down).
- 01-093 / SZ2 01-088: その場合: the 退場しない grant needs the move to the deck bottom done.
- 退場しない (``not_eliminated``) keeps the Chara on the Area against every move off it (the reading of 退場 below):
  an effect's move to the discard, the hand, the deck or out of the game does not happen (the effect does the rest),
  the Elimination Judgement leaves it, and it cannot be the Chara a summon to a full Main Area replaces. None of
  01-048, 01-050, 01-072, 01-081, 01-093, 01-127 limits it to one cause.
- 01-051: "remove 2 ... if so draw": the draw needs both removed.
- 01-102: その場合: the two Point Zone cards turn face up only when the -20/-20 was given (no opponent's Chara to
  give it to, or it left before the effect resolved: nothing).
- 01-019: "AP or DP 0" is read off the leaving opponent's Chara as it last stood on the Area (its modifiers counted):
  the trigger fires while it is still there.
- 01-049: the 千葉 エリカ that gets 〔アクティブ〕 +10/±0 is chosen on use (000 Effect Activation Process ③), before this
  card goes back to the hand: another one, or this card itself (the text does not exclude it; the grant then finds it
  gone: session-7 decision, tests/effects/test_read_session7.py); the grant and the +10 need the return (その場合).
- 01-107 / 01-059 / 01-061 / 01-108 / 01-115 / P-010: without まで, N fitting cards are taken when the cards looked
  at hold N (as many as fit otherwise: P-010 finds nothing only when the deck holds no such Chara); with まで
  (01-003, 01-006) up to N.
- ST-006: in the hand during a turn in which either player played an event card, it costs 2 less and may be summoned
  outside its player's Main Phase (a free-entry window); tested with a legal and two refused summons.
- Searches, looks and EX deck fetches whose text says 表にしてから show the cards taken (``reveal``: named in every
  player view); P-008's search says nothing of it: the card taken stays hidden from the opponent.
- 01-125 / 01-126 / 01-033: その場合 strictly (as 01-102, 01-049): 01-125 may put a Chara from the hand only after
  moving one, and its "same name" is read off the moved card as it was (last-known); 01-126 copies only when it
  rested the Chara; 01-033 may flip only when it returned at least one card (the shuffle is done either way).
- 01-019 / 01-015 / 01-016: "AP or DP 0" needs a Chara with AP/DP: a "-/-" Chara has no value (01-024 and 01-076
  say AP/DPの値を持つ when they mean those), so it is neither 0 nor at least N (``zero_stat``, ``min_stat``).
- 01-034 / SAGA 01-027 (compiled): アプローチで退場 is leaving by the Elimination Judgement of an approach in which the
  card approached or interfered (01-057 and ST-001 say このカードのアプローチ when they mean its own; the rule book's
  退場判定 takes either side, 001 "exit judgment"); an effect that moves it off the Area during the approach is not it
  (``left_by_approach``, engine/pm/conditions.py: the one reading, which the compiler writes too). 01-034's return is
  mandatory: its first sentence ends in 出す, only the alternative (または、手札から…出すことができる) is できる; so the
  trigger must be logged and choose one of the two (the alternative takes a Chara of its names from the hand).
- 01-091: "the AP/DP modifiers the opponent's Chara has gained" are all of them: by effects, by its own printed
  text (ST-010's +20/+20 says 得る too) and coins; a level's +10/+10 is not one, nor is a value set by 01-018/01-027
  (変更: the change it made is marked with a ``set_change`` grant and left out).
- 01-109: "this turn, all the opponent's Charas with cost 1 or less" are those on the Area when it resolves, as with
  every 全てのキャラ effect (rule book 000, "Card Appointment": a Chara a text names is one on the Area); one
  that enters later is not bound.
- 01-012 / 01-013 / ST-028 / ST-029 / 01-015 / 01-008: "N Charas" are the effect's targets, all N needed: the cards
  a text specifies are its 対象 and must be chosen when it is used (001, 「対象」), and an effect of which a part
  cannot be done is not used at all (000 P16-17, use steps ③ and ※); with one such Chara it cannot be used.
- 退場 (leave) is any move off the Area, not only an elimination (001 names the Elimination Judgement 退場判定; it
  does not define leaving as only that): the ``leave`` triggers fire on a return to hand, the deck bottom or a
  discard by an effect as well (decided by the project lead).
- 登場 (enter) includes Charas put onto the field by effects (001: Charas that come into play by card effects come
  into play active): the ``enter`` triggers fire for them too (decided by the project lead).
- A part of an effect that cannot be done when it resolves is left out and the rest resolves (rule book 001, the
  passage on use-type and persistent texts: a part that cannot be applied does not stop the others; issue 20): a
  Chara kept by 退場しない is not moved, a card that cannot enter the Area (already there, purple, no room in a full
  Main Area with no Chara named to give up) is not put there (場に出す then takes the Support Area). Targets are
  still checked when the effect is declared (000 P16, step ③).
- 01-094 / 01-117: a Support Area Chara moved (移す) to a full Main Area is no part that cannot be done: its owner
  discards one of the five first, then it moves (rule book 000 "Regarding Chara Movement"; 001 the same), the log
  naming that Chara (the move op's ``replace`` or a ``choices`` entry; engine/pm/script.py ``_given_up``).
- 01-004 (SSSS 01-093 compiled the same): 「このターン、相手の手札にある全てのキャラは、使用コスト+2を得る」 binds the
  cards in the hand when it resolves, as 01-109 binds the Charas on the Area: 得る puts the change on the cards the
  text names then (rule book 001's glossary: a gain adds a modification to the specified card), and a card that
  reaches the hand later was not among them (engine/pm/ops.py ``_cost_held``).
- "Your Charas" (自分のキャラ) are those in the Main and the Support Area (rule book 001, "place"), unless the text
  names an area.
"""

from __future__ import annotations

from typing import Any

SER = "劇場版 魔法科高校の劣等生 星を呼ぶ少女"
MAHO = {"property": "魔法師"}
OPP, OWN = {"side": "opponent"}, {"side": "self"}
TATSUYA, MIYUKI, LINA, ERIKA, MIZUKI, HONOKA, SHIZUKU, LEO, MIKIHIKO, KUA = (
    "司波 達也", "司波 深雪", "アンジェリーナ=クドウ=シールズ", "千葉 エリカ", "柴田 美月", "光井 ほのか", "北山 雫",
    "西城 レオンハルト", "吉田 幹比古", "九亜")
E = dict[str, Any]


def mod(ap: int, dp: int, target: Any = "target", until: str = "turn_end", **kw: Any) -> E:
    return {"op": "modify", "target": target, "ap": ap, "dp": dp, "until": until, **kw}


def draw(n: int = 1, **kw: Any) -> E:
    return {"op": "draw", "who": "self", "n": n, **kw}


def pick(src: str, dst: str, n: int = 1, f: E | None = None, **kw: Any) -> E:
    return {"op": "pick", "from": src, "to": dst, "n": n, "filter": f or {}, **kw}


def ex_fetch(f: E, n: int = 1, **kw: Any) -> E:
    """From the EX deck to the hand, shown to both players (every MHK text says 表にしてから)."""
    return pick("ex_deck", "hand", n, f, reveal=True, **kw)


def look(k: int, n: int, f: E, up_to: bool = False, **kw: Any) -> E:
    """Look at the top ``k``, take ``n`` fitting (``up_to``: Nまで) shown to both players (表にしてから), the rest to
    the bottom."""
    return pick("deck", "hand", n, f, look=k, **({"up_to": True} if up_to else {}), rest_to="deck_bottom", reveal=True, **kw)


def recycle(n: int, f: E) -> list[E]:
    """Up to ``n`` cards of the discard back into the deck, then shuffle."""
    return [pick("discard", "deck", n, f, up_to=True), {"op": "shuffle", "who": "self"}]


def next_cost(n: int, f: E, **kw: Any) -> E:
    return {"op": "cost", "who": "self", "next": True, "n": n, "filter": f, **kw}


def rest(target: Any = "target", **kw: Any) -> E:
    return {"op": "rest", "target": target, **kw}


def act(target: Any = "target") -> E:
    return {"op": "activate", "target": target}


def grant(what: Any, target: Any = "target", until: str = "turn_end", **kw: Any) -> E:
    return {"op": "grant", "target": target, "what": what, "until": until, **kw}


def to(zone: str, target: Any = "self", **kw: Any) -> E:
    return {"op": "move", "target": target, "to": zone, **kw}


def delay(on: str, subject: Any = None, **kw: Any) -> E:
    """A delayed effect: ``do`` (or the card's automatic effect ``auto``) when ``on`` happens (to ``subject``)."""
    return {"op": "delay", "on": on, **({"subject": subject} if subject is not None else {}), **kw}


def source_plus(name: str) -> E:
    """Gives 1 more source when paid for a card named ``name``."""
    return static([{"op": "source", "n": 1, "for": {"name": name}}])


def no_interf(spec: E, target: Any = "self", **kw: Any) -> E:
    """Cannot be interfered by Charas fitting ``spec`` (seen from the approaching Chara's owner)."""
    return grant({"not_interfered_by": spec}, target, **kw)


def back_in(target: str) -> list[E]:
    """Remove a Chara from the game, then put that card onto the field (場に出す): the area its player chooses, by
    default the one it was in (docs/compiler.md, decisions)."""
    return [to("removed", target, then=[pick("removed", "same_area", 1, {}, same_card="picked")])]


def history(event: str, f: E, **kw: Any) -> E:
    return {"event": event, "filter": f, **kw}


def flip(n: int, **kw: Any) -> E:
    return {"op": "flip", "who": "self", "face": "up", "n": n, **kw}


def auto(trigger: str, do: list[E], targets: list[E] | None = None, **kw: Any) -> E:
    return {"trigger": trigger, "do": do, "targets": targets or [], **kw}


def act_eff(do: list[E], targets: list[E] | None = None, **kw: Any) -> E:
    return {"do": do, "targets": targets or [], **kw}


def static(do: list[E], **kw: Any) -> E:
    return {"do": do, **kw}


def why(reason: str, **kw: Any) -> E:
    return {"why": reason, **kw}


CHARA = {"type": "chara"}
HAS_TATSUYA = {"has_name": TATSUYA}
OWN_TURN = {"own_turn": True}
SELF_MOD_20 = static([mod(20, 20, "self")], condition=HAS_TATSUYA)
RECYCLE_SER = auto("enter", recycle(7, {"type": "chara", "series": SER}))
COMBO_FETCH = auto("enter", [ex_fetch({}, 2, same_name="self")], optional=True)
BLUE_GREEN_3 = {"count": {"spec": {**OWN, "color": ["blue", "green"], "not_self": True}, "at_least": 3}}
PLAYED_RED = {"count": {"history": history("play", {"color": "red"})}}

SCRIPTS: dict[str, dict[str, Any]] = {
    "MHK 01-001": {"effects": [auto("interfered", [{"op": "choose", "n": 2, "modes": [
        [to("removed", "target:0")], [mod(-20, -20, "all_opponent")], [rest("target:1")]]}],
        targets=[{**OPP, "interfering": True, "optional": True}, {"optional": True, "distinct": False}])]},
    "MHK 01-002": {"effects": [auto("enter", [pick("hand", "discard", 2, who="opponent", up_to=True, all_or_none=True,
                                                   then=[draw()], **{"else": [{"op": "judge", "target": "target"}]})],
                                    targets=[{**OPP, "area": "main"}])]},
    "MHK 01-003": {"effects": [auto("enter", [look(5, 2, {**CHARA, **MAHO}, up_to=True)]),
                               auto("other_gave_point", [to("deck_bottom", then=[draw(2)])], condition={"subject": OWN})]},
    "MHK 01-004": {"effects": [auto("enter|interfered", [{"op": "cost", "who": "opponent", "n": 2, "filter": CHARA}]),
                               act_eff([mod(30, 30, "self")], condition={"count": {"spec": {**OWN, "name": MIYUKI}, "at_least": 3}})]},
    "MHK 01-005": {"effects": [static([mod(10, 10, "self", per={"charas": {**OWN, "name": MIYUKI}})], condition=OWN_TURN),
                               act_eff([to("discard", then=[{"op": "disable"}], **{"if": {"in_area": "main"}})],
                                       condition={"any_of": [{"answers": {"type": "play_event", "side": "opponent"}}, {
                                           "answers": {"type": "use_effect", "side": "opponent", "filter": CHARA}}]})]},
    "MHK 01-006": {"effects": [auto("enter", [pick("hand", "discard", 1, {**CHARA, **MAHO}, up_to=True, then=[
        pick("deck", "hand", 2, CHARA, look=5, up_to=True, same_name="picked", reveal=True), {"op": "shuffle", "who": "self"}])],
                                    optional=True)]},
    "MHK 01-007": {"effects": [auto("enter", [next_cost(-3, {**CHARA, **MAHO})]),
                               act_eff([delay("gave_point", {**OWN, "same_name": "target"}, do=[to("hand")])],
                                       targets=[{**OWN, **MAHO}])]},
    "MHK 01-008": {"effects": [source_plus(TATSUYA), act_eff([to("hand", then=[act()])], targets=[{**OWN, "name": MIYUKI}])]},
    "MHK 01-009": {"effects": [auto("enter", [ex_fetch(CHARA, same_name="target")], targets=[{**OWN, **MAHO}]),
                               act_eff([to("deck_bottom", then=[mod(20, 20)])], targets=[OWN])]},
    "MHK 01-010": {"effects": [static([grant("active", "self"), mod(20, 20, "self")],
                                      condition={"count": {"spec": {**OWN, "color": ["yellow", "red"]}, "at_least": 3}}),
                               auto("enter", [next_cost(-3, {**CHARA, **MAHO, "color": ["yellow", "red"]})])]},
    "MHK 01-011": {"effects": [auto("turn_end", [act("self"), mod(20, 20, "self", static=True)], condition=BLUE_GREEN_3),
                               auto("enter", [next_cost(-3, {**CHARA, **MAHO, "color": ["blue", "green"]})])]},
    "MHK 01-012": {"effects": [act_eff([mod(20, 20, "target:0"), mod(20, 20, "target:1")],
                                       targets=[{**OWN, "color": ["yellow", "red"]}] * 2),
                               act_eff([act()], targets=[{**OWN, "color": ["yellow", "red"]}])]},
    "MHK 01-013": {"effects": [act_eff([mod(20, 20, "target:0"), mod(20, 20, "target:1")],
                                       targets=[{**OWN, "color": ["blue", "green"]}] * 2),
                               act_eff([act()], targets=[{**OWN, "color": ["blue", "green"]}])]},
    "MHK 01-014": {"effects": [auto("enter", [delay("turn_end", do=[act()], targets=[OWN], optional=True)], optional=True)],
                   "backup": act_eff([act("target:0"), act("target:1"), act("target:2")],
                                     targets=[{**OWN, "optional": True, "up_to": True}] * 3,
                                     condition={"count": {"spec": {**OWN, "name": TATSUYA, "interfering": True}}})},
    "MHK 01-015": {"effects": [auto("enter", [mod(-20, -20, "all_opponent")]),
                               act_eff([grant({"cannot_interfere_with": {"color": "blue"}}, "target:0"),
                                        grant({"cannot_interfere_with": {"color": "blue"}}, "target:1")],
                                       targets=[{**OPP, "zero_stat": True}] * 2)]},
    "MHK 01-016": {"effects": [static([no_interf({**OPP, "zero_stat": True})]),
                               act_eff([rest("target:0", then=[mod(-20, -20, "target:1")])], targets=[OPP, {**OPP, "distinct": False}])]},
    "MHK 01-017": {"effects": [auto("approach", [pick("point", "hand", 1, CHARA), pick("hand", "point", 1, face="up", then=[
        {"op": "if", "cond": {"picked": {"name": TATSUYA}}, "do": [mod(-20, -20)]}])], targets=[{**OPP, "optional": True}])]},
    "MHK 01-018": {"effects": [auto("enter", [mod(0, 0, set={"ap": 0, "dp": 0})], targets=[OPP]),
                               auto("approach", [mod(-30, -30)], targets=[OPP])]},
    "MHK 01-019": {"effects": [auto("other_leave", [draw()], condition={"subject": {**OPP, "zero_stat": True}}),
                               act_eff([mod(20, 0, {"all": {**OWN, "property": "水着"}})])]},
    "MHK 01-020": {"effects": [auto("enter", [delay("turn_end", do=[act({"all": {**OWN, "name": TATSUYA}})], optional=True)],
                                    optional=True),
                               act_eff([to("discard", then=[mod(-20, -20)])], targets=[OPP])]},
    "MHK 01-021": {"effects": [source_plus(MIYUKI), act_eff([to("hand", then=[mod(10, 10)])], targets=[{**OWN, "name": TATSUYA}])]},
    "MHK 01-022": {"effects": [auto("approach", [mod(0, -40)], targets=[OPP])]},
    "MHK 01-023": {"effects": [auto("enter", [mod(-30, -30, "target:0"), mod(-30, -30, "target:1")], targets=[OPP, OPP])]},
    "MHK 01-024": {"effects": [auto("enter", [to("discard", "target")], optional=True,
                                    targets=[{"any_of": [{**OPP, "max_cost": 1}, {"area": "support", "has_stats": True}]}])]},
    "MHK 01-025": {"effects": [act_eff([rest()], targets=[OPP], condition={"approaching": True})]},
    "MHK 01-026": {"effects": [auto("enter", [rest()], targets=[{**OPP, "max_cost": 1}], optional=True)]},
    "MHK 01-027": {"effects": [auto("enter", [{"op": "choose", "n": 1, "modes": [[mod(0, 0, set={"ap": 0})],
                                                                              [mod(0, 0, set={"dp": 0})]]}], targets=[OPP])],
                   "backup": static([mod(-40, -40)], targets=[OPP],
                                    condition={"count": {"spec": {**OWN, **MAHO, "approaching": True}, "at_least": 1}})},
    "MHK 01-028": {"effects": [static([grant("free_entry", "self")], condition={"played_at_least": 2}),
                               auto("enter", [to("hand", "target")], targets=[{**OPP, "rested": True}],
                                    condition={"phase": "main"}),
                               auto("enter", [grant("cannot_approach"), grant("cannot_interfere")], targets=[{}],
                                    condition={"phase": "approach"})]},
    "MHK 01-029": {"effects": [source_plus(LINA), auto("other_enter", [draw()], condition={"subject": {**OWN, "name": LINA}})]},
    "MHK 01-030": {"effects": [auto("enter", [ex_fetch({**CHARA, "color": "blue"})]),
                               auto("any_eliminated_opponent", [mod(-20, -20, until="next_turn_end")], targets=[OPP],
                                    condition={"subject": {**OWN, "name": LINA}})]},
    "MHK 01-031": {"effects": [static([mod(20, 0, "self")], condition=OWN_TURN),
                               auto("gave_point", [to("deck_bottom", "target")], targets=[{**OPP, "area": "support"}], optional=True)]},
    "MHK 01-032": {"effects": [auto("enter", [{"op": "choose", "n": 1, "modes": [
        [draw(2), pick("hand", "discard", 1)], [ex_fetch({**CHARA, **MAHO}, up_to=True)]]}])]},
    "MHK 01-033": {"effects": [auto("enter", [*recycle(12, CHARA),
                                              {"op": "if", "cond": {"picked": {}}, "do": [flip(2, up_to=True)]}])]},
    "MHK 01-034": {"effects": [auto("gave_point", [draw()]),
                               auto("leave", [{"op": "choose", "n": 1, "modes": [
                                   [pick("discard", "area", 1, {}, this_card=True, rested=True)],
                                   [pick("hand", "area", 1, {**CHARA, "name": [TATSUYA, MIYUKI]})]]}],
                                    condition={"left_by_approach": True})]},
    "MHK 01-035": {"effects": [COMBO_FETCH]},
    "MHK 01-036": {"effects": [static([{"op": "cost", "n": -1, "per": {"charas": OWN, "each": 2}}]),
                               static([mod(10, 10, "self", per={"charas": OWN, "each": 3})], condition=OWN_TURN)]},
    "MHK 01-037": {"effects": [auto("any_approach", [draw()], condition={
        "subject": {**OWN, "name": [TATSUYA, MIYUKI]}, "first_time": True,
        "all_of": [{"history": history("approach", {"name": TATSUYA})}, {"history": history("approach", {"name": MIYUKI})}]}),
                               act_eff([mod(10, 10, per={"hand": "self"})], targets=[{**OWN, **MAHO}])]},
    "MHK 01-038": {"effects": [auto("enter", [next_cost(-2, {"name": MIYUKI}), next_cost(-2, {"name": TATSUYA})])]},
    "MHK 01-039": {"effects": [auto("opp_event", [mod(-20, -20)], targets=[OPP]),
                               auto("other_enter", [draw()], condition={"own_turn": True, "subject": OPP})]},
    "MHK 01-043": {"effects": [RECYCLE_SER]},
    "MHK 01-045": {"effects": [auto("turn_end", [act({"all": {**OWN, "name": ERIKA}}),
                                                 no_interf({**OPP, "source": 0}, {"all": {**OWN, "name": ERIKA}}, static=True)]),
                               auto("any_approach", [{"op": "put_point", "who": "opponent", "n": 1}], condition={
                                   "subject": {**OWN, "name": ERIKA}, "history": history("approach", {"name": ERIKA}, exactly=6)})]},
    "MHK 01-046": {"effects": [static([grant("free_entry", "self")]),
                               auto("leave", [pick("discard", "hand", 1, {}, this_card=True)], optional=True,
                                    condition={"any_of": [{"approaching": True}, {"interfering": True}],
                                               "opponent_leaves_too": True})]},
    "MHK 01-047": {"effects": [auto("enter", [pick("hand", "area", 1, {"name": ERIKA, "combo": False}, up_to=True)], optional=True),
                               act_eff([rest("target:0", then=[mod(40, 40, "target:1")])],
                                       targets=[{**OWN, "name": ERIKA}, {**OWN, "name": ERIKA, "distinct": False}])]},
    "MHK 01-048": {"effects": [auto("any_approach", [mod(20, 20, "self")], condition={"subject": OWN}),
                               auto("any_approach", [grant("not_eliminated")], targets=[OWN], condition={
                                   "subject": {**OWN, "name": ERIKA},
                                   "history": history("approach", {"name": ERIKA}, distinct=True, exactly=3)})]},
    "MHK 01-049": {"effects": [source_plus(ERIKA), act_eff([to("hand", then=[grant("active"), mod(10, 0)])],
                                                          targets=[{**OWN, "name": ERIKA}])]},
    "MHK 01-050": {"effects": [auto("enter", [grant("not_eliminated")], targets=[{**OWN, "name": ERIKA}])]},
    "MHK 01-051": {"effects": [auto("any_leave", [draw()], condition={"subject": {**OWN, "name": ERIKA}}),
                               act_eff([pick("discard", "removed", 2, {"name": ERIKA}, then=[draw()], then_if_all=True)])]},
    "MHK 01-053": {"effects": [auto("enter", [grant({"cost": 2}, "target:0", until="next_turn_end"),
                                               grant({"cost": 2}, "target:1", until="next_turn_end")],
                                    targets=[{**OWN, **MAHO}, {**OWN, **MAHO, "optional": True}])],
                   "backup": static([to("discard", "target")], targets=[{**OPP, "interfering": True, "max_cost": 2}],
                                    condition={"count": {"spec": {**OWN, "name": ERIKA, "approaching": True}, "at_least": 1}})},
    "MHK 01-054": {"effects": [auto("enter", [ex_fetch({**CHARA, **MAHO})]), act_eff([to("deck_bottom", then=[flip(1)])])]},
    "MHK 01-055": {"effects": [RECYCLE_SER]},
    "MHK 01-056": {"effects": [static([mod(20, 20, "self")], condition=OWN_TURN),
                               auto("any_rested", [mod(-10, -10)], targets=[OPP], condition={"own_turn": True, "subject": OWN})]},
    "MHK 01-057": {"effects": [auto("eliminated_opponent", [rest()], targets=[{**OPP, "max_cost": 2}], optional=True)]},
    "MHK 01-058": {"effects": [auto("interfered", [pick("hand", "area", 1, {**CHARA, **MAHO, "color": "red"}, up_to=True)],
                                    optional=True),
                               act_eff([no_interf({**OPP, "max_cost": PLAYED_RED})])]},
    "MHK 01-059": {"effects": [act_eff([look(5, 1, {**CHARA, "color": "red"})],
                                       condition={"any_of": [{"approaching": True}, {"interfering": True}]}),
                               ]},
    "MHK 01-060": {"effects": [auto("interfered", [mod(0, 30, "self"), act()], targets=[{**OWN, "name": MIZUKI}]),
                               act_eff([ex_fetch({"name": MIZUKI}, up_to=True)],
                                       condition={"count": {"spec": {**OWN, "name": MIZUKI, "interfered": True}}})]},
    "MHK 01-061": {"effects": [auto("enter|point_by_approach", [look(7, 1, {"type": "event", "series": SER})])]},
    "MHK 01-062": {"effects": [auto("other_gave_point", [draw()], condition={"subject": {**OWN, "name": MIZUKI}}),
                               act_eff([mod(10, 10, per=PLAYED_RED["count"])], targets=[{**OWN, "name": MIZUKI}])]},
    "MHK 01-063": {"effects": [source_plus(MIZUKI), auto("enter", [{"op": "look_hand", "who": "opponent"}]),  # no change in play
                               act_eff([to("hand")])]},
    "MHK 01-064": {"effects": [act_eff([pick("deck", "deck_bottom", 1, look=1, up_to=True)])],
                   "backup": static([mod(30, 30)], targets=[{**OWN, **MAHO}],
                                    condition={"count": {"spec": {**OWN, **MAHO, "approaching": True}, "at_least": 1}})},
    "MHK 01-065": {"effects": [auto("eliminated_opponent", [grant("cannot_interfere")],
                                    targets=[{**OPP, "name_of_eliminated": True}]),
                               act_eff([*back_in("self"), {"op": "forbid", "who": "self", "what": "text",
                                                            "filter": {"name": HONOKA}}], condition={"approaching": True})]},
    "MHK 01-066": {"effects": [static([mod(40, 40, "self")], condition={"has_name": SHIZUKU}),
                               auto("approach", [act(), grant("approach_again")], targets=[{**OWN, "name": HONOKA}])]},
    "MHK 01-067": {"effects": [auto("paid_for_text", [pick("discard", "area", 1, this_card=True)], optional=True,
                                    condition={"subject": {**OWN, "name": [HONOKA, SHIZUKU]}}),
                               auto("enter", [mod(20, 20)], targets=[OWN])]},
    "MHK 01-068": {"effects": [auto("any_gave_point", [draw()], condition={"subject": {**OWN, "name": [HONOKA, SHIZUKU]}}),
                               auto("enter", [next_cost(-5, {"name": SHIZUKU})])]},
    "MHK 01-069": {"effects": [auto("enter", [ex_fetch({"name": [HONOKA, SHIZUKU]})])]},
    "MHK 01-070": {"effects": [source_plus(HONOKA), act_eff([to("hand", then=[mod(10, 0, "all_own")])])]},
    "MHK 01-071": {"effects": [static([grant("free_entry", "self")]),
                               auto("enter", [grant("cannot_interfere")], targets=[{**OPP, "min_stat": 100}])]},
    "MHK 01-072": {"effects": [auto("enter", [grant("not_eliminated", then=[
        delay("turn_end", do=[to("main")], optional=True)])], targets=[OWN],
                                    condition={"entered_by": {"type": "chara", "color": "red"}})],
                   "backup": static([grant("active")], targets=[{**OWN, "color": "red"}],
                                    condition={"count": {"spec": {**OWN, **MAHO, "approaching": True, "interfered": True},
                                                         "at_least": 1}})},
    "MHK 01-073": {"effects": [auto("any_gave_point", [mod(50, 50, "self"), no_interf({**OPP, "entered_this_turn": True})],
                                    condition={"subject": {**OWN, "color": "red"}})]},
    "MHK 01-074": {"effects": [auto("enter", [next_cost(-3, {**CHARA, "color": "red"})])]},
    "MHK 01-075": {"effects": [source_plus(MIKIHIKO), act_eff([grant("cannot_interfere", {"all": {**OPP, "entered_this_turn": True}})])]},
    "MHK 01-076": {"effects": [auto("enter", [to("discard", "target:0"), to("discard", "target:1")], optional=True,
                                    targets=[{**OPP, "area": "support", "has_stats": True, "optional": True, "up_to": True}] * 2)]},
    "MHK 01-078": {"effects": [RECYCLE_SER]},
    "MHK 01-079": {"effects": [auto("enter", [to("main", "target")], targets=[{**OWN, "area": "support", "has_stats": True}],
                                    optional=True)]},
    "MHK 01-080": {"effects": [COMBO_FETCH]},
    "MHK 01-081": {"effects": [auto("enter", [grant("not_eliminated")], targets=[{**OWN, "name": TATSUYA}]),
                               auto("leave", [act()], targets=[{**OWN, "name": TATSUYA}])]},
    "MHK 01-082": {"effects": [auto("interfered", [delay("turn_end", do=[act({"all": {**OWN, "name": [MIZUKI, MIKIHIKO]}})])]),
                               auto("enter", [draw()], condition={"count": {"spec": {**OWN, "color": "red", "not_self": True},
                                                                            "at_least": 2}})]},
    "MHK 01-085": {"effects": [auto("interfered", [ex_fetch({**CHARA, **MAHO})]),
                               static([no_interf({"max_cost": {"count": {"history": history(
                                   "play", {"name": [SHIZUKU, HONOKA]}, who="any", sum="cost")}}})],
                                      condition={"approaching": True})]},
    "MHK 01-086": {"effects": [static([mod(40, 40, "self")], condition={"has_name": HONOKA}),
                               auto("interfered", [grant({"cannot_interfere_with": {"name": SHIZUKU}}, "target:0"),
                                                   grant({"cannot_interfere_with": {"name": SHIZUKU}}, "target:1")],
                                    targets=[{**OPP, "ap_below_source_dp": True, "optional": True}] * 2)]},
    "MHK 01-087": {"effects": [auto("paid_for_text", [pick("discard", "area", 1, this_card=True)], optional=True,
                                    condition={"subject": {**OWN, "name": [SHIZUKU, HONOKA]}}),
                               auto("enter", [delay("turn_end", do=[act()], targets=[OWN])])]},
    "MHK 01-088": {"effects": [auto("enter", [pick("hand", "area", 1, {"name": HONOKA}, up_to=True)], optional=True),
                               auto("any_interfered", [flip(1)], condition={
                                   "subject": {**OWN, "name": [SHIZUKU, HONOKA]},
                                   "history": history("interfered", {"name": [SHIZUKU, HONOKA]}, exactly=3)})]},
    "MHK 01-089": {"effects": [auto("enter", [pick("hand", "discard", 1, up_to=True, then=[
        draw(), {"op": "if", "cond": {"picked": {"name": [HONOKA, SHIZUKU]}}, "do": [draw()]}])], optional=True)]},
    "MHK 01-090": {"effects": [source_plus(SHIZUKU), act_eff([to("hand", then=[mod(0, 10, "all_own")])])]},
    "MHK 01-091": {"effects": [auto("approach", [mod(-10, -10, "all_opponent")]),
                               act_eff([mod(0, 0, "target:0", copy={"from": "target:1", "what": "mods"})], targets=[OWN, OPP])]},
    "MHK 01-092": {"effects": [auto("enter", [delay("turn_end", do=[draw()])], condition={
        "count": {"spec": {**OWN, "area": "support", "not_self": True}, "at_least": 3}})]},
    "MHK 01-093": {"effects": [auto("enter", [ex_fetch({**CHARA, **MAHO})]),
                               act_eff([to("deck_bottom", then=[grant("not_eliminated")])], targets=[{**OWN, **MAHO}])]},
    "MHK 01-094": {"effects": [static([grant("free_entry", "self")]),
                               auto("enter", [to("support", "target", then=[to("main"), delay("turn_end", do=[
                                   to("main", "target")])])], targets=[{**OWN, "name": ERIKA}],
                                    condition={"in_area": "support"})]},
    "MHK 01-095": {"effects": [auto("enter", [mod(0, 30)], targets=[OWN])],
                   "backup": static([grant("cannot_interfere")], targets=[{**OPP, "entered_this_turn": True}],
                                    condition={"count": {"spec": {**OWN, **MAHO, "approaching": True}, "at_least": 1}})},
    "MHK 01-096": {"effects": [auto("enter", [delay("turn_end", do=[pick("discard", "hand", 1, {"name": LEO}, up_to=True)],
                                                     optional=True)], optional=True)]},
    "MHK 01-097": {"effects": [auto("enter", [flip(1)]), auto("leave", [act()], targets=[OWN])]},
    "MHK 01-098": {"effects": [act_eff([mod(50, 0, "self"), mod(50, 0, "target")], targets=[{**OPP, "interfering": True}],
                                       condition={"approaching": True})]},
    "MHK 01-099": {"effects": [static([grant("free_entry", "self")]), auto("enter", [mod(0, 40, "self")])]},
    "MHK 01-100": {"effects": [source_plus(LEO), act_eff([to("hand", then=[mod(0, 20)])], targets=[{**OWN, **MAHO}])]},
    "MHK 01-101": {"effects": [COMBO_FETCH]},
    "MHK 01-102": {"effects": [auto("enter", [mod(-20, -20, until="next_turn_end", then=[flip(2)])], targets=[OPP])]},
    "MHK 01-103": {"effects": [auto("enter", [pick("discard", "area", 1, {**CHARA, "backup": True}, up_to=True,
                                                   same_name="self")], optional=True)]},
    "MHK 01-105": {"effects": [RECYCLE_SER]},
    "MHK 01-106": {"effects": [act_eff([{"op": "choose", "n": 1, "modes": [
        [ex_fetch({"series": SER})],
        [pick("ex_deck", "area", 1, {**CHARA, "series": SER, "max_cost": {"count": {"points": "self"}}})]]}])]},
    "MHK 01-107": {"effects": [act_eff([look(7, 2, CHARA, same_name="target")], targets=[{**OWN, **MAHO}])]},
    "MHK 01-108": {"effects": [act_eff([look(3, 1, {"series": SER})])]},
    "MHK 01-109": {"effects": [act_eff([grant("cannot_give_points", {"all": {**OPP, "max_cost": 1}})])]},
    "MHK 01-110": {"effects": [act_eff([{"op": "disable"}], condition={"answers": {
        "type": "play_event", "side": "opponent", "filter": {"max_cost": 0}}})]},
    "MHK 01-111": {"effects": [act_eff([mod(60, 60), delay("approach", "target", auto=0)], targets=[{**OWN, "name": TATSUYA}]),
                               auto("delayed", [ex_fetch({**CHARA, **MAHO})])]},
    "MHK 01-112": {"effects": [act_eff([rest("target:0", then=[rest("target:1")])], targets=[{**OWN, "name": MIYUKI}, OPP])]},
    "MHK 01-113": {"effects": [act_eff([grant("cannot_give_points")], targets=[{**OPP, "used_text": True}])]},
    "MHK 01-114": {"effects": [act_eff([draw(2)])]},
    "MHK 01-115": {"effects": [act_eff([pick("deck", "hand", 1, {"type": "event", "series": SER}, reveal=True),
                                        {"op": "shuffle", "who": "self"}])]},
    "MHK 01-116": {"effects": [act_eff([grant("cannot_give_points", "target"),
                                        {"op": "if", "cond": {"broken": True}, "do": [act("target:1")]}],
                                       targets=[OPP, {**OWN, "optional": True, "up_to": True}])]},
    "MHK 01-117": {"effects": [act_eff([to("main", "target")], targets=[{**OWN, "area": "support", "has_stats": True}])]},
    "MHK 01-118": {"effects": [act_eff([mod(-20, -20, "target:0"),
                                        {"op": "if", "cond": {"count": {"spec": {**OWN, "name": ERIKA, "rested": True}, "at_least": 4}},
                                         "do": [to("discard", "target:0")]}],
                                       targets=[{**OPP, "interfering": True}])]},
    "MHK 01-119": {"effects": [act_eff([grant({"no_text_from": "next_turn"}, until="next_turn_end"), draw(**{"if": {"has_name": KUA}})],
                                       targets=[OPP])]},
    "MHK 01-120": {"effects": [act_eff([delay("leave", "target", auto=0)], targets=[OWN]),
                               auto("delayed", [{"op": "flip", "who": "opponent", "face": "down", "all": True}])]},
    "MHK 01-121": {"effects": [act_eff([mod(20, 20), act(), delay("gave_point", {**OWN, "name": [MIYUKI, TATSUYA]}, auto=0)],
                                       targets=[{**OWN, "name": MIYUKI}]),
                               auto("delayed", [delay("turn_end", do=[act("all_own")])])]},
    "MHK 01-122": {"effects": [act_eff([{"op": "disable"}], condition={"answers": {
        "type": "use_effect", "side": "opponent", "filter": {"type": "chara"}}})]},
    "MHK 01-123": {"effects": [act_eff([rest(then=[flip(2, up_to=True, all_or_none=True)])], targets=[OWN])]},
    "MHK 01-124": {"effects": [act_eff([draw(until_hand=3)])]},
    "MHK 01-125": {"effects": [act_eff([to("deck_bottom", "target", then=[pick("hand", "area", 1, CHARA, up_to=True,
                                                                               same_name="picked")])],
                                       targets=[{**OWN, "area": "main"}])]},
    "MHK 01-126": {"effects": [act_eff([rest("target:0", then=[mod(0, 0, "target:1", copy={"from": "target:0", "what": "stats"})])],
                                       targets=[OWN, OWN])]},
    "MHK 01-127": {"effects": [act_eff([grant("not_eliminated", "all_own"), {"op": "if", "cond": {"broken": True}, "do": [draw()]}])]},
    "MHK P-001": {"effects": [static([mod(20, 20, "self")], condition={"has_name": MIYUKI}),
                              auto("enter", [grant("active")], targets=[{**OWN, **MAHO}])]},
    "MHK P-002": {"effects": [auto("enter", [next_cost(-5, {"name": TATSUYA})]),
                              auto("any_enter", [mod(20, 20)], targets=[{**OWN, "name": TATSUYA}],
                                   condition={"subject": {**OWN, "name": MIYUKI}})]},
    "MHK P-003": {"effects": [static([grant("untargetable", "self", **{"if": OWN_TURN}),
                                      no_interf({"max_dp": 30}, **{"if": OWN_TURN}),
                                      grant("cannot_approach", {"all": {**OPP, "max_dp": 0}})])]},
    "MHK P-004": {"effects": [static([grant("free_entry", "self")]),
                              static([{"op": "cost", "n": -1}], condition={"has_name": "九亜"}),
                              auto("enter", [rest(then=[{"op": "exchange", "who": "self", "n": 1}])], targets=[{}])]},
    "MHK P-005": {"effects": [auto("enter", [pick("discard", "hand", 2, {**CHARA, "series": SER}, up_to=True)], optional=True),
                              auto("other_enter", [mod(-30, -30)], targets=[OPP], condition={"subject": {**OWN, "min_cost": 4}})]},
    "MHK P-006": {"effects": [act_eff([grant("active"), mod(10, 10)], targets=[{**OWN, "name": [TATSUYA, MIYUKI]}]),
                              act_eff([pick("hand", "discard", 1, then=[act(), grant("approach_again")])],
                                      targets=[{**OWN, "name": [TATSUYA, MIYUKI]}])]},
    "MHK P-007": {"effects": [static([grant("free_entry", "self")], condition={
        "own_turn": True, "count": {"spec": {**OWN, "name": ERIKA}, "at_least": 3}}),
                              auto("enter", back_in("target"), targets=[{**OWN, "name": ERIKA}])]},
    "MHK P-008": {"effects": [static([{"op": "also_color", "color": "red", "zones": ["hand", "deck", "area"]},
                                      {"op": "cost", "n": -2, "target": {"name": MIZUKI}}]),
                              auto("other_gave_point", [pick("deck", "hand", 1), {"op": "shuffle", "who": "self"}],
                                   condition={"subject": {**OWN, "name": MIZUKI}})]},
    "MHK P-009": {"effects": [act_eff(back_in("target"), targets=[{**OWN, "name": [SHIZUKU, HONOKA], "not_self": True}]),
                              act_eff([grant("cannot_approach"), grant("cannot_interfere")], targets=[{"entered_this_turn": True}])]},
    "MHK P-010": {"effects": [auto("enter", [pick("deck", "hand", 1, CHARA, same_name="target", reveal=True),
                                             {"op": "shuffle", "who": "self"}],
                                   targets=[{**OWN, **MAHO}])]},
    "MHK ST-001": {"effects": [static([{"op": "cost", "n": -2}, grant("free_entry", "self")], condition={"has_name": MIYUKI}),
                               auto("eliminated_opponent", [draw()])]},
    "MHK ST-002": {"effects": [auto("enter", [next_cost(-2, {**CHARA, **MAHO})])]},
    "MHK ST-004": {"effects": [static([{"op": "cost", "n": -2}], condition=HAS_TATSUYA),
                               auto("approach", [{"op": "mill", "who": "opponent", "n": 1},
                                                 mod(-10, -10, per={"picked": "source"})], targets=[OPP])]},
    "MHK ST-005": {"effects": [act_eff([delay("gave_point", "target", do=[draw(2)])], targets=[{**OWN, **MAHO}])]},
    "MHK ST-006": {"effects": [static([{"op": "cost", "n": -2}, grant("free_entry", "self")],
                                      condition={"history": history("play", {"type": "event"}, who="any")}),
                               auto("any_eliminated_opponent", [{"op": "mill", "who": "opponent", "n": 1}], optional=True,
                                    condition={"subject": {**OWN, "name": LINA}})]},
    "MHK ST-008": {"effects": [act_eff([mod(10, 10)], targets=[{**OWN, **MAHO}])]},
    "MHK ST-010": {"effects": [SELF_MOD_20]},
    "MHK ST-012": {"effects": [act_eff([mod(20, 0)], targets=[{**OWN, **MAHO}])]},
    "MHK ST-013": {"effects": [SELF_MOD_20]},
    "MHK ST-015": {"effects": [static([mod(20, 0, "self")], condition=OWN_TURN)]},
    "MHK ST-016": {"effects": [static([{"op": "cost", "n": -1, "per": {"charas": OWN}}])]},
    "MHK ST-018": {"effects": [SELF_MOD_20]},
    "MHK ST-019": {"effects": [auto("enter", [pick("deck", "deck_bottom", 1, look=1, up_to=True)])]},
    "MHK ST-020": {"effects": [auto("enter", [delay("turn_end", do=[pick("discard", "deck", 1, {**CHARA, **MAHO}, up_to=True)],
                                                     optional=True)], optional=True)]},
    "MHK ST-021": {"effects": [act_eff([act()], targets=[{**OWN, "name": SHIZUKU}])]},
    "MHK ST-022": {"effects": [SELF_MOD_20]},
    "MHK ST-023": {"effects": [act_eff([mod(0, 20)], targets=[{**OWN, **MAHO}])]},
    "MHK ST-024": {"effects": [auto("turn_end", [act("self")])]},
    "MHK ST-025": {"effects": [act_eff([act()], targets=[{**OWN, "name": HONOKA}])]},
    "MHK ST-026": {"effects": [SELF_MOD_20]},
    "MHK ST-027": {"effects": [static([{"op": "cost", "n": -1, "per": {"charas": OWN}}])]},
    "MHK ST-028": {"effects": [act_eff([mod(20, 20, "target:0"), mod(20, 20, "target:1")], targets=[{**OWN, **MAHO}] * 2)]},
    "MHK ST-029": {"effects": [act_eff([mod(-20, -20, "target:0"), mod(-20, -20, "target:1")], targets=[OPP, OPP])]},
    "MHK ST-030": {"effects": [act_eff([pick("discard", "hand", 1, {**CHARA, **MAHO})])]},
    "MHK ST-031": {"effects": [act_eff([rest()], targets=[{**OPP, "max_cost": 2}])]},
    "MHK ST-032": {"effects": [act_eff([pick("point", "hand", 1, {**CHARA, **MAHO}), pick("hand", "point", 1, face="up")])]},
    "MHK ST-033": {"effects": [act_eff([draw(2)])]},
}
