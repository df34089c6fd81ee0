"""Component packs: the synthetic pack is complete and labelled, the published pack refuses to
start and lists what is missing, check_pack reads folders, and replays need no catalog."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from domain.core.errors import MissingComponents, SetupError
from domain.core.play import play, replay
from domain.core.protocol import Setup
from domain.mundus_novus import packs
from domain.mundus_novus.rules import RULES

SYNTHETIC_DIR = Path(packs.__file__).parent / "synthetic"


def test_the_synthetic_pack_is_complete_and_structured_like_the_game() -> None:
    assert packs.check_pack("synthetic") == []
    pack = packs.load("synthetic")
    assert pack.synthetic and sum(pack.resources) == 120 and pack.resources[1] == 16
    assert len(pack.development) == 44
    kinds = {c.kind for c in pack.development}
    assert kinds == set(packs.DEV_KINDS)
    names = sorted(c.name for c in pack.development if c.kind == "personality")
    assert names == sorted(packs.PERSONALITIES)
    header = (SYNTHETIC_DIR / "development.csv").read_text().splitlines()[0]
    assert packs.SYNTHETIC_LABEL in header


def test_the_published_pack_lists_what_is_missing_and_refuses_to_start() -> None:
    problems = packs.check_pack("published")
    assert any("44" in p for p in problems)
    assert any("no caravel card" in p for p in problems)
    assert any("event icon not sourced" in p for p in problems)
    with pytest.raises(MissingComponents) as err:
        RULES.prepare(["A", "B", "C"], {"pack": "published"})
    assert err.value.pack == "published" and err.value.missing == tuple(problems)


def test_published_pack_holds_only_sourced_facts() -> None:
    text = (SYNTHETIC_DIR.parent / "published" / "development.csv").read_text()
    assert "cortes,,,3" in text and "Merchant 4-6,,4-6" in text
    assert packs.SYNTHETIC_LABEL not in text


def test_check_pack_reads_a_folder_and_reports_bad_rows(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(SYNTHETIC_DIR, folder)
    assert packs.check_pack(str(folder)) == []
    assert packs.check_pack(str(folder / "development.csv")) == []
    dev = folder / "development.csv"
    dev.write_text(dev.read_text().replace("d03,caravel,Caravel 3,3", "d03,caravel,Caravel 3,x"))
    assert any("value 'x'" in p for p in packs.check_pack(str(folder)))
    res = folder / "resources.csv"
    res.write_text(res.read_text().replace("1,cocoa,16", "1,cocoa,6"))
    assert any("110 cards" in p for p in packs.check_pack(str(folder)))
    assert packs.check_pack(str(tmp_path / "nowhere")) == [
        f"{tmp_path / 'nowhere'}: not a pack name (synthetic, published) nor a pack folder"
    ]
    dev.unlink()
    assert packs.check_pack(str(folder)) == ["development.csv: file missing"]


def test_options_and_player_counts() -> None:
    (spec,) = RULES.options
    assert spec.key == "pack" and spec.default == "synthetic"
    assert "synthetic" in spec.values and "published" in spec.values
    assert "invented" in spec.help
    with pytest.raises(SetupError):
        RULES.prepare(["A"], {})
    with pytest.raises(SetupError):
        RULES.prepare([f"P{i}" for i in range(7)], {})
    with pytest.raises(SetupError):
        RULES.prepare(["A", "B"], {"pack": "printed"})
    with pytest.raises(SetupError):
        RULES.prepare(["A", "B"], {"variant": "x"})


@pytest.mark.parametrize(("players", "cards"), [(2, 26), (3, 32), (4, 38), (5, 44), (6, 44)])
def test_cards_above_the_player_count_are_removed(players: int, cards: int) -> None:
    setup = RULES.prepare([f"P{i}" for i in range(players)], {})
    assert len(setup.components["development"]) == cards
    assert len(setup.components["removed"]) == 44 - cards
    assert all(c["players"] <= players for c in setup.components["development"])


def test_six_players_play_to_the_end() -> None:
    """The published rules say 2 to 6 players (player-count numbers go up to 6): a six-player
    game of heuristic bots is dealt 30 hidden cards a round, ends and replays."""
    setup = RULES.prepare([f"P{i}" for i in range(6)], {})
    bots = [RULES.bot("heuristic", i) for i in range(6)]
    steps, final = play(RULES, setup, bots, random.Random(6))
    assert RULES.is_over(final) and len(RULES.scores(final).seats) == 6
    assert replay(RULES, setup, steps) == final


def test_a_pack_may_repeat_personalities_and_take_cards_for_six_players(tmp_path: Path) -> None:
    """About fifteen personality cards for nine personalities: repeats are accepted, and a
    player-count number of 6 is valid."""
    folder = tmp_path / "mine"
    shutil.copytree(SYNTHETIC_DIR, folder)
    dev = folder / "development.csv"
    text = dev.read_text()
    old, new = "d01,caravel,Caravel 1,1,,0,,none,2", "d01,personality,coronado,,,0,,none,6"
    text = text.replace(old, new)
    dev.write_text(text)
    assert packs.check_pack(str(folder)) == []
    cards = packs.load(str(folder)).development
    assert sum(1 for c in cards if c.name == "coronado") == 2
    assert next(c for c in cards if c.id == "d01").players == 6


def test_the_synthetic_label_is_in_the_view() -> None:
    setup = RULES.prepare(["A", "B"], {})
    assert RULES.view(RULES.initial_state(setup))["synthetic"] == packs.SYNTHETIC_LABEL
    assert RULES.synthetic_note == ""


def test_a_recorded_game_replays_without_any_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = RULES.prepare(["A", "B", "C"], {})
    steps, final = play(RULES, setup, [RULES.bot("random", i) for i in range(3)], random.Random(3))
    stored = Setup.from_json(setup.to_json())

    def no_catalog(*args: object) -> None:
        raise AssertionError("the pack catalog was read during a replay")

    monkeypatch.setattr(packs, "load", no_catalog)
    monkeypatch.setattr(packs, "parse", no_catalog)
    monkeypatch.setattr(packs.PACKS, "parse", no_catalog)
    assert replay(RULES, stored, steps) == final
