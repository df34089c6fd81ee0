"""Trader: each in turn may sell one barrel to the trading house (KO).

Price corn 0 .. coffee 4, +1 for the trader (only if he sells), +1 manned Small Market, +2 manned
Large Market. The house holds 4 barrels of different kinds (a manned Office may sell a kind
already there); once full, nobody else sells this phase and it is emptied at the phase's end.
Expansion 1: a manned Trading Post sells one barrel of any kind to the supply instead (house
price, the trader's +1, no market bonus).
"""

from __future__ import annotations

from domain.puerto_rico import land_office
from domain.puerto_rico.actions import LAND, POST_ACTIONS, SELL, SELL_ACTIONS, Parsed
from domain.puerto_rico.components import (
    LAND_OFFICE,
    LARGE_MARKET,
    LIBRARY,
    OFFICE,
    PRICES,
    SMALL_MARKET,
    TRADING_HOUSE_SPACES,
    TRADING_POST,
)
from domain.puerto_rico.state import Player, State
from domain.puerto_rico.turns import end_phase, privilege


def price(p: Player, good: int, trader: bool) -> int:
    return (
        PRICES[good]
        + ((2 if p.has(LIBRARY) else 1) if trader else 0)
        + (1 if p.has(SMALL_MARKET) else 0)
        + (2 if p.has(LARGE_MARKET) else 0)
    )


def legal(s: State, seat: int) -> tuple[str, ...]:
    if len(s.house) >= TRADING_HOUSE_SPACES:
        return ()
    p = s.players[seat]
    office = p.has(OFFICE)
    acts = [SELL_ACTIONS[g] for g, k in enumerate(p.goods) if k and (office or g not in s.house)]
    if p.has(TRADING_POST):
        acts.extend(POST_ACTIONS[g] for g, k in enumerate(p.goods) if k)
    if p.has(LAND_OFFICE):
        acts.extend(land_office.options(s, p))
    if acts:
        acts.append("pass")
    return tuple(acts)


def start(s: State) -> None:
    s.acted = 0
    advance(s)


def advance(s: State) -> None:
    n = s.nplayers
    while s.acted < n:
        seat = (s.picker + s.acted) % n
        if legal(s, seat):
            s.actor = seat
            return
        s.acted += 1
    if len(s.house) >= TRADING_HOUSE_SPACES:
        supply = list(s.goods_supply)
        for g in s.house:
            supply[g] += 1
        s.goods_supply = tuple(supply)
        s.house = ()
    end_phase(s)


def act(s: State, seat: int, parsed: Parsed, action: str = "") -> None:
    if parsed.verb == LAND:
        if parsed.arg >= 0:
            land_office.sell(s, seat, parsed.arg)
        elif not land_office.buy(s, seat, forest=parsed.arg == -2):
            s.acted += 1  # the turn ends once the chance step has placed the tile
            return
    elif parsed.verb == SELL and parsed.arg2 == 1:
        g = parsed.arg
        p = s.edit(seat)
        gain = PRICES[g] + privilege(s, seat)
        p.doubloons += gain
        s.bank_out += gain
        goods = list(p.goods)
        goods[g] -= 1
        p.goods = tuple(goods)
        supply = list(s.goods_supply)
        supply[g] += 1
        s.goods_supply = tuple(supply)
    elif parsed.verb == SELL:
        g = parsed.arg
        p = s.edit(seat)
        gain = price(p, g, seat == s.picker)
        p.doubloons += gain
        s.bank_out += gain
        goods = list(p.goods)
        goods[g] -= 1
        p.goods = tuple(goods)
        s.house = (*s.house, g)
    s.acted += 1
    advance(s)
