"""The statistics charts in the display language: Century's locations by name, and the
tooltips of every chart naming their columns and formatting their numbers as people read them
(found on Korean screens: 'B1-3' bars, 'win_rate 0.3333333' tooltips)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from application import i18n
from application.service import open_app
from dashboard import data, stats

GAMES = ("puerto-rico", "santa-maria", "century-new-world", "mundus-novus")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("novus-chart-words")
    app = open_app(path)
    for game in GAMES:
        app.simulate(game, 3, {}, seed=3, bot="random")
    data.refresh(app, path)
    return path


@pytest.fixture
def korean() -> Iterator[None]:
    i18n.set_language("ko")
    yield
    i18n.set_language(None)


def _rows(spec: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for rows in spec.get("datasets", {}).values() for row in rows]


@pytest.mark.usefixtures("korean")
def test_century_locations_chart_names_each_location_with_its_kind(folder: Path) -> None:
    df = stats.localized(
        "century-new-world", data.views(folder).stat_table("century-new-world", "locations")
    )
    chart = stats.chart_for("century-new-world", "locations", df)
    assert chart is not None
    shown = [row["location"] for row in _rows(chart.to_dict())]
    named = r"[A-F]1-\w+ \((생산|업그레이드|교역|마을)\)"
    assert shown and all(re.fullmatch(named, s) for s in shown), shown


def _tooltips(spec: Any) -> Iterator[dict[str, Any]]:
    """Every tooltip entry of a Vega-Lite spec (layers, facets and concatenations included)."""
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "tooltip" and isinstance(value, list):
                yield from value
            else:
                yield from _tooltips(value)
    elif isinstance(spec, list):
        for item in spec:
            yield from _tooltips(item)


LATIN = re.compile(r"[A-Za-z]{2,}")


def _charts(folder: Path) -> Iterator[tuple[str, Any]]:
    """The Games and Players pages' charts of every game, as drawn in the current language."""
    from dashboard import charts

    views = data.views(folder)
    for game in GAMES:
        for name, _title in views.stat_tables(game):
            chart = stats.chart_for(game, name, stats.localized(game, views.stat_table(game, name)))
            if chart is not None:
                yield f"{game} {name}", chart
        players = views.player_stats(game=game)
        yield f"{game} win rates", charts.win_rates(players)
        yield f"{game} seats", charts.seat_advantage(views.seat_stats(game=game))
        points = views.player_points(game=game)
        yield f"{game} points", charts.category_points(points, "player", i18n._("player"))
        scores = data.query(folder, "SELECT player, total FROM seats WHERE game = ?", [game])
        yield f"{game} scores", charts.score_distribution(scores, "player", i18n._("player"))


@pytest.mark.usefixtures("korean")
def test_every_chart_tooltip_names_its_fields_in_korean_and_formats_numbers(
    folder: Path,
) -> None:
    seen = 0
    for where, chart in _charts(folder):
        for tip in _tooltips(chart.to_dict()):
            seen += 1
            title = tip.get("title")
            assert title and not LATIN.search(str(title)), (where, tip)
            if tip.get("type") == "quantitative":
                assert tip.get("format"), (where, tip)
    assert seen > 100


def test_english_tooltips_are_words_not_column_codes(folder: Path) -> None:
    for where, chart in _charts(folder):
        for tip in _tooltips(chart.to_dict()):
            assert tip.get("title") and "_" not in str(tip["title"]), (where, tip)


def test_each_player_count_panel_shows_only_its_own_seats(folder: Path) -> None:
    """The seat chart's panels shared one axis: the 2-player panel showed seats 3 and 4."""
    from dashboard import charts

    seats = data.views(folder).seat_stats(game="puerto-rico")
    seats = seats.assign(players=[2 if s < 2 else 3 for s in seats["seat"]])
    spec = charts.seat_advantage(seats).to_dict()
    assert spec["resolve"]["scale"]["x"] == "independent"


@pytest.mark.usefixtures("korean")
def test_the_accuracy_chart_tooltip_shows_when_not_codes() -> None:
    """The Players page's accuracy chart (one game's) named the game by its code and the start
    as an ISO stamp in its tooltip."""
    import pandas as pd

    from dashboard.analysis_chart import accuracy_over_time

    frame = pd.DataFrame(
        {
            "game_id": ["g1"],
            "game": ["puerto-rico"],
            "started": ["2026-11-25T11:29:32+00:00"],
            "seat": [0],
            "player": ["민준"],
            "decisions": [40],
            "mean_loss": [0.031],
            "worst_loss": [0.2],
        }
    )
    spec = accuracy_over_time(frame).to_dict()
    fields = [t["field"] for t in _tooltips(spec)]
    assert "game" not in fields
    assert all(t.get("title") and not LATIN.search(t["title"]) for t in _tooltips(spec))
    assert [r["started"] for r in _rows(spec)] == ["2026-11-25 11:29"]
