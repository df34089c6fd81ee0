"""The Players page lists people before bots: a person looks for their name among names, and
the sample games' bots (most games played) came first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from application.service import open_app
from dashboard.player_order import name_key, ordered
from domain.core import registry

PEOPLE = ["서연", "Anna", "민준"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, None]:
    """Three bot games (the bots play the most) and one table game of three people."""
    path = tmp_path_factory.mktemp("novus-people")
    app = open_app(path)
    for seed in (1, 2, 3):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    played = app.history(app.simulate("puerto-rico", 3, {}, seed=9, bot="random"))
    setup = registry.get("puerto-rico").prepare(PEOPLE, {})
    app.record_game(setup, played.steps, seed=9, source={"kind": "manual", "name": "table"})
    return path, None


def _players() -> None:
    from dashboard.pages import players_page

    players_page()


def test_people_come_first_by_name_then_the_bots_marked(env: Any) -> None:
    at = AppTest.from_function(_players, default_timeout=30).run()
    assert not at.exception
    people = sorted(PEOPLE, key=str.casefold)  # Latin before Hangul, Hangul in its order
    bots = ["Random 1", "Random 2", "Random 3"]
    assert list(at.dataframe[0].value["player"]) == [*people, *bots]
    choice = at.selectbox(key="p_player")
    assert choice.options == [*people, *(f"{b} (bot)" for b in bots)]
    assert choice.value == people[0]
    assert at.selectbox(key="r_player").options[:3] == people
    ordered = []  # the score and points charts list their players top down
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        for layer in spec.get("layer") or [spec]:
            sort = layer.get("encoding", {}).get("y", {}).get("sort")
            if isinstance(sort, list):
                ordered.append(sort)
                break
    assert len(ordered) == 2 and all(o == [*people, *bots] for o in ordered), ordered


def test_numbers_in_names_sort_as_numbers() -> None:
    assert ordered(["Bot 10", "Bot 9", "zoe", "Ann"], {"Bot 10", "Bot 9"}) == [
        "Ann",
        "zoe",
        "Bot 9",
        "Bot 10",
    ]
    assert name_key("a2") < name_key("A10")
