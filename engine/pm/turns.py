"""Turn structure: turn start and end, windows and the right to act, losing conditions.

A window closes when the Approacher's pass is immediately followed by the
Interferer's pass (rules.md, "Windows"); :func:`close_window` then moves the
game to the next phase or step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.asplayed import refuse
from engine.pm import hidden, stats
from engine.pm.state import Approach, Chara, GameState
from engine.pm.triggers import fire, fire_card, fire_delayed, fire_eliminated_opponent, fire_others, fire_to_point
from engine.pm.zones import describe, draw, find_chara, leave_area
from engine.rulings import Trail, illegal

POINTS_TO_LOSE: Final = 7
STEP_NAMES: Final = {
    "assign_approach": "① assign approach",
    "after_approach": "② after approach",
    "assign_interfere": "③ assign interference",
    "after_interfere": "④ after interference",
    "choose_elimination": "⑤ Reinforcement choice",
    "after_elimination": "⑥ after the Elimination Judgement",
    "hand_adjust": "hand adjustment",
}


def where(g: GameState) -> str:
    """The current phase and step in words, for messages."""
    if g.phase == "approach" and g.step:
        return f"the Approach Phase, step {STEP_NAMES[g.step]}"
    if g.phase == "end":
        return "the Turn End (hand adjustment)" if g.step == "hand_adjust" else "the Turn End"
    return {"setup": "setup", "main": "the Main Phase", "over": "the end of the game"}.get(g.phase, g.phase)


#: the steps that are one player's decision (rules.md): the role deciding and the actions it decides with
DECISIONS: Final = {"assign_approach": ("Approacher", "approach or end_approach"),
             "assign_interfere": ("Interferer", "interfere or no_interfere"),
             "choose_elimination": ("Interferer", "choose_elimination")}


def owed(g: GameState) -> str:
    """What the game waits for outside a window, for rulings (issue 25): "" when it waits for nothing."""
    if g.phase == "approach" and g.step in DECISIONS:
        role, how = DECISIONS[g.step]
        who = g.turn_player if role == "Approacher" else 1 - g.turn_player
        return f"; it waits for the {role}'s decision (player {who}: {how})"
    if g.phase == "end" and g.step == "hand_adjust":
        return f"; it waits for player {g.turn_player}'s hand adjustment"
    return ""


def open_window(g: GameState) -> None:
    g.priority = g.turn_player
    g.approacher_passed = False


def require_right(g: GameState, player: int, what: str, *, despite: str | None = "turn") -> None:
    """``turn.step`` when no window is open, ``turn.priority`` when ``player`` lacks the right (as played, an
    irregularity ``despite`` the action may be carried out, engine.asplayed)."""
    if g.priority is None:
        refuse(illegal("turn.step", f"{what}: no window is open during {where(g)}{owed(g)}"), despite)
    elif g.priority != player:
        refuse(illegal(
            "turn.priority",
            f"{what}: player {player} does not hold the right to act in {where(g)} (player {g.priority} does)",
        ), despite)


def hand_right(g: GameState, actor: int | None = None) -> None:
    """An action was taken in a window: the right goes to the other player (the one who did not act, when an
    action carried out as played came from the player without the right)."""
    assert g.priority is not None
    g.priority = 1 - (g.priority if actor is None else actor)
    g.approacher_passed = False


def do_pass(g: GameState, player: int, trail: Trail, *, implied: bool = False) -> None:
    """Give up the right to act; may close the window."""
    if g.priority != player:
        require_right(g, player, "pass", despite=None)  # a pass without the right passes nothing
    label = "implied pass" if implied else "pass"
    keep = trail.keep
    if player == g.turn_player:
        g.approacher_passed = True
        g.priority = 1 - player
        if keep:
            trail.event("window", f"{label}: the Approacher (player {player}) passes; the right goes to player {1 - player}")
    elif g.approacher_passed:
        if keep:
            trail.event("window", f"{label}: the Interferer (player {player}) passes right after the Approacher: the window closes")
        close_window(g, trail)
    else:
        g.priority = 1 - player
        if keep:
            trail.event("window", f"{label}: the Interferer (player {player}) passes; the right goes to player {1 - player}")


def close_window(g: GameState, trail: Trail) -> None:
    g.priority = None
    g.approacher_passed = False
    if g.phase == "main":
        g.phase = "approach"
        g.step = "assign_approach"
        if trail.keep:
            trail.event("window", "the Main Phase ends; Approach Phase step ① (assign approach)")
        return
    a = g.approach
    if g.step == "after_approach":
        if a is not None and _any_in_main(g, a.attackers):
            g.step = "assign_interfere"
            if trail.keep:
                trail.event("window", "step ③: the Interferer assigns interference or takes none")
        else:
            to_after_elimination(g, trail, "the approaching Chara left the Main Area: no interference, no point")
    elif g.step == "after_interfere":
        judge(g, trail)
    elif g.step == "after_elimination":
        g.step = "assign_approach"
        g.approach = None
        if trail.keep:
            trail.event("window", "back to step ①: assign approach or end the Approach Phase")


def _any_in_main(g: GameState, uids: list[int]) -> bool:
    for uid in uids:
        c = g.chara_by_uid(uid)
        if c is not None and c.area == "main":
            return True
    return False


def to_after_elimination(g: GameState, trail: Trail, why: str) -> None:
    g.step = "after_elimination"
    g.priority = g.turn_player  # open_window
    g.approacher_passed = False
    if trail.keep:
        trail.event("window", f"{why}; step ⑥ window, player {g.turn_player} acts first")


def judge(g: GameState, trail: Trail) -> None:
    """Step ⑤: the Elimination Judgement (reading 1; reading 7 with Reinforcement)."""
    a = g.approach
    assert a is not None
    attackers = []
    for uid in a.attackers:
        c = g.chara_by_uid(uid)
        if c is not None and c.area == "main":
            attackers.append(c)
    blocker = g.chara_by_uid(a.interferer) if a.interferer is not None else None
    if not attackers:
        to_after_elimination(g, trail, "the approaching Chara left: no judgement")
        return
    if blocker is None or blocker.area != "main":
        to_after_elimination(g, trail, "the interfering Chara left: no judgement and no point")
        return
    values = {}
    total_ap = 0
    for c in attackers:
        v = values[c.uid] = stats.ap_dp(g, c)
        total_ap += v[0] if v[0] > 0 else 0  # each value below 0 counts as 0
    b_ap, b_dp = stats.ap_dp(g, blocker)
    b_ap, b_dp = b_ap if b_ap > 0 else 0, b_dp if b_dp > 0 else 0  # stats.used
    a.eliminate_interferer = b_dp <= total_ap or any(stats.forceful(g, c) for c in attackers)
    verdict = "eliminated" if a.eliminate_interferer else "stays"
    sign = "<=" if a.eliminate_interferer else ">"
    msg = f"DP {b_dp} of {describe(g, blocker.card)} {sign} AP {total_ap}: it {verdict}" if trail.keep or len(attackers) > 1 else ""
    if len(attackers) > 1:
        a.choices = [c.uid for c in attackers if stats.used(values[c.uid][1]) <= b_ap]
        a.judgement = msg
        g.step = "choose_elimination"
        names = ", ".join(describe(g, c.card) for c in attackers if c.uid in a.choices) or "none"
        trail.event("elimination", f"{msg}; Reinforcement: the Interferer chooses which approaching Chara leaves (may choose: {names})")
        return
    attacker = attackers[0]
    at_dp = stats.used(values[attacker.uid][1])
    out = []
    if a.eliminate_interferer:
        out.append(blocker)
    if at_dp <= b_ap or stats.forceful(g, blocker):
        out.append(attacker)
    if trail.keep:
        trail.event("elimination", msg)
        verdict = f"<= AP {b_ap}: it is eliminated" if at_dp <= b_ap else f"> AP {b_ap}: it stays"
        trail.event("elimination", f"DP {at_dp} of {describe(g, attacker.card)} {verdict}")
    through = [attacker] if breaks_through(g, attacker, b_dp) else []
    eliminate(g, out, trail)
    placed, cid = through_point(g, through, trail)
    if placed and check_losing(g, trail):
        return
    to_after_elimination(g, trail, "Elimination Judgement done")
    if placed:
        point_given(g, g.interferer, [x for x in through if g.chara_by_uid(x.uid) is not None], cid, trail)
    if a.eliminate_interferer and not g.on_area(blocker):  # the approaching Chara stays or left too
        fire_eliminated_opponent(g, [attacker], trail)


def place_point(g: GameState, p: int, attackers: list, named: str | None, how: str,  # type: ignore[type-arg]
                trail: Trail) -> tuple[bool, str | None]:
    """The approach gives a point (P14 step ④ without interference; 〔突破N〕 in the judgement): the top card of player
    ``p``'s deck (``named`` by the log, if it names it) goes to the Point Zone face up. None when the deck is empty or
    an approaching Chara cannot give points; returns (placed, the card)."""
    me = g.players[p]
    if not me.deck or any(stats.has_grant(g, x, "cannot_give_points") for x in attackers):
        return False, None
    cid = hidden.take_top(g, p, named, how)
    me.points.append([cid, True])
    hidden.placed(g, p, cid)
    if trail.keep:
        trail.event("point", f"{how}: {describe(g, cid)} from the top of player {p}'s deck goes to the "
                             f"Point Zone face up ({len(me.points)} points)")
    return True, cid


def point_given(g: GameState, p: int, attackers: list, cid: str | None, trail: Trail) -> None:  # type: ignore[type-arg]
    """The triggers of an approach that gave player ``p`` a point: the approaching Charas', the others', and the
    card's own "put into the Point Zone by the opponent's approach" (MHK 01-061)."""
    fire(g, "gave_point", attackers, trail)
    for x in attackers:
        fire_others(g, "gave_point", x, trail)
    if cid is not None:
        fire_card(g, p, cid, "point_by_approach", None, trail)
        fire_to_point(g, p, [cid], trail)


def breaks_through(g: GameState, attacker: Chara, blocker_dp: int) -> bool:
    """〔突破N〕 (printed, or granted ``{"breakthrough": N}``): in the Elimination Judgement of its approach, with its AP
    at least N above the interfering Chara's DP, it gives points as if not interfered (the keyword's reminder text;
    the rule book Ver.2.22 predates it)."""
    n = stats.breakthrough_value(g, attacker)
    return n is not None and stats.used(stats.ap_dp(g, attacker)[0]) >= blocker_dp + n


def through_point(g: GameState, through: list[Chara], trail: Trail) -> tuple[bool, str | None]:
    """After the judgement, the point of an approach that broke through (``through``: the approaching Charas whose
    〔突破N〕 applied, :func:`breaks_through`; none: no point) to the Interferer's Point Zone; (placed, the card)."""
    if not through:
        return False, None
    return place_point(g, g.interferer, through, None, "breakthrough", trail)


def eliminate(g: GameState, charas: list, trail: Trail) -> None:  # type: ignore[type-arg]
    kept = [c for c in charas if stats.stays_on_area(g, c)]
    gone = [c for c in charas if c not in kept] if kept else charas
    g.eliminated = [c.card for c in gone]
    g.eliminated_owners = [c.owner for c in gone]
    a = g.approach
    if a is not None:
        a.judging = True  # a Chara leaving now leaves by the approach (``left_by_approach``)
    try:
        for c in charas:
            if c in kept:
                trail.event("elimination", f"{describe(g, c.card)} does not leave the Area (an effect keeps it)")
                continue
            leave_area(g, c, "discard")
    finally:
        if a is not None:
            a.judging = False


def expire_delayed(g: GameState) -> None:
    """A new turn: delayed effects and bans of earlier turns end; cards off the Area fire no more triggers."""
    g.delayed = {k: v for k, v in g.delayed.items() if v["until"] is None or v["until"] >= g.turn}
    g.bans = [b for b in g.bans if b[3] is None or b[3] >= g.turn]
    g.departed = {}
    g.departed_to = {}


def start_turn(g: GameState, trail: Trail) -> None:
    """Turn Start: draw (1 on the first player's first turn), turn the Area active."""
    if g.turn == 0:
        g.turn_player = g.first
    else:
        g.turn_player = 1 - g.turn_player
    g.turn += 1
    g.available_triggers.clear()  # optional triggers of the turn before can no longer be logged
    g.break_ok.clear()
    for p in g.players:
        p.played_this_turn = 0
        if p.turn_log:
            p.turn_log = []
    if g.delayed or g.departed or g.bans:
        expire_delayed(g)
    n = 1 if g.turn == 1 else 2
    got = draw(g, g.turn_player, n)
    me = g.players[g.turn_player]
    for c in me.main:
        c.rested = c.rested and stats.has_grant(g, c, stats.NO_START_STAND)
    for c in me.support:
        c.rested = c.rested and stats.has_grant(g, c, stats.NO_START_STAND)
    g.phase = "main"
    g.step = None
    g.approach = None
    open_window(g)
    if trail.keep:
        trail.event("turn.start", f"turn {g.turn}: player {g.turn_player} draws {len(got)} and turns the Area active")
    if not check_losing(g, trail):
        # "at the start of the turn" (ターン開始時に) texts of either player's Charas, at every turn's start (rule book
        # 000 "Turn Start": its effects are not only the turn player's), the turn player's first; "at the start of
        # your turn" is the same trigger with the condition ``own_turn`` (docs/compiler.md, disputed readings)
        fire(g, "turn_start", me.area(), trail)
        fire(g, "turn_start", g.players[1 - g.turn_player].area(), trail)
        # the Main Phase begins right after the Turn Start with nothing between (rule book 000 "Turn Start" then "Main
        # Phase"): "at the start of your Main Phase" (自分のメインフェイズ開始時) fires here, after the turn-start ones
        if g.cards.listened("main_start"):
            fire(g, "main_start", me.area(), trail)


def end_approach_phase(g: GameState, trail: Trail) -> None:
    """Approach Phase End -> Turn End: hand adjustment when needed, else the next turn."""
    g.phase = "end"
    g.step = None
    g.priority = None
    g.approach = None
    # "at the end of the turn" texts of either player's Charas (001: the turn's end effects, ordered by the turn player)
    fire(g, "turn_end", g.players[g.turn_player].area(), trail)
    if g.cards.listened("own_turn_end"):  # "at the end of your turn" (自分のターン終了時)
        fire(g, "own_turn_end", g.players[g.turn_player].area(), trail)
    fire(g, "turn_end", g.players[1 - g.turn_player].area(), trail)
    if g.delayed:
        fire_delayed(g, "turn_end", None, trail)
    if not g.pending_triggers:
        continue_turn_end(g, trail)


def continue_turn_end(g: GameState, trail: Trail) -> None:
    """After the mandatory turn-end triggers: hand adjustment when the hand is over 7, else the Turn End waits.

    While it waits, optional or unscripted turn-end triggers may still be logged (and may call for a
    hand adjustment); the next turn starts before the next action that is not one (:func:`settle`).
    """
    hand = len(g.players[g.turn_player].hand)
    if hand > g.hand_limit:
        g.step = "hand_adjust"
        trail.event("turn.end", f"Turn End: player {g.turn_player} holds {hand} cards and must discard {hand - g.hand_limit}")
        return
    g.step = None


def turn_end_waits(g: GameState) -> bool:
    """True at a Turn End with nothing due: the next turn starts with the next action, or when the log ends."""
    return g.phase == "end" and g.step is None and not g.pending_triggers and g.result is None


def starts_next_turn(g: GameState, a: Mapping[str, Any]) -> bool:
    """True when ``a`` follows a waiting Turn End without belonging to it: the next turn starts first.

    The Turn End's own actions are turn-end triggers, hand adjustment, concession and notes. A
    trigger belongs to it when its effect fires at turn end, or, for an effect whose cause the card
    data does not say, when it is the turn player's.
    """
    if not turn_end_waits(g):
        return False
    kind = a["type"]
    if kind == "break":
        return not g.break_ok  # a Break right after a placement during the Turn End belongs to it
    if kind != "trigger":
        return kind not in ("hand_adjust", "concede", "note")
    try:
        eff = g.card(a["card"]).automatic()[a["effect"]]
    except (KeyError, IndexError):
        return False  # the trigger's own checks rule on it, at the Turn End
    if eff.trigger in ("turn_end", "own_turn_end") or (eff.trigger is None and a["p"] == g.turn_player):
        return False
    source = find_chara(g.players[a["p"]], a["card"]) if a.get("from") in (None, "main", "support") else None
    return source is None or (a["p"], source.uid, a["effect"]) not in g.available_triggers  # its cause just happened here


def settle(g: GameState, trail: Trail) -> None:
    """Start the next turn when the Turn End only waits (Turn Start is automatic and logs nothing)."""
    if turn_end_waits(g):
        finish_turn(g, trail)


def finish_turn(g: GameState, trail: Trail) -> None:
    """End the effects that last until turn end, then start the next turn."""
    t = g.turn
    for p in g.players:
        for c in p.area():
            if c.mods:
                c.mods = [m for m in c.mods if m[2] is None or m[2] > t]
            if c.grants:
                c.grants = [x for x in c.grants if x[1] is None or x[1] > t]
        for cid in list(p.cost_mods):
            kept = [m for m in p.cost_mods[cid] if m[1] is None or m[1] > t]
            if kept:
                p.cost_mods[cid] = kept
            else:
                del p.cost_mods[cid]
    if trail.keep:
        trail.event("turn.end", f"turn {t} ends")
    start_turn(g, trail)


def check_losing(g: GameState, trail: Trail) -> bool:
    """Reading 2: an empty Deck Zone or 7+ cards in the Point Zone loses; both at once is a draw."""
    if g.result is not None or g.phase == "setup":
        return g.result is not None
    p0, p1 = g.players
    if p0.deck and p1.deck and len(p0.points) < POINTS_TO_LOSE and len(p1.points) < POINTS_TO_LOSE:
        return False  # the common case, without building the list of losers
    losers = []
    for i, p in enumerate(g.players):
        if not p.deck:
            losers.append((i, "deck_out", f"player {i}'s Deck Zone is empty"))
        elif len(p.points) >= POINTS_TO_LOSE:
            losers.append((i, "points", f"player {i} has {len(p.points)} cards in the Point Zone"))
    if not losers:
        return False
    players = {i for i, _, _ in losers}
    if len(players) == 2:
        g.result = {"winner": None, "reason": "draw"}
    else:
        loser, reason, _ = losers[0]
        g.result = {"winner": 1 - loser, "reason": reason}
    g.phase = "over"
    g.step = None
    g.priority = None
    trail.event("losing", "; ".join(m for _, _, m in losers) + _result_words(g))
    return True


def _result_words(g: GameState) -> str:
    r = g.result
    assert r is not None
    if r["winner"] is None:
        return ": the game is a draw"
    return f": player {r['winner']} wins"


def begin_approach(g: GameState, attackers: list[int]) -> None:
    g.approach = Approach(attackers)
    g.step = "after_approach"
    g.priority = g.turn_player  # open_window
    g.approacher_passed = False
