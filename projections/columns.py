"""Rows of one projection transaction, gathered column by column as plain Python lists.

The fold appends values to per-column lists (cheap in the hot loop); `projections.rows` turns
them into Arrow tables for DuckDB at the end of a batch. Nothing here imports Arrow or DuckDB, so
a fold worker process (`projections.workers`) starts with the rules engines and this alone.
"""

from __future__ import annotations

from typing import Any

COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        "game_id",
        "game",
        "variant",
        "options",
        "players",
        "seats",
        "rules_version",
        "source_kind",
        "source_name",
        "source",
        "seed",
        "started",
        "recorded",
        "ended",
        "steps",
        "finished",
        "winners",
        "winner_names",
        "search",
        "setup",
        "position",
    ),
    "seats": (
        "game_id",
        "game",
        "players",
        "seat",
        "player",
        "total",
        "breakdown",
        "tiebreak",
        "rank",
        "winner",
    ),
    "steps": ("game_id", "step", "seat", "kind", "action", "round", "summary"),
    "score_timeline": ("game_id", "step", "seat", "category", "points"),
    "facts": ("game_id", "game", "step", "round", "seat", "fact", "item", "amount"),
    "finish": ("game_id", "ended", "steps", "winners", "winner_names"),
}
"""Column names of each data table in the DuckDB column order (`projections.schema.TABLES`);
``finish``: a game started in an earlier batch that finished in this one (an UPDATE)."""


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
        self.timeline = Columns("score_timeline")
        self.facts = Columns("facts")
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
        return (self.finish, self.seats, self.steps, self.timeline, self.facts)

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
        part.finish, part.seats, part.steps, part.timeline, part.facts = (
            columns.only(game_id) for columns in self.tables()
        )
        return part
