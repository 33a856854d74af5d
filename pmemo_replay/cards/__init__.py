"""Card data: the native ``pmemo-cards`` format and community precious-data files.

>>> from pmemo_replay.cards import bundled_cards
>>> bundled_cards().get("MHK ST-001").name
'司波 達也'
"""

from engine.pm.cards.errors import CardDataError
from engine.pm.cards.native import dump_native, parse_native, read_native
from engine.pm.cards.precious import parse_precious, precious_card, read_precious
from pmemo_replay.cards.loader import bundled_cards, load_cards, load_file

__all__ = [
    "CardDataError",
    "bundled_cards",
    "dump_native",
    "load_cards",
    "load_file",
    "parse_native",
    "parse_precious",
    "precious_card",
    "read_native",
    "read_precious",
]
