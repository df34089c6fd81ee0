"""The data tables' columns are defined once (`projections.columns.TABLE_COLUMNS`): the DuckDB
tables, the Arrow schemas and the fold's column lists all follow it."""

from __future__ import annotations

import duckdb

from projections import rows, schema
from projections.columns import COLUMNS, FINISH_COLUMNS, TABLE_COLUMNS


def test_tables_arrow_and_batches_share_one_column_order() -> None:
    con = duckdb.connect()
    schema.create(con)
    for table, columns in TABLE_COLUMNS.items():
        found = con.execute(
            "SELECT column_name, data_type, is_nullable = 'YES' FROM information_schema.columns "
            "WHERE table_name = ? ORDER BY ordinal_position",
            [table],
        ).fetchall()
        spelled = {"TIMESTAMPTZ": "TIMESTAMP WITH TIME ZONE"}  # DuckDB's own name of the type
        assert found == [(name, spelled.get(kind, kind), null) for name, kind, null in columns]
        assert rows.ARROW[table].names == [name for name, _, _ in columns]
        assert COLUMNS[table] == tuple(name for name, _, _ in columns)
    assert rows.FINISH.names == list(FINISH_COLUMNS) == list(COLUMNS["finish"])
    assert set(FINISH_COLUMNS) <= set(COLUMNS["games"])


def test_integer_columns_packed_as_arrow_reads_them() -> None:
    """`rows.tables` packs the integer columns that never hold NULL with `array` (not
    `pa.array` value by value): the same Arrow table, bounds included; a value out of range
    is refused, as Arrow refuses it."""
    import pyarrow as pa
    import pytest

    from projections.columns import Batch

    batch = Batch()
    for step, points in enumerate((-(2**31), 0, 7, 2**31 - 1)):
        batch.timeline.add("g", step, 1, "total", points)
    batch.steps.add("g", 1, -1, "chance", "[]", None)
    got = rows.tables(batch)
    for name, columns in (("fold_timeline", batch.timeline), ("steps", batch.steps)):
        schema = rows.ARROW[name]
        plain = [pa.array(col, f.type) for col, f in zip(columns.cols, schema, strict=True)]
        assert got[name].equals(pa.Table.from_arrays(plain, schema=schema))
    batch.timeline.add("g", 5, 1, "total", 2**31)
    with pytest.raises(OverflowError):
        rows.tables(batch)
