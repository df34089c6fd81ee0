"""The Python face (`novus.api`): read a native file, step through it, open a data folder; and
the README's example, run as written."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import novus
from application.service import open_app
from domain.core.errors import NovusError
from importers.api import export_bytes

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, Path]:
    """A data folder with one Santa Maria and one Puerto Rico game; the latter exported."""
    folder = tmp_path_factory.mktemp("api") / "data"
    app = open_app(folder)
    try:
        app.simulate("santa-maria", 2, {}, seed=3, bot="random")
        game_id = app.simulate("puerto-rico", 3, {"buildings": "draft"}, seed=4, bot="heuristic")
        path = folder.parent / "game.novus.jsonl"
        path.write_bytes(export_bytes(app, game_id))
    finally:
        app.close()
    return folder, str(game_id), path


def test_read_game_steps_through_the_stored_game(stored: tuple[Path, str, Path]) -> None:
    folder, game_id, path = stored
    game = novus.read_game(path)
    assert str(game.id) == game_id and game.name == "puerto-rico"
    assert game.title == "Puerto Rico" and len(game.players) == 3
    app = open_app(folder)
    try:
        record = app.history(game.id)  # type: ignore[arg-type]
        assert game.steps == tuple(record.steps)
        for step in (0, 1, 57, len(game.steps)):
            assert game.state_at(step) == app.state_at(game.id, step)  # type: ignore[arg-type]
        assert record.scores is not None
        assert game.scores().to_json() == record.scores.to_json()
    finally:
        app.close()
    states = list(game.states())
    assert len(states) == len(game.steps) + 1 and states[-1] == game.state_at()
    rules = game.rules
    sentences = [sentence for _, _, sentence in game.moves()]
    assert sentences[5] == rules.describe(states[5], game.steps[5])
    assert len(sentences) == len(game.steps)
    assert game.view(20) == rules.view(states[20])
    assert game.view(20, 1) == rules.view(states[20], 1)
    decisions = list(game.decisions())
    chances = list(game.chance_steps())
    assert len(decisions) + len(chances) == len(game.steps)
    with pytest.raises(IndexError):
        game.state_at(len(game.steps) + 1)


def test_read_game_refuses_a_bad_file_with_a_typed_error(stored: tuple[Path, str, Path]) -> None:
    _, _, path = stored
    lines = path.read_bytes().splitlines()
    lines[7] = b'{"seat": 0, "action": "role:nonsense"}'
    with pytest.raises(NovusError, match=r"broken\.novus\.jsonl:8"):
        novus.read_game("broken.novus.jsonl", b"\n".join(lines) + b"\n")


def test_open_data_lists_and_reads_stored_games(stored: tuple[Path, str, Path]) -> None:
    folder, game_id, _ = stored
    with novus.open_data(folder) as data:
        summaries = data.games()
        assert [s.game for s in summaries] == ["santa-maria", "puerto-rico"]
        game = data.game(game_id[:8])
        assert str(game.id) == game_id
        assert game.scores().winners() == novus.read_game(stored[2]).scores().winners()
        other = data.game(summaries[0].id)
        assert other.name == "santa-maria" and other.rules.is_over(other.state_at())


def test_the_readme_example_runs_as_written(
    stored: tuple[Path, str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Python API", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    monkeypatch.chdir(stored[2].parent)  # the example reads game.novus.jsonl
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code.group(1), "README.md", "exec"), {})
    text = out.getvalue()
    game = novus.read_game(stored[2])
    assert text.startswith(f"Puerto Rico {', '.join(game.players)} {len(game.steps)} steps\n")
    first = next(game.moves())
    assert f"\n1 {first[2]}\n" in text
    shown = text[text.index("{") : text.rindex("}") + 1]
    assert json.loads(shown) == json.loads(json.dumps(game.view(10)))
    winners = [game.players[s] for s in game.scores().winners()]
    assert text.rstrip().endswith(f"winners: {winners}")


def test_import_novus_is_light() -> None:
    """`import novus` loads no store, engine or data library until the API is used."""
    code = (
        "import sys, novus; print(novus.__version__); "
        "heavy = [m for m in ('novus.api', 'application', 'importers', 'domain', 'eventsourcing',"
        " 'duckdb', 'pyarrow', 'pandas', 'psycopg') if m in sys.modules]; print(heavy)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines()[1] == "[]"
    assert novus.read_game is novus.api.read_game
