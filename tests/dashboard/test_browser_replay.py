"""The replay in headless Chromium at 800 and 1400 px: keys step in the browser without losing a
press, the current move stays in view, the end banner ranks the seats, the layout holds at 800 px,
and the address follows the step (and survives a reload)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from urllib.parse import urlsplit
from uuid import UUID

import pytest
from playwright.sync_api import Page

from application.service import open_app
from dashboard.replay import move_lines, round_jumps
from tests.dashboard.test_browser import ARTIFACTS, _settled, chromium, serving

pytestmark = pytest.mark.browser

WIDTHS = (800, 1400)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    folder = tmp_path_factory.mktemp("novus-browser-replay")
    options = {"buildings": "draft", "nobles": "true"}
    game = str(open_app(folder).simulate("puerto-rico", 4, options, seed=3, bot="random"))
    with serving(folder) as base:
        yield base, game, folder


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as browser:
        yield browser


@pytest.fixture(params=WIDTHS, ids=lambda w: f"{w}px")
def page(browser: object, request: pytest.FixtureRequest) -> Iterator[Page]:
    tab: Page = browser.new_page(viewport={"width": request.param, "height": 1000})  # type: ignore[attr-defined]
    yield tab
    tab.close()


def _open(page: Page, url: str) -> None:
    page.goto(url)
    _settled(page)
    page.wait_for_function("window.novusReplay !== undefined && window.novusReplay.data")
    page.get_by_role("heading", name="Replay").click()  # the focus on the page, not a widget


def _query(page: Page) -> list[str]:
    """The address's parameters as `name=value` texts."""
    return urlsplit(page.url).query.split("&")


def _step(page: Page) -> int:
    return int(page.locator(".nv-replay").get_attribute("data-step") or -1)


def _shot(page: Page, name: str) -> None:
    """The whole page at the current width: Streamlit scrolls inside its own frame, so the
    viewport is made as tall as the content first."""
    ARTIFACTS.mkdir(exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 1400
    height = page.evaluate("document.querySelector('.stMain, section.main')?.scrollHeight || 0")
    page.set_viewport_size({"width": width, "height": max(1000, int(height) + 40)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    page.set_viewport_size({"width": width, "height": 1000})


def test_keys_step_in_the_browser_without_losing_a_press(
    server: tuple[str, str, Path], page: Page
) -> None:
    base, game, folder = server
    width = page.viewport_size["width"] if page.viewport_size else 0
    _open(page, f"{base}/replay?game={game}&step=0")
    for _ in range(10):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(50)
    assert _step(page) == 10
    for _ in range(25):  # as fast as Playwright can type
        page.keyboard.press("ArrowRight")
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    assert _step(page) == 30
    page.get_by_text("Step 30 / ").wait_for()
    assert "step=30" in _query(page)
    board = page.locator(".nv-board").inner_html()
    page.keyboard.press("ArrowRight")
    assert _step(page) == 31 and page.locator(".nv-board").inner_html() != board
    # N and B jump as the server's round_jumps says
    lines = move_lines(open_app(folder), UUID(game))
    _, next_round, _ = round_jumps(lines, 31)
    page.keyboard.press("n")
    assert _step(page) == next_round
    _, _, back = round_jumps(lines, next_round)
    page.keyboard.press("b")
    assert _step(page) == back
    # a pause reports the step to the server: a reload lands on it again
    page.wait_for_timeout(1200)
    _settled(page)
    page.reload()
    _settled(page)
    page.wait_for_function("window.novusReplay !== undefined && window.novusReplay.data")
    assert _step(page) == back and f"step={back}" in _query(page)
    _shot(page, f"replay-step{back}-{width}.png")


GEOMETRY = """moves => {
    const box = e => {
        if (!e) return null;
        const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height};
    };
    const root = moves.getRootNode();  // the component's shadow root
    const heads = [...root.querySelectorAll('.nv-round')].map(box).filter(b => b.height > 0);
    return [heads, box(moves), box(root.querySelector('.nv-move.nv-now'))];
}"""
"""The boxes `bounding_box()` gives (the round headers shown, the move list, the current move),
read in one call: a call per header at each of 40 steps was most of the test's time."""


def test_the_current_move_stays_in_view_and_the_end_banner_ranks(
    server: tuple[str, str, Path], page: Page
) -> None:
    base, game, folder = server
    width = page.viewport_size["width"] if page.viewport_size else 0
    record = open_app(folder).history(UUID(game))
    last = len(record.steps)
    _open(page, f"{base}/replay?game={game}&step=9999")
    assert _step(page) == last and f"step={last}" in _query(page)  # clamped and fixed

    def in_view() -> bool:
        box = page.locator(".nv-moves").bounding_box()
        now = page.locator(".nv-move.nv-now").bounding_box()
        assert box and now
        return bool(box["y"] <= now["y"] and now["y"] + now["height"] <= box["y"] + box["height"])

    assert page.locator(".nv-move.nv-now").get_attribute("data-step") == str(last)
    assert in_view()
    banner = page.locator(".nv-banner")
    assert banner.is_visible()
    assert record.scores is not None
    text = banner.inner_text()
    for seat in record.scores.seats:
        assert record.setup.players[seat.seat] in text and str(seat.total) in text
    assert "tie-break" in text and "doubloons + goods" in text
    # every move is reachable: round headers, scrolling, a click
    assert page.locator(".nv-round").count() >= 10
    page.locator(".nv-moves").evaluate("list => { list.scrollTop = 0; }")
    page.locator(".nv-move[data-step='3']").click()
    assert _step(page) == 3 and not banner.is_visible() and in_view()
    page.keyboard.press("End")
    assert _step(page) == last and banner.is_visible()
    # stepping back up the list: the current move is never under a round's sticky header,
    # and the headers in view never lie on one another (they stacked at the top before)
    for _ in range(40):
        page.keyboard.press("ArrowLeft")
        heads, box, now = page.locator(".nv-moves").evaluate(GEOMETRY)  # one call per step
        assert heads and box and now
        seen = sorted(
            (
                b
                for b in heads
                if b["y"] < box["y"] + box["height"] and b["y"] + b["height"] > box["y"]
            ),
            key=lambda b: b["y"],
        )
        for upper, lower in pairwise(seen):
            assert upper["y"] + upper["height"] <= lower["y"] + 0.5, "round headers overlap"
        for b in seen:
            covered = b["y"] < now["y"] + now["height"] and now["y"] < b["y"] + b["height"]
            assert not covered, "the current move is under a round header"
    page.keyboard.press("End")
    # the layout: nothing shrunk or cut off; two columns at 1400 px, one at 800 px
    shrunk = page.locator(".nv-btn").evaluate_all(
        "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)"
    )
    assert shrunk == []
    view_width = page.evaluate("document.documentElement.clientWidth")
    for svg in page.locator(".nv-chart svg").all():
        box = svg.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= view_width
    board = page.locator(".nv-board").bounding_box()
    side = page.locator(".nv-side").bounding_box()
    assert board and side
    if width >= 1400:
        assert side["x"] > board["x"] + board["width"] - 1  # moves beside the board
    else:
        assert side["y"] >= board["y"] + board["height"] - 1  # moves under the board
    _shot(page, f"replay-end-{width}.png")


def test_a_step_that_is_not_a_number(server: tuple[str, str, Path], page: Page) -> None:
    base, game, _ = server
    _open(page, f"{base}/replay?game={game}&step=abc")
    page.get_by_text("which is not a number").wait_for()
    assert _step(page) == 0 and "step=0" in _query(page)


def test_view_as_after_stepping_keeps_the_step(server: tuple[str, str, Path], page: Page) -> None:
    """The browser's step reached the server (a pause), so a rerun for another reason (a new
    "View as") keeps it, in the board and in the address."""
    base, game, _ = server
    _open(page, f"{base}/replay?game={game}&step=5")
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    assert _step(page) == 12
    page.wait_for_timeout(1200)
    _settled(page)
    select = page.locator("[data-testid='stSelectbox']").filter(has_text="View as")
    select.locator("input").click()
    page.locator("[role='option']").filter(has_text="Random 2").first.click()
    page.wait_for_function("window.location.search.includes('seat=2')")  # from 1
    _settled(page)
    page.wait_for_function("window.novusReplay.data.viewer === 1")
    assert _step(page) == 12 and "step=12" in _query(page)
    page.get_by_role("heading", name="Replay").click()  # keys typed in the selector stay there
    page.keyboard.press("ArrowRight")
    assert _step(page) == 13 and "step=13" in _query(page) and "seat=2" in _query(page)
