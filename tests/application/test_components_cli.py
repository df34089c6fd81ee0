"""`novus components list|check` over a game with a pack module (a fake one for the toy game)."""

from __future__ import annotations

import importlib.machinery
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from novus.cli.main import app

runner = CliRunner()
MODULE = "domain.toy_pig.packs"


def _check(source: str) -> list[str]:
    if source == "synthetic":
        return []
    if source == "published":
        return ["pig: the target score is not sourced", "pig: the die is not sourced"]
    if Path(source).exists():
        text = Path(source).read_text()
        return [] if text.strip() == "complete" else [f"{source}: no target row"]
    raise AssertionError("the CLI only passes names it knows or existing paths")


@pytest.fixture
def toy_packs(toy_game: str) -> Iterator[str]:
    module = types.ModuleType(MODULE)
    module.__spec__ = importlib.machinery.ModuleSpec(MODULE, None)
    module.PACK_NAMES = ("published", "synthetic")  # type: ignore[attr-defined]
    module.check_pack = _check  # type: ignore[attr-defined]
    sys.modules[MODULE] = module
    yield toy_game
    del sys.modules[MODULE]


def novus(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, " ".join(result.output.split())


def test_list_shows_each_pack_and_whether_it_is_complete(toy_packs: str) -> None:
    code, out = novus("components", "list")
    assert code == 0, out
    assert "Pig (test dice game)" in out and "2 missing" in out and "complete" in out
    assert "synthetic components, not the printed game" in out


def test_check_names_every_missing_fact_and_fails(toy_packs: str) -> None:
    code, out = novus("components", "check", "published", "--game", toy_packs)
    assert code == 1
    assert "the target score is not sourced" in out and "the die is not sourced" in out
    assert "docs/components.md" in out
    code, out = novus("components", "check", "synthetic", "--game", toy_packs)
    assert code == 0 and "complete and valid" in out


def test_check_a_pack_file_and_unknown_names(toy_packs: str, tmp_path: Path) -> None:
    good, bad = tmp_path / "good.pack", tmp_path / "bad.pack"
    good.write_text("complete")
    bad.write_text("half")
    assert novus("components", "check", str(good), "--game", toy_packs)[0] == 0
    code, out = novus("components", "check", str(bad), "--game", toy_packs)
    assert code == 1 and "no target row" in out
    code, out = novus("components", "check", "nonesuch", "--game", toy_packs)
    assert code == 1 and "no pack named 'nonesuch'" in out


def test_korean_screens_get_korean_headings_statuses_and_errors(
    toy_packs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NOVUS_LANG=ko: check's verdicts, its error and hint, and list's notes are Korean (they were
    English on Korean screens); only the engines' problem lines stay English, and say so."""
    monkeypatch.setenv("NOVUS_LANG", "ko")
    code, out = novus("components", "check", "published", "--game", toy_packs)
    assert code == 1
    assert "문제 2개" in out and "영어로" in out and "the die is not sourced" in out
    assert "팩 1개가 빠진 것이 있거나 올바르지 않습니다" in out and "docs/components.md에" in out
    assert "problem(s)" not in out and "incomplete or invalid" not in out
    code, out = novus("components", "check", "synthetic", "--game", toy_packs)
    assert code == 0 and "정상" in out and "빠진 것 없이 올바름" in out
    assert "complete and valid" not in out and "합성 구성물" in out
    code, out = novus("components", "check", "nonesuch", "--game", toy_packs)
    assert code == 1 and "'nonesuch'라는 팩도" in out and "no pack named" not in out
    code, out = novus("components", "check", "synthetic", "--game", "푸에르토 리코")
    assert code == 1 and "푸에르토 리코는 팩이 아니라" in out and "puerto-rico" not in out
    code, out = novus("components", "list")
    assert code == 0 and "푸에르토 리코" in out and "** 인쇄된 게임과 대조해" in out
