"""The Play page says an engine's refusal in the display language: a new Santa Maria with the
Maya city and the shared blue dice was refused with the engine's English ("the Maya city keeps
its own blue dice ...") on a Korean page, since the page showed the error's English `message`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from application import i18n


def _play() -> None:
    from dashboard import language, pages

    language.choose()
    pages.play_page()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    st.cache_data.clear()
    st.cache_resource.clear()
    yield tmp_path
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.set_language(None)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ko", "마야 도시는 자기 파란색 주사위를 씁니다: 모듈 D와는 파란색 주사위를 함께 쓰는"),
        ("en", "the Maya city keeps its own blue dice: no shared blue dice with module D — drop"),
    ],
)
def test_a_setup_the_rules_refuse_is_said_in_the_pages_language(
    folder: Path, lang: str, said: str
) -> None:
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    i18n.set_language(lang)
    at.run()
    at.selectbox(key="play-new-game").set_value("santa-maria").run()
    at.text_input(key="play-new-players").set_value("민준, 서연")
    at.selectbox(key="play-new-santa-maria-maya").set_value("true")
    at.selectbox(key="play-new-santa-maria-blue_dice").set_value("shared").run()
    at.button(key="play-start").click().run()
    assert not at.exception, at.exception
    shown = " ".join(e.value for e in at.error)
    assert said in shown, shown
    assert "game" not in at.query_params  # nothing was started
