"""The Play page in headless Chromium at 800 and 1400 px: plantations tapped in as they turned
up, moves in one tap (and through the filter), a take-back, a second tab's stale move refused,
and "branch from here" on the Replay page opening the branch on the Play page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from application import play
from application.service import open_app
from domain.core.protocol import ChanceStep, TakeBack
from tests.dashboard.test_browser import ARTIFACTS, _settled, chromium, serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("novus-browser-play")
    open_app(folder).close()
    with serving(folder) as base:
        yield base, folder


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as browser:
        yield browser


def shot(page: Page, name: str) -> None:
    """The whole page at the page's own width (Streamlit scrolls inside its frame: the
    viewport is made as tall as the content first)."""
    ARTIFACTS.mkdir(exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 1400
    height = page.evaluate(
        "Math.max(...[...document.querySelectorAll('[data-testid=stMain], section')]"
        ".map(e => e.scrollHeight), 800)"
    )
    page.set_viewport_size({"width": width, "height": min(int(height), 6000)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    page.set_viewport_size({"width": width, "height": 1000})


def tap(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    _settled(page)


@pytest.mark.parametrize("width", [800, 1400])
def test_record_take_back_conflict_and_branch(
    server: tuple[str, Path], browser: object, width: int
) -> None:
    base, folder = server
    app = open_app(folder)
    options = {"buildings": "draft", "nobles": "true"}
    game = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], options, seed=width)
    tab: Page = browser.new_page(viewport={"width": width, "height": 1000})  # type: ignore[attr-defined]
    other: Page = browser.new_page(viewport={"width": width, "height": 1000})  # type: ignore[attr-defined]
    try:
        tab.goto(f"{base}/play?game={game}")
        _settled(tab)
        expect(tab.get_by_text("Chance: face-up plantations")).to_be_visible()
        seen: list[str] = []
        for item in ("corn", "indigo", "sugar", "corn"):  # what turned up at the table
            tap(tab, item)
            seen.append(item)
            if len(seen) < 4:  # as a person would, the next tap once this one shows
                expect(tab.get_by_text(f"So far: {', '.join(seen)}")).to_be_visible()
        expect(tab.get_by_text("Recorded: corn, indigo, sugar, corn")).to_be_visible()
        assert app.history(game).steps == (ChanceStep(("corn", "indigo", "sugar", "corn")),)
        expect(tab.get_by_role("heading", name="Ana to move")).to_be_visible()

        other.goto(f"{base}/play?game={game}")  # a second tab on the same position
        _settled(other)

        tab.get_by_role("button", name="Ana drafts the Small Market").click()  # one tap
        _settled(tab)
        expect(tab.get_by_role("heading", name="Ben to move")).to_be_visible()
        tab.get_by_label("Filter moves").fill("hacienda")
        tab.get_by_label("Filter moves").press("Enter")
        _settled(tab)
        hacienda = tab.get_by_role("button", name="Ben drafts the Hacienda")
        # the filter's rerun may not have begun when _settled looks: the unfiltered list's button
        # is still there beside the new one until it has
        expect(hacienda).to_have_count(1, timeout=20_000)
        hacienda.click()
        _settled(tab)
        expect(tab.get_by_role("heading", name="Cleo to move")).to_be_visible()
        tap(tab, "Take back the last step")
        expect(tab.get_by_role("heading", name="Ben to move")).to_be_visible()
        record = app.history(game)
        assert len(record.steps) == 2 and isinstance(record.history[-1], TakeBack)
        shot(tab, f"play-{width}.png")

        other.get_by_role("button", name="Ana drafts the Hacienda").click()  # stale tab
        _settled(other)
        expect(other.get_by_text("changed in another tab")).to_be_visible()
        assert len(app.history(game).steps) == 2  # nothing stored, nothing lost
        shot(other, f"play-conflict-{width}.png")

        tab.goto(f"{base}/replay?game={game}&step=1")
        _settled(tab)
        tap(tab, "Branch from here (step 1)")
        tab.wait_for_url("**/play?game=*")
        _settled(tab)
        branch = tab.url.split("game=")[1].split("&")[0]
        child = app.history(app.find(branch))
        assert child.source["parent"] == str(game) and child.source["step"] == 1
        assert child.steps == app.history(game).steps[:1]
        expect(tab.get_by_text("Branch of game")).to_be_visible()
        expect(tab.get_by_role("heading", name="Ana to move")).to_be_visible()
        shot(tab, f"play-branch-{width}.png")
        tab.goto(f"{base}/replay?game={game}&step=1")
        _settled(tab)
        expect(tab.get_by_text("Variations:")).to_be_visible()
        expect(tab.get_by_text("Take-backs (1), kept in the history")).to_be_visible()
        shot(tab, f"replay-variations-{width}.png")
    finally:
        tab.close()
        other.close()
        app.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_quick_taps_on_one_item_are_all_counted(
    server: tuple[str, Path], browser: object, lang: str
) -> None:
    """Four quick taps on "corn" (no wait between them, as at the table) came out as three:
    Streamlit merges the clicks of one button that wait for the same rerun. The chance pad
    counts them in the browser and sends the outcome once."""
    base, folder = server
    app = open_app(folder)
    game = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], seed=11)
    tab: Page = browser.new_page(viewport={"width": 800, "height": 1000})  # type: ignore[attr-defined]
    try:
        tab.goto(f"{base}/play?game={game}&lang={lang}")
        _settled(tab)
        corn = tab.get_by_role("button", name="corn" if lang == "en" else "옥수수", exact=True)
        box = corn.bounding_box()
        assert box is not None
        for _tap in range(4):  # where the finger lands, not waiting for the page in between
            tab.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        said = {
            "en": "Recorded: corn, corn, corn, corn",
            "ko": "기록했습니다: 옥수수, 옥수수, 옥수수, 옥수수",
        }
        expect(tab.get_by_text(said[lang])).to_be_visible(timeout=20_000)
        assert app.history(game).steps == (ChanceStep(("corn", "corn", "corn", "corn")),)
        shot(tab, f"play-quick-taps-{lang}-800.png")
    finally:
        tab.close()
        app.close()


@pytest.mark.parametrize("width", [800, 1400])
def test_a_double_tap_takes_an_item_no_more_often_than_the_pool_holds(
    server: tuple[str, Path], browser: object, width: int
) -> None:
    """A double tap on Santa Maria's board A1 (one in the pool) was taken as "A1, A1", and the
    outcome refused only once complete; the button is off once the pool's copies are tapped."""
    base, folder = server
    app = open_app(folder)
    game = play.new_game(app, "santa-maria", ["민준", "서연", "지호"], seed=3)
    tab: Page = browser.new_page(viewport={"width": width, "height": 1000}, has_touch=True)  # type: ignore[attr-defined]
    try:
        tab.goto(f"{base}/play?game={game}&lang=ko")
        _settled(tab)
        a1 = tab.get_by_role("button", name="A1", exact=True)
        box = a1.bounding_box()
        assert box is not None
        for _tap in range(2):
            tab.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(tab.get_by_text("지금까지: A1", exact=True)).to_be_visible()
        expect(a1).to_be_disabled()
        shot(tab, f"play-double-tap-ko-{width}.png")
        tap(tab, "A3")
        tab.get_by_role("button", name="A2", exact=True).click()
        expect(tab.get_by_text("기록했습니다: A1, A3, A2")).to_be_visible(timeout=20_000)
        assert app.history(game).steps == (ChanceStep(("A1", "A3", "A2")),)
    finally:
        tab.close()
        app.close()
