"""The component packs' problems (`novus components check`, a published game refused) in the
display language: they were English lines on Korean screens ("- missing boards: the four
colony boards' A sides ...").

The pack checkers stay in the pure domain: each problem is `worded(...)` text (English, and the
`Phrase` it was made from, a catalog id), translated where it is shown."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from application import i18n
from application.i18n import explained, render
from domain.core.errors import MissingComponents
from domain.core.phrase import Worded
from novus.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
CHECKERS = (
    "domain/core/packs.py",
    "domain/century_new_world/packs",
    "domain/mundus_novus/packs",
    "domain/santa_maria/packs",
    "domain/santa_maria/components.py",
    "domain/century_new_world/cubes.py",
)
GAMES = ("century_new_world", "mundus_novus", "santa_maria")


@pytest.fixture
def korean() -> Iterator[None]:
    i18n.set_language("ko")
    i18n.clear_missing()
    yield
    i18n.set_language(None)


def _hangul(text: str) -> bool:
    return any("가" <= ch <= "힣" for ch in text)


def _published(game: str) -> list[str]:
    from importlib import import_module

    problems: list[str] = import_module(f"domain.{game}.packs").check_pack("published")
    return problems


def _bare(node: ast.AST) -> bool:
    """English made on the spot: a string literal or an f-string."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(node.value)
    )


def test_no_checker_notes_a_problem_in_bare_english() -> None:
    found = []
    for part in CHECKERS:
        where = ROOT / part
        for path in sorted(where.rglob("*.py") if where.is_dir() else [where]):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                    if any(_bare(a) for a in node.exc.args):  # a row's reason, shown after it
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                    continue
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                    continue
                if node.func.attr in ("append", "extend") and any(
                    _bare(a) or (isinstance(a, ast.GeneratorExp) and _bare(a.elt))
                    for a in node.args
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found


@pytest.mark.usefixtures("korean")
@pytest.mark.parametrize("game", GAMES)
def test_the_published_packs_problems_read_in_korean(game: str) -> None:
    problems = _published(game)
    assert problems and all(isinstance(p, Worded) for p in problems)
    shown = [render(p) for p in problems]
    assert all(_hangul(s) for s in shown), shown
    assert not i18n.missing(), sorted(i18n.missing(), key=str)


@pytest.mark.parametrize("game", GAMES)
def test_english_stays_as_it_was(game: str) -> None:
    problems = _published(game)
    assert [render(p, "en") for p in problems] == [str(p) for p in problems]
    assert not any(_hangul(p) for p in problems)


def test_components_check_prints_the_problems_in_korean() -> None:
    result = CliRunner().invoke(
        app, ["components", "check", "published", "--game", "santa-maria", "--lang", "ko"]
    )
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("  - ")]
    assert len(lines) == len(_published("santa_maria"))
    assert all(_hangul(line) for line in lines), lines
    assert "  - boards 없음: 개척지 판 4장의 A면과 모두 같은 B면" in lines


@pytest.mark.usefixtures("korean")
def test_a_refused_published_game_lists_its_problems_in_korean(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "resources.csv").write_text("kind,count\n", encoding="utf-8")
    from domain.mundus_novus import packs

    with pytest.raises(MissingComponents) as refused:
        packs.load(str(folder))
    message, _hint = explained(refused.value)
    listed = message.split("\n  - ")[1:]
    assert listed == ["development.csv: 파일이 없습니다"], message
    assert json.dumps(str(refused.value)).count("file missing") == 1  # English as it was


@pytest.mark.usefixtures("korean")
def test_an_invalid_row_says_why_in_korean(tmp_path: Path) -> None:
    """A pack an owner completes: the row's reason reads in Korean after its file and line."""
    import shutil

    from domain.century_new_world import packs

    source = Path(str(packs.folder("synthetic")))
    folder = tmp_path / "pack"
    shutil.copytree(source, folder)
    rows = (folder / "locations.csv").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(rows) if ",village," in line)
    rows[at] = rows[at].replace(",village,", ",castle,")
    cards = (folder / "point_cards.csv").read_text(encoding="utf-8").splitlines()
    last = len(cards) - 1
    cards[last] = cards[last].replace(cards[last].split(",")[1], "YQ", 1)
    (folder / "locations.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "point_cards.csv").write_text("\n".join(cards) + "\n", encoding="utf-8")
    shown = [render(p) for p in packs.check_pack(str(folder))]
    assert f"locations.csv {at + 1}번째 줄: kind 'castle': " in shown[0], shown
    assert shown[0].endswith("중 하나여야 합니다")
    assert any("알 수 없는 큐브 'Q'" in s for s in shown), shown
