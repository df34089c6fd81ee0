"""Bots: the core's uniform random bot, and a heuristic that plays towards the fort cards."""

from __future__ import annotations

import random
from typing import Any

from domain.century_new_world import cubes as C
from domain.century_new_world.locations import REST
from domain.century_new_world.scoring import breakdown
from domain.century_new_world.state import State
from domain.core import bots as core_bots
from domain.core.protocol import Bot, Decision

VALUE = (1.0, 2.0, 3.0, 4.0)
"""What a cube of each kind is worth to the heuristic (corn < meat < tobacco < fur)."""
UPGRADE_STEP = 0.6
"""What raising a held cube one kind costs the heuristic (part of a placement)."""


def make_bot(rules: Any, kind: str, seed: int) -> Bot[Any]:
    return core_bots.make_bot(rules, kind, seed, HeuristicBot)


def _shortfall(have: C.Cubes, need: C.Cubes) -> float:
    """How far `have` is from paying `need`.

    Cubes only go up (an upgrade raises a cube one kind; nothing lowers one), so a cube of the
    needed kind pays at once, a lower cube pays after upgrades (costing the levels it must climb)
    and a higher cube pays nothing; a cube not held at all costs its kind's value.
    """
    spare = list(have)
    short = [0, 0, 0, 0]
    for k in range(4):
        used = min(spare[k], need[k])
        spare[k] -= used
        short[k] = need[k] - used
    missing = 0.0
    for k in (3, 2, 1):
        for j in range(k - 1, -1, -1):
            take = min(spare[j], short[k])
            spare[j] -= take
            short[k] -= take
            missing += take * (k - j) * UPGRADE_STEP
    return missing + sum(n * VALUE[k] for k, n in enumerate(short))


def _settler_value(available: int) -> float:
    """Available settlers matter while few are left; beyond a turn or two's worth they add
    little, so the bot does not rest while it still has settlers to place."""
    return 1.2 * min(available, 3) + 0.1 * max(available - 3, 0)


def _idle(before: State, after: State, seat: int) -> bool:
    """Whether a rest changed nothing of the seat's (no settler taken back). One step ahead,
    such a pass can look better than every placement (each spends a settler before it pays),
    and when every seat sees it so, nobody moves again: bots that only passed, forever, from
    positions a person's game can reach (a rollout of the analysis never ended)."""
    return before.players[seat].available == after.players[seat].available


class HeuristicBot:
    """Looks one step ahead: points, then closeness to the best fort card, cubes and settlers."""

    def __init__(self, rules: Any, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def evaluate(self, s: State, seat: int) -> float:
        p = s.players[seat]
        points = sum(breakdown(s, seat).values()) - (p.cubes[1] + p.cubes[2] + p.cubes[3])
        targets = [s.t.cards[ci] for ci in s.fort_card if ci >= 0]
        gap = min((_shortfall(p.cubes, c.cost) - c.points * 0.3 for c in targets), default=0.0)
        cube_value = sum(v * n for v, n in zip(VALUE, p.cubes, strict=True))
        over = max(sum(p.cubes) - s.t.facts.storage, 0)
        return (
            points * 3.0
            - gap * 1.2
            + min(cube_value, 18) * 0.4
            - over * 2
            + _settler_value(p.available)
            + len(p.cards) * 2
        )

    def choose(self, state: State, seat: int) -> str:
        legal = self.rules.legal_actions(state, seat)
        if len(legal) == 1:
            return str(legal[0])
        best: list[str] = []
        top = float("-inf")
        for action in legal:
            after = self.rules.apply(state, Decision(seat, action))
            if action == REST and _idle(state, after, seat):
                continue  # a rest that takes back nothing is a pass; see `_idle`
            score = self.evaluate(after, seat) + self.rng.random() * 0.3
            if score > top:
                top, best = score, [action]
        return best[0] if best else REST
