"""What `--help` shows after each option: a placeholder a person would write, in the display
language (`--limit N`, `--data-dir DIR`, `--player NAME`), never typer's type names (`<bool>`
after a flag, `<list[str]>`, `<int range> [x>=1]`).

Set on the commands' parameters when a command is looked up (`NovusGroup.get_command`, after the
display language is chosen), so help pages and usage errors ("Missing argument 'GAME'") agree.
An option not listed here gets a placeholder from its type (`N`, `X`, `PATH`, `VALUE`).
"""

from __future__ import annotations

from typing import Any

from application.i18n import _, pgettext


def _named() -> dict[str, str]:
    """Parameter name -> placeholder, in the display language."""
    return {
        "game": pgettext("cli metavar", "GAME"),
        "game_ref": pgettext("cli metavar", "GAME"),
        "player": pgettext("cli metavar", "NAME"),
        "seat": pgettext("cli metavar", "SEAT"),
        "seats": pgettext("cli metavar", "SEATS"),
        "at": pgettext("cli metavar", "STEP"),
        "seed": pgettext("cli metavar", "SEED"),
        "port": pgettext("cli metavar", "PORT"),
        "host": pgettext("cli metavar", "ADDRESS"),
        "data_dir": pgettext("cli metavar", "DIR"),
        "output": pgettext("cli metavar", "PATH"),
        "files": pgettext("cli metavar", "PATH"),
        "poll": pgettext("cli metavar", "SECONDS"),
        "table": pgettext("cli metavar", "TABLE"),
        "chance": pgettext("cli metavar", "OUTCOME"),
        "first": pgettext("cli metavar", "ITEMS"),
        "face_up": pgettext("cli metavar", "ITEMS"),
        "hand": pgettext("cli metavar", "PLAYER=ITEMS"),
        "text": pgettext("cli metavar", "MOVE"),
        "pack": pgettext("cli metavar", "PACK"),
        "option": "KEY=VALUE",  # the syntax itself, as the option's help writes it
    }


def placeholder(param: Any) -> str:
    """The placeholder for one typer parameter ("" for a flag: it takes no value)."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return ""
    kind = param.type_descriptor
    if kind.is_choice:
        return "|".join(str(getattr(c, "value", c)) for c in kind.choices or ())
    annotation = kind.annotation
    if param.name == "players":  # a count to filter by, or the names of a new game's seats
        return "N" if annotation is int else pgettext("cli metavar", "NAMES")
    named = _named().get(param.name or "")
    if named:
        return named
    if annotation is int:
        return "N"
    if annotation is float:
        return "X"
    if kind.is_path:
        return pgettext("cli metavar", "PATH")
    return pgettext("cli metavar", "VALUE")


def bounds(param: Any) -> str | None:
    """A number option's limits in words ("at least 1"), in place of typer's "x>=1"."""
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is not None and high is not None:
        return _("{low} to {high}", low=low, high=high)
    if low is not None:
        return _("at least {n}", n=low)
    if high is not None:
        return _("at most {n}", n=high)
    return None


def with_metavars(command: Any, ctx: Any) -> Any:
    """`command` with a person's placeholder on each of its parameters (and its --help flag)."""
    for param in command.get_params(ctx):
        if param.name == "lang":
            continue  # "en|ko", set where the option is made
        param.metavar = placeholder(param)
        if getattr(param, "min", None) is not None or getattr(param, "max", None) is not None:
            # typer reads this private method for the "[x>=1]" note; a per-object override
            param._get_number_range_help_str = lambda p=param: bounds(p)
        if param.param_type_name == "argument":
            param.display_type_rich = lambda ctx: None  # the name says it already
    return command
