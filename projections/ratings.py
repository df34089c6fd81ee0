"""Player ratings per player and game with OpenSkill's Plackett-Luce model (a kept library made
for multiplayer ratings), in the order the games were played.

The ratings are derived from the `seats` table alone, so they are brought up to date after each
catch-up in one transaction. The writer lists each game whose seats it inserted or deleted in
`ratings_pending` (`touch`, in the transaction that changes the seats: exactly once); `update`
reads only those games, cuts the history from the earliest of them on in playing order, rates
again from there and empties the list, in one transaction. A game imported later with an
earlier date is thus rated in its place, a rerun with nothing new reads one empty table, and
finding what changed costs the same however many games are stored (no anti-join over them).

Order: `games.started` (the date the game was played, `Started.created`), then the game id.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import duckdb
import pyarrow as pa
from openskill.models import PlackettLuce

TABLE = "ratings_history"
LATEST = "ratings_latest"
"""Each player's rating after their latest rated game, per game name (what the next game
starts from; the history holds the same figures, this reads them without a scan)."""
PENDING = "ratings_pending"
CHUNK = 5000
"""Games rated per round trip: a whole store's rating never holds every game in memory."""
"""Games whose seats changed since the last rating (a game may be listed more than once)."""
COLUMNS = """
    game_id VARCHAR NOT NULL, game VARCHAR NOT NULL, played TIMESTAMP NOT NULL,
    player VARCHAR NOT NULL, seat INTEGER NOT NULL, rank INTEGER NOT NULL,
    mu_before DOUBLE NOT NULL, sigma_before DOUBLE NOT NULL, mu DOUBLE NOT NULL,
    sigma DOUBLE NOT NULL, bot BOOLEAN NOT NULL"""
"""One row per seat of a rated game: the player's rating before and after it."""
DEFINITIONS = {
    TABLE: f"({COLUMNS})",
    PENDING: "(game_id VARCHAR NOT NULL)",
    LATEST: "(game VARCHAR NOT NULL, player VARCHAR NOT NULL, mu DOUBLE NOT NULL, "
    "sigma DOUBLE NOT NULL, PRIMARY KEY (game, player))",
}
"""The ratings' tables and what follows `CREATE TABLE name` for each (`tables`, and
`schema.remake` for a rebuild)."""
HISTORY = (
    "game_id", "game", "played", "player", "seat", "rank", "mu_before", "sigma_before", "mu",
    "sigma", "bot",
)  # fmt: skip
"""The history's columns, in the table's order (`rate` gives them so)."""
ARROW = pa.schema(
    [
        ("game_id", pa.string()), ("game", pa.string()), ("played", pa.timestamp("us")),
        ("player", pa.string()), ("seat", pa.int32()), ("rank", pa.int32()),
        ("mu_before", pa.float64()), ("sigma_before", pa.float64()), ("mu", pa.float64()),
        ("sigma", pa.float64()), ("bot", pa.bool_()),
    ]
)  # fmt: skip
"""The rows `rate` gives, as Arrow takes them: `played` read as microseconds since 1970 of the
game's local date (a `datetime` with its time zone cost ~5 us a game to make and to convert)."""

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
    changed: tuple[str, ...] = ()
    """The games whose history rows were deleted, written new or rated to other figures (for
    publishing only those)."""


def create(con: duckdb.DuckDBPyConnection) -> None:
    """The history table, the pending list, the latest ratings and the views (inside the
    caller's transaction).

    A file made before the pending list existed gets every game with seats or ratings listed:
    its next update rates them all again once (the same numbers), then only what changes; the
    latest ratings are read from the history once."""
    tables(con)
    create_views(con)


def create_views(con: duckdb.DuckDBPyConnection) -> None:
    """The views over the history and the seats."""
    for name, query in VIEWS.items():
        con.execute(f"CREATE OR REPLACE VIEW {name} AS {query}")


def tables(con: duckdb.DuckDBPyConnection, have: set[str] | None = None) -> None:
    """The tables of `create` that are missing (filled from the history when new). `have`:
    the tables there before the caller made the missing data tables (`existing`):
    then nothing is read back from a `seats` or a history made just now (empty)."""
    if have is None:
        have = existing(con)
    if TABLE not in have:
        con.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} {DEFINITIONS[TABLE]}")
    filled = TABLE in have or "seats" in have  # else both are new, and empty
    if PENDING not in have:
        con.execute(f"CREATE TABLE {PENDING} {DEFINITIONS[PENDING]}")
        if filled:
            con.execute(
                f"INSERT INTO {PENDING} SELECT DISTINCT game_id FROM seats "
                f"UNION SELECT DISTINCT game_id FROM {TABLE}"
            )
    if LATEST not in have:
        con.execute(f"CREATE TABLE {LATEST} {DEFINITIONS[LATEST]}")
        if filled:
            con.execute(
                f"""INSERT INTO {LATEST} SELECT game, player, arg_max(mu, (played, game_id)),
                           arg_max(sigma, (played, game_id)) FROM {TABLE} GROUP BY game, player"""
            )


def existing(con: duckdb.DuckDBPyConnection) -> set[str]:
    """The tables of the connection's own database (its `main` schema): one catalog read."""
    return {
        str(name)
        for (name,) in con.execute(
            "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' "
            "AND database_name = current_database()"
        ).fetchall()
    }


def touch(con: duckdb.DuckDBPyConnection, game_ids: str | Sequence[str]) -> None:
    """List games as changed: ids, or a query with a `game_id` column. Call it in the
    transaction that inserts or deletes their seats."""
    if isinstance(game_ids, str):
        con.execute(f"INSERT INTO {PENDING} SELECT DISTINCT game_id FROM ({game_ids})")
    elif game_ids:
        con.execute(f"INSERT INTO {PENDING} SELECT unnest($ids)", {"ids": list(game_ids)})


def _pivot(con: duckdb.DuckDBPyConnection) -> tuple[Any, str] | None:
    """(played, game_id) of the earliest pending game that is finished or was rated, or None
    (the list read where it lies: a whole store's ids are not bound as a parameter twice)."""
    row = con.execute(
        f"""
        WITH p AS (SELECT DISTINCT game_id FROM {PENDING}),
             changed AS (
                SELECT {PLAYED} AS played, g.game_id FROM games g SEMI JOIN p USING (game_id)
                WHERE g.game_id IN (SELECT s.game_id FROM seats s SEMI JOIN p USING (game_id))
                UNION ALL
                SELECT r.played, r.game_id FROM {TABLE} r SEMI JOIN p USING (game_id))
        SELECT played, game_id FROM changed ORDER BY played, game_id LIMIT 1"""
    ).fetchone()
    return None if row is None else (row[0], row[1])


def _before(
    con: duckdb.DuckDBPyConnection,
    games: list[tuple[Any, ...]],
    current: dict[tuple[str, str], tuple[float, float]],
    listed: set[tuple[str, str]],
) -> None:
    """Add to `current` the rating before the pivot of each player of `games` not in it yet:
    their latest rating (`ratings_latest`). `current` starts with the players of the history
    rows just removed (the `mu_before`/`sigma_before` of each one's earliest removed row).
    `listed` gets the players found in `ratings_latest`."""
    met = {(g[1], p) for g in games for p in g[5]} - set(current)
    if met:
        found = con.execute(
            f"""SELECT l.game, l.player, l.mu, l.sigma FROM {LATEST} l
                SEMI JOIN (SELECT unnest($games) AS game, unnest($players) AS player) m
                ON l.game = m.game AND l.player = m.player""",
            {"games": [g for g, _ in met], "players": [p for _, p in met]},
        ).fetchall()
        current.update({(g, p): (mu, sigma) for g, p, mu, sigma in found})
        listed.update((g, p) for g, p, _, _ in found)


def update(
    con: duckdb.DuckDBPyConnection,
    model: PlackettLuce | None = None,
    *,
    on_change: Callable[[list[str]], None] | None = None,
    ready: bool = False,
) -> RatingRun:
    """Rate what is new (or re-rate from the earliest change on); one transaction.
    `on_change(game_ids)` runs inside it with the games whose history rows changed. `ready`:
    the caller's file has the tables (the projector's: made when it was opened), no catalog
    read."""
    if not ready:
        tables(con)
    if con.execute(f"SELECT count(*) FROM (FROM {PENDING} LIMIT 1)").fetchall() == [(0,)]:
        return RatingRun(0, None)
    pivot = _pivot(con)
    if pivot is None:  # listed games that were neither finished nor rated: nothing to do
        con.execute(f"DELETE FROM {PENDING}")
        return RatingRun(0, None)
    played, game_id = pivot
    after = "played >= $1 AND (played > $1 OR game_id >= $2)"  # `played >= $1`: zone maps skip
    con.execute("BEGIN TRANSACTION")
    try:
        old = con.execute(f"SELECT * FROM {TABLE} WHERE {after}", [played, game_id]).fetchall()
        removed = _rows_by_game(old)  # the history from the pivot on, about to be rated again
        current = _earliest(old)  # each player's rating before the pivot, if met after it
        if old:  # a rebuild finds the history empty
            con.execute(f"DELETE FROM {TABLE} WHERE {after}", [played, game_id])
        reader = con.cursor()  # reads seats and games, which this transaction leaves alone
        reader.execute(  # pending or rated again (a finished game after the pivot is one)
            f"""
            SELECT game_id, game, epoch_us(played::TIMESTAMP), bot, seats, players, ranks
            FROM (
                SELECT s.game_id, s.game, {PLAYED} AS played,
                       g.source_kind = 'simulation' AS bot, list(s.seat ORDER BY s.seat) seats,
                       list(s.player ORDER BY s.seat) players, list(s.rank ORDER BY s.seat) ranks
                FROM seats s JOIN games g USING (game_id)
                SEMI JOIN (SELECT game_id FROM {PENDING} UNION SELECT unnest($3::VARCHAR[])) a
                    USING (game_id)
                WHERE {PLAYED} > $1 OR ({PLAYED} = $1 AND s.game_id >= $2)
                GROUP BY s.game_id, s.game, played, bot)
            ORDER BY played, game_id""",
            [played, game_id, sorted(removed)],
        )
        listed = set(current)  # players in `ratings_latest` (every player of the history is)
        rated: list[str] = []
        written: dict[str, list[tuple[Any, ...]]] = {}
        model = model or PlackettLuce()
        made: dict[tuple[str, str], Any] = {}
        while games := reader.fetchmany(CHUNK):  # a chunk at a time: memory stays bounded
            _before(con, games, current, listed)
            rows = rate(games, current, model, made)
            rated.extend(str(g[0]) for g in games)
            if removed:  # kept only to compare: bounded by the games re-rated
                kept = [r for r in zip(*rows.values(), strict=True) if r[0] in removed]
                written.update(_rows_by_game(kept))
            if rows["game_id"]:  # a relation, not a registered view: no pandas, no unregister
                con.from_arrow(pa.table(rows, schema=ARROW)).insert_into(TABLE)
        reader.close()
        if current:  # one statement: `executemany` took ~3 ms a player
            keys, figures = list(current), list(current.values())
            # only players already listed need `OR REPLACE` (~2 ms more; none after a reset)
            replace = " OR REPLACE" if listed else ""
            con.execute(
                f"INSERT{replace} INTO {LATEST} SELECT unnest($g), unnest($p), unnest($mu), "
                "unnest($sigma)",
                {
                    "g": [g for g, _ in keys],
                    "p": [p for _, p in keys],
                    "mu": [mu for mu, _ in figures],
                    "sigma": [sigma for _, sigma in figures],
                },
            )
        con.execute(f"DELETE FROM {PENDING}")
        changed = sorted(
            {g for g, rows_of in removed.items() if written.get(g) != rows_of}
            | (set(rated) - set(removed))
        )
        if on_change is not None:
            on_change(changed)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return RatingRun(len(rated), str(played), tuple(changed))


def _earliest(rows: list[tuple[Any, ...]]) -> dict[tuple[str, str], tuple[float, float]]:
    """(game, player) -> (mu_before, sigma_before) of each player's earliest history row among
    `rows` (in playing order): their rating before the first of those games."""
    out: dict[tuple[str, str], tuple[float, float]] = {}
    for row in sorted(rows, key=lambda r: (r[2], r[0])):  # (played, game_id)
        out.setdefault((row[1], row[3]), (row[6], row[7]))
    return out


def _rows_by_game(rows: list[tuple[Any, ...]]) -> dict[str, list[tuple[Any, ...]]]:
    """History rows grouped by game, each game's in seat order: what a re-rating is compared
    with, so that a game rated again to the very same figures is not reported as changed (an
    earlier game of other players must not republish every later game)."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:  # `played` left out: the history stores it without the games' time zone
        out.setdefault(str(row[0]), []).append((*row[:2], *row[3:]))
    for rows_of in out.values():
        rows_of.sort(key=lambda r: r[3])  # the seat
    return out


def rate(
    games: list[tuple[Any, ...]],
    current: dict[tuple[str, str], tuple[float, float]],
    model: PlackettLuce,
    made: dict[tuple[str, str], Any] | None = None,
) -> dict[str, list[Any]]:
    """Rate `games` in order, updating `current` ((game, player) -> (mu, sigma)); the rows.

    `made`: the rating objects `model.rate` gave for the players rated here (kept across
    calls by the caller), handed to it again as they are for the player's next game: the
    same figures as `current` holds, without a new object (and its uuid) per seat and game."""
    made = {} if made is None else made
    cols: tuple[list[Any], ...] = tuple([] for _ in HISTORY)
    game_ids, names, dates, player_col, seat_col, rank_col, *figures, bots = cols
    mus_before, sigmas_before, mus, sigmas = figures
    new, rate_teams = model.rating, model.rate
    for game_id, game, played, bot, seats, players, ranks in games:
        n = len(players)
        if len(set(players)) != n or n < 2:
            continue  # one name on two seats (or a solo game): nothing to compare
        teams = []
        for p in players:
            known = made.get((game, p))
            if known is None:
                b = current.get((game, p))
                known = new() if b is None else new(mu=b[0], sigma=b[1])
            teams.append([known])
        after = rate_teams(teams, ranks=list(ranks))
        game_ids.extend([game_id] * n)  # the game's columns a list at a time, not a seat
        names.extend([game] * n)
        dates.extend([played] * n)
        player_col.extend(players)
        seat_col.extend(seats)
        rank_col.extend(ranks)
        bots.extend([bool(bot)] * n)
        for player, (before,), (rating,) in zip(players, teams, after, strict=True):
            current[(game, player)] = (rating.mu, rating.sigma)
            made[(game, player)] = rating
            mus_before.append(before.mu)
            sigmas_before.append(before.sigma)
            mus.append(rating.mu)
            sigmas.append(rating.sigma)
    return dict(zip(HISTORY, cols, strict=True))


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
