"""End to end in headless Chromium: a Mundus Novus replay opened from a `&seat=` link shows that
seat's view (other hands face down); switching to the observer shows every hand."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest
from playwright.sync_api import Page

from application.service import open_app
from domain.core.protocol import Decision
from tests.dashboard.test_browser import _settled, _shot, serving
from tests.dashboard.test_browser import page as page  # the fixture

pytestmark = pytest.mark.browser


def _dealt_step(folder: Path, game: str) -> int:
    """A position where every seat holds cards."""
    app = open_app(folder)
    timeline = app.timeline(UUID(game))
    rules = timeline.rules
    state = rules.initial_state(timeline.setup)
    for number, step in enumerate(timeline.steps):
        if isinstance(step, Decision) and all(sum(s.hand) for s in state.seats):
            return number
        state = rules.apply(state, step)
    raise AssertionError("no position with every hand dealt")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, int]]:
    folder = tmp_path_factory.mktemp("novus-browser-mn")
    game = str(open_app(folder).simulate("mundus-novus", 3, {"pack": "synthetic"}, seed=4))
    step = _dealt_step(folder, game)
    with serving(folder) as base:
        yield base, game, step


def _hands(tab: Page) -> list[str]:
    board = tab.locator(".nv-board").inner_html()
    return re.findall(r"hand: (.*?)</div>", board)


def test_seat_link_then_observer(server: tuple[str, str, int], page: Page) -> None:
    base, game, step = server
    page.goto(f"{base}/replay?game={game}&step={step}&seat=2")  # the second player
    _settled(page)
    page.get_by_text(f"Step {step} / ").wait_for()
    hands = _hands(page)
    assert ["hidden" in h for h in hands] == [True, False, True]
    _shot(page, "replay-mundus-novus-seat1.png", 2000)
    select = page.locator("[data-testid='stSelectbox']").filter(has_text="View as")
    select.locator("input").click()
    page.locator("[role='option']").filter(has_text="Observer").first.click()
    _settled(page)
    page.wait_for_function("!window.location.search.includes('seat=')")
    for _ in range(50):  # the address changes before the new board is drawn (a loaded machine)
        if not any("hidden" in h for h in _hands(page)):
            break
        page.wait_for_timeout(200)
    assert not any("hidden" in h for h in _hands(page))
    _shot(page, "replay-mundus-novus-observer.png", 2000)


def test_games_page_of_mundus_novus(server: tuple[str, str, int], page: Page) -> None:
    base, _, _ = server
    page.goto(f"{base}/games")
    _settled(page)
    page.get_by_text("Sets developed (same kind, different kinds, relics)").first.wait_for()
    page.get_by_text("Doubloons by source").first.wait_for()
    page.wait_for_timeout(800)
    _shot(page, "games-mundus-novus.png", 4200)
