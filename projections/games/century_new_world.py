"""Century: New World statistics: locations used (by kind and bumps), point cards and bonus
tiles claimed, bumps made and suffered, rests, and points by category.

Everything in Century: New World is public (settlers, cubes, cards and tiles lie open; the draw
deck is face up), so the facts are read from the action and the states around each step:

- ``place`` item = location id (amount = settlers placed), ``work`` item = its kind
  (production, upgrade, trade, village; derived by the view `facts` from the stored action,
  `STEP_FACTS`);
- ``bump`` item = the bumped seat (amount = settlers sent back), and ``bumped`` for that seat
  (item = the bumping seat; derived by the view `facts` from the ``bump``, `FACT_FACTS`);
- ``card`` / ``bonus`` item = the point card / bonus tile claimed (amount = its points),
  ``explore`` item = the exploration tile taken (amount = its points);
- ``rest`` (amount = settlers taken back; item ``pass`` when none were on the board);
- ``return`` item = the cube kind given back over the storage limit.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Any

from domain.century_new_world.scoring import breakdown
from domain.century_new_world.state import State
from domain.core.protocol import Decision, Rules, SeatScore, Step
from projections.columns import Batch
from projections.fold import Fold
from projections.games import FactRow, GameStats, StepFact

GAME = "century-new-world"
KINDS = ("production", "upgrade", "trade", "village")
CUBES = {"Y": "corn", "R": "meat", "G": "tobacco", "B": "fur"}


def facts(rules: Rules[Any], before: Any, step: Step, after: Any) -> Iterable[FactRow]:
    """The facts of one decision (chance steps only lay out the components: none); the fold
    adds them itself as rows (`step_rows`), this gives them as tuples (`GameStats.facts`)."""
    if not isinstance(step, Decision):
        return ()
    cols: list[list[Any]] = [[] for _ in range(8)]
    _add_facts(cols, "", 0, None, before, step.seat, step.action, after)
    return list(zip(cols[4], cols[5], cols[6], cols[7], strict=True))


def _add_facts(
    cols: list[list[Any]],
    game_id: str,
    number: int,
    round_: int | None,
    before: State,
    seat: int,
    action: str,
    after: State,
) -> None:
    """The facts of decision `seat`/`action` between `before` and `after`, appended to the
    `fold_facts` columns `cols` as the rows of step `number` of game `game_id`."""
    verb, _, rest = action.partition(":")
    t = before.t
    if verb == "place":  # 8 steps in 10: the location, appended here (its kind: `STEP_FACTS`)
        loc_id, _, arg = rest.partition(":")
        li = t.loc_index[loc_id]
        f0, f1, f2, f3, f4, f5, f6, f7 = cols
        f0.append(game_id)
        f1.append(GAME)
        f2.append(number)
        f3.append(round_)
        f4.append(seat)
        f5.append("place")
        f6.append(loc_id)
        f7.append(after.occ_n[li])
        owner = before.occ_seat[li]
        if owner >= 0:  # (its `bumped` mirror: `FACT_FACTS`)
            _fact(cols, game_id, number, round_, seat, "bump", str(owner), before.occ_n[li])
        if t.locations[li].kind == "village":
            for part in arg.split("+"):
                what, _, ident = part.partition("=")
                if what == "card":
                    points = t.cards[t.card_index[ident]].points
                    _fact(cols, game_id, number, round_, seat, "card", ident, points)
                elif what == "bonus":
                    points = t.bonus[t.bonus_index[ident]].points
                    _fact(cols, game_id, number, round_, seat, "bonus", ident, points)
    elif verb == "rest":  # the settlers taken back are added to the available ones (`rest`):
        # their difference, not `State.settlers_on_board` (a generator over every location)
        back = after.players[seat].available - before.players[seat].available
        _fact(cols, game_id, number, round_, seat, "rest", "settlers" if back else "pass", back)
    elif verb == "return":
        _fact(cols, game_id, number, round_, seat, "return", CUBES[rest], 1)
    elif verb == "explore":
        tile = t.tiles[before.explore_on[t.loc_index[rest]]]
        _fact(cols, game_id, number, round_, seat, "explore", tile.id, tile.points)


def _fact(
    cols: list[list[Any]],
    game_id: str,
    number: int,
    round_: int | None,
    seat: int,
    fact: str,
    item: str,
    amount: int,
) -> None:
    """One `fold_facts` row appended to its columns."""
    f0, f1, f2, f3, f4, f5, f6, f7 = cols
    f0.append(game_id)
    f1.append(GAME)
    f2.append(number)
    f3.append(round_)
    f4.append(seat)
    f5.append(fact)
    f6.append(item)
    f7.append(amount)


def step_rows(
    fold: Fold,
    batch: Batch,
    before: State,
    step: Step,
    after: State,
    number: int,
    round_: int | None,
) -> bool:
    """`GameStats.step_rows`: a step's facts and score rows in one pass, without the fold's
    own path's calls (`facts`, `score_parts`, then `seat_changes` for each player the step
    edited, `breakdown` for a card or tile taken: here only the category whose tuple changed
    is summed) and the tuples they give; Century stores about 2.7 rows a step, and the actor's
    player is edited at nearly every step. The same rows in the same order."""
    old = fold.parts
    players = after.players
    if old is None or len(old) != len(players):  # not scored yet: the fold's own path
        return False
    if type(step) is Decision:
        _add_facts(
            batch.facts.cols, fold.game_id, number, round_, before, step.seat, step.action, after
        )
    if players is old:  # no player edited (a chance step)
        return True
    fold.parts = players
    last = fold.last
    game_id = fold.game_id
    t0, t1, t2, t3, t4 = batch.timeline.cols
    for seat in range(len(players)):
        p = players[seat]
        w: Any = old[seat]  # (no `cast`: a call in pure Python, at every seat of every step)
        if p is w:
            continue
        known = last[seat]
        if p.cards is w.cards and p.bonus is w.bonus and p.explored is w.explored:
            c = p.cubes  # `seat_changes`' common case, inlined: only the cubes can score
            if c is w.cubes:  # not touched (a rest, a bumped seat): `known` holds their points
                continue
            cubes = c[1] + c[2] + c[3]
            if cubes == known["cubes"]:
                continue
            known["cubes"] = cubes
            t0.append(game_id)
            t1.append(number)
            t2.append(seat)
            t3.append("cubes")
            t4.append(cubes)
        else:  # a card or tile taken (one step in six): `breakdown`, only for what changed
            t = after.t
            for category, now, was, points in (
                ("point_cards", p.cards, w.cards, t.card_points),
                ("bonus_tiles", p.bonus, w.bonus, t.bonus_points),
                ("exploration_tiles", p.explored, w.explored, t.tile_points),
            ):
                if now is not was:
                    value = 0
                    for i in now:
                        value += points[i]
                    if value != known[category]:
                        known[category] = value
                        t0.append(game_id)
                        t1.append(number)
                        t2.append(seat)
                        t3.append(category)
                        t4.append(value)
            c = p.cubes
            cubes = c[1] + c[2] + c[3]
            if cubes != known["cubes"]:
                known["cubes"] = cubes
                t0.append(game_id)
                t1.append(number)
                t2.append(seat)
                t3.append("cubes")
                t4.append(cubes)
    return True


round_of = attrgetter("round")
"""`Rules.round_of` of Century: New World (`State.round`) without a Python call
(`GameStats.round_of`)."""


def score_parts(state: Any) -> tuple[object, ...]:
    """A seat's score depends on its player only; unchanged players are shared between states."""
    players: tuple[object, ...] = state.players
    return players


def seat_key(part: object) -> object:
    """What a seat's points read of its player (`scoring.breakdown`): the non-yellow cubes
    (one point each; the yellow ones, traded at most steps, score nothing), the cards, bonus
    and exploration tiles; the settlers moved at most steps change nothing."""
    p: Any = part
    cubes = p.cubes
    return (cubes[1] + cubes[2] + cubes[3], p.cards, p.bonus, p.explored)


def _changed(points: dict[str, int], known: dict[str, int]) -> list[tuple[str, int]]:
    """The categories of a seat's `points` that differ from `known` (updated); no total
    (`GameStats.summed_total`: the view `score_timeline` sums them)."""
    found = []
    for category, value in points.items():
        if known.get(category) != value:
            known[category] = value
            found.append((category, value))
    return found


def seat_changes(
    state: Any, seat: int, part: object, was: object, known: dict[str, int]
) -> list[tuple[str, int]]:
    """`GameStats.seat_changes`: the categories of `breakdown` that differ from `known` (no
    total: `summed_total`). A player whose cards, bonus and exploration tiles are the same
    objects as before (all but about one step in six) keeps their points, which `known`
    holds: only the cubes are counted."""
    p: Any = part
    c = p.cubes
    cubes = c[1] + c[2] + c[3]
    w: Any = was
    if w is not None and p.cards is w.cards and p.bonus is w.bonus and p.explored is w.explored:
        if cubes == known["cubes"]:
            return []
        known["cubes"] = cubes
        return [("cubes", cubes)]
    return _changed(breakdown(state, seat), known)


def seat_score(state: Any, seat: int) -> SeatScore:
    """The engine's own scoring (`domain.century_new_world.scoring`), one seat."""
    parts = breakdown(state, seat)
    return SeatScore(seat, sum(parts.values()), parts, (seat,))


STEP_FACTS = (
    StepFact(
        "work",
        "action LIKE 'place:%'",
        "CASE left(split_part(action, ':', 3), 1) WHEN '' THEN 'production' WHEN 'x' THEN "
        "'trade' WHEN 'c' THEN 'village' WHEN 'b' THEN 'village' ELSE 'upgrade' END",
    ),
)
"""The kind of location each ``place`` worked: the first letter of what the action says after
the location tells it (`actions`: nothing for production, ``x<k>`` for a trade, ``card=`` or
``bonus=`` at a village, cube letters ``<give>><take>`` for an upgrade; a stored action is one
the engine generated), so the view `facts` derives it from the stored steps instead of the
fold storing a row at 8 steps in 10 (one CASE on one letter: half the cost of testing the
whole argument for each form)."""

FACT_FACTS = (
    "SELECT game_id, game, step, round, CAST(item AS INTEGER) AS seat, 'bumped' AS fact, "
    "CAST(seat AS VARCHAR) AS item, amount "
    f"FROM fold_facts WHERE game = '{GAME}' AND fact = 'bump'",
)
"""Each ``bump`` seen from the bumped seat (``bumped``, item = the bumping seat, the same
amount): the view `facts` mirrors the stored row instead of the fold storing a second one."""

_CNW = f"game = '{GAME}'"
_KIND_ORDER = "[" + ", ".join(f"'{k}'" for k in KINDS) + "]"

VIEWS = {
    "locations": f"""
        WITH p AS (SELECT game_id, step, item AS location, amount AS settlers
                   FROM facts WHERE {_CNW} AND fact = 'place'),
        k AS (SELECT game_id, step, item AS kind FROM facts WHERE {_CNW} AND fact = 'work'),
        b AS (SELECT game_id, step FROM facts WHERE {_CNW} AND fact = 'bump'),
        n AS (SELECT count(DISTINCT game_id) AS games FROM facts WHERE {_CNW})
        SELECT p.location, any_value(k.kind) AS kind, count(*) AS uses,
               count(*) / any_value(n.games) AS per_game,
               count(*) / sum(count(*)) OVER () AS share,
               count(b.step) AS bumps, avg(p.settlers) AS settlers_placed
        FROM p JOIN k USING (game_id, step) LEFT JOIN b USING (game_id, step), n
        GROUP BY p.location ORDER BY uses DESC, p.location""",
    "kinds": f"""
        SELECT item AS kind, count(*) AS uses, count(*) / sum(count(*)) OVER () AS share
        FROM facts WHERE {_CNW} AND fact = 'work'
        GROUP BY item ORDER BY list_position({_KIND_ORDER}, item)""",
    "cards": f"""
        WITH c AS (SELECT game_id, seat, item AS card, amount AS points
                   FROM facts WHERE {_CNW} AND fact = 'card'),
        s AS (SELECT game_id, seat, winner FROM seats WHERE {_CNW})
        SELECT card, any_value(points) AS points, count(*) AS claims,
               count(*) FILTER (WHERE s.winner) AS claimed_by_winners
        FROM c LEFT JOIN s USING (game_id, seat)
        GROUP BY card ORDER BY claims DESC, card""",
    "claims_per_game": f"""
        WITH s AS (SELECT game_id, seat, winner FROM seats WHERE {_CNW}),
        f AS (SELECT game_id, seat,
                     count(*) FILTER (WHERE fact = 'card') AS cards,
                     count(*) FILTER (WHERE fact = 'bonus') AS bonus_tiles,
                     count(*) FILTER (WHERE fact = 'explore') AS exploration_tiles,
                     count(*) FILTER (WHERE fact = 'bump') AS bumps,
                     count(*) FILTER (WHERE fact = 'bumped') AS bumped,
                     count(*) FILTER (WHERE fact = 'rest') AS rests
              FROM facts WHERE {_CNW} GROUP BY game_id, seat)
        SELECT s.winner, count(*) AS seats, avg(coalesce(cards, 0)) AS cards,
               avg(coalesce(bonus_tiles, 0)) AS bonus_tiles,
               avg(coalesce(exploration_tiles, 0)) AS exploration_tiles,
               avg(coalesce(bumps, 0)) AS bumps, avg(coalesce(bumped, 0)) AS bumped,
               avg(coalesce(rests, 0)) AS rests
        FROM s LEFT JOIN f USING (game_id, seat)
        GROUP BY s.winner ORDER BY s.winner DESC""",
    "bumps": f"""
        SELECT seat, count(*) AS bumps, sum(amount) AS settlers_sent_back,
               count(*) / count(DISTINCT game_id) AS per_game
        FROM facts WHERE {_CNW} AND fact = 'bump' GROUP BY seat ORDER BY seat""",
    "points": f"""
        SELECT category, avg(points) AS average,
               avg(points) FILTER (WHERE winner) AS average_of_winners,
               sum(points) / sum(sum(points)) OVER () AS share
        FROM seat_points WHERE {_CNW} GROUP BY category
        ORDER BY list_position(
            ['point_cards', 'bonus_tiles', 'exploration_tiles', 'cubes'], category)""",
}

TITLES = {
    "locations": "Locations used (and bumps there)",
    "kinds": "Work by kind of location",
    "cards": "Point cards claimed",
    "claims_per_game": "Cards, tiles, bumps and rests per seat: winners vs others",
    "bumps": "Bumps by seat",
    "points": "Points by category",
}

STATS = GameStats(
    game=GAME,
    round_of=round_of,
    facts=facts,
    views=VIEWS,
    titles=TITLES,
    score_parts=score_parts,
    seat_score=seat_score,
    seat_points=breakdown,
    seat_key=seat_key,
    seat_changes=seat_changes,
    step_rows=step_rows,
    step_facts=STEP_FACTS,
    fact_facts=FACT_FACTS,
    summed_total=True,
)
