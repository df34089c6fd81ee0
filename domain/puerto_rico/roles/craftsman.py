"""Craftsman: everyone produces, then the craftsman takes one extra barrel (KO).

Corn comes straight from manned corn plantations; other goods need a manned plantation *and* a
colonist in a production building of that good for each barrel. Production goes clockwise from
the craftsman and each takes only what the supply still holds. A manned Factory pays 0/1/2/3/5
doubloons for 1/2/3/4/5 kinds produced. The extra barrel is of a kind the craftsman produced
(none if he produced nothing, or the supply is out of those kinds).
"""

from __future__ import annotations

from domain.puerto_rico.actions import EXTRA_ACTIONS, Parsed
from domain.puerto_rico.components import BUILDINGS, CORN, FACTORY
from domain.puerto_rico.state import Player, State
from domain.puerto_rico.turns import end_phase

FACTORY_BONUS = (0, 0, 1, 2, 3, 5)
"""Doubloons by number of kinds produced (KO)."""


def capacity(p: Player) -> list[int]:
    """Barrels `p` could produce by good if the supply were unlimited."""
    plants = [0] * 5
    for b, w in zip(p.buildings, p.workers, strict=True):
        g = BUILDINGS[b].good
        if g >= 0:
            plants[g] += w
    out = [min(m, plants[g]) for g, m in enumerate(p.manned[:5])]
    out[CORN] = p.manned[CORN]
    return out


def start(s: State) -> None:
    n = s.nplayers
    s.produced = 0
    supply = list(s.goods_supply)
    players = list(s.players)
    for i in range(n):
        seat = (s.picker + i) % n
        made = capacity(players[seat])
        got = [min(m, supply[g]) for g, m in enumerate(made)]
        if not any(got):
            continue
        p = players[seat].clone()
        p.goods = tuple(a + b for a, b in zip(p.goods, got, strict=True))
        kinds = 0
        for g, k in enumerate(got):
            supply[g] -= k
            if k:
                kinds += 1
                if i == 0:
                    s.produced |= 1 << g
        if p.has(FACTORY):
            p.doubloons += FACTORY_BONUS[kinds]
            s.bank_out += FACTORY_BONUS[kinds]
        players[seat] = p
    s.players = tuple(players)
    s.goods_supply = tuple(supply)
    choices = legal(s, s.picker)
    if len(choices) == 1:
        extra(s, EXTRA_ACTIONS.index(choices[0]))
    if len(choices) > 1:
        s.actor = s.picker
        return
    s.produced = 0
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


def act(s: State, seat: int, parsed: Parsed) -> None:
    extra(s, parsed.arg)
    s.produced = 0
    end_phase(s)
