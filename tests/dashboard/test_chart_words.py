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
