"""Drafts: games recorded at the table as they are played (table-logs.md, "Recording drafts").

``service.Drafts`` stores and serves them; ``folding.DraftFold`` folds one action at a time (judge and
public views); ``offers`` says what the recorder may do now; ``cache`` keeps each process's folds.
"""

from pmemo_replay.drafts.service import DraftError, Drafts, Finished

__all__ = ["DraftError", "Drafts", "Finished"]
