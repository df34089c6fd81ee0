"""The package's component tables match the shared, sourced CSV files."""

from __future__ import annotations

import csv
from pathlib import Path

from domain.puerto_rico.components import (
    BUILDINGS,
    GOODS,
    GOODS_SUPPLY,
    PLANTATIONS_BOX,
    PRICES,
    SETUP,
)

SHARED = Path(__file__).resolve().parents[2] / "domain" / "puerto_rico" / "tables"
"""Copies of shared/components/puerto-rico/ with their source notes (SOURCES.md)."""


def rows(name: str) -> list[dict[str, str]]:
    with (SHARED / name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_buildings_match_the_csv() -> None:
    by_id = {b.id: b for b in BUILDINGS}
    for r in rows("buildings.csv"):
        if r["expansion"] == "nobles":
            continue
        b = by_id[r["id"]]
        assert (b.name, b.name_ko, b.kind, b.cost, b.vp, b.slots, b.column, b.spaces) == (
            r["name_en"],
            r["name_ko"],
            r["kind"],
            int(r["cost"]),
            int(r["vp"]),
            int(r["colonist_slots"]),
            int(r["column"]),
            int(r["spaces"]),
        )
        assert b.copies == int(r["count_base_game"]) and b.count_2p == int(r["count_2p"])
        assert b.good == (GOODS.index(r["good"]) if r["good"] else -1)


def test_goods_plantations_and_setup_match_the_csv() -> None:
    for r in rows("goods.csv"):
        g = GOODS.index(r["good"])
        assert PRICES[g] == int(r["trading_house_price"])
        assert GOODS_SUPPLY[3][g] == int(r["count_box"])
        assert GOODS_SUPPLY[2][g] == int(r["count_2p"])
    for r in rows("plantations.csv"):
        if r["tile_type"] != "quarry":
            assert PLANTATIONS_BOX[GOODS.index(r["tile_type"])] == int(r["count_box"])
    for r in rows("setup.csv"):
        row = SETUP[int(r["player_count"])]
        assert row.vp_chips == int(r["vp_chips"])
        assert row.colonists_supply == int(r["colonists_supply"])
        assert row.colonists_on_ship == int(r["colonists_on_ship_start"])
        assert row.ships == tuple(int(x) for x in r["cargo_ship_sizes"].split("|"))
        assert row.doubloons == int(r["starting_doubloons"])
