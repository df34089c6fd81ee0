"""The PostgreSQL test server: real, and a clear failure (never a skip) when it cannot run."""

from __future__ import annotations

import pytest

from tests import pg


def test_missing_binaries_is_an_error_that_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pg, "PG_GLOB", "/nonexistent/postgresql/*/bin")
    with pytest.raises(pg.PostgresUnavailable, match=r"install\.sh --dev.*never skipped"):
        pg.start()


def test_the_session_server_is_a_real_postgresql(postgres_server: pg.PostgresServer) -> None:
    with postgres_server.connect() as conn:
        row = conn.execute("SHOW server_version_num").fetchone()
    assert row is not None and int(str(row[0])) >= 150000
