"""Cut a precious-data card text into the text of each effect, in the order the reader lists them.

Mirrors :func:`pmemo_replay.cards.precious_text.parse_text`: the Pinch-granted effects first, then the
automatic and continuous effects of the main text (grouped sentence by sentence the same way), then one
activated effect per timing bracket. The [Backup] part comes apart: its condition and its granted text.
Nothing here is kept: the texts are read by the compiler and dropped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from pmemo_replay.cards.precious_text import (
    _CONTINUES,
    _TRIGGER,
    _brackets,
    _close,
    _drop_reminders,
    _sentences,
    _tail,
    _unquote,
)


@dataclass
class Pieces:
    """The effect texts of one card (``effects`` lines up with ``Card.effects``)."""

    effects: list[str] = field(default_factory=list)
    backup_condition: str | None = None
    backup_text: str | None = None
    pinch: int | None = None  # the points a Pinch needs (its granted effects hold only then)


def _group(text: str, play: bool = False) -> list[str]:
    """The texts of the automatic/continuous effects of ``text`` (the reader's grouping)."""
    out: list[str] = []
    for n, sentence in enumerate(_sentences(text)):
        plain = _unquote(sentence)
        starts = (play and n == 0) or (not (out and (_CONTINUES.match(plain) or "この効果" in plain)) and (
            _TRIGGER.search(plain) is not None or not out or (not play and plain.startswith("このカードは"))))
        if starts:
            out.append(sentence)
        else:
            out[-1] += "。" + sentence
    return out


def _body(text: str, card_type: str) -> list[str]:
    marks = _brackets(text)
    if card_type == "event":
        if marks and not text[: marks[0].start()].strip():
            text = text[marks[0].end():].lstrip(" \u3000:：")
        return _group(text, play=True)
    out = _group(text[: marks[0].start()] if marks else text)
    ends = [m.start() for m in marks[1:]] + [len(text)]
    out += [text[m.start(): end].strip() for m, end in zip(marks, ends[: len(marks)], strict=True)]
    return out


def split(text: str | None, card_type: str) -> Pieces:
    """The effect texts of a card text (empty when it has none)."""
    pieces = Pieces()
    if not text or text.strip() in ("-", "－"):
        return pieces
    text = _drop_reminders(text)
    pos = 0
    while True:
        pos += len(text[pos:]) - len(text[pos:].lstrip())
        if text.startswith("〔", pos):
            end = _close(text, pos)
            inner = text[pos + 1: end - 1]
            word = unicodedata.normalize("NFKC", inner).strip()
            if word.startswith("逆境"):
                tail_end = _tail(text, end)
                granted = text[end:tail_end]
                q = granted.find("「")
                inside = granted[q + 1: granted.rfind("」")] if q >= 0 else ""
                digits = re.sub(r"\D", "", word)
                pieces.pinch = int(digits) if digits else None
                if inside:
                    pieces.effects += _body(inside, "chara")
                pos = tail_end
            elif word.startswith("支援"):
                tail_end = _tail(text, end)
                pieces.backup_condition = word[2:].lstrip(":").strip()
                granted = text[end:tail_end]
                q = granted.find("「")
                pieces.backup_text = granted[q + 1: granted.rfind("」")] if q >= 0 else None
                pos = tail_end
            else:
                pos = end
        elif text.startswith("レベルアップ", pos) and not text.startswith("レベルアップし", pos):
            pos += len("レベルアップ")
        else:
            break
    pieces.effects += _body(text[pos:], card_type)
    return pieces
