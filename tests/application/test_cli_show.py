"""`novus show` draws the position from the engine's `view` JSON: every fact the view holds is
on the screen (the dashboard boards draw from the same JSON), readable at 80 columns."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from rich.console import Console

from application.service import open_app
from application.view_words import Words
from domain.core import registry
from novus.cli import board

ROOT = Path(__file__).resolve().parents[2]
GAMES = (("puerto-rico", 3), ("santa-maria", 2), ("century-new-world", 3), ("mundus-novus", 3))


def normal(text: str) -> str:
    return " ".join(text.replace("_", " ").lower().split())


def leaves(value: Any, key: str = "") -> list[str]:
    """The text values of a view (the words a person must find), skipping label tables."""
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in board.HIDDEN for t in leaves(v, k)]
    if isinstance(value, list):
        return [t for v in value for t in leaves(v, key)]
    return [value] if isinstance(value, str) and len(value) > 1 else []


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("show")
    app = open_app(folder)
    ids = {game: str(app.simulate(game, n, {}, seed=5, bot="random")) for game, n in GAMES}
    app.close()
    return folder, ids


def drawn(
    folder: Path, game_id: str, game: str, width: int
) -> Iterator[tuple[int, dict[str, Any], tuple[str, ...], str]]:
    """A third of the way in and at the end: (step, view, players, the board as drawn at
    `width` columns)."""
    app = open_app(folder)
    try:
        game_uuid = UUID(game_id)
        timeline = app.timeline(game_uuid)
        rules = registry.get(game)
        names = timeline.setup.players
        for step in (len(timeline.steps) // 3, len(timeline.steps)):
            view = rules.view(app.state_at(game_uuid, step), None)
            console = Console(width=width, record=True, color_system=None)
            console.print(board.draw(view, names, [0]))
            yield step, view, names, console.export_text()
    finally:
        app.close()


def missing(game: str, view: dict[str, Any], names: tuple[str, ...], shown: str) -> set[str]:
    """The view's texts not found in `shown`, as they are or in words (`violet_small`: small
    violet building)."""
    words = Words(game)
    return {
        t
        for t in leaves(board.named(view, names))
        if normal(t) not in shown and normal(words.value(t)) not in shown
    }


@pytest.mark.parametrize("game", [g for g, _ in GAMES])
def test_every_text_of_the_view_is_drawn(stored: tuple[Path, dict[str, str]], game: str) -> None:
    folder, ids = stored
    for step, view, names, text in drawn(folder, ids[game], game, 240):
        shown = normal(text)
        lost = missing(game, view, names, shown)
        assert not lost, (game, step, sorted(lost)[:10])
        assert "{'" not in shown and "…" not in shown
        assert all(normal(name) in shown for name in names)
        assert "to move" in shown


def test_seat_numbers_are_shown_as_names() -> None:
    view = {
        "governor": 1,
        "roles": [{"role": "mayor", "taken_by": 0}],
        "players": [{"name": "Ann", "governor": False}, {"name": "Bo", "governor": True}],
    }
    console = Console(width=100, record=True, color_system=None)
    console.print(board.draw(view, ["Ann", "Bo"]))
    text = console.export_text()
    assert re.search(r"governor\s+Bo", text) and re.search(r"mayor\s+Ann", text)


def test_novus_show_fits_80_columns(stored: tuple[Path, dict[str, str]]) -> None:
    folder, ids = stored
    done = subprocess.run(
        [sys.executable, "-m", "novus.cli.main", "show", ids["santa-maria"], "-d", str(folder)],
        env=dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "Scores" in done.stdout and "{'" not in done.stdout


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("game", [g for g, _ in GAMES])
def test_at_80_columns_no_value_is_cut(
    stored: tuple[Path, dict[str, str]], game: str, lang: str
) -> None:
    """Puerto Rico's "buildings for sale" at 80 columns cut values ('prod…', 'Hacien…'): a
    table too wide is drawn as several, each led by the name column, nothing cut."""
    from application.i18n import set_language

    folder, ids = stored
    set_language(lang)
    try:
        for step, view, names, text in drawn(folder, ids[game], game, 80):
            assert "…" not in text, (game, step)
            if lang == "en" and game == "puerto-rico":  # (board squares wrap their words)
                lost = missing(game, view, names, normal(text))
                assert not lost, (game, step, sorted(lost)[:10])
        if game == "puerto-rico":
            continued = "(계속)" if lang == "ko" else "(continued)"
            assert continued in text  # the buildings table, split in two
            wide = Console(width=240, record=True, color_system=None)
            wide.print(board.draw(view, names, [0]))
            assert continued not in wide.export_text()  # whole where it fits
    finally:
        set_language(None)


def test_a_korean_word_ending_a_line_is_not_cut(tmp_path: Path) -> None:
    """Five-player Santa Maria at 80 columns in Korean: Rich's default overflow cut a word
    that ended a line exactly ('주교 3' drawn as '주 …' then '3'); values fold instead."""
    from application.i18n import set_language

    app = open_app(tmp_path)
    game_id = str(app.simulate("santa-maria", 5, {}, seed=5, bot="heuristic"))
    app.close()
    set_language("ko")
    try:
        shown = list(drawn(tmp_path, game_id, "santa-maria", 80))
    finally:
        set_language(None)
    for step, _view, _names, text in shown:
        assert "…" not in text, (step, [line for line in text.splitlines() if "…" in line])
