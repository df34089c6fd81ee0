"""`--lang ko|en` on every command and `NOVUS_LANG`: the CLI speaks Korean."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from application import i18n
from novus.cli.main import app

runner = CliRunner()

HANGUL = re.compile("[가-힣]")


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    data = tmp_path_factory.mktemp("lang") / "data"
    result = runner.invoke(
        app,
        ["simulate", "--game", "puerto-rico", "--players", "3", "--games", "1",
         "--seed", "5", "--bot", "random", "-d", str(data)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    game_id = re.findall(r"ids: ([0-9a-f]{8})", result.output)[0]
    return data, game_id


def run(*args: str, env: dict[str, str] | None = None) -> str:
    i18n.clear_missing()
    result = runner.invoke(app, list(args), env=env)
    assert "Traceback" not in result.output
    return result.output


def test_log_in_korean_with_lang_anywhere(stored: tuple[Path, str]) -> None:
    data, game_id = stored
    english = run("log", game_id[:8], "-d", str(data))
    assert "Puerto Rico" in english and not HANGUL.search(english)
    after = run("log", game_id[:8], "-d", str(data), "--lang", "ko")
    before = run("--lang", "ko", "log", game_id[:8], "-d", str(data))
    assert after == before
    assert "푸에르토 리코" in after and "최종" in after and "선택합니다" in after
    assert run("log", game_id[:8], "-d", str(data)) == english  # the next run is English again


def test_novus_lang_chooses_korean(stored: tuple[Path, str]) -> None:
    data, game_id = stored
    out = run("log", game_id[:8], "-d", str(data), env={"NOVUS_LANG": "ko"})
    assert "푸에르토 리코" in out
    out = run("log", game_id[:8], "-d", str(data), "--lang", "en", env={"NOVUS_LANG": "ko"})
    assert "Puerto Rico" in out


def test_errors_in_korean(tmp_path: Path) -> None:
    result = runner.invoke(app, ["log", "abc", "-d", str(tmp_path / "none"), "--lang", "ko"])
    assert result.exit_code == 1
    assert "오류:" in result.output


def _english_ids() -> set[str]:
    """English catalog texts long enough not to match a name by chance."""
    return {
        msgid
        for (_context, msgid) in i18n.entries("ko")
        if len(msgid) > 12 and "{" not in msgid and " " in msgid
    }


@pytest.mark.parametrize(
    "command",
    [["games"], ["log", "GAME"], ["verify", "GAME"], ["rules"], ["log", "nope"]],
)
def test_cli_output_in_korean_has_no_untranslated_catalog_text(
    stored: tuple[Path, str], command: list[str]
) -> None:
    data, game_id = stored
    args = [game_id[:8] if a == "GAME" else a for a in command]
    out = run(*args, "-d", str(data), "--lang", "ko")
    assert not i18n.missing(), sorted(i18n.missing(), key=str)
    left = [msgid for msgid in _english_ids() if msgid in out]
    assert not left, left
