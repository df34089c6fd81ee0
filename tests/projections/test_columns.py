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
