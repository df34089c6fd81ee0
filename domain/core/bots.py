"""Generic bots. Each owns a seeded `random.Random`, never the global one."""

from __future__ import annotations

import random
from typing import Any

from domain.core.protocol import Action, Rules


class RandomBot:
    """Uniformly random among the legal actions: for property tests and benchmarks."""

    def __init__(self, rules: Rules[Any], seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Action:
        legal = self.rules.legal_actions(state, seat)
        return legal[self.rng.randrange(len(legal))]
