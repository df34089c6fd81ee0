"""Settler: each in turn takes a face-up plantation (or a quarry), then the row is refilled.

Corners (KO): the settler may take a quarry instead (privilege), as may the owner of a manned
Construction Hut (one quarry at most either way); a manned Hacienda draws one extra tile from the
face-down stack *before* the face-up pick (no quarry instead of it, no Hospice colonist on it);
a manned Hospice puts a colonist on the face-up tile or quarry taken, from the supply or, when
the supply is empty, from the colonist ship; a full island (12 tiles) takes nothing. At the end
the unchosen face-up tiles go face down under the stack (KO; option ``discards=reshuffle``: on a
discard pile shuffled into a new stack when the stack runs out) and players + 1 new tiles are
drawn, as many as are left.

Expansion 1: the owner of a manned Forest House may lay the tile he takes face down as a forest
(``forest:<good>``; never a quarry; a Hospice colonist then goes to San Juan), and decides so for
his hacienda tile after seeing it.
"""

from __future__ import annotations

from domain.core.chance import Draw
from domain.puerto_rico.actions import (
    FOREST,
    FOREST_ACTIONS,
    HACIENDA_TILE,
    HACIENDA_TILE_ACTIONS,
    LODGE,
    LODGE_ACTIONS,
    PLANTATION,
    PLANTATION_ACTIONS,
    Parsed,
)
from domain.puerto_rico.actions import (
    HACIENDA as ACT_HACIENDA,
)
from domain.puerto_rico.components import (
    CONSTRUCTION_HUT,
    FOREST_HOUSE,
    HACIENDA,
    HOSPICE,
    HUNTING_LODGE,
    ISLAND_SPACES,
    LIBRARY,
    QUARRY,
    SETTLER,
    TILES,
)
from domain.puerto_rico.state import CHANCE_HACIENDA, CHANCE_REFILL, NO_CHANCE, Player, State
from domain.puerto_rico.turns import award_vp, end_phase, take_from_ship

_QUARRY_ACTION = PLANTATION_ACTIONS[QUARRY]


def legal(s: State, seat: int) -> tuple[str, ...]:
    p = s.players[seat]
    if s.acted >= LODGE_STAGE + s.nplayers:
        return _lodge_options(s, p)
    if s.pending >= 0:
        return HACIENDA_TILE_ACTIONS
    if p.island_count() >= ISLAND_SPACES:
        return ()
    acts: list[str] = []
    if s.acted >= s.nplayers:  # the Library's second pick: face-up only (quarry with a hut)
        acts.extend(PLANTATION_ACTIONS[t] for t in sorted(set(s.face_up)))
        if p.active >> FOREST_HOUSE & 1:
            acts.extend(FOREST_ACTIONS[t] for t in sorted(set(s.face_up)))
        if s.quarries and p.active >> CONSTRUCTION_HUT & 1:
            acts.append(_QUARRY_ACTION)
        return (*acts, "pass") if acts else ()
    if not s.bonus_used and p.active >> HACIENDA & 1 and (sum(s.stack) > 0 or len(s.discards) > 0):
        acts.append("hacienda")
    for t in sorted(set(s.face_up)):
        acts.append(PLANTATION_ACTIONS[t])
    if s.quarries and (seat == s.picker or p.active >> CONSTRUCTION_HUT & 1):
        acts.append(_QUARRY_ACTION)
    if p.active >> FOREST_HOUSE & 1:
        acts.extend(FOREST_ACTIONS[t] for t in sorted(set(s.face_up)))
    if acts:
        acts.append("pass")
    return tuple(acts)


def start(s: State) -> None:
    s.acted = 0
    s.bonus_used = False
    _advance(s)


def _advance(s: State) -> None:
    """Give the turn to the next seat with a choice, or end the phase."""
    n = s.nplayers
    while s.acted < n:
        seat = (s.picker + s.acted) % n
        if legal(s, seat):
            s.actor = seat
            return
        s.acted += 1
        s.bonus_used = False
    if s.acted == n and s.players[s.picker].has(LIBRARY) and legal(s, s.picker):
        s.actor = s.picker  # after everyone, the Library owner takes a second tile (KO)
        return
    _finish(s)


def act(s: State, seat: int, parsed: Parsed, action: str = "") -> None:
    if s.acted >= LODGE_STAGE + s.nplayers:
        if parsed.verb == LODGE:
            _return_tile(s, seat, parsed.arg)
        s.acted += 1
        _next_lodge(s)
        return
    if parsed.verb == ACT_HACIENDA:
        s.bonus_used = True
        _hacienda(s)
        return
    if parsed.verb == HACIENDA_TILE:
        tile, s.pending = s.pending, -1
        _place_hacienda_tile(s, tile, forest=parsed.arg == 1)
        return
    if parsed.verb == PLANTATION:
        _take(s, seat, parsed.arg)
    elif parsed.verb == FOREST:
        _take(s, seat, parsed.arg, forest=True)
    s.acted += 1
    s.bonus_used = False
    _advance(s)


def _take(s: State, seat: int, tile: int, forest: bool = False) -> None:
    p = s.edit(seat)
    if forest:
        p.forests = (*p.forests, tile)
    else:
        tiles = list(p.tiles)
        tiles[tile] += 1
        p.tiles = tuple(tiles)
    if tile == QUARRY:
        s.quarries -= 1
    else:
        row = list(s.face_up)
        row.remove(tile)
        s.face_up = tuple(row)
    if p.has(HOSPICE) and s.acted < s.nplayers:  # only the first tile with a Library (KO)
        if not take_from_ship(s, p):
            return
        if forest:  # no circle on a forest: the colonist waits in San Juan (KO)
            p.san_juan += 1
            return
        manned = list(p.manned)
        manned[tile] += 1
        p.manned = tuple(manned)


def restock(s: State) -> None:
    """Reshuffle option: an empty stack is replaced by the shuffled discard pile."""
    if not s.discards_bottom and not sum(s.stack) and s.discards:
        stack = [0] * 5
        for t in s.discards:
            stack[t] += 1
        s.stack = tuple(stack)
        s.discards = ()


def _hacienda(s: State) -> None:
    restock(s)
    if sum(s.stack):
        s.chance = CHANCE_HACIENDA
        return
    tile, s.discards = s.discards[0], s.discards[1:]
    _place_hacienda_tile(s, tile)


def _place_hacienda_tile(s: State, tile: int, forest: bool | None = None) -> None:
    p = s.edit(s.actor)
    if forest is None and p.owns(FOREST_HOUSE) and p.has(FOREST_HOUSE):
        s.pending = tile  # he sees the tile, then chooses (KO)
        return
    if forest:
        p.forests = (*p.forests, tile)
    else:
        tiles = list(p.tiles)
        tiles[tile] += 1
        p.tiles = tuple(tiles)
    if not legal(s, s.actor):
        s.acted += 1
        s.bonus_used = False
        _advance(s)


def _finish(s: State) -> None:
    s.acted = LODGE_STAGE + s.nplayers
    _next_lodge(s)


LODGE_STAGE = 2
"""`State.acted - nplayers` from which on the Hunting Lodge owners are asked, one by one."""


def _lodge_options(s: State, p: Player) -> tuple[str, ...]:
    acts = [LODGE_ACTIONS[t] for t in range(5) if p.tiles[t]]
    if p.forests:
        acts.append(LODGE_ACTIONS[5])
    return (*acts, "pass") if acts else ()


def _next_lodge(s: State) -> None:
    """Hunting Lodge (Expansion 2, KO), at the end of the settler phase: with a colonist its
    owner may return one plantation or forest; with a noble he scores 2 VP if his island has
    the most empty spaces (strictly). Then the face-up row is replaced."""
    n = s.nplayers
    while s.acted < LODGE_STAGE + 2 * n:
        seat = (s.picker + s.acted - LODGE_STAGE - n) % n
        p = s.players[seat]
        if s.noble_supply >= 0 and p.has(HUNTING_LODGE):
            if p.noble_on >> HUNTING_LODGE & 1:
                empty = ISLAND_SPACES - p.island_count()
                if all(
                    empty > ISLAND_SPACES - q.island_count()
                    for i, q in enumerate(s.players)
                    if i != seat
                ):
                    award_vp(s, s.edit(seat), 2)
            elif _lodge_options(s, p):
                s.actor = seat
                return
        s.acted += 1
    s.discards = s.discards + tuple(s.face_up)
    s.face_up = ()
    refill(s)


def _return_tile(s: State, seat: int, which: int) -> None:
    p = s.edit(seat)
    if which == 5:  # a forest: the plantation under it goes back
        tile, p.forests = p.forests[-1], p.forests[:-1]
    else:
        tile = which
        tiles = list(p.tiles)
        tiles[tile] -= 1
        p.tiles = tuple(tiles)
        if p.manned[tile] > p.tiles[tile]:  # its colonist waits in San Juan
            manned = list(p.manned)
            manned[tile] -= 1
            p.manned = tuple(manned)
            p.san_juan += 1
    s.discards = (*s.discards, tile)


def refill(s: State) -> None:
    """Draw face-up tiles up to players + 1: a chance step while unseen tiles are left."""
    need = s.nplayers + 1 - len(s.face_up)
    if need > 0:
        restock(s)
        if sum(s.stack):
            s.chance = CHANCE_REFILL
            return
        if s.discards_bottom and s.discards:
            s.face_up = s.face_up + s.discards[:need]
            s.discards = s.discards[need:]
    s.chance = NO_CHANCE
    if s.role == SETTLER:  # at setup the row is drawn before any role
        end_phase(s)


def chance_spec(s: State) -> Draw:
    pool = tuple(TILES[t] for t in range(5) for _ in range(s.stack[t]))
    if s.chance == CHANCE_HACIENDA:
        return Draw(pool, 1, "hacienda draw")
    need = s.nplayers + 1 - len(s.face_up)
    return Draw(pool, min(need, len(pool)), "face-up plantations")


def resolve(s: State, tiles: tuple[int, ...]) -> None:
    """Apply a validated chance outcome (tile indices in draw order)."""
    stack = list(s.stack)
    for t in tiles:
        stack[t] -= 1
    s.stack = tuple(stack)
    if s.chance == CHANCE_HACIENDA:
        s.chance = NO_CHANCE
        _place_hacienda_tile(s, tiles[0])
        return
    s.face_up = s.face_up + tiles
    refill(s)
