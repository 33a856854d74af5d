"""Precious Memories (``pm-2.22``): the ruleset (engine.pm.ruleset) and its fold.

The fold's hot modules may run compiled (mypyc, ``tools/build_compiled.py``): :data:`BUILD` says which build runs
and why; a build whose recorded sources no longer match, or ``PMEMO_PURE=1``, leaves pure Python (engine/compiled.py).
"""

from engine.compiled import use_compiled

BUILD = use_compiled(__name__, __path__)
