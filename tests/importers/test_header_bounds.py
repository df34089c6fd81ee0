"""Every header field is type- and range-checked at the boundary (the pydantic models and the
JSON Schema generated from them): a file the views could not hold is refused on import, with
the field named, and nothing is stored; the bounds themselves import and project."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pandas as pd
import pytest

from application.service import NovusApp, open_app
from domain.core.errors import SetupError
from importers.api import export_bytes, import_bytes
from importers.errors import NativeFormatError
from importers.native_models import schema
from projections import runner
from projections.read import Views

HUGE = 2**63


@pytest.fixture
def app(tmp_path: Path) -> NovusApp:
    return open_app(tmp_path / "data")


@pytest.fixture
def lines(tmp_path: Path) -> list[bytes]:
    source = open_app(tmp_path / "source")
    data = export_bytes(source, source.simulate("puerto-rico", 3, {}, seed=5, bot="random"))
    first = orjson.loads(data.splitlines()[0])
    del first["id"]
    return [orjson.dumps(first), *data.splitlines()[1:]]


def with_header(lines: list[bytes], change: Any) -> bytes:
    header = orjson.loads(lines[0])
    change(header)
    text = json.dumps(header, sort_keys=True, separators=(",", ":"))  # any integer, unlike orjson
    return b"\n".join([text.encode(), *lines[1:]]) + b"\n"


def setter(*path: str, value: Any) -> Any:
    def change(header: dict[str, Any]) -> None:
        target = header
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


BAD = [
    (("seed",), HUGE, "seed"),
    (("seed",), -HUGE - 1, "seed"),
    (("seed",), 1.5, "seed"),
    (("seed",), True, "seed"),
    (("source", "kind"), 5, "source.kind"),
    (("source", "kind"), ["simulation"], "source.kind"),
    (("source", "name"), {"a": 1}, "source.name"),
    (("source",), "simulation", "source"),
    (("created",), 20260101, "created"),
    (("created",), "x" * 5000, "created"),
    (("rules_version",), 3, "rules_version"),
    (("setup", "players"), ["A", 2, "C"], "setup.players.1"),
    (("setup", "players"), ["A" * 5000, "B", "C"], "setup.players.0"),
    (("setup", "options", "buildings"), 1, "setup.options.buildings"),
    (("setup", "game"), None, "setup.game"),
]


@pytest.mark.parametrize(("path", "value", "field"), BAD)
def test_a_header_field_of_the_wrong_type_or_range_is_refused_naming_it(
    app: NovusApp, lines: list[bytes], path: tuple[str, ...], value: Any, field: str
) -> None:
    data = with_header(lines, setter(*path, value=value))
    result = import_bytes(app, "bad.novus.jsonl", data)
    assert result.status == "rejected" and isinstance(result.error, NativeFormatError)
    assert result.error.line == 1 and f"bad header: {field}" in result.error.message
    assert app.max_notification_id() == 0, "a refused file stored something"
    header = json.loads(data.splitlines()[0])
    assert not jsonschema.Draft202012Validator(schema()).is_valid(header), (
        "the committed JSON Schema must refuse it too"
    )


@pytest.mark.parametrize("seed", [HUGE - 1, -HUGE, None])
def test_the_bounds_themselves_import_and_project(
    app: NovusApp, lines: list[bytes], tmp_path: Path, seed: int | None
) -> None:
    change = setter("seed", value=seed)
    other = setter("source", value={"kind": "import", "name": "x", "extra": [1, {"b": 2}]})
    data = with_header(lines, lambda header: (change(header), other(header)))
    result = import_bytes(app, "edge.novus.jsonl", data)
    assert result.status == "imported", result.error
    report = runner.catch_up(app, folder=tmp_path / "data")
    assert report.skipped == []
    views = Views(tmp_path / "data")
    try:
        got = views.query("SELECT seed FROM games").iloc[0, 0]
    finally:
        views.close()
    assert (None if pd.isna(got) else int(got)) == seed
    assert result.game_id is not None
    stored = app.history(result.game_id).source
    assert stored == {"kind": "import", "name": "x", "extra": [1, {"b": 2}]}, "kept as given"


@pytest.mark.parametrize("seed", [HUGE, -HUGE - 1, 10**30])
def test_the_store_refuses_a_seed_the_views_cannot_hold(app: NovusApp, seed: int) -> None:
    with pytest.raises(SetupError, match=r"seed .* out of range"):
        app.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    assert app.max_notification_id() == 0
