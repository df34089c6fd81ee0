"""Bots for Mundus Novus: the core's uniform random bot, and a simple heuristic player."""

from __future__ import annotations

from typing import Any

from domain.core import bots as core_bots
from domain.core.protocol import Bot


def make_bot(rules: Any, kind: str, seed: int) -> Bot[Any]:
    from domain.mundus_novus.heuristic import HeuristicBot

    return core_bots.make_bot(rules, kind, seed, HeuristicBot)
