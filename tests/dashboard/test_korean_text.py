"""The dashboard in Korean leaves no English word on the screen: every page of all four games
(Library, Games with its statistics tables, Players, Upload, the replay with its boards, move
sentences and legends), scanned for Latin-letter words that are not ids, numbers, players'
names or game ids (`tests/latin_words.py`)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from application import i18n
from application.service import open_app
from domain.core import registry
from tests.dashboard.korean_pages import PAGES, _games, _replay
from tests.latin_words import english_words

APP = str(Path(__file__).resolve().parents[2] / "dashboard" / "app.py")
GAMES = ("puerto-rico", "santa-maria", "century-new-world", "mundus-novus")
TITLES = ("푸에르토 리코", "산타마리아", "센추리: 신대륙", "몬두스 노부스")
PLAYERS = ("Ann", "Bo", "Cy")
CODES = tuple(
    word
    for name in GAMES
    for spec in registry.get(name).options
    for word in (spec.key, *spec.values, *(f"{spec.key}={v}" for v in spec.values))
)
"""Option names and values (`side=B`): what a person types, the same in Korean."""
ALLOWED = (*PLAYERS, *CODES, "English")
"""`English` is the language switch's name for English."""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    path = tmp_path_factory.mktemp("novus-ko-text")
    app = open_app(path)
    ids = {}
    for game in GAMES:
        ids[game] = str(app.simulate(game, PLAYERS, {}, seed=5, bot="random"))
        app.simulate(game, PLAYERS, {}, seed=6, bot="random")
    app.close()
    return path, ids



class _Text(HTMLParser):
    """The words of an HTML board a person reads: text and tooltips, not tags, styles or
    scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.skip += 1
        self.parts += [v for k, v in attrs if k in ("title", "alt", "aria-label") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return "\n".join(parser.parts)


def frame_text(element: Any) -> str:
    """A table's shown column names (its column_config labels, else the frame's) and text
    cells (links left out: their cells show a label)."""
    df: pd.DataFrame = element.value
    config = json.loads(element.proto.columns or "{}")
    cells = []
    for column in df.columns:
        shown = config.get(str(column), {})
        if shown.get("hidden"):
            continue
        cells.append(str(shown.get("label") or column))
        if shown.get("type_config", {}).get("type") == "link":
            continue
        if not pd.api.types.is_numeric_dtype(df[column].dtype):
            cells += [str(v) for v in df[column].dropna()]
    return "\n".join(cells)


def screen(at: AppTest) -> str:
    """Every text a person reads on the page, boards and tables included."""
    assert not at.exception, at.exception
    texts: list[str] = []
    for kind in ("title", "header", "subheader", "caption", "markdown", "info", "warning",
                 "error", "success"):  # fmt: skip
        texts += [str(e.value) for e in at.get(kind)]
    for kind in ("selectbox", "multiselect", "text_input", "date_input", "checkbox", "button",
                 "metric", "expander", "tabs", "radio", "file_uploader"):  # fmt: skip
        texts += [str(getattr(e, "label", "")) for e in at.get(kind)]
    for kind in ("selectbox", "radio"):
        for e in at.get(kind):
            texts += [str(o) for o in getattr(e, "options", [])]
    for element in at.get("dataframe"):
        texts.append(frame_text(element))
    for element in at.get("bidi_component"):
        texts.append(replay_text(json.loads(element.proto.json)))
    return "\n".join(texts)


def replay_text(data: dict[str, Any]) -> str:
    """What the replay component shows: boards, sentences, categories, ranking, its labels."""
    if "pieces" not in data:
        return ""
    texts = [html_text(piece) for piece in data["pieces"]]
    texts += [str(line[2]) for line in data["moves"]]
    texts += [s for d in data["decisions"] if d and d[1] for s in d[1]]
    texts += [str(c) for c in data["categories"]]
    texts += [str(p.get("tiebreak") or "") for p in data["ranking"]]
    texts += [str(data.get("tiebreak_rule") or ""), html_text(str(data.get("legend") or ""))]
    texts += [str(v) for v in data["text"].values()]
    return "\n".join(texts)


def check(at: AppTest, where: str) -> str:
    text = screen(at)
    left = english_words(text, ALLOWED)
    assert not left, f"English on the Korean {where}:\n" + "\n".join(left[:40])
    assert not i18n.missing(), sorted(i18n.missing(), key=str)
    return text




def test_library_in_korean(env: dict[str, str]) -> None:
    at = AppTest.from_file(APP, default_timeout=90)
    at.query_params["lang"] = "ko"
    at.run()
    check(at, "Library")


@pytest.mark.parametrize("page", ["players", "upload"])
def test_pages_in_korean(env: dict[str, str], page: str) -> None:
    at = AppTest.from_function(PAGES[page], default_timeout=90)
    at.query_params["lang"] = "ko"
    at.run()
    check(at, page)


def test_games_page_statistics_in_korean(env: dict[str, str]) -> None:
    at = AppTest.from_function(_games, default_timeout=90)
    at.query_params["lang"] = "ko"
    at.run()
    for title in TITLES:
        i18n.clear_missing()
        at.selectbox(key="g_game").select(title).run()
        text = check(at, f"Games page of {title}")
        assert at.get("dataframe"), title
        assert "비율" in text or "평균" in text


@pytest.mark.parametrize("game", GAMES)
def test_replay_in_korean(env: dict[str, str], game: str) -> None:
    """At step 9, then with no step in the address, in one session: the second run reads the
    replay's cached payload (every step's board, the same for both) instead of building it
    again, as two tests did."""
    at = AppTest.from_function(_replay, default_timeout=90)
    at.query_params["lang"] = "ko"
    at.query_params["game"] = env[game]
    at.query_params["step"] = "9"
    at.run()
    check(at, f"replay of {game} at step 9")
    del at.query_params["step"]
    i18n.set_language("ko")  # AppTest formats the widgets' values here, in this thread, to rerun
    at.run()
    assert at.query_params["step"] in ("0", ["0"])  # no step: the page starts at step 0
    check(at, f"replay of {game} with no step in the address")
