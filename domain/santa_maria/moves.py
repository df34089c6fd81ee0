"""Legal actions: what the seat to move may do now (main, setup, task and free actions).

The action grammar is documented in `engine.py`; `legal` is exact (every action it offers
applies) and cached on the state.
"""

from __future__ import annotations

from domain.santa_maria.components import GOLD, GRAIN, RESOURCES, WOOD, Bundle
from domain.santa_maria.economy import LIMIT, can_pay, one
from domain.santa_maria.geometry import COLUMNS, NEIGHBOURS, ROWS, cell_name, placements, road_reach
from domain.santa_maria.setup import MONK_SPACES
from domain.santa_maria.state import Player, State, Task

COLONY_COST: dict[int, Bundle] = {2: one(WOOD, 2), 3: (2, 1, 0, 0, 0, 0, 0)}
"""2 wood for a two-space tile, 2 wood + 1 grain for a three-space tile (rulebook A)."""
WHITE_PER_YEAR = 3
BUY_PRICE = 3


# ---------------------------------------------------------------- helpers


def occupied_mask(p: Player) -> int:
    mask = 0
    for cell, sq in enumerate(p.board):
        if sq is not None:
            mask |= 1 << cell
    return mask


def empty_buildings(p: Player, line: tuple[int, ...]) -> list[int]:
    """Buildings of `line` with neither a die nor coins, in activation order."""
    board, dice, coins = p.board, p.dice_on, p.coins_on
    return [
        c
        for c in line
        if (sq := board[c]) is not None and sq.building and not dice[c] and not coins[c]
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
        return sq is not None and not sq.building

    _, touched = road_reach((cell,), is_road)
    touched |= set(NEIGHBOURS[cell])
    return {c for c in touched if (sq := board[c]) is not None and sq.building and c != cell}


# ---------------------------------------------------------------- legal actions


def legal(s: State, seat: int) -> tuple[str, ...]:
    if s.legal_seat == seat and s.legal_cache is not None:
        return s.legal_cache
    if s.over or s.chance or seat != s.actor or s.phase == "setup":
        found: tuple[str, ...] = ()
    elif s.tasks:
        found = tuple(task_options(s, s.players[seat], s.tasks[0]))
        if s.phase == "play":
            found = (*found, *free_actions(s, seat, False))
    elif s.phase == "halls":
        found = tuple(f"hall:{k + 1}" for k in range(len(s.hall_sets)))
    elif s.phase == "boards":
        taken = {p.board_id for p in s.players}
        found = tuple(
            f"board:{b}"
            for b, side in sorted(s.cat.board_sides.items())
            if side == "A" and b not in taken
        )
    else:
        found = (*main_actions(s, seat), *free_actions(s, seat, True))
    s.legal_cache = found
    s.legal_seat = seat
    return found


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
                    if not p.dice_on[target] and not p.coins_on[target]:
                        out.append(f"move:{cell_name(cell)}>{cell_name(target)}")
    return out


def _die_actions(p: Player, verb: str, faces: list[int], open_lines: list[int]) -> list[str]:
    """Die choices: a face (pool or own blue dice) turned to a line with an empty building."""
    out = []
    coins = p.coins
    pays = [RESOURCES[i] for i in (WOOD, GRAIN, GOLD) if p.res[i]] if p.has("botany") else []
    for face in faces:
        for t in open_lines:
            if abs(face - t) <= coins:  # 1 coin per pip (die_cost)
                out.append(f"{verb}:{face}-{t}")
            if pays and face != t:
                out.extend(f"{verb}:{face}-{t}:{r}" for r in pays)
    return out


def _open_lines(p: Player, lines: tuple[tuple[int, ...], ...]) -> list[int]:
    """Line numbers (from 1) holding at least one empty building."""
    board, dice, coins = p.board, p.dice_on, p.coins_on
    return [
        t + 1
        for t, line in enumerate(lines)
        if any(
            (sq := board[c]) is not None and sq.building and not dice[c] and not coins[c]
            for c in line
        )
    ]


def main_actions(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    out = []
    payable = {2: can_pay(p, COLONY_COST[2]), 3: can_pay(p, COLONY_COST[3])}
    if s.colony and (payable[2] or payable[3]):
        mask = occupied_mask(p)
        fits: dict[str, bool] = {}
        for tid in s.colony:
            tile = s.cat.tiles[tid]
            if not payable[len(tile.squares)]:
                continue
            if tile.shape not in fits:
                fits[tile.shape] = any(not (m & mask) for *_, m in placements(tile.shape))
            if fits[tile.shape]:
                out.append(f"colony:{tid}")
    if p.coins >= p.coin_acts + 1:
        for cell, sq in enumerate(p.board):
            if sq is not None and sq.building and not p.dice_on[cell] and not p.coins_on[cell]:
                out.append(f"coin:{cell_name(cell)}")
    columns = _open_lines(p, COLUMNS)
    if p.white_used < WHITE_PER_YEAR:
        faces = [f + 1 for f in range(6) if s.white[f]]
        out += _die_actions(p, "white", faces, columns)
    if s.shared:
        blue_faces = (
            [f + 1 for f in range(6) if s.blue_pool[f]] if p.blue_used < p.blue_owned else []
        )
    else:
        blue_faces = sorted(set(p.blue))
    if blue_faces:
        out += _die_actions(p, "blue", blue_faces, _open_lines(p, ROWS))
        if p.has("philosophy"):
            out += _die_actions(p, "bluecol", blue_faces, columns)
    out += [f"rest:{k + 1}" for k in range(5) if s.rest_spaces[k] < 0]
    return out


def task_options(s: State, p: Player, task: Task) -> list[str]:
    kind = task[0]
    if kind == "place":
        tile = s.cat.tiles[task[1]] if task[2] == "colony" else s.cat.halls[task[1]]
        mask = occupied_mask(p)
        return [
            f"place:{r + 1},{c + 1},{turn}"
            for r, c, turn, _, m in placements(tile.shape)
            if not (m & mask)
        ]
    if kind == "road":
        return [f"road:{cell_name(c)}" for c in range(36) if p.board[c] is None]
    if kind == "trade":
        opts = [f"trade:{i + 1}" for i, (cost, _) in enumerate(task[1]) if can_pay(p, cost)]
        return [*opts, "trade:skip"]
    if kind == "ship":
        opts = [
            f"ship:{d + 1}"
            for d, tid in enumerate(s.docks)
            if tid and can_pay(p, s.cat.ships[tid].cost)
        ]
        return [*opts, "ship:skip"]
    if kind == "astro":
        here = task[1]
        return ["astro:stay"] + [
            f"astro:{d + 1}" for d in range(4) if d != here and abs(d - here) <= p.coins
        ]
    if kind == "piety":
        extra = p.res[GRAIN] > 0 or p.res[GOLD] > 0
        return ["piety:1", "piety:2"] if extra else ["piety:1"]
    if kind == "monk":
        return [*monk_options(s, p), "monk:skip"]
    if kind == "putdie":
        return [f"die:{cell_name(c)}" for c in die_cells(p, task)]
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
    return [c for c in task[2] if not p.dice_on[c] and not p.coins_on[c]]
