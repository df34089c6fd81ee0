"""Bots for Mundus Novus: the core's uniform random bot, and a simple heuristic player."""

from __future__ import annotations

from typing import Any

from domain.core.bots import RandomBot
from domain.core.errors import NovusError
from domain.core.protocol import Bot


def make_bot(rules: Any, kind: str, seed: int) -> Bot[Any]:
    if kind == "random":
        return RandomBot(rules, seed)
    if kind == "heuristic":
        from domain.mundus_novus.heuristic import HeuristicBot

        return HeuristicBot(rules, seed)
    raise NovusError(f"unknown bot kind {kind!r}", hint="bots: random, heuristic")
