"""`novus export` (native files out) and `novus import` (native files and PBeM reports in).

Both use `importers.api`, the same code as the dashboard upload.
"""

from __future__ import annotations

import shutil
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from application.i18n import _, _n, render
from domain.core.errors import NovusError
from domain.core.phrase import Phrase
from novus.cli.console import console, errors, progress
from novus.cli.options import DataDir, new_folder, open_store

if TYPE_CHECKING:  # the importers (pydantic, the store) load when a command runs
    from importers.api import ImportResult


class FormatChoice(StrEnum):
    auto = "auto"
    native = "native"
    pbem_report = "pbem-report"


class ExportUsage(NovusError):
    """`novus export` called without a game or with both a game and --all."""


def export(
    game: Annotated[str | None, typer.Argument(help="Game id or unique id prefix.")] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="File (one game) or folder (--all)."),
    ] = None,
    all_games: Annotated[
        bool, typer.Option("--all", help="Export every stored game into the -o folder.")
    ] = False,
    data_dir: DataDir = None,
) -> None:
    """Write games as native .novus.jsonl files (re-importing them is lossless)."""
    from importers.api import export_bytes, file_name_for

    if bool(game) == all_games:
        raise ExportUsage(
            _("name one GAME or pass --all"),
            hint=_("`novus export GAME -o FILE` or `novus export --all -o DIR`"),
        )
    if all_games and output is None:  # every game's file went into the current folder
        raise ExportUsage(
            _("--all needs the folder to write into"),
            hint=_("e.g. `novus export --all -o exported-games`"),
        )
    app = open_store(data_dir, create=False)
    if game:
        output = output or Path(".")
        game_id = app.find(game)
        target = output / file_name_for(app, game_id) if output.is_dir() else output
        target.write_bytes(export_bytes(app, game_id))
        console.print(
            _("exported {game} to {file}", game=str(game_id), file=str(target)), highlight=False
        )
        return
    folder = output or Path(".")  # never "." here: --all without -o was refused above
    if folder.exists() and not folder.is_dir():  # 'File exists (game.novus.jsonl)' said no more
        raise ExportUsage(
            _("--all writes one file per game into a folder; {path} is a file", path=str(folder)),
            hint=_("give a folder: `novus export --all -o exported-games`"),
        )
    folder.mkdir(parents=True, exist_ok=True)
    done = 0
    with progress() as bar:
        task = bar.add_task(_("exporting"), total=app.count_games())
        for game_id in app.iter_game_ids():  # a page of the games index at a time
            (folder / file_name_for(app, game_id)).write_bytes(export_bytes(app, game_id))
            done += 1
            bar.advance(task)
    console.print(
        _n(
            "exported {n} game to {folder}",
            "exported {n} games to {folder}",
            done,
            folder=str(folder),
        )
    )


def import_command(
    files: Annotated[
        list[Path], typer.Argument(help="Files (or folders of files) to import.", exists=True)
    ],
    format: Annotated[
        FormatChoice, typer.Option("--format", "-f", help="File format; auto detects it.")
    ] = FormatChoice.auto,
    lenient: Annotated[
        bool,
        typer.Option(
            "--lenient",
            help="Fix unambiguous misspellings of player and building names and of verbs.",
        ),
    ] = False,
    data_dir: DataDir = None,
) -> None:
    """Import games; each file is checked by the rules engine and stored whole or not at all.

    Exits non-zero when any file was rejected. Re-importing a stored game changes nothing.
    """
    from importers.api import import_paths

    given = files
    files = expand(files)
    if not files:  # "0 imported, 0 already present, 0 rejected" and exit 0 said nothing useful
        raise NovusError(
            _("no files to import in {folders}", folders=", ".join(map(str, given))),
            hint=_(
                "give .novus.jsonl files or play-by-email reports, or a folder that holds them "
                "(`novus export --all -o DIR` writes one)"
            ),
        )
    created = new_folder(data_dir)
    app = open_store(data_dir)
    done: list[ImportResult] = []
    try:
        with progress() as bar:
            task = bar.add_task(_("importing"), total=len(files))

            def show(result: ImportResult) -> None:
                done.append(result)
                bar.advance(task)
                for warning in result.warnings:
                    said = f"[yellow]{_('warning:')}[/] {result.file}: {warning}"
                    errors.print(said, highlight=False)
                if result.error is not None:  # a report's reader speaks English (docs/pbem-report)
                    message, hint = (shown(part) for part in result.error.said)
                    errors.print(f"[bold red]{_('rejected:')}[/] {message}", highlight=False)
                    errors.print(f"  [yellow]{_('hint:')}[/] {hint}", highlight=False)

            try:
                results = import_paths(app, files, format.value, lenient, on_result=show)
            except KeyboardInterrupt:  # "interrupted" alone left open what had been stored
                bar.stop()
                errors.print(
                    _(
                        "stopped after {n} of {total} files (each file is stored whole or not at "
                        "all); the same command again imports the rest, the stored ones are "
                        "reported as present",
                        n=len(done),
                        total=len(files),
                    ),
                    highlight=False,
                )
                raise
    finally:  # nothing stored into a folder this command made: leave no empty store behind
        if created is not None and not any(r.status in ("imported", "extended") for r in done):
            app.close()
            shutil.rmtree(created, ignore_errors=True)
    counts = {
        s: sum(1 for r in results if r.status == s)
        for s in ("imported", "extended", "present", "rejected")
    }
    extended = _("{n} extended, ", n=counts["extended"]) if counts["extended"] else ""
    console.print(
        _(
            "{imported} imported, {extended}{present} already present, {rejected} rejected",
            imported=counts["imported"],
            extended=extended,
            present=counts["present"],
            rejected=counts["rejected"],
        ),
        highlight=False,
    )
    statuses = {
        "imported": _("imported"),
        "extended": _("extended"),
        "present": _("present"),
        "rejected": _("rejected"),
    }
    for result in results:
        if result.game_id is not None:
            status = statuses.get(result.status, result.status)
            console.print(f"  {status:9} {result.game_id.hex[:8]}  {result.file}", highlight=False)
    if counts["rejected"]:
        raise typer.Exit(1)


def shown(part: str | Phrase) -> str:
    """A `Phrase` in the display language; plain text (a report reader's English) as it is."""
    return render(part) if isinstance(part, Phrase) else part


def expand(paths: list[Path]) -> list[Path]:
    """Files as given; a folder stands for the files in it (what `export --all` wrote)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.iterdir() if p.is_file()))
        else:
            found.append(path)
    return found


def register(app: typer.Typer) -> None:
    app.command("export")(export)
    app.command("import")(import_command)
