"""The native format keeps take-backs and branches: export -> import -> export is
byte-identical, the imported game stands where the stored one stood, and old files still read."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import orjson
import pytest

from application import play
from application.service import NovusApp, open_app
from application.verification import verify_record
from importers.api import export_bytes, import_bytes
from importers.errors import NativeFormatError
from importers.native import loads
from importers.native_models import STEP, schema


@pytest.fixture
def app(tmp_path: Path) -> NovusApp:
    return open_app(tmp_path / "data")


def game_with_takebacks(app: NovusApp) -> tuple[object, object]:
    """A table game with two take-backs, finished by bots, and a branch of it, finished."""
    game = play.new_game(app, "puerto-rico", ["Ana", "Ben", "Cleo"], {"buildings": "draft"}, seed=6)
    play.finish(app, game, "random", max_steps=20)
    play.take_back(app, game, 3)
    play.finish(app, game, "heuristic", max_steps=5)
    play.take_back(app, game, 1)
    child = play.branch(app, game, 12)
    for finished in (game, child):
        play.finish(app, finished, "heuristic")
    return game, child


def test_take_backs_and_branches_round_trip(app: NovusApp, tmp_path: Path) -> None:
    game, child = game_with_takebacks(app)
    original = export_bytes(app, game)  # type: ignore[arg-type]
    lines = [orjson.loads(line) for line in original.splitlines()]
    assert {"takeback": 3} in lines and {"takeback": 1} in lines
    validator = jsonschema.Draft202012Validator(schema())
    for line in lines[1:]:
        STEP.validate_python(line)
        validator.validate(line)

    other = open_app(tmp_path / "other")
    try:
        for game_id in (game, child):
            data = export_bytes(app, game_id)  # type: ignore[arg-type]
            result = import_bytes(other, "g.novus.jsonl", data)
            assert result.status == "imported", result.error
            stored, imported = app.history(game_id), other.history(game_id)  # type: ignore[arg-type]
            assert imported.steps == stored.steps and imported.log == stored.log
            assert imported.source == stored.source
            assert verify_record(imported).ok
            assert export_bytes(other, game_id) == data  # type: ignore[arg-type]
            again = import_bytes(other, "g.novus.jsonl", data)
            assert again.status == "present"
        assert other.history(child).source["parent"] == str(game)  # type: ignore[arg-type]
    finally:
        other.close()


def test_takeback_lines_are_checked(app: NovusApp) -> None:
    game, _ = game_with_takebacks(app)
    lines = export_bytes(app, game).splitlines()  # type: ignore[arg-type]
    first = next(i for i, line in enumerate(lines) if b"takeback" in line)
    too_many = [*lines[:2], b'{"takeback":5}', *lines[2:]]
    with pytest.raises(NativeFormatError, match="only 1 stand"):
        loads("x.novus.jsonl", b"\n".join(too_many) + b"\n")
    without = [line for i, line in enumerate(lines) if i != first]
    with pytest.raises(NativeFormatError):  # the taken-back steps would stand: not legal
        loads("x.novus.jsonl", b"\n".join(without) + b"\n")
    for bad in (b'{"takeback":0}', b'{"takeback":"1"}'):
        with pytest.raises(NativeFormatError, match="takeback"):
            loads("x.novus.jsonl", b"\n".join([lines[0], lines[1], bad]) + b"\n")
