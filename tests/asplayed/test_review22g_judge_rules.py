"""Review r22g of issue 22, finding 3: the judge lists the rules one irregular action broke as a list, each with its
rule-book reference (before, they ran on joined by ";:", and a message holding a ";" of its own blurred them)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from flask.testing import FlaskClient

from tests.asplayed.test_review22f_web import _one_action_breaking_two_rules
from tests.web.test_pages import token

ROOT = Path(__file__).resolve().parents[2]
SHORT = (ROOT / "fixtures" / "as-played" / "short-payments.jsonl").read_text(encoding="utf-8")  # 4 and 21 paid short
#: a rule as the judge lists it: its id, its rule-book reference, a dash, its message
RULE = r"[a-z]+\.[a-z_]+ \(Rule Book v2\.22 P\d\d\) — .+"


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html))).strip()


def irregular_items(html: str) -> dict[int, tuple[str, list[str]]]:
    """The judge's list of irregular actions: action index -> (what the item says before its rules, each rule's text)."""
    listed = re.search(r'<details class="verdict-details" id="irregular-list".*?</details>', html, re.S)
    assert listed, "no list of irregular actions"
    items = {}
    for part in listed.group(0).split('<li data-index="')[1:]:
        index, body = part.split('">', 1)
        rules = [text_of(r) for r in re.findall(r'<(?:span|li) class="irregular-rule">(.*?)</(?:span|li)>', body, re.S)]
        head = re.split(r'<span class="irregular-rule"|<ul class="irregular-rules"', body)[0]
        items[int(index)] = (text_of(head), rules)
    return items


# -- finding 3: the rules of one irregular action, each with its reference ------------------------------------------

def test_the_judge_lists_the_rules_one_action_broke_as_a_list(client: FlaskClient) -> None:
    """One action that broke several rules: one item, and a list of its rules, each with its reference (before, they
    ran on joined by ";:", "…(nothing);: cost.identity …", and a message with a ";" of its own blurred them)."""
    text, index = _one_action_breaking_two_rules()
    html = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": text.decode()}).get_data(as_text=True)
    head, rules = irregular_items(html)[index]
    assert ";:" not in text_of(html)
    assert head == f"action {index} broke {len(rules)} rules:" and len(rules) >= 2
    assert all(re.fullmatch(RULE, r) for r in rules), rules
    assert rules[0].startswith("cost.amount (Rule Book v2.22 P11) — ")
    assert re.search(rf'<li data-index="{index}">.*?<ul class="irregular-rules">(<li class="irregular-rule">.*?</li>)+</ul></li>',
                     html, re.S)


def test_an_action_that_broke_one_rule_reads_as_one(client: FlaskClient) -> None:
    html = client.post("/judge", data={"csrf_token": token(client, "/judge"), "log": SHORT}).get_data(as_text=True)
    items = irregular_items(html)
    assert sorted(items) == [4, 21]
    for index, (head, rules) in items.items():
        assert head == f"action {index}:" and len(rules) == 1 and re.fullmatch(RULE, rules[0]), (head, rules)
        assert rules[0].startswith("cost.amount (Rule Book v2.22 P11) — ")
        assert text_of(html).count(f"action {index}: cost.amount (Rule Book v2.22 P11) — ") == 1
