"""`novus demo`: a data folder with sample games of every game, projected, then the dashboard.

The projections and the dashboard are separate packages; demo uses them when they are installed
(`projections.runner.catch_up`, `dashboard.launch.serve`) and says what it skipped otherwise.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Annotated

import typer

from application import settings
from application.i18n import _, _n, term
from domain.core import registry
from domain.core.errors import NovusError
from novus.cli.console import console, progress
from novus.cli.dashboard import LOCAL_HOST, Browser, Host, Port, check_port, run_dashboard
from novus.cli.options import DataDir

DEMO_SEED = 1000
"""Seed of the first demo game; the demo is the same on every machine."""


def _title(game: str) -> str:
    """A game's name in the display language, as `novus simulate` names it."""
    return term(registry.get(game).title, "game")


def _available(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


SHOWCASE: dict[str, tuple[dict[str, str], ...]] = {
    "puerto-rico": (
        {},
        {"buildings": "draft"},
        {"buildings": "random", "nobles": "true"},
        {"buildings": "draft", "nobles": "true"},
    ),
    "santa-maria": (
        {},
        {"side": "B"},
        {"setup": "advanced"},
        {"blue_dice": "shared"},
        {"modules": "A,B"},
        {"modules": "C"},
        {"modules": "A,B,C,D"},
    ),
    "century-new-world": ({"board": "D1"}, {"board": "E1"}, {"board": "F1"}),
}
"""Option sets the sample games cycle through, so the demo shows variants and expansions;
a set an engine refuses for a player count is skipped for that count."""


def sample_options(game: str, players: int, index: int) -> dict[str, str]:
    """The showcase options for the `index`-th sample game of `game` with `players` seats."""
    rules = registry.get(game)
    choices = SHOWCASE.get(game, ({},))
    for offset in range(len(choices)):
        options = choices[(index + offset) % len(choices)]
        try:
            rules.prepare([f"P{i}" for i in range(players)], options)
        except NovusError:
            continue
        return dict(options)
    return {}


def sample_plan(per_count: int) -> list[tuple[str, int, dict[str, str]]]:
    """(game, players, options) for every game in the registry, `per_count` per player count."""
    plan: list[tuple[str, int, dict[str, str]]] = []
    for name in registry.names():
        rules = registry.get(name)
        for players in range(rules.min_players, rules.max_players + 1):
            plan.extend((name, players, sample_options(name, players, i)) for i in range(per_count))
    return plan


def demo(
    data_dir: DataDir = None,
    per_count: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Sample games per game and player count.")
    ] = 5,
    reset: Annotated[
        bool, typer.Option("--reset", help="Delete the folder's event store and views first.")
    ] = False,
    dashboard: Annotated[
        bool, typer.Option("--dashboard/--no-dashboard", help="Serve the dashboard at the end.")
    ] = True,
    port: Port = 8501,
    host: Host = LOCAL_HOST,
    open_browser: Browser = True,
) -> None:
    """Fill a data folder with sample bot games of every game, project them, open the dashboard."""
    folder = settings.data_dir(data_dir)
    if dashboard and _available("dashboard.launch"):
        check_port(port, host)  # say so now, not after the sample games
    if reset:
        for path in (settings.events_path(folder), settings.views_path(folder)):
            for extra in ("", "-wal", "-shm", ".wal"):
                Path(f"{path}{extra}").unlink(missing_ok=True)
    from application.service import open_app

    app = open_app(folder)
    stored = app.count_games()
    console.print(_("data folder: {folder}", folder=str(folder)), highlight=False)
    plan = sample_plan(per_count)
    if not plan:
        console.print(
            f"[yellow]{_('skipped sample games:')}[/] {_('no game engines are installed yet')}"
        )
    elif stored:
        console.print(
            _(
                "kept the {n} games already stored (use --reset for a fresh set of samples)",
                n=stored,
            )
        )
    else:
        skipped: dict[str, str] = {}
        done = 0
        with progress() as bar:
            task = bar.add_task(_("sample games"), total=len(plan))
            for i, (game, players, options) in enumerate(plan):
                shown = _n("{game}, {n} player", "{game}, {n} players", players, game=_title(game))
                bar.update(task, description=shown)
                if game not in skipped:
                    try:
                        app.simulate(game, players, options, seed=DEMO_SEED + i, bot="heuristic")
                        done += 1
                    except NovusError as error:  # one broken engine must not spoil the demo
                        skipped[game] = str(error)
                bar.advance(task)
        played = [_title(name) for name in registry.names() if name not in skipped]
        console.print(
            _(
                "stored {n} sample games of {games}",
                n=done,
                games=", ".join(played) or _("no game"),
            )
        )
        for game, reason in skipped.items():
            said = _("skipped {game}:", game=game)
            console.print(f"[yellow]{said}[/] {reason}", highlight=False)
    app.close()
    if _available("projections.runner"):
        importlib.import_module("projections.runner").catch_up(folder)
        where = str(settings.views_path(folder))
        console.print(_("projected the games into {file}", file=where), highlight=False)
    else:
        said = _("the projections package is not installed")
        console.print(f"[yellow]{_('skipped projections:')}[/] {said}")
    if not dashboard:
        console.print(_("dashboard not started (--no-dashboard)"))
    elif _available("dashboard.launch"):
        run_dashboard(folder, port, host, open_browser)
    else:
        said = _("the dashboard package is not installed")
        console.print(f"[yellow]{_('skipped the dashboard:')}[/] {said}")


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
