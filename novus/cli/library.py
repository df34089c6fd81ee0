"""Browsing the stored games: `novus games` (list), `novus show` (a state), `novus log` (moves)."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import orjson
import typer
from rich import box
from rich.cells import cell_len
from rich.table import Table

from application.i18n import _, describe, term
from application.records import GameSummary
from domain.core import registry
from domain.core.errors import NovusError
from domain.core.labels import SYNTHETIC_LABEL, is_synthetic, synthetic_label
from domain.core.protocol import CHANCE, Decision
from novus.cli.console import console
from novus.cli.options import DataDir, NoStore, open_store

GameRef = Annotated[str, typer.Argument(help="Game id, or a unique prefix of it.")]


def _matches(
    summary: GameSummary, game: str | None, player: str | None, players: int | None
) -> bool:
    if game and summary.game != game:
        return False
    if players and len(summary.players) != players:
        return False
    return not player or any(player.lower() in name.lower() for name in summary.players)


def games(
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game.")] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="Only games with a player named like this.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Only games with this many seats.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Show at most N.")] = 50,
    data_dir: DataDir = None,
) -> None:
    """List the stored games, oldest first (`novus show ID` for one of them)."""
    if game:
        registry.get(game)  # an unknown name is an error, not an empty list
    try:
        app = open_store(data_dir, create=False)
    except NoStore as error:
        console.print(f"no games stored yet ({error.message})", highlight=False)
        return
    chosen = [s for s in app.summaries() if _matches(s, game, player, players)]
    if not chosen:
        console.print("no games match" if (game or player or players) else "no games stored yet")
        return
    table = Table(title=f"{len(chosen)} game{'s' if len(chosen) != 1 else ''}", box=box.SIMPLE)
    for column in ("id", "game", "seats", "source", "seed", "steps"):
        table.add_column(column, no_wrap=True)
    table.add_column("winner", min_width=10)
    for s in chosen[-limit:]:
        winners = ", ".join(s.players[w] for w in s.winners) if s.winners is not None else "-"
        table.add_row(
            s.id.hex[:8],
            s.game + (" *" if is_synthetic(s.options) else ""),
            str(len(s.players)),
            str(s.source.get("kind", "?")),
            "-" if s.seed is None else str(s.seed),
            "playing" if s.steps is None else str(s.steps),
            winners,
        )
    if any(is_synthetic(s.options) for s in chosen[-limit:]):
        table.caption = f"* {SYNTHETIC_LABEL}"
    console.print(table)
    if len(chosen) > limit:
        console.print(f"(showing the last {limit}; use --limit to see more)")


def show(
    game_ref: GameRef,
    step: Annotated[
        int | None, typer.Option("--step", "-s", help="Show the state after N steps.")
    ] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat may see.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (for scripts).")] = False,
    data_dir: DataDir = None,
) -> None:
    """The state of a game after a step (the last one by default), as text or JSON."""
    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    timeline = app.timeline(game_id, fresh=True)
    state = app.state_at(game_id, step)
    rules = timeline.rules
    seats = len(timeline.setup.players)
    if seat is not None and not 0 <= seat < seats:
        raise NovusError(f"no seat {seat} in this game", hint=f"seats are 0 to {seats - 1}")
    at = len(timeline.steps) if step is None else step
    to_move = rules.to_move(state)
    picture: dict[str, Any] = {
        "id": str(game_id),
        "game": rules.name,
        "players": list(timeline.setup.players),
        "step": at,
        "steps": len(timeline.steps),
        "round": rules.round_of(state),
        "to_move": ["chance" if s == CHANCE else s for s in to_move],
        "over": rules.is_over(state),
        "synthetic": synthetic_label(timeline.setup.options),
        "scores": rules.scores(state).to_json(),
        "view": rules.view(state, seat),
    }
    if as_json:
        sys.stdout.write(orjson.dumps(picture, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    names = timeline.setup.players
    movers = ", ".join("chance" if s == CHANCE else names[s] for s in to_move) or "nobody"
    console.print(
        f"[bold]{rules.title}[/] {game_id}  step {at} of {len(timeline.steps)}  "
        f"round {picture['round']}  to move: {movers}"
        + ("  [green](game over)[/]" if picture["over"] else "")
    )
    if picture["synthetic"]:
        console.print(f"[yellow]{picture['synthetic']}[/]")
    table = Table()
    table.add_column("seat")
    table.add_column("player")
    table.add_column("total", justify="right")
    table.add_column("breakdown")
    for s in rules.scores(state).seats:
        parts = ", ".join(f"{k} {v}" for k, v in s.breakdown.items())
        table.add_row(str(s.seat), names[s.seat], str(s.total), parts)
    console.print(table)
    from rich.pretty import Pretty

    console.print(Pretty(picture["view"], max_length=12, max_string=80, expand_all=False))
    console.print("(the whole state: --json)", style="dim")


def log(game_ref: GameRef, data_dir: DataDir = None) -> None:
    """The move list of a game, one readable line per step."""
    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    record = app.history(game_id)
    rules = registry.get(record.game)
    names = record.setup.players
    state = rules.initial_state(record.setup)
    title = term(rules.title, "game")
    console.print(f"[bold]{title}[/] {game_id}: {', '.join(names)}")
    if is_synthetic(record.setup.options):
        console.print(f"[yellow]{_(SYNTHETIC_LABEL)}[/]")
    notes = record.source.get("notes") or []
    if notes:
        console.print(_("what the import inferred or corrected:"), style="yellow")
        for note in notes:
            console.print(f"  {note}", highlight=False)
    width = len(str(len(record.steps)))
    chance = _("chance")
    for number, step in enumerate(record.steps, start=1):
        who = names[step.seat] if isinstance(step, Decision) else chance
        line = describe(rules, state, step)
        pad = " " * max(0, 12 - cell_len(who))  # Hangul takes two cells
        console.print(f"{number:>{width}}  {who}{pad} {line}", highlight=False)
        state = rules.apply(state, step)
    if record.scores is not None:
        totals = ", ".join(f"{names[s.seat]} {s.total}" for s in record.scores.seats)
        winners = ", ".join(names[w] for w in record.winners or ())
        console.print(_("final: {totals}; won by {winners}", totals=totals, winners=winners))
    else:
        console.print(_("(in progress)"))


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("show")(show)
    app.command("log")(log)
