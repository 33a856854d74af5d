"""Yes/no query parameters and form boxes, read one way everywhere (``as_played``, ``regular_only``).

>>> parse_flag("as_played", "1"), parse_flag("regular_only", "no")
(True, False)
>>> parse_flag("as_played", "2")
Traceback (most recent call last):
...
pmemo_replay.flags.FlagError: as_played: must be 1, true, yes or on (yes), or 0, false, no or off (no), not '2'
"""

from __future__ import annotations

#: the words a flag takes, exactly so (the published description lists them); "on" is what an HTML box without a
#: value sends
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
#: every accepted value, for a published description
FLAG_VALUES = (*TRUE_WORDS, *FALSE_WORDS)
#: what a flag takes, in words (every refusal of a flag's value says it, after the parameter's name)
FLAG_WORDS = "must be 1, true, yes or on (yes), or 0, false, no or off (no)"


class FlagError(ValueError):
    """A flag's value is none of :data:`FLAG_VALUES`; the message names the parameter."""


def parse_flag(name: str, text: str) -> bool:
    """``text`` read as yes or no; :class:`FlagError` naming ``name`` for anything else."""
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    raise FlagError(f"{name}: {FLAG_WORDS}, not {text!r}")
