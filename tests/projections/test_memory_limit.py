"""The projector's DuckDB connection has a memory limit: a rebuild's peak memory is bounded
whatever the store's size (DuckDB's default is 80% of the machine's memory)."""

from __future__ import annotations

from pathlib import Path

import duckdb

from projections.view import MEMORY_LIMIT, DuckDBView


def test_the_projector_connection_has_the_memory_limit(tmp_path: Path) -> None:
    view = DuckDBView(tmp_path / "views-projector.duckdb")
    try:
        (limit,) = view.con.execute("SELECT current_setting('memory_limit')").fetchone() or ("",)
    finally:
        view.close()
    reference = duckdb.connect()
    default = reference.execute("SELECT current_setting('memory_limit')").fetchone()
    reference.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
    (expected,) = reference.execute("SELECT current_setting('memory_limit')").fetchone() or ("",)
    reference.close()
    assert limit == expected
    assert (limit,) != default
