"""Builder: each in turn may build one building; the builder pays 1 doubloon less (KO).

Manned quarries take 1 doubloon each off the cost, at most the building's column (1-4); the
cost never goes below 0. Nobody builds two of the same building; a large building takes two
city spaces; a full city (12 spaces) builds nothing more and ends the game with the round. A
manned University puts a colonist on the new building, from the supply or, when it is empty,
from the colonist ship. Expansion 1: a manned Church gives 1 VP for each later building of
column 2 or 3 and 2 VP for column 4 (not for itself: it is manned only after being built).
"""

from __future__ import annotations

from domain.puerto_rico import black_market
from domain.puerto_rico.actions import BUILD, BUILD_ACTIONS, PAY, Parsed
from domain.puerto_rico.components import (
    BLACK_MARKET,
    BUILDINGS,
    CHURCH,
    CITY_SPACES,
    FOREST_HOUSE,
    LIBRARY,
    QUARRY,
    UNIVERSITY,
    ZONING_OFFICE,
)
from domain.puerto_rico.nobles import SPECIAL
from domain.puerto_rico.state import Player, State
from domain.puerto_rico.turns import add_end, award_vp, end_phase, privilege, take_from_ship


def forest_discount(p: Player) -> int:
    """Forest House (KO): 1 doubloon per 2 forests, manned or not, beyond the column limit."""
    return len(p.forests) // 2 if p.forests and FOREST_HOUSE in p.buildings else 0


def zoning_discount(p: Player, building: int) -> int:
    """Zoning Office (Expansion 2, KO): a colonist on it takes 1 off small buildings (columns
    1-3), a noble 2 off large ones (column 4), never the other way round."""
    if not p.active >> ZONING_OFFICE & 1:
        return 0
    large = BUILDINGS[building].column == 4
    noble = bool(p.noble_on >> ZONING_OFFICE & 1)
    return (2 if large else 0) if noble else (0 if large else 1)


def cost(p: Player, building: int, builder: bool) -> int:
    """What `p` pays for `building` (with the builder's privilege if `builder`)."""
    b = BUILDINGS[building]
    rebate = (
        ((2 if p.active >> LIBRARY & 1 else 1) if builder else 0)
        + min(p.manned[QUARRY], b.column)
        + forest_discount(p)
        + zoning_discount(p, building)
    )
    return max(0, b.cost - rebate)


def legal(s: State, seat: int) -> tuple[str, ...]:
    if s.pending >= 0:
        return tuple(black_market.options(s, s.players[seat]))
    found = _buildable(s, seat, first=False)
    if not found:
        return ()
    return (*[BUILD_ACTIONS[i] for i in found], "pass")


def can_act(s: State, seat: int) -> bool:
    """`bool(legal(s, seat))`, stopping at the first building `seat` can buy."""
    if s.pending >= 0:
        return bool(legal(s, seat))
    return bool(_buildable(s, seat, first=True))


_COSTS = tuple((i, b.cost, b.column, b.spaces) for i, b in enumerate(BUILDINGS))
"""(index, cost, column, city spaces) of every building: the builder checks them all."""


def _buildable(s: State, seat: int, first: bool) -> list[int]:
    """The buildings `seat` can buy now, in supply order (only the first one if `first`)."""
    p = s.players[seat]
    free = CITY_SPACES - p.city_spaces()
    if not free:
        return []
    money = p.doubloons
    active = p.active
    market = bool(active >> BLACK_MARKET & 1)
    if market:  # a good and a VP chip; a colonist is checked per building (Black Market, KO)
        money += (1 if sum(p.goods) else 0) + (1 if p.vp > 0 else 0)
    discount = privilege(s, seat) + forest_discount(p)
    quarries = p.manned[QUARRY]
    owned = p.buildings
    zoning = bool(active >> ZONING_OFFICE & 1)
    supply = s.bsupply
    found: list[int] = []
    for i, cost, column, spaces in _COSTS:
        if not supply[i] or spaces > free:
            continue
        price = cost - discount - (quarries if quarries < column else column)
        if zoning:
            price -= zoning_discount(p, i)
        if price > money and not (
            market and price == money + 1 and black_market.colonist_sources(p, i, seat == s.picker)
        ):
            continue
        if i in owned:
            continue
        found.append(i)
        if first:
            break
    return found


def start(s: State) -> None:
    s.acted = 0
    _advance(s)


def _advance(s: State) -> None:
    n = s.nplayers
    while s.acted < n:
        seat = (s.picker + s.acted) % n
        if can_act(s, seat):
            s.actor = seat
            return
        s.acted += 1
    end_phase(s)


def act(s: State, seat: int, parsed: Parsed, action: str = "") -> None:
    if parsed.verb == PAY:
        if not black_market.act(s, seat, action):
            return
        building, s.pending = s.pending, -1
        build(s, seat, building)
    elif parsed.verb == BUILD:
        price = cost(s.players[seat], parsed.arg, seat == s.picker)
        short = price - s.players[seat].doubloons
        if short > 0 and not black_market.begin(s, seat, parsed.arg, short):
            return
        s.pending = -1
        build(s, seat, parsed.arg, price if short <= 0 else None)
    s.acted += 1
    _advance(s)


def build(s: State, seat: int, building: int, price: int | None = None) -> None:
    """`seat` builds `building`; `price`: its cost, when known and within his doubloons."""
    p = s.edit(seat)
    if price is None:
        price = min(cost(p, building, seat == s.picker), p.doubloons)  # the rest: Black Market
    p.doubloons -= price
    s.bank_out -= price
    supply = list(s.bsupply)
    supply[building] -= 1
    s.bsupply = tuple(supply)
    worker = 0
    # the University's colonist goes onto the new building: none for the Statue (no circle)
    newcomer = take_from_ship(s, p) if p.has(UNIVERSITY) and BUILDINGS[building].slots else 0
    if newcomer:
        worker = 1
        if newcomer == 2 and building in SPECIAL:
            p.noble_on |= 1 << building
    if p.has(CHURCH) and BUILDINGS[building].column >= 2:
        award_vp(s, p, 2 if BUILDINGS[building].column == 4 else 1)
    p.buildings = (*p.buildings, building)
    p.workers = (*p.workers, worker)  # `set_workers` for one new building: its bit only
    if worker:
        p.active |= 1 << building
    if p.city_spaces() >= CITY_SPACES:
        add_end(s, "city")
