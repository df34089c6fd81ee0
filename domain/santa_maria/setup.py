"""Options, the initial state and the setup chance nodes (boards, tiles, dice, town-hall sets)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.chance import ChanceSpec, Dice, Draw
from domain.core.protocol import OptionSpec, Setup
from domain.santa_maria.components import BISHOPS, CELLS, SCHOLARS, Catalog
from domain.santa_maria.state import Player, State

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "pack",
        ("synthetic", "published"),
        "synthetic",
        "component pack: synthetic = invented for demonstration (not the printed game); "
        "published = only the sourced facts (incomplete: starting fails listing what is missing)",
    ),
    OptionSpec("side", ("A", "B"), "A", "colony board side: A (four different boards) or B"),
    OptionSpec(
        "setup",
        ("basic", "advanced"),
        "basic",
        "advanced: B sides, town hall + scholar sets chosen in reverse order (solo always uses it)",
    ),
    OptionSpec(
        "boards",
        ("random", "choose"),
        "random",
        "side A boards: dealt at random (first game) or chosen in reverse turn order; "
        "ignored with the B sides",
    ),
    OptionSpec(
        "blue_dice",
        ("own", "shared"),
        "own",
        "shared: the variant with blue dice in the common labour pool",
    ),
)
DEFAULTS = {o.key: o.default for o in OPTIONS}
MONK_SPACES = (
    "scholar1",
    "scholar2",
    "scholar3",
    "bishop1",
    "bishop2",
    "bishop3",
    "mission1",
    "mission2",
    "mission3",
    "mission4",
)
START_COINS = (3, 4, 5, 6)
"""Coins by turn order (rulebook setup 12)."""
ROAD_TILES = 3


def initial(setup: Setup, cat: Catalog) -> State:
    """The state before the setup chance nodes: everything known, nothing drawn yet."""
    opts: Mapping[str, str] = setup.options
    n = setup.num_players
    s = State.__new__(State)
    s.cat = cat
    s.n = n
    s.names = tuple(setup.players)
    s.side = opts.get("side", "A")
    s.advanced = opts.get("setup") == "advanced"
    s.shared = opts.get("blue_dice") == "shared"
    s.year = 1
    s.start = 0
    s.actor = 0
    s.phase = "setup"
    s.over = False
    s.acted = False
    s.white = (0,) * 6
    s.blue_pool = (0,) * 6
    s.blue_supply = 3 * n - n
    s.blue_waiting = 0
    b_side = next((b for b, side in cat.board_sides.items() if side == "B"), "")
    board_id = b_side if s.side == "B" else ""
    empty = (None,) * CELLS
    s.players = tuple(
        Player(board_id, cat.boards[board_id] if board_id else empty, START_COINS[i])
        for i in range(n)
    )
    s.colony = ()
    s.col2_left = tuple(sorted(t for t, d in cat.tiles.items() if d.shape == "I2"))
    s.col3_left = tuple(sorted(t for t, d in cat.tiles.items() if d.shape != "I2"))
    s.docks = ("", "", "", "")
    s.ship_left = tuple(sorted(i for i, d in cat.ships.items() if not d.start))
    s.scholars_board = ()
    s.bishops_board = ()
    s.monk_spaces = ((),) * len(MONK_SPACES)
    s.rest_spaces = (-1,) * 5
    s.roads = ROAD_TILES
    s.stamp = 0
    s.hall_sets = ()
    s.hall_order = ()
    s.tasks = ()
    chance: list[tuple[Any, ...]] = []
    if s.side == "A" and opts.get("boards", "random") == "random":
        chance.append(("boards",))
    chance += [("start_ships",), ("scholars",), ("bishops",), ("col2",), ("col3",), ("white",)]
    chance.append(("blue",))
    if s.advanced:
        chance.append(("halls",))
    s.chance = tuple(chance)
    s.legal_cache = None
    s.legal_seat = -2
    return s


def chance_spec(s: State) -> ChanceSpec:
    node = s.chance[0]
    kind = node[0]
    cat = s.cat
    if kind == "boards":
        return Draw(tuple(sorted(b for b, x in cat.board_sides.items() if x == "A")), s.n, "boards")
    if kind == "start_ships":
        starts = tuple(sorted(i for i, d in cat.ships.items() if d.start))
        return Draw(starts, len(starts), "starting shipping tiles")
    if kind == "scholars":
        return Draw(SCHOLARS, 3, "scholars")
    if kind == "bishops":
        return Draw(BISHOPS, 3, "bishops")
    if kind == "col2":
        return Draw(s.col2_left, min(5, len(s.col2_left)), "two-space colony tiles")
    if kind == "col3":
        return Draw(s.col3_left, min(5, len(s.col3_left)), "three-space colony tiles")
    if kind == "white":
        return Dice(3 * s.n, 6, "white dice")
    if kind == "blue":
        count = sum(p.blue_owned for p in s.players)
        return Dice(count, 6, "blue dice")
    if kind == "blue1":
        return Dice(1, 6, "new blue die")
    if kind == "ship":
        return Draw(s.ship_left, 1, "shipping tile")
    # halls: one scholar under each town hall, from those not on the board
    rest = tuple(x for x in SCHOLARS if x not in s.scholars_board)
    return Draw(rest, min(len(cat.halls), len(rest)), "town hall scholars")


def counts(faces: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    out = [0] * 6
    for f in faces:
        out[f - 1] += 1
    return tuple(out)


def resolve(s: State, outcome: tuple[Any, ...]) -> None:
    """Put a chance outcome in place (the state is a private clone)."""
    node, s.chance = s.chance[0], s.chance[1:]
    kind = node[0]
    cat = s.cat
    if kind == "boards":
        for seat, bid in enumerate(outcome):
            p = s.players[seat]
            p.board_id = str(bid)
            p.board = cat.boards[str(bid)]
    elif kind == "start_ships":
        s.docks = tuple(str(x) for x in outcome)
    elif kind == "scholars":
        s.scholars_board = tuple(str(x) for x in outcome)
    elif kind == "bishops":
        s.bishops_board = tuple(str(x) for x in outcome)
    elif kind == "col2":
        drawn = [str(x) for x in outcome]
        s.colony = tuple(drawn)
        s.col2_left = tuple(t for t in s.col2_left if t not in drawn)
    elif kind == "col3":
        drawn = [str(x) for x in outcome]
        s.colony = (*s.colony, *drawn)
        s.col3_left = tuple(t for t in s.col3_left if t not in drawn)
    elif kind == "white":
        s.white = counts([int(x) for x in outcome])
    elif kind == "blue":
        faces = [int(x) for x in outcome]
        if s.shared:
            s.blue_pool = counts(faces)
        else:
            at = 0
            for p in s.players:
                p.blue = tuple(sorted(faces[at : at + p.blue_owned]))
                at += p.blue_owned
    elif kind == "blue1":
        face = int(outcome[0])
        if s.shared:
            pool = list(s.blue_pool)
            pool[face - 1] += 1
            s.blue_pool = tuple(pool)
        else:
            p = s.players[node[1]]
            p.blue = tuple(sorted((*p.blue, face)))
    elif kind == "ship":
        tile = str(outcome[0])
        dock = node[1]
        s.docks = (*s.docks[:dock], tile, *s.docks[dock + 1 :])
        s.ship_left = tuple(t for t in s.ship_left if t != tile)
    elif kind == "halls":
        halls = sorted(cat.halls)
        s.hall_sets = tuple(zip(halls, (str(x) for x in outcome), strict=False))
        s.hall_order = tuple(range(s.n - 1, -1, -1))
