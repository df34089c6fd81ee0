"""Rows of one projection transaction, gathered column by column as plain Python lists.

The fold appends values to per-column lists (cheap in the hot loop); `projections.rows` turns
them into Arrow tables for DuckDB at the end of a batch. Nothing here imports Arrow or DuckDB, so
a fold worker process (`projections.workers`) starts with the rules engines and this alone.
"""

from __future__ import annotations

from typing import Any

TEXT, INT, BIG = "VARCHAR", "INTEGER", "BIGINT"
TS, BOOL, TEXTS, INTS = "TIMESTAMPTZ", "BOOLEAN", "VARCHAR[]", "INTEGER[]"

TABLE_COLUMNS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "games": (
        ("game_id", TEXT, False),
        ("game", TEXT, False),
        ("variant", TEXT, False),
        ("options", "MAP(VARCHAR, VARCHAR)", True),
        ("players", INT, False),
        ("seats", TEXTS, False),
        ("rules_version", TEXT, True),
        ("source_kind", TEXT, True),
        ("source_name", TEXT, True),
        ("source", TEXT, True),
        ("seed", BIG, True),
        ("started", TS, True),
        ("recorded", TS, True),
        ("ended", TS, True),
        ("steps", INT, True),
        ("finished", BOOL, False),
        ("winners", INTS, True),
        ("winner_names", TEXTS, True),
        ("search", TEXT, False),
        ("setup", TEXT, False),
        ("position", BIG, False),
    ),
    "seats": (
        ("game_id", TEXT, False),
        ("game", TEXT, False),
        ("players", INT, False),
        ("seat", INT, False),
        ("player", TEXT, False),
        ("total", INT, False),
        ("breakdown", "MAP(VARCHAR, INTEGER)", False),
        ("tiebreak", INTS, True),
        ("rank", INT, False),
        ("winner", BOOL, False),
    ),
    "steps": (
        ("game_id", TEXT, False),
        ("step", INT, False),
        ("seat", INT, False),
        ("kind", TEXT, False),
        ("action", TEXT, False),
        ("round", INT, True),
    ),
    "fold_timeline": (
        ("game_id", TEXT, False),
        ("step", INT, False),
        ("seat", INT, False),
        ("category", TEXT, False),
        ("points", INT, False),
    ),
    "fold_facts": (
        ("game_id", TEXT, False),
        ("game", TEXT, False),
        ("step", INT, False),
        ("round", INT, True),
        ("seat", INT, False),
        ("fact", TEXT, False),
        ("item", TEXT, False),
        ("amount", INT, False),
    ),
    "takebacks": (
        ("game_id", TEXT, False),
        ("to_step", INT, False),
        ("removed", INT, False),
        ("version", INT, False),
        ("recorded", TS, True),
    ),
}
"""The data tables' columns, the ONE place their order is defined: (name, DuckDB type, whether
NULL is allowed). `projections.schema` makes the DDL from it, `projections.rows` the Arrow
schemas, and the fold appends values in this order. `fold_facts` holds the facts the fold reads
from the engine's states; readers query the view `facts` (the same columns), which adds the
facts that are a plain function of a stored step (`projections.games.StepFact`). Likewise
`fold_timeline` holds the score rows the fold makes; readers query the view `score_timeline`,
which adds the `total` rows of the games whose total is the sum of their categories
(`projections.games.GameStats.summed_total`)."""

FINISH_COLUMNS = ("game_id", "ended", "steps", "winners", "winner_names")
"""A game started in an earlier batch that finished in this one (an UPDATE of `games`)."""

COLUMNS: dict[str, tuple[str, ...]] = {
    **{table: tuple(c[0] for c in cols) for table, cols in TABLE_COLUMNS.items()},
    "finish": FINISH_COLUMNS,
}
"""Column names of each data table, and of ``finish``, in order (from `TABLE_COLUMNS`)."""


Skipped = tuple[str, str | None, int | None, str]
"""A game left out of the views: (game id, game name or None, notification id of the event that
could not be projected or None, why)."""


class Columns:
    """Per-column lists for one table."""

    __slots__ = ("cols", "table")

    def __init__(self, table: str) -> None:
        self.table = table
        self.cols: list[list[Any]] = [[] for _ in COLUMNS[table]]

    def __len__(self) -> int:
        return len(self.cols[0])

    def add(self, *values: Any) -> None:
        for col, value in zip(self.cols, values, strict=True):
            col.append(value)

    def drop(self, game_ids: set[str]) -> None:
        """Remove the rows of these games (the first column is every table's game id)."""
        ids = self.cols[0]
        keep = [i for i, game_id in enumerate(ids) if game_id not in game_ids]
        if len(keep) != len(ids):
            self.cols = [[col[i] for i in keep] for col in self.cols]

    def drop_after(self, game_id: str, step: int, column: int = 1) -> None:
        """Remove this game's rows whose step (in `column`) is after `step` (a take-back)."""
        ids, steps = self.cols[0], self.cols[column]
        keep = [i for i, found in enumerate(ids) if found != game_id or steps[i] <= step]
        if len(keep) != len(ids):
            self.cols = [[col[i] for i in keep] for col in self.cols]

    def only(self, game_id: str) -> Columns:
        """A copy holding the rows of one game."""
        part = Columns(self.table)
        rows = [i for i, found in enumerate(self.cols[0]) if found == game_id]
        part.cols = [[col[i] for i in rows] for col in self.cols]
        return part

    def extend(self, cols: list[list[Any]]) -> None:
        """Append the rows of another batch's columns (a fold worker's answer)."""
        for col, values in zip(self.cols, cols, strict=True):
            col.extend(values)


class Batch:
    """Everything one transaction writes: new rows per table, and finished-game updates."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Any]] = {}
        self.finish = Columns("finish")
        self.seats = Columns("seats")
        self.steps = Columns("steps")
        self.timeline = Columns("fold_timeline")
        self.facts = Columns("fold_facts")
        self.takebacks = Columns("takebacks")
        self.truncate: dict[str, int] = {}
        """Games taken back in this batch: the fewest steps each kept. Their rows of earlier
        batches after that step (and their `seats` rows) are deleted before this batch's rows
        are written."""
        self.events = 0
        self.refused: list[tuple[str, int, str]] = []
        """(game id, step, why): stored steps the installed engine refused; those games are
        projected without summaries, scores or facts from that step on."""
        self.failed: list[tuple[str, int, str]] = []
        """(game id, step, why): games whose fold raised (a fold worker reports them here)."""
        self.skipped: list[Skipped] = []
        """Games left out of the views from this batch on (`Skipped`), because one of their
        events could not be projected or written; their rows are removed, earlier ones
        included, and they are listed in `skipped_games`."""
        self.skip_mark = 0
        """How many games the projection had left out when this batch was started."""

    def tables(self) -> tuple[Columns, ...]:
        """The column sets, one per table (`finish` included)."""
        return (self.finish, self.seats, self.steps, self.timeline, self.facts, self.takebacks)

    def game_ids(self) -> set[str]:
        """Every game with a row in this batch."""
        found = set(self.games)
        for columns in self.tables():
            found.update(columns.cols[0])
        return found

    def drop(self, game_ids: set[str]) -> None:
        """Remove every row of these games."""
        for game_id in game_ids:
            self.games.pop(game_id, None)
        for columns in self.tables():
            columns.drop(game_ids)

    def only(self, game_id: str) -> Batch:
        """A batch holding the rows of one game (to find the game whose rows cannot be
        written)."""
        part = Batch()
        if game_id in self.games:
            part.games[game_id] = self.games[game_id]
        part.finish, part.seats, part.steps, part.timeline, part.facts, part.takebacks = (
            columns.only(game_id) for columns in self.tables()
        )
        return part
