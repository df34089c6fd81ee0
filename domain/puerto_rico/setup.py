"""Game options and the initial state (before the face-up row is drawn by chance).

Options (Korean rulebook by default; the other readings are in docs/rules-notes.md):
``names`` standard|2p (display theme only), ``vp_chips_5p`` 126|122, ``discards``
bottom|reshuffle, ``colonist_end`` empty|short, ``buildings`` base|draft|random (Expansion 1).
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.core.protocol import OptionSpec
from domain.puerto_rico.components import (
    BUILDINGS,
    COLONISTS_BOX,
    GOODS_SUPPLY,
    JEWELER,
    NOBLES,
    PLANTATIONS_2P,
    PLANTATIONS_BOX,
    PROSPECTOR,
    PROSPECTOR2,
    QUARRIES,
    ROLES,
    SETUP,
    VP_CHIPS_5P_ENGLISH,
)
from domain.puerto_rico.state import NO_CHANCE, PICKING, Player, State

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "names",
        ("standard", "2p"),
        "standard",
        "display names: the base game's, or the 2-player sheet's (fruit, recruiter, ...)",
    ),
    OptionSpec(
        "vp_chips_5p",
        ("126", "122"),
        "126",
        "5 players: VP chips in play (Korean rulebook 126 = all chips; English edition 122)",
        (5,),
    ),
    OptionSpec(
        "discards",
        ("bottom", "reshuffle"),
        "bottom",
        "unchosen face-up plantations: under the stack (Korean) or a discard pile reshuffled "
        "when the stack runs out (English)",
    ),
    OptionSpec(
        "colonist_end",
        ("empty", "short"),
        "empty",
        "game end by colonists: supply empty or ship short after the mayor (Korean), or only "
        "a ship that cannot be filled (English)",
    ),
    OptionSpec(
        "nobles",
        ("false", "true"),
        "false",
        "Expansion 2 (nobles): needs buildings=draft or random; nobles instead of colonist "
        "exhaustion, the noble buildings in the building pool",
        (3, 4, 5),
    ),
    OptionSpec(
        "buildings",
        ("base", "draft", "random", "new", "all"),
        "base",
        "violet buildings: the base set, the Expansion 1 draft (KO), a random set of base and "
        "Expansion 1 buildings, the fixed set 'new' (all 14 Expansion 1 buildings), or 'all' "
        "(every base and Expansion 1 building, as moderated play-by-email games played)",
    ),
)
DEFAULTS = {o.key: o.default for o in OPTIONS}


def roles_for(n: int) -> tuple[int, ...]:
    """Role cards in play: 6 (3p), 7 (2p, 4p: one prospector), 8 (5p) (KO)."""
    prospectors = SETUP[n].prospectors
    extra = (PROSPECTOR, PROSPECTOR2)[:prospectors]
    return (*range(PROSPECTOR), *extra)


def initial(names: tuple[str, ...], options: Mapping[str, str]) -> State:
    n = len(names)
    row = SETUP[n]
    two = n == 2
    s = State.__new__(State)
    s.names = names
    s.nplayers = n
    s.theme = options.get("names", "standard")
    s.discards_bottom = options.get("discards", "bottom") == "bottom"
    s.colonist_end_short = options.get("colonist_end", "empty") == "short"
    s.roles = roles_for(n)
    s.ships = row.ships
    players = []
    plantations = list(PLANTATIONS_2P if two else PLANTATIONS_BOX)
    for seat in range(n):
        p = Player.__new__(Player)
        p.doubloons = row.doubloons
        p.vp = 0
        p.goods = (0,) * 5
        tiles = [0] * 6
        tiles[row.start_tiles[seat]] = 1
        plantations[row.start_tiles[seat]] -= 1
        p.tiles = tuple(tiles)
        p.manned = (0,) * 6
        p.buildings = ()
        p.workers = ()
        p.san_juan = 0
        p.active = 0
        p.forests = ()
        p.nobles = 0
        p.noble_on = 0
        players.append(p)
    s.players = tuple(players)
    s.governor = 0
    s.round = 1
    s.picks = 0
    s.role_doubloons = (0,) * len(ROLES)
    s.role_taker = (-1,) * len(ROLES)
    s.ship_good = (-1,) * len(row.ships)
    s.ship_load = (0,) * len(row.ships)
    s.house = ()
    s.col_ship = row.colonists_on_ship
    s.col_supply = row.colonists_supply
    vp = row.vp_chips
    if n == 5 and options.get("vp_chips_5p", "126") == "122":
        vp = VP_CHIPS_5P_ENGLISH
    s.vp_supply = vp
    s.vp_owed = 0
    s.face_up = ()
    s.quarries = QUARRIES[2 if two else 3]
    s.stack = tuple(plantations)
    s.discards = ()
    s.goods_supply = GOODS_SUPPLY[2 if two else 3]
    s.bsupply = tuple(
        (b.count_2p if two else b.copies) if b.expansion == "base" else 0 for b in BUILDINGS
    )
    s.bank_out = row.doubloons * n
    s.ends = ()
    s.over = False
    s.role = PICKING
    s.picker = -1
    s.actor = 0
    s.acted = 0
    s.chance = NO_CHANCE
    s.storing = False
    s.bonus_used = False
    s.wharf_used = 0
    s.produced = 0
    s.stored = 0
    s.kept = (0,) * 5
    s.keep_left = 0
    s.made = (0,) * 5
    s.pending = -1
    s.guest_stage = -1
    s.sw_load = (0,) * 5
    s.sw_used = 0
    s.noble_supply = -1
    s.ship_nobles = 0
    s.ship_offer = -1
    if options.get("nobles", "false") == "true":
        s.noble_supply = NOBLES - 1  # one noble on the ship instead of a colonist (KO)
        s.ship_nobles = 1
        # KO: with nobles colonists are not counted out (no end by colonists): the whole box
        s.col_supply = COLONISTS_BOX - (s.col_ship - 1)
        jeweler = list(s.bsupply)
        jeweler[JEWELER] = BUILDINGS[JEWELER].copies
        s.bsupply = tuple(jeweler)
    s.wh_left = 0
    s.hand = 0
    s.cursor = 0
    s.forget_legal()
    return s
