"""Mayor: new colonists arrive and every player redistributes all of his colonists.

The mayor first takes one colonist from the supply (privilege; none if the supply is empty),
then the colonist ship is shared out one by one from the mayor clockwise (KO). With nobles
(Expansion 2, KO: "시장 과정을 진행하면서 이주민 대신 귀족을 가져갈 수 있습니다. (보통은 시장
역할을 선택한 사람이 가져갑니다.)") each taker, while the ship holds the noble and a colonist,
may take the noble instead of a colonist; the last one aboard goes to the next taker. Each player in
turn lifts all his colonists and places them again; he must fill empty circles while he has
colonists, only the rest go to San Juan (KO2P). At the end the ship is refilled with one colonist
per empty building circle, at least one per player; if the supply cannot give that many (or, KO,
is left empty) the game ends with the round (option ``colonist_end=short``: only a short ship).
See `actions` for the placement order that makes each placement one sequence of steps.
"""

from __future__ import annotations

from domain.core.phrase import Phrase, phrase
from domain.puerto_rico.actions import (
    COLONIST,
    COLONIST_ACTIONS,
    NOBLE,
    NOBLE_ACTIONS,
    SHIP_NOBLE_LEAVE,
    SHIP_NOBLE_TAKE,
    Parsed,
)
from domain.puerto_rico.components import BUILDINGS, VILLA
from domain.puerto_rico.nobles import specials_manned
from domain.puerto_rico.state import Player, State
from domain.puerto_rico.turns import add_end, end_phase, privilege

NTILES = 6


def start(s: State) -> None:
    extra = min(privilege(s, s.picker), s.col_supply)
    if extra:
        s.col_supply -= extra
        s.edit(s.picker).san_juan += extra
    if s.noble_supply >= 0:
        _villas(s)
    s.acted = 0
    if s.ship_nobles == 1 and s.col_ship > 1:
        _offer_noble(s, 0)  # the first taker (the mayor) decides about the noble
        return
    _share_ship(s, 0 if s.ship_nobles else -1)


def _offer_noble(s: State, place: int) -> None:
    """The taker at `place` of the one-by-one share-out takes the noble or leaves it."""
    s.ship_offer = place
    s.actor = (s.picker + place) % s.nplayers


def _share_ship(s: State, noble_at: int) -> None:
    """Share the colonist ship out one by one from the mayor (KO), the noble going to the
    taker at place `noble_at` (-1: no noble aboard); then the placements begin."""
    n = s.nplayers
    ship = s.col_ship
    if ship:
        players = list(s.players)
        for i in range(n):
            share = ship // n + (1 if i < ship % n else 0)
            if share:
                seat = (s.picker + i) % n
                p = players[seat].clone()
                p.san_juan += share
                if noble_at >= 0 and noble_at % n == i:
                    p.nobles += 1
                players[seat] = p
        s.players = tuple(players)
        s.col_ship = 0
        s.ship_nobles = 0
    s.ship_offer = -1
    _next_turn(s)


def ship_noble(s: State, take: bool) -> None:
    """The offered taker takes the noble, or a colonist; when only the noble is left after
    the colonists, the next taker gets it."""
    place = s.ship_offer
    if take:
        _share_ship(s, place)
    elif place + 1 < s.col_ship - 1:  # a colonist is still aboard for the next taker
        _offer_noble(s, place + 1)
    else:
        _share_ship(s, place + 1)


def _villas(s: State) -> None:
    """Villa (KO): at the mayor phase each owner takes a noble from the supply (a colonist when
    the nobles are gone)."""
    for i in range(s.nplayers):
        seat = (s.picker + i) % s.nplayers
        if s.players[seat].has(VILLA):
            if s.noble_supply > 0:
                s.noble_supply -= 1
                p = s.edit(seat)
                p.nobles += 1
                p.san_juan += 1
            elif s.col_supply:
                s.col_supply -= 1
                s.edit(seat).san_juan += 1


def capacities(p: Player) -> list[int]:
    """Free circles per placement target (6 tile types, then every building index)."""
    caps = [t - m for t, m in zip(p.tiles, p.manned, strict=True)] + [0] * len(BUILDINGS)
    for b, w in zip(p.buildings, p.workers, strict=True):
        caps[NTILES + b] = BUILDINGS[b].slots - w
    return caps


_SLOTS = tuple(b.slots for b in BUILDINGS)


def room_from(p: Player, first: int) -> int:
    """`sum(capacities(p)[first:])` without building the list (runs at every placement)."""
    room = 0
    if first < NTILES:
        tiles, manned = p.tiles, p.manned
        for t in range(first, NTILES):
            room += tiles[t] - manned[t]
    slots = _SLOTS
    for b, w in zip(p.buildings, p.workers, strict=True):
        if NTILES + b >= first:
            room += slots[b] - w
    return room


def room_more_than(p: Player, first: int, hand: int) -> bool:
    """`room_from(p, first) > hand`, stopping as soon as it is (every term is a free circle
    count, never negative; asked after every single placement)."""
    room = 0
    if first < NTILES:
        tiles, manned = p.tiles, p.manned
        for t in range(first, NTILES):
            room += tiles[t] - manned[t]
            if room > hand:
                return True
    slots = _SLOTS
    for b, w in zip(p.buildings, p.workers, strict=True):
        if NTILES + b >= first:
            room += slots[b] - w
            if room > hand:
                return True
    return False


def _lift(p: Player) -> int:
    hand = p.colonists()
    p.noble_on = 0
    p.san_juan = 0
    p.manned = (0,) * NTILES
    p.set_workers((0,) * len(p.buildings))
    return hand


def _fill_from(p: Player, first: int) -> None:
    """Fill every free circle of targets `first`.. (the forced rest of a placement): each
    plantation from `first` on is manned in full, and each building at or after it."""
    if first < NTILES:
        manned = list(p.manned)
        manned[first:] = p.tiles[first:]
        p.manned = tuple(manned)
    slots = _SLOTS
    workers = tuple(
        slots[b] if NTILES + b >= first else w for b, w in zip(p.buildings, p.workers, strict=True)
    )
    if workers != p.workers:
        p.set_workers(workers)


def _next_turn(s: State) -> None:
    """Lift the next player's colonists; place them at once when there is no choice."""
    n = s.nplayers
    while s.acted < n:
        seat = (s.picker + s.acted) % n
        p = s.edit(seat)
        hand = _lift(p)
        room = room_from(p, 0)
        if hand >= room:
            _fill_from(p, 0)
            p.san_juan = hand - room
        elif hand:
            s.actor = seat
            s.hand = hand
            s.cursor = 0
            return
        if not _assign_nobles(s, seat):
            return
        s.acted += 1
    _refill_ship(s)


def _noble_options(s: State, p: Player) -> tuple[str, ...]:
    """Noble or colonist for the special building `specials_manned(p)[s.pending]`."""
    specials = specials_manned(p)
    b = specials[s.pending]
    done = specials[: s.pending]
    nobles_left = p.nobles - sum(1 for x in done if p.noble_on >> x & 1)
    colonists_left = p.colonists() - p.nobles - sum(1 for x in done if not p.noble_on >> x & 1)
    acts = []
    if nobles_left > 0:
        acts.append(NOBLE_ACTIONS[b])
    if colonists_left > 0:
        acts.append(COLONIST_ACTIONS[NTILES + b])
    return tuple(acts)


def _assign_nobles(s: State, seat: int) -> bool:
    """After a placement: who sits on each special building. True when settled."""
    p = s.players[seat]
    specials = specials_manned(p) if p.nobles else []
    if s.pending < 0:
        s.pending = 0
    while s.pending < len(specials):
        acts = _noble_options(s, p)
        if len(acts) > 1:
            s.actor = seat
            return False
        if acts and acts[0] in NOBLE_ACTIONS:
            p = s.edit(seat)
            p.noble_on |= 1 << specials[s.pending]
        s.pending += 1
    s.pending = -1
    return True


def _refill_ship(s: State) -> None:
    s.hand = 0
    s.cursor = 0
    empty = 0
    for p in s.players:
        for b, w in zip(p.buildings, p.workers, strict=True):
            empty += BUILDINGS[b].slots - w
    need = max(s.nplayers, empty)
    if s.noble_supply >= 0:  # a noble instead of a colonist; no end by colonists (KO)
        noble = 1 if s.noble_supply > 0 else 0
        s.noble_supply -= noble
        s.ship_nobles = noble
        put = min(need - noble, s.col_supply)
        s.col_ship = put + noble
        s.col_supply -= put
        end_phase(s)
        return
    put = min(need, s.col_supply)
    s.col_ship = put
    s.col_supply -= put
    if put < need or (not s.colonist_end_short and s.col_supply == 0):
        add_end(s, "colonists")
    end_phase(s)


def legal(s: State, seat: int) -> tuple[str, ...]:
    """Every target from the cursor on with a free circle, as long as the free circles from it
    on can take the whole hand (placements go in target order; see `actions`)."""
    if s.ship_offer >= 0:
        return (SHIP_NOBLE_TAKE, SHIP_NOBLE_LEAVE)
    if s.pending >= 0:
        return _noble_options(s, s.players[seat])
    p = s.players[seat]
    hand = s.hand
    cursor = s.cursor
    slots = _SLOTS
    # free circles per target, highest target first: buildings (6 + index), then tiles
    free = [
        (NTILES + b, slots[b] - w)
        for b, w in zip(p.buildings, p.workers, strict=True)
        if w < slots[b] and NTILES + b >= cursor
    ]
    free.sort(reverse=True)
    tiles, manned = p.tiles, p.manned
    for t in range(NTILES - 1, cursor - 1, -1):
        if tiles[t] > manned[t]:
            free.append((t, tiles[t] - manned[t]))
    acts: list[str] = []
    room = 0
    for t, c in free:
        room += c
        if room >= hand:
            acts.append(COLONIST_ACTIONS[t])
    acts.reverse()
    return tuple(acts)


def act(s: State, seat: int, parsed: Parsed, action: str = "") -> None:
    if s.ship_offer >= 0:
        ship_noble(s, parsed.arg == 1)
        return
    p = s.edit(seat)
    if s.pending >= 0:  # noble or colonist on a special building
        if parsed.verb == NOBLE:
            p.noble_on |= 1 << parsed.arg
        s.pending += 1
        if not _assign_nobles(s, seat):
            return
        s.acted += 1
        _next_turn(s)
        return
    if parsed.verb == COLONIST:
        _place(p, parsed.arg, 1)
        s.hand -= 1
        s.cursor = parsed.arg
        if s.hand:
            if room_more_than(p, s.cursor, s.hand):
                return
            _fill_from(p, s.cursor)
            s.hand = 0
    if not _assign_nobles(s, seat):
        return
    s.acted += 1
    _next_turn(s)


def _place(p: Player, target: int, count: int) -> None:
    if target < NTILES:
        manned = list(p.manned)
        manned[target] += count
        p.manned = tuple(manned)
    else:
        building = target - NTILES
        workers = list(p.workers)
        workers[p.buildings.index(building)] += count
        if count > 0:  # the building is manned now: one bit, not the whole mask again
            p.workers = tuple(workers)
            p.active |= 1 << building
        else:
            p.set_workers(tuple(workers))


def placement_problem(s: State, seat: int, placement: dict[int, int]) -> Phrase | None:
    """Why the one-step placement is not legal now (None if it is)."""
    p = s.players[seat]
    if sum(p.manned) or sum(p.workers):
        return phrase("single placements were already made this turn")
    caps = capacities(p)
    for t, count in placement.items():
        if count > caps[t]:
            return phrase("target {t} has room for {room}, not {n}", t=t, room=caps[t], n=count)
    placed = sum(placement.values())
    must = min(s.hand, sum(caps))
    if placed != must:
        return phrase(
            "{placed} colonists placed, but exactly {must} must be placed (fill circles first)",
            placed=placed,
            must=must,
        )
    return None


def act_placement(s: State, seat: int, placement: dict[int, int]) -> None:
    p = s.edit(seat)
    for t, count in placement.items():
        if count:
            _place(p, t, count)
    p.san_juan = s.hand - sum(placement.values())
    s.hand = 0
    if not _assign_nobles(s, seat):
        return
    s.acted += 1
    _next_turn(s)
