"""Card data: the native ``pmemo-cards`` format and community precious-data files.

>>> from pmemo_replay.cards import bundled_cards
>>> bundled_cards().get("MHK ST-001").name
'司波 達也'
"""

from pmemo_replay.cards.errors import CardDataError
from pmemo_replay.cards.loader import bundled_cards, load_cards, load_file
from pmemo_replay.cards.native import dump_native, parse_native, read_native
from pmemo_replay.cards.precious import parse_precious, precious_card, read_precious

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
