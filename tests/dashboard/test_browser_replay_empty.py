"""A game started and nothing recorded yet, replayed in headless Chromium in Korean: the move
list says so (it was an empty box)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from application import play
from application.service import open_app
from tests.dashboard.test_browser import ARTIFACTS, _settled, chromium, serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    folder: Path = tmp_path_factory.mktemp("novus-browser-empty")
    game = str(play.new_game(open_app(folder), "mundus-novus", ["민수", "지영", "현우"], seed=1))
    with serving(folder) as base:
        yield base, game


def test_a_game_with_no_moves_says_so(server: tuple[str, str]) -> None:
    base, game = server
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 800, "height": 1000})
        page.goto(f"{base}/replay?game={game}&lang=ko")
        _settled(page)
        page.wait_for_function("window.novusReplay !== undefined && window.novusReplay.data")
        moves = page.locator(".nv-moves")
        assert "아직 기록된 수가 없습니다" in moves.inner_text()
        # the counter said round 1 while the board said round 0 (Mundus Novus deals in round 0)
        assert page.locator(".nv-counter").inner_text().endswith("· 0라운드")
        assert "0라운드" in page.locator(".nv-board").inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "replay-no-moves-ko-800.png"))
