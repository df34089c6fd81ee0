"""`novus verify`: replay stored games from their events and check them against `Finished`."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from application.i18n import _, _n
from application.verification import Verdict, verify_record
from domain.core.errors import NovusError
from novus.cli.console import console, errors, progress
from novus.cli.options import DataDir, open_store
from novus.cli.output import Csv, Json, check_formats, emit_csv, emit_json

VERDICT_COLUMNS = ("id", "game", "steps", "ok", "problems")
"""`novus verify --csv` columns, one row per game (docs/cli.md)."""


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """One game's verification for scripts."""
    return {
        "id": str(verdict.game_id),
        "game": verdict.game,
        "steps": verdict.steps,
        "ok": verdict.ok,
        "problems": list(verdict.problems),
    }


def verify(
    game_ref: Annotated[
        str | None, typer.Argument(help="Game id or unique prefix; or use --all.")
    ] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Verify every stored game.")] = False,
    as_json: Json = False,
    as_csv: Csv = False,
    data_dir: DataDir = None,
) -> None:
    """Replay games from their events; check every step, the final state and the scores.

    Exits with 1 when any game fails (also with --json/--csv, after printing the verdicts)."""
    check_formats(as_json, as_csv)
    if (game_ref is None) == (not all_games):
        raise NovusError(
            _("give either one game or --all"),
            hint=_("e.g. `novus verify --all` or `novus verify 3f2a`"),
        )
    app = open_store(data_dir, create=False)
    if all_games:  # read from the games index a page at a time, never all ids at once
        total, ids = app.count_games(), app.iter_game_ids()
    else:
        found = [app.find(game_ref or "")]
        total, ids = 1, iter(found)
    if not total and not (as_json or as_csv):
        console.print(_("no games stored yet: nothing to verify"))
        return
    verdicts: list[Verdict] = []  # every verdict for --json/--csv; else the failed ones
    failed: list[Verdict] = []
    games = steps = 0
    with progress() as bar:
        task = bar.add_task(_("verifying"), total=total)
        for game_id in ids:
            verdict = verify_record(app.history(game_id))
            games, steps = games + 1, steps + verdict.steps
            if not verdict.ok:
                failed.append(verdict)
            if as_json or as_csv:
                verdicts.append(verdict)
            bar.advance(task)
    if as_json:
        emit_json(
            {
                "ok": not failed,
                "games": games,
                "steps": steps,
                "failed": len(failed),
                "verdicts": [verdict_json(v) for v in verdicts],
            }
        )
    elif as_csv:
        emit_csv(VERDICT_COLUMNS, (verdict_json(v) for v in verdicts))
    else:
        for verdict in failed:
            errors.print(f"[bold red]{_('FAIL')}[/] {verdict.game_id} ({verdict.game})")
            for problem in verdict.problems:
                errors.print(f"  - {problem}", highlight=False)
    if failed:
        raise NovusError(
            _("{n} of {total} games failed verification", n=len(failed), total=games),
            hint=_("the engine no longer agrees with the stored events; see the problems above"),
        )
    if not (as_json or as_csv):
        said = _n(
            "{n} game, {steps} steps replayed and checked",
            "{n} games, {steps} steps replayed and checked",
            games,
            steps=steps,
        )  # "1 games" before
        console.print(f"[green]{_('ok')}[/]: {said}")


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)
