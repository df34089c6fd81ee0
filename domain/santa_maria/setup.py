"""Options, the initial state and the setup chance nodes (boards, tiles, dice, town-hall sets)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.core.chance import ChanceSpec, Dice, Draw
from domain.core.protocol import OptionSpec, Setup
from domain.santa_maria.components import (
    BISHOPS,
    CELLS,
    COCOA_BOARD,
    NEW_BISHOPS,
    NEW_SCHOLARS,
    SCHOLARS,
    Catalog,
    board_def,
)
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
MODULE_CHOICES = (
    "none",
    *sorted(
        (
            ",".join(x for x, bit in zip("ABCD", (a, b, c, d), strict=True) if bit)
            for a in (0, 1)
            for b in (0, 1)
            for c in (0, 1)
            for d in (0, 1)
            if a or b or c or d
        ),
        key=lambda x: (len(x), x),
    ),
)
"""Every combination of A Governor, B Experts, C Ambassador, D Maya City (D = maya=true)."""
OPTIONS = (
    *OPTIONS,
    OptionSpec(
        "expansion",
        ("false", "true"),
        "false",
        "the expansion's general rules: extra harbor with special shipping tiles, fourth "
        "scholar, new scholars/bishops/mission, special colony tiles, cocoa, cocoa board",
    ),
    OptionSpec(
        "modules",
        MODULE_CHOICES,
        "none",
        "expansion modules (implies expansion=true), any combination of A Governor, "
        "B Experts, C Ambassador, D Maya City (D is the same as maya=true)",
    ),
    OptionSpec(
        "maya",
        ("false", "true"),
        "false",
        "module D: the first player is the Maya city (implies expansion=true); 5 players = "
        "4 colonists + the Maya and needs module C (a 5-player game turns both on)",
        (1, 2, 3, 4, 5),
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
    "scholar4",
)
"""Monk spaces; "scholar4" (the expansion tile's scholar) only with the expansion."""
NEW_MISSION = (1, 1, 0, 0, 0, 0, 0, 1)
"""The expansion's mission, over the fourth: cocoa + wood + grain (KO, cocoa)."""
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
    s.exp = opts.get("expansion") == "true"
    s.modules = opts.get("modules", "none").replace(",", "").replace("none", "")
    s.year = 1
    s.start = 0
    s.actor = 0
    s.phase = "setup"
    s.over = False
    s.acted = False
    s.white = (0,) * 6
    s.blue_pool = (0,) * 6
    ambassador = "C" in s.modules
    s.blue_supply = 2 * n if ambassador else 3 * n - n  # C: no blue die at the start
    s.amb = (0, 0)
    s.amb_by = (-1, -1)
    s.blue_waiting = 0
    b_side = next((b for b, side in cat.board_sides.items() if side == "B"), "")
    board_id = b_side if s.side == "B" else ""
    empty = (None,) * CELLS
    s.players = tuple(
        Player(board_id, cat.boards[board_id] if board_id else empty, START_COINS[min(i, 3)])
        for i in range(n)
    )
    if ambassador:
        for p in s.players:
            p.blue_owned = 0
    s.maya = None
    if opts.get("maya") == "true":
        _maya_seat(s, cat)
    s.xcol_left = s.xship_left = s.experts_left = s.experts = ()
    s.xdock = ""
    if s.exp:
        s.xcol_left = tuple(sorted(t for t, d in cat.tiles.items() if d.special))
        s.xship_left = tuple(sorted(t for t, d in cat.ships.items() if d.special))
        for p in s.players:
            if p.caps:
                continue  # the Maya player has its own storage and no colony
            p.cocoa = p.cocoa_cap = 1  # the cocoa storage tile starts full side up
            if "A" in s.modules:
                p.gov = 0  # top left of the colony
        if "B" in s.modules:
            assert cat.expansion is not None
            s.experts_left = tuple(sorted(cat.expansion.experts))
    s.colony = ()
    plain = {t: d for t, d in cat.tiles.items() if not d.special}
    s.col2_left = tuple(sorted(t for t, d in plain.items() if d.shape == "I2"))
    s.col3_left = tuple(sorted(t for t, d in plain.items() if d.shape != "I2"))
    s.docks = ("", "", "", "")
    s.ship_left = tuple(sorted(i for i, d in cat.ships.items() if not d.start and not d.special))
    s.scholars_board = ()
    s.bishops_board = ()
    s.monk_spaces = ((),) * (len(MONK_SPACES) if s.exp else len(MONK_SPACES) - 1)
    s.rest_spaces = (-1,) * 5
    s.roads = ROAD_TILES
    s.stamp = 0
    s.hall_sets = ()
    s.hall_order = ()
    s.tasks = ()
    chance: list[tuple[Any, ...]] = []
    if s.side == "A" and opts.get("boards", "random") == "random":
        chance.append(("boards",))
    chance += [("start_ships",), ("scholars",), ("bishops",), ("col2",), ("col3",)]
    if s.exp:
        chance += [("xcol",), ("xship",)]
    if s.experts_left:
        chance.append(("experts",))
    chance.append(("white",))
    if sum(p.blue_owned for p in s.players):
        chance.append(("blue",))
    if ambassador:
        chance.append(("amb",))
    if s.advanced and colonists(s):
        chance.append(("halls",))
    if s.maya is not None:
        chance += [("mtemples",), ("mdraw", 5, ())]
    s.chance = tuple(chance)
    s.forget_legal()
    return s


def chance_spec(s: State) -> ChanceSpec:
    node = s.chance[0]
    kind = node[0]
    cat = s.cat
    if kind == "boards":
        return Draw(a_boards(s), len(colonists(s)), "boards")
    if kind in ("mdraw", "mtemples", "mtemple"):
        from domain.santa_maria import maya

        pool, count = maya.draw_spec(s, node)
        return Draw(pool, count, "Maya cards" if kind == "mdraw" else "temple tiles")
    if kind == "start_ships":
        starts = tuple(sorted(i for i, d in cat.ships.items() if d.start))
        return Draw(starts, len(starts), "starting shipping tiles")
    if kind == "scholars":
        return Draw(scholar_pool(s), 4 if s.exp else 3, "scholars")
    if kind == "bishops":
        return Draw((*BISHOPS, *NEW_BISHOPS) if s.exp else BISHOPS, 3, "bishops")
    if kind == "xcol":
        return Draw(s.xcol_left, min(2, len(s.xcol_left)), "special colony tiles")
    if kind == "xship":
        return Draw(s.xship_left, 1, "special shipping tile")
    if kind == "experts":
        return Draw(s.experts_left, min(6, len(s.experts_left)), "experts (die values 1-6)")
    if kind == "col2":
        return Draw(s.col2_left, min(5, len(s.col2_left)), "two-space colony tiles")
    if kind == "col3":
        return Draw(s.col3_left, min(5, len(s.col3_left)), "three-space colony tiles")
    if kind == "white":
        return Dice(white_dice(s), 6, "white dice")
    if kind == "amb":
        return Dice(2, 6, "ambassador dice (white, blue)")
    if kind == "blue":
        count = sum(p.blue_owned for p in s.players)
        return Dice(count, 6, "blue dice")
    if kind == "blue1":
        return Dice(1, 6, "new blue die")
    if kind == "ship":
        return Draw(s.ship_left, 1, "shipping tile")
    # halls: one scholar under each town hall, from those not on the board
    rest = tuple(x for x in scholar_pool(s) if x not in s.scholars_board)
    return Draw(rest, min(len(hall_ids(s)), len(rest)), "town hall scholars")


def colonists(s: State) -> tuple[int, ...]:
    """The seats with a colony (all but the Maya player, module D)."""
    return tuple(range(1 if s.maya is not None else 0, s.n))


def _maya_seat(s: State, cat: Catalog) -> None:
    """Seat 0 becomes the Maya player: storage tiles, 2 coins, gold, no colony (KO module D)."""
    from domain.santa_maria import maya

    assert cat.expansion is not None and cat.expansion.maya is not None
    mdef = cat.expansion.maya
    s.maya = maya.start(mdef)
    m = s.players[0]
    m.board_id = ""
    m.board = (None,) * CELLS
    m.coins = 2
    m.monks = 0
    m.caps = mdef.storage_caps[:4]
    m.res = (*mdef.storage_full[:4], 0)
    m.cocoa, m.cocoa_cap = mdef.storage_full[4], mdef.storage_caps[4]
    m.blue_owned = 1  # the Maya player takes a blue die in every game
    for seat in range(1, s.n):
        s.players[seat].coins = START_COINS[seat - 1]
    maya.year_start_gold(s)


def white_dice(s: State) -> int:
    """White dice in the labour pool: 3 per player, 2 with the ambassador (module C)."""
    return (2 if "C" in s.modules else 3) * s.n


def scholar_pool(s: State) -> tuple[str, ...]:
    """Base scholars, plus the new ones with the expansion ("guide" only with module A)."""
    if not s.exp:
        return SCHOLARS
    return (*SCHOLARS, *(x for x in NEW_SCHOLARS if x != "guide" or "A" in s.modules))


def a_boards(s: State) -> tuple[str, ...]:
    """Side A boards to deal or choose from: the cocoa board joins them with the expansion."""
    boards = sorted(b for b, x in s.cat.board_sides.items() if x == "A")
    return (*boards, COCOA_BOARD) if s.exp and s.maya is None else tuple(boards)


def hall_ids(s: State) -> tuple[str, ...]:
    """Town halls of the advanced setup: the cocoa town hall makes a fifth set (expansion)."""
    halls = tuple(sorted(s.cat.halls))
    if s.exp and s.cat.expansion is not None and s.maya is None:
        return (*halls, s.cat.expansion.cocoa_hall.id)
    return halls


def give_board(s: State, seat: int, bid: str) -> None:
    """Seat `seat` takes board `bid`; the cocoa board brings a second, empty cocoa storage."""
    p = s.players[seat]
    p.board_id = bid
    p.board = board_def(s.cat, bid)
    if bid == COCOA_BOARD:
        p.cocoa_cap += 1


def counts(faces: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    out = [0] * 6
    for f in faces:
        out[f - 1] += 1
    return tuple(out)


Node = tuple[Any, ...]
Outcome = tuple[Any, ...]


def _boards(s: State, node: Node, outcome: Outcome) -> None:
    for seat, bid in zip(colonists(s), outcome, strict=True):
        give_board(s, seat, str(bid))


def _start_ships(s: State, node: Node, outcome: Outcome) -> None:
    s.docks = tuple(str(x) for x in outcome)


def _scholars(s: State, node: Node, outcome: Outcome) -> None:
    s.scholars_board = tuple(str(x) for x in outcome)


def _bishops(s: State, node: Node, outcome: Outcome) -> None:
    s.bishops_board = tuple(str(x) for x in outcome)


def _col2(s: State, node: Node, outcome: Outcome) -> None:
    drawn = [str(x) for x in outcome]
    s.colony = tuple(drawn)
    s.col2_left = tuple(t for t in s.col2_left if t not in drawn)


def _col3(s: State, node: Node, outcome: Outcome) -> None:
    drawn = [str(x) for x in outcome]
    s.colony = (*s.colony, *drawn)
    s.col3_left = tuple(t for t in s.col3_left if t not in drawn)


def _xcol(s: State, node: Node, outcome: Outcome) -> None:
    drawn = [str(x) for x in outcome]
    s.colony = (*s.colony, *drawn)
    s.xcol_left = tuple(t for t in s.xcol_left if t not in drawn)


def _xship(s: State, node: Node, outcome: Outcome) -> None:
    s.xdock = str(outcome[0])
    s.xship_left = tuple(t for t in s.xship_left if t != s.xdock)


def _experts(s: State, node: Node, outcome: Outcome) -> None:
    drawn = [str(x) for x in outcome]
    s.experts = (*drawn, *[""] * (6 - len(drawn)))
    s.experts_left = tuple(t for t in s.experts_left if t not in drawn)


def _white(s: State, node: Node, outcome: Outcome) -> None:
    s.white = counts([int(x) for x in outcome])


def _amb(s: State, node: Node, outcome: Outcome) -> None:
    s.amb = (int(outcome[0]), int(outcome[1]))
    s.amb_by = (-1, -1)


def _blue(s: State, node: Node, outcome: Outcome) -> None:
    faces = [int(x) for x in outcome]
    if s.shared:
        s.blue_pool = counts(faces)
        return
    at = 0
    for p in s.players:
        p.blue = tuple(sorted(faces[at : at + p.blue_owned]))
        at += p.blue_owned


def _blue1(s: State, node: Node, outcome: Outcome) -> None:
    face = int(outcome[0])
    if s.shared:
        pool = list(s.blue_pool)
        pool[face - 1] += 1
        s.blue_pool = tuple(pool)
    else:
        p = s.edit(node[1])  # a private copy (the other players stay shared)
        p.blue = tuple(sorted((*p.blue, face)))


def _ship(s: State, node: Node, outcome: Outcome) -> None:
    tile = str(outcome[0])
    dock = node[1]
    s.docks = (*s.docks[:dock], tile, *s.docks[dock + 1 :])
    s.ship_left = tuple(t for t in s.ship_left if t != tile)


def _halls(s: State, node: Node, outcome: Outcome) -> None:
    halls = hall_ids(s)
    s.hall_sets = tuple(zip(halls, (str(x) for x in outcome), strict=False))
    s.hall_order = tuple(reversed(colonists(s)))


def _maya(s: State, node: Node, outcome: Outcome) -> None:
    from domain.santa_maria import maya

    maya.resolve(s, node, outcome)


RESOLVE: dict[str, Callable[[State, Node, Outcome], None]] = {
    "boards": _boards,
    "start_ships": _start_ships,
    "scholars": _scholars,
    "bishops": _bishops,
    "col2": _col2,
    "col3": _col3,
    "xcol": _xcol,
    "xship": _xship,
    "experts": _experts,
    "white": _white,
    "amb": _amb,
    "blue": _blue,
    "blue1": _blue1,
    "ship": _ship,
    "halls": _halls,
    "mdraw": _maya,
    "mtemples": _maya,
    "mtemple": _maya,
}
"""How each kind of chance node puts its outcome in place."""

EDITS_NO_PLAYER = frozenset(
    {"start_ships", "scholars", "bishops", "col2", "col3", "xcol", "xship", "experts", "white"}
    | {"amb", "ship", "halls", "blue1"}
)
"""Chance nodes whose outcome changes no player, or one through `State.edit` (``blue1``): the
engine copies only the actor's player for them (its queued tasks run on), as after a decision,
and the others stay shared with the state before."""


def resolve(s: State, outcome: Outcome) -> None:
    """Put a chance outcome in place (the state is a private clone)."""
    node, s.chance = s.chance[0], s.chance[1:]
    put = RESOLVE.get(node[0])
    if put is not None:
        put(s, node, outcome)
