"""`novus stats` titles are lines of their own: as the tables' titles they wrapped to the width
of a narrow table ("레이팅 (OpenSkill; ordinal = mu - 3 sigma) (게임:" / "푸에르토 리코)"),
seen in an 80-column terminal."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from application.service import open_app
from novus.cli import projections as area
from novus.cli.console import OutputConsole
from novus.cli.main import app


def test_a_long_title_over_a_narrow_table_stays_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_app(tmp_path / "data")
    for seed in (1, 2):
        store.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    store.close()
    out = io.StringIO()
    screen = OutputConsole(file=out, width=80, force_terminal=True, color_system=None)
    monkeypatch.setattr(area, "console", screen)
    args = ["stats", "--game", "puerto-rico", "-d", str(tmp_path / "data"), "--lang", "ko"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    assert "레이팅 (OpenSkill; ordinal = mu - 3 sigma) (게임: 푸에르토 리코)" in lines, lines
    ratings = lines.index("레이팅 (OpenSkill; ordinal = mu - 3 sigma) (게임: 푸에르토 리코)")
    assert lines[ratings + 1].split()[:3] == ["플레이어", "mu", "sigma"]  # its table right under it
