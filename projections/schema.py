"""The DuckDB schema of the projections: tables written by the projector, views read by everyone.

Tables (one row each per):
- `games`: stored game (id, game, variant, options, players, seats, source, start and end,
  finished, winners, the setup for refolding);
- `seats`: seat of a finished game (player, final total, breakdown by category, tie-break, rank,
  winner);
- `steps`: game step (seat or -1 for chance, kind, action or chance outcome as JSON, round; its
  sentence is told from the store's states by the readers that show it, in their language);
- `fold_timeline`: (game, step, seat, category) where the points changed, plus every category
  at step 0, as the fold made them; readers query the view `score_timeline` (the same columns),
  where `total` is a category: stored by the fold, or added by SQL for the games whose total
  is the sum of their categories (`GameStats.summed_total`). `projections.read.score_timeline`
  fills in the other steps;
- `fold_facts`: the public per-game facts the fold reads from the engine's states
  (`projections.games`); readers query the view `facts` (the same columns), which adds the
  facts each game derives from its stored decisions (`GameStats.step_facts`);
- `takebacks`: take-back of a game (the steps it kept, how many it took back, the event's
  version, when): a take-back also removes the game's `steps`, `fold_timeline` and
  `fold_facts` rows after the steps it kept, and its `seats` rows if it had finished;
- `tracking`: the notification id of the last event whose rows are in, written in the same
  transaction as those rows; `marks`: which store the tables come from; `skipped_games`: the
  games left out because one of their events could not be projected or written (the game, the
  notification id of the event, why): none of their rows are in the other tables.
Views: `facts` (see `fold_facts`), `score_timeline` (see `fold_timeline`), `seat_points`
(breakdown, one row per category), `player_stats`, `player_stats_by_players`,
`player_stats_by_seat`, `player_points`, `game_stats`, `seat_stats`, `action_stats` (decisions
by verb, the part of the action before ``:``, for every game), the statistics views of each game
(`stats_<game>_<name>`), and the ratings (`projections.ratings`: tables `ratings_history`,
`ratings_latest` and `ratings_pending` (the games whose seats changed
since the last rating), views `player_ratings`, `head_to_head`).
"""

from __future__ import annotations

import hashlib

import duckdb

from projections import games as game_stats
from projections import published, ratings
from projections.columns import TABLE_COLUMNS

SCHEMA_VERSION = "9"
"""4: `steps` without `summary`; 5: `facts` a view over the table `fold_facts` and the stored
steps; 6: Mundus Novus's `pick` and `take` facts derived from the steps (27153a5), no longer in
`fold_facts` (a version-5 file may hold them there, and its view then showed them twice); 7:
Century: New World's `work` facts derived from the steps, no longer in `fold_facts`; 8: the
table `fold_timeline` and the view `score_timeline` over it, which adds Century: New World's
`total` rows (no longer stored); 9: Century's `bumped` facts derived from its `bump` facts, no
longer in `fold_facts`; files of an older version are rebuilt at open."""

RETIRED = ("facts", "publish_facts", "score_timeline", "publish_score_timeline")
"""Tables of older versions whose names are views now (or gone): dropped with the others."""

TABLES = {
    table: ", ".join(f"{name} {kind}" + ("" if null else " NOT NULL") for name, kind, null in cols)
    for table, cols in TABLE_COLUMNS.items()
}
"""Data tables (DDL column lists from `projections.columns.TABLE_COLUMNS`, the one definition of
their columns), written in batches from Arrow in that order."""

BOOKKEEPING = {
    "tracking": "application_name VARCHAR PRIMARY KEY, notification_id BIGINT NOT NULL",
    "marks": "key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL",
    "skipped_games": """
        game_id VARCHAR PRIMARY KEY, game VARCHAR, position BIGINT, reason VARCHAR NOT NULL""",
}

VIEWS = {
    "seat_points": """
        SELECT game_id, game, players, seat, player, winner,
               unnest(map_keys(breakdown)) AS category,
               unnest(map_values(breakdown)) AS points
        FROM seats""",
    "player_stats": """
        SELECT player, count(*) AS games, count(*) FILTER (WHERE winner) AS wins,
               avg(winner::INTEGER) AS win_rate, avg(total) AS average_score,
               max(total) AS best_score, avg(rank) AS average_rank,
               list_sort(list(DISTINCT game)) AS game_names
        FROM seats GROUP BY player""",
    "player_stats_by_players": """
        SELECT player, game, players, count(*) AS games,
               count(*) FILTER (WHERE winner) AS wins, avg(winner::INTEGER) AS win_rate,
               avg(total) AS average_score
        FROM seats GROUP BY player, game, players""",
    "player_stats_by_seat": """
        SELECT player, game, players, seat, count(*) AS games,
               count(*) FILTER (WHERE winner) AS wins, avg(winner::INTEGER) AS win_rate,
               avg(total) AS average_score
        FROM seats GROUP BY player, game, players, seat""",
    "player_points": """
        SELECT player, game, category, avg(points) AS average_points, count(*) AS games
        FROM seat_points GROUP BY player, game, category""",
    "game_stats": """
        SELECT g.game, count(*) AS games, count(*) FILTER (WHERE g.finished) AS finished,
               avg(g.players) AS average_players, avg(g.steps) AS average_steps,
               (SELECT avg(s.total) FROM seats s WHERE s.game = g.game) AS average_score,
               (SELECT avg(s.total) FROM seats s WHERE s.game = g.game AND s.winner)
                   AS average_winning_score
        FROM games g GROUP BY g.game""",
    "action_stats": """
        SELECT g.game, split_part(s.action, ':', 1) AS verb, count(*) AS times,
               count(DISTINCT s.game_id) AS games,
               count(*) / count(DISTINCT s.game_id) AS per_game
        FROM steps s JOIN games g USING (game_id)
        WHERE s.kind = 'decision' GROUP BY g.game, verb""",
    "seat_stats": """
        SELECT game, players, seat, count(*) AS games, avg(winner::INTEGER) AS win_rate,
               avg(total) AS average_score
        FROM seats GROUP BY game, players, seat""",
}
"""Generic statistics views (every game); seats are written when a game finishes."""


def create(
    con: duckdb.DuckDBPyConnection,
    *,
    views: bool = True,
    have: set[str] | None = None,
    marks: dict[str, str] | None = None,
) -> None:
    """Create every table and view that is missing (inside the caller's transaction);
    `views=False`: the tables only (the views of an open file are already current). The views
    are made again only when their definitions are not the ones the file's `views` mark names
    (a new version of Novus, a new game module): most opens find them current. `have`: the
    tables there now, if the caller has just read them (`ratings.existing`); `marks`: with
    `have`, the `marks` table's rows the caller read (`read_marks`; empty when it has none)."""
    if have is None:
        have, marks = ratings.existing(con), None
    for name, columns in {**TABLES, **BOOKKEEPING}.items():
        if name not in have:  # one catalog read instead of a statement per table at each open
            con.execute(f"CREATE TABLE {name} ({columns})")
    published.create(con, have)
    ratings.tables(con, have)
    if "marks" not in have:
        marks = {}  # made just now
    elif marks is None:
        marks = read_marks(con)
    wanted = {"schema_version": SCHEMA_VERSION}
    if views:
        wanted["views"] = views_digest()
        if marks.get("views") != wanted["views"]:
            create_views(con)
    for key, value in wanted.items():  # written only when not there yet (most opens)
        if key not in marks:  # a plain insert: `OR REPLACE` costs a few ms more
            con.execute("INSERT INTO marks VALUES (?, ?)", [key, value])
        elif marks[key] != value:
            con.execute("UPDATE marks SET value = ? WHERE key = ?", [value, key])


def read_marks(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """The `marks` table's rows (key -> value)."""
    return {str(k): str(v) for k, v in con.execute("SELECT key, value FROM marks").fetchall()}


def facts_view() -> str:
    """The view `facts`: the facts the fold stored (`fold_facts`) and those each game module
    derives from its stored decisions (`GameStats.step_facts`) or its other stored facts
    (`GameStats.fact_facts`), with the same columns."""
    columns = ", ".join(name for name, _, _ in TABLE_COLUMNS["fold_facts"])
    parts = [f"SELECT {columns} FROM fold_facts"]
    for stats in game_stats.known():
        for f in stats.step_facts:
            parts.append(
                f"SELECT game_id, '{stats.game}' AS game, step, round, "
                f"CAST({f.seat} AS INTEGER) AS seat, '{f.fact}' AS fact, "
                f"CAST({f.item} AS VARCHAR) AS item, CAST({f.amount} AS INTEGER) AS amount "
                f"FROM steps WHERE kind = 'decision' AND round IS NOT NULL AND ({f.where}) "
                f"AND game_id IN (SELECT game_id FROM games WHERE game = '{stats.game}')"
            )
        parts.extend(stats.fact_facts)
    return "\nUNION ALL ".join(parts)


def timeline_view() -> str:
    """The view `score_timeline`: the score rows the fold stored (`fold_timeline`) and, for each
    game whose total is the sum of its categories (`GameStats.summed_total`), the `total` rows
    the fold would have stored: at step 0 (where the fold scores every seat, `LocalFolds.start`),
    then at each step where the sum of its categories' changes is not 0 (a running sum of the
    changes). A reader's `WHERE game_id = ...` reaches the table's scans (every window is
    partitioned by the game)."""
    columns = ", ".join(name for name, _, _ in TABLE_COLUMNS["fold_timeline"])
    stored = f"SELECT {columns} FROM fold_timeline"
    summed = ", ".join(f"'{s.game}'" for s in game_stats.known() if s.summed_total)
    if not summed:
        return stored
    return f"""{stored}
UNION ALL SELECT game_id, step, seat, 'total' AS category, CAST(total AS INTEGER) AS points
FROM (SELECT game_id, step, seat, change,
             sum(change) OVER (PARTITION BY game_id, seat ORDER BY step) AS total
      FROM (SELECT game_id, step, seat, sum(change) AS change
            FROM (SELECT game_id, step, seat, points - coalesce(lag(points) OVER (
                      PARTITION BY game_id, seat, category ORDER BY step), 0) AS change
                  FROM fold_timeline
                  WHERE game_id IN (SELECT game_id FROM games WHERE game IN ({summed})))
            GROUP BY game_id, step, seat))
WHERE change <> 0 OR step = 0"""


def view_definitions() -> dict[str, str]:
    """Every view's name and query: `facts`, `score_timeline`, the generic ones, each game
    module's, the ratings'."""
    found = {"facts": facts_view(), "score_timeline": timeline_view(), **VIEWS}
    for stats in game_stats.known():
        for name, query in stats.views.items():
            found[game_stats.view_name(stats.game, name)] = query
    found.update(ratings.VIEWS)
    return found


def views_digest() -> str:
    """A digest of `view_definitions` (the `views` mark of a file whose views are current)."""
    text = "\0".join(f"{name}\0{query}" for name, query in view_definitions().items())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def create_views(con: duckdb.DuckDBPyConnection) -> None:
    """The views over the tables (also made by a reader over a layered published file)."""
    for name, query in view_definitions().items():
        con.execute(f"CREATE OR REPLACE VIEW {name} AS {query}")


def remake(con: duckdb.DuckDBPyConnection, marks: dict[str, str]) -> None:
    """Every table made again, empty, the views kept (a rebuild; inside the caller's
    transaction): one `CREATE OR REPLACE TABLE` each where a drop and a create were two
    statements, and no catalog read (the open made the file's tables current, so no table of
    `RETIRED` is there). The marks are emptied but for `views` (the views stay current), and
    the schema version and `marks` written in one statement."""
    tables = {name: f"({columns})" for name, columns in {**TABLES, **BOOKKEEPING}.items()}
    del tables["marks"]
    for name, definition in {**tables, **ratings.DEFINITIONS, **published.DEFINITIONS}.items():
        con.execute(f"CREATE OR REPLACE TABLE {name} {definition}")
    con.execute("DELETE FROM marks WHERE key <> 'views'")
    written = {"schema_version": SCHEMA_VERSION, **marks}
    con.execute(
        "INSERT INTO marks SELECT unnest($k), unnest($v)",
        {"k": list(written), "v": list(written.values())},
    )


def drop(con: duckdb.DuckDBPyConnection, *, views: bool = True) -> None:
    """Drop every view and table, tracking included (inside the caller's transaction);
    `views=False`: the tables only (DuckDB binds a view's tables when it is queried, so the
    views stay valid over the tables made again)."""
    if views:
        for (name,) in con.execute(
            "SELECT view_name FROM duckdb_views() WHERE NOT internal"
        ).fetchall():
            con.execute(f'DROP VIEW IF EXISTS "{name}"')
    writer = (ratings.TABLE, ratings.PENDING, ratings.LATEST, *published.BUFFERS)
    for name in (*TABLES, *BOOKKEEPING, *writer):
        con.execute(f"DROP TABLE IF EXISTS {name}")
    have = ratings.existing(con)
    for name in RETIRED:  # a table of an older version (views=False keeps the views)
        if name in have:
            con.execute(f"DROP TABLE {name}")
