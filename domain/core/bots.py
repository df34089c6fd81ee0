"""Generic bots. Each owns a seeded `random.Random`, never the global one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.core.errors import SetupError
from domain.core.phrase import phrase
from domain.core.protocol import Action, Bot, Rules


class RandomBot:
    """Uniformly random among the legal actions: for property tests and benchmarks."""

    def __init__(self, rules: Rules[Any], seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Action:
        legal = self.rules.legal_actions(state, seat)
        return legal[self.rng.randrange(len(legal))]


BOT_KINDS = ("random", "heuristic")


def make_bot(
    rules: Rules[Any], kind: str, seed: int, heuristic: Callable[[Rules[Any], int], Bot[Any]]
) -> Bot[Any]:
    """The bot of `kind` for `rules`: the uniform random bot, or the game's own heuristic."""
    if kind == "random":
        return RandomBot(rules, seed)
    if kind == "heuristic":
        return heuristic(rules, seed)
    raise SetupError(
        phrase("unknown bot kind {kind}", kind=repr(kind)),
        hint=phrase("bots: {kinds}", kinds=", ".join(BOT_KINDS)),
    )
