"""End to end in Debian's headless Chromium: the real server, arrow keys, a shared `?step=` link."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from application.service import open_app
from dashboard import launch
from importers.api import export_bytes

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """The real dashboard server on a free local port for `folder`; yields its base URL."""
    with launch.background(folder) as base:
        yield base


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    folder = tmp_path_factory.mktemp("novus-browser")
    game = str(open_app(folder).simulate("puerto-rico", 4, {}, seed=7, bot="random"))
    with serving(folder) as base:
        yield base, game


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, as every browser test launches it (never a download)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with chromium() as browser:
        yield browser.new_page(viewport={"width": 1400, "height": 1000})


def _settled(page: Page) -> None:
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']")
    page.wait_for_selector("[data-test-script-state='notRunning']", timeout=20000)


def _shot(page: Page, name: str, height: int = 1000) -> None:
    """A screenshot of the whole page: Streamlit scrolls inside its own frame, so the viewport
    is made tall enough for the content first."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1400, "height": height})
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    page.set_viewport_size({"width": 1400, "height": 1000})


def test_library_then_replay_with_arrow_keys(server: tuple[str, str], page: Page) -> None:
    base, game = server
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(base)
    _settled(page)
    page.get_by_text("1 of 1 game", exact=True).wait_for()  # one game: singular
    page.locator("[data-testid='stDataFrame'] canvas").first.wait_for()
    page.wait_for_timeout(500)
    _shot(page, "library.png")
    page.goto(f"{base}/replay?game={game}&step=3")
    _settled(page)
    page.get_by_text("Step 3 / ").wait_for()
    _shot(page, "replay-step3.png", 2400)
    board = page.locator(".nv-board").inner_html()
    page.get_by_role("heading", name="Replay").click()
    page.keyboard.press("ArrowRight")
    page.get_by_text("Step 4 / ").wait_for()
    assert "step=4" in page.url
    assert page.locator(".nv-board").inner_html() != board
    _shot(page, "replay-step4.png", 2400)
    last = page.get_by_text("Step 4 / ").inner_text().split("/")[1].split()[0]
    page.get_by_role("heading", name="Replay").click()
    page.keyboard.press("End")
    page.get_by_text(f"Step {last} / {last}").wait_for()
    assert f"step={last}" in page.url


def test_reloaded_step_link_lands_on_that_step(server: tuple[str, str], page: Page) -> None:
    base, game = server
    page.goto(f"{base}/replay?game={game}&step=40")
    _settled(page)
    page.reload()
    _settled(page)
    page.get_by_text("Step 40 / ").wait_for()
    page.goto(f"{base}/games")
    _settled(page)
    page.get_by_text("Games stored").wait_for()
    page.get_by_text("Role picks by round").first.wait_for()
    _shot(page, "games.png", 2600)
    page.goto(f"{base}/players")
    _settled(page)
    page.get_by_text(": results by seat").wait_for()
    page.get_by_text("Points by category").wait_for()
    _shot(page, "players.png", 1800)


def test_upload_a_good_and_a_bad_file(server: tuple[str, str], page: Page, tmp_path: Path) -> None:
    base, _ = server
    source = open_app(tmp_path / "source")
    good = export_bytes(source, source.simulate("puerto-rico", 3, {}, seed=5, bot="random"))
    lines = good.splitlines()
    lines[4] = b'{"action":"build:no_such_building","seat":1}'
    (tmp_path / "good.novus.jsonl").write_bytes(good)
    (tmp_path / "bad.novus.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    page.goto(f"{base}/upload")
    _settled(page)
    page.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(
        [str(tmp_path / "good.novus.jsonl"), str(tmp_path / "bad.novus.jsonl")]
    )
    page.get_by_text("bad.novus.jsonl").first.wait_for()
    _settled(page)
    page.get_by_role("button", name="Import").click()
    page.get_by_text("1 imported, 0 already present, 1 rejected").wait_for(timeout=30000)
    _settled(page)
    problem = page.get_by_text("bad.novus.jsonl, line 5:")
    assert problem.count() == 1 and "build:no_such_building" in problem.inner_text()
    _shot(page, "upload.png", 1200)
    page.goto(base)
    _settled(page)
    page.get_by_text("2 of 2 games").wait_for()
