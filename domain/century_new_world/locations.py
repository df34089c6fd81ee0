"""Working: placing settlers on a location (with bumping) and using its function.

The action grammar (``place:<loc>[:<arg>]``, ``rest``): `actions.py`. A location can be chosen
only without an exploration tile, without one's own settlers, with enough available settlers
and when its function can be used (rulebook 일하기 (b)).
"""

from __future__ import annotations

from functools import lru_cache

from domain.century_new_world import cubes as C
from domain.century_new_world.state import State

REST = "rest"


@lru_cache(maxsize=16384)
def _upgrade_actions(head: str, have: C.Cubes, steps: int) -> tuple[str, ...]:
    """``place:<loc>:<give>><take>`` for every reachable upgrade result (a pure memo)."""
    return tuple(f"{head}:{C.change(have, after)}" for after in C.upgrades(have, steps))


@lru_cache(maxsize=16384)
def _trade_actions(head: str, have: C.Cubes, give: C.Cubes, most: int) -> tuple[str, ...]:
    """``place:<loc>:x<k>`` for every number of whole exchanges the player can pay (a memo)."""
    found = []
    k = 1
    while k <= most and C.covers(have, C.times(give, k)):
        found.append(f"{head}:x{k}")
        k += 1
    return tuple(found)


def settlers_needed(s: State, li: int) -> int:
    """Settlers a placement on location `li` costs now (its icon, or one more than there)."""
    if s.occ_seat[li] < 0:
        return s.t.locations[li].settlers
    return s.occ_n[li] + 1


def placements(s: State, seat: int) -> list[str]:
    """Every legal ``place:`` action of `seat` in the work phase."""
    available = s.players[seat].available
    have = s.players[seat].cubes
    explore_on = s.explore_on
    occ_seat = s.occ_seat
    occ_n = s.occ_n
    found: list[str] = []
    for li, head, kind, icon, give, times in s.t.plan:
        owner = occ_seat[li]
        if owner == seat or explore_on[li] >= 0:
            continue
        if (icon if owner < 0 else occ_n[li] + 1) > available:
            continue
        if kind == 0:
            found.append(head)
        elif kind == 1:
            found.extend(_upgrade_actions(head, have, times))
        elif kind == 2:
            found.extend(_trade_actions(head, have, give, times))
        else:
            found.extend(village_choices(s, li, have, head))
    return found


def village_choices(s: State, li: int, have: C.Cubes, head: str) -> list[str]:
    t = s.t
    out: list[str] = []
    ci = s.fort_card[li]
    stack = s.stacks[li]
    card_ok = ci >= 0 and C.covers(have, t.cards[ci].cost)
    bonus_ok = bool(stack) and C.covers(have, t.bonus[stack[0]].cost)
    if card_ok:
        out.append(f"{head}:card={t.cards[ci].id}")
    if bonus_ok:
        out.append(f"{head}:bonus={t.bonus[stack[0]].id}")
    if card_ok and bonus_ok and C.covers(have, C.add(t.cards[ci].cost, t.bonus[stack[0]].cost)):
        out.append(f"{head}:card={t.cards[ci].id}+bonus={t.bonus[stack[0]].id}")
    return out


def pay(s: State, seat: int, cost: C.Cubes) -> None:
    p = s.edit(seat)
    p.cubes = C.sub(p.cubes, cost)
    s.supply_in = C.add(s.supply_in, cost)


def gain(s: State, seat: int, got: C.Cubes) -> None:
    p = s.edit(seat)
    p.cubes = C.add(p.cubes, got)
    s.supply_out = C.add(s.supply_out, got)


def benefit(s: State, seat: int, text: str) -> None:
    """An immediate benefit of a point card, bonus tile or exploration tile."""
    if not text:
        return
    if text == "explore":
        s.pending_explore += 1
        return
    verb, _, arg = text.partition(":")
    if verb == "settlers":
        p = s.edit(seat)
        moved = min(int(arg), p.reserve)
        p.reserve -= moved
        p.available += moved
    else:
        gain(s, seat, C.parse(arg))


def place(s: State, seat: int, action: str) -> None:
    """Apply a legal ``place:`` action to the private clone `s`."""
    t = s.t
    _, loc_id, *rest = action.split(":", 2)
    li = t.loc_index[loc_id]
    loc = t.locations[li]
    need = settlers_needed(s, li)
    bumped = s.occ_seat[li]
    if bumped >= 0:
        s.edit(bumped).available += s.occ_n[li]
    p = s.edit(seat)
    p.available -= need
    seats = list(s.occ_seat)
    counts = list(s.occ_n)
    seats[li] = seat
    counts[li] = need
    s.occ_seat = tuple(seats)
    s.occ_n = tuple(counts)
    arg = rest[0] if rest else ""
    if loc.kind == "production":
        gain(s, seat, loc.take)
    elif loc.kind == "upgrade":
        give, _, take = arg.partition(">")
        pay(s, seat, C.parse(give))
        gain(s, seat, C.parse(take))
    elif loc.kind == "trade":
        k = int(arg[1:])
        pay(s, seat, C.times(loc.give, k))
        gain(s, seat, C.times(loc.take, k))
    else:
        claim(s, seat, li, arg)


def claim(s: State, seat: int, li: int, arg: str) -> None:
    """Village: pay for the fort's point card and/or the top bonus tile, take them, refill."""
    t = s.t
    wants = dict(part.split("=", 1) for part in arg.split("+"))
    if "card" in wants:
        ci = s.fort_card[li]
        card = t.cards[ci]
        pay(s, seat, card.cost)
        p = s.edit(seat)
        p.cards = (*p.cards, ci)
        forts = list(s.fort_card)
        if s.deck:
            forts[li] = s.deck[0]
            s.deck = s.deck[1:]
        else:
            forts[li] = -1
        s.fort_card = tuple(forts)
        benefit(s, seat, card.benefit)
    if "bonus" in wants:
        stack = s.stacks[li]
        tile = t.bonus[stack[0]]
        pay(s, seat, tile.cost)
        p = s.edit(seat)
        p.bonus = (*p.bonus, stack[0])
        stacks = list(s.stacks)
        stacks[li] = stack[1:]
        s.stacks = tuple(stacks)
        benefit(s, seat, tile.benefit)


def rest(s: State, seat: int) -> None:
    """Take back all of one's settlers from the board (never only some)."""
    back = 0
    seats = list(s.occ_seat)
    counts = list(s.occ_n)
    for li, owner in enumerate(seats):
        if owner == seat:
            back += counts[li]
            seats[li] = -1
            counts[li] = 0
    s.occ_seat = tuple(seats)
    s.occ_n = tuple(counts)
    s.edit(seat).available += back
