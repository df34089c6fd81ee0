"""The Play page's option boxes (a new game's options, the bots) show words in the display
language: they showed the engines' codes (`vp_chips_5p`, `synthetic`, `heuristic`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from application import i18n, play
from application.service import open_app
from domain.core import registry


def _play() -> None:
    from dashboard import language, pages

    language.choose()
    pages.play_page()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    game = play.new_game(open_app(tmp_path), "santa-maria", ["Ana", "Bo"], seed=2)
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    st.cache_data.clear()
    st.cache_resource.clear()
    yield str(game)
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.set_language(None)


def _codes(game: str) -> set[str]:
    """Every option key and value code of `game` that is a word (not a letter or a number)."""
    found = set()
    for spec in registry.get(game).options:
        found.add(spec.key)
        found.update(v for v in spec.values if len(v) > 2 and not v[:3].isdigit())
    return found


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize(
    "game", ["puerto-rico", "santa-maria", "century-new-world", "mundus-novus"]
)
def test_a_new_games_options_are_words_not_codes(folder: str, lang: str, game: str) -> None:
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    i18n.set_language(lang)  # AppTest runs a selectbox's format_func in this thread
    at.run()
    at.selectbox(key="play-new-game").set_value(game).run()
    assert not at.exception, at.exception
    boxes = [b for b in at.selectbox if b.key and b.key.startswith(f"play-new-{game}-")]
    assert len(boxes) == len(registry.get(game).options)
    shown = [b.label for b in boxes] + [o for b in boxes for o in b.options]
    codes = _codes(game)
    assert not codes & set(shown), codes & set(shown)
    if lang == "ko":
        hangul = [s for s in shown if any("가" <= c <= "힣" for c in s)]
        assert len(hangul) >= len(boxes), shown
    start = {"puerto-rico": "기본 게임", "mundus-novus": "합성"}
    first = boxes[0].options[0]
    assert first.startswith(start.get(game, "합성")) if lang == "ko" else first[0].isupper(), first


def test_santa_marias_modules_read_as_the_rulebook_names_them(folder: str) -> None:
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "ko"
    i18n.set_language("ko")
    at.run()
    at.selectbox(key="play-new-game").set_value("santa-maria").run()
    modules = at.selectbox(key="play-new-santa-maria-modules")
    assert modules.label == "확장 모듈"
    assert modules.options[0] == "없음" and "A 총독, C 대사" in modules.options
    modules.set_value("A,C").run()  # the value stays the code the engine takes
    assert at.selectbox(key="play-new-santa-maria-modules").value == "A,C"


@pytest.mark.parametrize(
    ("lang", "words"), [("ko", ["휴리스틱", "무작위"]), ("en", ["Heuristic", "Random"])]
)
def test_the_bot_kinds_are_words(folder: str, lang: str, words: list[str]) -> None:
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["game"] = folder
    i18n.set_language(lang)
    at.run()
    assert not at.exception, at.exception
    (kind,) = [r for r in at.radio if r.key == f"play-bot-kind-{folder}"]
    assert kind.options == words and kind.value == "heuristic"
