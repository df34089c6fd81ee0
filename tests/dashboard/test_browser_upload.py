"""The Upload page in Debian's headless Chromium against the real server: Markdown planted in a
file is shown as text (the planted image is never fetched), and a file above Novus's 8 MiB limit
is refused by Streamlit itself, before it is uploaded."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from playwright.sync_api import Page

from application.service import open_app
from importers.api import MAX_FILE_BYTES, export_bytes
from tests.dashboard.test_browser import ARTIFACTS, _settled, _shot, chromium, serving

pytestmark = pytest.mark.browser


class Planted(BaseHTTPRequestHandler):
    """Counts every request: a rendered planted image would be one."""

    requests: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        Planted.requests.append(self.path)
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def planted() -> Iterator[str]:
    Planted.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Planted)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Page, str]]:
    folder = tmp_path_factory.mktemp("novus-upload")
    open_app(folder).simulate("puerto-rico", 3, {}, seed=2, bot="random")
    with serving(folder) as base, chromium() as browser:
        yield browser.new_page(viewport={"width": 1400, "height": 1000}), base


def test_planted_markdown_is_shown_as_text_and_never_fetched(
    page: tuple[Page, str], planted: str, tmp_path: Path
) -> None:
    browser, base = page
    source = open_app(tmp_path / "source")
    lines = export_bytes(source, source.simulate("puerto-rico", 3, {}, seed=5)).splitlines()
    image = f"![x]({planted}/planted.png)"
    lines[3] = f'"{image}"'.encode()
    name = "**bold** _x_.novus.jsonl"
    (tmp_path / name).write_bytes(b"\n".join(lines) + b"\n")
    browser.goto(f"{base}/upload")
    _settled(browser)
    browser.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(
        [str(tmp_path / name)]
    )
    _settled(browser)
    browser.get_by_role("button", name="Import").click()
    browser.get_by_text("0 imported, 0 already present, 1 rejected").wait_for(timeout=30000)
    _settled(browser)
    browser.wait_for_timeout(1000)
    _shot(browser, "upload-planted.png", 900)
    browser.set_viewport_size({"width": 800, "height": 1000})
    browser.wait_for_timeout(300)
    browser.screenshot(path=str(ARTIFACTS / "upload-planted-800.png"), full_page=True)
    browser.set_viewport_size({"width": 1400, "height": 1000})
    text = browser.locator("[data-testid='stMain']").inner_text()
    assert f"{name}, line 4:" in text
    assert image in text
    assert browser.locator("img[src*='planted']").count() == 0
    assert Planted.requests == [], "the browser fetched the planted image"


def test_a_file_above_the_limit_is_refused_by_streamlit(
    page: tuple[Page, str], tmp_path: Path
) -> None:
    browser, base = page
    big = tmp_path / "big.novus.jsonl"
    with big.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1024 * 1024)
    browser.goto(f"{base}/upload")
    _settled(browser)
    browser.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files([str(big)])
    browser.get_by_text("8.0MB or smaller").first.wait_for(timeout=20000)
    _shot(browser, "upload-too-large.png", 700)
    assert browser.get_by_role("button", name="Import").is_disabled()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_lenient_checkbox_label_is_whole_at_800_px(page: tuple[Page, str], lang: str) -> None:
    """At 800 px the checkbox sat in a column too narrow for its label ("관대하…")."""
    browser, base = page
    browser.set_viewport_size({"width": 800, "height": 1000})
    try:
        browser.goto(f"{base}/upload?lang={lang}")
        _settled(browser)
        box = "[data-testid='stCheckbox'] [data-testid='stMarkdownContainer']"
        label = browser.locator(box).first
        label.wait_for()
        cut = label.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        browser.screenshot(path=str(ARTIFACTS / f"upload-{lang}-800.png"))
        assert not cut, label.inner_text()
    finally:
        browser.set_viewport_size({"width": 1400, "height": 1000})


@pytest.mark.parametrize("width", [800, 1400])
def test_the_drop_zone_speaks_korean(page: tuple[Page, str], width: int) -> None:
    """Streamlit's uploader said "Upload" and "8MB per file" in English on the Korean page;
    the page draws its own Korean in their place, and the English page keeps Streamlit's."""
    browser, base = page
    browser.set_viewport_size({"width": width, "height": 1000})
    zone = browser.locator("[data-testid='stFileUploaderDropzone']")
    seen = """z => [z.querySelector('button p'),
                    z.querySelector("[data-testid='stFileUploaderDropzoneInstructions'] span")]
        .map(e => { const after = getComputedStyle(e, '::after');
                    return [getComputedStyle(e).fontSize, after.content, after.fontSize]; })"""
    try:
        browser.goto(f"{base}/upload?lang=ko")
        _settled(browser)
        zone.wait_for()
        browser.wait_for_timeout(300)
        browser.screenshot(path=str(ARTIFACTS / f"upload-dropzone-ko-{width}.png"))
        (button, limit) = zone.evaluate(seen)
        assert button == ["0px", '"파일 고르기"', "14px"], button
        assert limit == ["0px", '"파일당 8MB까지"', "14px"], limit
        box = zone.locator("button").bounding_box()
        assert box is not None and box["width"] >= 80  # room for the Korean text
        browser.goto(f"{base}/upload?lang=en")
        _settled(browser)
        zone.wait_for()
        (button, limit) = zone.evaluate(seen)
        assert button[0] == "14px" and button[1] == "none", button
        assert zone.locator("button p").inner_text().strip() == "Upload"
    finally:
        browser.set_viewport_size({"width": 1400, "height": 1000})


@pytest.mark.parametrize("width", [800, 1400])
def test_a_file_above_the_limit_is_explained_in_korean(
    page: tuple[Page, str], tmp_path: Path, width: int
) -> None:
    """Streamlit refuses a file above the limit in the browser and says why only in English, in
    the chip's tooltip ("File must be 8.0MB or smaller."); the Korean page says it under the
    uploader and in the tooltip."""
    browser, base = page
    big = tmp_path / "big.novus.jsonl"
    with big.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1024 * 1024)
    after = "e => [getComputedStyle(e, '::after').content, getComputedStyle(e).fontSize]"
    uploader = browser.locator(".st-key-upload_files")
    browser.set_viewport_size({"width": width, "height": 1000})
    try:
        browser.goto(f"{base}/upload?lang=ko")
        _settled(browser)
        uploader.locator("input[type='file']").set_input_files([str(big)])
        chip = uploader.locator("[data-testid='stFileChip'][aria-invalid='true']")
        chip.wait_for(timeout=20000)
        said = '"빨간색으로 표시된 파일은 올라가지 않았습니다: 파일당 8MB까지입니다"'
        assert uploader.evaluate(after)[0] == said
        chip.hover()
        tip = browser.locator("[data-testid='stTooltipErrorContent']")
        tip.wait_for()
        assert tip.evaluate(after) == [said, "0px"]  # Streamlit's English drawn at size 0
        browser.screenshot(path=str(ARTIFACTS / f"upload-too-large-ko-{width}.png"))
        browser.goto(f"{base}/upload?lang=en")  # the English page keeps Streamlit's words
        _settled(browser)
        uploader.locator("input[type='file']").set_input_files([str(big)])
        chip.wait_for(timeout=20000)
        assert uploader.evaluate(after)[0] == "none"
    finally:
        browser.set_viewport_size({"width": 1400, "height": 1000})
