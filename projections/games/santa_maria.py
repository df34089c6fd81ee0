"""Santa Maria statistics: main actions, buildings activated, colony tiles, the conquistador and
piety tracks, scholars and bishops, shipping, rest spaces and points by category.

Almost everything in Santa Maria lies open. The exception: a player's taken shipping tiles lie
face down in the harbor until the final scoring. So nothing here names a taken tile or its points:
``ship`` facts give the dock only (its effect is printed on the board), `seat_score` leaves the
``shipping`` category at 0 until the game is over (harbor sets and the one-dock bishop count
tiles, which everyone sees), and `public_summary` says "ships from dock 2" without the tile.

Facts (all public):
- ``main`` item = the main action's kind (``colony``, ``coin``, ``white``, ``blue``,
  ``bluecol``, ``rest``); ``rest`` item = the rest space's name;
- ``activate`` item = the terrain of each building a main action activates (dice: the empty
  buildings of the row or column; coins: the one building);
- ``colony`` item = the tile size (``2-space`` / ``3-space``);
- ``piety`` amount = spaces moved; ``conquistador`` amount = spaces moved (the
  engine's arrival stamps count them even in the step whose year-end scoring resets the track);
  ``conquest`` item = the year, amount = the points of the year-end conquistador scoring;
- ``scholar`` / ``bishop`` item = the one taken; ``monk`` item = the monk space;
- ``ship`` item = ``dock <n>``; ``trade`` (a trade made).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Any, cast

from domain.core.phrase import Phrase, phrase
from domain.core.protocol import Decision, Rules, SeatScore, Step
from domain.santa_maria.components import GOLD, SALE_PRICE, Square
from domain.santa_maria.engine import REST_NAMES
from domain.santa_maria.geometry import COLUMNS, ROWS, parse_cell
from domain.santa_maria.moves import empty_buildings
from domain.santa_maria.scoring import (
    BISHOP_COST,
    bishop_condition,
    breakdown,
    colonist_points,
)
from domain.santa_maria.state import Player, State
from projections.columns import Batch
from projections.fold import TOTAL, Fold, changed_rows
from projections.games import FactRow, GameStats, win_correlation_view

GAME = "santa-maria"
MAIN = ("colony", "coin", "white", "blue", "bluecol", "rest")
_MAIN = frozenset(MAIN)


_SILENT, _FACT, _REST, _COLONY, _COIN, _LINE, _OTHER = range(7)
"""What a decision's action gives (`_parse`): no fact; one fact of its own (``ship``,
``trade``, ``monk``); a main action (rest space, colony tile, coin on a cell, die on a line),
whose facts need the state; or an action read the long way (`_facts_of`)."""

_ACTIONS: dict[str, tuple[int, str, Any]] = {}
"""Each action seen, parsed (`_parse`): a game repeats a few hundred distinct action texts,
and the fold reads one at every decision."""


def _parse(action: str) -> tuple[int, str, Any]:
    """What `action` gives, as `_ACTIONS` keeps it: (kind, its verb or fact, what the facts
    need: the rest space's name, the tile, the cell, the line's cells or the fact's item)."""
    verb, _, arg = action.partition(":")
    found: tuple[int, str, Any] = (_OTHER, verb, arg)
    try:
        if verb in _MAIN:
            if verb == "rest":
                found = (_REST, verb, REST_NAMES[int(arg) - 1])
            elif verb == "colony":
                found = (_COLONY, verb, arg)
            elif verb == "coin":
                found = (_COIN, verb, parse_cell(arg))
            else:
                target = int(arg.partition(":")[0].split("-")[1])
                found = (_LINE, verb, ROWS[target - 1] if verb == "blue" else COLUMNS[target - 1])
        elif arg == "skip":
            found = (_SILENT, verb, None)
        elif verb == "ship":
            found = (_FACT, "ship", f"dock {arg}")
        elif verb == "trade":
            found = (_FACT, "trade", "trade")
        elif verb == "monk":
            found = (_FACT, "monk", arg)
        else:
            found = (_SILENT, verb, None)
    except (ValueError, IndexError):  # not as recorded games write it: read at each step
        pass
    if len(_ACTIONS) >= _KEEP:
        _ACTIONS.clear()
    _ACTIONS[action] = found
    return found


def _year_end_track(before: State, actor: int, after: State) -> list[tuple[int, int]]:
    """Each seat's (conquistador space, arrival stamp) just before the year-end scoring reset
    them. Only the actor moves in its own step, and every move takes the next stamp, so the
    actor's moves are ``after.stamp - before.stamp``."""
    track = [(p.conq, p.conq_stamp) for p in before.players]
    moved = after.stamp - before.stamp
    if moved:
        track[actor] = (track[actor][0] + moved, after.stamp)
    return track


def _conquest(before: State, actor: int, after: State) -> Iterable[FactRow]:
    """The year-end conquistador points, by the engine's order and the catalog's table."""
    track = _year_end_track(before, actor, after)
    year = before.year
    if before.n == 1:
        if track[0][0] >= before.cat.solo_trees[year - 1]:
            yield (0, "conquest", f"year {year}", before.cat.conq_scoring[2][year][0])
        return
    order = sorted(
        (i for i, t in enumerate(track) if t[0] > 0), key=lambda i: (-track[i][0], track[i][1])
    )
    points = before.cat.conq_scoring[min(before.n, 4)][year]  # 5 players score as 4 (module D)
    for rank, seat in enumerate(order[: len(points)]):
        yield (seat, "conquest", f"year {year}", points[rank])


def _main(before: State, step: Decision) -> list[FactRow]:
    """The facts of a decision's action (`_parse`): its main action, with the rest space, the
    colony tile's size or each building it activates (which read `before`), or its own fact."""
    seat = step.seat
    action = step.action
    kind, verb, item = _ACTIONS.get(action) or _parse(action)
    if kind == _SILENT:
        return []
    if kind == _FACT:
        return [(seat, verb, item, 1)]
    if kind == _OTHER:
        return _facts_of(before, seat, verb, item)
    if before.tasks:  # a main action's verb within a task: not the main action
        return []
    found = [(seat, "main", verb, 1)]
    if kind == _LINE:
        board = before.players[seat].board
        for cell in empty_buildings(before.players[seat], item):
            sq = board[cell]
            if sq is not None:
                found.append((seat, "activate", sq.terrain, 1))
    elif kind == _REST:
        found.append((seat, "rest", item, 1))
    elif kind == _COLONY:
        found.append((seat, "colony", f"{len(before.cat.tiles[item].squares)}-space", 1))
    elif item is not None:  # a coin on a cell
        sq = before.players[seat].board[item]
        if sq is not None:
            found.append((seat, "activate", sq.terrain, 1))
    return found


def _facts_of(before: State, seat: int, verb: str, arg: str) -> list[FactRow]:
    """`_main` of an action `_parse` could not read (never in a recorded game): the same facts,
    or its error, at each step."""
    if verb in _MAIN:
        if before.tasks:
            return []
        found = [(seat, "main", verb, 1)]
        if verb == "rest":
            found.append((seat, "rest", REST_NAMES[int(arg) - 1], 1))
        else:  # only the rest space's number and a die's line can be unreadable
            target = int(arg.partition(":")[0].split("-")[1])
            line = ROWS[target - 1] if verb == "blue" else COLUMNS[target - 1]
            board = before.players[seat].board
            found.extend(
                (seat, "activate", sq.terrain, 1)
                for c in empty_buildings(before.players[seat], line)
                if (sq := board[c]) is not None
            )
        return found
    return []


def facts(rules: Rules[Any], before: State, step: Step, after: State) -> Iterable[FactRow]:
    """The public facts of one step. Chance steps only lay out open components and dice, but
    the actor's queued tasks run on after them, so the tracks are read at every step."""
    if type(step) is Decision:
        actor = step.seat
        found = _main(before, step)
    else:
        actor = before.actor
        found = []
    moved = after.stamp - before.stamp  # conquistador moves (the actor's), reset or not
    if moved:
        found.append((actor, "conquistador", "advance", moved))
    for i, (b, a) in enumerate(zip(before.players, after.players, strict=True)):
        if a is b:  # a player not edited in this step (shared between the states)
            continue
        if a.piety > b.piety:
            found.append((i, "piety", "advance", a.piety - b.piety))
        if a.scholars is not b.scholars:  # the personal scholar of a town hall scores nothing
            found.extend(
                (i, "scholar", x, 1) for x in a.scholars if x not in b.scholars and x != a.personal
            )
        if a.bishops is not b.bishops:
            found.extend((i, "bishop", x, 1) for x in a.bishops if x not in b.bishops)
    if after.year > before.year or (after.over and not before.over):
        found.extend(_conquest(before, actor, after))
    return found


def score_parts(state: State) -> tuple[object, ...]:
    """A seat's public score depends on its player and, for shipping, on the game being over:
    the players themselves while it runs (unchanged ones are shared between states, so most
    seats are passed over by identity), (player, True) pairs once it is over."""
    if not state.over:
        players: tuple[object, ...] = state.players
        return players
    return tuple((p, True) for p in state.players)


_P0, _P1, _P2, _P3, _P4 = SALE_PRICE
"""The sale prices of wood, grain, sugar, gem and gold, one name each (`_coin_points` runs at
most steps: a sum of five products, not a `map`)."""


def _coin_points(p: Player) -> int:
    """`scoring.breakdown`'s ``coins`` points of `p`, without building the breakdown."""
    r = p.res
    if p.caps:  # the Maya player: storage (not gold) sold 1 coin each
        return (p.coins + sum(r[:GOLD]) + p.cocoa) // 3
    return (p.coins + r[0] * _P0 + r[1] * _P1 + r[2] * _P2 + r[3] * _P3 + r[4] * _P4) // 3


def seat_key(part: object) -> object:
    """What a seat's points depend on: whether the game is over (the shipping tiles count
    then), its points in play, its coin points (not the coins and resources themselves: they
    change at most steps, the points they are worth once in three coins) and the fields the
    other categories read (`scoring.breakdown`; the catalog and expansion are fixed)."""
    over = type(part) is tuple
    p = cast("tuple[Player, bool]", part)[0] if over else cast(Player, part)
    return (
        over,
        p.vp,
        _coin_points(p),
        p.caps,
        p.scholars,
        p.personal,
        p.bishops,
        p.board,
        p.ships,
        p.tiles,
        p.gov,
    )


_KEEP = 4096
_colonists: dict[int, tuple[object, int]] = {}
_bishops: dict[tuple[int, str], tuple[object, int]] = {}
"""`scoring.colonist_points` and the board's bishop conditions remembered by the identity of
the board (kept in the entry, so an id is never reused while its entry lives): a board changes
at a few steps of a game."""


def _colonist_points(board: tuple[Square | None, ...]) -> int:
    """`scoring.colonist_points`, remembered by the board's identity."""
    found = _colonists.get(id(board))
    if found is None:
        if len(_colonists) >= _KEEP:
            _colonists.clear()
        found = _colonists[id(board)] = board, colonist_points(board)
    return found[1]


def _board_points(state: State, p: Player) -> tuple[int, int]:
    """`scoring.board_points`, remembered as `_colonist_points` and `_bishop_points` do."""
    if not p.bishops:
        return _colonist_points(p.board), 0
    return _colonist_points(p.board), _bishop_points(state, p)


_BOARD_BISHOPS = frozenset({"square", "hall_cities", "hall_colonists", "terrain_area", "diversity"})
"""The bishops whose condition reads the board alone (`scoring.bishop_condition`)."""


def _bishop_points(state: State, p: Player) -> int:
    """`scoring.bishop_points`, the conditions that read the board alone remembered by the
    board's identity (the others read the ships or tiles: a few sums)."""
    cost = 0 if state.exp else BISHOP_COST
    board = p.board
    total = 0
    for bishop in p.bishops:
        if bishop in _BOARD_BISHOPS:
            key = (id(board), bishop)
            kept = _bishops.get(key)
            if kept is None:
                if len(_bishops) >= _KEEP:
                    _bishops.clear()
                kept = _bishops[key] = board, bishop_condition(bishop, p, state.cat)
            total += kept[1] - cost
        else:
            total += bishop_condition(bishop, p, state.cat) - cost
    return total


_rest: dict[tuple[object, ...], tuple[tuple[object, ...], dict[str, int]]] = {}
"""A player's points but for ``in_play`` and ``coins``, remembered by the identity of what they
read (the objects are kept in the entry, so an id is never reused while its entry lives): the
board, bishops, ships and tiles change at a few steps of a game, the points in play and the
coins at many of them."""


def _other_points(state: State, p: Player) -> dict[str, int]:
    """`scoring.breakdown` of `p` after ``in_play`` and ``coins`` (``shipping`` 0 while the
    game runs: the taken shipping tiles lie face down)."""
    reads = (p.board, p.bishops, p.ships, p.tiles, p.scholars, state.cat)
    key = (*map(id, reads), p.personal, p.gov, state.exp, state.over)
    found = _rest.get(key)
    if found is not None:
        return found[1]
    parts = breakdown(state, p, _board_points)
    del parts["in_play"], parts["coins"]
    if not state.over:
        parts["shipping"] = 0
    if len(_rest) >= _KEEP:
        _rest.clear()
    _rest[key] = reads, parts
    return parts


def seat_points(state: State, seat: int) -> dict[str, int]:
    """The engine's scoring (`scoring.breakdown`) by category; the face-down shipping tiles
    count only once the game is over."""
    p = state.players[seat]
    return {"in_play": p.vp, "coins": _coin_points(p), **_other_points(state, p)}


def seat_changes(
    state: State, seat: int, part: object, was: object, known: dict[str, int]
) -> list[tuple[str, int]]:
    """`GameStats.seat_changes`: the rows of `seat_points` (and the total) that differ from
    `known`. A player edited without touching what the categories but ``in_play`` and
    ``coins`` read (the same board, bishops, ships, tiles and scholars, as at most steps) keeps
    those categories' points, so `known` gives their sum and only two categories are read."""
    over = type(part) is tuple
    p = cast("tuple[Player, bool]", part)[0] if over else cast(Player, part)
    if was is not None and (type(was) is tuple) == over:
        w = cast("tuple[Player, bool]", was)[0] if over else cast(Player, was)
        return _changes(state, seat, p, w, known, over)
    return changed_rows(seat_points(state, seat), known)


def _changes(
    state: State, seat: int, p: Player, w: Player, known: dict[str, int], over: bool
) -> list[tuple[str, int]]:
    """`seat_changes` of player `p` edited from `w` (both while the game runs, or both once it
    is over)."""
    if (
        p.board is w.board
        and p.ships is w.ships
        and p.bishops is w.bishops
        and p.tiles is w.tiles
        and p.scholars is w.scholars
        and p.personal == w.personal
        and p.gov == w.gov
        and p.caps is w.caps
    ):
        vp = p.vp
        old_vp = known["in_play"]
        old_coins = known["coins"]
        if p.coins == w.coins and p.res is w.res and p.cocoa == w.cocoa:
            coins = old_coins  # (the points of `w`, which `known` holds)
        else:
            coins = _coin_points(p)
        if vp == old_vp and coins == old_coins:
            return []
        old_total = known[TOTAL]
        total = old_total + vp - old_vp + coins - old_coins
        found = []
        if total != old_total:
            known[TOTAL] = total
            found.append((TOTAL, total))
        if vp != old_vp:
            known["in_play"] = vp
            found.append(("in_play", vp))
        if coins != old_coins:
            known["coins"] = coins
            found.append(("coins", coins))
        return found
    if p.personal == w.personal and p.gov == w.gov and not p.caps and not w.caps:
        return _some_changes(state, p, w, known, over)
    return changed_rows(seat_points(state, seat), known)


def _some_changes(
    state: State, p: Player, w: Player, known: dict[str, int], over: bool
) -> list[tuple[str, int]]:
    """The rows `changed_rows` would give of `seat_points`, computing only the categories whose
    fields are not the same objects as `w`'s (a colonist with `w`'s personal scholar,
    governor's cell and end of game, whose points `known` holds: the others keep their points,
    and the total follows from the categories that moved), as `scoring.breakdown` does."""
    ships_same = p.ships is w.ships
    found: list[tuple[str, int]] = []
    total = known[TOTAL]
    value = p.vp
    old = known["in_play"]
    if value != old:
        known["in_play"] = value
        total += value - old
        found.append(("in_play", value))
    if p.coins != w.coins or p.res is not w.res:
        value = _coin_points(p)
        old = known["coins"]
        if value != old:
            known["coins"] = value
            total += value - old
            found.append(("coins", value))
    board_same = p.board is w.board
    if not board_same:
        value = _colonist_points(p.board)
        old = known["colonists"]
        if value != old:
            known["colonists"] = value
            total += value - old
            found.append(("colonists", value))
    if p.scholars is not w.scholars:
        points = state.cat.scholar_points
        personal = p.personal
        value = sum(points.get(x, 0) for x in p.scholars if x != personal)
        old = known["scholars"]
        if value != old:
            known["scholars"] = value
            total += value - old
            found.append(("scholars", value))
    held = p.bishops  # their conditions read the board, ships and tiles
    if not (board_same and ships_same and held is w.bishops and p.tiles is w.tiles):
        value = _bishop_points(state, p) if held else 0
        old = known["bishops"]
        if value != old:
            known["bishops"] = value
            total += value - old
            found.append(("bishops", value))
    if not ships_same:
        value = 3 * min(map(len, p.ships))
        old = known["harbor_sets"]
        if value != old:
            known["harbor_sets"] = value
            total += value - old
            found.append(("harbor_sets", value))
        if over:
            ships = state.cat.ships
            value = sum(ships[t].points for dock in p.ships for t in dock)
            old = known["shipping"]
            if value != old:
                known["shipping"] = value
                total += value - old
                found.append(("shipping", value))
    if total != known[TOTAL]:
        known[TOTAL] = total
        found.insert(0, (TOTAL, total))
    return found


def step_rows(
    fold: Fold,
    batch: Batch,
    before: State,
    step: Step,
    after: State,
    number: int,
    round_: int | None,
) -> bool:
    """`GameStats.step_rows` while the game runs: `facts` and the score rows of the seats
    `seat_changes` gives, in one pass over the players the step edited (the others are shared
    between the states). The step that ends the game, and any after, are left to the fold
    (False): the shipping tiles count from then on."""
    players = before.players
    if after.over or fold.parts is not players:
        return False
    if type(step) is Decision:
        actor = step.seat
        found = _main(before, cast(Decision, step))
    else:
        actor = before.actor
        found = []
    moved = after.stamp - before.stamp  # conquistador moves (the actor's), reset or not
    if moved:
        found.append((actor, "conquistador", "advance", moved))
    edited = after.players
    last = fold.last
    game_id = fold.game_id
    t0, t1, t2, t3, t4 = batch.timeline.cols
    for i, a in enumerate(edited):
        b = players[i]
        if a is b:  # a player not edited in this step
            continue
        if a.piety > b.piety:
            found.append((i, "piety", "advance", a.piety - b.piety))
        known = last[i]
        if (
            a.scholars is b.scholars
            and a.bishops is b.bishops
            and a.board is b.board
            and a.ships is b.ships
            and a.tiles is b.tiles
            and a.personal == b.personal
            and a.gov == b.gov
            and a.caps is b.caps
        ):  # `_changes` of most steps, inlined: only the points in play and coins can change
            vp = a.vp
            old_vp = known["in_play"]
            old_coins = known["coins"]
            if a.coins == b.coins and a.res is b.res and a.cocoa == b.cocoa:
                coins = old_coins
            else:
                coins = _coin_points(a)
            if vp == old_vp and coins == old_coins:
                continue
            total = known[TOTAL] + vp - old_vp + coins - old_coins
            if total != known[TOTAL]:
                known[TOTAL] = total
                t0.append(game_id)
                t1.append(number)
                t2.append(i)
                t3.append(TOTAL)
                t4.append(total)
            if vp != old_vp:
                known["in_play"] = vp
                t0.append(game_id)
                t1.append(number)
                t2.append(i)
                t3.append("in_play")
                t4.append(vp)
            if coins != old_coins:
                known["coins"] = coins
                t0.append(game_id)
                t1.append(number)
                t2.append(i)
                t3.append("coins")
                t4.append(coins)
            continue
        if a.scholars is not b.scholars:  # the personal scholar of a town hall scores nothing
            found.extend(
                (i, "scholar", x, 1) for x in a.scholars if x not in b.scholars and x != a.personal
            )
        if a.bishops is not b.bishops:
            found.extend((i, "bishop", x, 1) for x in a.bishops if x not in b.bishops)
        for category, value in _changes(after, i, a, b, known, False):
            t0.append(game_id)
            t1.append(number)
            t2.append(i)
            t3.append(category)
            t4.append(value)
    if after.year > before.year:
        found.extend(_conquest(before, actor, after))
    fold.parts = edited
    if found:
        f0, f1, f2, f3, f4, f5, f6, f7 = batch.facts.cols
        game = fold.game
        for who, fact, item, amount in found:
            f0.append(game_id)
            f1.append(game)
            f2.append(number)
            f3.append(round_)
            f4.append(who)
            f5.append(fact)
            f6.append(item)
            f7.append(amount)
    return True


def seat_score(state: State, seat: int) -> SeatScore:
    """`seat_points`, their total and the tie-break (the distance of the rest space)."""
    p = state.players[seat]
    parts = seat_points(state, seat)
    distance = abs(p.rest - state.cat.first_rest) if p.rest >= 0 else 9
    return SeatScore(seat, sum(parts.values()), parts, (-distance,))


def public_summary(rules: Rules[Any], before: State, step: Step) -> str | Phrase:
    """`describe`, except that a shipping action names the dock, not the tile; as a `Phrase`
    (its English is the text stored, the dashboard shows it in the display language)."""
    if isinstance(step, Decision) and step.action.startswith("ship:"):
        dock = step.action.partition(":")[2]
        if dock != "skip":
            return phrase("{who} ships from dock {dock}", who=before.names[step.seat], dock=dock)
    said = getattr(rules, "phrase", None)
    return (said(before, step) if said else None) or rules.describe(before, step)


round_of = attrgetter("year")
"""`Rules.round_of` of Santa Maria (`State.year`) without a Python call (`GameStats.round_of`)."""


_SM = f"game = '{GAME}'"
_MAIN_ORDER = "[" + ", ".join(f"'{m}'" for m in MAIN) + "]"
VIEWS = {
    "main_actions": f"""
        WITH n AS (SELECT count(DISTINCT game_id) AS games FROM facts WHERE {_SM})
        SELECT item AS action, count(*) AS uses, count(*) / sum(count(*)) OVER () AS share,
               count(*) / any_value(n.games) AS per_game
        FROM facts, n WHERE {_SM} AND fact = 'main'
        GROUP BY item ORDER BY list_position({_MAIN_ORDER}, item)""",
    "buildings": f"""
        SELECT item AS terrain, count(*) AS activations,
               count(*) / sum(count(*)) OVER () AS share
        FROM facts WHERE {_SM} AND fact = 'activate'
        GROUP BY item ORDER BY activations DESC, terrain""",
    "colony_tiles": f"""
        WITH s AS (SELECT game_id, seat, winner FROM seats WHERE {_SM}),
        c AS (SELECT game_id, seat, item FROM facts WHERE {_SM} AND fact = 'colony')
        SELECT c.item AS tile, count(*) AS placed,
               count(*) FILTER (WHERE s.winner) AS placed_by_winners
        FROM c LEFT JOIN s USING (game_id, seat) GROUP BY c.item ORDER BY tile""",
    "tracks": f"""
        WITH s AS (SELECT game_id, seat, winner FROM seats WHERE {_SM}),
        f AS (SELECT game_id, seat,
                     sum(amount) FILTER (WHERE fact = 'piety') AS piety,
                     sum(amount) FILTER (WHERE fact = 'conquistador') AS conquistador,
                     sum(amount) FILTER (WHERE fact = 'conquest') AS conquest_points,
                     count(*) FILTER (WHERE fact = 'monk') AS monks,
                     count(*) FILTER (WHERE fact = 'ship') AS ships,
                     count(*) FILTER (WHERE fact = 'scholar') AS scholars,
                     count(*) FILTER (WHERE fact = 'bishop') AS bishops,
                     count(*) FILTER (WHERE fact = 'trade') AS trades
              FROM facts WHERE {_SM} GROUP BY game_id, seat)
        SELECT s.winner, count(*) AS seats, avg(coalesce(piety, 0)) AS piety_steps,
               avg(coalesce(conquistador, 0)) AS conquistador_steps,
               avg(coalesce(conquest_points, 0)) AS conquest_points,
               avg(coalesce(monks, 0)) AS monks, avg(coalesce(ships, 0)) AS ships,
               avg(coalesce(scholars, 0)) AS scholars, avg(coalesce(bishops, 0)) AS bishops,
               avg(coalesce(trades, 0)) AS trades
        FROM s LEFT JOIN f USING (game_id, seat) GROUP BY s.winner ORDER BY s.winner DESC""",
    "conquest": f"""
        SELECT item AS year, count(*) AS awards, sum(amount) AS points, avg(amount) AS average
        FROM facts WHERE {_SM} AND fact = 'conquest' GROUP BY item ORDER BY year""",
    "scholars": win_correlation_view(GAME, "scholar", "scholar"),
    "bishops": win_correlation_view(GAME, "bishop", "bishop"),
    "shipping_docks": f"""
        SELECT item AS dock, count(*) AS ships, count(*) / sum(count(*)) OVER () AS share
        FROM facts WHERE {_SM} AND fact = 'ship' GROUP BY item ORDER BY dock""",
    "rest_spaces": f"""
        SELECT item AS rest_space, count(*) AS chosen, count(*) / sum(count(*)) OVER () AS share
        FROM facts WHERE {_SM} AND fact = 'rest' GROUP BY item ORDER BY chosen DESC, item""",
    "points": f"""
        SELECT category, avg(points) AS average,
               avg(points) FILTER (WHERE winner) AS average_of_winners,
               sum(points) / nullif(sum(sum(points)) OVER (), 0) AS share
        FROM seat_points WHERE {_SM} GROUP BY category
        ORDER BY list_position(['in_play', 'coins', 'colonists', 'scholars', 'bishops',
                                'harbor_sets', 'shipping'], category)""",
}

TITLES = {
    "main_actions": "Main actions used",
    "buildings": "Buildings activated by terrain",
    "colony_tiles": "Colony tiles placed",
    "tracks": "Tracks, monks, ships, scholars, bishops, trades per seat: winners vs others",
    "conquest": "Conquistador scoring by year",
    "scholars": "Scholars taken, and winning",
    "bishops": "Bishops taken, and winning",
    "shipping_docks": "Shipping by dock",
    "rest_spaces": "Rest spaces chosen",
    "points": "Points by category",
}

STATS = GameStats(
    game=GAME,
    facts=facts,
    views=VIEWS,
    titles=TITLES,
    score_parts=score_parts,
    seat_score=seat_score,
    seat_points=seat_points,
    face_down=("in_play",),
    seat_key=seat_key,
    seat_changes=seat_changes,
    step_rows=step_rows,
    round_of=round_of,
    public_summary=public_summary,
)
