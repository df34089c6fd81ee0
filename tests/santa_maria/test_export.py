"""A Santa Maria game through the native format: labelled header, import replays without a pack."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.core.play import play, replay
from domain.santa_maria import packs
from domain.santa_maria.rules import RULES
from importers.native import NativeGame, dumps, loads


def test_export_header_carries_the_label_and_import_needs_no_pack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    setup = RULES.prepare(["Anna", "Helge"], {"setup": "advanced", "blue_dice": "shared"})
    steps, final = play(
        RULES, setup, [RULES.bot("heuristic", i) for i in range(2)], random.Random(9)
    )
    game = NativeGame(
        setup, RULES.rules_version, {"kind": "simulation"}, 9, "2026-01-01", tuple(steps)
    )
    raw = dumps(game)
    header = raw.split(b"\n", 1)[0]
    assert b"synthetic components, not the printed game" in header
    assert b'"pack":"synthetic"' in header

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the pack was read")

    monkeypatch.setattr(packs, "load", forbidden)
    back = loads("game.novus.jsonl", raw)
    assert replay(RULES, back.setup, back.steps) == final
    assert dumps(back) == raw


def test_a_completed_published_pack_starts() -> None:
    data = packs.data("synthetic")
    data["pack"] = "published"
    cat = packs.catalog("published", data)
    assert cat.pack == "published" and not cat.synthetic
