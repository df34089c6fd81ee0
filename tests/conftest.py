"""Shared fixtures: a real PostgreSQL server for the session, stores to run tests on, a toy game.

`postgres_env` gives a fresh, empty PostgreSQL schema per test as the env dict for
`open_app(data_dir, env)`; `store_env` is parametrised over SQLite and PostgreSQL. The server is
started from Debian's binaries in a temporary folder; if they are missing the tests that need
it FAIL with a message saying how to install them (never a silent skip).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from domain.core import registry

PG_GLOB = "/usr/lib/postgresql/*/bin"
TOY_GAME = "toy-pig"
TOY_MODULE = "tests.application.toy_game"


@dataclass(frozen=True)
class PostgresServer:
    """A running server reachable over its socket folder."""

    host: str
    port: int
    user: str = "postgres"
    dbname: str = "postgres"

    def env(self, schema: str = "") -> dict[str, str]:
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": self.dbname,
            "POSTGRES_HOST": self.host,
            "POSTGRES_PORT": str(self.port),
            "POSTGRES_USER": self.user,
            "POSTGRES_PASSWORD": "",
            "POSTGRES_POOL_SIZE": "4",
        }
        if schema:
            env["POSTGRES_SCHEMA"] = schema
        return env

    def connect(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(
            host=self.host, port=self.port, user=self.user, dbname=self.dbname, autocommit=True
        )


def _pg_bin() -> Path:
    found = sorted(glob.glob(f"{PG_GLOB}/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        pytest.fail(
            "PostgreSQL server binaries not found (looked for /usr/lib/postgresql/*/bin/initdb). "
            "Install them with `bash scripts/install.sh --dev` (apt-get install postgresql); "
            "the store tests run on a real PostgreSQL server and are never skipped.",
            pytrace=False,
        )
    return Path(found[-1]).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _run(cmd: list[str], as_postgres: bool) -> None:
    if as_postgres:
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.fail(
            f"PostgreSQL start-up step failed: {' '.join(cmd)}\n{done.stdout}\n{done.stderr}",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for the whole session, in a temporary folder."""
    bindir = _pg_bin()
    as_root = os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="novus-pg-"))
    if as_root:
        try:
            entry = pwd.getpwnam("postgres")
        except KeyError:
            pytest.fail(
                "running as root but there is no `postgres` user to run the server as; "
                "install Debian's postgresql package (bash scripts/install.sh --dev)",
                pytrace=False,
            )
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    port = _free_port()
    data = folder / "data"
    user = "postgres" if as_root else pwd.getpwuid(os.geteuid()).pw_name
    _run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", user], as_root)
    pg_ctl = str(bindir / "pg_ctl")
    options = f"-p {port} -k {folder} -c listen_addresses='' -c fsync=off"
    log = str(folder / "log")
    _run([pg_ctl, "-D", str(data), "-o", options, "-l", log, "-w", "start"], as_root)
    try:
        yield PostgresServer(host=str(folder), port=port, user=user)
    finally:
        runner = ["runuser", "-u", "postgres", "--"] if as_root else []
        subprocess.run(
            [*runner, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(folder, ignore_errors=True)


_schemas = itertools.count(1)


@pytest.fixture
def postgres_env(postgres_server: PostgresServer) -> dict[str, str]:
    """Env for `open_app` on a fresh, empty schema of the session's PostgreSQL server."""
    schema = f"novus_test_{os.getpid()}_{next(_schemas)}"
    with postgres_server.connect() as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return postgres_server.env(schema)


@pytest.fixture(params=["sqlite", "postgres"])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """The env for `open_app`: SQLite in the test's data folder, or real PostgreSQL."""
    if request.param == "postgres":
        env: dict[str, str] = request.getfixturevalue("postgres_env")
        return env
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite"}


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Registers the Pig test engine (`tests/application/toy_game.py`) as a real game."""
    monkeypatch.setitem(registry._ENGINES, TOY_GAME, TOY_MODULE)
    registry.get.cache_clear()
    yield TOY_GAME
    registry.get.cache_clear()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "postgres_env" in getattr(item, "fixturenames", ()) or "[postgres" in item.name:
            item.add_marker(pytest.mark.postgres)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """No collected tests is a broken run, never a pass or a 'nothing to do' (exit code 5)."""
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
