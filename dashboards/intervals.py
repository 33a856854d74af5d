"""Win rates with Wilson score intervals, and the empirical-Bayes shrunk win rate.

>>> wilson(0.5, 0)
>>> [round(x, 4) for x in wilson(7, 10)]
[0.3968, 0.8922]
>>> [round(x, 4) for x in wilson(10, 10)]
[0.7225, 1.0]
>>> rate(1.5, 3), rate(0, 0)
(0.5, None)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z = 1.96
#: the prior's strength (alpha + beta) when the card win rates vary no more than sampling noise explains
MAX_STRENGTH = 1e6
#: the prior never weighs more than this many typical cards' games: a card played in the median number of
#: player-games keeps at least half of its own record, so the column still ranks cards by what they did
STRENGTH_PER_MEDIAN_GAMES = 1.0


def rate(score: float, n: int) -> float | None:
    """The mean score over ``n`` player-games; ``None`` over none."""
    return score / n if n else None


def wilson(score: float, n: int, z: float = Z) -> list[float] | None:
    """The Wilson score interval ``[low, high]`` for ``score`` successes in ``n`` trials (a draw counts 0.5).

    With p = score / n: centre (p + z²/2n) / (1 + z²/n), half-width z / (1 + z²/n) · sqrt(p(1 − p)/n + z²/4n²).
    """
    if n <= 0:
        return None
    p = score / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    return [max(0.0, centre - half), min(1.0, centre + half)]


@dataclass(frozen=True, slots=True)
class BetaPrior:
    """A Beta(alpha, beta) prior over card win rates."""

    alpha: float
    beta: float

    @property
    def mean(self) -> float:
        return self.alpha / (self.alpha + self.beta)

    def shrink(self, score: float, n: int) -> float:
        """The posterior mean win rate: (score + alpha) / (n + alpha + beta)."""
        return (score + self.alpha) / (n + self.alpha + self.beta)

    def to_json(self) -> dict[str, float]:
        return {"alpha": self.alpha, "beta": self.beta, "mean": self.mean}


def fit_beta(scores: Sequence[float], games: Sequence[int]) -> BetaPrior | None:
    """A Beta prior fitted to the cards' GP win rates by the method of moments.

    m and v are the mean and (population) variance of the win rates p_i = score_i / n_i over cards
    with games. Part of v is binomial noise, whose expected size is the mean of m(1 − m)/n_i; what is
    left, v' = v − noise, is the spread of the true win rates. A Beta with mean m and variance v' has
    alpha + beta = m(1 − m)/v' − 1, so alpha = m·(alpha + beta) and beta = (1 − m)·(alpha + beta). When
    v' <= 0 the spread is all noise and the strength is capped at ``MAX_STRENGTH`` (every card shrinks
    to m). The strength is then capped at the median number of games per card
    (``STRENGTH_PER_MEDIAN_GAMES`` times it): the method of moments is noisy with few cards or games, and a
    prior stronger than a typical card's own record would flatten every card to the mean (a near-constant
    column that ranks nothing). ``None`` without cards with games.

    >>> p = fit_beta([30, 70, 50, 50], [100, 100, 100, 100])
    >>> round(p.mean, 3), round(p.alpha + p.beta, 1)
    (0.5, 13.3)
    >>> q = fit_beta([48, 52, 50, 50], [100, 100, 100, 100])  # all noise: capped at the median games, 100
    >>> round(q.alpha + q.beta, 1)
    100.0
    """
    pairs = [(s / n, n) for s, n in zip(scores, games, strict=True) if n > 0]
    if not pairs:
        return None
    m = sum(p for p, _ in pairs) / len(pairs)
    v = sum((p - m) ** 2 for p, _ in pairs) / len(pairs)
    noise = sum(m * (1 - m) / n for _, n in pairs) / len(pairs)
    spread = v - noise
    m = min(max(m, 1e-6), 1 - 1e-6)
    strength = MAX_STRENGTH if spread <= 0 else min(max(m * (1 - m) / spread - 1, 1e-6), MAX_STRENGTH)
    strength = min(strength, STRENGTH_PER_MEDIAN_GAMES * max(1.0, statistics.median(n for _, n in pairs)))
    return BetaPrior(m * strength, (1 - m) * strength)
