"""Refactorings keep behaviour: the fixed games of all four games import, export to the very
same files, project to the same rows, and fresh setups are the same (`tests/behaviour.py`)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.behaviour import EXPECTED, differences, snapshot


def test_fixed_games_behave_as_recorded(tmp_path: Path) -> None:
    found = snapshot(tmp_path)
    assert not found["rejected"]
    assert set(found["exports"].values()) == {"same"}
    assert len(found["exports"]) == 17
    diff = differences(found, json.loads(EXPECTED.read_text()))
    assert not diff, (
        "behaviour changed (if meant: python3 -m tests.behaviour --write):\n" + "\n".join(diff)
    )


def test_differences_names_what_changed() -> None:
    expected = json.loads(EXPECTED.read_text())
    found = json.loads(EXPECTED.read_text())
    found["tables"]["steps"] = [0, "x"]
    found["exports"]["extra.novus.jsonl"] = "differs"
    assert differences(found, expected) == [
        "exports extra.novus.jsonl: expected None, found differs",
        f"tables steps: expected {expected['tables']['steps']}, found [0, 'x']",
    ]
