"""Land Office (Expansion 2): buy or sell a plantation on one's trader turn (KO).

With a colonist on it, the owner may, as his trader turn, buy the top face-down plantation for
1 doubloon (``land:buy``; with a manned Forest House he may buy it as a forest, ``land:forest``,
deciding before it is seen); with a noble on it he may sell one of his plantations for 1
doubloon (``land:sell:<good>``): the tile goes back among the plantations put aside, its
colonist to San Juan. Buying reveals the tile with a chance step like the Hacienda's.
"""

from __future__ import annotations

from domain.core.chance import Draw
from domain.puerto_rico.actions import LAND_BUY, LAND_FOREST, LAND_SELL_ACTIONS
from domain.puerto_rico.components import FOREST_HOUSE, ISLAND_SPACES, LAND_OFFICE, TILES
from domain.puerto_rico.roles.settler import restock
from domain.puerto_rico.state import CHANCE_LAND, NO_CHANCE, Player, State


def options(s: State, p: Player) -> list[str]:
    if not p.has(LAND_OFFICE) or s.noble_supply < 0:
        return []
    if p.noble_on >> LAND_OFFICE & 1:
        return [LAND_SELL_ACTIONS[g] for g in range(5) if p.tiles[g]]
    if p.doubloons < 1 or p.island_count() >= ISLAND_SPACES:
        return []
    if not (sum(s.stack) or s.discards):
        return []
    return [LAND_BUY, LAND_FOREST] if p.has(FOREST_HOUSE) else [LAND_BUY]


def buy(s: State, seat: int, forest: bool) -> bool:
    """Pay and draw; True when the tile is placed at once (its order already known)."""
    p = s.edit(seat)
    p.doubloons -= 1
    s.bank_out -= 1
    restock(s)
    if sum(s.stack):
        s.chance = CHANCE_LAND
        s.pending = 1 if forest else 0
        return False
    tile, s.discards = s.discards[0], s.discards[1:]
    place(s, seat, tile, forest)
    return True


def place(s: State, seat: int, tile: int, forest: bool) -> None:
    p = s.edit(seat)
    if forest:
        p.forests = (*p.forests, tile)
    else:
        tiles = list(p.tiles)
        tiles[tile] += 1
        p.tiles = tuple(tiles)


def sell(s: State, seat: int, tile: int) -> None:
    p = s.edit(seat)
    tiles = list(p.tiles)
    tiles[tile] -= 1
    p.tiles = tuple(tiles)
    if p.manned[tile] > p.tiles[tile]:
        manned = list(p.manned)
        manned[tile] -= 1
        p.manned = tuple(manned)
        p.san_juan += 1
    p.doubloons += 1
    s.bank_out += 1
    s.discards = (*s.discards, tile)


def chance_spec(s: State) -> Draw:
    pool = tuple(TILES[t] for t in range(5) for _ in range(s.stack[t]))
    return Draw(pool, 1, "land office draw")


def resolve(s: State, tile: int) -> None:
    stack = list(s.stack)
    stack[tile] -= 1
    s.stack = tuple(stack)
    s.chance = NO_CHANCE
    forest, s.pending = s.pending == 1, -1
    place(s, s.actor, tile, forest)
