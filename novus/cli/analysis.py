"""Analysis from the terminal: `novus analyse` (win chances by rollouts, stored in DuckDB) and
`novus analysis` (print a game's win chances and turning points)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich import box
from rich.progress import Progress, TaskID
from rich.table import Table

from analysis.errors import NoAnalysis
from analysis.settings import (
    DEFAULT_PRIOR,
    DEFAULT_ROLLOUTS,
    DEFAULT_SEED,
    DEFAULT_TURNING_POINTS,
    Settings,
)
from application import settings as app_settings
from application.i18n import _, _n
from domain.core.errors import NovusError
from novus.cli.console import console, errors, progress
from novus.cli.options import DataDir, open_store


class NothingToAnalyse(NovusError):
    """`novus analyse` was given neither a game nor --all."""


def _workers(asked: int | None) -> int:
    """The processes to use: the cores by default, and never more than the cores (each worker
    is busy all the time, so more only share the cores and cost memory); says so on stderr."""
    from analysis.pool import default_workers  # multiprocessing: not at `novus --help`

    cores = default_workers()
    if asked is None:
        return cores
    if asked > cores:
        errors.print(
            _(
                "note: --workers {asked} is more than this machine's {cores} cores; using {cores}",
                asked=asked,
                cores=cores,
            ),
            highlight=False,
        )
        return cores
    return asked


class Bars:
    """The run's progress: a bar of games (with --all) and a bar of the current game's
    evaluations (one evaluation = one state played out `--rollouts` times)."""

    def __init__(self, bar: Progress, games: int | None) -> None:
        self.bar = bar
        self.games: TaskID | None = (
            bar.add_task(_("games"), total=games) if games is not None else None
        )
        self.current: TaskID | None = None
        self.title = ""
        self.phases = 0
        self.done = 0
        """Games analysed and stored in this run."""

    def game(self, game_id: str, title: str) -> None:
        if self.current is not None:
            self.bar.remove_task(self.current)
        self.title = title
        self.current = self.bar.add_task(title, total=None)
        self.phases = 0

    def total(self, evaluations: int) -> None:
        """The first total is the win chances'; a second one adds the alternatives at the
        turning points, and the bar says so (else its total seems to jump for no reason)."""
        if self.current is None:
            return
        self.phases += 1
        if self.phases == 1:
            self.bar.update(self.current, total=evaluations)
        else:
            label = _("{title}: alternatives at the turning points", title=self.title)
            self.bar.update(self.current, total=evaluations, description=label)

    def advance(self, evaluations: int) -> None:
        if self.current is not None:
            self.bar.advance(self.current, evaluations)

    def finished(self, game_id: str, seconds: float) -> None:
        self.done += 1
        if self.games is not None:
            self.bar.advance(self.games, 1)


def analyse(
    game: Annotated[str | None, typer.Argument(help="Game id or unique prefix.")] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every finished game not analysed yet (resumable).")
    ] = False,
    rollouts: Annotated[
        int, typer.Option("--rollouts", "-n", min=1, help="Playouts per evaluated state.")
    ] = DEFAULT_ROLLOUTS,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Processes for the rollouts (default: cores)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of every rollout.")] = DEFAULT_SEED,
    turning_points: Annotated[
        int,
        typer.Option("--turning-points", min=0, help="Decisions whose alternatives are evaluated."),
    ] = DEFAULT_TURNING_POINTS,
    prior: Annotated[
        float,
        typer.Option(
            "--prior",
            min=0,
            help="Pseudo-rollouts split evenly among the seats, added to every estimate "
            "(against rollout noise; 0: the plain rollout average).",
        ),
    ] = DEFAULT_PRIOR,
    data_dir: DataDir = None,
) -> None:
    """Win chances at every step by rollouts with the heuristic bots, and the turning points."""
    from analysis import runner

    if (game is None) == (not every):
        raise NothingToAnalyse(
            _("give either a game id or --all"),
            hint=_("e.g. `novus analyse 3f2a` or `novus analyse --all --rollouts 16`"),
        )
    chosen = Settings(rollouts=rollouts, turning_points=turning_points, seed=seed, prior=prior)
    folder = app_settings.data_dir(data_dir)
    app = open_store(data_dir, create=False)
    procs = _workers(workers)
    if game is not None:
        game_id = app.find(game)
        with progress() as bar:
            report = runner.analyse_one(
                app, folder, game_id, chosen, workers=procs, progress=Bars(bar, None)
            )
        if report.skipped:
            console.print(
                _("{game} is already analysed with these settings", game=str(game_id)[:8]),
                highlight=False,
            )
        else:
            console.print(
                _(
                    "analysed {game} in {seconds:.1f} s ({rollouts} rollouts per state); "
                    "`novus analysis {short}` shows it",
                    game=str(game_id)[:8],
                    seconds=report.seconds,
                    rollouts=rollouts,
                    short=str(game_id)[:8],
                ),
                highlight=False,
            )
        return
    waiting = runner.pending(app, folder, chosen)
    with progress() as bar:
        bars = Bars(bar, waiting)
        try:
            report = runner.analyse_all(app, folder, chosen, workers=procs, progress=bars)
        except KeyboardInterrupt:  # "interrupted" alone left open what had been stored
            bar.stop()
            errors.print(
                _(
                    "stopped after {n} of {total} games (each game's analysis is stored whole "
                    "or not at all); the same command again analyses the rest",
                    n=bars.done,
                    total=waiting,
                ),
                highlight=False,
            )
            raise
    for refused_id, why in report.refused:
        console.print(
            _("[yellow]warning:[/] {game} was not analysed: {why}", game=refused_id[:8], why=why),
            highlight=False,
        )
    console.print(
        _n(
            "analysed {n} game in {seconds:.1f} s ({skipped} already done); position {position}",
            "analysed {n} games in {seconds:.1f} s ({skipped} already done); position {position}",
            len(report.analysed),
            seconds=report.seconds,
            skipped=len(report.skipped),
            position=report.position,
        ),
        highlight=False,
    )


def analysis(
    game: Annotated[str, typer.Argument(help="Game id or unique prefix.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    step: Annotated[
        int | None,
        typer.Option(
            "--step",
            help="Evaluate every legal action of this move now (the stored rollouts and seed).",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Processes for --step (default: cores)."),
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """A game's win chances and turning points (run `novus analyse GAME` first)."""
    from analysis import read

    folder = app_settings.data_dir(data_dir)
    app = open_store(data_dir, create=False)
    game_id = str(app.find(game))
    if step is not None:
        _alternatives(app, folder, game_id, step, as_json, _workers(workers))
        return
    found = read.game_analysis(folder, game_id)
    if found is None:
        raise NoAnalysis(
            _("game {game} has no analysis yet", game=game_id[:8]),
            hint=_("run `novus analyse {game}` (or `novus analyse --all`)", game=game_id[:8]),
        )
    if as_json:
        typer.echo(json.dumps(found, indent=1))
        return
    players = found["players"]
    title = _(
        "Win chances of {game} ({n} rollouts per state)",
        game=game_id[:8],
        n=found["settings"]["rollouts"],
    )
    # on a line of its own: as the title of a table of few players it wrapped to the table's width
    console.print(title, highlight=False)
    table = Table(box=box.SIMPLE)
    table.add_column(_("step"), justify="right")
    for name in players:
        table.add_column(name, justify="right")
    marks = {t["step"] for t in found["turning_points"]}
    steps = found["steps"]
    every = max(1, len(steps) // 30)
    for row in steps:
        if row["step"] % every and row["step"] not in marks and row is not steps[-1]:
            continue
        label = f"{row['step']}{' *' if row['step'] in marks else ''}"
        table.add_row(label, *(f"{c:.0%}" for c in row["win_chances"]))
    console.print(table)
    if not found["turning_points"]:
        console.print(
            _(
                "No turning points: this analysis evaluated no alternatives "
                "(--turning-points {n}), or no decision lost win chance.",
                n=found["settings"]["turning_points"],
            ),
            highlight=False,
        )
        return
    turning = Table(title=_("Turning points (*)"), box=box.SIMPLE, title_justify="left")
    heads = (_("step"), _("player"), _("played"), _("win chance"), _("lost"), _("best"))
    for head in heads:
        turning.add_column(head)
    said = _in_words(app, game_id, found["turning_points"])
    for t in sorted(found["turning_points"], key=lambda t: t["step"]):
        # "lost" is against the best legal move, both evaluated on the same footing (`gain`):
        # the fall of the chance (before -> after, what makes it a turning point) compared the
        # bots' choice made again in every rollout, and showed a loss beside the best move.
        # The move played can be the best one (the chance fell with what came after it): said
        # so, not its sentence again under "best"
        played_best = t["best_action"] == t["action"]
        turning.add_row(
            str(t["step"]),
            str(t["player"]),
            said[(t["step"], t["action"])],
            f"{t['before']:.0%} → {t['after']:.0%}",
            f"{t['gain']:.0%}",
            _("(the move played)") if played_best else said[(t["step"], t["best_action"])],
        )
    console.print(turning)


def _in_words(app: Any, game_id: str, points: list[dict[str, Any]]) -> dict[tuple[int, str], str]:
    """The played and the best move of each turning point as the engine's sentence in the
    display language (the stored rows hold action codes such as `place:E1-2:YR>GG`)."""
    from uuid import UUID

    from application.i18n import describe
    from domain.core.protocol import Decision

    gid = UUID(game_id)
    rules = app.timeline(gid).rules
    said: dict[tuple[int, str], str] = {}
    for t in points:
        state = app.state_at(gid, t["step"] - 1)  # move k is made from the state after k-1 steps
        for action in (t["action"], t["best_action"]):
            said[(t["step"], action)] = describe(rules, state, Decision(t["seat"], action))
    return said


def _alternatives(
    app: Any, folder: Any, game_id: str, step: int, as_json: bool, workers: int
) -> None:
    """`novus analysis GAME --step K`: every legal action at move K, by win chance."""
    from uuid import UUID

    from analysis import read
    from analysis.game import alternatives_at
    from analysis.pool import Workers

    stored = read.game_analysis(folder, game_id)
    chosen = Settings.from_key(stored["settings"]["key"]) if stored else Settings()
    record = app.history(UUID(game_id))
    with Workers(workers) as pool:
        found = alternatives_at(
            record.game, record.setup, record.steps, step, chosen, run=pool.run, parts=pool.parts
        )
    if as_json:
        rows = [
            {"action": a.action, "chance": a.chance, "chances": list(a.chances), "chosen": a.chosen}
            for a in found
        ]
        typer.echo(
            json.dumps(
                {
                    "step": step,
                    "rollouts": chosen.rollouts,
                    "prior": chosen.prior,
                    "alternatives": rows,
                }
            )
        )
        return
    name = record.setup.players[found[0].seat]
    table = Table(
        title=_(
            "Move {step} by {player}: every legal action ({n} rollouts each)",
            step=step,
            player=name,
            n=chosen.rollouts,
        ),
        box=box.SIMPLE,
        title_justify="left",
    )
    table.add_column(_("move"), overflow="fold")
    table.add_column(_("action"), overflow="fold")
    table.add_column(_("win chance"), justify="right")
    said = _sentences(record, step, found)
    for a in found:
        played = " " + _("(played)") if a.chosen else ""
        table.add_row(said[a.action] + played, a.action, f"{a.chance:.0%}")
    console.print(table)


def _sentences(record: Any, step: int, found: list[Any]) -> dict[str, str]:
    """Each alternative at move `step` as the move list says it (the table listed the codes
    alone: 'ship:indigo:6' beside the turning points' sentences)."""
    from application.i18n import describe
    from domain.core import registry
    from domain.core.protocol import Decision

    rules = registry.get(record.game)
    state = rules.initial_state(record.setup)
    for done in record.steps[: step - 1]:
        state = rules.apply_trusted(state, done)
    return {a.action: describe(rules, state, Decision(a.seat, a.action)) for a in found}


def register(app: typer.Typer) -> None:
    app.command("analyse")(analyse)
    app.command("analysis")(analysis)
