"""A batch of rows (`projections.columns.Batch`) as Arrow tables, one per DuckDB table.

The column lists become one `pyarrow.Table` per table at the end of a batch, in the table's
column order, so DuckDB inserts each with a single `INSERT INTO t SELECT * FROM batch`.
"""

from __future__ import annotations

from array import array
from datetime import datetime
from typing import Any

import pyarrow as pa

from projections.columns import FINISH_COLUMNS, TABLE_COLUMNS, Batch, Columns

TS = pa.timestamp("us", tz="UTC")

_TYPES: dict[str, pa.DataType] = {
    "VARCHAR": pa.string(),
    "INTEGER": pa.int32(),
    "BIGINT": pa.int64(),
    "BOOLEAN": pa.bool_(),
    "TIMESTAMPTZ": TS,
    "VARCHAR[]": pa.list_(pa.string()),
    "INTEGER[]": pa.list_(pa.int32()),
    "MAP(VARCHAR, VARCHAR)": pa.map_(pa.string(), pa.string()),
    "MAP(VARCHAR, INTEGER)": pa.map_(pa.string(), pa.int32()),
}
"""The Arrow type of each DuckDB type used in `projections.columns.TABLE_COLUMNS`."""

ARROW = {
    table: pa.schema([(name, _TYPES[kind]) for name, kind, _ in columns])
    for table, columns in TABLE_COLUMNS.items()
}
"""Arrow schema of each data table, in its column order (`projections.columns`)."""

FINISH = pa.schema([ARROW["games"].field(name) for name in FINISH_COLUMNS])
"""A game started in an earlier batch that finished in this one (an UPDATE of `games`)."""


_PACKED = {pa.int32(): "i", pa.int64(): "q"}
"""The `array` type code of each integer type: a column that never holds NULL is packed by
`array.array` (a C loop) and handed to Arrow as its buffer, at about two thirds of the cost
of `pa.array` reading each Python int."""
assert array("i").itemsize == 4 and array("q").itemsize == 8

_FILLED = {
    table: tuple(not null for _, _, null in columns) for table, columns in TABLE_COLUMNS.items()
}
"""Per data table, whether each column never holds NULL (`TABLE_COLUMNS`)."""


def _array(values: list[Any], kind: pa.DataType, filled: bool) -> pa.Array:
    code = _PACKED.get(kind) if filled else None
    if code is None:
        return pa.array(values, kind)
    packed = array(code, values)  # OverflowError for a value out of the type's range
    return pa.Array.from_buffers(kind, len(packed), [None, pa.py_buffer(packed)])


def _table(columns: Columns, schema: pa.Schema) -> pa.Table:
    filled = _FILLED.get(columns.table) or (False,) * len(schema)
    return pa.Table.from_arrays(
        [
            _array(col, f.type, full)
            for col, f, full in zip(columns.cols, schema, filled, strict=True)
        ],
        schema=schema,
    )


def tables(batch: Batch) -> dict[str, pa.Table]:
    """A batch's new rows per table (only the non-empty ones)."""
    out: dict[str, pa.Table] = {}
    if batch.games:
        out["games"] = games(list(batch.games.values()))
    for columns in (batch.seats, batch.steps, batch.timeline, batch.facts, batch.takebacks):
        if len(columns):
            out[columns.table] = _table(columns, ARROW[columns.table])
    return out


def games(found: list[dict[str, Any]]) -> pa.Table:
    """`games` rows (dicts by column name) as the table's Arrow table."""
    return pa.Table.from_pylist(found, schema=ARROW["games"])


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
