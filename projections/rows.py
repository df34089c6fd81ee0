"""A batch of rows (`projections.columns.Batch`) as Arrow tables, one per DuckDB table.

The column lists become one `pyarrow.Table` per table at the end of a batch, in the table's
column order, so DuckDB inserts each with a single `INSERT INTO t SELECT * FROM batch`.
"""

from __future__ import annotations

from datetime import datetime

import pyarrow as pa

from projections.columns import Batch, Columns

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


def _table(columns: Columns, schema: pa.Schema) -> pa.Table:
    return pa.Table.from_arrays(
        [pa.array(col, f.type) for col, f in zip(columns.cols, schema, strict=True)],
        schema=schema,
    )


def tables(batch: Batch) -> dict[str, pa.Table]:
    """A batch's new rows per table (only the non-empty ones)."""
    out: dict[str, pa.Table] = {}
    if batch.games:
        out["games"] = pa.Table.from_pylist(list(batch.games.values()), schema=ARROW["games"])
    for columns in (batch.seats, batch.steps, batch.timeline, batch.facts):
        if len(columns):
            out[columns.table] = _table(columns, ARROW[columns.table])
    return out


def updates(batch: Batch) -> pa.Table | None:
    """The finished-game updates of a batch, if any."""
    return _table(batch.finish, FINISH) if len(batch.finish) else None


def warm_up() -> None:
    """Load what pyarrow loads at its first conversion from Python values (its pandas support,
    about 0.2 s of CPU), e.g. while fold workers start and there is nothing else to do."""
    pa.array([0], pa.int32())


def timestamp(text: str | datetime | None) -> datetime | None:
    """An ISO text or datetime as a datetime (naive ones are taken as UTC)."""
    if text is None or isinstance(text, datetime):
        return text
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None
