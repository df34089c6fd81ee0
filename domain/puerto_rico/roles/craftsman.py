"""Craftsman: everyone produces, then the craftsman takes one extra barrel (KO).

Corn comes straight from manned corn plantations; other goods need a manned plantation *and* a
colonist in a production building of that good for each barrel. Production goes clockwise from
the craftsman and each takes only what the supply still holds. A manned Factory pays 0/1/2/3/5
doubloons for 1/2/3/4/5 kinds produced. The extra barrel is of a kind the craftsman produced
(none if he produced nothing, or the supply is out of those kinds).

Expansion 1: a manned Aqueduct adds one indigo (sugar) when the large indigo plant (large sugar
mill) produced; a manned Specialty Factory pays the most barrels of one non-corn kind minus 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.puerto_rico.actions import EXTRA_ACTIONS, Parsed
from domain.puerto_rico.components import (
    AQUEDUCT,
    BUILDINGS,
    CHAPEL,
    COFFEE,
    FACTORY,
    INDIGO,
    JEWELER,
    LARGE_INDIGO,
    LARGE_SUGAR,
    SPECIALTY_FACTORY,
    SUGAR,
    TOBACCO,
)
from domain.puerto_rico.state import Player, State
from domain.puerto_rico.turns import award_vp, end_phase, privilege

_EXPANSION_MASK = 1 << AQUEDUCT
FACTORY_BONUS = (0, 0, 1, 2, 3, 5)
"""Doubloons by number of kinds produced (KO)."""


_PRODUCES = tuple(b.good for b in BUILDINGS)
"""The good each building processes (-1: none), by building index."""


def capacity(p: Player) -> list[int]:
    """Barrels `p` could produce by good if the supply were unlimited: corn by its manned
    plantations, every other good by the lesser of its manned plantations and its manned
    production circles. (Written out: it runs for every player at every craftsman.)"""
    plants = [0, 0, 0, 0, 0]
    produces = _PRODUCES
    for b, w in zip(p.buildings, p.workers, strict=True):
        if w:
            g = produces[b]
            if g >= 0:
                plants[g] += w
    corn, indigo, sugar, tobacco, coffee = p.manned[:5]
    return [
        corn,
        indigo if indigo < plants[INDIGO] else plants[INDIGO],
        sugar if sugar < plants[SUGAR] else plants[SUGAR],
        tobacco if tobacco < plants[TOBACCO] else plants[TOBACCO],
        coffee if coffee < plants[COFFEE] else plants[COFFEE],
    ]


def start(s: State) -> None:
    n = s.nplayers
    s.produced = 0
    supply = list(s.goods_supply)
    players = list(s.players)
    changed = False
    for i in range(n):
        seat = (s.picker + i) % n
        made = capacity(players[seat])
        if not any(made):
            continue
        got = [m if m < left else left for m, left in zip(made, supply, strict=True)]
        if not any(got):
            continue
        changed = True
        c, d, e, f, g = got  # written out for the five goods: it runs at every craftsman
        supply[0] -= c
        supply[1] -= d
        supply[2] -= e
        supply[3] -= f
        supply[4] -= g
        p = players[seat].clone()
        if p.active & _EXPANSION_MASK:
            _aqueduct(p, got, supply)
            c, d, e, f, g = got
        h = p.goods
        p.goods = (h[0] + c, h[1] + d, h[2] + e, h[3] + f, h[4] + g)
        kinds = (c > 0) + (d > 0) + (e > 0) + (f > 0) + (g > 0)
        if i == 0:
            s.produced = (c > 0) | (d > 0) << 1 | (e > 0) << 2 | (f > 0) << 3 | (g > 0) << 4
            s.made = tuple(got)
        if p.has(FACTORY):
            p.doubloons += FACTORY_BONUS[kinds]
            s.bank_out += FACTORY_BONUS[kinds]
        if i and p.has(SPECIALTY_FACTORY):
            _specialty(s, p, got)
        players[seat] = p
    if changed:
        s.players = tuple(players)
    if s.noble_supply >= 0:
        _noble_buildings(s)
    s.goods_supply = tuple(supply)
    s.hand = privilege(s, s.picker)
    _offer_extra(s)


def _offer_extra(s: State) -> None:
    """The craftsman's extra barrel(s): a decision when two or more kinds are possible."""
    while s.hand:
        choices = legal(s, s.picker)
        if len(choices) > 1:
            s.actor = s.picker
            return
        if not choices:
            break
        extra(s, EXTRA_ACTIONS.index(choices[0]))
        s.hand -= 1
    s.hand = 0
    _finish(s)


def _noble_buildings(s: State) -> None:
    """Expansion 2, every craftsman phase (KO): Chapel 1 doubloon (colonist) or 1 VP (noble);
    Jeweler 1 doubloon per noble owned."""
    for seat, p in enumerate(s.players):
        if p.has(CHAPEL):
            q = s.edit(seat)
            if q.noble_on >> CHAPEL & 1:
                award_vp(s, q, 1)
            else:
                q.doubloons += 1
                s.bank_out += 1
        if p.has(JEWELER) and p.nobles:
            q = s.edit(seat)
            q.doubloons += p.nobles
            s.bank_out += p.nobles


def _aqueduct(p: Player, got: list[int], supply: list[int]) -> None:
    """Aqueduct (KO): one more indigo / sugar when the large plant / mill produced any."""
    if not p.has(AQUEDUCT):
        return
    for good, large in ((INDIGO, LARGE_INDIGO), (SUGAR, LARGE_SUGAR)):
        if got[good] and p.has(large) and supply[good]:
            got[good] += 1
            supply[good] -= 1


def _specialty(s: State, p: Player, got: Sequence[int]) -> None:
    """Specialty Factory (KO): doubloons = the most barrels of one kind (not corn) minus 1,
    the craftsman's extra barrel included (corn 4, sugar 3, coffee 2 -> 2)."""
    pay = max(0, max(got[1:]) - 1)
    p.doubloons += pay
    s.bank_out += pay


def _finish(s: State) -> None:
    p = s.players[s.picker]
    if p.has(SPECIALTY_FACTORY) and any(s.made):
        _specialty(s, s.edit(s.picker), s.made)
    s.produced = 0
    s.made = (0,) * 5
    end_phase(s)


def legal(s: State, seat: int) -> tuple[str, ...]:
    return tuple(EXTRA_ACTIONS[g] for g in range(5) if s.produced >> g & 1 and s.goods_supply[g])


def extra(s: State, good: int) -> None:
    p = s.edit(s.picker)
    goods = list(p.goods)
    goods[good] += 1
    p.goods = tuple(goods)
    supply = list(s.goods_supply)
    supply[good] -= 1
    s.goods_supply = tuple(supply)
    made = list(s.made)
    made[good] += 1
    s.made = tuple(made)


def act(s: State, seat: int, parsed: Parsed, action: str = "") -> None:
    extra(s, parsed.arg)
    s.hand -= 1
    _offer_extra(s)
