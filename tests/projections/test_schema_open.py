"""Opening a current projector file makes nothing (one catalog read, no CREATE, no mark
written); a missing table is made alone; a reset's new ratings tables read nothing back."""

from __future__ import annotations

from typing import Any

import duckdb

from projections import ratings, schema


class _Logged:
    """A DuckDB connection that keeps the statements it is given."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.statements: list[str] = []

    def execute(self, query: str, *args: Any) -> Any:
        self.statements.append(" ".join(query.split()))
        return self.con.execute(query, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.con, name)


def _made(logged: _Logged) -> list[str]:
    return [s for s in logged.statements if s.startswith(("CREATE", "INSERT", "UPDATE"))]


def test_a_current_file_is_opened_without_creating_or_writing() -> None:
    con = duckdb.connect()
    schema.create(con)
    tables = ratings.existing(con)
    logged = _Logged(con)
    schema.create(logged)  # type: ignore[arg-type]
    assert _made(logged) == []
    assert ratings.existing(con) == tables
    assert len(logged.statements) <= 3


def test_a_missing_table_is_made_alone_and_the_marks_follow_the_version(
    monkeypatch: Any,
) -> None:
    con = duckdb.connect()
    schema.create(con)
    con.execute(f"DROP TABLE {ratings.LATEST}")
    con.execute("DROP TABLE takebacks")
    monkeypatch.setattr(schema, "SCHEMA_VERSION", "test")
    logged = _Logged(con)
    schema.create(logged)  # type: ignore[arg-type]
    made = _made(logged)
    assert [s.split(" (")[0] for s in made if s.startswith("CREATE")] == [
        "CREATE TABLE takebacks",
        f"CREATE TABLE {ratings.LATEST}",
    ]
    assert any(s.startswith(f"INSERT INTO {ratings.LATEST} SELECT") for s in made)  # filled
    assert con.execute("SELECT value FROM marks WHERE key = 'schema_version'").fetchall() == [
        ("test",)
    ]


def test_new_ratings_tables_beside_new_seats_read_nothing_back() -> None:
    """A reset (every table dropped, then made): the pending list and the latest ratings are
    not filled from the (new, empty) seats and history."""
    con = duckdb.connect()
    schema.create(con)
    con.execute("BEGIN")
    schema.drop(con, views=False)
    logged = _Logged(con)
    schema.create(logged, views=False)  # type: ignore[arg-type]
    con.execute("COMMIT")
    assert not [s for s in _made(logged) if "SELECT" in s and s.startswith("INSERT INTO ratings")]
    assert ratings.existing(con) >= {ratings.TABLE, ratings.PENDING, ratings.LATEST, "seats"}


def test_a_reset_makes_every_table_again_empty_in_one_statement_each() -> None:
    """`remake` (a rebuild's reset): every table is there again and empty, the views still
    read them, the marks keep `views` and get the version and the given marks; one
    `CREATE OR REPLACE TABLE` a table, no drop, no catalog read."""
    con = duckdb.connect()
    schema.create(con)
    con.execute("INSERT INTO tracking VALUES ('app', 7)")
    con.execute(f"INSERT INTO {ratings.PENDING} VALUES ('g1')")
    con.execute("INSERT INTO publish_dirty VALUES ('g1')")
    con.execute("INSERT INTO marks VALUES ('publish_lineage', 'x'), ('store', 'old')")
    tables = ratings.existing(con)
    views = schema.read_marks(con)["views"]
    logged = _Logged(con)
    con.execute("BEGIN")
    schema.remake(logged, {"store": "new"})  # type: ignore[arg-type]
    con.execute("COMMIT")
    assert ratings.existing(con) == tables
    for name in tables - {"marks"}:
        assert con.execute(f"SELECT count(*) FROM {name}").fetchall() == [(0,)], name
    assert schema.read_marks(con) == {
        "views": views,
        "schema_version": schema.SCHEMA_VERSION,
        "store": "new",
    }
    assert con.execute("SELECT count(*) FROM player_ratings").fetchall() == [(0,)]
    made = [s for s in logged.statements if s.startswith("CREATE OR REPLACE TABLE")]
    assert len(made) == len(tables) - 1  # all but the marks
    assert not [s for s in logged.statements if s.startswith("DROP") or "duckdb_" in s]
