"""Statistics charts at 800 px in headless Chromium: the win rate by seat had one panel per
player count in a row, and with three or more counts the last ran off the page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from application.service import open_app
from tests.dashboard.test_browser import ARTIFACTS, _settled, chromium, serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("novus-charts")
    app = open_app(folder)
    for players in (2, 3, 4, 5):
        app.simulate("puerto-rico", players, {}, seed=players, bot="random")
    app.close()
    with serving(folder) as url:
        yield url


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with chromium() as browser:
        yield browser.new_page(viewport={"width": 800, "height": 1000})


@pytest.mark.parametrize("where", ["games", "players"])
def test_win_rate_by_seat_fits_800_px(base: str, page: Page, where: str) -> None:
    page.set_viewport_size({"width": 800, "height": 1000})
    page.goto(f"{base}/{where}")
    _settled(page)
    chart = page.locator(
        "[data-testid='stVegaLiteChart']", has=page.get_by_text("seat (1 = first player)")
    ).first
    chart.wait_for(timeout=30_000)
    chart.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    drawn = chart.locator("svg, canvas").first.bounding_box()
    main = page.locator(
        "[data-testid='stMain'] [data-testid='stMainBlockContainer']"
    ).bounding_box()
    assert drawn and main
    ARTIFACTS.mkdir(exist_ok=True)
    chart.screenshot(path=str(ARTIFACTS / f"seat-advantage-{where}-800.png"))
    assert drawn["x"] + drawn["width"] <= main["x"] + main["width"] + 1, (drawn, main)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_games_page_figures_keep_their_labels_at_800_px(
    base: str, page: Page, lang: str
) -> None:
    """Five figures in one row cut "Average winning score" (and "승자 평균 점수") at 800 px."""
    page.set_viewport_size({"width": 800, "height": 1000})
    page.goto(f"{base}/games?lang={lang}")
    _settled(page)
    labels = page.locator("[data-testid='stMetricLabel'] [data-testid='stMarkdownContainer']")
    labels.first.wait_for(timeout=30_000)
    assert labels.count() == 6  # games stored, then the chosen game's five
    cut = [
        e.inner_text() for e in labels.all() if e.evaluate("e => e.scrollWidth > e.clientWidth + 1")
    ]
    page.screenshot(path=str(ARTIFACTS / f"games-figures-{lang}-800.png"))
    assert not cut, cut
