"""A simple heuristic Puerto Rico player: greedy, one-step rules of thumb with seeded noise.

It values roles by what they bring it now (doubloons on the card included), builds the dearest
useful building it can afford (large buildings late), sells and ships its most valuable goods. Not
strong, but its games look like real play.

Its mayor turn is planned whole (`plan_colonists`): the engine takes the placements in target
order, tiles before buildings, so a colonist put on a building can never go back to a plantation
before it. Choosing one placement at a time by its own worth put the colonists on the production
buildings first and left their plantations empty, so only the seats that start on corn (which
needs no building) ever produced: with three players the third seat won 88% of the games.

Seat balance (`benchmarks/bench_bots.py puerto-rico --seats`) also rests on two valuations: a
corn plantation is worth more than a quarry (it makes a barrel with one colonist and no
building, so the indigo seats need it as much as the corn seat), and violet buildings that work
on goods (markets, warehouses, office, factory, harbor, wharf) are worth little before the goods
are made (the five-player governor, always the first builder, spent his start on a large market
and won under 1% of the games).
"""

from __future__ import annotations

import random
from typing import Any

from domain.puerto_rico import actions as A
from domain.puerto_rico.components import (
    BUILDINGS,
    CORN,
    HARBOR,
    MAYOR,
    PRICES,
    QUARRY,
)
from domain.puerto_rico.roles import craftsman, mayor
from domain.puerto_rico.roles.builder import cost
from domain.puerto_rico.roles.mayor import NTILES
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
        self.plan: tuple[tuple[Any, ...], list[int]] | None = None
        """The rest of this mayor turn's plan, and the position it is for (planned once a turn:
        the plan is the costliest thing the bot works out)."""

    def choose(self, state: State, seat: int) -> str:
        legal = list(self.rules.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        p = state.players[seat]
        if state.role == MAYOR and state.hand > 0 and state.pending < 0 and state.ship_offer < 0:
            placed = self._placement(state, seat, p)
            if placed in legal:
                return placed
        best = max(legal, key=lambda a: self._value(state, seat, p, a) + self.rng.random() * 0.3)
        return best

    def _placement(self, s: State, seat: int, p: Player) -> str:
        """The planned placement at the lowest target (placements go in target order)."""
        key = (seat, s.round, s.picks, s.hand, s.cursor, p.manned, p.workers)
        plan = self.plan[1] if self.plan is not None and self.plan[0] == key else None
        if plan is None:
            plan = plan_colonists(s, p)
        target = next((t for t, count in enumerate(plan) if count), -1)
        if target < 0:
            return ""
        rest = list(plan)
        rest[target] -= 1
        manned, workers = list(p.manned), list(p.workers)
        if target < NTILES:
            manned[target] += 1
        else:
            workers[p.buildings.index(target - NTILES)] += 1
        after = (seat, s.round, s.picks, s.hand - 1, target, tuple(manned), tuple(workers))
        self.plan = (after, rest)
        return A.COLONIST_ACTIONS[target]

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
            return max(0.5, (2.5 if s.round < 10 else 1.5) - 0.7 * p.tiles[QUARRY])
        if tile == CORN:
            return 3.5
        need = _slots(p)[tile] - p.tiles[tile]
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
        taste = _VIOLET_TASTE.get(b.id, 1.0)
        if b.id in _FOR_GOODS:  # worth little before the goods they work on are made
            taste *= min(1.0, 0.5 + 0.25 * _potential(p))
        return taste + b.vp * 0.5


def _slots(p: Player) -> list[int]:
    """Circles of `p`'s production buildings, by good."""
    slots = [0] * 5
    for b in p.buildings:
        g = BUILDINGS[b].good
        if g >= 0:
            slots[g] += BUILDINGS[b].slots
    return slots


_FOR_GOODS = frozenset(
    (
        "small_market",
        "large_market",
        "small_warehouse",
        "large_warehouse",
        "office",
        "factory",
        "harbor",
        "wharf",
    )
)
"""Violet buildings that only pay off on goods made (sold, kept or shipped)."""


def _potential(p: Player) -> int:
    """Barrels `p` could make a craftsman phase once every plantation and circle is manned."""
    slots = _slots(p)
    return p.tiles[CORN] + sum(min(p.tiles[g], slots[g]) for g in range(1, 5))


_BARREL = (2.0, 2.6, 3.0, 3.4, 3.8)
"""What one more barrel a production brings is worth to the mayor's plan, by good."""
_QUARRY = (1.2, 1.0, 0.6, 0.4, 0.0)
"""A manned quarry's worth to the mayor's plan: the first, the second, ..."""


def _violet_worth(building: int, round_: int) -> float:
    """A colonist on a violet building: small ones by taste, large ones (their VP) more as the
    game goes on."""
    b = BUILDINGS[building]
    if b.kind == "violet_large":
        return 2.0 + 0.1 * round_
    return 0.4 * _VIOLET_TASTE.get(b.id, 1.0)


def plan_colonists(s: State, p: Player) -> list[int]:
    """How many more colonists of the hand go on each target (6 tile types, then building
    indexes), from the cursor on.

    The hand is shared out among groups whose worth grows with the colonists they get: corn
    plantations (a barrel each), each other good (a barrel for each plantation and building
    circle manned together: a plantation alone, or a building alone, makes nothing), quarries
    (up to four), each violet building (its first colonist). The best share is found exactly
    (a knapsack over the groups, the hand being at most a few dozen); colonists left over go to
    the first free circles (the engine fills them in when the hand is as large as the room).
    """
    hand = s.hand
    free = mayor.capacities(p)
    for t in range(min(s.cursor, len(free))):
        free[t] = 0
    workers = [0] * 5  # colonists on production buildings, by good
    for b, w in zip(p.buildings, p.workers, strict=True):
        g = BUILDINGS[b].good
        if g >= 0:
            workers[g] += w
    groups: list[list[float]] = []  # worth of 0, 1, ... more colonists
    splits: list[list[int]] = []  # for a good: how many of them on plantations
    keys: list[int] = []  # the good (0-4), the quarry (5), or NTILES + a violet building
    for g in range(5):
        worth, split = _good_group(p, g, free, workers[g], hand)
        groups.append(worth)
        splits.append(split)
        keys.append(g)
    late = 0.5 if s.round >= 10 else 1.0
    quarries = [0.0]
    for k in range(min(hand, free[QUARRY])):
        nth = p.manned[QUARRY] + k  # each further quarry saves less (and on fewer buildings)
        quarries.append(quarries[-1] + late * _QUARRY[min(nth, len(_QUARRY) - 1)])
    groups.append(quarries)
    splits.append([])
    keys.append(QUARRY)
    for b, w in zip(p.buildings, p.workers, strict=True):
        if BUILDINGS[b].good < 0 and free[NTILES + b]:
            first = 0.0 if w else _violet_worth(b, s.round)
            groups.append([0.0] + [first] * min(hand, free[NTILES + b]))
            splits.append([])
            keys.append(NTILES + b)
    useful = [i for i, worth in enumerate(groups) if worth[-1] > 0]  # the others get none
    groups = [groups[i] for i in useful]
    splits = [splits[i] for i in useful]
    keys = [keys[i] for i in useful]
    plan = [0] * len(free)
    for i, k in enumerate(_knapsack(groups, hand)):
        key = keys[i]
        if key < 5:
            a = splits[i][k]
            plan[key] += a
            rest = k - a
            for b in p.buildings:
                if rest and BUILDINGS[b].good == key:
                    here = min(rest, free[NTILES + b])
                    plan[NTILES + b] += here
                    rest -= here
        else:
            plan[key] += k
    left = hand - sum(plan)
    for t in range(len(free)):
        here = min(left, free[t] - plan[t])
        if here > 0:
            plan[t] += here
            left -= here
    return plan


def _good_group(
    p: Player, g: int, free: list[int], workers: int, hand: int
) -> tuple[list[float], list[int]]:
    """Worth of 0, 1, ... more colonists on good `g`, and how many of them go on plantations
    (the rest on its buildings' free circles): a barrel for each plantation with a building
    circle to match (corn needs none)."""
    slots = 0 if g == CORN else sum(free[NTILES + b] for b in p.buildings if BUILDINGS[b].good == g)
    manned = p.manned[g]
    made = manned if g == CORN else min(manned, workers)
    worth, split = [0.0], [0]
    for k in range(1, min(hand, free[g] + slots) + 1):
        best, best_a = -1, 0
        for a in range(max(0, k - slots), min(k, free[g]) + 1):
            now = manned + a if g == CORN else min(manned + a, workers + k - a)
            if now > best:
                best, best_a = now, a
        worth.append(_BARREL[g] * (best - made))
        split.append(best_a)
    return worth, split


def _knapsack(groups: list[list[float]], hand: int) -> list[int]:
    """How many colonists each group gets for the most worth in all (at most `hand`)."""
    table = [[0.0] * (hand + 1)]  # table[i][c]: best of the first i groups with c colonists
    for worth in groups:
        row = []
        for c in range(hand + 1):
            row.append(max(table[-1][c - k] + worth[k] for k in range(min(c, len(worth) - 1) + 1)))
        table.append(row)
    share = [0] * len(groups)
    c = hand
    for i in range(len(groups) - 1, -1, -1):
        worth = groups[i]
        k = next(
            k
            for k in range(min(c, len(worth) - 1) + 1)
            if table[i][c - k] + worth[k] == table[i + 1][c]
        )
        share[i] = k
        c -= k
    return share
