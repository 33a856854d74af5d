"""Simulated logs shared by the table-log tests."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="session")
def sim_logs() -> list[dict[str, Any]]:
    from pmemo_replay.cards import bundled_cards
    from pmemo_replay.simulate import simulated_logs

    return list(simulated_logs(bundled_cards(), 24, seed=21))
