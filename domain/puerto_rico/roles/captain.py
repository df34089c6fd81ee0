"""Captain: players ship goods for VP until nobody can, then store what they may keep (KO).

Shipping goes round clockwise from the captain, as many turns as needed. A player who can ship
must: one kind per turn, as many barrels as fit; a ship carries one kind, no two ships the same
kind; among empty ships he must take the one that carries the most of his barrels (6 tobacco go
on the empty 7-ship, not the empty 5-ship); he chooses the kind freely. 1 VP per barrel, +1 for
the captain's first shipment, +1 per shipment with a manned Harbor. A manned Wharf ships all
barrels of one kind (even a kind already on a ship) once per captain phase, when its owner
chooses; using it is never forced (``pass`` declines it for the phase). Afterwards each keeps 1
barrel plus every barrel of one kind per manned warehouse (small 1, large 2), chosen by him; the
rest go back. Full ships are unloaded last.

Expansion 1: a manned Lighthouse pays 1 doubloon per shipment and 1 when its owner takes the
captain; a manned Union Hall gives 1 VP per 2 barrels of a kind at the owner's first turn (paid
when the phase starts: nobody else's shipments change his goods before that); a manned
Storehouse keeps 3 more single barrels of any kinds. A manned Small Wharf, once per phase as a
turn's shipment, takes any barrels (mixed, not necessarily all) for 1 VP per 2, loaded one by
one (``small_wharf:<good>``) then sailed; it can be used besides the Wharf.
"""

from __future__ import annotations

from domain.puerto_rico.actions import (
    KEEP,
    KEEP_ACTIONS,
    SHIP,
    SMALL_WHARF_ACTIONS,
    SMALL_WHARF_LOAD,
    SMALL_WHARF_SAIL,
    SMALL_WHARF_SAIL_ACTION,
    STORE,
    STORE_ACTIONS,
    SUPPLIER_ACTIONS,
    SUPPLIER_DONE,
    WHARF,
    WHARF_ACTIONS,
    Parsed,
    ship_action,
)
from domain.puerto_rico.components import (
    HARBOR,
    LARGE_WAREHOUSE,
    LIGHTHOUSE,
    ROYAL_SUPPLIER,
    SMALL_WAREHOUSE,
    SMALL_WHARF,
    STOREHOUSE,
    UNION_HALL,
)
from domain.puerto_rico.components import WHARF as B_WHARF
from domain.puerto_rico.guest_house import guests
from domain.puerto_rico.state import Player, State
from domain.puerto_rico.turns import award_vp, end_phase, privilege

STORAGE_BUILDINGS = (SMALL_WAREHOUSE, LARGE_WAREHOUSE, STOREHOUSE)


def ship_options(s: State, seat: int) -> tuple[list[str], bool]:
    """Shipping actions of `seat` and whether any uses a cargo ship (not the wharf)."""
    p = s.players[seat]
    acts: list[str] = []
    goods = p.goods
    caps = s.ships
    held = s.ship_good
    load = s.ship_load
    for g in range(5):
        have = goods[g]
        if not have:
            continue
        if g in held:
            i = held.index(g)
            if load[i] < caps[i]:
                acts.append(ship_action(g, caps[i]))
            continue
        best = 0
        for i, cap in enumerate(caps):
            if held[i] < 0:
                best = max(best, min(have, cap))
        if best:
            for i, cap in enumerate(caps):
                if held[i] < 0 and min(have, cap) == best:
                    acts.append(ship_action(g, cap))
    regular = bool(acts)
    if p.active >> B_WHARF & 1 and not s.wharf_used >> seat & 1:
        acts.extend(WHARF_ACTIONS[g] for g in range(5) if goods[g])
    if p.active >> SMALL_WHARF & 1 and not s.sw_used >> seat & 1:
        acts.extend(SMALL_WHARF_ACTIONS[g] for g in range(5) if goods[g])
    return acts, regular


def can_ship(s: State, seat: int) -> bool:
    """`bool(ship_options(s, seat)[0])`, stopping at the first barrel that can go somewhere."""
    p = s.players[seat]
    goods = p.goods
    if not any(goods):
        return False
    held = s.ship_good
    empty_ship = any(h < 0 for h in held)
    for g in range(5):
        if goods[g]:
            if g in held:
                i = held.index(g)
                if s.ship_load[i] < s.ships[i]:
                    return True
            elif empty_ship:
                return True
    if p.active >> B_WHARF & 1 and not s.wharf_used >> seat & 1:
        return True
    return bool(p.active >> SMALL_WHARF & 1) and not s.sw_used >> seat & 1


def legal(s: State, seat: int) -> tuple[str, ...]:
    if s.storing:
        return _store_options(s, s.players[seat])
    if s.pending >= 0:
        return _supplier_options(s, s.players[seat])
    if any(s.sw_load):
        goods = s.players[seat].goods
        left = [SMALL_WHARF_ACTIONS[g] for g in range(5) if goods[g] > s.sw_load[g]]
        return (*left, SMALL_WHARF_SAIL_ACTION)
    acts, regular = ship_options(s, seat)
    if acts and not regular:
        acts.append("pass")
    return tuple(acts)


def start(s: State) -> None:
    if s.players[s.picker].has(LIGHTHOUSE):
        s.edit(s.picker).doubloons += 1
        s.bank_out += 1
    for seat, p in enumerate(s.players):
        if p.has(UNION_HALL):
            pairs = sum(k // 2 for k in p.goods)
            if pairs:
                award_vp(s, s.edit(seat), pairs)
    s.bonus_used = False
    s.wharf_used = 0
    s.sw_used = 0
    s.storing = False
    s.pending = 0
    _next_supplier(s)


def _supplier_options(s: State, p: Player) -> tuple[str, ...]:
    if not s.hand:
        return ()
    acts = [SUPPLIER_ACTIONS[g] for g in range(5) if p.goods[g] and not s.stored >> g & 1]
    return (*acts, SUPPLIER_DONE) if acts else ()


def _next_supplier(s: State) -> None:
    """Royal Supplier (Expansion 2, KO), before shipping: each owner may return barrels of
    different kinds, as many as his nobles, for 1 VP each. Then shipping begins."""
    n = s.nplayers
    while s.pending < n:
        seat = (s.picker + s.pending) % n
        p = s.players[seat]
        if p.has(ROYAL_SUPPLIER) and p.nobles:
            s.hand = p.nobles
            s.stored = 0
            if _supplier_options(s, p):
                s.actor = seat
                return
        s.pending += 1
    s.pending = -1
    s.hand = 0
    s.stored = 0
    s.actor = (s.picker - 1) % n
    _advance(s)


def _advance(s: State) -> None:
    """The next seat clockwise that can ship; when nobody can, storage begins."""
    n = s.nplayers
    for k in range(1, n + 1):
        seat = (s.actor + k) % n
        if can_ship(s, seat):
            s.actor = seat
            return
    s.storing = True
    s.acted = 0
    _next_storer(s)


def act(s: State, seat: int, parsed: Parsed, action: str = "") -> None:
    if s.storing:
        _store(s, seat, parsed)
        return
    if s.pending >= 0:
        if parsed.arg >= 0:
            p = s.edit(seat)
            goods = list(p.goods)
            goods[parsed.arg] -= 1
            p.goods = tuple(goods)
            supply = list(s.goods_supply)
            supply[parsed.arg] += 1
            s.goods_supply = tuple(supply)
            s.stored |= 1 << parsed.arg
            s.hand -= 1
            award_vp(s, p, 1)
            if _supplier_options(s, p):
                return
        s.pending += 1
        _next_supplier(s)
        return
    if parsed.verb == SHIP:
        ship(s, seat, parsed.arg, parsed.arg2)
    elif parsed.verb == SMALL_WHARF_LOAD:
        load = list(s.sw_load)
        load[parsed.arg] += 1
        s.sw_load = tuple(load)
        if len(legal(s, seat)) > 1:
            return
        sail_small_wharf(s, seat)
    elif parsed.verb == SMALL_WHARF_SAIL:
        sail_small_wharf(s, seat)
    else:  # pass: decline the wharves for this phase
        s.wharf_used |= 1 << seat
        s.sw_used |= 1 << seat
    _advance(s)


def sail_small_wharf(s: State, seat: int) -> None:
    """Small Wharf (KO): the loaded barrels go back to the supply for 1 VP per 2; it counts as a
    shipment (captain's privilege, Harbor, Lighthouse)."""
    p = s.edit(seat)
    load = s.sw_load
    p.goods = tuple(k - n for k, n in zip(p.goods, load, strict=True))
    s.goods_supply = tuple(k + n for k, n in zip(s.goods_supply, load, strict=True))
    s.sw_load = (0,) * 5
    s.sw_used |= 1 << seat
    _reward(s, p, seat, sum(load) // 2)


def ship(s: State, seat: int, good: int, capacity: int) -> int:
    """Load `good` on the ship of `capacity` (or WHARF); returns the barrels shipped."""
    p = s.edit(seat)
    have = p.goods[good]
    if capacity == WHARF:
        amount = have
        s.wharf_used |= 1 << seat
        supply = list(s.goods_supply)
        supply[good] += amount
        s.goods_supply = tuple(supply)
    else:
        i = s.ships.index(capacity)
        amount = min(have, capacity - s.ship_load[i])
        held = list(s.ship_good)
        held[i] = good
        s.ship_good = tuple(held)
        load = list(s.ship_load)
        load[i] += amount
        s.ship_load = tuple(load)
    goods = list(p.goods)
    goods[good] -= amount
    p.goods = tuple(goods)
    _reward(s, p, seat, amount)
    return amount


def _reward(s: State, p: Player, seat: int, vp: int) -> None:
    """VP for one shipment plus the captain's first-shipment privilege, Harbor and Lighthouse."""
    if seat == s.picker and not s.bonus_used:
        s.bonus_used = True
        vp += privilege(s, seat)
    if p.active >> HARBOR & 1:
        vp += 1
    if p.active >> LIGHTHOUSE & 1:
        p.doubloons += 1
        s.bank_out += 1
    award_vp(s, p, vp)


def warehouse_kinds(p: Player) -> int:
    return (1 if p.has(SMALL_WAREHOUSE) else 0) + (2 if p.has(LARGE_WAREHOUSE) else 0)


def _loose(s: State, p: Player) -> list[int]:
    """Barrels by good that are neither in a warehouse nor already chosen to keep."""
    return [0 if s.stored >> g & 1 else p.goods[g] - s.kept[g] for g in range(5)]


def _store_options(s: State, p: Player) -> tuple[str, ...]:
    loose = _loose(s, p)
    kinds = [g for g in range(5) if loose[g]]
    if s.wh_left:
        return tuple(STORE_ACTIONS[g] for g in kinds)
    return tuple(KEEP_ACTIONS[g] for g in kinds)


def _settled(s: State, p: Player) -> bool:
    """Whether `p`'s storage needs no more choices; if so, it is resolved on `p`."""
    loose = _loose(s, p)
    kinds = [g for g in range(5) if loose[g]]
    if len(kinds) <= s.wh_left:
        _keep_only(s, p, stored_too=kinds)
        return True
    if s.wh_left:
        return False
    if sum(loose) <= s.keep_left or len(kinds) == 1:
        kept = list(s.kept)
        for g in kinds:
            kept[g] += min(loose[g], s.keep_left)
        s.kept = tuple(kept)
        _keep_only(s, p)
        return True
    if not s.keep_left:
        _keep_only(s, p)
        return True
    return False


def _keep_only(s: State, p: Player, stored_too: list[int] | None = None) -> None:
    """Warehouse kinds stay whole, chosen barrels stay; the rest goes back to the supply."""
    stored = s.stored
    for g in stored_too or ():
        stored |= 1 << g
    goods = list(p.goods)
    supply = list(s.goods_supply)
    for g in range(5):
        if stored >> g & 1:
            continue
        left = s.kept[g]
        if goods[g] > left:
            supply[g] += goods[g] - left
            goods[g] = left
    p.goods = tuple(goods)
    s.goods_supply = tuple(supply)


def _next_storer(s: State) -> None:
    n = s.nplayers
    while s.acted < n:
        seat = (s.picker + s.acted) % n
        p = s.players[seat]
        s.stored = 0
        s.kept = (0,) * 5
        s.wh_left = warehouse_kinds(p)
        s.keep_left = 4 if p.has(STOREHOUSE) else 1
        if sum(p.goods) > 1:
            if _guest_could_save(s, p):
                s.actor = seat  # KO: a guest may move to a warehouse now, in force at once
                return
            p = s.edit(seat)
            if not _settled(s, p):
                s.actor = seat
                return
        s.acted += 1
    s.stored = 0
    s.kept = (0,) * 5
    s.wh_left = 0
    s.keep_left = 0
    _unload(s)


def _guest_could_save(s: State, p: Player) -> bool:
    """Whether `p` would lose barrels that a guest moved now to his unmanned warehouse or
    Storehouse could keep (KO's Guest House example): then he is asked even if the storage
    itself needs no choice."""
    if not guests(p) or not any(p.owns(b) and not p.has(b) for b in STORAGE_BUILDINGS):
        return False
    trial = s.clone()
    q = p.clone()
    return _settled(trial, q) and q.goods != p.goods


def _store(s: State, seat: int, parsed: Parsed) -> None:
    p = s.edit(seat)
    if parsed.verb == STORE:
        s.stored |= 1 << parsed.arg
        s.wh_left -= 1
    elif parsed.verb == KEEP:
        kept = list(s.kept)
        kept[parsed.arg] += 1
        s.kept = tuple(kept)
        s.keep_left -= 1
    if not _settled(s, p):
        return
    s.acted += 1
    _next_storer(s)


def _unload(s: State) -> None:
    """Full ships go back to the supply; the others keep their cargo."""
    supply = list(s.goods_supply)
    held = list(s.ship_good)
    load = list(s.ship_load)
    for i, cap in enumerate(s.ships):
        if load[i] >= cap:
            supply[held[i]] += load[i]
            held[i] = -1
            load[i] = 0
    s.goods_supply = tuple(supply)
    s.ship_good = tuple(held)
    s.ship_load = tuple(load)
    end_phase(s)
