"""The Play page's setup options in headless Chromium at 800 px: every option's chosen value and
every value in its list is whole, in Korean and English. Puerto Rico's "game end by colonists"
read '이주민 소진 또는 선박 부족 (한국어 규칙' (its rulebook cut off): 260 px of text in 242.
The labels are shorter now; the option's help says the rule whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from application.service import open_app
from tests.dashboard.test_browser import ARTIFACTS, _settled, serving

pytestmark = pytest.mark.browser

CUT = "es => es.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("novus-browser-play-options")
    open_app(folder).close()
    with serving(folder) as base:
        yield base


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_option_value_is_whole_at_800_px(server: str, browser: Browser, lang: str) -> None:
    context = browser.new_context(viewport={"width": 800, "height": 1400})
    page = context.new_page()
    page.goto(f"{server}/play?lang={lang}")
    _settled(page)
    boxes = page.locator("[data-testid='stSelectbox'] input")
    boxes.nth(7).wait_for()  # the language, the game and Puerto Rico's six options
    page.wait_for_timeout(300)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play-options-{lang}-800.png"))
    widths = boxes.evaluate_all("es => es.map(e => [e.value, e.scrollWidth, e.clientWidth])")
    assert len(widths) == 8, widths
    cut = [value for value, wide, room in widths if wide > room + 1]
    cut_in_lists = []
    for index in range(2, len(widths)):  # every value in each option's open list
        boxes.nth(index).click()
        listed = page.locator("[role='option'] [data-item-hl]")
        listed.first.wait_for()
        page.wait_for_timeout(200)
        if index == 6:
            page.screenshot(path=str(ARTIFACTS / f"play-options-colonists-{lang}-800.png"))
        cut_in_lists += listed.evaluate_all(CUT)
        page.keyboard.press("Escape")
        page.wait_for_timeout(200)
    context.close()
    assert not cut, cut  # the values chosen, as the boxes show them
    assert not cut_in_lists, cut_in_lists
