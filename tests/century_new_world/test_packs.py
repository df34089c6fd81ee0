"""Component packs: the synthetic pack is complete and labelled; the published one lists gaps."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from domain.century_new_world import packs
from domain.core.errors import MissingComponents


def test_synthetic_pack_is_complete_and_labelled() -> None:
    assert packs.check_pack("synthetic") == []
    pack = packs.load("synthetic")
    assert pack.label == packs.SYNTHETIC_LABEL
    for table in ("locations", "point_cards", "bonus_tiles", "exploration_tiles"):
        head = (packs.folder("synthetic") / f"{table}.csv").read_text().splitlines()[0]
        assert head.startswith("# synthetic components, not the printed game")
    assert len(pack.point_cards) == 56
    assert sum(1 for t in pack.bonus_tiles if not t.mark) == 17
    assert len(pack.exploration_tiles) == 10
    assert {c.mark for c in pack.point_cards} == {"", "star", "3+", "=4"}


def test_published_pack_holds_only_sourced_facts_and_lists_what_is_missing() -> None:
    problems = packs.check_pack("published")
    assert any("board A1" in p for p in problems)
    assert any("board F1" in p for p in problems)
    assert any(p.startswith("point_cards: 0 of 56") for p in problems)
    assert any(p.startswith("bonus_tiles: 0 of 17") for p in problems)
    assert any(p.startswith("exploration_tiles: 0 of 10") for p in problems)
    with pytest.raises(MissingComponents) as caught:
        packs.load("published")
    assert caught.value.missing == tuple(problems)
    assert "pack=synthetic" in caught.value.hint
    facts = packs.read(packs.folder("published"))[0]
    assert facts is not None and facts.facts.starting_cubes == (
        (3, 0, 0, 0),
        (4, 0, 0, 0),
        (4, 0, 0, 0),
        (3, 1, 0, 0),
    )


def test_check_pack_reports_bad_rows_with_file_and_line(tmp_path: Path) -> None:
    copy = tmp_path / "mine"
    shutil.copytree(Path(str(packs.folder("synthetic"))), copy)
    text = (copy / "locations.csv").read_text().splitlines()
    text[4] = "A1,A1-1,mining,1,,YY,1,,0"
    text.append("A1,A1-2,production,1,,Q,1,,0")
    (copy / "locations.csv").write_text("\n".join(text) + "\n")
    (copy / "exploration_tiles.csv").write_text("id,points,benefit\nX1,2,explore\n")
    problems = packs.check_pack(str(copy))
    assert any("locations.csv line 5" in p and "mining" in p for p in problems)
    assert any("locations.csv line" in p and "'Q'" in p for p in problems)
    assert any("exploration tile cannot grant explore" in p for p in problems)
    assert any("3 village (fort) locations, the game has 4" in p for p in problems)
    assert any("exploration_tiles: 0 of 10" in p for p in problems)


def test_a_file_of_a_pack_names_its_folder(tmp_path: Path) -> None:
    copy = tmp_path / "mine"
    shutil.copytree(Path(str(packs.folder("synthetic"))), copy)
    assert packs.check_pack(str(copy / "pack.json")) == []


def test_unknown_source() -> None:
    assert packs.check_pack("/no/such/folder")[0].startswith("/no/such/folder: not a pack")


def test_a_pack_with_no_way_to_bring_the_reserve_settlers_into_play_is_incomplete(
    tmp_path: Path,
) -> None:
    # KO setup 6: the 6 settlers beside the board are "아직 사용할 수 없는" (not usable yet);
    # only a settlers benefit brings them, so a pack without one cannot be the printed game.
    copy = tmp_path / "mine"
    shutil.copytree(Path(str(packs.folder("synthetic"))), copy)
    for name in ("point_cards.csv", "bonus_tiles.csv", "exploration_tiles.csv"):
        lines = (copy / name).read_text().splitlines()
        cleaned = [",".join("" if f.startswith("settlers:") else f for f in line.split(","))
                   for line in lines]  # fmt: skip
        (copy / name).write_text("\n".join(cleaned) + "\n")
    problems = packs.check_pack(str(copy))
    assert problems == [
        "benefits: no point card, bonus tile or exploration tile brings settlers, so the 6 "
        "beside each player board (KO setup 6: not usable yet) would never come into play"
    ]
