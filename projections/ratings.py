"""Player ratings per player and game with OpenSkill's Plackett-Luce model (a kept library made
for multiplayer ratings), in the order the games were played.

The ratings are derived from the `seats` table alone, so they are brought up to date after each
catch-up in one transaction: the finished games not yet rated (and the rated games that are no
longer finished, after a take-back) are found by two anti-joins; the history is cut from the
earliest of them on in playing order and rated again from there. A game imported later with an
earlier date is thus rated in its place, and a rerun with nothing new does nothing.

Order: `games.started` (the date the game was played, `Started.created`), then the game id.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import duckdb
import pyarrow as pa
from openskill.models import PlackettLuce

TABLE = "ratings_history"
COLUMNS = """
    game_id VARCHAR NOT NULL, game VARCHAR NOT NULL, played TIMESTAMP NOT NULL,
    player VARCHAR NOT NULL, seat INTEGER NOT NULL, rank INTEGER NOT NULL,
    mu_before DOUBLE NOT NULL, sigma_before DOUBLE NOT NULL, mu DOUBLE NOT NULL,
    sigma DOUBLE NOT NULL, bot BOOLEAN NOT NULL"""
"""One row per seat of a rated game: the player's rating before and after it."""

EPOCH = "1970-01-01 00:00:00"
PLAYED = f"coalesce(g.started, g.recorded, TIMESTAMP '{EPOCH}')"

VIEWS = {
    "player_ratings": """
        SELECT game, player, mu, sigma, mu - 3 * sigma AS ordinal, games, bot, last_played
        FROM (
            SELECT game, player, mu, sigma, played AS last_played,
                   bool_and(bot) OVER (PARTITION BY game, player) AS bot,
                   count(*) OVER (PARTITION BY game, player) AS games,
                   row_number() OVER (PARTITION BY game, player
                                      ORDER BY played DESC, game_id DESC) AS newest
            FROM ratings_history)
        WHERE newest = 1""",
    "head_to_head": """
        SELECT a.game, a.player AS player, b.player AS opponent, count(*) AS games,
               count(*) FILTER (WHERE a.rank < b.rank) AS ahead,
               count(*) FILTER (WHERE a.rank > b.rank) AS behind,
               count(*) FILTER (WHERE a.rank = b.rank) AS level,
               avg(a.total - b.total) AS score_difference
        FROM seats a JOIN seats b ON a.game_id = b.game_id AND a.player <> b.player
        GROUP BY a.game, a.player, b.player""",
}
"""Latest rating per player and game (`ordinal` = mu - 3 sigma, the conservative figure a
leaderboard sorts by) and head-to-head records of every pair that met."""


@dataclass(frozen=True)
class RatingRun:
    """What one update did: games rated (again) and from which date on (None: nothing new)."""

    games: int
    since: str | None


def create(con: duckdb.DuckDBPyConnection) -> None:
    """The history table and the views (inside the caller's transaction)."""
    con.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} ({COLUMNS})")
    for name, query in VIEWS.items():
        con.execute(f"CREATE OR REPLACE VIEW {name} AS {query}")


def _pivot(con: duckdb.DuckDBPyConnection) -> tuple[Any, str] | None:
    """(played, game_id) of the earliest game whose rating is missing or stale, or None."""
    row = con.execute(
        f"""
        WITH finished AS (SELECT DISTINCT game_id FROM seats),
             rated AS (SELECT DISTINCT game_id, played FROM {TABLE}),
             changed AS (
                SELECT {PLAYED} AS played, f.game_id FROM finished f
                JOIN games g USING (game_id)
                WHERE f.game_id NOT IN (SELECT game_id FROM rated)
                UNION ALL
                SELECT r.played, r.game_id FROM rated r
                WHERE r.game_id NOT IN (SELECT game_id FROM finished))
        SELECT played, game_id FROM changed ORDER BY played, game_id LIMIT 1"""
    ).fetchone()
    return None if row is None else (row[0], row[1])


def update(con: duckdb.DuckDBPyConnection, model: PlackettLuce | None = None) -> RatingRun:
    """Rate what is new (or re-rate from the earliest change on); one transaction."""
    create(con)
    pivot = _pivot(con)
    if pivot is None:
        return RatingRun(0, None)
    played, game_id = pivot
    after = "(played > $1 OR (played = $1 AND game_id >= $2))"
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute(f"DELETE FROM {TABLE} WHERE {after}", [played, game_id])
        games = con.execute(
            f"""
            SELECT s.game_id, s.game, {PLAYED} AS played, g.source_kind = 'simulation' AS bot,
                   list(s.seat ORDER BY s.seat), list(s.player ORDER BY s.seat),
                   list(s.rank ORDER BY s.seat)
            FROM seats s JOIN games g USING (game_id)
            WHERE {PLAYED} > $1 OR ({PLAYED} = $1 AND s.game_id >= $2)
            GROUP BY s.game_id, s.game, played, bot
            ORDER BY played, s.game_id""",
            [played, game_id],
        ).fetchall()
        current = {  # the latest rating of each player met in those games (no one else)
            (game, player): (mu, sigma)
            for game, player, mu, sigma in con.execute(
                f"""SELECT h.game, h.player, arg_max(h.mu, (h.played, h.game_id)),
                           arg_max(h.sigma, (h.played, h.game_id))
                    FROM {TABLE} h
                    SEMI JOIN (SELECT DISTINCT s.game, s.player FROM seats s
                               JOIN games g USING (game_id)
                               WHERE {PLAYED} > $1 OR ({PLAYED} = $1 AND s.game_id >= $2)) m
                         ON h.game = m.game AND h.player = m.player
                    GROUP BY h.game, h.player""",
                [played, game_id],
            ).fetchall()
        }
        rows = rate(games, current, model or PlackettLuce())
        if rows["game_id"]:
            con.register("new_ratings", pa.table(rows))
            con.execute(f"INSERT INTO {TABLE} SELECT * FROM new_ratings")
            con.unregister("new_ratings")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return RatingRun(len(games), str(played))


def rate(
    games: list[tuple[Any, ...]],
    current: dict[tuple[str, str], tuple[float, float]],
    model: PlackettLuce,
) -> dict[str, list[Any]]:
    """Rate `games` in order, updating `current` ((game, player) -> (mu, sigma)); the rows."""
    out: dict[str, list[Any]] = {
        k: []
        for k in (
            "game_id", "game", "played", "player", "seat", "rank", "mu_before", "sigma_before",
            "mu", "sigma", "bot",
        )
    }
    new = model.rating
    for game_id, game, played, bot, seats, players, ranks in games:
        if len(set(players)) != len(players) or len(players) < 2:
            continue  # one name on two seats (or a solo game): nothing to compare
        before = [current.get((game, p)) for p in players]
        teams = [
            [new() if b is None else new(mu=b[0], sigma=b[1])] for b in before
        ]
        after = model.rate(teams, ranks=list(ranks))
        for seat, player, rank, team, (rating,) in zip(
            seats, players, ranks, teams, after, strict=True
        ):
            current[(game, player)] = (rating.mu, rating.sigma)
            out["game_id"].append(game_id)
            out["game"].append(game)
            out["played"].append(played)
            out["player"].append(player)
            out["seat"].append(seat)
            out["rank"].append(rank)
            out["mu_before"].append(team[0].mu)
            out["sigma_before"].append(team[0].sigma)
            out["mu"].append(rating.mu)
            out["sigma"].append(rating.sigma)
            out["bot"].append(bool(bot))
    return out


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default): honest for small samples and
    for rates near 0 or 1, where the normal approximation goes outside [0, 1]."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


Z95 = 1.959963984540054


def wilson_sql(wins: str, games: str) -> str:
    """SQL for the two columns `win_rate_low`, `win_rate_high` (`wilson` in DuckDB)."""
    p = f"({wins})::DOUBLE / ({games})"
    z2 = f"{Z95 * Z95!r}"
    centre = f"(({p} + {z2} / (2 * ({games}))) / (1 + {z2} / ({games})))"
    half = (
        f"({Z95!r} * sqrt({p} * (1 - {p}) / ({games}) + {z2} / (4 * ({games}) * ({games})))"
        f" / (1 + {z2} / ({games})))"
    )
    return (
        f"greatest(0.0, {centre} - {half}) AS win_rate_low, "
        f"least(1.0, {centre} + {half}) AS win_rate_high"
    )
