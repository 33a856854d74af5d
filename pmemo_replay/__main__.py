"""``python -m pmemo_replay``: the command line."""

import sys

from pmemo_replay.cli import main

sys.exit(main())
