"""One pack layout in every game with packs (`domain.core.packs`): the same folders, the same
entry points, the same answers for a pack that is not there, one synthetic label."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from domain.core import packs as core
from domain.core.errors import MissingComponents
from domain.core.labels import SYNTHETIC_LABEL

GAMES = ("santa_maria", "century_new_world", "mundus_novus")
ROOT = Path(__file__).resolve().parents[2]


def _packs(game: str) -> ModuleType:
    return importlib.import_module(f"domain.{game}.packs")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_lays_its_packs_out_the_same_way(game: str) -> None:
    packs = _packs(game)
    assert packs.PACK_NAMES is core.PACK_NAMES
    assert isinstance(packs.PACKS, core.Packs) and packs.PACKS.parse is packs.parse
    assert (packs.folder, packs.check_pack, packs.load) == (
        packs.PACKS.folder,
        packs.PACKS.check_pack,
        packs.PACKS.load,
    )
    for name in core.PACK_NAMES:
        where = Path(str(packs.folder(name)))
        assert where == ROOT / "domain" / game / "packs" / name and where.is_dir()
        data = [f for f in where.iterdir() if f.suffix in (".csv", ".json")]
        labelled = [f for f in data if SYNTHETIC_LABEL in f.read_text(encoding="utf-8")]
        assert bool(labelled) == (name == "synthetic"), (game, name)


@pytest.mark.parametrize("game", GAMES)
def test_synthetic_loads_and_published_lists_what_it_lacks(game: str) -> None:
    packs = _packs(game)
    assert packs.check_pack("synthetic") == []
    pack, problems = packs.parse(packs.folder("synthetic"))
    assert pack is not None and problems == []
    assert packs.load("synthetic") == pack
    missing = packs.check_pack("published")
    assert missing
    with pytest.raises(MissingComponents) as err:
        packs.load("published")
    assert err.value.pack == "published" and list(err.value.missing) == missing


@pytest.mark.parametrize("game", GAMES)
def test_a_pack_given_by_path_and_one_that_is_not_there(game: str, tmp_path: Path) -> None:
    packs = _packs(game)
    copy = tmp_path / "mine"
    shutil.copytree(Path(str(packs.folder("synthetic"))), copy)
    first = sorted(f for f in copy.iterdir() if f.suffix in (".csv", ".json"))[0]
    assert packs.check_pack(str(copy)) == [] and packs.check_pack(str(first)) == []
    nowhere = str(tmp_path / "nowhere")
    expected = f"{nowhere}: not a pack name (synthetic, published) nor a pack folder"
    assert packs.check_pack(nowhere) == [expected]
    with pytest.raises(MissingComponents) as err:
        packs.load(nowhere)
    assert err.value.missing == (expected,)
    first.unlink()
    assert f"{first.name}: file missing" in packs.check_pack(str(copy))


def test_the_synthetic_label_is_written_once() -> None:
    """Code imports `SYNTHETIC_LABEL`; only `labels.py` spells it out (data files carry it)."""
    spelled = [
        path.relative_to(ROOT).as_posix()
        for top in ("domain", "application", "projections", "importers", "dashboard", "novus")
        for path in (ROOT / top).rglob("*.py")
        if SYNTHETIC_LABEL in path.read_text(encoding="utf-8")
    ]
    assert spelled == ["domain/core/labels.py"]
