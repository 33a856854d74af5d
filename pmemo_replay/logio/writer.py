"""Writing pmemo-log v1 in either form; reading the output back gives an equal :class:`PmemoLog`."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from .reader import LogForm, PmemoLog
from .schemas import FORMAT, VERSION

_HEAD = f'{{"format": "{FORMAT}", "version": {VERSION},'


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def dump_json(log: PmemoLog) -> str:
    """The log as one JSON document: the header on one line, then one action per line."""
    parts = [_HEAD, f' "game": {_dumps(log.header)},']
    if log.actions:
        parts.append(' "actions": [')
        parts.append(",\n".join(f"  {_dumps(action)}" for action in log.actions))
        parts.append(" ]}")
    else:
        parts.append(' "actions": []}')
    return "\n".join(parts) + "\n"


def dump_jsonl(log: PmemoLog) -> str:
    """The log as JSON Lines: the header object, then one compact action per line."""
    head = _compact({"format": FORMAT, "version": VERSION, "game": log.header})
    return "".join([head, "\n", *(_compact(action) + "\n" for action in log.actions)])


def form_for(path: str | os.PathLike[str] | None, fallback: LogForm) -> LogForm:
    """The form to write to ``path``: its suffix's (``.json`` / ``.jsonl``), else ``fallback`` (a name without either,
    ``/dev/null``, standard output: the input's form).

    >>> form_for("out.JSON", "jsonl"), form_for("/dev/null", "jsonl"), form_for(None, "json")
    ('json', 'jsonl', 'json')
    """
    suffix = Path(os.fspath(path)).suffix.lower() if path else ""
    return "json" if suffix == ".json" else "jsonl" if suffix == ".jsonl" else fallback


def write_log(log: PmemoLog, path: str | os.PathLike[str], *, form: LogForm | None = None) -> None:
    """Write ``log`` as UTF-8 to ``path`` (``"-"``: standard output).

    The form comes from ``form``, else from the suffix (``.json`` / ``.jsonl``), else, for
    ``"-"``, from ``log.form``.
    """
    target = os.fspath(path)
    if form is None:
        suffix = Path(target).suffix.lower()
        if suffix in (".json", ".jsonl"):
            form = "json" if suffix == ".json" else "jsonl"
        elif target == "-":
            form = log.form
        else:
            raise ValueError(f"cannot tell the log form from {target!r}: use .json or .jsonl")
    text = dump_json(log) if form == "json" else dump_jsonl(log)
    if target == "-":
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    else:
        Path(target).write_bytes(text.encode("utf-8"))
