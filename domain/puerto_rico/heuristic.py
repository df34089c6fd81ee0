"""A simple heuristic Puerto Rico player: greedy, one-step rules of thumb with seeded noise.

It values roles by what they bring it now (doubloons on the card included), builds the dearest
useful building it can afford (large buildings late), mans buildings before plantations that feed
them, sells and ships its most valuable goods. Not strong, but its games look like real play.
"""

from __future__ import annotations

import random
from typing import Any

from domain.puerto_rico import actions as A
from domain.puerto_rico.components import (
    BUILDINGS,
    CORN,
    HARBOR,
    PRICES,
    QUARRY,
)
from domain.puerto_rico.roles import craftsman, mayor
from domain.puerto_rico.roles.builder import cost
from domain.puerto_rico.state import Player, State

_VIOLET_TASTE = {
    "small_market": 2.0,
    "hacienda": 1.0,
    "construction_hut": 1.5,
    "small_warehouse": 1.5,
    "hospice": 2.5,
    "office": 3.0,
    "large_market": 3.5,
    "large_warehouse": 3.0,
    "factory": 5.0,
    "university": 3.5,
    "harbor": 6.0,
    "wharf": 6.0,
}


class HeuristicBot:
    def __init__(self, rules: Any, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> str:
        legal = list(self.rules.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        p = state.players[seat]
        best = max(legal, key=lambda a: self._value(state, seat, p, a) + self.rng.random() * 0.3)
        return best

    def _value(self, s: State, seat: int, p: Player, action: str) -> float:
        parsed = A.parse(action)
        if parsed is None:
            return -99.0
        verb, arg = parsed.verb, parsed.arg
        if verb == A.ROLE:
            return self._role_value(s, seat, p, arg) + s.role_doubloons[arg]
        if verb == A.PASS:
            return 0.0
        if verb == A.HACIENDA:
            return 1.0 if p.island_count() < 10 else -1.0
        if verb == A.PLANTATION:
            return self._tile_value(s, p, arg)
        if verb == A.COLONIST:
            return self._target_value(p, arg)
        if verb == A.BUILD:
            return self._build_value(s, seat, p, arg)
        if verb in (A.EXTRA, A.SELL):
            return 1.0 + PRICES[arg]
        if verb == A.SHIP:
            have = p.goods[arg]
            if parsed.arg2 == A.WHARF:
                return have + 0.5
            i = s.ships.index(parsed.arg2)
            return min(have, parsed.arg2 - s.ship_load[i]) + 0.1 * PRICES[arg]
        if verb in (A.STORE, A.KEEP):
            return p.goods[arg] + 0.1 * PRICES[arg]
        if verb == A.SHIP_NOBLE:
            return 1.0 if arg == 1 else 0.0  # a noble is a colonist worth 1 VP more
        return 0.0

    def _role_value(self, s: State, seat: int, p: Player, role: int) -> float:
        name = A.ROLE_ACTIONS[role][5:]
        goods = sum(p.goods)
        if name == "builder":
            affordable = sum(
                1
                for b in range(len(BUILDINGS))
                if s.bsupply[b] and b not in p.buildings and cost(p, b, True) <= p.doubloons
            )
            return 0.5 + 0.3 * min(affordable, 8) + (1.0 if p.doubloons >= 6 else 0.0)
        if name == "craftsman":
            made = craftsman.capacity(p)
            return 1.2 * sum(made) + (0.8 if sum(1 for m in made if m) > 1 else 0.0)
        if name == "trader":
            best = max((PRICES[g] for g in range(5) if p.goods[g] and g not in s.house), default=-1)
            return 0.0 if best < 0 or len(s.house) >= 4 else 1.5 + best
        if name == "captain":
            return 1.0 * goods + (0.5 if goods and p.has(HARBOR) else 0.0)
        if name == "settler":
            return 2.0 if p.island_count() < 12 else 0.0
        if name == "mayor":
            room = sum(mayor.capacities(p)) - p.san_juan
            return 0.5 + 0.25 * min(max(0, room), 8)
        return 1.0  # prospector

    def _tile_value(self, s: State, p: Player, tile: int) -> float:
        if tile == QUARRY:
            return 3.0 if s.round < 10 else 1.5
        plants = [0] * 5
        for b, _w in zip(p.buildings, p.workers, strict=True):
            g = BUILDINGS[b].good
            if g >= 0:
                plants[g] += BUILDINGS[b].slots
        if tile == CORN:
            return 2.2
        need = plants[tile] - p.tiles[tile]
        return 1.0 + PRICES[tile] * 0.3 + (1.5 if need > 0 else 0.0)

    def _target_value(self, p: Player, target: int) -> float:
        if target < 6:
            if target in (CORN, QUARRY):
                return 3.0
            fed = sum(
                w
                for b, w in zip(p.buildings, p.workers, strict=True)
                if BUILDINGS[b].good == target
            )
            return 2.0 + (2.0 if fed > p.manned[target] else 0.0)
        b = BUILDINGS[target - 6]
        if b.good >= 0:
            return 2.5 + (2.0 if p.tiles[b.good] > 0 else 0.0)
        return 4.0

    def _build_value(self, s: State, seat: int, p: Player, building: int) -> float:
        b = BUILDINGS[building]
        if b.kind == "violet_large":
            return 8.0 + s.round * 0.2
        if b.good >= 0:
            useful = p.tiles[b.good] > 0
            return (2.0 + b.vp) if useful else 0.5
        return _VIOLET_TASTE.get(b.id, 1.0) + b.vp * 0.5
