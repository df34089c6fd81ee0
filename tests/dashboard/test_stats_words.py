"""The Statistics page's charts and tables name what they count in the display language: no
column code in a legend, no stored code left in a row (found on a Korean screen at 800 px)."""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd
import pytest

from application import i18n
from application.view_words import Words
from dashboard import charts


@pytest.fixture
def korean() -> Iterator[None]:
    i18n.set_language("ko")
    yield
    i18n.set_language(None)


def _measures(chart: object) -> list[str]:
    spec = chart.to_dict()  # type: ignore[attr-defined]
    rows = next(iter(spec["datasets"].values()))
    return list(dict.fromkeys(row["measure"] for row in rows))


@pytest.mark.usefixtures("korean")
def test_grouped_bars_legend_names_the_measures_in_korean() -> None:
    """Puerto Rico's goods and points charts: the legend read `produced`, `average_of_winners`."""
    goods = pd.DataFrame(
        {"good": ["옥수수"], "produced": [5], "traded": [1], "shipped": [3], "spoiled": [1]}
    )
    chart = charts.grouped(goods, "good", ["produced", "traded", "shipped", "spoiled"], "통")
    measures = _measures(chart)
    assert measures == ["생산량", "판매량", "수출량", "버린 양"]  # the rulebook's 판매, 수출
    title = i18n._("Goods produced, traded, shipped and spoiled")  # its heading says the same
    assert all(m in title for m in measures), title
    points = pd.DataFrame({"category": ["건물"], "average": [10.0], "average_of_winners": [12.0]})
    chart = charts.grouped(points, "category", ["average", "average_of_winners"], "점수")
    assert _measures(chart) == ["평균", "승자 평균"]
    assert chart.to_dict()["encoding"]["color"]["sort"] == ["평균", "승자 평균"]


def test_grouped_bars_legend_in_english_reads_words() -> None:
    points = pd.DataFrame({"category": ["buildings"], "average": [1.0], "average_of_winners": [2]})
    chart = charts.grouped(points, "category", ["average", "average_of_winners"], "points")
    assert _measures(chart) == ["average", "average of winners"]


@pytest.mark.usefixtures("korean")
def test_special_shipping_dock_and_coronado_are_words() -> None:
    """Santa Maria's `Shipping by dock` showed `dock x3` (the expansion's special tile shipped to
    dock 3), Mundus Novus's `Doubloons by source` showed `coronado` (what Coronado paid)."""
    assert Words("santa-maria").value("dock 3") == "3번 부두"
    special = Words("santa-maria").value("dock x3")
    assert special == "3번 부두 (특별)"  # short: the chart's labels are cut at 800 px
    assert Words("mundus-novus").value("coronado") == "프란시스코 데 코로나도"


def test_bar_names_are_drawn_wide_enough_to_tell_apart() -> None:
    """Mundus Novus's `Personalities taken` cut both Franciscos to '프란시스코 데 …' at 800 px."""
    names = pd.DataFrame(
        {"personality": ["프란시스코 데 오레야나", "프란시스코 데 코로나도"], "seats": [4, 3]}
    )
    axis = charts.bar(names, "seats", "personality", "자리").to_dict()["encoding"]["y"]["axis"]
    assert axis["labelLimit"] >= 160, axis


@pytest.mark.usefixtures("korean")
def test_mundus_novus_trade_charts_count_seats_from_one_and_name_the_cards() -> None:
    """`Trade master` counted seats from 0 under a page whose seat charts count from 1, and
    `Cards declared` labelled its bars '3', '2', '4' (3 what?)."""
    from dashboard.stats import chart_for

    master = pd.DataFrame({"seat": [1, 0], "trades_won": [52, 33]})
    spec = chart_for("mundus-novus", "trade_master", master).to_dict()  # type: ignore[union-attr]
    rows = next(iter(spec["datasets"].values()))
    assert {row["seat"] for row in rows} == {"1", "2"}
    assert spec["encoding"]["x"]["title"] == "이긴 교역 (자리 1 = 시작 플레이어)"
    declared = pd.DataFrame({"cards": [2, 3], "trades": [44, 45]})
    spec = chart_for("mundus-novus", "declared", declared).to_dict()  # type: ignore[union-attr]
    rows = next(iter(spec["datasets"].values()))
    assert [row["cards"] for row in rows] == ["2장", "3장"]
