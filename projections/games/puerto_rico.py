"""Puerto Rico statistics: role picks (overall and by round), buildings and winning, points by
category, and the goods produced, traded, shipped and spoiled.

Everything here is public in Puerto Rico: roles, buildings and barrels are open on the table, and
the VP chips are shown in every view (docs/rules-notes.md), so the facts are read from the states
around each step.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Any

from domain.core.protocol import Decision, Rules, SeatScore, Step
from domain.puerto_rico import scoring
from domain.puerto_rico.components import GOODS
from projections.games import FactRow, GameStats, StepFact

GAME = "puerto-rico"
_GOODS_ORDER = "[" + ", ".join(f"'{g}'" for g in GOODS) + "]"
_LEAVING = {
    "sell": "trade",
    "ship": "ship",
    "small_wharf": "ship",
    "pay": "pay",
    "supplier": "supply",
}
"""Barrels a seat loses by its own action with this verb, and what the loss is called; any other
loss (the end of the captain phase) is ``spoil``."""


STEP_FACTS = (
    StepFact(
        "role",
        "action LIKE 'role:%'",
        "CASE action WHEN 'role:prospector2' THEN 'prospector' ELSE substr(action, 6) END",
    ),
    StepFact("build", "action LIKE 'build:%'", "substr(action, 7)"),
)
"""Role and building choices: the action says them (``role:<role>``, the second prospector
counted as ``prospector``; ``build:<building>``), so the `facts` view derives them."""


def facts(rules: Rules[Any], before: Any, step: Step, after: Any) -> Iterable[FactRow]:
    """Barrel movements from the players' goods (roles and buildings: `STEP_FACTS`)."""
    if (
        before.goods_supply is after.goods_supply
        and before.ship_load is after.ship_load
        and before.house is after.house
    ) or type(step) is not Decision:  # no barrel moved (most steps: checked first, cheaply)
        return ()
    verb, _, rest = step.action.partition(":")
    return barrels(step.seat, verb, rest, before.players, after.players, [])


def barrels(
    actor: int, verb: str, rest: str, olds: Any, news: Any, found: list[FactRow]
) -> list[FactRow]:
    """`found` and the barrels each seat gained or lost from `olds` to `news` (its players
    before and after a step). A barrel a player gains or loses always comes from or goes to
    the supply, a cargo ship or the trading house (the engine replaces that tuple too), so
    `facts` calls this only when one of them was replaced."""
    if olds is news:  # no player changed
        return found
    named = rest.partition(":")[0] if verb in ("sell", "ship") else ""
    for seat, old in enumerate(olds):
        new = news[seat]
        if old is new:
            continue
        had_goods, has_goods = old.goods, new.goods
        if had_goods is has_goods or had_goods == has_goods:
            continue
        for good, had in enumerate(had_goods):
            has = has_goods[good]
            if has > had:
                found.append((seat, "produce", GOODS[good], has - had))
            elif has < had:
                kind = "spoil"
                if seat == actor and verb in _LEAVING and named in ("", GOODS[good]):
                    kind = _LEAVING[verb]
                found.append((seat, kind, GOODS[good], had - has))
    return found


def score_parts(state: Any) -> tuple[object, ...]:
    """A seat's score depends on its player only; unchanged players are shared between states."""
    players: tuple[object, ...] = state.players
    return players


def seat_score(state: Any, seat: int) -> SeatScore:
    """The engine's own per-seat scoring (`domain.puerto_rico.scoring`)."""
    return scoring.seat_score(seat, state.players[seat], state.noble_supply >= 0)


def seat_points(state: Any, seat: int) -> dict[str, int]:
    """`seat_score`'s breakdown (`GameStats.seat_points`)."""
    return scoring.seat_points(state.players[seat], state.noble_supply >= 0)


round_of = attrgetter("round")
"""`Rules.round_of` of Puerto Rico (`State.round`) without a Python call (`GameStats.round_of`)."""


_PR = f"game = '{GAME}'"
_ROLES = f"FROM facts WHERE {_PR} AND fact = 'role'"

VIEWS = {
    "role_picks": f"""
        SELECT item AS role, count(*) AS picks,
               count(*) / sum(count(*)) OVER () AS share,
               count(*) / (SELECT count(DISTINCT game_id) {_ROLES}) AS per_game
        {_ROLES} GROUP BY item ORDER BY picks DESC, role""",
    "role_picks_by_round": f"""
        SELECT round, item AS role, count(*) AS picks,
               count(*) / sum(count(*)) OVER (PARTITION BY round) AS share
        {_ROLES} GROUP BY round, item ORDER BY round, picks DESC, role""",
    "buildings": f"""
        WITH s AS (SELECT game_id, seat, winner FROM seats WHERE {_PR}),
        b AS (SELECT DISTINCT game_id, seat, item AS building
              FROM facts WHERE {_PR} AND fact = 'build'),
        grid AS (
            SELECT n.building, s.winner, b.game_id IS NOT NULL AS bought
            FROM (SELECT DISTINCT building FROM b) n CROSS JOIN s
            LEFT JOIN b ON b.building = n.building AND b.game_id = s.game_id
                       AND b.seat = s.seat)
        SELECT building, count(*) FILTER (WHERE bought) AS bought,
               count(*) FILTER (WHERE bought AND winner) AS bought_by_winners,
               avg(winner::INTEGER) FILTER (WHERE bought) AS win_rate_if_bought,
               avg(winner::INTEGER) FILTER (WHERE NOT bought) AS win_rate_otherwise,
               corr(bought::INTEGER, winner::INTEGER) AS win_correlation
        FROM grid GROUP BY building
        ORDER BY win_correlation DESC NULLS LAST, building""",
    "points": f"""
        SELECT category, avg(points) AS average,
               avg(points) FILTER (WHERE winner) AS average_of_winners,
               sum(points) / sum(sum(points)) OVER () AS share
        FROM seat_points WHERE {_PR} GROUP BY category
        ORDER BY list_position(['shipping', 'buildings', 'large_buildings', 'nobles'], category)""",
    "goods": f"""
        WITH g AS (SELECT item AS good, fact, amount FROM facts
                   WHERE {_PR} AND fact IN ('produce', 'trade', 'ship', 'spoil')),
        n AS (SELECT count(*) AS games FROM games WHERE {_PR} AND finished)
        SELECT good,
               coalesce(sum(amount) FILTER (WHERE fact = 'produce'), 0) AS produced,
               coalesce(sum(amount) FILTER (WHERE fact = 'trade'), 0) AS traded,
               coalesce(sum(amount) FILTER (WHERE fact = 'ship'), 0) AS shipped,
               coalesce(sum(amount) FILTER (WHERE fact = 'spoil'), 0) AS spoiled,
               coalesce(sum(amount) FILTER (WHERE fact = 'produce'), 0)
                   / nullif(any_value(n.games), 0) AS produced_per_game
        FROM g, n GROUP BY good ORDER BY list_position({_GOODS_ORDER}, good)""",
}

TITLES = {
    "role_picks": "Role picks",
    "role_picks_by_round": "Role picks by round",
    "buildings": "Buildings bought and winning",
    "points": "Points by category (shipping vs buildings)",
    "goods": "Goods produced, traded, shipped and spoiled",
}

STATS = GameStats(
    game=GAME,
    facts=facts,
    views=VIEWS,
    titles=TITLES,
    score_parts=score_parts,
    seat_score=seat_score,
    seat_points=seat_points,
    seat_key=scoring.score_key,
    step_facts=STEP_FACTS,
    round_of=round_of,
)
