"""`novus simulate` (bot games into the store) and `novus rules` (what can be played)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from application.i18n import _, _n, term
from domain.core import registry
from domain.core.errors import SetupError
from domain.core.labels import SYNTHETIC_LABEL, is_synthetic
from domain.core.protocol import Rules
from novus.cli.console import console, errors, progress
from novus.cli.options import DataDir, OptionPairs, game_code, open_store, parse_options
from novus.cli.output import Csv, Json, check_formats, emit_csv, emit_json


class BotKind(StrEnum):
    random = "random"
    heuristic = "heuristic"


def check_players(rules: Rules[Any], players: int) -> None:
    if not rules.min_players <= players <= rules.max_players:
        raise SetupError(
            _(
                "{game} takes {low}-{high} players, not {n}",
                game=term(rules.title, "game"),
                low=rules.min_players,
                high=rules.max_players,
                n=players,
            ),
            hint=_("use --players {low}..{high}", low=rules.min_players, high=rules.max_players),
        )


def simulate(
    game: Annotated[str, typer.Option("--game", "-g", help="Game name (see `novus rules`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first game.")] = 1,
    bot: Annotated[BotKind, typer.Option("--bot", "-b", help="Bot for every seat.")] = (
        BotKind.heuristic
    ),
    option: OptionPairs = None,
    data_dir: DataDir = None,
) -> None:
    """Play bot games and store them; game i uses seed SEED+i, so runs are reproducible."""
    game = game_code(game)
    rules = registry.get(game)
    check_players(rules, players)
    options = parse_options(option)
    rules.prepare([f"p{i}" for i in range(players)], options)  # fail fast on bad options
    app = open_store(data_dir)
    steps = 0
    ids = []
    with progress() as bar:
        task = bar.add_task(_("simulating {game}", game=term(rules.title, "game")), total=games)
        try:
            for i in range(games):
                game_id = app.simulate(game, players, options, seed=seed + i, bot=bot.value)
                steps += len(app.timeline(game_id).steps)
                ids.append(game_id.hex[:8])
                bar.advance(task)
        except KeyboardInterrupt:  # "interrupted" alone left open what had been stored
            bar.stop()
            _stopped(len(ids), games, seed)
            raise
    console.print(
        _n(
            "stored {n} {game} game ({steps} steps) with seeds {first}..{last}",
            "stored {n} {game} games ({steps} steps) with seeds {first}..{last}",
            games,
            game=term(rules.title, "game"),
            steps=steps,
            first=seed,
            last=seed + games - 1,
        )
    )
    shown = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "")
    console.print(_("ids: {ids}  (`novus show ID`, `novus games`)", ids=shown), highlight=False)
    if rules.synthetic_note:
        console.print(f"[yellow]{_('note:')}[/] {term(rules.synthetic_note, 'option')}")
    if ids and is_synthetic(app.timeline(game_id).setup.options):
        said = _("these games use {label}", label=_(SYNTHETIC_LABEL))
        console.print(f"[yellow]{_('note:')}[/] {said}")


def _stopped(done: int, games: int, seed: int) -> None:
    """What an interrupted `simulate` stored (each game is stored whole, in one save) and the
    command that plays the rest: game i has seed SEED+i, so the rest are the same games."""
    if not done:
        said = _("stopped before the first game was stored")
    else:
        said = _n(
            "stopped after {n} of {total} games: {n} stored (seed {first})",
            "stopped after {n} of {total} games: {n} stored (seeds {first}..{last})",
            done,
            total=games,
            first=seed,
            last=seed + done - 1,
        )
    rest = _(
        "`--seed {seed} --games {rest}` plays the rest", seed=seed + done, rest=games - done
    )
    errors.print(f"{said}; {rest}", highlight=False)


RULES_COLUMNS = ("game", "option", "values", "default", "players", "meaning")
"""`novus rules --csv` columns: one row per option of each game (see docs/cli.md)."""


def rules_json(rules: Rules[Any]) -> dict[str, Any]:
    """A game and its options for scripts: one object of `novus rules --json`."""
    return {
        "name": rules.name,
        "title": rules.title,
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "rules_version": rules.rules_version,
        "synthetic_note": rules.synthetic_note or None,
        "options": [
            {
                "key": spec.key,
                "values": list(spec.values),
                "default": spec.default,
                "player_counts": list(spec.player_counts),
                "help": spec.help,
            }
            for spec in rules.options
        ],
    }


def rules_command(
    game: Annotated[str | None, typer.Argument(help="A game name; all games if omitted.")] = None,
    as_json: Json = False,
    as_csv: Csv = False,
) -> None:
    """The games, their player counts, and their options with allowed values and defaults."""
    check_formats(as_json, as_csv)
    names = [game_code(game)] if game else registry.names()
    every = [registry.get(name) for name in names]
    if as_json:
        emit_json([rules_json(rules) for rules in every])
        return
    if as_csv:
        emit_csv(
            RULES_COLUMNS,
            (
                {
                    "game": rules.name,
                    "option": spec.key,
                    "values": list(spec.values),
                    "default": spec.default,
                    "players": list(spec.player_counts),
                    "meaning": spec.help,
                }
                for rules in every
                for spec in rules.options
            ),
        )
        return
    if not names:
        console.print(_("no game engines are installed yet"))
        return
    for rules in every:
        console.print(
            f"[bold]{rules.name}[/]  {term(rules.title, 'game')}  "
            + _(
                "{low}-{high} players  rules v{version}",
                low=rules.min_players,
                high=rules.max_players,
                version=rules.rules_version,
            )
        )
        if rules.synthetic_note:
            console.print(f"  [yellow]{term(rules.synthetic_note, 'option')}[/]")
        if not rules.options:
            console.print("  " + _("no options"))
            continue
        # two columns (the option; its values, default and meaning below them): readable at
        # 80 columns, where five columns squeezed the meaning into a word a line
        table = Table(show_edge=False, pad_edge=True, box=None, show_header=False)
        table.add_column("option", no_wrap=True, style="bold")
        table.add_column("values and meaning")
        for spec in rules.options:
            counts = (
                "  " + _("{counts} players only", counts=", ".join(map(str, spec.player_counts)))
                if spec.player_counts
                else ""
            )
            values = " | ".join(spec.values)
            said = _("default {value}", value=spec.default)
            table.add_row(
                spec.key,
                f"[cyan]{escape(values)}[/]  ({said}){counts}\n{escape(term(spec.help, 'option'))}",
            )
        console.print(table)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
    app.command("rules")(rules_command)
