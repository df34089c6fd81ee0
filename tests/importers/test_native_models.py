"""The pydantic models and the committed JSON Schema describe exactly what the writer writes."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import orjson
import pytest

from application.service import open_app
from importers.api import export_bytes
from importers.native_models import STEP, Header, schema, schema_text

SCHEMA_FILE = Path(__file__).parents[2] / "docs" / "native-format.schema.json"


def test_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "regenerate: python3 -m importers.native_models > docs/native-format.schema.json"
    )


def test_every_exported_line_fits_the_models_and_the_schema(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    raw = export_bytes(app, app.simulate("puerto-rico", 4, {}, seed=3, bot="heuristic"))
    lines = [orjson.loads(line) for line in raw.splitlines()]
    Header.model_validate(lines[0])
    for line in lines[1:]:
        STEP.validate_python(line)
    validator = jsonschema.Draft202012Validator(schema())
    for line in lines:
        validator.validate(line)


@pytest.mark.parametrize(
    "line",
    [{"seat": "0", "action": "pass"}, {"seat": -1, "action": "pass"}, {"chance": [1.5]}, {}],
)
def test_schema_rejects_malformed_steps(line: object) -> None:
    validator = jsonschema.Draft202012Validator(schema())
    assert not validator.is_valid(line)
