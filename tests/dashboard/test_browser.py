"""End to end in Debian's headless Chromium: the real server, arrow keys, a shared `?step=` link."""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from application.service import open_app
from dashboard.launch import command

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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    folder = tmp_path_factory.mktemp("novus-browser")
    game = str(open_app(folder).simulate("puerto-rico", 4, {}, seed=7, bot="random"))
    port = _free_port()
    env = dict(os.environ, NOVUS_DATA_DIR=str(folder))
    proc = subprocess.Popen(
        command(port, open_browser=False),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("dashboard server did not start") from None
                time.sleep(0.2)
        yield base, game
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser.new_page(viewport={"width": 1400, "height": 1000})
        browser.close()


def _settled(page: Page) -> None:
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']")
    page.wait_for_selector("[data-test-script-state='notRunning']", timeout=20000)


def test_library_then_replay_with_arrow_keys(server: tuple[str, str], page: Page) -> None:
    base, game = server
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(base)
    _settled(page)
    page.get_by_text("1 of 1 games").wait_for()
    page.locator("[data-testid='stDataFrame'] canvas").first.wait_for()
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / "library.png"), full_page=True)
    page.goto(f"{base}/replay?game={game}&step=3")
    _settled(page)
    page.get_by_text("Step 3 / ").wait_for()
    page.screenshot(path=str(ARTIFACTS / "replay-step3.png"), full_page=True)
    board = page.locator("[data-testid='stHtml']").first.inner_html()
    page.get_by_role("heading", name="Replay").click()
    page.keyboard.press("ArrowRight")
    page.get_by_text("Step 4 / ").wait_for()
    _settled(page)
    assert "step=4" in page.url
    assert page.locator("[data-testid='stHtml']").first.inner_html() != board
    page.screenshot(path=str(ARTIFACTS / "replay-step4.png"), full_page=True)


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
    page.screenshot(path=str(ARTIFACTS / "games.png"), full_page=True)
