"""Words of the Play page a Korean player at a table read: a move names its player once, the
players box gives Korean names as its example, a synthetic game's note says what is true."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from application import i18n, play
from application.service import open_app


def _play() -> None:
    from dashboard import language, pages

    language.choose()
    pages.play_page()


@pytest.fixture
def several(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A Mundus Novus game at its first trade, where every player is to act."""
    app = open_app(tmp_path)
    game = play.new_game(app, "mundus-novus", ["민준", "서연", "지우"], seed=2)
    for _step in range(20):
        pos = play.position(app, game)
        if len(pos.to_move) > 1:
            break
        if not pos.moves:
            play.draw(app, game)
        else:
            play.move(app, game, pos.moves[0].action, seat=pos.moves[0].seat)
    assert len(play.position(app, game).to_move) > 1
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    st.cache_data.clear()
    st.cache_resource.clear()
    yield str(game)
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.set_language(None)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_move_where_several_act_names_its_player_once(several: str, lang: str) -> None:
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["game"] = several
    i18n.set_language(lang)
    at.run()
    assert not at.exception, at.exception
    labels = [b.label for b in at.button if b.key and b.key.startswith("play-move-")]
    assert labels
    for label in labels:
        named = [n for n in ("민준", "서연", "지우") if label.count(n)]
        assert len(named) == 1 and label.count(named[0]) == 1, label


@pytest.fixture
def empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.set_language(None)


@pytest.mark.parametrize(
    ("lang", "example", "published"),
    [("ko", "민준, 서연, 지우", "출판판"), ("en", "Ana", "published")],
)
def test_the_new_game_form_speaks_the_language_and_says_what_a_pack_allows(
    empty: None, lang: str, example: str, published: str
) -> None:
    """The players box showed 'Ana, Ben, Cleo' on Korean screens; a synthetic game's note said
    it could not record a table game, where the rules are the rulebook's and only the invented
    components limit it (the published pack, once completed, records the printed game)."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    i18n.set_language(lang)
    at.run()
    assert at.text_input(key="play-new-players").placeholder.startswith(example)
    assert not at.warning  # Puerto Rico: the printed game
    at.selectbox(key="play-new-game").set_value("santa-maria").run()
    notes = [str(w.value) for w in at.warning]
    assert len(notes) == 1 and published in notes[0] and "docs/components.md" in notes[0], notes
    at.selectbox(key="play-new-santa-maria-pack").set_value("published").run()
    assert not at.warning, [w.value for w in at.warning]


@pytest.mark.parametrize(("lang", "published"), [("ko", "출판판"), ("en", "published pack")])
def test_an_open_synthetic_game_says_what_it_can_record(
    several: str, lang: str, published: str
) -> None:
    """The note over an open synthetic game said it could not be recorded from a real table,
    while the person was recording one: the rules are the rulebook's, only the draws are
    limited to the invented components (the published pack records the printed ones)."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["game"] = several
    i18n.set_language(lang)
    at.run()
    notes = [str(w.value) for w in at.warning]
    assert len(notes) == 1 and published in notes[0], notes
    assert "기록할 수는 없습니다" not in notes[0] and "not recorded" not in notes[0]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_bots_seats_list_has_no_english_select_all_on_a_korean_page(
    several: str, lang: str
) -> None:
    """Streamlit heads a multiselect's list with "Select all", in English on a Korean page too
    (above 민준, 서연, 지우): offered in English only."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["game"] = several
    at.run()
    assert not at.exception, at.exception
    (seats,) = [m for m in at.multiselect if m.key and m.key.startswith("play-bot-seats-")]
    assert bool(seats.proto.select_all) is (lang == "en")


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_take_back_says_which_move_it_took_back(several: str, lang: str) -> None:
    """'한 단계를 물렀습니다. 게임은 4단계에 있습니다.' did not say which move was gone: at a
    table the player checks it was the mistaken one."""
    from uuid import UUID

    from application.service import open_app

    app = open_app(os.environ["NOVUS_DATA_DIR"])
    i18n.set_language(lang)
    (last,) = play.last_steps(app, UUID(several), 1)
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = lang
    at.query_params["game"] = several
    at.run()
    at.button(key="play-takeback").click().run()
    assert not at.exception, at.exception
    said = " ".join(str(s.value) for s in at.success)
    assert f"“{last}”" in said, said
    assert ("물렀습니다" in said) is (lang == "ko")
