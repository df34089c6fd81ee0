"""The Players page's tables in headless Chromium at 800 px fit without scrolling sideways, in
Korean and English: the results tables had 583 px of columns in 566 px in Korean, 639 px in
English (the win rate's interval took two columns); the strategy profile 705 px in Korean, 742 in
English, and the English head-to-head 588 (long headers)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from application.service import open_app
from tests.dashboard.test_browser import ARTIFACTS, _settled, serving

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
    tables = [grids.nth(i) for i in range(grids.count())]  # results, ratings, h2h, profile
    assert len(tables) == 5, headers_of
    widths = []
    for table in tables:
        table.locator("canvas").first.wait_for()
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(400)
        scroller = table.locator(".dvn-scroller").first
        widths.append(scroller.evaluate("s => [s.scrollWidth, s.clientWidth]"))
    ARTIFACTS.mkdir(exist_ok=True)
    tables[0].screenshot(path=str(ARTIFACTS / f"players-table-{lang}-800.png"))
    tables[results[1]].screenshot(path=str(ARTIFACTS / f"players-results-{lang}-800.png"))
    tables[3].screenshot(path=str(ARTIFACTS / f"players-h2h-{lang}-800.png"))
    tables[4].screenshot(path=str(ARTIFACTS / f"players-profile-{lang}-800.png"))
    context.close()
    assert all(wide <= room for wide, room in widths), list(zip(headers_of, widths, strict=True))


def test_the_profile_names_what_it_counts() -> None:
    """English showed the codes ("large_indigo_plant", "settler"), Korean the names."""
    from application import i18n
    from application.view_words import Words
    from dashboard.players_ratings import item_names

    try:
        i18n.set_language("en")
        named = item_names(Words("puerto-rico"), ["large_indigo_plant", "settler", "corn"])
        assert named == ["Large Indigo Plant", "Settler", "corn"]
        i18n.set_language("ko")
        assert item_names(Words("puerto-rico"), ["large_indigo_plant"]) == ["대형 인디고 공장"]
    finally:
        i18n.set_language(None)
