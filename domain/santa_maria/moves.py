"""Legal actions: what the seat to move may do now (main, setup, task and free actions).

The action grammar is documented in `engine.py`; `legal` is exact (every action it offers
applies) and cached on the state.
"""

from __future__ import annotations

from domain.core.state import cached_legal
from domain.santa_maria import maya
from domain.santa_maria.components import (
    COIN,
    GOLD,
    GRAIN,
    RESOURCES,
    WOOD,
    Bundle,
    TileDef,
    hall_def,
)
from domain.santa_maria.economy import LIMIT, can_pay, one
from domain.santa_maria.geometry import COLUMNS, NEIGHBOURS, ROWS, cell_name, placements, road_reach
from domain.santa_maria.setup import MONK_SPACES
from domain.santa_maria.state import Player, State, Task

COLONY_COST: dict[int, Bundle] = {2: one(WOOD, 2), 3: (2, 1, 0, 0, 0, 0, 0)}
"""2 wood for a two-space tile, 2 wood + 1 grain for a three-space tile (rulebook A)."""
WHITE_PER_YEAR = 3
WHITE_PER_YEAR_AMBASSADOR = 2
"""Module C: at most 2 white dice from the labour pool a year (ambassador dice not counted)."""
BUY_PRICE = 3
SPECIAL_COLONY_COST = one(COIN, 4)
"""A special colony tile costs 4 coins (KO, special colony tiles)."""
DIAGONALS = {1: (0, 7, 14, 21, 28, 35), 6: (5, 10, 15, 20, 25, 30)}
"""Archery: a die of value 1 runs down the main diagonal, 6 down the other (top to bottom)."""
ARCHERY_COST = 1
EXPERT_COST = (1, 2, 3)
"""The 1st/2nd/3rd expert of a production kind: 1/2/3 coins for 1/2/3 (KO module B); later
ones cost and give 3 as the third (the book stops at three)."""
IMPROVE_COST = (1, 3)
"""An improvement expert: 1 coin over a developed square, 3 coins on an empty one."""


def colony_cost(tile: TileDef) -> Bundle:
    return SPECIAL_COLONY_COST if tile.special else COLONY_COST[len(tile.squares)]


def expert_cost(p: Player, kind: int) -> int:
    return EXPERT_COST[min(p.expert_count[kind], len(EXPERT_COST) - 1)]


# ---------------------------------------------------------------- helpers


def occupied_mask(p: Player) -> int:
    mask = 1 << p.gov if p.gov >= 0 else 0  # no tile covers the governor (module A)
    for cell, sq in enumerate(p.board):
        if sq is not None:
            mask |= 1 << cell
    return mask


def empty_buildings(p: Player, line: tuple[int, ...]) -> list[int]:
    """Buildings of `line` with neither a die nor coins, in activation order."""
    board, dice, coins, gov = p.board, p.dice_on, p.coins_on, p.gov
    return [
        c
        for c in line
        if (sq := board[c]) is not None
        and sq.building
        and not dice[c]
        and not coins[c]
        and c != gov
    ]


def die_cost(face: int, target: int) -> int:
    """1 coin per pip; 1 and 6 are not adjacent (rulebook C)."""
    return abs(face - target)


def buy_price(p: Player, res: int) -> int | None:
    if res in (WOOD, GRAIN):
        return 2 if p.has("basic_economics") else BUY_PRICE
    if RESOURCES[res] in ("sugar", "gem") and p.has("advanced_economics"):
        return 3
    return None


def connected_buildings(p: Player, cell: int) -> set[int]:
    """Buildings joined to `cell` directly or through an unbroken road (logistics)."""
    board = p.board

    def is_road(c: int) -> bool:
        sq = board[c]
        return sq is not None and (not sq.building or sq.road)  # improvement experts too

    _, touched = road_reach((cell,), is_road)
    touched |= set(NEIGHBOURS[cell])
    return {c for c in touched if (sq := board[c]) is not None and sq.building and c != cell}


# ---------------------------------------------------------------- legal actions


@cached_legal
def legal(s: State, seat: int) -> tuple[str, ...]:
    if s.over or s.chance or seat != s.actor or s.phase == "setup":
        found: tuple[str, ...] = ()
    elif s.tasks:
        found = tuple(task_options(s, s.players[seat], s.tasks[0]))
        # a player answering the Maya's proposal has no free actions (it stays doable)
        if s.phase == "play" and s.tasks[0][0] != "manswer":
            free = maya_buys(s.players[seat]) if s.players[seat].caps else None
            found = (*found, *(free_actions(s, seat, False) if free is None else free))
    elif s.phase == "halls":
        found = tuple(f"hall:{k + 1}" for k in range(len(s.hall_sets)))
    elif s.phase == "boards":
        taken = {p.board_id for p in s.players}
        found = tuple(
            f"board:{b}"
            for b, side in sorted(s.cat.board_sides.items())
            if side == "A" and b not in taken
        )
    elif s.players[seat].caps:
        limit = WHITE_PER_YEAR_AMBASSADOR if "C" in s.modules else WHITE_PER_YEAR
        found = (*maya.main_actions(s, s.players[seat], limit), *maya_buys(s.players[seat]))
    else:
        found = (*main_actions(s, seat), *free_actions(s, seat, True))
    return found


def maya_buys(p: Player) -> list[str]:
    """The Maya player's one free action: buying a basic resource for 3 coins onto an empty
    storage tile. KO excludes only free sales and coin activation for it ("자유 행동으로 자원을
    팔 수 없으며 ... 동전을 이용하여 건물을 활성화시킬 수도 없습니다"); buying is not excluded."""
    return [
        f"buy:{k}"
        for k in ("wood", "grain")
        if p.coins >= BUY_PRICE and not maya.storage_full(p, k)
    ]


def free_actions(s: State, seat: int, turn_start: bool) -> list[str]:
    p = s.players[seat]
    out = [f"sell:{RESOURCES[i]}" for i in range(len(RESOURCES)) if p.res[i]]
    for i in range(len(RESOURCES)):
        price = buy_price(p, i)
        if price is not None and p.coins >= price and p.res[i] < LIMIT:
            out.append(f"buy:{RESOURCES[i]}")
    if turn_start and p.has("logistics") and p.coins >= 1:
        for cell in range(36):
            if p.dice_on[cell]:
                for target in sorted(connected_buildings(p, cell)):
                    if not p.dice_on[target] and not p.coins_on[target] and target != p.gov:
                        out.append(f"move:{cell_name(cell)}>{cell_name(target)}")
    return out


def die_payments(p: Player, exp: bool) -> list[str]:
    """What may set a die to any value: wood/grain/gold with botany; cocoa or gold (expansion)."""
    pays = [RESOURCES[i] for i in (WOOD, GRAIN, GOLD) if p.res[i]] if p.has("botany") else []
    if exp:
        if p.cocoa:
            pays.append("cocoa")
        if p.res[GOLD] and "gold" not in pays:
            pays.append("gold")
    return pays


def _die_actions(
    p: Player, verb: str, faces: list[int], open_lines: list[int], pays: list[str], extra: int = 0
) -> list[str]:
    """Die choices: a face (pool or own blue dice) turned to a line with an empty building."""
    out: list[str] = []
    coins = p.coins - extra
    if coins < 0:
        return out
    for face in faces:
        for t in open_lines:
            if abs(face - t) <= coins:  # 1 coin per pip (die_cost)
                out.append(f"{verb}:{face}-{t}")
            if pays and face != t:
                out.extend(f"{verb}:{face}-{t}:{r}" for r in pays)
    return out


def _open_lines(p: Player, lines: tuple[tuple[int, ...], ...]) -> list[int]:
    """Line numbers (from 1) holding at least one empty building."""
    board, dice, coins, gov = p.board, p.dice_on, p.coins_on, p.gov
    return [
        t + 1
        for t, line in enumerate(lines)
        if any(
            (sq := board[c]) is not None
            and sq.building
            and not dice[c]
            and not coins[c]
            and c != gov
            for c in line
        )
    ]


def _colony_actions(s: State, p: Player) -> list[str]:
    """The colony tiles on display that `p` can pay for and fit on the colony board."""
    out = []
    payable = {
        2: can_pay(p, COLONY_COST[2]),
        3: can_pay(p, COLONY_COST[3]),
        0: can_pay(p, SPECIAL_COLONY_COST),
    }
    if s.colony and (payable[2] or payable[3] or payable[0]):
        mask = occupied_mask(p)
        fits: dict[str, bool] = {}
        for tid in s.colony:
            tile = s.cat.tiles[tid]
            if not payable[0 if tile.special else len(tile.squares)]:
                continue
            if tile.shape not in fits:
                fits[tile.shape] = any(not (m & mask) for *_, m in placements(tile.shape))
            if fits[tile.shape]:
                out.append(f"colony:{tid}")
    return out


def _coin_actions(p: Player) -> list[str]:
    """The buildings `p` can activate with coins (the next coin action affordable)."""
    if p.coins < p.coin_acts + 1:
        return []
    return [
        f"coin:{cell_name(cell)}"
        for cell, sq in enumerate(p.board)
        if sq is not None
        and sq.building
        and not p.dice_on[cell]
        and not p.coins_on[cell]
        and cell != p.gov
    ]


def main_actions(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    out = [*_colony_actions(s, p), *_coin_actions(p)]
    columns = _open_lines(p, COLUMNS)
    pays = die_payments(p, s.exp)
    archery = p.has("archery")
    diagonals = [v for v, line in DIAGONALS.items() if archery and empty_buildings(p, line)]
    limit = WHITE_PER_YEAR_AMBASSADOR if "C" in s.modules else WHITE_PER_YEAR
    if s.amb[0]:
        out += _die_actions(p, "ambwhite", [s.amb[0]], columns, pays)
        if diagonals:
            out += _die_actions(p, "ambwhitediag", [s.amb[0]], diagonals, pays, ARCHERY_COST)
    if s.amb[1]:
        face = [s.amb[1]]
        out += _die_actions(p, "ambblue", face, _open_lines(p, ROWS), pays)
        if p.has("philosophy"):
            out += _die_actions(p, "ambbluecol", face, columns, pays)
        if diagonals:
            out += _die_actions(p, "ambbluediag", face, diagonals, pays, ARCHERY_COST)
    if p.white_used < limit:
        faces = [f + 1 for f in range(6) if s.white[f]]
        out += _die_actions(p, "white", faces, columns, pays)
        if diagonals:
            out += _die_actions(p, "whitediag", faces, diagonals, pays, ARCHERY_COST)
    if s.shared:
        blue_faces = (
            [f + 1 for f in range(6) if s.blue_pool[f]] if p.blue_used < p.blue_owned else []
        )
    else:
        blue_faces = sorted(set(p.blue))
    if blue_faces:
        out += _die_actions(p, "blue", blue_faces, _open_lines(p, ROWS), pays)
        if p.has("philosophy"):
            out += _die_actions(p, "bluecol", blue_faces, columns, pays)
        if diagonals:
            out += _die_actions(p, "bluediag", blue_faces, diagonals, pays, ARCHERY_COST)
    out += [f"rest:{k + 1}" for k in range(5) if s.rest_spaces[k] < 0]
    return out


def task_options(s: State, p: Player, task: Task) -> list[str]:
    kind = task[0]
    if kind in maya.MAYA_TASKS:
        return maya.task_options(s, p, task)
    if kind == "place":
        tile = s.cat.tiles[task[1]] if task[2] == "colony" else hall_def(s.cat, task[1])
        mask = occupied_mask(p)
        return [
            f"place:{r + 1},{c + 1},{turn}"
            for r, c, turn, _, m in placements(tile.shape)
            if not (m & mask)
        ]
    if kind == "road":
        return [f"road:{cell_name(c)}" for c in range(36) if p.board[c] is None and c != p.gov]
    if kind == "trade":
        opts = [f"trade:{i + 1}" for i, (cost, _) in enumerate(task[1]) if can_pay(p, cost)]
        return [*opts, "trade:skip"]
    if kind == "ship":
        opts = [
            f"ship:{d + 1}"
            for d, tid in enumerate(s.docks)
            if tid and can_pay(p, s.cat.ships[tid].cost)
        ]
        if s.xdock and can_pay(p, s.cat.ships[s.xdock].cost):
            opts += [f"ship:x{d + 1}" for d in special_docks(p)]
        return [*opts, "ship:skip"]
    if kind == "astro":
        here = task[1]
        return ["astro:stay"] + [
            f"astro:{d + 1}" for d in range(4) if d != here and abs(d - here) <= p.coins
        ]
    if kind == "piety":
        extra = p.res[GRAIN] > 0 or (p.res[GOLD] > 0 and not p.caps)  # Maya: grain only
        return ["piety:1", "piety:2"] if extra else ["piety:1"]
    if kind == "monk":
        return [*monk_options(s, p), "monk:skip"]
    if kind == "putdie":
        return [f"die:{cell_name(c)}" for c in die_cells(p, task)]
    if kind == "expert":
        return expert_options(s, p, task[1])
    if kind == "improve":
        return [f"improve:{cell_name(c)}" for c in improve_cells(p)]
    if kind == "echoarch":  # the diagonal costs a coin (archery): not when it was spent meanwhile
        return ["echoarch:line", *(["echoarch:diag"] if p.coins >= ARCHERY_COST else [])]
    if kind == "medrest":
        return [f"medrest:{k + 1}" for k in range(5) if s.rest_spaces[k] < 0]
    if kind == "guide":
        return ["guide:go", "guide:stop"] if p.coins >= 1 else ["guide:stop"]
    if kind == "math":
        return [f"math:{cell_name(c)}" for c in range(36) if p.coins_on[c]] + ["math:skip"]
    raise ValueError(f"unknown task {task!r}")


def monk_options(s: State, p: Player) -> list[str]:
    """Spaces without the actor's monk whose earlier monks the actor can pay 2 coins each."""
    seat = s.actor
    out = []
    for k, seats in enumerate(s.monk_spaces):
        if seat in seats or p.coins < 2 * len(seats):
            continue
        out.append(f"monk:{MONK_SPACES[k]}")
    return out


def die_cells(p: Player, task: Task) -> list[int]:
    return [c for c in task[2] if not p.dice_on[c] and not p.coins_on[c] and c != p.gov]


def special_docks(p: Player) -> list[int]:
    """Docks a special shipping tile may go to: any but the fullest, any when all are equal."""
    sizes = [len(d) for d in p.ships]
    if len(set(sizes)) == 1:
        return list(range(4))
    return [d for d in range(4) if sizes[d] < max(sizes)]


def improve_cells(p: Player) -> list[int]:
    """Cells an improvement expert may cover: developed for 1 coin, empty for 3 (module B)."""
    out = []
    for c in range(36):
        if p.dice_on[c] or p.coins_on[c] or c == p.gov:
            continue
        cost = IMPROVE_COST[0] if p.board[c] is not None else IMPROVE_COST[1]
        if p.coins >= cost:
            out.append(c)
    return out


PRODUCTION = {"farmer": 0, "forester": 1, "soldier": 2}


def expert_options(s: State, p: Player, value: int) -> list[str]:
    """Take the expert under the white die's (changed) value if it can be paid, or skip."""
    eid = s.experts[value - 1] if s.experts else ""
    if eid:
        assert s.cat.expansion is not None
        kind = s.cat.expansion.experts[eid].kind
        if kind == "improve":
            if improve_cells(p):
                return ["expert:take", "expert:skip"]
        elif p.coins >= expert_cost(p, PRODUCTION[kind]):
            return ["expert:take", "expert:skip"]
    return ["expert:skip"]
