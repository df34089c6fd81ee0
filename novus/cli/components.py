"""`novus components`: which component packs each game has, and whether a pack is complete.

Data-driven games (whose printed components are not all sourced) ship a package
`domain/<game>/packs/` in the one layout of `domain.core.packs`, with `PACK_NAMES` and
`check_pack(source) -> list[str]` (see `docs/components.md`); `novus components check` is how
an owner of the game validates a pack they are completing. Games without such a package use
printed component tables and have no packs.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from application.i18n import _, current_language, render
from domain.core import registry
from domain.core.errors import NovusError
from domain.core.labels import SYNTHETIC_LABEL
from novus.cli.console import console
from novus.cli.options import game_code, game_title


class UnknownPack(NovusError):
    """A pack name that no installed game ships, or a path that does not exist."""


class IncompletePack(NovusError):
    """`novus components check` found problems (the listing above says which)."""


@dataclass(frozen=True)
class PackModule:
    """The pack interface of one data-driven game."""

    game: str
    names: tuple[str, ...]
    check: Callable[[str], list[str]]


def _module_name(game: str) -> str:
    return "domain." + game.replace("-", "_") + ".packs"


def pack_module(game: str) -> PackModule | None:
    """The game's pack interface, or None for a game with printed component tables only."""
    name = _module_name(game)
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    module = importlib.import_module(name)
    return PackModule(game, tuple(module.PACK_NAMES), module.check_pack)


def pack_modules(games: Sequence[str] | None = None) -> list[PackModule]:
    found = [pack_module(g) for g in (games or registry.names())]
    return [m for m in found if m is not None]


def list_packs() -> None:
    """List every installed game's component packs and whether each is complete."""
    table = Table(title=_("component packs"), box=box.SIMPLE)
    for column in (_("game"), _("pack"), _("state")):
        table.add_column(column, no_wrap=True)
    synthetic = published = False
    for game in registry.names():
        module = pack_module(game)
        if module is None:
            table.add_row(
                game_title(game), _("printed"), f"[green]{_('complete')}[/] ({_('sourced tables')})"
            )
            continue
        for name in module.names:
            problems = module.check(name)
            state = (
                f"[green]{_('complete')}[/]"
                if not problems
                else f"[red]{_('{n} missing', n=len(problems))}[/]"
            )
            if name == "synthetic":
                synthetic = True
                name += " *"
            elif name == "published":
                published = True
                name += " **"
            table.add_row(game_title(game), name, state)
    notes = []
    if synthetic:
        notes.append(
            "* " + _("{label}: invented for demonstration and tests", label=_(SYNTHETIC_LABEL))
        )
    if published:
        notes.append("** " + _("only facts checked against the printed game; fill in the rest"))
    console.print(table)
    for note in notes:  # below the table, left-aligned: a centred caption wraps badly
        console.print(note, highlight=False)


def check(
    pack: Annotated[str, typer.Argument(help="A pack name (e.g. published) or a pack path.")],
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="Only this game (needed for a path).")
    ] = None,
) -> None:
    """Validate a component pack: list its missing facts and invalid rows; exit 1 if any."""
    if game:
        game = game_code(game)  # unknown names are an error listing the known ones
    modules = pack_modules([game] if game else None)
    if not modules:
        raise UnknownPack(
            _("no installed game uses component packs")
            if not game
            else _("{game} has printed component tables, not packs", game=game_title(game)),
            hint=_("`novus components list` shows the packs"),
        )
    is_path = Path(pack).exists()
    if not is_path:
        modules = [m for m in modules if pack in m.names]
        if not modules:
            raise UnknownPack(
                _("no pack named {pack} and no such file or folder", pack=repr(pack)),
                hint=_("`novus components list` shows the pack names; give a path for your own"),
            )
    elif game is None and len(modules) > 1:
        raise UnknownPack(
            _("{pack} is a path: say which game it is for", pack=pack),
            hint="--game " + "|".join(m.game for m in modules),
        )
    failed = 0
    english_details = current_language() != "en"
    for module in modules:
        problems = module.check(pack)
        label = f"{game_title(module.game)} {pack}"
        if pack == "synthetic":
            label += f" ({_(SYNTHETIC_LABEL)})"
        if not problems:
            console.print(
                f"[green]{_('ok')}[/] " + _("{pack}: complete and valid", pack=label),
                highlight=False,
                soft_wrap=True,
            )
            continue
        failed += 1
        console.print(
            "[red]" + _("{pack}: {n} problem(s)", pack=label, n=len(problems)) + "[/]",
            highlight=False,
            soft_wrap=True,
        )
        if english_details:  # the engines' checks name files and columns as the docs do
            english_details = False
            console.print(
                _(
                    "(each problem names the pack's files and columns in English, "
                    "as docs/components.md does)"
                ),
                style="dim",
                highlight=False,
                soft_wrap=True,
            )
        for problem in problems:
            console.print(f"  - {render(problem)}", highlight=False, markup=False, soft_wrap=True)
    if failed:
        raise IncompletePack(
            _("{n} pack(s) incomplete or invalid", n=failed),
            hint=_("docs/components.md describes the pack format and every fact a pack needs"),
        )


def register(app: typer.Typer) -> None:
    group = typer.Typer(
        name="components",
        help="Component packs of the data-driven games: list them, check one.",
        no_args_is_help=True,
    )
    group.command("list")(list_packs)
    group.command("check")(check)
    app.add_typer(group)
