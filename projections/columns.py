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
