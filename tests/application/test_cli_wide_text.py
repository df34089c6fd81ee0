"""Korean lines that fit their cell but for the space after them lost their last word to '…'
(Rich trimmed that space by counting characters, not cells: novus/cli/wide_text.py)."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from application import i18n
from novus.cli import wide_text
from novus.cli.main import app

LINE = "데이터 폴더 (기본값: $NOVUS_DATA_DIR 또는 ./novus-data)"


def test_a_line_that_fits_but_for_its_trailing_space_keeps_its_last_word() -> None:
    wide_text.install()
    lines = Text(LINE).wrap(Console(width=41), 41, overflow="ellipsis")
    assert [str(line) for line in lines] == [
        "데이터 폴더 (기본값: $NOVUS_DATA_DIR 또는",
        "./novus-data)",
    ]
    english = Text("data folder: the default or one named").wrap(Console(), 12, overflow="ellipsis")
    assert "…" not in "".join(str(line) for line in english)  # one-cell letters as before


@pytest.mark.parametrize("command", ["draw", "stats", "dashboard", "components"])
def test_korean_help_pages_at_80_columns_cut_no_word(command: str) -> None:
    try:
        result = CliRunner().invoke(
            app, [command, "--help", "--lang", "ko"], env={"COLUMNS": "80"}, terminal_width=80
        )
    finally:
        i18n.set_language(None)
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, [ln for ln in result.output.splitlines() if "…" in ln]
