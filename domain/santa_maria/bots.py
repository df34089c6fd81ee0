"""Bots: uniform random, and a heuristic that plays like a cautious human.

The heuristic values each legal action with a few rules of thumb (dice that activate many
buildings cheaply, colony tiles by the buildings they bring for the years left, the best trade or
shipping tile the player can pay, conquistador steps towards this year's solo tree, placements
that fill lines, the rest space that gives most, monks on missions and scholars, rest when
nothing pays) and breaks ties with its own seeded generator. Synthetic pack, 10 solo games:
mean 66 (max 102) against 29 before these rules of thumb.
The Maya player values a card by the temple stages of its region at each rest still to come, a
temple stage by the cards there (gold: the gold held) times those rests plus its reward, and buys
what a face-up temple asks for, and picks roads and steps by what the buildings give that its
storage can hold; 30 games each, Maya mean 47 solo, 55 with 2 colonists (they 89), 56 with 4
colonists and C (they 75), against 35 / 37 / 45 before.
Trades with other players (rules_version 3): the Maya proposes only what a heuristic colonist
takes (a colonist accepts what is worth more to it than it gives); 20 games each, Maya mean 56
with 2 colonists (they 89), 59 with 4 colonists and C (they 74), against 55 / 55 without.
Against the previous bot (benchmarks/bench_bots.py, 2 players, seat-balanced, base game):
the second piety step paid only when it reaches a monk symbol or a point (never gold for bare
progress) and astronomy used only for a harbor set, a more even harbor or the one-dock bishop:
51.5% of 2,000 games [95% 49.4-53.7], not significantly better. Choices once left to chance
made by value (the improvement expert's square, an archer's line or diagonal behind another's
ambassador die, meditation's second rest space, the town hall set by its coins, the board by its
printed buildings) and architecture's die on the building least worth activating again: 72.6% of
2,000 games with modules A,B,C and chosen boards [70.6-74.5], 61.7% of 2,000 with the advanced
setup [59.5-63.8] (a hall chosen for its points instead: 40.1% of 1,000 [37.1-43.2]), 51.1% of
2,000 in the base game [48.9-53.3]. Free actions (logistics' die moved off a building worth
far more than the one it then blocks; a resource sold, with fewer than 3 coins, when its coins
make the best main action better by more than the resource is worth kept; about 1 of each a
game): 50.0% of 2,000 base games [47.9-52.2], no measurable difference. Not kept: a coin worth
0.9 (39.4% of 2,000 base games [37.3-41.6]) or 0.45 (44.9% [42.7-47.1]) instead of 0.6.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from domain.core import bots as core_bots
from domain.core.protocol import Bot, Decision, Rules
from domain.santa_maria import maya as maya_rules
from domain.santa_maria.components import (
    MAYA_REGIONS,
    MAYA_STORE,
    RESOURCES,
    SALE_PRICE,
    cocoa_of,
    hall_def,
)
from domain.santa_maria.economy import can_pay, shortfall
from domain.santa_maria.engine import line_of
from domain.santa_maria.geometry import COLUMNS, NEIGHBOURS, ROWS, parse_cell, placements
from domain.santa_maria.mayatrade import parse_offer
from domain.santa_maria.moves import buy_price, die_cost, empty_buildings
from domain.santa_maria.scoring import bishop_condition
from domain.santa_maria.setup import MONK_SPACES, NEW_MISSION
from domain.santa_maria.state import State

FREE_VERBS = frozenset({"sell", "buy", "move"})
SELL_BELOW = 3
"""A sale is looked at (one step ahead) only with fewer coins than this: coins are short."""

VALUE = (1.0, 1.0, 2.0, 2.0, 2.5, 0.6, 1.8, 1.5)
"""Rough worth of each bundle item (wood, grain, sugar, gem, gold, coin, point, cocoa)."""


MAYA_VALUES = {
    "mwhite": 0.0,
    "mblue": 0.0,
    "mcard": 1.8,
    "mpriest": 2.6,
    "mtemple": 4.0,
    "mtech": 1.5,
    "mwalk": 1.0,
    "mtrade": 0.0,
    "moffer": 0.0,
    "mdiscard": 0.0,
    "mbuild": 0.5,
    "mstore": 0.5,
    "mroad": 0.5,
    "mmonk": 1.0,
    "mfill": 0.5,
}
"""Rough worth of the Maya player's choices (walking on beats stopping, worth 0.5 below)."""


def _maya_reach(s: State, spot: str) -> int:
    """Empty city buildings reachable from `spot` (how much a die on that road may do)."""
    todo, seen, found = [spot], set(), 0
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        found += maya_rules.is_empty_building(s, cur)
        todo += maya_rules.successors(s, cur)
    return found


def _scorings_left(s: State, p: Any) -> int:
    """Temple scorings still to come for the Maya player (one each time it leaves a year)."""
    return 3 - s.year + (0 if p.rested else 1)


REWARD_WORTH = {"2coin": 1.2, "2cards": 2.5, "storage": 1.5, "road": 1.0, "priest": 2.5}


def _temple_worth(s: State, p: Any, region: int) -> float:
    """A temple stage: cards there (and a few more) or gold, at each scoring left; its reward."""
    m = s.maya
    assert m is not None
    left = _scorings_left(s, p)
    if MAYA_REGIONS[region] == "gold":
        per = p.res[4] + 0.5
    else:
        per = m.played[region] + 1.0 * max(0, left - 1)
    reward = REWARD_WORTH.get(maya_rules.mdef_of(s).rewards[region], 1.0)
    return 2.0 + per * left + reward


def _temple_needs(s: State, p: Any, what: str) -> bool:
    """Whether a face-up temple tile asks for `what` and the Maya player's tile of it is empty."""
    m = s.maya
    assert m is not None
    if maya_rules.storage_full(p, what):
        return False
    mdef = maya_rules.mdef_of(s)
    i = MAYA_STORE.index(what)
    for tid in m.temple:
        if tid:
            cost = mdef.temples[tid][1]
            if (cocoa_of(cost) if what == "cocoa" else cost[maya_rules.STORE_INDEX[i]]) > 0:
                return True
    return False


def _maya_road_worth(s: State, p: Any, spot: str, seen: frozenset[str] = frozenset()) -> float:
    """The best single walk from `spot`: the worth of the empty buildings along it."""
    here = _maya_building_worth(s, p, spot) if maya_rules.is_empty_building(s, spot) else 0.0
    seen = seen | {spot}
    nxt = [n for n in maya_rules.successors(s, spot) if n not in seen]
    return here + max((_maya_road_worth(s, p, n, seen) for n in nxt), default=0.0)


def _maya_building_worth(s: State, p: Any, spot: str) -> float:
    """A city building for the Maya player: what it gives that the storage can hold, more for
    what a face-up temple asks for."""
    worth = 0.0
    for eff in maya_rules.building_effects(s, spot):
        if eff[0] != "produce":
            worth += 1.0
            continue
        bundle = eff[1]
        worth += bundle[5] * VALUE[5] + bundle[6] * VALUE[6]
        for what in MAYA_STORE:
            i = MAYA_STORE.index(what)
            n = cocoa_of(bundle) if what == "cocoa" else bundle[maya_rules.STORE_INDEX[i]]
            if n and not maya_rules.storage_full(p, what):
                worth += 1.5 if _temple_needs(s, p, what) else 0.6
    return worth


def _temple_asks(s: State, what: str) -> bool:
    """Whether a face-up temple tile asks for `what` (full storage or not)."""
    m = s.maya
    assert m is not None
    mdef = maya_rules.mdef_of(s)
    for tid in m.temple:
        if tid:
            cost = mdef.temples[tid][1]
            if what == "cocoa":
                if cocoa_of(cost):
                    return True
            elif what != "gold" and cost[RESOURCES.index(what)]:
                return True
    return False


def _maya_side_worth(s: State, p: Any, side: tuple[str, int]) -> float:
    """A side of a proposal for the Maya player: coins, a good a temple asks for, gold at its
    gold temple's scorings to come, else about what the end sale gives."""
    what, n = side
    if what == "coin":
        return n * VALUE[5]
    if what == "gold":
        m = s.maya
        assert m is not None
        return (m.stage[maya_rules.GOLD_REGION] + 0.3) * _scorings_left(s, p)
    return 1.5 if _temple_asks(s, what) else 0.7


TRADE_VALUE = {
    **{r: VALUE[i] for i, r in enumerate(RESOURCES)},
    "coin": VALUE[5],
    "cocoa": VALUE[7],
}


def _colonist_gain(give: tuple[str, int], get: tuple[str, int]) -> float:
    """What a Maya proposal (the Maya gives `give`, gets `get`) is worth to the colonist."""
    return TRADE_VALUE[give[0]] * give[1] - TRADE_VALUE[get[0]] * get[1]


ABILITY_WORTH = {
    "basic_economics": 0.3,
    "botany": 0.3,
    "philosophy": 0.3,
    "industrialization": -0.3,
    "advanced_economics": -0.3,
}
"""A town hall set's scholar scores no points (it is the player's own): only its ability counts,
and little. From 4,000 seats of 2-player advanced games of the previous bot choosing at random:
the scholars won 46-55% (about the noise of ~400 seats each), the halls 39-63%."""

HALL_WORTH = {"coins": 1.0, "points": 0.4, "other": 1.0}
"""A town hall's buildings for this bot, per coin, per point, per other effect: the same 4,000
seats won 63% and 59% with a hall making 2 coins, 39% with one making a point (it activates its
hall often, and coins early buy more actions), so a hall is chosen for its coins."""


def hall_worth(squares: tuple[Any, ...]) -> float:
    worth = 0.0
    for sq in squares:
        for eff in sq.effects if sq is not None else ():
            if eff[0] == "produce":
                bundle = eff[1]
                worth += HALL_WORTH["coins"] * bundle[5] + HALL_WORTH["points"] * bundle[6]
                worth += bundle_value(bundle[:5])
            else:
                worth += HALL_WORTH["other"]
    return worth


def bundle_value(bundle: tuple[int, ...]) -> float:
    return sum(VALUE[i] * n for i, n in enumerate(bundle))


class HeuristicBot:
    def __init__(self, rules: Rules[Any], seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> str:
        legal = self.rules.legal_actions(state, seat)
        free = self._free_action(state, seat, legal)
        if free:
            return free
        return self._best(state, seat, legal)

    def _best(self, state: State, seat: int, legal: Sequence[str]) -> str:
        """The legal action of highest value, ties broken by the bot's own generator."""
        best: list[str] = []
        top = -1e9
        for action in legal:
            v = self.value(state, seat, action)
            if v > top + 1e-9:
                top, best = v, [action]
            elif abs(v - top) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def _free_action(self, s: State, seat: int, legal: Sequence[str]) -> str:
        """A free action worth taking before the main action: logistics' die moved off a
        building worth activating again onto one worth less, or a resource sold when its coins
        make the best main action better by more than the resource is worth kept."""
        p = s.players[seat]
        if p.caps or s.tasks or s.phase != "play":
            return ""
        best, top = "", 0.0
        for action in legal:
            if action.startswith("move:"):
                a, _, b = action[5:].partition(">")
                ca, cb = parse_cell(a), parse_cell(b)
                assert ca is not None and cb is not None
                gain = self._building(s, p, ca) - self._building(s, p, cb) - 3 * VALUE[5]
                if gain > top:
                    best, top = action, gain
        if best or p.coins >= SELL_BELOW:
            return best
        sells = [a for a in legal if a.startswith("sell:")]
        if not sells:
            return ""
        main = [a for a in legal if a.split(":")[0] not in FREE_VERBS]
        now = max(self.value(s, seat, a) for a in main)
        for action in sells:
            i = RESOURCES.index(action[5:])
            after = self.rules.apply_trusted(s, Decision(seat, action))
            then = [
                a
                for a in self.rules.legal_actions(after, seat)
                if a.split(":")[0] not in FREE_VERBS
            ]
            gain = max(self.value(after, seat, a) for a in then) - now
            gain -= VALUE[i] - SALE_PRICE[i] * VALUE[5]
            if gain > top + 0.3:
                best, top = action, gain
        return best

    def value(self, s: State, seat: int, action: str) -> float:
        p = s.players[seat]
        verb, _, arg = action.partition(":")
        if p.caps and (verb in MAYA_VALUES or verb.startswith("mamb")):
            return self._maya(s, p, verb, arg)
        if verb == "manswer":  # a colonist takes a Maya proposal that is worth more to it
            if arg == "decline":
                return 0.0
            _, give, get = parse_offer(s.tasks[0][1])
            return _colonist_gain(give, get) - 0.05
        if verb == "buy":
            bought = self._buy(s, p, arg)
            if bought is not None:
                return bought
        if verb in FREE_VERBS:
            return -5.0  # a free action worth it is taken first (_free_action)
        if verb.removeprefix("amb") in AMBASSADOR_LINES:
            return self._ambassador(s, p, verb, arg)
        rate = _VERB_VALUES.get(verb)
        return 0.1 if rate is None else rate(self, s, p, verb, arg)

    def _buy(self, s: State, p: Any, arg: str) -> float | None:
        """A purchase to pay for a ship or trade, or wood and grain towards an early colony tile;
        None for any other purchase (a free action, looked at one step ahead)."""
        if s.tasks and s.tasks[0][0] in ("ship", "trade"):
            return self._buy_to_pay(s, p, arg)
        if not s.tasks and s.colony and p.coins >= 5:
            want = {"wood": 2, "grain": 1}.get(arg, 0)
            have = p.res[0] if arg == "wood" else p.res[1]
            return 3.0 - s.year if have < want else -5.0
        return None

    def _ambassador(self, s: State, p: Any, verb: str, arg: str) -> float:
        faces, _, paid = arg.partition(":")
        f, t = (int(x) for x in faces.split("-"))
        line = line_of(verb, t)
        worth = sum(self._building(s, p, c) for c in empty_buildings(p, line))
        cost = 1.0 if paid else die_cost(f, t) * 0.8
        if verb.endswith("diag"):
            cost += 0.8
        if p.gov >= 0 and p.gov in line:
            worth += 0.8  # the governor moves on (module A)
        return worth - cost

    def _v_colony(self, s: State, p: Any, verb: str, arg: str) -> float:
        """Buildings to activate in the years left, the earlier the better."""
        tile = s.cat.tiles[arg]
        worth = sum(self._building(s, p, -1, sq) for sq in tile.squares if sq.building)
        return (4 - s.year) * (1.0 + 0.35 * worth) + len(tile.squares) * 0.5

    def _v_expert(self, s: State, p: Any, verb: str, arg: str) -> float:
        return 1.0 if arg == "take" else 0.0

    def _v_guide(self, s: State, p: Any, verb: str, arg: str) -> float:
        return 0.5 if arg == "go" else 0.0

    def _v_coin(self, s: State, p: Any, verb: str, arg: str) -> float:
        cell = parse_cell(arg)
        assert cell is not None
        return self._building(s, p, cell) - (p.coin_acts + 1) * 0.8

    def _v_medrest(self, s: State, p: Any, verb: str, arg: str) -> float:
        """Meditation after the road tile: the rest space that gives most."""
        return self._rest_gives(s, p, int(arg) - 1)

    def _v_rest(self, s: State, p: Any, verb: str, arg: str) -> float:
        k = int(arg) - 1
        gives = self._rest_gives(s, p, k)
        rest = 0.2 + gives * 0.3 - abs(k - s.cat.first_rest) * 0.05
        if p.has("mathematics"):
            rest += max(p.coins_on) * 0.3
        return rest

    def _v_trade(self, s: State, p: Any, verb: str, arg: str) -> float:
        if arg == "skip":
            return 0.0
        for task in s.tasks[:1]:
            cost, reward = task[1][int(arg) - 1]
            return bundle_value(reward) - bundle_value(cost)
        return 0.0

    def _v_ship(self, s: State, p: Any, verb: str, arg: str) -> float:
        if arg == "skip":
            return 0.0
        dock = s.xdock if arg.startswith("x") else s.docks[int(arg) - 1]
        ship = s.cat.ships[dock]
        return ship.points + 2.0 - bundle_value(ship.cost) * 0.5

    def _v_monk(self, s: State, p: Any, verb: str, arg: str) -> float:
        if arg == "skip":
            return 0.0
        k = MONK_SPACES.index(arg)
        fee = 2 * len(s.monk_spaces[k]) * VALUE[5]
        if k == 10:  # the expansion tile's scholar
            return s.cat.scholar_points[s.scholars_board[3]] + (4 - s.year) * 0.8 - fee
        if k == 9 and s.exp:
            return bundle_value(NEW_MISSION) - fee
        if k < 3:  # a scholar: its points, and its ability for the years left
            return s.cat.scholar_points[s.scholars_board[k]] + (4 - s.year) * 0.8 - fee
        if k < 6:  # a bishop: what its condition gives now, plus growth, minus 2
            now = bishop_condition(s.bishops_board[k - 3], p, s.cat)
            return now + (3 - s.year) * 1.5 - (0 if s.exp else 2) - fee
        return bundle_value(s.cat.missions[k - 6]) - fee

    def _v_piety(self, s: State, p: Any, verb: str, arg: str) -> float:
        return self._extra_step(s, p) if arg == "2" else 0.0

    def _v_cell(self, s: State, p: Any, verb: str, arg: str) -> float:
        """A tile placed, a road built, or (architecture) a die put on a building."""
        cell = parse_cell(arg.rsplit(",", 1)[0] if verb == "place" else arg)
        if cell is None:
            return 0.0
        if verb == "die":  # architecture: the die blocks the building least worth again
            return -self._building(s, p, cell) - cell * 1e-3
        cells: tuple[int, ...] = (cell,)
        if verb == "place" and s.tasks:
            task = s.tasks[0]
            tile = s.cat.tiles[task[1]] if task[2] == "colony" else hall_def(s.cat, task[1])
            r, c, turn = (int(x) for x in arg.split(","))
            cells = next(pl[3] for pl in placements(tile.shape) if pl[:3] == (r - 1, c - 1, turn))
        return self._placement(s, p, cells, f"{verb}:{arg}")

    def _v_math(self, s: State, p: Any, verb: str, arg: str) -> float:
        cell = parse_cell(arg)
        return 0.0 if cell is None else float(p.coins_on[cell])

    def _v_improve(self, s: State, p: Any, verb: str, arg: str) -> float:
        return self._improve(s, p, parse_cell(arg))

    def _v_echoarch(self, s: State, p: Any, verb: str, arg: str) -> float:
        """An archer follows another's ambassador die: its line or the diagonal."""
        _, line_verb, target = s.tasks[0]
        line = line_of(line_verb + ("diag" if arg == "diag" else ""), target)
        worth = sum(self._building(s, p, c) for c in empty_buildings(p, line))
        return worth - (VALUE[5] if arg == "diag" else 0.0)

    def _v_hall(self, s: State, p: Any, verb: str, arg: str) -> float:
        """The town hall set: its scholar, and the hall's buildings."""
        hall, scholar = s.hall_sets[int(arg) - 1]
        return ABILITY_WORTH.get(scholar, 0.0) + hall_worth(hall_def(s.cat, hall).squares)

    def _v_board(self, s: State, p: Any, verb: str, arg: str) -> float:
        """The colony board: its printed buildings and colonists."""
        squares = [sq for sq in s.cat.boards[arg] if sq is not None]
        return sum(self._building(s, p, -1, sq) + 0.3 * sq.colonists for sq in squares)

    def _v_astro(self, s: State, p: Any, verb: str, arg: str) -> float:
        return 0.0 if arg == "stay" else self._astro(s, p, int(arg) - 1)

    def _placement(self, s: State, p: Any, cells: tuple[int, ...], action: str) -> float:
        """Squares touching the colony, and lines brought nearer to full (colonists score)."""
        board = list(p.board)
        touch = sum(1 for c in cells for nb in NEIGHBOURS[c] if board[nb] is not None)
        squares: tuple[Any, ...] = ()
        if action.startswith("place") and s.tasks:
            task = s.tasks[0]
            tile = s.cat.tiles[task[1]] if task[2] == "colony" else hall_def(s.cat, task[1])
            squares = tile.squares
        elif action.startswith("road"):
            squares = (s.cat.road,)
        elif action.startswith("improve") and s.cat.expansion is not None:
            squares = (s.cat.expansion.experts[s.tasks[0][1]].square,)
        for at, sq in zip(cells, squares, strict=False):
            board[at] = sq
        lines = 0.0
        for line in (*ROWS, *COLUMNS):
            if not any(c in cells for c in line):
                continue
            filled = sum(1 for c in line if board[c] is not None)
            people = sum(sq.colonists for c in line if (sq := board[c]) is not None)
            lines += filled * filled * 0.05 + (1 + people) * (filled == 6) * 1.5
        return touch * 0.5 + lines

    def _rest_gives(self, s: State, p: Any, k: int) -> float:
        """What rest space `k` gives: 2 coins, a piety step, a conquistador step, a shipping
        tile, a road tile."""
        if k == 0:
            return bundle_value((0, 0, 0, 0, 0, 2, 0))
        if k == 1:
            return 2.2 + (1.0 if p.res[1] or p.res[4] else 0.0)
        if k == 2:
            return self._conq_worth(s, p)
        if k == 3:
            return self._ship_worth(s, p)
        return 1.0 if s.roads and None in p.board else 0.0

    def _improve(self, s: State, p: Any, cell: int | None) -> float:
        """An improvement expert's building on `cell` (module B): its worth and, on an empty
        square, the lines it fills, against the building it covers and the coins (1 or 3)."""
        assert cell is not None and s.cat.expansion is not None
        square = s.cat.expansion.experts[s.tasks[0][1]].square
        covered = p.board[cell]
        worth = self._building(s, p, -1, square) if square is not None else 0.0
        if covered is None:
            return worth + self._placement(s, p, (cell,), "improve") - 3 * VALUE[5]
        return worth - self._building(s, p, cell) - covered.colonists * 0.3 - VALUE[5]

    @staticmethod
    def _extra_step(s: State, p: Any) -> float:
        """The second piety step against the grain (or, without grain, the gold) it costs: worth
        it when it reaches a monk symbol (a monk, perhaps a blue die) or a point past the end;
        a bare step of progress is worth a grain, not a gold."""
        cost = VALUE[1] if p.res[1] else VALUE[4]
        at = p.piety + 2
        symbols = s.cat.monk_symbols
        if at > s.cat.piety_length:
            gain = VALUE[6]
        elif at in symbols:
            gain = (3.0 if p.monks > 0 else 0.5) + (2.0 if symbols.index(at) in (0, 2) else 0.0)
        else:
            gain = 0.5
        return gain - cost

    @staticmethod
    def _astro(s: State, p: Any, to: int) -> float:
        """Astronomy: move the new shipping tile to dock `to` (1 coin a dock) only for a harbor set
        (3 points each: the smallest dock) or a better balance towards the next ones, or the
        one-dock bishop's longest dock; never for nothing."""
        task = s.tasks[0]
        here = task[1]
        sizes = [len(d) for d in p.ships]
        after = list(sizes)
        after[here] -= 1
        after[to] += 1
        gain = 3 * (min(after) - min(sizes)) * VALUE[6]
        if not gain and sizes[to] < sizes[here] - 1:
            gain = 0.9  # the docks evened out: nearer the next set
        if "one_dock" in p.bishops:
            gain += (min(12, 2 * max(after)) - min(12, 2 * max(sizes))) * VALUE[6]
        return gain - abs(to - here) * VALUE[5]

    @staticmethod
    def _buy_to_pay(s: State, p: Any, res: str) -> float:
        """Buying the one resource that a shipping tile or a trade still lacks."""
        i = RESOURCES.index(res)
        price = buy_price(p, i) or 3
        task = s.tasks[0]
        if task[0] == "ship":
            deals = [(s.cat.ships[t].cost, s.cat.ships[t].points + 2.0) for t in s.docks if t]
        else:
            deals = [(cost, bundle_value(gain)) for cost, gain in task[1]]
        best = -5.0
        for cost, worth in deals:
            missing = shortfall(p, cost)
            if missing is None or missing - p.res[4] != 1 or cost[i] <= p.res[i]:
                continue  # only when this purchase completes the payment
            best = max(best, worth - bundle_value(cost) * 0.5 - price * VALUE[5])
        return best

    @staticmethod
    def _building(s: State, p: Any, cell: int, square: Any = None) -> float:
        sq = square if square is not None else p.board[cell]
        if sq is None:
            return 0.0
        worth = 0.0
        for eff in sq.effects:
            if eff[0] == "produce":
                worth += bundle_value(eff[1])
            elif eff[0] == "trade":
                gains = [bundle_value(g) - bundle_value(c) for c, g in eff[1] if can_pay(p, c)]
                times = 2 if p.has("industrialization") else 1
                worth += times * max([0.0, *gains]) if gains else 0.2
            elif eff[0] == "ship":
                worth += HeuristicBot._ship_worth(s, p)
            elif eff[0] == "conq":
                worth += HeuristicBot._conq_worth(s, p)
            else:
                worth += 2.2  # piety: towards monks, blue dice and points
        return worth

    @staticmethod
    def _maya(s: State, p: Any, verb: str, arg: str) -> float:
        """The Maya city: walk far, complete temples, play cards; trade little (rough)."""
        if verb in ("mwhite", "mblue", "mambwhite", "mambblue"):
            faces, _, paid = arg.partition(":")
            f, t = (int(x) for x in faces.split("-"))
            reach = _maya_reach(s, f"{t}.1")
            worth = _maya_road_worth(s, p, f"{t}.1")
            return 0.5 + 0.6 * reach + 0.5 * worth - (1.0 if paid else die_cost(f, t) * 0.8)
        if verb == "mwalk":
            if arg == "stop":
                return 0.5
            if not maya_rules.is_empty_building(s, arg):
                return 1.0
            return 1.5 + _maya_building_worth(s, p, arg)
        if verb == "mcard":  # its effect, plus the region's temple stages at each rest to come
            card, _, i = arg.rpartition("-")
            action = maya_rules.mdef_of(s).cards[card][int(i) - 1]
            m = s.maya
            assert m is not None
            region = MAYA_REGIONS.index(action[0])
            scoring = _scorings_left(s, p) * (m.stage[region] + 0.4)
            if action[0] == "feast":
                return 1.0 + bundle_value(action[2]) - bundle_value(action[1]) + scoring
            return (1.6 if action[0] == "build" else 1.0) + scoring
        if verb == "mbuild":  # the token whose building gives most
            token, _, _ = arg.partition("@")
            kind, _, i = token.partition(":")
            effects = maya_rules.mdef_of(s).tokens[kind][int(i)]
            return 0.5 + sum(bundle_value(e[1]) if e[0] == "produce" else 1.5 for e in effects)
        if verb == "moffer":  # good for the Maya, and what a colonist would accept
            _, give, get = parse_offer(arg)
            if _colonist_gain(give, get) <= 0.05:
                return -1.0
            return _maya_side_worth(s, p, get) - _maya_side_worth(s, p, give) - 0.1
        if verb == "mtrade":
            if arg in ("cocoa", "wood", "grain"):
                if _temple_needs(s, p, arg):
                    return 1.5 if p.coins >= 2 else 0.5
                return 0.3 if p.coins > 3 else -1.0
            return 0.0 if arg == "done" else -1.0
        if verb == "mtemple" and arg != "skip":
            return _temple_worth(s, p, MAYA_REGIONS.index(arg))
        if verb == "mtech" and arg != "skip":
            m = s.maya
            assert m is not None
            tech = MAYA_REGIONS.index("technology")
            return MAYA_VALUES[verb] + _scorings_left(s, p) * m.stage[tech]
        if verb in ("mtemple", "mtech", "mmonk"):
            return 0.0 if arg == "skip" else MAYA_VALUES[verb]
        return MAYA_VALUES.get(verb, 0.5)

    @staticmethod
    def _ship_worth(s: State, p: Any) -> float:
        """The best shipping tile the player can pay now (else a little: buying may help)."""
        best = 0.4
        for tid in s.docks:
            if tid and can_pay(p, s.cat.ships[tid].cost):
                ship = s.cat.ships[tid]
                best = max(best, ship.points + 2.0 - bundle_value(ship.cost) * 0.5)
        return best

    @staticmethod
    def _conq_worth(s: State, p: Any) -> float:
        """Solo: worth a lot until this year's tree is reached; else a rank and gold."""
        gold = 0.8 if p.conq + 1 in s.cat.gold_spaces else 0.0
        if p.conq >= s.cat.conq_length:
            return 0.0
        if s.n == 1:
            need = s.cat.solo_trees[s.year - 1] - p.conq
            prize = s.cat.conq_scoring[2][s.year][0]
            return gold + (prize * 1.5 / need if need > 0 else 0.3)
        return gold + 1.8


AMBASSADOR_LINES = frozenset({"white", "blue", "bluecol", "whitediag", "bluediag"})
"""Ambassador verbs (with or without their `amb` prefix): a die's line or diagonal."""

_VERB_VALUES: dict[str, Callable[[HeuristicBot, State, Any, str, str], float]] = {
    "colony": HeuristicBot._v_colony,
    "expert": HeuristicBot._v_expert,
    "guide": HeuristicBot._v_guide,
    "coin": HeuristicBot._v_coin,
    "medrest": HeuristicBot._v_medrest,
    "rest": HeuristicBot._v_rest,
    "trade": HeuristicBot._v_trade,
    "ship": HeuristicBot._v_ship,
    "monk": HeuristicBot._v_monk,
    "piety": HeuristicBot._v_piety,
    "place": HeuristicBot._v_cell,
    "road": HeuristicBot._v_cell,
    "die": HeuristicBot._v_cell,
    "math": HeuristicBot._v_math,
    "improve": HeuristicBot._v_improve,
    "echoarch": HeuristicBot._v_echoarch,
    "hall": HeuristicBot._v_hall,
    "board": HeuristicBot._v_board,
    "astro": HeuristicBot._v_astro,
}
"""How the bot values each verb's action (a verb not here is worth a little: 0.1)."""


def make_bot(rules: Rules[Any], kind: str, seed: int) -> Bot[State]:
    return core_bots.make_bot(rules, kind, seed, HeuristicBot)
