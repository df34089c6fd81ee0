"""Shared fixtures: a real PostgreSQL server for the session, stores to run tests on, a toy game.

`postgres_env` gives a fresh, empty PostgreSQL schema per test as the env dict for
`open_app(data_dir, env)`; `store_env` is parametrised over SQLite and PostgreSQL. The server is
started from Debian's binaries in a temporary folder; if they are missing the tests that need
it FAIL with a message saying how to install them (never a silent skip).

Hypothesis: `HYPOTHESIS_PROFILE=ci` (set by `.ci/run`) replays the same examples every run, so
a landing never depends on which random games were drawn; a plain run explores new ones.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

from domain.core import registry
from tests import pg
from tests.pg import PostgresServer

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

TOY_GAME = "toy-pig"
TOY_MODULE = "tests.application.toy_game"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for the whole session, in a temporary folder."""
    try:
        server = pg.start()
    except pg.PostgresUnavailable as error:
        pytest.fail(str(error), pytrace=False)
    try:
        yield server
    finally:
        pg.stop(server)


_schemas = itertools.count(1)


@pytest.fixture
def postgres_env(postgres_server: PostgresServer) -> dict[str, str]:
    """Env for `open_app` on a fresh, empty schema of the session's PostgreSQL server."""
    schema = f"novus_test_{os.getpid()}_{next(_schemas)}"
    postgres_server.create_schema(schema)
    return postgres_server.env(schema)


@pytest.fixture(autouse=True)
def _english_between_tests() -> Iterator[None]:
    """A CLI run in this process with `--lang ko` leaves Korean chosen (a context variable of the
    main thread); the next test would read Korean where it expects English. Choose none again."""
    yield
    from application import i18n

    i18n.set_language(None)


@pytest.fixture(autouse=True)
def _restore_main_module() -> Iterator[None]:
    """Streamlit's AppTest leaves its script as `__main__`; a later test that starts worker
    processes (spawn re-runs `__main__` in the child) would then run that script. Put it back."""
    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main


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
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(
                "no tests ran: that is a failure here (check the paths and -k/-m filters)",
                red=True,
            )
