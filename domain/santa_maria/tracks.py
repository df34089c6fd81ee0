"""The two tracks: piety (monks, blue dice, points past the end) and conquistador (gold, scoring).

Functions edit a private state; they return the tasks to do next (monk placements) and queue
chance nodes (a new blue die is rolled by chance).
"""

from __future__ import annotations

from domain.santa_maria.components import GOLD, GRAIN
from domain.santa_maria.economy import gain, one
from domain.santa_maria.state import State, Task

BLUE_DIE_SYMBOLS = (0, 2)
"""The 1st and 3rd monk symbols also give a blue die (rulebook, piety). A die gained while
resting can be used only from the next year (rulebook, rest): it is not rolled now (with shared
dice it would join the pool for the others) but with all the blue dice at the next year's roll."""


def piety_walk(s: State, seat: int, steps: int) -> list[Task]:
    """Move `steps` spaces; each monk symbol passed hires a monk; past the end 1 point a step."""
    p = s.players[seat]
    symbols = s.cat.monk_symbols
    tasks: list[Task] = []
    for _ in range(steps):
        if p.piety >= s.cat.piety_length:
            p.vp += 1
            continue
        p.piety += 1
        if p.piety in symbols:
            index = symbols.index(p.piety)
            if p.caps:  # the Maya player: a card or a storage tile filled (KO module D)
                tasks.append(("mmonk",))
            elif p.monks > 0:
                tasks.append(("monk",))
            if index in BLUE_DIE_SYMBOLS and s.blue_supply > 0:
                s.blue_supply -= 1
                p.blue_owned += 1
                if p.rested:  # usable only from the next year: rolled with the others then
                    s.blue_waiting += 1
                else:
                    s.chance = (*s.chance, ("blue1", seat))
    return tasks


def pay_extra_step(s: State, seat: int) -> None:
    """One grain (or gold in its place) for one more piety step."""
    p = s.players[seat]
    res = list(p.res)
    if res[GRAIN] > 0:
        res[GRAIN] -= 1
    else:
        res[GOLD] -= 1
    p.res = tuple(res)


def conquer(s: State, seat: int) -> None:
    """One step on the conquistador track: on top of any marker there, gold on gold symbols."""
    p = s.players[seat]
    if p.conq >= s.cat.conq_length:
        return
    p.conq += 1
    s.stamp += 1
    p.conq_stamp = s.stamp
    if p.conq in s.cat.gold_spaces:
        if s.maya is None:
            gain(p, one(GOLD))
        else:
            _maya_gold(s, seat)


def _maya_gold(s: State, seat: int) -> None:
    """Gold symbols with the Maya city (KO module D): the Maya takes gold from the supply and
    protects the symbol from colonists behind it; a colonist passing first takes the Maya's."""
    from domain.santa_maria import maya
    from domain.santa_maria.engine import take_maya_gold

    p = s.players[seat]
    if seat == maya.MAYA:
        maya.add_gold(s, 1)
        return
    if s.players[maya.MAYA].conq >= p.conq:
        return  # the Maya passed this symbol first: no gold
    gain(p, one(GOLD))
    take_maya_gold(s, 1)


def conquistador_order(s: State) -> list[int]:
    """Seats that moved this year, best first: farther ahead, then the lower marker of a stack."""
    moved = [i for i, p in enumerate(s.players) if p.conq > 0]
    return sorted(moved, key=lambda i: (-s.players[i].conq, s.players[i].conq_stamp))


def score_conquistadors(s: State) -> dict[int, int]:
    """Year-end points by the table for the player count and year; solo by the trees."""
    awarded: dict[int, int] = {}
    table = s.cat.conq_scoring
    if s.n == 1:
        p = s.players[0]
        if p.conq >= s.cat.solo_trees[s.year - 1]:
            awarded[0] = table[2][s.year][0]
    else:
        points = table[min(s.n, 4)][s.year]  # 5 players score as 4 (KO module D)
        for rank, seat in enumerate(conquistador_order(s)):
            if rank < len(points):
                awarded[seat] = points[rank]
    for seat, pts in awarded.items():
        again = s.year == 3 and "conquest_again" in s.players[seat].bishops
        s.players[seat].vp += 2 * pts if again else pts  # the bishop scores year 3 twice
    for p in s.players:
        p.conq = 0
        p.conq_stamp = 0
    return awarded
