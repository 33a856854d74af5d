"""The log boundary: read, validate and write pmemo-log v1 game logs (spec/log-format.md).

>>> log = parse_log('{"format": "pmemo-log", "version": 1, "game": {"first": 0, "players": ['
...                 '{"name": "A", "deck": ["MHK ST-001"]}, {"name": "B", "deck": ["MHK ST-002"]}]},'
...                 ' "actions": [{"type": "keep", "p": 0}]}')
>>> log.header["ruleset"], log.actions
('pm-2.22', [{'type': 'keep', 'p': 0}])
>>> parse_log(dump_jsonl(log)) == log
True
"""

from .errors import LogError
from .reader import PmemoLog, card_ids, check_card_ids, load_log, parse_log, read_log
from .schemas import DEFAULT_RULESET, FORMAT, VERSION, is_card_id
from .writer import dump_json, dump_jsonl, form_for, write_log

__all__ = [
    "DEFAULT_RULESET",
    "FORMAT",
    "VERSION",
    "LogError",
    "PmemoLog",
    "card_ids",
    "check_card_ids",
    "dump_json",
    "dump_jsonl",
    "form_for",
    "is_card_id",
    "load_log",
    "parse_log",
    "read_log",
    "write_log",
]
