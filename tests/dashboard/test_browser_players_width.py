"""The Players page's results tables in headless Chromium at 800 px fit without scrolling
sideways, in Korean and English: they had 583 px of columns in 566 px in Korean, 639 px in
English (the win rate's interval took two columns)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from application.service import open_app
from tests.dashboard.test_browser import ARTIFACTS, _settled, chromium, serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("novus-browser-players")
    app = open_app(folder)
    for seed in (1, 2):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    app.close()
    with serving(folder) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_results_tables_fit_at_800_px(server: str, browser: Browser, lang: str) -> None:
    context = browser.new_context(viewport={"width": 800, "height": 1000})
    page = context.new_page()
    page.goto(f"{server}/players?lang={lang}")
    _settled(page)
    grids = page.locator("[data-testid='stDataFrame']")
    grids.nth(2).locator("table th").first.wait_for(state="attached")
    page.wait_for_timeout(1000)
    headers_of = [grids.nth(i).locator("table th").all_inner_texts() for i in range(grids.count())]
    # the results tables: the first (every player) and the filtered one (with its sample)
    results = [i for i, headers in enumerate(headers_of) if len(headers) >= 8]
    assert len(results) == 2, headers_of
    tables = [grids.nth(i) for i in results]
    widths = []
    for table in tables:
        table.locator("canvas").first.wait_for()
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(400)
        scroller = table.locator(".dvn-scroller").first
        widths.append(scroller.evaluate("s => [s.scrollWidth, s.clientWidth]"))
    ARTIFACTS.mkdir(exist_ok=True)
    tables[0].screenshot(path=str(ARTIFACTS / f"players-table-{lang}-800.png"))
    tables[1].screenshot(path=str(ARTIFACTS / f"players-results-{lang}-800.png"))
    context.close()
    assert all(wide <= room for wide, room in widths), widths
