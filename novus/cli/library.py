"""Browsing the stored games: `novus games` (list), `novus show` (a state), `novus log` (moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from application.games_index import GameFilter
from application.i18n import N_, _, _n, describe, pgettext, term
from application.records import GameRecord, GameSummary
from domain.core import registry
from domain.core.errors import NovusError
from domain.core.labels import SYNTHETIC_LABEL, is_synthetic, synthetic_label
from domain.core.protocol import CHANCE, Decision, Rules
from novus.cli.console import console
from novus.cli.options import DataDir, NoStore, game_code, game_title, open_store
from novus.cli.output import Csv, Json, check_formats, emit_csv, emit_json

if TYPE_CHECKING:  # the store loads in the commands that use it
    from application.service import NovusApp

GameRef = Annotated[str, typer.Argument(help="Game id, or a unique prefix of it.")]


GAME_COLUMNS = (
    "id",
    "game",
    "players",
    "options",
    "synthetic",
    "source",
    "seed",
    "created",
    "steps",
    "played",
    "totals",
    "winners",
)
"""`novus games --csv` columns (the JSON objects have the same keys; see docs/cli.md)."""


def game_json(summary: GameSummary, played: int) -> dict[str, Any]:
    """One stored game for scripts: the `novus games --json` object (`played`: its steps so
    far, `steps` stays null until it is finished)."""
    return {
        "id": str(summary.id),
        "game": summary.game,
        "players": list(summary.players),
        "options": dict(summary.options),
        "synthetic": is_synthetic(summary.options),
        "source": dict(summary.source),
        "seed": summary.seed,
        "created": summary.created,
        "steps": summary.steps,
        "played": played,
        "totals": None if summary.totals is None else list(summary.totals),
        "winners": None if summary.winners is None else list(summary.winners),
    }


def _played(app: NovusApp, summary: GameSummary) -> int:
    """The steps a listed game has so far: from its index row, or (a row written before the
    index kept them, a game in progress) counted from its events."""
    if summary.played is not None:
        return summary.played
    return summary.steps if summary.steps is not None else len(app.history(summary.id).steps)


def _game_csv_row(summary: GameSummary, played: int) -> dict[str, Any]:
    row = game_json(summary, played)
    row["source"] = summary.source.get("kind", "")
    row["winners"] = (
        None if summary.winners is None else [summary.players[w] for w in summary.winners]
    )
    return row


SOURCES = (N_("simulation"), N_("import"), N_("manual"), N_("branch"))
"""The kinds of a game's source (`Game.Started.source["kind"]`)."""


def _source(kind: str) -> str:
    return _(kind) if kind in SOURCES else kind


def games(
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="Only this game (its code or its title).")
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="Only games with a player named like this.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Only games with this many seats.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Show at most N.")] = 50,
    offset: Annotated[
        int, typer.Option("--offset", min=0, help="Skip the N newest (the next page: N = limit).")
    ] = 0,
    every: Annotated[bool, typer.Option("--all", help="Every game (no --limit).")] = False,
    as_json: Json = False,
    as_csv: Csv = False,
    data_dir: DataDir = None,
) -> None:
    """List the stored games: the newest `--limit`, oldest first (`novus show ID` for one)."""
    check_formats(as_json, as_csv)
    if game:
        game = game_code(game)  # an unknown name is an error, not an empty list
    where = GameFilter(game=game, players=players, player=player)
    filtered = where != GameFilter()
    try:
        app = open_store(data_dir, create=False)
        shown = _page(app, limit, offset, every, where if filtered else None)
        total = app.count_games(where if filtered else None)
    except NoStore as error:
        if not (as_json or as_csv):
            console.print(_("no games stored yet ({why})", why=error.message), highlight=False)
            return
        shown, total = [], 0
    if as_json:
        emit_json([game_json(s, _played(app, s)) for s in shown])
        return
    if as_csv:
        emit_csv(GAME_COLUMNS, (_game_csv_row(s, _played(app, s)) for s in shown))
        return
    if not total:
        console.print(_("no games match") if filtered else _("no games stored yet"))
        return
    title = _n("{n} game", "{n} games", total)
    # 80 columns in either language leave the winner 14+ cells: no blank edges, two-cell gaps,
    # and a seed only where it reproduces the game (a simulation; a game entered at the table
    # has a ten-digit seed for Novus's draws, in `--json` and `show`)
    table = Table(
        title=title, box=box.SIMPLE, pad_edge=False, show_edge=False, collapse_padding=True
    )
    for column in (_("id"), _("game"), _("seats"), _("source"), _("seed"), _("steps")):
        table.add_column(column, no_wrap=True)
    table.add_column(_("winner"), min_width=12)
    for s in shown:
        winners = ", ".join(s.players[w] for w in s.winners) if s.winners is not None else "-"
        kind = str(s.source.get("kind", "?"))
        table.add_row(
            s.id.hex[:8],
            game_title(s.game) + (" *" if is_synthetic(s.options) else ""),
            str(len(s.players)),
            _source(kind),
            "-" if s.seed is None or kind != "simulation" else str(s.seed),
            str(s.steps) if s.steps is not None else _("{n} (playing)", n=_played(app, s)),
            winners,
        )
    if any(is_synthetic(s.options) for s in shown):
        table.caption = f"* {_(SYNTHETIC_LABEL)}"
    console.print(table)
    more = _(
        "`--offset {next}` shows the ones before them, --limit more at once, --all every game",
        next=offset + limit,
    )
    if not every and offset + len(shown) < total:
        if offset:
            console.print(
                _(
                    "(showing the {first}th to {last}th newest; {more})",
                    first=offset + 1,
                    last=offset + len(shown),
                    more=more,
                )
            )
        else:
            console.print(_("(showing the last {n}; {more})", n=len(shown), more=more))


def _page(
    app: Any, limit: int, offset: int, every: bool, where: GameFilter | None
) -> list[GameSummary]:
    """The games to list, oldest first. Read from the games index a page at a time, newest
    first, the filter applied by the store's SQL: only the pages needed are read (with
    --all, every matching page, one at a time)."""
    kept: list[GameSummary] = []  # newest first
    wanted = offset + limit
    for page in app.summary_pages(where=where):
        kept += page
        if not every and len(kept) >= wanted:
            break
    return kept[::-1] if every else kept[offset:wanted][::-1]


def show(
    game_ref: GameRef,
    step: Annotated[
        int | None, typer.Option("--step", "-s", help="Show the state after N steps.")
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            help="Show only what this seat may see (seat number, 1 = first player, or player "
            "name).",
        ),
    ] = None,
    as_json: Json = False,
    data_dir: DataDir = None,
) -> None:
    """The state of a game after a step (the last one by default), as text or JSON."""
    from novus.cli.play import _seat

    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    timeline = app.timeline(game_id, fresh=True)
    viewer = None if seat is None else _seat(seat, timeline.setup.players)
    state = app.state_at(game_id, step)
    rules = timeline.rules
    seats = len(timeline.setup.players)
    if viewer is not None and not 0 <= viewer < seats:
        raise NovusError(
            _("no seat {seat} in this game", seat=viewer + 1),
            hint=_("seats are 1 to {last}", last=seats),
        )
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
        "synthetic": is_synthetic(timeline.setup.options),
        "scores": rules.scores(state).to_json(),
        "view": rules.view(state, viewer),
    }
    if as_json:
        emit_json(picture)
        return
    names = timeline.setup.players
    movers = ", ".join(_("chance") if s == CHANCE else names[s] for s in to_move) or _("nobody")
    console.print(
        f"[bold]{term(rules.title, 'game')}[/] {game_id}  "
        + _(
            "step {at} of {steps}  round {round}  to move: {movers}",
            at=at,
            steps=len(timeline.steps),
            round=picture["round"],
            movers=movers,
        )
        + (f"  [green]({_('game over')})[/]" if picture["over"] else "")
    )
    if picture["synthetic"]:
        console.print(f"[yellow]{_(synthetic_label(timeline.setup.options))}[/]")
    table = Table(box=box.SIMPLE_HEAD, title=_("Scores"), title_justify="left", pad_edge=False)
    table.add_column(_("seat"), justify="right")
    table.add_column(_("player"), no_wrap=True)
    table.add_column(_("total"), justify="right")
    table.add_column(_("breakdown"), overflow="fold")
    for s in rules.scores(state).seats:
        parts = ", ".join(f"{_category(k, rules.name)} {v}" for k, v in s.breakdown.items())
        table.add_row(str(s.seat + 1), names[s.seat], str(s.total), parts)  # from 1
    console.print(table)
    from novus.cli.board import draw

    console.print(draw(picture["view"], names, [s for s in to_move if s != CHANCE]))


LOG_COLUMNS = ("step", "round", "seat", "player", "text")
"""`novus log --csv` columns, one row per step (docs/cli.md)."""


def move_list(record: GameRecord, rules: Rules[Any]) -> list[dict[str, Any]]:
    """Every step of a game for scripts: number, round (the state's before the step), who
    moved (seat and name; chance: null), the step as stored, and its sentence."""
    names = record.setup.players
    state = rules.initial_state(record.setup)
    moves = []
    for number, step in enumerate(record.steps, start=1):
        seat = step.seat if isinstance(step, Decision) else None
        moves.append(
            {
                "step": number,
                "round": rules.round_of(state),
                "seat": seat,
                "player": None if seat is None else names[seat],
                "action": step.action if isinstance(step, Decision) else None,
                "outcome": None if isinstance(step, Decision) else list(step.outcome),
                "text": describe(rules, state, step),
            }
        )
        state = rules.apply(state, step)
    return moves


def _log_line(move: dict[str, Any]) -> Text:
    """A step's sentence; the mover's name is added only where the sentence lacks it."""
    text = str(move["text"])
    if move["player"] is None:
        return Text(text, style="dim")
    if move["player"] in text:
        return Text(text)
    return Text.assemble((f"{move['player']}: ", "bold"), text)


def log(
    game_ref: GameRef,
    as_json: Json = False,
    as_csv: Csv = False,
    data_dir: DataDir = None,
) -> None:
    """The move list of a game under round headers, one readable line per step."""
    check_formats(as_json, as_csv)
    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    record = app.history(game_id)
    rules = registry.get(record.game)
    names = record.setup.players
    moves = move_list(record, rules)
    if as_json:
        emit_json(
            {
                "id": str(game_id),
                "game": rules.name,
                "players": list(names),
                "synthetic": is_synthetic(record.setup.options),
                "over": record.scores is not None,
                "moves": moves,
                "scores": None if record.scores is None else record.scores.to_json(),
                "winners": None if record.winners is None else list(record.winners),
                "source": record.source,
                "takebacks": [
                    {"to_step": t.to_step, "after_step": t.after_step, "taken": list(t.taken)}
                    for t in _takebacks(record)
                ],
            }
        )
        return
    if as_csv:
        emit_csv(LOG_COLUMNS, moves)
        return
    title = term(rules.title, "game")
    console.print(f"[bold]{title}[/] {game_id}", highlight=False)
    console.print(
        "  ".join(f"{seat}: {name}" for seat, name in enumerate(names, start=1)), highlight=False
    )
    if is_synthetic(record.setup.options):
        console.print(f"[yellow]{_(SYNTHETIC_LABEL)}[/]")
    notes = record.source.get("notes") or []
    if notes:
        console.print(_("what the import inferred or corrected:"), style="yellow")
        for note in notes:
            console.print(f"  {note}", highlight=False)
    taken_back = _takebacks(record)
    width = len(str(len(moves)))
    rounds: dict[int, list[dict[str, Any]]] = {}
    for move in moves:
        rounds.setdefault(move["round"], []).append(move)
    for number, in_round in rounds.items():
        header = _("Round {n}", n=number) if number else _("Setup")
        console.print()
        console.print(Text(header, style="bold underline"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", width=width, no_wrap=True, style="dim")
        grid.add_column(overflow="fold")  # a long Korean line was cut ('… 4번 도로 …')
        if in_round[0]["step"] == 1:  # taken back to the start: before the first step
            _takeback_rows(grid, [t for t in taken_back if t.after_step == 0])
        for move in in_round:
            grid.add_row(str(move["step"]), _log_line(move))
            _takeback_rows(grid, [t for t in taken_back if t.after_step == move["step"]])
        console.print(grid)
    if not moves:  # everything taken back: no round to show them in
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", width=width, no_wrap=True, style="dim")
        grid.add_column(overflow="fold")
        _takeback_rows(grid, taken_back)
        console.print(grid)
    _history_notes(record)
    console.print()
    if record.scores is not None:
        totals = ", ".join(f"{names[s.seat]} {s.total}" for s in record.scores.seats)
        winners = ", ".join(names[w] for w in record.winners or ())
        console.print(_("final: {totals}; won by {winners}", totals=totals, winners=winners))
    else:
        console.print(_("(in progress)"))


def _category(key: str, game: str) -> str:
    """A score category as the dashboard names it: Santa Maria's "shipping" points are its
    shipping tiles' (해운 타일), not Puerto Rico's 수출 (`novus show` said 수출)."""
    if game == "santa-maria" and key == "shipping":
        return pgettext("santa_maria.score", "shipping")
    return _(key.replace("_", " "))


def _takebacks(record: GameRecord) -> list[Any]:
    from application.play import takebacks  # the store's library: not loaded for --help

    return list(takebacks(record))


def _takeback_rows(grid: Table, taken_back: list[Any]) -> None:
    """Take-backs at their place in the move list: what each took back, struck through (it
    stays in the history), under a line saying to which step the game went back."""
    for taken in taken_back:
        said = _(
            "taken back to step {step} ({n} step(s), kept in the history):",
            step=taken.to_step,
            n=len(taken.taken),
        )
        cell = Text(said, style="yellow")
        digits = len(str(taken.to_step + len(taken.taken)))
        for number, text in enumerate(taken.taken, start=taken.to_step + 1):
            # indented under the take-back: in a pipe, where strike-through is lost, the
            # steps taken back must not read as the game's own
            cell.append(f"\n  {number:>{digits}}  ", style="dim")
            cell.append(text, style="strike dim")
        grid.add_row("↶", cell)


def _history_notes(record: GameRecord) -> None:
    """Where a branch comes from."""
    from application.play import BRANCH  # the store's library: not loaded for --help

    if record.source.get("kind") == BRANCH:
        console.print()
        console.print(
            _(
                "a branch of game {parent}: its first {step} steps are the parent's",
                parent=str(record.source.get("parent")),
                step=record.source.get("step"),
            ),
            highlight=False,
        )


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("show")(show)
    app.command("log")(log)
