"""The Santa Maria board in Korean: no English word left on it, in its text or its tooltips.

The check reads the board's HTML as a person does (text and `title` tooltips, not the stylesheet)
and lists every run of two or more Latin letters; only the players' names may be such a run
(component codes like "c2-01", "s0-3", "A1" or "x5" have single letters and stay as codes).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from html.parser import HTMLParser
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from application import i18n
from dashboard import boards
from domain.core import registry
from domain.core.play import play, states

WORD = re.compile(r"[A-Za-z]{2,}")
GAMES = [
    ({}, 3),
    ({"setup": "advanced"}, 2),
    ({"expansion": "true", "modules": "A,B,C,D"}, 4),
    ({"expansion": "true", "modules": "A,B,C"}, 2),
    ({"expansion": "true", "modules": "D"}, 2),
    ({}, 1),
]
NAMES = ("Anna", "Helge", "Rui", "Mia")


class _Shown(HTMLParser):
    """What a person reads on the board: text and tooltips (not the stylesheet)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = tag == "style"
        self.texts += [v for k, v in attrs if k == "title" and v]

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.texts.append(data)


def english_words(html: str, names: Sequence[str]) -> dict[str, str]:
    """Each Latin word on the board that is not a player's name, with the text it stands in."""
    parser = _Shown()
    parser.feed(html)
    found: dict[str, str] = {}
    for text in parser.texts:
        for word in WORD.findall(text):
            if word not in names:
                found.setdefault(word, text.strip()[:80])
    return found


@pytest.fixture
def korean() -> Iterator[None]:
    i18n.set_language("ko")
    i18n.clear_missing()
    yield
    i18n.set_language(None)


def test_the_check_catches_english() -> None:
    html = "<style>.sm{color:red}</style><div title='white die 3'>Anna 산타마리아 c2-01</div>"
    assert english_words(html, ["Anna"]) == {"white": "white die 3", "die": "white die 3"}
    assert english_words("<p>Anna c2-01 s0-3 A1 x5 1,2</p>", ["Anna"]) == {}


def test_the_board_in_korean_has_no_english_left(korean: None) -> None:
    rules = registry.get("santa-maria")
    drawn = 0
    for options, n in GAMES:
        names = NAMES[:n]
        setup = rules.prepare(list(names), options)
        bots = [rules.bot("random", i) for i in range(n)]
        steps, _ = play(rules, setup, bots, random.Random(3))
        played = list(states(rules, setup, steps))
        for k in [*range(0, len(played), max(1, len(played) // 6)), len(played) - 1]:
            for seat in (None, 0):
                html = boards.render("santa-maria", rules.view(played[k], seat), rules, setup)
                left = english_words(html, names)
                assert not left, (options, k, seat, left)
                drawn += 1
    assert drawn > 60
    assert not i18n.missing(), sorted(i18n.missing(), key=str)


def test_the_korean_board_uses_the_rulebook_words(korean: None) -> None:
    rules = registry.get("santa-maria")
    setup = rules.prepare(["Maya", "Anna", "Helge"], {"expansion": "true", "modules": "A,B,C,D"})
    steps, _ = play(rules, setup, [rules.bot("heuristic", i) for i in range(3)], random.Random(4))
    mid = next(s for s in list(states(rules, setup, steps))[len(steps) // 2 :] if not s.chance)
    view = rules.view(mid)
    html = boards.render("santa-maria", view, rules, setup)
    for words in ("공용 인력소의 하얀색 주사위", "휴식 칸", "신앙심 트랙", "정복자 트랙",
                  "개척 도면", "마야인의 도시", "대사 주사위", "총독"):  # fmt: skip
        assert words in html, words
    scholars = {"botany": "식물학", "taxation": "과세제도", "meditation": "명상"}
    for scholar in view["scholars"]:
        if scholar in scholars:
            assert scholars[scholar] in html
    assert "(합성)" in html  # the synthetic pack's invented ids say so
    i18n.set_language("en")
    english = boards.render("santa-maria", view, rules, setup)
    assert "white dice in the labour pool" in english and "공용" not in english


def test_the_final_scores_in_korean_name_shipping_tiles(korean: None) -> None:
    """Santa Maria's "shipping" points are its shipping tiles' (해운 타일), not the Puerto Rico
    word the shared category has (수출): on the board's table and the replay's categories."""
    from dashboard.language import category

    rules = registry.get("santa-maria")
    setup = rules.prepare(["Anna", "Helge"], {})
    steps, _ = play(rules, setup, [rules.bot("random", i) for i in range(2)], random.Random(2))
    final = list(states(rules, setup, steps))[-1]
    html = boards.render("santa-maria", rules.view(final), rules, setup)
    table = html.split("<table class='scores'>")[1]
    assert "<th>해운 타일</th>" in table and "수출" not in table
    assert category("shipping", "santa-maria") == "해운 타일"
    assert category("shipping", "puerto-rico") == category("shipping") == "수출"


def test_the_korean_replay_shows_a_board_with_no_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replay page in Korean (AppTest): every board page of an expansion game with the
    Maya passes the check."""
    from application.service import open_app

    app = open_app(tmp_path)
    options = {"expansion": "true", "modules": "A,B,C,D"}
    game = str(app.simulate("santa-maria", ["Maya", "Anna", "Helge"], options, seed=5))
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.clear_missing()
    try:
        at = AppTest.from_function(_replay, default_timeout=120)
        at.query_params["lang"] = "ko"
        at.query_params["game"] = game
        at.run()
        assert not at.exception, at.exception
        (component,) = at.get("bidi_component")
        data = json.loads(component.proto.json)
        pieces, pages = data["pieces"], data["boards"]
        assert len(pages) > 100
        for page in pages[:: max(1, len(pages) // 40)] + pages[-1:]:
            html = "".join(pieces[i] for i in page)
            assert "공용 인력소" in html
            left = english_words(html, ["Maya", "Anna", "Helge"])
            assert not left, left
        assert not i18n.missing(), sorted(i18n.missing(), key=str)
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()
        i18n.set_language(None)


def _replay() -> None:
    from dashboard import language, pages

    language.choose()
    pages.replay_page()
