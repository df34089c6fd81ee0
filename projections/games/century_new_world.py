"""Century: New World statistics: locations used (by kind and bumps), point cards and bonus
tiles claimed, bumps made and suffered, rests, and points by category.

Everything in Century: New World is public (settlers, cubes, cards and tiles lie open; the draw
deck is face up), so the facts are read from the action and the states around each step:

- ``place`` item = location id (amount = settlers placed), ``work`` item = its kind
  (production, upgrade, trade, village);
- ``bump`` item = the bumped seat (amount = settlers sent back), and ``bumped`` for that seat
  (item = the bumping seat);
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
from domain.core.protocol import Decision, Rules, SeatScore, Step
from projections.fold import TOTAL, changed_rows
from projections.games import FactRow, GameStats

GAME = "century-new-world"
KINDS = ("production", "upgrade", "trade", "village")
CUBES = {"Y": "corn", "R": "meat", "G": "tobacco", "B": "fur"}


def facts(rules: Rules[Any], before: Any, step: Step, after: Any) -> Iterable[FactRow]:
    """The facts of one decision (chance steps only lay out the components: none)."""
    if not isinstance(step, Decision):
        return ()
    seat = step.seat
    t = before.t
    verb, _, rest = step.action.partition(":")
    if verb == "rest":
        back = before.settlers_on_board(seat)
        return ((seat, "rest", "settlers" if back else "pass", back),)
    if verb == "return":
        return ((seat, "return", CUBES[rest], 1),)
    if verb == "explore":
        tile = t.tiles[before.explore_on[t.loc_index[rest]]]
        return ((seat, "explore", tile.id, tile.points),)
    if verb != "place":
        return ()
    loc_id, _, arg = rest.partition(":")
    li = t.loc_index[loc_id]
    loc = t.locations[li]
    found = [
        (seat, "place", loc_id, after.occ_n[li]),
        (seat, "work", loc.kind, 1),
    ]
    owner = before.occ_seat[li]
    if owner >= 0:
        found.append((seat, "bump", str(owner), before.occ_n[li]))
        found.append((owner, "bumped", str(seat), before.occ_n[li]))
    if loc.kind == "village":
        for part in arg.split("+"):
            what, _, ident = part.partition("=")
            if what == "card":
                found.append((seat, "card", ident, t.cards[t.card_index[ident]].points))
            elif what == "bonus":
                found.append((seat, "bonus", ident, t.bonus[t.bonus_index[ident]].points))
    return found


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


def seat_changes(
    state: Any, seat: int, part: object, was: object, known: dict[str, int]
) -> list[tuple[str, int]]:
    """`GameStats.seat_changes`: the rows of `breakdown` (and the total) that differ from
    `known`. A player whose cards, bonus and exploration tiles are the same objects as before
    (all but about one step in six) keeps their points, which `known` holds: only the cubes
    are counted, and the total follows from them."""
    p: Any = part
    c = p.cubes
    cubes = c[1] + c[2] + c[3]
    w: Any = was
    if w is not None and p.cards is w.cards and p.bonus is w.bonus and p.explored is w.explored:
        old = known["cubes"]
        if cubes == old:
            return []
        total = known[TOTAL] + cubes - old
        known[TOTAL] = total
        known["cubes"] = cubes
        return [(TOTAL, total), ("cubes", cubes)]
    return changed_rows(breakdown(state, seat), known)


def seat_score(state: Any, seat: int) -> SeatScore:
    """The engine's own scoring (`domain.century_new_world.scoring`), one seat."""
    parts = breakdown(state, seat)
    return SeatScore(seat, sum(parts.values()), parts, (seat,))


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
)
