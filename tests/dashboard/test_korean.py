"""The dashboard in Korean (`?lang=ko`): every page of all four games renders with no catalog id
left untranslated and no English catalog text on screen; the language stays in the address."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from application import i18n
from application.service import open_app
from tests.dashboard.korean_pages import PAGES, _players, _replay

APP = str(Path(__file__).resolve().parents[2] / "dashboard" / "app.py")
GAMES = ("puerto-rico", "santa-maria", "century-new-world", "mundus-novus")
SENTENCES_IN_KOREAN = GAMES
"""The games whose move sentences and board are in Korean so far (the others' engines have no
`phrase` yet: `i18n.missing()` names them as ("ko", "engine sentences", game))."""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    path = tmp_path_factory.mktemp("novus-ko")
    app = open_app(path)
    ids = {game: str(app.simulate(game, 3, {}, seed=3, bot="random")) for game in GAMES}
    return path, ids



def _english_ids() -> set[str]:
    """The English texts of the catalog that a Korean screen must not show (longer than a word,
    so a player's or a column's name cannot match by chance)."""
    return {
        msgid
        for (_context, msgid) in i18n.entries("ko")
        if len(msgid) > 12 and "{" not in msgid and " " in msgid
    }


def shown(at: AppTest) -> list[str]:
    """Every text a person reads on the page: titles, captions, messages, labels, metrics."""
    texts: list[str] = []
    for kind in ("title", "header", "subheader", "caption", "markdown", "info", "warning",
                 "error", "success"):  # fmt: skip
        texts += [str(e.value) for e in at.get(kind)]
    for kind in ("selectbox", "multiselect", "text_input", "date_input", "checkbox", "button",
                 "metric", "expander", "tabs"):  # fmt: skip
        texts += [str(getattr(e, "label", "")) for e in at.get(kind)]
    for element in at.get("bidi_component"):
        texts.append(element.proto.json)
    return texts


def check_korean(at: AppTest) -> str:
    assert not at.exception, at.exception
    missing = i18n.missing()
    assert not missing, f"ids without Korean on this page: {sorted(missing, key=str)}"
    texts = "\n".join(shown(at))
    left = [msgid for msgid in _english_ids() if msgid in texts]
    assert not left, f"English catalog text on a Korean page: {left}"
    offering = [m.label for m in at.get("multiselect") if m.proto.select_all]
    assert not offering, f"Streamlit's English 'Select all' on a Korean page: {offering}"
    return texts




def test_library_in_korean_keeps_the_language_in_the_address(env: dict[str, str]) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "ko"
    at.run()
    texts = check_korean(at)
    assert "라이브러리" in texts
    assert at.query_params["lang"] in ("ko", ["ko"])
    table = at.dataframe[0].value
    assert {"푸에르토 리코", "산타마리아"} <= set(table["game"])
    assert all("lang=ko" in link for link in table["open"])


def test_library_filters_have_distinct_korean_labels(env: dict[str, str]) -> None:
    """The player-count filter and the player-name filter both read "플레이어" once: a
    Korean user could not tell which one filters by how many played."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "ko"
    at.run()
    widgets = [*at.get("multiselect"), *at.get("selectbox")]
    labels = [w.label for w in widgets if w.key != "lang_switch"]
    assert len(labels) == len(set(labels)), labels
    assert at.multiselect(key="f_players").label == "인원"  # as the table's column names it


def test_the_browser_language_is_the_default(env: dict[str, str]) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert at.title[0].value == "Library"  # AppTest sends no Accept-Language: English
    assert "lang" not in at.query_params  # the address changes only when a language is chosen
    at.selectbox(key="lang_switch").select("ko").run()
    assert at.title[0].value == "라이브러리"
    assert at.query_params["lang"] in ("ko", ["ko"])


@pytest.mark.parametrize("game", SENTENCES_IN_KOREAN)
def test_replay_in_korean(env: dict[str, str], game: str) -> None:
    at = AppTest.from_function(_replay, default_timeout=60)
    at.query_params["lang"] = "ko"
    at.query_params["game"] = env[game]
    at.query_params["step"] = "12"
    at.run()
    texts = check_korean(at)
    (component,) = at.get("bidi_component")
    data = json.loads(component.proto.json)
    sentences = [line[2] for line in data["moves"]]
    assert sentences and all(any("가" <= c <= "힣" for c in s) for s in sentences), sentences[:5]
    assert "다시 보기" in texts


@pytest.mark.parametrize("page", sorted(PAGES))
def test_statistics_and_upload_pages_in_korean(env: dict[str, str], page: str) -> None:
    at = AppTest.from_function(PAGES[page], default_timeout=60)
    at.query_params["lang"] = "ko"
    at.run()
    check_korean(at)
    if page == "games":
        for game in ("산타마리아", "센추리: 신대륙", "몬두스 노부스"):
            i18n.clear_missing()
            at.selectbox(key="g_game").select(
                next(o for o in at.selectbox(key="g_game").options if o == game)
            ).run()
            check_korean(at)


def _chart_data(chart: Any) -> list[dict[str, Any]]:
    """The rows a vega-lite chart element sends to the browser (its named Arrow datasets)."""
    import pyarrow as pa

    rows: list[dict[str, Any]] = []
    for dataset in chart.proto.datasets:
        rows += pa.ipc.open_stream(dataset.data.data).read_all().to_pylist()
    return rows


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_players_charts_name_axes_and_score_categories_in_words(
    env: dict[str, str], lang: str
) -> None:
    """The Players page's charts: the axis is "player" in the display language, and the score
    categories are words (`point cards`, `승점 카드`), not the stored codes."""
    at = AppTest.from_function(_players, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    titles = {e["y"].get("title") for s in specs if "y" in (e := s.get("encoding", {}))}
    assert "플레이어" in titles if lang == "ko" else "player" in titles
    if lang == "ko":
        assert "player" not in titles
    (points,) = [c for c in at.get("vega_lite_chart") if '"category"' in c.proto.spec]
    categories = {row["category"] for row in _chart_data(points)}
    assert categories and not any("_" in c for c in categories), categories
    expected = "승점 카드" if lang == "ko" else "point cards"  # the first game: Century
    assert expected in categories, categories


@pytest.mark.parametrize("page", ["library", "players"])
def test_empty_filters_say_so_in_korean(env: dict[str, str], page: str) -> None:
    """A filter left empty shows a placeholder; Streamlit's own is English ("Choose an
    option"), so every filter of the Library and the Players page gives its own."""
    at = (
        AppTest.from_file(APP, default_timeout=60)
        if page == "library"
        else AppTest.from_function(_players, default_timeout=60)
    )
    at.query_params["lang"] = "ko"
    at.run()
    assert not at.exception
    widgets = [*at.get("multiselect"), *at.get("selectbox")]
    filters = [w for w in widgets if w.value in ("", [], None)]  # the ones showing a placeholder
    empty = [w.proto.label for w in filters if not w.proto.placeholder]
    english = [w.proto.label for w in filters if w.proto.placeholder.isascii()]
    assert len(filters) >= 3 and not empty and not english, (empty, english)


def _play() -> None:
    from dashboard import language, pages

    language.choose()
    pages.play_page()


def test_new_game_form_in_korean(env: dict[str, str]) -> None:
    """The Play page's new game form: the games by their Korean names and every option's
    explanation in Korean (the option keys and values are the codes `novus new` takes)."""
    at = AppTest.from_function(_play, default_timeout=60)
    at.query_params["lang"] = "ko"
    at.run()
    check_korean(at)
    game = at.selectbox(key="play-new-game")
    assert "푸에르토 리코" in game.options and "Puerto Rico" not in game.options
    helps = [s.proto.help for s in at.get("selectbox") if s.key.startswith("play-new-puerto")]
    assert len(helps) >= 5 and all(any("가" <= c <= "힣" for c in h) for h in helps), helps
    game.select_index(game.options.index("산타마리아")).run()
    assert any("산타마리아" in str(w.value) for w in at.warning)


@pytest.mark.parametrize("page", ["library", "replay", "players", "games"])
def test_an_empty_folder_says_where_games_come_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str
) -> None:
    """A new user's first look: the Replay page said only "No games to replay yet.", the others
    named `novus simulate` (a bot run) and not the Play page or `novus demo`."""
    import streamlit as st

    monkeypatch.setenv("NOVUS_DATA_DIR", str(tmp_path))
    open_app(tmp_path)
    st.cache_data.clear()
    st.cache_resource.clear()
    scripts = {"library": None, "replay": _replay, "players": _players, "games": PAGES["games"]}
    script = scripts[page]
    at = (
        AppTest.from_file(APP, default_timeout=60)
        if script is None
        else AppTest.from_function(script, default_timeout=60)
    )
    at.query_params["lang"] = "ko"
    try:
        at.run()
        said = " ".join(str(i.value) for i in at.info)
        assert "플레이 페이지" in said and "올리기 페이지" in said and "novus demo" in said, said
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()
        i18n.set_language(None)
