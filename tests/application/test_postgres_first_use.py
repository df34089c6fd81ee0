"""PostgreSQL first use: concurrent first commands on a fresh database all succeed (the tables
are created under an advisory lock), and a store that cannot be opened gets a hint naming the
real cause, never the data folder."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from application.errors import StoreUnavailable
from application.service import NovusApp, _store_hint, open_app
from tests.pg import PostgresServer

COMMANDS = 8


@pytest.mark.parametrize("round_", range(3))
def test_concurrent_first_commands_on_a_fresh_schema(
    postgres_server: PostgresServer, tmp_path: Path, round_: int
) -> None:
    """Eight first commands at once, lined up on a barrier: each creates the tables if they
    are missing (before the lock, some failed: duplicate pg_type row, tuple concurrently
    updated)."""
    schema = f"first_use_{round_}_{id(tmp_path) % 100000}"
    postgres_server.create_schema(schema)
    env = postgres_server.env(schema)
    start = threading.Barrier(COMMANDS)
    failures: list[BaseException] = []
    games: list[str] = []

    def first_command(seed: int) -> None:
        start.wait()
        try:
            app = open_app(tmp_path, env)
        except BaseException as error:  # collected and asserted below
            failures.append(error)
            return
        try:
            games.append(str(app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")))
        finally:
            app.close()

    threads = [threading.Thread(target=first_command, args=(i,)) for i in range(COMMANDS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert failures == []
    app: NovusApp = open_app(tmp_path, env)
    try:
        assert sorted(str(g) for g in app.game_ids()) == sorted(games)
        assert len(games) == COMMANDS
    finally:
        app.close()


def test_a_postgres_store_that_cannot_be_opened_names_the_server_not_the_folder(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    env = {**postgres_server.env("nowhere"), "POSTGRES_PORT": "1", "POSTGRES_CONNECT_TIMEOUT": "2"}
    with pytest.raises(StoreUnavailable) as raised:
        open_app(tmp_path, env)
    assert "PostgreSQL server is running" in raised.value.hint
    assert "data folder" not in raised.value.hint


def test_the_hint_for_a_concurrent_creation_says_so() -> None:
    store = {"PERSISTENCE_MODULE": "eventsourcing.postgres"}
    hint = _store_hint(store, RuntimeError("tuple concurrently updated"))
    assert "at the same moment" in hint and "run the command again" in hint
    sqlite = _store_hint({"PERSISTENCE_MODULE": "eventsourcing.sqlite"}, OSError("x"))
    assert "data folder" in sqlite
