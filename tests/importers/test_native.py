"""Native format: round trip, engine-checked lines, typed errors, content-derived ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from application.service import NovusApp, open_app
from domain.core import registry
from importers.native import NativeFormatError, NativeGame, dumps, loads


def export(app: NovusApp, game_id: object) -> bytes:
    record = app.history(game_id)  # type: ignore[arg-type]
    game = NativeGame(
        setup=record.setup,
        rules_version=record.rules_version,
        source=record.source,
        seed=record.seed,
        created=record.created,
        steps=record.steps,
    )
    return dumps(game)


@pytest.fixture
def app(tmp_path: Path) -> NovusApp:
    return open_app(tmp_path / "data")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_export_import_export_is_byte_identical(app: NovusApp, seed: int) -> None:
    name = "puerto-rico"
    original = export(app, app.simulate(name, 3, {}, seed=seed, bot="random"))
    game = loads("a.novus.jsonl", original)
    new_id = app.record_game(
        game.setup,
        game.steps,
        seed=game.seed,
        source=game.source,
        created=game.created,
        game_id=game.game_id,
    )
    assert export(app, new_id) == original
    assert app.history(new_id).scores is not None
    assert loads("b", original).game_id == game.game_id
    assert registry.get(name).name == name


def test_illegal_move_in_the_middle_names_the_line(app: NovusApp) -> None:
    raw = export(app, app.simulate("puerto-rico", 3, {}, seed=5, bot="random")).splitlines()
    middle = len(raw) // 2
    while b'"action"' not in raw[middle]:
        middle += 1
    raw[middle] = raw[middle].replace(b'"action":"', b'"action":"nonsense')
    with pytest.raises(NativeFormatError) as caught:
        loads("f.novus.jsonl", b"\n".join(raw))
    assert caught.value.line == middle + 1
    assert f"f.novus.jsonl:{middle + 1}:" in str(caught.value)


@pytest.mark.parametrize(
    ("raw", "line"),
    [
        (b"", 1),
        (b"\xff\xfe", 1),
        (b'{"format":"novus.jsonl","version":99}', 1),
        (b"not json", 1),
    ],
)
def test_bad_files_give_typed_errors(raw: bytes, line: int) -> None:
    with pytest.raises(NativeFormatError) as caught:
        loads("x", raw)
    assert caught.value.line == line


def test_a_file_that_stops_before_the_end_is_a_game_in_progress(app: NovusApp) -> None:
    raw = export(app, app.simulate("puerto-rico", 3, {}, seed=7, bot="random")).splitlines()
    whole = loads("t", b"\n".join(raw))
    part = loads("t", b"\n".join(raw[:-3]))
    assert whole.finished and not part.finished
    assert part.steps == whole.steps[:-3]


def test_reimport_is_detected_by_content_id(app: NovusApp) -> None:
    from application.errors import GameExists

    raw = export(app, app.simulate("puerto-rico", 3, {}, seed=9, bot="random"))
    game = loads("d", raw)
    kwargs = {"seed": game.seed, "source": game.source, "created": game.created}
    app.record_game(game.setup, game.steps, game_id=game.game_id, **kwargs)  # type: ignore[arg-type]
    before = app.game_ids()
    with pytest.raises(GameExists):
        app.record_game(game.setup, game.steps, game_id=game.game_id, **kwargs)  # type: ignore[arg-type]
    assert app.game_ids() == before


def test_a_native_import_applies_each_step_once(
    app: NovusApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine checks every line while the file is read; the store records the checked
    steps without a second pass (and still stores the same game and final scores)."""
    from importers.api import export_bytes, import_bytes

    source = open_app(app.env["SQLITE_DBNAME"] + ".source")
    game_id = source.simulate("puerto-rico", 3, {}, seed=8, bot="random")
    data = export_bytes(source, game_id)
    rules = registry.get("puerto-rico")
    calls: list[object] = []
    real = rules.apply

    def counted(state: object, step: object) -> object:
        calls.append(step)
        return real(state, step)  # type: ignore[arg-type]

    monkeypatch.setattr(rules, "apply", counted)
    result = import_bytes(app, "g.novus.jsonl", data)
    assert result.status == "imported"
    steps = source.history(game_id).steps
    assert len(calls) == len(steps)
    monkeypatch.undo()
    stored = app.history(game_id)
    assert stored.steps == steps
    assert stored.scores == source.history(game_id).scores
    assert stored.winners == source.history(game_id).winners
    assert export_bytes(app, game_id) == data


def test_a_report_import_applies_each_step_once(
    app: NovusApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play-by-email report is read through the engine too; the store does not check again."""
    import random

    from importers.api import import_bytes
    from importers.pbem.writer import write

    source = open_app(app.env["SQLITE_DBNAME"] + ".source")
    record = source.history(source.simulate("puerto-rico", 3, {}, seed=9, bot="heuristic"))
    text = write(record.setup, record.steps, style=random.Random(1)).encode()
    rules = registry.get("puerto-rico")
    stored: list[object] = []
    real = rules.apply
    monkeypatch.setattr(rules, "apply", lambda s, step: (stored.append(step), real(s, step))[1])
    reading: list[object] = []
    from importers import api

    parse = api.parse_bytes

    def parse_counted(*args: object, **kwargs: object) -> object:
        found = parse(*args, **kwargs)  # type: ignore[arg-type]
        reading.extend(stored)
        stored.clear()
        return found

    monkeypatch.setattr(api, "parse_bytes", parse_counted)
    result = import_bytes(app, "round.txt", text)
    assert result.status == "imported"
    assert len(reading) >= len(record.steps)  # the reader tries steps as it goes
    assert stored == []  # nothing applied again after reading
    monkeypatch.undo()
    assert app.history(result.game_id).steps == record.steps  # type: ignore[arg-type]
