"""The Korean dashboard in Debian's headless Chromium: the browser's language chooses Korean, the
replay of each game in Korean (Hangul rendered: screenshots at 1400 and 800 px to look at)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from application.service import open_app
from tests.dashboard.test_browser import ARTIFACTS, _settled, serving

pytestmark = pytest.mark.browser

GAMES = ("puerto-rico", "santa-maria", "century-new-world", "mundus-novus")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    folder = tmp_path_factory.mktemp("novus-browser-ko")
    app = open_app(folder)
    ids = {game: str(app.simulate(game, 3, {}, seed=11, bot="random")) for game in GAMES}
    with serving(folder) as base:
        yield base, ids


def test_a_korean_browser_gets_the_korean_library(
    server: tuple[str, dict[str, str]], browser: Browser
) -> None:
    base, _ids = server
    context = browser.new_context(locale="ko-KR", viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(base)
    _settled(page)
    page.get_by_role("heading", name="라이브러리").wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ko-library-1400.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("width", [1400, 800])
def test_korean_replay_of_each_game(
    server: tuple[str, dict[str, str]], browser: Browser, width: int
) -> None:
    base, ids = server
    context = browser.new_context(locale="en-US", viewport={"width": width, "height": 1100})
    page = context.new_page()
    for game, game_id in ids.items():
        page.goto(f"{base}/replay?game={game_id}&step=30&lang=ko")
        _settled(page)
        page.get_by_role("heading", name="다시 보기").wait_for()
        frame = page.frame_locator("iframe").first if page.locator("iframe").count() else None
        text = page.inner_text("body") + (frame.locator("body").inner_text() if frame else "")
        assert re.search("[가-힣]{2,}", text)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"ko-replay-{game}-{width}.png"), full_page=True)
    context.close()


HEADER_LINES = """th => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return [th.textContent, tops.size];
}"""
"""A score table header's text and the number of lines it takes."""


@pytest.mark.parametrize("width", [1400, 800])
def test_korean_score_headers_break_between_words_and_stay_in_the_side_panel(
    server: tuple[str, dict[str, str]], browser: Browser, width: int
) -> None:
    """Santa Maria's many score columns: a Korean header may wrap at a space, never between the
    syllables of a word (the browser breaks Hangul anywhere unless told not to), and the table
    stays inside the side panel (scrolling sideways there when it is wider)."""
    base, ids = server
    context = browser.new_context(viewport={"width": width, "height": 1100})
    page = context.new_page()
    page.goto(f"{base}/replay?game={ids['santa-maria']}&step=30&lang=ko")
    _settled(page)
    page.locator(".nv-scores th").first.wait_for()
    headers = [h.evaluate(HEADER_LINES) for h in page.locator(".nv-scores th").all()]
    assert len(headers) >= 6
    broken = [(text, lines) for text, lines in headers if lines > len(text.split())]
    assert not broken, f"headers broken inside a word: {broken}"
    side = page.locator(".nv-side").bounding_box()
    scores = page.locator(".nv-scores").bounding_box()
    assert side and scores and scores["x"] + scores["width"] <= side["x"] + side["width"] + 1
    page.locator(".nv-scores").scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"ko-replay-scores-{width}.png"))
    context.close()


SPLIT_WORDS = r"""root => {
  const split = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    for (const m of node.nodeValue.matchAll(/[^\s+/]*[가-힣][^\s+/]*/g)) {  // "나무+곡물": 2
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0);
      if (new Set(lines.map((r) => Math.round(r.top))).size > 1) split.push(m[0]);
    }
  }
  return split;
}"""
"""The Korean words of a board that the browser broke across two lines."""

BOARDS = {"puerto-rico": ".pr", "santa-maria": ".sm", "century-new-world": ".cnw",
          "mundus-novus": ".mn-board"}  # fmt: skip


def test_korean_board_words_are_never_cut_between_syllables_at_800_px(
    server: tuple[str, dict[str, str]], browser: Browser
) -> None:
    """The browser breaks Hangul between any two syllables: at 800 px the boards showed "비어 있
    / 음" (an empty cargo ship), "1더 / 블룬", "플레이 / 어" and "보너 / 스" in a table
    header. Words now wrap at spaces; a table wider than the board scrolls sideways."""
    base, ids = server
    context = browser.new_context(viewport={"width": 800, "height": 1100})
    page = context.new_page()
    cut = {}
    for game, root in BOARDS.items():
        page.goto(f"{base}/replay?game={ids[game]}&step=30&lang=ko")
        _settled(page)
        board = page.locator(root).first
        board.wait_for()
        page.wait_for_timeout(300)
        if split := board.evaluate(SPLIT_WORDS):
            cut[game] = split
        page.screenshot(path=str(ARTIFACTS / f"ko-board-words-{game}-800.png"), full_page=True)
    context.close()
    assert not cut, f"Korean words broken between syllables: {cut}"


PLACEHOLDER_CUT = """e => {
  const style = getComputedStyle(e);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = `${style.fontSize} ${style.fontFamily}`;
  const icon = e.closest("[data-testid='stDateInput']").querySelector("svg");
  const start = icon.getBoundingClientRect().left;
  const field = e.closest("[data-baseweb='input']") || e.closest("[data-testid='stDateInput']");
  const end = field.getBoundingClientRect().left + 12 + pen.measureText("yyyy / mm / dd").width;
  return [Math.round(end), Math.round(start), end > start];
}"""
"""Where an empty date box's "yyyy / mm / dd" ends, where its calendar icon starts, and whether
the text runs under the icon (Streamlit's box then shows "yyyy/" or "yyyy / mm")."""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_library_date_filters_show_their_whole_placeholder_at_800_px(
    server: tuple[str, dict[str, str]], browser: Browser, lang: str
) -> None:
    """Five filters to a row left each date box about 80 px wide at 800 px: it showed "yyyy/"
    of "yyyy/mm/dd". The second row holds player, winner and search, the dates a third."""
    base, _ids = server
    context = browser.new_context(viewport={"width": 800, "height": 1000})
    page = context.new_page()
    page.goto(f"{base}/?lang={lang}")
    _settled(page)
    boxes = page.locator("[data-testid='stDateInput'] input")
    boxes.first.wait_for()
    cut = [b.evaluate(PLACEHOLDER_CUT) for b in boxes.all()]
    page.screenshot(path=str(ARTIFACTS / f"library-filters-{lang}-800.png"))
    context.close()
    assert len(cut) == 2 and not any(c for _i, _w, c in cut), cut


@pytest.mark.parametrize(("width", "table"), [(800, 560), (1400, 1000)])
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_sidebar_leaves_the_library_room_at_800_px(
    server: tuple[str, dict[str, str]], browser: Browser, width: int, table: int, lang: str
) -> None:
    """At 800 px Streamlit's 300 px sidebar left the Library's table 468 px: it showed the
    game, the winner and the names only and scrolled sideways for the rest. The sidebar takes
    200 px (its links and the language switch fit): the table is 568 px wide at 800."""
    base, _ids = server
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{base}/?lang={lang}")
    _settled(page)
    grid = page.locator("[data-testid='stDataFrame']")
    grid.wait_for()
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"library-{lang}-{width}.png"))
    sidebar = page.locator("[data-testid='stSidebar']").bounding_box()
    shown = grid.bounding_box()
    assert sidebar is not None and sidebar["width"] <= 200, sidebar
    assert shown is not None and shown["width"] >= table, shown
    links = page.locator("[data-testid='stSidebarNav'] a span")
    cut = links.evaluate_all("spans => spans.filter(s => s.scrollWidth > s.clientWidth + 1)")
    assert links.count() == 6 and not cut  # every page name whole in the narrower sidebar
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no page scroll
    context.close()


@pytest.mark.parametrize("width", [800, 1400])
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_library_table_fits_without_scrolling_sideways(
    server: tuple[str, dict[str, str]], browser: Browser, width: int, lang: str
) -> None:
    """At 800 px the Library's table scrolled sideways after the player count column: it
    shows the link, date, game, winner and players, whole; "Every column" brings the rest."""
    base, _ids = server
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{base}/?lang={lang}")
    _settled(page)
    page.locator("[data-testid='stDataFrame'] canvas").first.wait_for()
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / f"library-table-{lang}-{width}.png"))
    scroller = page.locator("[data-testid='stDataFrame'] .dvn-scroller").first
    wide, room = scroller.evaluate("s => [s.scrollWidth, s.clientWidth]")
    assert wide <= room, (wide, room)
    headers = page.locator("[data-testid='stDataFrame'] table th").all_inner_texts()
    said = {"ko": ["열기", "날짜", "게임", "승자", "이름"], "en": ["open", "date", "game"]}
    assert headers[: len(said[lang])] == said[lang], headers
    context.close()
