"""The error raised at the log boundary, carrying a ruling object (spec/rules.md)."""

from __future__ import annotations

from typing import Any, Literal

LogRule = Literal["log.schema", "log.card"]


class LogError(ValueError):
    """A malformed log (``log.schema``) or an unknown card id (``log.card``).

    ``ruling`` is shaped exactly like the spec's ruling object::

        {"index": 5, "path": "5.pay.0.hand", "rule": "log.schema", "ref": None,
         "message": "action 5 (summon): unknown field 'hnd' in 'pay.0'"}

    ``index`` is the 0-based index of the top-level action (``None`` for errors outside
    the actions: the header, the top-level object, undecodable input); ``path`` is dotted.
    """

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        path: str = "",
        rule: LogRule = "log.schema",
    ) -> None:
        super().__init__(message)
        self.ruling: dict[str, Any] = {
            "index": index,
            "path": path,
            "rule": rule,
            "ref": None,
            "message": message,
        }

    @property
    def index(self) -> int | None:
        """The top-level action index, or ``None``."""
        return self.ruling["index"]

    @property
    def path(self) -> str:
        """The dotted path of the offending value."""
        return self.ruling["path"]

    @property
    def rule(self) -> LogRule:
        """``"log.schema"`` or ``"log.card"``."""
        return self.ruling["rule"]

    @property
    def message(self) -> str:
        """The plain-words explanation."""
        return self.ruling["message"]
