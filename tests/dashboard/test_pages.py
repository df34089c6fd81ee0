"""AppTest runs of each page against a temp data folder with simulated games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from application.service import open_app

APP = str(Path(__file__).resolve().parents[2] / "dashboard" / "app.py")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("novus-data")
    app = open_app(path)
    ids = [str(app.simulate("puerto-rico", n, {}, seed=n, bot="random")) for n in (3, 4)]
    return path, ids


@pytest.fixture
def env(folder: tuple[Path, list[str]], monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    monkeypatch.setenv("NOVUS_DATA_DIR", str(folder[0]))
    st.cache_data.clear()
    st.cache_resource.clear()
    yield folder[1]
    st.cache_data.clear()
    st.cache_resource.clear()


def test_library_lists_games_and_filters(env: list[str]) -> None:
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Library"
    assert "2 of 2 games" in at.caption[0].value
    at.multiselect(key="f_players").select(4).run()
    assert "1 of 2 games" in at.caption[0].value
    assert list(at.dataframe[0].value["id"]) == [env[1]]
    at.text_input(key="f_search").input("no such player").run()
    assert "0 of 2 games" in at.caption[0].value
    at.text_input(key="f_search").input("").run()
    at.multiselect(key="f_players").unselect(4).run()
    at.selectbox(key="f_player").select("Random 4").run()
    assert "1 of 2 games" in at.caption[0].value


def _replay() -> None:
    from dashboard.pages import replay_page

    replay_page()


def test_replay_reads_the_url_and_steps_forward(env: list[str]) -> None:
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[1]
    at.query_params["step"] = "5"
    at.run()
    assert not at.exception
    assert "Step 5 / " in at.markdown[0].value
    board = at.get("html")[0].proto.body
    assert "Random 1" in board
    assert any(b.proto.type == "primary" and b.label.startswith("5. ") for b in at.button)
    assert any(c.value.startswith("Also legal: ") for c in at.caption)
    at.button(key="next").click().run()
    assert "Step 6 / " in at.markdown[0].value
    assert at.query_params["step"] in ("6", ["6"])
    assert at.get("html")[0].proto.body != board
    chart = at.get("vega_lite_chart")[0].proto.spec
    assert '"player"' in chart and '"datum": 6' in chart
    at.button(key="round").click().run()
    assert "round 2" in at.markdown[0].value and "Step 6 / " not in at.markdown[0].value
    at.button(key="round_back").click().run()
    assert "Step 0 / " in at.markdown[0].value and "round 1" in at.markdown[0].value
    at.button(key="first").click().run()
    assert "Step 0 / " in at.markdown[0].value
    at.button(key="move_3").click().run()
    assert "Step 3 / " in at.markdown[0].value


def _games() -> None:
    from dashboard.pages import games_page

    games_page()


def test_games_page_counts_games(env: list[str]) -> None:
    at = AppTest.from_function(_games, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Games"
    assert at.metric[0].value == "2"
    assert [m.label for m in at.metric[1:3]] == ["Games", "Finished"]
    assert at.metric[2].value == "2"
    subheaders = [h.value for h in at.subheader]
    assert "Seat advantage (win rate by seat; dashed: a fair share)" in subheaders
    assert "Role picks" in subheaders and "Buildings bought and winning" in subheaders
    specs = [c.proto.spec for c in at.get("vega_lite_chart")]
    assert len(specs) >= 6
    roles = next(d.value for d in at.dataframe if list(d.value.columns)[:2] == ["role", "picks"])
    assert set(roles["role"]) >= {"settler", "mayor", "builder", "craftsman", "trader", "captain"}
    assert roles["picks"].sum() > 20


def _players() -> None:
    from dashboard.pages import players_page

    players_page()


def test_players_page(env: list[str]) -> None:
    at = AppTest.from_function(_players, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Players"
    table = at.dataframe[0].value
    # 3 + 4 random bots named "Random 1".."Random 4": seats 1-3 played both games
    assert dict(zip(table["player"], table["games"], strict=True)) == {
        "Random 1": 2,
        "Random 2": 2,
        "Random 3": 2,
        "Random 4": 1,
    }
    assert table["wins"].sum() >= 2
    assert at.subheader[2].value == f"{table['player'].iloc[0]}: results by seat"
    at.selectbox(key="p_player").select("Random 4").run()
    assert at.subheader[2].value == "Random 4: results by seat"
    assert len(at.get("vega_lite_chart")) == 4
