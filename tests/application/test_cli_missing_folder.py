"""A reading command pointed at a data folder that does not exist (a typo in -d, in
NOVUS_DATA_DIR, or no ./novus-data yet) says so, naming the folder and what to do, exits 1 like
any file not found, and creates nothing. `novus games` said "no games stored yet" and exited 0,
which read like lost games."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from application import i18n
from novus.cli.main import app

runner = CliRunner()

READING = (
    ["games"],
    ["games", "--json"],
    ["games", "--csv"],
    ["show", "abc"],
    ["log", "abc"],
    ["stats"],
    ["verify", "--all"],
    ["export", "abc"],
    ["legal", "abc"],
    ["project"],
)


def run(args: list[str], env: dict[str, str] | None = None, lang: str = "en") -> tuple[int, str]:
    try:
        result = runner.invoke(app, [*args, "--lang", lang], env=env, terminal_width=300)
    finally:
        i18n.set_language(None)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.parametrize("args", READING, ids=" ".join)
def test_a_mistyped_data_dir_is_an_error_that_names_it(tmp_path: Path, args: list[str]) -> None:
    typo = tmp_path / "novus-dta"
    code, out = run([*args, "-d", str(typo)])
    assert code == 1, out
    assert f"error: the data folder {typo} (from --data-dir) does not exist" in out
    assert "check the folder's name" in out and "`novus demo`" in out
    assert "`novus simulate`" in out and "no games stored yet" not in out
    assert not typo.exists()  # reading never creates the folder
    assert list(tmp_path.iterdir()) == []


def test_the_folder_from_the_environment_or_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run(["games"], env={"NOVUS_DATA_DIR": str(tmp_path / "elsewhere")})
    assert code == 1 and f"{tmp_path / 'elsewhere'} (from NOVUS_DATA_DIR) does not exist" in out
    code, out = run(["games"], env={"NOVUS_DATA_DIR": ""})  # a first run: nothing there yet
    assert code == 1 and f"{tmp_path / 'novus-data'} (the default) does not exist" in out
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_without_games_is_still_empty_not_an_error(tmp_path: Path) -> None:
    code, out = run(["games", "-d", str(tmp_path)])
    assert code == 0 and "no games stored yet" in out, out
    assert list(tmp_path.iterdir()) == []


def test_said_in_korean(tmp_path: Path) -> None:
    typo = tmp_path / "novus-dta"
    code, out = run(["games", "-d", str(typo)], lang="ko")
    assert code == 1 and f"데이터 폴더 {typo}" in out and "`novus demo`" in out, out
    assert "does not exist" not in out and "check" not in out
    assert not typo.exists()


def test_the_dashboard_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`novus dashboard -d <typo>` made the folder and served an empty dashboard after a note
    that was easy to miss."""
    from novus.cli import dashboard

    served: list[Path] = []
    monkeypatch.setattr(dashboard, "check_port", lambda port, host: None)
    monkeypatch.setattr(dashboard, "run_dashboard", lambda folder, *rest: served.append(folder))
    typo = tmp_path / "novus-dta"
    for lang, said in (("en", "(from --data-dir) does not exist"), ("ko", "데이터 폴더")):
        code, out = run(["dashboard", "-d", str(typo), "--no-browser"], lang=lang)
        assert code == 1 and said in out and str(typo) in out, out
        assert "`novus demo`" in out and "holds no games" not in out
    assert served == [] and list(tmp_path.iterdir()) == []


def test_the_dashboard_on_the_default_folder_starts_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first `novus dashboard` with no games yet (no -d, no NOVUS_DATA_DIR) opens the
    dashboard to upload or record games in, after the note; only a folder someone named is
    checked for a typo."""
    from novus.cli import dashboard

    served: list[Path] = []
    monkeypatch.setattr(dashboard, "check_port", lambda port, host: None)
    monkeypatch.setattr(dashboard, "run_dashboard", lambda folder, *rest: served.append(folder))
    monkeypatch.chdir(tmp_path)
    code, out = run(["dashboard", "--no-browser"], env={"NOVUS_DATA_DIR": ""})
    assert code == 0 and served == [tmp_path / "novus-data"], out
    assert "holds no games yet" in out and "does not exist" not in out
    code, out = run(["dashboard", "--no-browser"], env={"NOVUS_DATA_DIR": str(tmp_path / "typo")})
    assert code == 1 and "(from NOVUS_DATA_DIR) does not exist" in out, out
    assert served == [tmp_path / "novus-data"]
