"""Turns, tasks and actions: what each action does (what is legal: `moves.py`).

A main action becomes a queue of tasks for the actor (`State.tasks`): building activations in
order, then decisions (trade, shipping, piety, monk, die placement ...). `run` does the automatic
tasks and stops at the next decision or chance node; when the queue is empty the turn passes, and
when everybody has rested the year ends. The action grammar: `actions.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.santa_maria import maya
from domain.santa_maria import setup as setup_mod
from domain.santa_maria.components import (
    COIN,
    GOLD,
    GRAIN,
    RESOURCES,
    SALE_PRICE,
    WOOD,
    hall_def,
)
from domain.santa_maria.economy import gain, one, pay
from domain.santa_maria.geometry import (
    COLUMNS,
    ROWS,
    parse_cell,
    placements,
)
from domain.santa_maria.moves import (
    ARCHERY_COST,
    DIAGONALS,
    IMPROVE_COST,
    PRODUCTION,
    buy_price,
    colony_cost,
    die_cost,
    empty_buildings,
    expert_cost,
    task_options,
)
from domain.santa_maria.moves import die_cells as _die_cells
from domain.santa_maria.setup import MONK_SPACES, NEW_MISSION
from domain.santa_maria.state import Player, State, Task
from domain.santa_maria.tracks import conquer, pay_extra_step, piety_walk, score_conquistadors

REST_NAMES = ("2 coins", "piety", "conquistador", "shipping", "road tile")
AUTO = frozenset({"bld", "gain", "conq", "income", "restact", "line", "echo"}) | maya.MAYA_AUTO
DIE_VERBS = ("white", "blue", "bluecol", "whitediag", "bluediag")
SKIPPABLE = frozenset({"expert:skip", "guide:stop", "mtech:skip", "mtemple:skip"})
"""A decision whose only option is one of these is dropped (nothing to choose)."""


# ---------------------------------------------------------------- running the queue


def run(s: State) -> None:
    """Do automatic work until a decision or chance node is reached (or the game ends)."""
    while not s.over:
        if s.chance:
            return
        if s.tasks:
            task = s.tasks[0]
            kind = task[0]
            if kind in AUTO:
                s.tasks = s.tasks[1:]
                _auto(s, task)
                continue
            p = s.players[s.actor]
            if kind == "putdie" and not p.has("architecture"):
                s.tasks = s.tasks[1:]
                cells = _die_cells(p, task)
                if cells:
                    _put_die(p, cells[-1], task[1])
                continue
            options = task_options(s, p, task)
            if (
                (kind == "monk" and p.monks == 0)
                or (kind == "math" and not any(p.coins_on))
                or not options
                or (len(options) == 1 and options[0] in SKIPPABLE)
            ):
                s.tasks = s.tasks[1:]
                continue
            return
        if s.phase == "setup":
            seats = setup_mod.colonists(s)
            if s.advanced and seats:
                s.phase = "halls"
            elif seats and not s.players[seats[0]].board_id:  # side A: reverse turn order
                s.phase = "boards"
                s.hall_order = tuple(reversed(seats))
            else:
                s.phase = "play"
            s.actor = s.hall_order[0] if s.hall_order else s.start
            continue
        if not s.acted:
            return
        _advance(s)


def _put_die(p: Player, cell: int, kind: int) -> None:
    dice = list(p.dice_on)
    dice[cell] = kind
    p.dice_on = tuple(dice)


def _auto(s: State, task: Task) -> None:
    """An automatic task at the head of the queue (already taken off it)."""
    kind = task[0]
    seat = s.actor
    p = s.players[seat]
    if kind in maya.MAYA_AUTO:
        maya.auto(s, p, task)
        return
    _AUTO_TASKS[kind](s, seat, p, task)


def _activate(s: State, seat: int, p: Player, task: Task) -> None:
    """A building activated: its effects become tasks (trade twice with industrialization)."""
    sq = p.board[task[1]]
    assert sq is not None
    new: list[Task] = []
    for eff in sq.effects:
        if eff[0] == "produce":
            new.append(("gain", eff[1]))
        elif eff[0] == "trade":
            new += [("trade", eff[1])] * (2 if p.has("industrialization") else 1)
        else:
            new.append((eff[0],))
    s.tasks = (*new, *s.tasks)


def _gain(s: State, seat: int, p: Player, task: Task) -> None:
    give(s, seat, p, task[1])


def _conquer(s: State, seat: int, p: Player, task: Task) -> None:
    conquer(s, seat)


def _income(s: State, seat: int, p: Player, task: Task) -> None:
    """Each shipping tile taken pays its dock's income."""
    new: list[Task] = []
    for d in range(4):
        for _ in p.ships[d]:
            eff = s.cat.docks[d]
            new.append(("gain", eff[1]) if eff[0] == "produce" else (eff[0],))
    s.tasks = (*new, *s.tasks)


def _line_task(s: State, seat: int, p: Player, task: Task) -> None:
    _line(s, p, task)


def _echo(s: State, seat: int, p: Player, task: Task) -> None:
    """Module C: the next other player activates the ambassador's line (or the Maya walks)."""
    _, verb, target, others, chooser = task
    if not others:
        s.actor = chooser  # back to the player whose turn it is
        return
    seat = others[0]
    s.actor = seat
    q = s.edit(seat)  # a private copy: this player changes now
    if q.caps:  # the Maya player walks the road of that value (KO module C with D)
        s.tasks = (
            *maya.echo_tasks(s, target),
            ("echo", verb, target, others[1:], chooser),
            *s.tasks,
        )
        return
    first: Task = ("line", verb, target, 0)
    if q.has("archery") and target in DIAGONALS and q.coins >= ARCHERY_COST:
        first = ("echoarch", verb, target)  # an archer may take the diagonal (KO)
    s.tasks = (first, ("echo", verb, target, others[1:], chooser), *s.tasks)


def _rest_action(s: State, seat: int, p: Player, task: Task) -> None:
    """The action of the rest space taken."""
    space = task[1]
    if space == 0:
        step: list[Task] = [("gain", one(COIN, 2))]
    elif space == 1:
        step = [("piety",)]
    elif space == 2:
        step = [("conq",)]
    elif p.caps:  # the Maya player's fourth and fifth rest spaces
        step = maya.rest_step(space)
    elif space == 3:
        step = [("ship",)]
    else:
        # A road covers an empty square, never the governor's (KO): none left, no road taken.
        open_square = any(sq is None and c != p.gov for c, sq in enumerate(p.board))
        step = [("road",)] if s.roads > 0 and open_square else []
        if step:
            s.roads -= 1
    s.tasks = (*step, *s.tasks)


_AUTO_TASKS: dict[str, Callable[[State, int, Player, Task], None]] = {
    "bld": _activate,
    "gain": _gain,
    "conq": _conquer,
    "income": _income,
    "line": _line_task,
    "echo": _echo,
    "restact": _rest_action,
}
"""What each automatic task does (`AUTO`; the Maya's own in `maya.MAYA_AUTO`)."""


def give(s: State, seat: int, p: Player, bundle: tuple[int, ...]) -> None:
    """Gain `bundle`; a colonist's gold comes out of the Maya gold storage first (KO)."""
    gain(p, bundle)
    if s.maya is not None and seat != maya.MAYA and bundle[GOLD]:
        take_maya_gold(s, bundle[GOLD])


def take_maya_gold(s: State, count: int) -> None:
    held = s.players[maya.MAYA].res[GOLD]
    if held and count:
        m = s.edit(maya.MAYA)
        m.res = (*m.res[:GOLD], held - min(held, count), *m.res[GOLD + 1 :])


def _advance(s: State) -> None:
    s.acted = False
    if s.phase in ("halls", "boards"):
        s.hall_order = s.hall_order[1:]
        if s.hall_order:
            s.actor = s.hall_order[0]
            return
        s.phase = "play"
        s.hall_sets = ()
        s.actor = s.start
        return
    for k in range(1, s.n + 1):
        seat = (s.actor + k) % s.n
        if not s.players[seat].rested:
            s.actor = seat
            return
    year_end(s)


def year_end(s: State) -> None:
    """Conquistador scoring, buildings cleared; then the next year's setup or the game's end."""
    s.players = tuple(p.clone() for p in s.players)  # every player changes: private copies
    score_conquistadors(s)
    taken = [
        (abs(space - s.cat.first_rest), space, seat)
        for space, seat in enumerate(s.rest_spaces)
        if seat >= 0
    ]
    if taken:
        s.start = min(taken)[2]
    if s.year == 3:
        s.over = True  # dice and coins stay where they lie: nothing follows
        s.phase = "over"
        return
    white = list(s.white)
    pool = list(s.blue_pool)
    for p in s.players:
        for cell in range(36):
            if p.dice_on[cell] == 1:
                white[0] += 1  # faces are rerolled by the next chance node; count only
            elif p.dice_on[cell] == 2 and s.shared:
                pool[0] += 1
        p.dice_on = (0,) * 36
        p.coins_on = (0,) * 36
        p.coin_acts = 0
        p.white_used = 0
        p.blue_used = 0
    if s.maya is not None:
        for _, what in s.maya.on:
            if what == 1:
                white[0] += 1
            elif what == 2 and s.shared:
                pool[0] += 1
        maya.year_end(s)
    s.white = tuple(white)
    s.blue_pool = tuple(pool)
    s.blue_waiting = 0  # the ("blue",) roll below covers every hired die
    s.year += 1
    s.colony = ()  # special colony tiles left over are discarded too (KO)
    s.rest_spaces = (-1,) * 5
    for p in s.players:
        p.rest = -1
        p.rested = False
    chance: list[Task] = [("col2",), ("col3",)]
    if s.exp and s.xcol_left:
        chance.append(("xcol",))
    if s.experts:
        s.experts = ()  # experts nobody took leave the game
        if s.experts_left:
            chance.append(("experts",))
    chance.append(("white",))
    if sum(p.blue_owned for p in s.players):  # module C: maybe nobody has a blue die yet
        chance.append(("blue",))
    if "C" in s.modules:
        chance.append(("amb",))  # the ambassador dice are rolled onto their tiles again
    s.chance = (*s.chance, *chance)
    s.actor = s.start
    if s.maya is not None:
        maya.year_start_gold(s)


# ---------------------------------------------------------------- doing an action


def act(s: State, seat: int, action: str) -> None:
    """Apply a legal `action` of `seat` to the private state `s`, then run the queue."""
    verb, _, arg = action.partition(":")
    p = s.players[seat]
    if verb in ("sell", "buy"):
        i = RESOURCES.index(arg)
        res = list(p.res)
        if verb == "sell":
            res[i] -= 1
            p.coins += SALE_PRICE[i]
        else:
            price = buy_price(p, i)
            assert price is not None
            res[i] += 1
            p.coins -= price
        p.res = tuple(res)
    elif verb == "move":
        a, _, b = arg.partition(">")
        ca, cb = parse_cell(a), parse_cell(b)
        assert ca is not None and cb is not None
        dice = list(p.dice_on)
        dice[cb], dice[ca] = dice[ca], 0
        p.dice_on = tuple(dice)
        p.coins -= 1
    elif s.tasks:
        task, s.tasks = s.tasks[0], s.tasks[1:]
        if task[0] in maya.MAYA_TASKS:
            maya.task(s, p, task, verb, arg)
        else:
            _task(s, seat, p, task, verb, arg)
    elif verb.startswith("m") and verb != "move":
        maya.main(s, p, verb, arg)
        s.acted = True
    else:
        _main(s, seat, p, verb, arg)
        s.acted = True
    run(s)


def _main(s: State, seat: int, p: Player, verb: str, arg: str) -> None:
    if verb == "colony":
        tile = s.cat.tiles[arg]
        pay(p, colony_cost(tile))
        s.colony = tuple(t for t in s.colony if t != arg)
        s.tasks = (("place", arg, "colony"),)
    elif verb == "coin":
        cell = parse_cell(arg)
        assert cell is not None
        p.coin_acts += 1
        p.coins -= p.coin_acts
        coins = list(p.coins_on)
        coins[cell] = p.coin_acts
        p.coins_on = tuple(coins)
        s.tasks = (("bld", cell),)
    elif verb in DIE_VERBS or (verb.startswith("amb") and verb[3:] in DIE_VERBS):
        _use_die(s, p, verb, arg)
    elif verb == "rest":
        space = int(arg) - 1
        s.rest_spaces = (*s.rest_spaces[:space], seat, *s.rest_spaces[space + 1 :])
        p.rest = space
        p.rested = True
        tasks: list[Task] = [("math",)] if p.has("mathematics") else []
        acts: list[Task] = [("restact", space)]
        if p.caps:  # the Maya player scores its temples on leaving the year (KO)
            s.tasks = (*acts, ("mscore",))
            return
        if p.has("meditation"):  # the rest action twice; after the road tile another space
            acts.append(("medrest",) if space == 4 else ("restact", space))
        s.tasks = (*tasks, *acts, ("income",))
    elif verb == "board":
        setup_mod.give_board(s, seat, arg)
    elif verb == "hall":
        k = int(arg) - 1
        hall, scholar = s.hall_sets[k]
        s.hall_sets = s.hall_sets[:k] + s.hall_sets[k + 1 :]
        p.personal = scholar
        p.scholars = (*p.scholars, scholar)
        if s.cat.expansion is not None and hall == s.cat.expansion.cocoa_hall.id:
            p.cocoa_cap += 1  # its second cocoa storage, empty side up (KO)
        s.tasks = (("place", hall, "hall"),)


def _use_die(s: State, p: Player, verb: str, arg: str) -> None:
    faces, _, paid = arg.partition(":")
    f_text, _, t_text = faces.partition("-")
    face, target = int(f_text), int(t_text)
    ambassador = verb.startswith("amb")
    if ambassador:  # module C: the ambassador die and its tile; no limit counted
        verb = verb[3:]
        k = 0 if verb.startswith("white") else 1
        s.amb = (0, s.amb[1]) if k == 0 else (s.amb[0], 0)
        s.amb_by = (s.actor, s.amb_by[1]) if k == 0 else (s.amb_by[0], s.actor)
        kind = 3 + k
    elif verb.startswith("white"):
        white = list(s.white)
        white[face - 1] -= 1
        s.white = tuple(white)
        p.white_used += 1
        kind = 1
    else:
        if s.shared:
            pool = list(s.blue_pool)
            pool[face - 1] -= 1
            s.blue_pool = tuple(pool)
        else:
            blue = list(p.blue)
            blue.remove(face)
            p.blue = tuple(blue)
        p.blue_used += 1
        kind = 2
    if paid == "cocoa":
        p.cocoa -= 1
    elif paid:
        res = list(p.res)
        res[RESOURCES.index(paid)] -= 1
        p.res = tuple(res)
    else:
        p.coins -= die_cost(face, target)
    if verb.endswith("diag"):
        p.coins -= ARCHERY_COST
    tasks: list[Task] = []
    if kind in (1, 3) and "B" in s.modules:
        tasks.append(("expert", target))  # experts come before the governor (KO module B)
    tasks.append(("line", verb, target, kind))
    if ambassador:  # then every other player, clockwise, activates the same line
        others = tuple((s.actor + k) % s.n for k in range(1, s.n))
        plain = verb.removesuffix("diag")  # archery is the chooser's own (KO)
        tasks.append(("echo", plain, target, others, s.actor))
    s.tasks = tuple(tasks)


def line_of(verb: str, target: int) -> tuple[int, ...]:
    verb = verb.removeprefix("amb")
    if verb.endswith("diag"):
        return DIAGONALS[target]
    return ROWS[target - 1] if verb == "blue" else COLUMNS[target - 1]


def _line(s: State, p: Player, task: Task) -> None:
    """A die's line: the governor moves first (module A), then the empty buildings activate."""
    _, verb, target, kind = task
    line = line_of(verb, target)
    first: list[Task] = []
    if p.gov >= 0 and p.gov in line:
        first = governor_step(p, 1 if verb.startswith("white") or verb == "bluecol" else 6)
    if p.has("taxation"):
        p.coins += sum(sq.colonists for c in line if (sq := p.board[c]) is not None) // 2
    cells = tuple(empty_buildings(p, line))
    put: tuple[Task, ...] = (("putdie", kind, cells),) if kind else ()  # no die when echoing
    s.tasks = (*first, *(("bld", c) for c in cells), *put, *s.tasks)


def governor_step(p: Player, step: int) -> list[Task]:
    """Move the governor one cell right (step 1) or down (6) if it may; what arriving gives.

    It stays where it is at the edge, in the bottom-right corner, or before a square holding a
    die or coins (KO module A). Arriving on an empty building activates it; on a road, 1 point
    per colonist (and the guide may pay a coin to go on)."""
    here = p.gov
    if here == 35 or (step == 1 and here % 6 == 5) or (step == 6 and here >= 30):
        return []
    dest = here + step
    if p.dice_on[dest] or p.coins_on[dest]:
        return []
    p.gov = dest
    sq = p.board[dest]
    if sq is None:
        return []
    if sq.building:  # an improvement expert is also a road: the guide may go on (KO)
        return [("bld", dest), *([("guide", step)] if sq.road and p.has("guide") else [])]
    p.vp += sq.colonists
    return [("guide", step)] if p.has("guide") else []


def _task(s: State, seat: int, p: Player, task: Task, verb: str, arg: str) -> None:
    """A decision on the task at the head of the queue (already taken off it)."""
    handler = _TASKS.get(verb)
    if handler is not None:
        handler(s, seat, p, task, arg)


def _place_tile(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    r, c, turn = (int(x) for x in arg.split(","))
    tile = s.cat.tiles[task[1]] if task[2] == "colony" else hall_def(s.cat, task[1])
    cells = next(pl[3] for pl in placements(tile.shape) if pl[:3] == (r - 1, c - 1, turn))
    board = list(p.board)
    for at, sq in zip(cells, tile.squares, strict=True):
        board[at] = sq
    p.board = tuple(board)
    if task[2] == "colony":
        p.tiles = (*p.tiles, task[1])


def _road(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    cell = parse_cell(arg)
    assert cell is not None
    p.board = (*p.board[:cell], s.cat.road, *p.board[cell + 1 :])


def _trade(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "skip":
        return
    cost, reward = task[1][int(arg) - 1]
    pay(p, cost)
    give(s, seat, p, reward)


def _ship(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "skip":
        return
    if arg.startswith("x"):
        dock = int(arg[1:]) - 1
        tid = s.xdock
        pay(p, s.cat.ships[tid].cost)
        p.ships = (*p.ships[:dock], (*p.ships[dock], tid), *p.ships[dock + 1 :])
        s.xdock = ""
        if s.xship_left:
            s.chance = (*s.chance, ("xship",))
    else:
        dock = int(arg) - 1
        tid = s.docks[dock]
        pay(p, s.cat.ships[tid].cost)
        p.ships = (*p.ships[:dock], (*p.ships[dock], tid), *p.ships[dock + 1 :])
        s.docks = (*s.docks[:dock], "", *s.docks[dock + 1 :])
        if s.ship_left:
            s.chance = (*s.chance, ("ship", dock))
    if p.has("astronomy"):
        s.tasks = (("astro", dock, tid), *s.tasks)


def _astro(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "stay":
        return
    here, tid = task[1], task[2]
    to = int(arg) - 1
    p.coins -= abs(to - here)
    ships = [list(x) for x in p.ships]
    ships[here].remove(tid)
    ships[to].append(tid)
    p.ships = tuple(tuple(x) for x in ships)


def _piety(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "2":
        pay_extra_step(s, seat)
    s.tasks = (*piety_walk(s, seat, int(arg)), *s.tasks)


def _monk(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "skip":
        return
    k = MONK_SPACES.index(arg)
    for earlier in s.monk_spaces[k]:
        s.edit(earlier).coins += 2  # a private copy: only the actor's player was copied
        p.coins -= 2
    s.monk_spaces = (*s.monk_spaces[:k], (*s.monk_spaces[k], seat), *s.monk_spaces[k + 1 :])
    p.monks -= 1
    if k < 3:
        p.scholars = (*p.scholars, s.scholars_board[k])
    elif k < 6:
        p.bishops = (*p.bishops, s.bishops_board[k - 3])
    elif k == 10:
        p.scholars = (*p.scholars, s.scholars_board[3])  # the expansion tile's scholar
    elif k == 9 and s.exp:
        give(s, seat, p, NEW_MISSION)  # the expansion tile covers the fourth mission
    else:
        give(s, seat, p, s.cat.missions[k - 6])


def _die(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    cell = parse_cell(arg)
    assert cell is not None
    _put_die(p, cell, task[1])


def _expert(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "take":
        _take_expert(s, p, task[1])


def _improve(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    cell = parse_cell(arg)
    assert cell is not None and s.cat.expansion is not None
    p.coins -= IMPROVE_COST[0] if p.board[cell] is not None else IMPROVE_COST[1]
    square = s.cat.expansion.experts[task[1]].square
    p.board = (*p.board[:cell], square, *p.board[cell + 1 :])


def _echo_arch(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    diag = arg == "diag"
    if diag:
        p.coins -= ARCHERY_COST
    s.tasks = (("line", task[1] + ("diag" if diag else ""), task[2], 0), *s.tasks)


def _meditation(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    space = int(arg) - 1
    s.tasks = (("restact", space), *s.tasks)


def _guide(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "go":
        p.coins -= 1
        s.tasks = (*governor_step(p, task[1]), *s.tasks)


def _math(s: State, seat: int, p: Player, task: Task, arg: str) -> None:
    if arg == "skip":
        return
    cell = parse_cell(arg)
    assert cell is not None
    p.coins += p.coins_on[cell]
    p.coins_on = (*p.coins_on[:cell], 0, *p.coins_on[cell + 1 :])


_TASKS: dict[str, Callable[[State, int, Player, Task, str], None]] = {
    "place": _place_tile,
    "road": _road,
    "trade": _trade,
    "ship": _ship,
    "astro": _astro,
    "piety": _piety,
    "monk": _monk,
    "die": _die,
    "expert": _expert,
    "improve": _improve,
    "echoarch": _echo_arch,
    "medrest": _meditation,
    "guide": _guide,
    "math": _math,
}
"""What each task decision does (`actions.py`: the grammar); a skip or stop does nothing."""


def _take_expert(s: State, p: Player, value: int) -> None:
    """Module B: pay for the expert under `value`; production now, improvement to place."""
    assert s.cat.expansion is not None
    eid = s.experts[value - 1]
    s.experts = (*s.experts[: value - 1], "", *s.experts[value:])
    kind = s.cat.expansion.experts[eid].kind
    if kind == "improve":
        s.tasks = (("improve", eid), *s.tasks)
        return
    k = PRODUCTION[kind]
    cost = expert_cost(p, k)
    counts = list(p.expert_count)
    counts[k] += 1
    p.expert_count = tuple(counts)
    p.coins -= cost
    if kind == "soldier":
        s.tasks = (*(("conq",) for _ in range(cost)), *s.tasks)
    else:
        gain(p, one(GRAIN if kind == "farmer" else WOOD, cost))
