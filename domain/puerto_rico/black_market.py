"""Black Market (Expansion 1): pay up to 3 doubloons of a building with other things (KO).

Only when the owner (manned Black Market) is short of doubloons for the building he builds: each
missing doubloon is one of a colonist (not the one on the Black Market, nor one whose leaving
would raise the price: a quarry's counted in the discount, the Library's or the Zoning Office's),
a good and a VP chip, at most one of each, all returned to the supply; he ends with no
doubloons. The game still ends if
an end condition already held (returning VP chips does not undo it: `State.ends` stays).

In the engine: ``build:<building>`` when short starts the payment (`State.pending` holds the
building, `State.hand` the doubloons still missing, `State.stored` the kinds of payment used:
bit 0 colonist, 1 good, 2 VP); the owner then picks ``pay:vp``, ``pay:good:<good>`` or
``pay:colonist:<san_juan|tile|building>`` one at a time (a single possibility is applied by
itself), and the building is built when the last one is paid.
"""

from __future__ import annotations

from domain.puerto_rico.actions import PAY_COLONIST_ACTIONS, PAY_GOOD_ACTIONS, PAY_VP
from domain.puerto_rico.components import BLACK_MARKET, LIBRARY, QUARRY, ZONING_OFFICE
from domain.puerto_rico.nobles import SPECIAL, spare_colonists
from domain.puerto_rico.state import Player, State

COLONIST, GOOD, VP = 1, 2, 4
SAN_JUAN = len(PAY_COLONIST_ACTIONS) - 1
"""`PAY_COLONIST_ACTIONS` index of San Juan (after the 6 tile types and the buildings)."""


def colonist_sources(p: Player, building: int, builder: bool) -> list[int]:
    """`PAY_COLONIST_ACTIONS` indices of the colonists `p` may pay for `building`: any but the
    one on the Black Market, and none whose leaving would raise the price (a quarry, Library or
    Zoning Office colonist that gives part of the discount: at the build it would be gone)."""
    from domain.puerto_rico.roles.builder import cost  # builder imports this module

    price = cost(p, building, builder)
    out: list[int] = []
    for t in range(6):
        if p.manned[t] and not (t == QUARRY and _raises(p, building, builder, price, t)):
            out.append(t)
    for b, w in zip(p.buildings, p.workers, strict=True):
        if (
            w
            and b != BLACK_MARKET
            and (
                b not in (LIBRARY, ZONING_OFFICE) or not _raises(p, building, builder, price, 6 + b)
            )
        ):
            out.append(6 + b)
    if p.san_juan:
        out.append(SAN_JUAN)
    return out


def _raises(p: Player, building: int, builder: bool, price: int, source: int) -> bool:
    from domain.puerto_rico.roles.builder import cost

    q = p.clone()
    _remove(q, source)
    return cost(q, building, builder) > price


def options(s: State, p: Player) -> list[str]:
    acts: list[str] = []
    used = s.stored
    if not used & COLONIST:
        sources = colonist_sources(p, s.pending, s.actor == s.picker)
        acts.extend(PAY_COLONIST_ACTIONS[t] for t in sources)
    if not used & GOOD:
        acts.extend(PAY_GOOD_ACTIONS[g] for g in range(5) if p.goods[g])
    if not used & VP and p.vp > 0:
        acts.append(PAY_VP)
    return acts


def begin(s: State, seat: int, building: int, short: int) -> bool:
    """Start paying `short` doubloons of `building`; True when it is already all paid."""
    p = s.edit(seat)
    s.bank_out -= p.doubloons
    p.doubloons = 0
    s.pending = building
    s.hand = short
    s.stored = 0
    return _auto(s, p)


def _auto(s: State, p: Player) -> bool:
    while s.hand:
        acts = options(s, p)
        if len(acts) != 1:
            return False
        _pay(s, p, acts[0])
    return True


def act(s: State, seat: int, action: str) -> bool:
    """Apply one payment; True when the building is paid for."""
    p = s.edit(seat)
    _pay(s, p, action)
    return _auto(s, p)


def _pay(s: State, p: Player, action: str) -> None:
    s.hand -= 1
    if action == PAY_VP:
        s.stored |= VP
        p.vp -= 1
        if s.vp_owed:
            s.vp_owed -= 1
        else:
            s.vp_supply += 1
        return
    if action in PAY_GOOD_ACTIONS:
        g = PAY_GOOD_ACTIONS.index(action)
        s.stored |= GOOD
        goods = list(p.goods)
        goods[g] -= 1
        p.goods = tuple(goods)
        supply = list(s.goods_supply)
        supply[g] += 1
        s.goods_supply = tuple(supply)
        return
    t = PAY_COLONIST_ACTIONS.index(action)
    s.stored |= COLONIST
    building = t - 6
    if building in SPECIAL and p.noble_on >> building & 1:
        noble = True
        p.noble_on &= ~(1 << building)
    elif building in SPECIAL:
        noble = False
    else:  # anyone else: a plain colonist while he has one to spare (Expansion 2)
        noble = p.nobles > 0 and spare_colonists(p) < 1
    if noble:
        p.nobles -= 1
        s.noble_supply += 1
    else:
        s.col_supply += 1
    _remove(p, t)


def _remove(p: Player, t: int) -> None:
    """Take one colonist off target `t` (a `PAY_COLONIST_ACTIONS` index) of the edited `p`."""
    if t == SAN_JUAN:
        p.san_juan -= 1
    elif t < 6:
        manned = list(p.manned)
        manned[t] -= 1
        p.manned = tuple(manned)
    else:
        workers = list(p.workers)
        workers[p.buildings.index(t - 6)] -= 1
        p.set_workers(tuple(workers))
