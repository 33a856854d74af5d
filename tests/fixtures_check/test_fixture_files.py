"""Checks on the project's own fixture files: fixtures/cards/original.json and fixtures/decks/*.json.

The card file is read as plain JSON (no engine code), so these checks also catch fields the
native reader would silently default. MHK deck lists are checked against the precious-data copy
in ../shared/data/precious-data when it exists (skipped otherwise).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

MAIN = Path(__file__).resolve().parents[2]
CARDS_FILE = MAIN / "fixtures" / "cards" / "original.json"
DECKS_DIR = MAIN / "fixtures" / "decks"
PRECIOUS = Path(__file__).resolve().parents[3] / "shared" / "data" / "precious-data"

ID_RE = re.compile(r"^(SLA|HTD) \d{2}-\d{3}$")
PARALLEL_RE = re.compile(r"^(.*\d)[a-z]$")
COLORS = {"red", "blue", "yellow", "green", "purple"}
TYPES = {"chara", "event", "support"}
TIMING_RE = re.compile(r"^(main|approach)/(self|opponent|both|decline)$")

CARD_FIELDS = {
    "id",
    "name",
    "series",
    "type",
    "color",
    "cost",
    "source",
    "ap",
    "dp",
    "properties",
    "timing",
    "active",
    "break",
    "level_up",
    "ex",
    "untargetable",
    "ignore",
    "pinch",
    "combo",
    "reinforcement",
    "backup",
    "effects",
    "text",
}
REQUIRED_CARD_FIELDS = {"id", "name", "series", "type", "color", "cost", "source", "ap", "dp", "properties", "text"}
EFFECT_BASE = {"kind", "timing", "cost", "cost_color", "rest", "discard_name"}
EFFECT_FIELDS = EFFECT_BASE | {"trigger", "optional", "once_per_turn", "targets", "do", "condition"}
SCRIPT_OPS = {"draw", "modify", "grant", "rest", "activate", "coin", "move", "put_point", "disable"}
STEP_TARGETS = {"self", "all_own", "all_opponent"}
TARGET_SPEC_KEYS = {"side", "area", "max_cost", "rested", "name", "property", "optional"}
CONDITION_KEYS = {"own_turn", "has_name", "points_at_least", "hand_at_most"}
TRIGGERS = {"enter", "approach", "turn_start", "turn_end"}


def base_id(card_id: str) -> str:
    m = PARALLEL_RE.match(card_id)
    return m.group(1) if m else card_id


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return json.loads(CARDS_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return doc["cards"]


def all_effects(card: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(where, entry) for every effect entry of a card, the backup included."""
    out = [(f"effects[{i}]", e) for i, e in enumerate(card.get("effects", []))]
    if card.get("backup") is not None:
        out.append(("backup", card["backup"]))
    return out


def every_effect(cards: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{c['id']} {where}", e) for c in cards for where, e in all_effects(c)]


# -- the file and its cards -------------------------------------------------------


def test_top_level(doc: dict[str, Any]) -> None:
    assert set(doc) == {"format", "version", "name", "series_groups", "cards"}
    assert doc["format"] == "pmemo-cards"
    assert doc["version"] == 1
    assert doc["name"] == "original"
    assert 70 <= len(doc["cards"]) <= 90


def test_ids_unique_and_well_formed(cards: list[dict[str, Any]]) -> None:
    ids = [c["id"] for c in cards]
    bad = [i for i in ids if not ID_RE.match(i)]
    assert not bad, f"malformed ids: {bad}"
    dupes = [i for i, n in Counter(base_id(i) for i in ids).items() if n > 1]
    assert not dupes, f"duplicate ids: {dupes}"


def test_fields(cards: list[dict[str, Any]]) -> None:
    for c in cards:
        cid = c["id"]
        assert set(c) >= REQUIRED_CARD_FIELDS, f"{cid}: missing {REQUIRED_CARD_FIELDS - set(c)}"
        assert set(c) <= CARD_FIELDS, f"{cid}: unknown fields {set(c) - CARD_FIELDS}"
        assert c["type"] in TYPES and c["color"] in COLORS, cid
        assert isinstance(c["name"], str) and c["name"] and isinstance(c["series"], str) and c["series"], cid
        assert isinstance(c["text"], str) and c["text"], f"{cid}: no rules text"
        assert isinstance(c["properties"], list) and c["properties"], f"{cid}: no properties"
        assert all(isinstance(p, str) and p for p in c["properties"]), cid
        for key in ("cost", "source"):
            assert type(c[key]) is int and 0 <= c[key] <= 6, f"{cid}: {key}"
        for key in ("active", "break", "level_up", "ex", "untargetable"):
            assert type(c.get(key, False)) is bool, f"{cid}: {key}"
        ap, dp = c["ap"], c["dp"]
        if c["type"] != "chara":
            assert ap is None and dp is None, f"{cid}: a non-Chara has AP/DP"
        assert (ap is None) == (dp is None), f"{cid}: ap/dp"
        for v in (ap, dp):
            assert v is None or (type(v) is int and 0 <= v <= 70 and v % 10 == 0), f"{cid}: AP/DP {v}"
        if "timing" in c:
            assert c["type"] == "event" and TIMING_RE.match(c["timing"]), cid
        if "ignore" in c:
            assert type(c["ignore"]) is int and c["ignore"] > 0, cid
        if "pinch" in c:
            assert set(c["pinch"]) == {"points", "ap", "dp"}, cid
        if "reinforcement" in c:
            assert len(c["reinforcement"]) == 1 and set(c["reinforcement"]) <= {"name", "property"}, cid


def test_effect_entries(cards: list[dict[str, Any]]) -> None:
    for where, e in every_effect(cards):
        assert set(e) >= EFFECT_BASE, f"{where}: missing {EFFECT_BASE - set(e)}"
        assert set(e) <= EFFECT_FIELDS, f"{where}: unknown fields {set(e) - EFFECT_FIELDS}"
        assert e["kind"] in {"activated", "auto", "continuous"}, where
        assert "do" in e and isinstance(e["do"], list) and e["do"], f"{where}: no script"
        if e["kind"] == "activated":
            assert isinstance(e["timing"], str) and TIMING_RE.match(e["timing"]), where
        else:
            assert e["timing"] is None, where
        assert type(e["cost"]) is int and e["cost"] >= 0, where
        assert e["cost_color"] is None or (e["cost_color"] in COLORS and e["cost"] > 0), where
        assert type(e["rest"]) is bool, where
        assert e["discard_name"] is None or isinstance(e["discard_name"], str), where
        if "trigger" in e:
            assert e["kind"] == "auto" and e["trigger"] in TRIGGERS, where
        for key in ("optional", "once_per_turn"):
            assert type(e.get(key, False)) is bool, where
        for spec in e.get("targets", []):
            assert set(spec) <= TARGET_SPEC_KEYS, f"{where}: target spec {spec}"
        cond = e.get("condition")
        if cond is not None:
            assert cond and set(cond) <= CONDITION_KEYS, f"{where}: condition {cond}"


def test_script_ops_and_targets(cards: list[dict[str, Any]]) -> None:
    for where, e in every_effect(cards):
        specs = e.get("targets", [])
        for step in e["do"]:
            op = step.get("op")
            if op == "cost":  # cost changes are continuous effects (engine/pm/stats.py)
                assert e["kind"] == "continuous" and step.get("target") == "self", where
                assert type(step.get("n")) is int, where
                continue
            assert op in SCRIPT_OPS, f"{where}: op {op!r}"
            if op == "disable":
                assert e["do"] == [{"op": "disable"}] and e["timing"].endswith("/decline"), where
            if op in ("draw", "put_point"):
                assert step.get("who", "self") in ("self", "opponent"), where
                assert "target" not in step, where
                continue
            if op == "disable":
                continue
            target = step.get("target", "self")
            if target == "target" or target.startswith("target:"):
                k = 0 if target == "target" else int(target.split(":", 1)[1])
                assert k < len(specs), f"{where}: {target} has no targets entry"
            else:
                assert target in STEP_TARGETS, f"{where}: target {target!r}"
            if op == "grant":
                assert step.get("what") in ("active", "untargetable"), where
            if op == "move":
                assert step.get("to") in ("hand", "discard", "deck_bottom", "removed"), where
            if op == "coin":
                assert step.get("coin", "+10/+10") == "+10/+10", where


def test_events_and_supports(cards: list[dict[str, Any]]) -> None:
    for c in cards:
        effects = c.get("effects", [])
        if c["type"] == "event":
            assert "timing" in c, c["id"]
            assert len(effects) == 1 and effects[0]["kind"] == "activated", c["id"]
            assert effects[0]["timing"] == c["timing"], c["id"]
        if c["type"] == "support":
            conts = [e for e in effects if e["kind"] == "continuous" and e.get("targets")]
            assert conts, f"{c['id']}: a Support needs a continuous entry naming what it is set on"
            assert conts[0]["targets"][0].get("side") == "self", c["id"]
            assert any(s["op"] == "modify" for s in conts[0]["do"]) or any(e["kind"] == "activated" for e in effects)


def _balanced(text: str, open_: str, close: str) -> int:
    """Index just past the bracket group that ``text`` starts with."""
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == open_
        depth -= ch == close
        if depth == 0:
            return i + 1
    raise AssertionError(f"unbalanced {open_}{close} in {text!r}")


def leading_keywords(text: str) -> list[str]:
    """The keyword markers in the leading run of a rules text (like the 〔…〕 run of real cards).

    Later mentions (``gains [Active] until end of turn``) are references, not keywords.
    """
    out = []
    rest = text.strip()
    while rest:
        if rest.startswith("Level Up."):
            out.append("Level Up")
            rest = rest[len("Level Up.") :].lstrip()
        elif rest.startswith("(") and out:  # reminder text after a keyword
            rest = rest[_balanced(rest, "(", ")") :].lstrip()
        elif rest.startswith("[") and not re.match(r"\[(Main|Approach)/", rest):
            end = _balanced(rest, "[", "]")
            out.append(rest[1 : end - 1])
            rest = rest[end:].lstrip()
            if rest.startswith("▶"):  # [Backup: A] ▶ "B"
                m = re.match(r'▶\s*"[^"]*"', rest)
                assert m, text
                rest = rest[m.end() :].lstrip()
        else:
            break
    return out


def test_keyword_text_matches(cards: list[dict[str, Any]]) -> None:
    """The flags and the leading keyword run of ``text`` say the same thing."""
    for c in cards:
        cid = c["id"]
        run = leading_keywords(c["text"])
        heads = {k.split(":")[0].split(" ")[0] if not k.startswith("EX") else k for k in run}
        assert len(run) == len(set(run)), cid
        assert c.get("active", False) == ("Active" in heads), cid
        assert c.get("break", False) == ("Break" in heads), cid
        assert c.get("ex", False) == ("EX Card" in heads), cid
        assert c.get("level_up", False) == ("Level Up" in run), cid
        assert ("combo" in c) == ("Combo" in heads), cid
        assert ("backup" in c) == ("Backup" in heads), cid
        assert ("reinforcement" in c) == ("Reinforcement" in heads), cid
        assert ("ignore" in c) == ("Ignore" in heads), cid
        assert ("pinch" in c) == ("Pinch" in heads), cid
        if "ignore" in c:
            assert f"Ignore {c['ignore']}" in run, cid
        if "pinch" in c:
            p = c["pinch"]
            assert f"Pinch {p['points']}" in run, cid
            assert f"+{p['ap']}/+{p['dp']}" in c["text"], cid
        if "reinforcement" in c:
            ((kind, value),) = c["reinforcement"].items()
            want = f'Reinforcement: "{value}"' if kind == "name" else f"Reinforcement: [{value}]"
            assert want in run, cid
        if c["type"] == "event":
            assert f"[{c['timing'].split('/')[0].title()}/{c['timing'].split('/')[1].title()}]" in c["text"], cid
        untargetable = "cannot be targeted by your opponent's effects" in c["text"]
        assert c.get("untargetable", False) == untargetable, cid
        if run == [] and not c.get("effects") and "pinch" not in c and not untargetable:
            assert c["text"] == "-", f"{cid}: a vanilla card's text is '-'"


# -- coverage: every keyword and effect feature appears somewhere --------------------------


def test_every_keyword_present(doc: dict[str, Any], cards: list[dict[str, Any]]) -> None:
    charas = [c for c in cards if c["type"] == "chara"]
    names = {c["name"] for c in charas if "combo" not in c}
    assert {c["color"] for c in cards} == COLORS
    assert any(c.get("active") for c in charas)
    assert any("ignore" in c for c in charas)
    assert any(c.get("break") for c in cards if c["type"] == "event")
    assert any(c.get("break") for c in charas)
    assert any(c.get("untargetable") for c in charas)
    assert any(c.get("ex") for c in charas)
    assert any("pinch" in c for c in charas)
    assert {next(iter(c["reinforcement"])) for c in charas if "reinforcement" in c} == {"name", "property"}
    for c in cards:
        if "combo" in c:
            a, b = c["combo"]
            assert c["name"] == f"{a}&{b}", c["id"]
            assert a in names and b in names, f"{c['id']}: combo names must be other Charas' names"
    assert any("combo" in c for c in charas)
    backups = [c["backup"] for c in cards if "backup" in c]
    assert backups and all(b["do"] for b in backups) and any(b.get("condition") for b in backups)
    levels = Counter(c["name"] for c in charas if c.get("level_up"))
    bases = {c["name"] for c in charas if not c.get("level_up") and not c.get("ex")}
    assert levels and all(n in bases for n in levels), "a Level Up card needs a base Chara of its name"
    assert max(levels.values()) >= 2, "one Level Up line with several levels"
    assert any(c["ap"] is None for c in charas), "a Chara without AP/DP"
    assert any(c["type"] == "support" for c in cards)


def test_series_and_purple(doc: dict[str, Any], cards: list[dict[str, Any]]) -> None:
    groups = doc["series_groups"]
    assert groups and all(len(g) >= 2 for g in groups)
    series = Counter(c["series"] for c in cards)
    alias_pairs = [g for g in groups if all(series[s] for s in g)]
    assert alias_pairs, "an alias group whose series all have cards"
    assert len({c["id"].split(" ")[0] for c in cards}) >= 2
    purple = [c for c in cards if c["color"] == "purple"]
    by_series = Counter(c["series"] for c in purple)
    s, n = by_series.most_common(1)[0]
    assert n >= 4
    assert {c["type"] for c in purple if c["series"] == s} >= {"chara", "event"}


def test_every_effect_feature_present(cards: list[dict[str, Any]]) -> None:
    effects = [e for _, e in every_effect(cards)]
    timings = {e["timing"] for e in effects if e["kind"] == "activated"}
    assert timings >= {"main/self", "main/both", "approach/self", "approach/opponent", "main/decline", "approach/decline"}
    assert any(
        c["type"] == "chara" and any(e["kind"] == "activated" and e["timing"].endswith("/decline") for e in c.get("effects", []))
        for c in cards
    )
    assert any(e["rest"] for e in effects)
    assert any(e["discard_name"] for e in effects)
    assert any(e["cost_color"] for e in effects)
    assert {e.get("trigger") for e in effects if e["kind"] == "auto"} >= TRIGGERS
    assert any(e.get("optional") for e in effects)
    assert any(e.get("once_per_turn") for e in effects)
    conts = [e for e in effects if e["kind"] == "continuous"]
    assert any(e.get("condition") == {"own_turn": True} and e["do"][0]["op"] == "modify" for e in conts)
    assert any(s["op"] == "cost" and s["n"] < 0 and e.get("condition") for e in conts for s in e["do"])
    assert {s["op"] for e in effects for s in e["do"]} >= SCRIPT_OPS
    conds = {k for e in effects for k in (e.get("condition") or {})}
    assert conds == CONDITION_KEYS


def test_has_name_conditions_name_real_charas(cards: list[dict[str, Any]]) -> None:
    names = {c["name"] for c in cards if c["type"] == "chara"}
    for where, e in every_effect(cards):
        want = (e.get("condition") or {}).get("has_name")
        assert want is None or want in names, where
        for spec in e.get("targets", []):
            assert "name" not in spec or spec["name"] in names, where
        assert e["discard_name"] is None or e["discard_name"] in names, where


def test_native_reader_accepts_the_file() -> None:
    from tests.pm_cards import read_native

    db = read_native(CARDS_FILE)
    assert len(db) == len(json.loads(CARDS_FILE.read_text(encoding="utf-8"))["cards"])


# -- deck lists ---------------------------------------------------------------------


def load_decks() -> dict[str, dict[str, Any]]:
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(DECKS_DIR.glob("*.json"))}


def mhk_facts() -> dict[str, dict[str, Any]]:
    """MHK card facts by id from precious-data (id, type, color, EX flag, series)."""
    out = {}
    for f in sorted((PRECIOUS / "data").rglob("*.json")):
        d = json.loads(f.read_text(encoding="utf-8"))
        if not isinstance(d, dict) or "name" not in d:
            continue
        cid = d.get("id") or f"{d['setAbbr']} {d['number']}"
        out[base_id(cid)] = {
            "type": {"キャラクター": "chara", "イベント": "event", "サポート": "support"}[d["type"]],
            "color": d["color"],
            "series": d["setName"],
            "ex": d.get("text", "").startswith("〔EXカード〕"),
            "stats": d.get("ap", "") not in ("", "-"),
        }
    return out


def check_legal(deck: dict[str, Any], facts: dict[str, dict[str, Any]], where: str) -> None:
    assert set(deck) == {"name", "series", "main", "ex"}, where
    main, ex = deck["main"], deck["ex"]
    assert len(main) == 60, f"{where}: {len(main)} main cards"
    for part in (main, ex):
        unknown = [i for i in part if base_id(i) not in facts]
        assert not unknown, f"{where}: unknown ids {unknown}"
        over = {i: n for i, n in Counter(base_id(i) for i in part).items() if n > 4}
        assert not over, f"{where}: more than 4 copies {over}"
    assert not [i for i in main if facts[base_id(i)]["ex"]], f"{where}: EX card in the main deck"
    assert len(ex) <= 15, f"{where}: EX deck of {len(ex)}"
    assert all(facts[base_id(i)]["ex"] for i in ex), f"{where}: non-EX card in the EX deck"
    kinds = Counter("stats" if facts[base_id(i)]["stats"] else facts[base_id(i)]["type"] for i in main)
    assert 40 <= kinds["stats"] <= 44, f"{where}: {kinds}"
    assert 12 <= kinds["event"] <= 16, f"{where}: {kinds}"
    assert kinds["support"] <= 4, f"{where}: {kinds}"


def original_facts() -> dict[str, dict[str, Any]]:
    doc = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    key = {s: g[0] for g in doc["series_groups"] for s in g}
    return {
        base_id(c["id"]): {
            "type": c["type"],
            "color": c["color"],
            "series": key.get(c["series"], c["series"]),
            "ex": c.get("ex", False),
            "stats": c["ap"] is not None,
        }
        for c in doc["cards"]
    }


def test_original_decks_legal() -> None:
    facts = original_facts()
    decks = {n: d for n, d in load_decks().items() if all(i.split(" ")[0] in ("SLA", "HTD") for i in d["main"])}
    assert len(decks) >= 2
    assert len({d["series"] for d in decks.values()}) >= 2
    colors = []
    for name, d in decks.items():
        check_legal(d, facts, name)
        cards = [facts[base_id(i)] for i in d["main"]]
        series = {c["series"] for c in cards}
        assert series == {facts[base_id(d["main"][0])]["series"]}, f"{name}: mixed series {series}"
        colors.append(frozenset(c["color"] for c in cards if c["color"] != "purple"))
    assert len(set(colors)) == len(colors), "original decks should use different colors"


def test_mhk_decks_legal() -> None:
    decks = {n: d for n, d in load_decks().items() if all(i.startswith("MHK ") for i in d["main"] + d["ex"])}
    assert len(decks) >= 2
    assert len(load_decks()) == len(decks) + sum(
        1 for d in load_decks().values() if all(i.split(" ")[0] in ("SLA", "HTD") for i in d["main"])
    ), "every deck list is either an original or an MHK deck"
    if not (PRECIOUS / "data" / "MHK").is_dir():
        pytest.skip("precious-data (MHK) is not available")
    facts = mhk_facts()
    for name, d in decks.items():
        check_legal(d, facts, name)
        colors = Counter(facts[base_id(i)]["color"] for i in d["main"])
        assert len(colors) <= 2, f"{name}: colors {colors}"


SCENARIOS_DIR = MAIN / "fixtures" / "scenarios"
SCRIPT_FIELDS = {"do", "targets", "trigger", "condition", "why", "optional"}


def test_scenario_carriers_mirror_the_mhk_facts_without_scripts() -> None:
    """fixtures/scenarios/cards_carriers.json: each "TEST x" carrier has the facts of "MHK x", effects unscripted."""
    carriers = json.loads((SCENARIOS_DIR / "cards_carriers.json").read_text(encoding="utf-8"))
    mhk = {c["id"]: c for c in json.loads((MAIN / "fixtures" / "cards" / "mhk.json").read_text(encoding="utf-8"))["cards"]}
    assert carriers["format"] == "pmemo-cards" and carriers["cards"]
    used = set()
    for path in SCENARIOS_DIR.glob("*.json"):
        if not path.name.startswith("cards_"):
            used |= set(re.findall(r'"(TEST [^"]+)"', path.read_text(encoding="utf-8")))
    ids = {c["id"] for c in carriers["cards"]}
    assert used <= ids, f"scenarios name carriers that are not in the file: {sorted(used - ids)}"
    for card in carriers["cards"]:
        real = mhk["MHK " + card["id"].removeprefix("TEST ")]
        same = {k: v for k, v in card.items() if k not in ("id", "effects", "backup")}
        assert same == {k: v for k, v in real.items() if k not in ("id", "effects", "backup")}, card["id"]
        entries = [*card.get("effects", []), *([card["backup"]] if "backup" in card else [])]
        assert len(card.get("effects", [])) == len(real.get("effects", [])), card["id"]
        assert all(not SCRIPT_FIELDS & e.keys() for e in entries), f"{card['id']}: a carrier's effects are unscripted"
