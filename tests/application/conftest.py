"""Fixtures of the application tests: an app on each store, with the toy game registered."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from application.service import NovusApp, open_app


@pytest.fixture
def make_app(
    tmp_path: Path, store_env: dict[str, str], toy_game: str
) -> Iterator[Callable[[], NovusApp]]:
    """Opens apps on the same store (SQLite file or PostgreSQL schema); closes them after."""
    opened: list[NovusApp] = []

    def make() -> NovusApp:
        app = open_app(tmp_path / "data", store_env)
        opened.append(app)
        return app

    yield make
    for app in opened:
        app.close()


@pytest.fixture
def app(make_app: Callable[[], NovusApp]) -> NovusApp:
    return make_app()
