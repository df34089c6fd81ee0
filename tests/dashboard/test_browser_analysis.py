"""The analysis in the real dashboard (headless Chromium): the win-chance chart under the replay
board with its step marker and ringed turning points, the turning points marked in the move list,
the alternatives with their win chances in the "also legal" panel, decision accuracy on the
Players page. Screenshots at 1400 and 800 px go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from analysis import read
from analysis.runner import analyse_one
from analysis.settings import Settings
from application.service import open_app
from tests.dashboard.test_browser import ARTIFACTS, chromium, serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, dict]]:
    folder = tmp_path_factory.mktemp("novus-analysis")
    app = open_app(folder)
    # Random moves: the heuristic bots' own moves lose nothing on the analysis' common seeds.
    game = app.simulate("puerto-rico", 3, {}, seed=4, bot="random")
    analyse_one(app, folder, game, Settings(rollouts=2, turning_points=3))
    app.close()
    found = read.game_analysis(folder, str(game))
    assert found is not None and found["turning_points"]
    with serving(folder) as base:
        yield base, str(game), found


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with chromium() as browser:
        yield browser.new_page(viewport={"width": 1400, "height": 1000})


def _settled(page: Page) -> None:
    """The app connected and its script done (a first replay builds every step's board: on a
    busy machine that takes a while)."""
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']")
    page.wait_for_selector("[data-test-script-state='notRunning']", timeout=120_000)


def _shot(page: Page, name: str, width: int, height: int) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(400)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def test_replay_shows_win_chances_turning_points_and_alternatives(
    analysed: tuple[str, str, dict], page: Page
) -> None:
    base, game, found = analysed
    point = min(found["turning_points"], key=lambda t: t["step"])
    before = point["step"] - 1
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{base}/replay?game={game}&step={before}")
    _settled(page)
    page.get_by_text(f"Step {before} / ").wait_for()
    chart = page.locator("svg.nv-step-chart", has=page.locator("circle.nv-turning"))
    chart.wait_for()
    assert chart.locator("circle.nv-turning").count() == len(found["turning_points"])
    assert chart.locator("polyline").count() == len(found["players"])
    assert page.get_by_text("Win chance (2 rollouts per step)").count() == 1
    marked = page.locator(".nv-move.nv-turning-move")
    assert marked.count() == len(found["turning_points"])
    steps = sorted(int(m.get_attribute("data-step") or 0) for m in marked.all())
    assert steps == sorted(t["step"] for t in found["turning_points"])
    scored = page.locator(".nv-decision .nv-scored li")
    assert scored.count() == len(point["alternatives"])
    assert scored.first.locator(".nv-alt-chance").inner_text().endswith("%")
    assert page.locator(".nv-decision .nv-chosen-alt").count() == 1
    marker = chart.locator("line.nv-marker")
    x_before = marker.get_attribute("x1")
    for width, height in ((1400, 3400), (800, 4600)):
        _shot(page, f"analysis-replay-{width}.png", width, height)
        # Full width under the board, above the score charts, its text at a readable size.
        under = page.locator(".nv-chance").bounding_box()
        box = chart.bounding_box()
        scores = page.locator(".nv-chart-group", has_text="Score over time").bounding_box()
        board = page.locator(".nv-board-col").bounding_box()
        side = page.locator(".nv-side").bounding_box()
        assert under and box and scores and board and side
        assert box["width"] > 0.95 * under["width"] > 400, (box, under)
        assert box["y"] < scores["y"]
        # right after the board: beside the side panel when wide, before it when narrow (at
        # 800 px the moves and scores stacked between the board and the chart)
        assert 0 <= box["y"] - (board["y"] + board["height"]) < 80, (board, box)
        if width >= 1400:
            assert side["x"] >= box["x"] + box["width"], (side, box)
        else:
            assert side["y"] >= box["y"] + box["height"], (side, box)
        tick = chart.locator("text.nv-tick").first.bounding_box()
        assert tick and 8 <= tick["height"] <= 20, tick
        chart.screenshot(path=str(ARTIFACTS / f"analysis-chart-{width}.png"))
        page.locator(".nv-side").screenshot(path=str(ARTIFACTS / f"analysis-moves-{width}.png"))
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.get_by_role("heading", name="Replay").click()
    page.keyboard.press("ArrowRight")
    page.get_by_text(f"Step {point['step']} / ").wait_for()
    assert marker.get_attribute("x1") != x_before


def test_players_page_shows_decision_accuracy(analysed: tuple[str, str, dict], page: Page) -> None:
    base, _, found = analysed
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{base}/players")
    _settled(page)
    page.get_by_text("Decision accuracy").wait_for()
    page.get_by_text("Mean win chance lost per decision with a choice").wait_for()
    axis = page.locator("svg text", has_text="mean win chance lost per decision")
    axis.first.wait_for(timeout=30_000)  # charts draw after the page text (more of them now)
    assert axis.count() == 1
    _shot(page, "analysis-players-1400.png", 1400, 2600)
    legend = page.locator("svg text", has_text="Random")
    assert {n for n in found["players"]} <= set(legend.all_text_contents())
