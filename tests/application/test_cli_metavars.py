"""`--help` writes each option's value the way a person would (`--limit N [at least 1]`,
`--data-dir DIR`), in the display language, and a flag shows none: typer's own type names
(`<bool>` after every flag, `<list[str]>`, `<int range> [x>=1]`) read like a program's."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from novus.cli.main import app

runner = CliRunner()
TYPER_WORDS = re.compile(r"<(bool|str|int|float|path|list\[|.*range)|x>=|x<=|<=x")


def _help(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def _commands() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = [()]

    def walk(command: object, path: tuple[str, ...]) -> None:
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            found.append((*path, name))
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_help_page_shows_typer_type_names(lang: str) -> None:
    for command in _commands():
        page = _help(*command, "--lang", lang)
        assert not TYPER_WORDS.search(page), (command, TYPER_WORDS.search(page), page)


def _line(page: str, option: str) -> str:
    (line,) = [row for row in page.splitlines() if re.search(rf"{option}\b", row)]
    return line


def test_options_read_as_a_person_writes_them() -> None:
    page = _help("games")
    assert re.search(r"--limit\s+-n\s+N \[at least 1\]\s+Show at most N", page)
    assert re.search(r"--player\s+NAME\s", page) and re.search(r"--data-dir\s+-d\s+DIR\s", page)
    assert re.search(r"--all\s+Every game", _line(page, "--all"))  # a flag takes no value
    assert re.search(r"--help\s+Show this", _line(page, "--help"))
    assert re.search(r"--option\s+-o\s+KEY=VALUE\s", _help("simulate"))
    assert re.search(r"--bot\s+-b\s+random\|heuristic\s", _help("simulate"))
    assert re.search(r"--players\s+-p\s+NAMES\s", _help("new"))
    assert re.search(r"--port\s+-p\s+PORT \[1 to 65535\]", _help("dashboard"))
    assert "novus import [OPTIONS] {PATH}..." in _help("import")


def test_placeholders_in_korean() -> None:
    page = _help("games", "--lang", "ko")
    assert re.search(r"--limit\s+-n\s+N \[1 이상\]", page)
    assert re.search(r"--player\s+이름\s", page) and re.search(r"--data-dir\s+-d\s+폴더\s", page)
    assert re.search(r"--port\s+-p\s+포트 \[1~65535\]", _help("dashboard", "--lang", "ko"))


def test_a_missing_argument_is_named_by_its_placeholder() -> None:
    english = runner.invoke(app, ["show"], env={"COLUMNS": "200"})
    assert english.exit_code == 2 and "Missing argument 'GAME'" in english.output
    korean = runner.invoke(app, ["show", "--lang", "ko"], env={"COLUMNS": "200"})
    assert korean.exit_code == 2 and "'게임'" in korean.output


def test_command_summaries_are_one_line() -> None:
    """Typer keeps a line break inside a summary (rich markup): `novus --help` broke the
    branch and finish summaries mid-sentence ("... in its source);" / "prints its id.")."""
    root = typer.main.get_command(app)
    for path in _commands()[1:]:
        command = root
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        summary = (command.help or "").strip().split("\n\n")[0]
        assert "\n" not in summary, (path, summary)
