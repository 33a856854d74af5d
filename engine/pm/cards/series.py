"""Series aliases for precious-data sets: set names that count as the same work.

Names are compared in a normal form (:func:`series_form`: NFKC, one case for Latin letters, no spaces), so
spellings that differ only so need no alias. Three sources, applied as :class:`engine.pm.cards.CardDB` series
groups:

* :data:`ALIASES`: names card texts use for a set (the MHK texts say
  『魔法科高校の劣等生 星を呼ぶ少女』 for the set 「劇場版 魔法科高校の劣等生 星を呼ぶ少女」);
* :data:`RULE_BOOK_GROUPS`: the rule book's 15 "same series" groups (Rule Book v2.22,
  "Regarding Series"), matched to the Japanese set names of precious-data's
  ``lib/setData.json`` (plus a few titles of the same works that list does not carry);
* :func:`movie_base`: a name with a 劇場版 / 映画 prefix (or a 劇場版 suffix) is the same work as
  the name without it (``映画「けいおん！」`` -> ``けいおん！``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

ALIASES: tuple[tuple[str, ...], ...] = (("劇場版 魔法科高校の劣等生 星を呼ぶ少女", "魔法科高校の劣等生 星を呼ぶ少女"),)

#: Rule-book group number -> set names (setData.json spelling first).
RULE_BOOK_GROUPS: tuple[tuple[str, ...], ...] = (
    # 1 K-On!
    ("けいおん！", "けいおん！Part2", "けいおん！！", "けいおん！！Part.2", "映画「けいおん！」"),
    # 2 Hidamari Sketch
    (
        "ひだまりスケッチ",
        "ひだまりスケッチ×ハニカム",
        "ひだまりスケッチ×365",
        "ひだまりスケッチ×☆☆☆",
        "ひだまりスケッチ×SP",
    ),
    # 3 OreImo (with the show-in-the-show "Stardust☆Witch Meruru")
    (
        "俺の妹がこんなに可愛いわけがない",
        "俺の妹がこんなに可愛いわけがない。",
        "星くず☆うぃっちメルル",
    ),
    # 4 WORKING!!
    ("WORKING！！", "WORKING´!!", "WORKING!!!"),
    # 5 Squid Girl
    ("侵略！イカ娘", "侵略!?イカ娘"),
    # 6 Monogatari
    ("化物語", "偽物語", "<物語>シリーズ", "<物語>シリーズ セカンドシーズン"),
    # 7 Madoka Magica
    (
        "魔法少女まどか☆マギカ",
        "劇場版 魔法少女まどか☆マギカ",
        "劇場版 魔法少女まどか☆マギカ[新編]叛逆の物語",
    ),
    # 8 Hatsune Miku and the other Crypton voices
    (
        "初音ミク",
        "初音ミクPart.2",
        "初音ミクPart.3",
        "鏡音リン",
        "鏡音レン",
        "鏡音リン・レン",
        "巡音ルカ",
        "MEIKO",
        "KAITO",
        "弱音ハク",
        "重音テト",
        "亞北ネル",
    ),
    # 9 YuruYuri
    ("ゆるゆり", "ゆるゆり♪♪", "ゆるゆり　なちゅやちゅみ！", "ゆるゆり、"),
    # 10 Minami-ke
    ("みなみけ", "みなみけ おかわり", "みなみけ おかえり", "みなみけ ただいま"),
    # 11 Hyakka Ryouran
    ("百花繚乱", "百花繚乱 サムライガールズ", "百花繚乱 サムライブライド"),
    # 12 Kiniro Mosaic (setData calls KMPD "Hello!! Kiniro Mosaic Special")
    ("きんいろモザイク", "ハロー！！きんいろモザイク", "きんいろモザイク Pretty Days"),
    # 13 "LoveCome" (Oregairu); 完 is the later third season of the same work
    (
        "やはり俺の青春ラブコメはまちがっている。",
        "やはり俺の青春ラブコメはまちがっている。続",
        "やはり俺の青春ラブコメはまちがっている。完",
    ),
    # 14 Girls und Panzer; 最終章 is the later sequel of the same work
    ("ガールズ＆パンツァー", "ガールズ＆パンツァー　劇場版", "ガールズ＆パンツァー 最終章"),
    # 15 A Certain Magical Index / Scientific Railgun
    (
        "とある魔術の禁書目録",
        "とある魔術の禁書目録Ⅱ",
        "とある科学の超電磁砲",
        "とある科学の超電磁砲Ｓ",
        "とある科学の超電磁砲＆とある科学の超電磁砲Ｓ",
        "とある科学の超電磁砲T",
    ),
)

_SPACES = re.compile(r"\s+")
#: apostrophe-like signs that set data and card texts use for one another in a title (WORKING´!! in setData.json,
#: WORKING’!! in WKG's texts), all read as the ASCII apostrophe
_APOSTROPHES = str.maketrans(dict.fromkeys("´’‘`′＇", "'"))


@lru_cache(maxsize=4096)
def series_form(name: str) -> str:
    """The form in which two spellings of one series name compare equal: NFKC (full-width letters, digits and signs
    as their plain forms), Latin letters in one case, no spaces. Card texts and set data spell a set's name
    differently in just these ways (SZ2's texts say 生徒会の一存LV.2, its cards 生徒会の一存 Lv.2), and apostrophe-like
    signs as one (´ ’ ‘ ` ′ ＇ as ').

    >>> series_form("生徒会の一存LV.2") == series_form("生徒会の一存 Lv.2") == series_form("生徒会の一存\u3000ＬＶ．２")
    True
    >>> series_form("WORKING’!!") == series_form("WORKING´!!") == series_form("WORKING'!!")
    True
    >>> series_form("WORKING!!") == series_form("WORKING!!!")
    False
    """
    return _SPACES.sub("", unicodedata.normalize("NFKC", name.translate(_APOSTROPHES))).casefold()


_SPACE = "[ \u3000]*"
_PREFIX = re.compile(f"^(?:劇場版|映画){_SPACE}")
_SUFFIX = re.compile(f"{_SPACE}劇場版$")


def movie_base(name: str) -> str:
    """The name without a 劇場版 / 映画 prefix or 劇場版 suffix (and 「」 around what is left).

    >>> movie_base("劇場版 魔法科高校の劣等生 星を呼ぶ少女")
    '魔法科高校の劣等生 星を呼ぶ少女'
    >>> movie_base("映画「けいおん！」")
    'けいおん！'
    >>> movie_base("けいおん！")
    'けいおん！'
    """
    base = _SUFFIX.sub("", _PREFIX.sub("", name))
    if base == name:
        return name
    if base.startswith("「") and base.endswith("」"):
        base = base[1:-1]
    return base or name


def series_groups_for(names: Iterable[str]) -> list[list[str]]:
    """The alias groups that concern any of ``names`` (a set's series as read)."""
    seen = set(names)
    groups = [list(g) for g in (*ALIASES, *RULE_BOOK_GROUPS) if seen.intersection(g)]
    for name in sorted(seen):
        base = movie_base(name)
        if base != name:
            groups.append([name, base])
    return groups
