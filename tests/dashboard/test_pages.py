"""AppTest runs of each page against a temp data folder with simulated games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from streamlit.testing.v1 import AppTest

from application.service import open_app

APP = str(Path(__file__).resolve().parents[2] / "dashboard" / "app.py")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("novus-data")
    app = open_app(path)
    ids = [str(app.simulate("puerto-rico", n, {}, seed=n, bot="random")) for n in (3, 4)]
    return path, ids


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


def _payload(at: AppTest) -> dict[str, Any]:
    """The data the replay component received in this run."""
    (component,) = at.get("bidi_component")
    data: dict[str, Any] = json.loads(component.proto.json)
    return data


def _step(at: AppTest) -> str:
    value = at.query_params["step"]
    return value[0] if isinstance(value, list) else value


def test_replay_sends_the_whole_game_once_at_the_step_in_the_url(env: list[str]) -> None:
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[1]
    at.query_params["step"] = "5"
    at.run()
    assert not at.exception and not at.warning
    data = _payload(at)
    last = data["last"]
    assert _step(at) == "5" and "step" not in data  # the browser reads the checked address
    assert len(data["boards"]) == last + 1 and len(data["moves"]) == last
    board = "".join(data["pieces"][i] for i in data["boards"][5])
    assert "Random 1" in board
    seat, others = data["decisions"][5]
    assert data["moves"][5][1] == seat and others
    assert all(":" not in text.split()[0] for text in [data["moves"][5][2], *others])
    assert data["players"][seat] in others[0]
    ranks = [p["rank"] for p in data["ranking"]]
    assert data["finished"] and ranks[0] == 1 and ranks == sorted(ranks)
    assert data["charts"][0]["title"] == "Score over time"
    assert len(data["charts"][0]["svgs"]) == 4  # one panel per seat


def test_replay_fixes_a_step_past_the_end_or_not_a_number_in_the_address(env: list[str]) -> None:
    """The component starts at the step in the address: the page corrects it first."""
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[1]
    at.query_params["step"] = "9999"
    at.run()
    last = _payload(at)["last"]
    assert not at.warning and _step(at) == str(last)
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[1]
    at.query_params["step"] = "abc"
    at.run()
    assert not at.exception
    assert "'abc'" in at.warning[0].value and "not a number" in at.warning[0].value
    assert _step(at) == "0"
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[1]
    at.run()
    assert _step(at) == "0"


def test_charts_added_under_the_board_reach_the_browser(
    env: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dashboard import pages, step_charts

    def win_chance(game: object, viewer: int | None, last: int) -> list[step_charts.ChartGroup]:
        line = step_charts.Series("Random 1", "#123456", [(0, 0.25), (last, 1.0)])
        return [step_charts.line_group("Win chance", [line], last)]

    monkeypatch.setattr(pages, "under_board", win_chance)
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[1]
    at.run()
    charts = _payload(at)["charts"]
    assert [c["title"] for c in charts] == ["Score over time", "Win chance"]
    assert "#123456" in charts[1]["svgs"][0] and charts[1]["legend"] == [["Random 1", "#123456"]]


def test_a_seat_view_says_why_the_win_chance_chart_is_left_out(
    env: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose chances use hidden cards: another seat's view draws no chart and says why
    (the chart used to vanish without a word); the observer's view draws it and says nothing."""
    from dashboard import pages

    def hidden(game: object) -> dict[str, object]:
        last = int(_payload(observer)["last"])
        steps = [{"step": k, "win_chances": [0.5, 0.5]} for k in range(last + 1)]
        return {"game": "mundus-novus", "steps": steps, "turning_points": []}

    observer = AppTest.from_function(_replay, default_timeout=30)
    observer.query_params["game"] = env[1]
    observer.run()
    monkeypatch.setattr(pages, "game_analysis", hidden)
    seat = AppTest.from_function(_replay, default_timeout=30)
    seat.query_params["game"] = env[1]
    seat.query_params["seat"] = "1"  # the first player (seats counted from 1)
    seat.run()
    assert not seat.exception
    assert any("observer's view only" in c.value for c in seat.caption)
    assert [c["title"] for c in _payload(seat)["charts"]] == ["Score over time"]
    assert pages.chart_withheld(UUID(env[1]), 0, int(_payload(seat)["last"]))
    assert not pages.chart_withheld(UUID(env[1]), None, int(_payload(seat)["last"]))


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
    assert len(at.get("vega_lite_chart")) >= 4


def _table_with(at: AppTest, *columns: str) -> Any:
    """The first dataframe on the page with these columns (tables are found by what they hold)."""
    return next(d.value for d in at.dataframe if set(columns) <= set(d.value.columns))


def test_players_page_ratings_filters_head_to_head_and_profile(env: list[str]) -> None:
    at = AppTest.from_function(_players, default_timeout=30).run()
    assert not at.exception
    board = _table_with(at, "ordinal")
    assert set(board["player"]) == {"Random 1", "Random 2", "Random 3", "Random 4"}
    assert list(board["ordinal"]) == sorted(board["ordinal"], reverse=True)
    results = _table_with(at, "win_rate_interval", "sample")
    assert dict(zip(results["player"], results["games"], strict=True))["Random 1"] == 2
    assert (results["sample"] == "few games").all()  # 1-2 games each: marked as such
    for span, rate in zip(results["win_rate_interval"], results["win_rate"], strict=True):
        low, high = (int(end) for end in span.rstrip("%").split("–"))  # "21–62%"
        assert low <= round(rate) <= high
    at.multiselect(key="r_counts").select(4).run()
    results = _table_with(at, "win_rate_interval", "sample")
    assert set(results["games"]) == {1} and len(results) == 4  # only the 4-player game
    at.selectbox(key="r_player").select("Random 4").run()
    rivals = _table_with(at, "opponent")
    assert set(rivals["opponent"]) == {"Random 1", "Random 2", "Random 3"}
    assert (rivals["games"] == 1).all()
    assert (rivals["ahead"] + rivals["behind"] + rivals["level"] == 1).all()
    profile = _table_with(at, "player_share")
    assert {"player_share", "field_share", "player_win_rate"} <= set(profile.columns)
    at.toggle(key="r_bots").set_value(False).run()
    assert _table_with(at, "ordinal").empty  # every player here is a bot


def test_players_tables_show_every_rate_as_a_whole_percent(env: list[str]) -> None:
    """Streamlit's "percent" preset showed '33.33%' beside '70%': every share on the Players
    page is a whole percent, the values scaled to match the format."""
    from dashboard.players_ratings import PERCENT_COLUMNS

    at = AppTest.from_function(_players, default_timeout=30).run()
    assert not at.exception
    seen = set()
    for table in at.dataframe:
        config = json.loads(table.proto.columns)
        formats = {c: config.get(c, {}).get("type_config", {}).get("format") for c in config}
        assert "percent" not in formats.values()
        for column in set(PERCENT_COLUMNS) & set(table.value.columns):
            assert formats[column] == "%.0f%%", column
            values = table.value[column].dropna()
            assert ((values >= 0) & (values <= 100)).all()
            seen.add(column)
        if "win_rate" in table.value.columns:
            frame = table.value
            expected = 100 * frame["wins"] / frame["games"]
            assert (frame["win_rate"] - expected).abs().max() < 1e-9
            assert (frame["win_rate"] > 1).any()  # scaled: a share of 0.5 would show '1%'
    assert {"win_rate", "player_share"} <= seen
    intervals = [
        t.value["win_rate_interval"] for t in at.dataframe if "win_rate_interval" in t.value
    ]
    assert intervals and all(s.endswith("%") for i in intervals for s in i)  # whole percents


def test_replay_takes_an_id_prefix_and_reports_unknown_ids(env: list[str]) -> None:
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[1][:8]
    at.run()
    assert not at.exception and not at.error
    assert at.query_params["game"] == [env[1]] or at.query_params["game"] == env[1]
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = "ffffffff"
    at.run()
    assert not at.exception
    assert "no game" in at.error[0].value.lower()


def test_replay_of_a_game_the_engine_no_longer_accepts_is_an_error_not_a_traceback(
    env: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from domain.core import registry
    from domain.core.errors import IllegalAction

    rules = registry.get("puerto-rico")
    original = rules.apply
    calls = {"n": 0}

    def stricter(state: object, step: object) -> object:
        calls["n"] += 1
        if calls["n"] > 10:
            raise IllegalAction("role:settler", 0, ["pass"])
        return original(state, step)

    monkeypatch.setattr(rules, "apply", stricter)
    at = AppTest.from_function(_replay, default_timeout=30)
    at.query_params["game"] = env[0]
    at.run()
    assert not at.exception
    message = at.error[0].value
    assert "does not replay with the installed rules" in message
    assert "novus verify" in message


def test_library_shows_who_won_and_played_before_the_long_columns(env: list[str]) -> None:
    """At 800 px the wide 'variant' column (third) pushed names and winners off-screen, then
    the table scrolled sideways after the player count: it shows the link, date, game, winner
    and names in 568 px (the room at 800 px), "Every column" the rest, long ones capped."""
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception
    table = at.dataframe[0].proto
    assert list(table.column_order) == ["open", "date", "game", "winner", "names"]
    config = json.loads(table.columns)
    assert sum(config[c]["width"] for c in table.column_order) <= 568
    at.toggle(key="f_columns").set_value(True).run()
    table = at.dataframe[0].proto
    order = list(table.column_order)
    assert order[:5] == ["open", "date", "game", "winner", "names"]
    assert order.index("variant") > order.index("steps")
    assert set(order) == set(at.dataframe[0].value.columns)
    config = json.loads(table.columns)
    for long in ("variant", "id"):
        assert config[long]["width"] == "medium", long
