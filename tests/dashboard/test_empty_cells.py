"""Empty cells of the dashboard's tables show a dash, not Streamlit's English "None"."""

from __future__ import annotations

import pkgutil
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import dashboard
from application.service import open_app
from dashboard.tables import MISSING


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("novus-data")
    app = open_app(path)
    return path, [str(app.simulate("puerto-rico", 3, {}, seed=5, bot="random"))]


def _library() -> None:
    from dashboard.pages import library_page

    library_page()


def _players() -> None:
    from dashboard.pages import players_page

    players_page()


def _statistics() -> None:
    from dashboard.pages import games_page

    games_page()


@pytest.mark.parametrize("page", [_library, _players, _statistics])
def test_every_table_shows_an_empty_cell_as_a_dash(
    env: list[str], page: Callable[[], None]
) -> None:
    """The Players page's tables read "None" where a value was missing (a rating not yet
    computed, a rate of no games), in English on Korean pages too."""
    at = AppTest.from_function(page, default_timeout=30).run()
    assert not at.exception
    assert at.dataframe
    assert [t.proto.placeholder for t in at.dataframe] == [MISSING] * len(at.dataframe)


def test_no_page_draws_a_table_around_the_one_way() -> None:
    """A table drawn by `st.dataframe` itself would show "None" again."""
    root = Path(dashboard.__file__).parent
    direct = [
        info.name
        for info in pkgutil.walk_packages(dashboard.__path__, "dashboard.")
        if info.name != "dashboard.tables"
        and not info.ispkg
        and "st.dataframe("
        in (root / (info.name.split(".", 1)[1].replace(".", "/") + ".py")).read_text()
    ]
    assert not direct, direct
