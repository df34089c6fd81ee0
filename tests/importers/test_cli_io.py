"""`novus export` and `novus import`: files out, files in, summary, exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from application.service import open_app
from novus.cli.main import app, registered

runner = CliRunner()


def novus(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


def test_io_area_is_registered() -> None:
    assert "io" in registered


def test_export_one_and_all_then_import_idempotently(tmp_path: Path) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    store = open_app(source)
    ids = [store.simulate("puerto-rico", n, {}, seed=n, bot="random") for n in (3, 4)]
    code, out = novus("export", ids[0].hex[:8], "-o", tmp_path / "one.novus.jsonl", "-d", source)
    assert code == 0 and (tmp_path / "one.novus.jsonl").read_bytes().startswith(b'{"created"')
    code, out = novus("export", "--all", "-o", tmp_path / "all", "-d", source)
    assert code == 0 and "exported 2 games" in out
    files = sorted((tmp_path / "all").iterdir())
    assert len(files) == 2
    code, out = novus("import", *files, "-d", target)
    assert code == 0 and "2 imported, 0 already present, 0 rejected" in out
    code, out = novus("import", *files, "--format", "native", "-d", target)
    assert code == 0 and "0 imported, 2 already present, 0 rejected" in out
    code, out = novus("import", tmp_path / "all", "-d", target)  # a folder: its files
    assert code == 0 and "0 imported, 2 already present, 0 rejected" in out
    assert sorted(open_app(target).game_ids()) == sorted(ids)


def test_a_rejected_file_gives_a_non_zero_exit_and_a_summary(tmp_path: Path) -> None:
    store = open_app(tmp_path / "a")
    store.simulate("puerto-rico", 3, {}, seed=2, bot="random")
    novus("export", "--all", "-o", tmp_path / "all", "-d", tmp_path / "a")
    (good,) = (tmp_path / "all").iterdir()
    bad = tmp_path / "bad.novus.jsonl"
    bad.write_bytes(good.read_bytes()[:-200])
    code, out = novus("import", good, bad, "-d", tmp_path / "b")
    assert code == 1
    assert "1 imported, 0 already present, 1 rejected" in out
    assert "rejected:" in out and "bad.novus.jsonl:" in out


def test_export_needs_a_game_or_all(tmp_path: Path) -> None:
    open_app(tmp_path / "a").simulate("puerto-rico", 3, {}, seed=2, bot="random")
    code, out = novus("export", "-d", tmp_path / "a")
    assert code == 1 and "name one GAME or pass --all" in out


def test_import_of_reports_with_lenient_warnings(tmp_path: Path) -> None:
    data = Path(__file__).parent / "data" / "pr-4p.txt"
    typo = tmp_path / "session.txt"
    typo.write_text(
        data.read_text(encoding="utf-8").replace("Dan purchases", "Dann purchases", 1),
        encoding="utf-8",
    )
    code, out = novus("import", typo, "--format", "pbem-report", "-d", tmp_path / "s")
    assert code == 1 and "unknown player 'Dann'" in out and "0 imported" in out
    code, out = novus("import", typo, "--lenient", "-d", tmp_path / "s")
    assert code == 0 and "'Dann' read as 'Dan'" in out and "1 imported" in out


def test_a_native_file_with_an_illegal_move_is_rejected_in_korean(tmp_path: Path) -> None:
    """Native files are language-neutral, so their rejection is said in the display language:
    the engine's reason and what is legal now, and the file's line (the play-by-email reader's
    own reasons stay English, as the reports are)."""
    store = open_app(tmp_path / "a")
    game = store.simulate("puerto-rico", 3, {}, seed=2, bot="random")
    good = tmp_path / "good.novus.jsonl"
    novus("export", game.hex[:8], "-o", good, "-d", tmp_path / "a")
    lines = good.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if '"action":"role:' in line)
    lines[number] = lines[number].replace('"action":"role:', '"action":"role:xx', 1)
    bad = tmp_path / "bad.novus.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    (tmp_path / "junk.novus.jsonl").write_text("not a game\n")
    code, out = novus("import", bad, tmp_path / "junk.novus.jsonl", "-d", tmp_path / "b")
    flat = "".join(out.split())  # rich wraps long lines anywhere
    assert code == 1 and f"bad.novus.jsonl:{number + 1}:" in flat
    assert "illegalaction'role:xx" in flat and "legalnow:role:" in flat
    code, out = novus(
        "import", bad, tmp_path / "junk.novus.jsonl", "-d", tmp_path / "b", "--lang", "ko"
    )
    flat = "".join(out.split())  # rich wraps long lines anywhere
    assert code == 1 and f"bad.novus.jsonl:{number + 1}:" in flat
    assert "허용되지않는행동'role:xx" in flat and "지금가능한수:role:" in flat
    assert "junk.novus.jsonl:1:" in flat
    for english in ("illegalaction", "legalnow", "fixthefile", "notJSON"):
        assert english not in flat, english


def test_export_all_needs_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`novus export --all` without -o wrote every game's file into the current folder."""
    open_app(tmp_path / "a").simulate("puerto-rico", 3, {}, seed=2, bot="random")
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    code, out = novus("export", "--all", "-d", tmp_path / "a")
    assert code == 1 and "--all needs the folder to write into" in out
    assert list(here.iterdir()) == []
    code, out = novus("export", "--all", "-o", "games", "-d", tmp_path / "a")
    assert code == 0 and len(list((here / "games").iterdir())) == 1
    # a file named where the folder goes said 'File exists (game.novus.jsonl); check the path'
    (here / "game.novus.jsonl").write_text("mine\n", encoding="utf-8")
    code, out = novus("export", "--all", "-o", "game.novus.jsonl", "-d", tmp_path / "a")
    flat = " ".join(out.split())
    assert code == 1 and "game.novus.jsonl is a file" in flat and "give a folder" in flat, flat
    assert (here / "game.novus.jsonl").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize(
    ("name", "typo", "line"),
    [
        ("pr-3p.txt", "Ana chooses the Builder and buys", "Ana chooses the Builder and bilds"),
        ("natural-5p.txt", "Chris builds an Indigo", "Chris bilds an Indigo"),
    ],
)
def test_a_misspelt_verb_is_named_on_its_own_line(
    tmp_path: Path, name: str, typo: str, line: str
) -> None:
    """'bilds' for 'builds' was blamed on the next sentence ("the report goes on with Ben but
    does not say what Ana did before"); the error names the file, the line, the word and the
    close verb, in English and Korean, and --lenient reads the close verb."""
    data = Path(__file__).parent / "data" / name
    text = data.read_text(encoding="utf-8")
    assert typo in text
    report = tmp_path / "session.txt"
    report.write_text(text.replace(typo, line, 1), encoding="utf-8")
    number = 1 + text[: text.index(typo)].count("\n")
    code, out = novus("import", report, "-d", tmp_path / "s")
    flat = " ".join(out.split())
    assert code == 1 and "0 imported" in flat
    assert f"session.txt:{number}: cannot read the verb 'bilds' in this sentence" in flat
    assert "did you mean 'builds'?" in flat and line in flat
    assert "did before" not in flat
    code, out = novus("import", report, "-d", tmp_path / "s", "--lang", "ko")
    flat = " ".join(out.split())
    assert code == 1 and f"session.txt:{number}:" in flat
    assert "'bilds'" in flat and "'builds'" in flat
    for english in ("cannot read the verb", "did you mean"):
        assert english not in flat, english
    code, out = novus("import", report, "-d", tmp_path / "s", "--lenient")
    flat = " ".join(out.split())
    assert code == 0 and f"line {number}: verb 'bilds' read as 'builds'" in flat
    assert "1 imported" in flat


def test_a_misspelt_verb_read_by_what_its_sentence_names_is_noted_so(tmp_path: Path) -> None:
    """"Ben bilds a Small Indigo Plant" is read by what it names, as the move of Ben, who is
    to move; the note said "the sentence names no player" (it names Ben) instead of the word."""
    data = Path(__file__).parent / "data" / "pr-3p.txt"
    text = data.read_text(encoding="utf-8")
    typo = "Ben builds a Small Indigo"
    report = tmp_path / "session.txt"
    report.write_text(text.replace(typo, "Ben bilds a Small Indigo", 1), encoding="utf-8")
    number = 1 + text[: text.index(typo)].count("\n")
    for lenient in ([], ["--lenient"]):
        code, out = novus("import", report, "-d", tmp_path / "s", *lenient)
        flat = " ".join(out.split())
        assert code == 0 and f"line {number}: 'bilds' is not a verb the importer knows" in flat
        assert "(did you mean 'builds'?)" in flat and "as Ben's move: Ben bilds" in flat
        assert "names no player" not in flat


def test_importing_an_empty_folder_says_so(tmp_path: Path) -> None:
    """`novus import empty/` answered "0 imported, 0 already present, 0 rejected" with exit 0
    (and made an empty store): a folder with no files is an error that says what to give."""
    (tmp_path / "empty").mkdir()
    code, out = novus("import", tmp_path / "empty", "-d", tmp_path / "s")
    flat = " ".join(out.split())
    assert code == 1 and "no files to import in" in flat and "novus export --all" in flat
    assert not (tmp_path / "s").exists()
    code, out = novus("import", tmp_path / "empty", "-d", tmp_path / "s", "--lang", "ko")
    assert code == 1 and "가져올 파일이 없습니다" in out, out


def test_ctrl_c_mid_import_says_what_was_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C during `novus import` said only "interrupted": how many files were done, and
    whether to start again, was left open. Each file is whole or absent, so it says so."""
    import importers.api

    source = open_app(tmp_path / "a")
    for seed in (1, 2, 3):
        source.simulate("puerto-rico", 3, {}, seed=seed, bot="random")
    novus("export", "--all", "-o", tmp_path / "files", "-d", tmp_path / "a")
    real = importers.api.import_paths

    def stopped_after_two(app: object, paths: list[Path], *args: object, **kw: object) -> None:
        real(app, paths[:2], *args, **kw)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(importers.api, "import_paths", stopped_after_two)
    code, out = novus("import", tmp_path / "files", "-d", tmp_path / "b")
    flat = " ".join(out.split())
    assert code == 130 and "stopped after 2 of 3 files" in flat and "interrupted" in flat, flat
    monkeypatch.setattr(importers.api, "import_paths", real)
    code, out = novus("import", tmp_path / "files", "-d", tmp_path / "b")
    assert code == 0 and "1 imported, 2 already present" in out, out


def test_importing_only_rejected_files_leaves_no_new_data_folder(tmp_path: Path) -> None:
    """Every file rejected into a folder that was not there (a mistyped --data-dir) left a new,
    empty store behind; nothing is half-written, so nothing is left. A folder that was there
    before, and a folder a good file went into, stay."""
    bad = tmp_path / "bad.novus.jsonl"
    bad.write_text("not a game\n", encoding="utf-8")
    code, out = novus("import", bad, "-d", tmp_path / "new" / "store")
    assert code == 1 and "0 imported, 0 already present, 1 rejected" in out, out
    assert not (tmp_path / "new").exists()
    (tmp_path / "kept").mkdir()
    code, out = novus("import", bad, "-d", tmp_path / "kept")
    assert code == 1 and (tmp_path / "kept").is_dir()
    open_app(tmp_path / "a").simulate("puerto-rico", 3, {}, seed=2, bot="random")
    novus("export", "--all", "-o", tmp_path / "all", "-d", tmp_path / "a")
    (good,) = (tmp_path / "all").iterdir()
    code, out = novus("import", good, bad, "-d", tmp_path / "b")
    assert code == 1 and "1 imported" in out and len(open_app(tmp_path / "b").game_ids()) == 1
