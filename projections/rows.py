"""Rows of one projection transaction, gathered column by column and handed over as Arrow.

The projector appends plain Python values to per-column lists (cheap in the hot loop) and turns
them into one `pyarrow.Table` per DuckDB table at the end of a batch, in the table's column order,
so DuckDB inserts each with a single `INSERT INTO t SELECT * FROM batch`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pyarrow as pa

TS = pa.timestamp("us", tz="UTC")

ARROW = {
    "games": pa.schema(
        [
            ("game_id", pa.string()),
            ("game", pa.string()),
            ("variant", pa.string()),
            ("options", pa.map_(pa.string(), pa.string())),
            ("players", pa.int32()),
            ("seats", pa.list_(pa.string())),
            ("rules_version", pa.string()),
            ("source_kind", pa.string()),
            ("source_name", pa.string()),
            ("source", pa.string()),
            ("seed", pa.int64()),
            ("started", TS),
            ("recorded", TS),
            ("ended", TS),
            ("steps", pa.int32()),
            ("finished", pa.bool_()),
            ("winners", pa.list_(pa.int32())),
            ("winner_names", pa.list_(pa.string())),
            ("search", pa.string()),
            ("setup", pa.string()),
            ("position", pa.int64()),
        ]
    ),
    "seats": pa.schema(
        [
            ("game_id", pa.string()),
            ("game", pa.string()),
            ("players", pa.int32()),
            ("seat", pa.int32()),
            ("player", pa.string()),
            ("total", pa.int32()),
            ("breakdown", pa.map_(pa.string(), pa.int32())),
            ("tiebreak", pa.list_(pa.int32())),
            ("rank", pa.int32()),
            ("winner", pa.bool_()),
        ]
    ),
    "steps": pa.schema(
        [
            ("game_id", pa.string()),
            ("step", pa.int32()),
            ("seat", pa.int32()),
            ("kind", pa.string()),
            ("action", pa.string()),
            ("round", pa.int32()),
            ("summary", pa.string()),
        ]
    ),
    "score_timeline": pa.schema(
        [
            ("game_id", pa.string()),
            ("step", pa.int32()),
            ("seat", pa.int32()),
            ("category", pa.string()),
            ("points", pa.int32()),
        ]
    ),
    "facts": pa.schema(
        [
            ("game_id", pa.string()),
            ("game", pa.string()),
            ("step", pa.int32()),
            ("round", pa.int32()),
            ("seat", pa.int32()),
            ("fact", pa.string()),
            ("item", pa.string()),
            ("amount", pa.int32()),
        ]
    ),
}
"""Arrow schema of each data table, in the DuckDB column order (`projections.schema.TABLES`)."""

FINISH = pa.schema(
    [
        ("game_id", pa.string()),
        ("ended", TS),
        ("steps", pa.int32()),
        ("winners", pa.list_(pa.int32())),
        ("winner_names", pa.list_(pa.string())),
    ]
)
"""A game started in an earlier batch that finished in this one (an UPDATE of `games`)."""


class Columns:
    """Per-column lists for one table."""

    __slots__ = ("cols", "schema")

    def __init__(self, schema: pa.Schema) -> None:
        self.schema = schema
        self.cols: list[list[Any]] = [[] for _ in schema.names]

    def __len__(self) -> int:
        return len(self.cols[0])

    def add(self, *values: Any) -> None:
        for col, value in zip(self.cols, values, strict=True):
            col.append(value)

    def table(self) -> pa.Table:
        return pa.Table.from_arrays(
            [pa.array(col, f.type) for col, f in zip(self.cols, self.schema, strict=True)],
            schema=self.schema,
        )


class Batch:
    """Everything one transaction writes: new rows per table, and finished-game updates."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Any]] = {}
        self.finish = Columns(FINISH)
        self.seats = Columns(ARROW["seats"])
        self.steps = Columns(ARROW["steps"])
        self.timeline = Columns(ARROW["score_timeline"])
        self.facts = Columns(ARROW["facts"])
        self.events = 0
        self.refused: list[tuple[str, int, str]] = []
        """(game id, step, why): stored steps the installed engine refused; those games are
        projected without summaries, scores or facts from that step on."""

    def tables(self) -> dict[str, pa.Table]:
        """The new rows per table (only the non-empty ones)."""
        out: dict[str, pa.Table] = {}
        if self.games:
            out["games"] = pa.Table.from_pylist(list(self.games.values()), schema=ARROW["games"])
        for name, cols in (
            ("seats", self.seats),
            ("steps", self.steps),
            ("score_timeline", self.timeline),
            ("facts", self.facts),
        ):
            if len(cols):
                out[name] = cols.table()
        return out

    def updates(self) -> pa.Table | None:
        return self.finish.table() if len(self.finish) else None


def timestamp(text: str | datetime | None) -> datetime | None:
    """An ISO text or datetime as a datetime (naive ones are taken as UTC)."""
    if text is None or isinstance(text, datetime):
        return text
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None
