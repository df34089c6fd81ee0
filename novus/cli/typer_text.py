"""Typer's own texts in the display language: help pages and usage errors.

Typer writes a command's help from the texts given to `typer.Option(help=...)` and the command
docstrings (English, made when the modules load), and its usage errors ("No such option",
"Missing argument") in English. When the display language is not English, `install()` wraps
typer's help and error printers once: each help page is shown with every text looked up in the
catalog under the context `CONTEXT` (`python3 -m novus.catalog update` lists them: `entries()`),
each usage error is matched against the patterns below and said again through `_()`.
Imported only when the language is not English, so `novus --help` in English loads nothing more.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from application.i18n import _, current_language, pgettext

CONTEXT = "cli help"
_installed = False


def entries(root: Any) -> Iterator[tuple[str, str]]:
    """(help text, where) of every command, group and option under `root` (a click command)."""
    from typer._click.core import Context

    shown = root.get_help_option(Context(root))
    if shown is not None and shown.help:
        yield shown.help, "--help"
    yield from _walk(root, "novus")


def _walk(command: Any, path: str) -> Iterator[tuple[str, str]]:
    if command.help:
        yield command.help, path
    if getattr(command, "short_help", None):
        yield command.short_help, path
    for param in command.params:
        if getattr(param, "help", None):
            yield param.help, f"{path} {param.name}"
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _walk(sub, f"{path} {name}")


def said(text: str | None) -> str | None:
    """A help text in the display language (the English text when the catalog lacks it)."""
    return pgettext(CONTEXT, text) if text else text


@contextmanager
def _translated(obj: Any, ctx: Any) -> Iterator[None]:
    """`obj`'s help texts (its own, its options', its subcommands') in the display language
    while its help page is made; put back afterwards (one process may serve both languages)."""
    changed: list[tuple[Any, str, Any]] = []

    def swap(target: Any, attr: str) -> None:
        old = getattr(target, attr, None)
        if isinstance(old, str) and old:
            changed.append((target, attr, old))
            setattr(target, attr, said(old))

    swap(obj, "help")
    swap(obj, "short_help")
    for param in obj.get_params(ctx):
        swap(param, "help")
    for sub in getattr(obj, "commands", {}).values():
        swap(sub, "help")
        swap(sub, "short_help")
    usage = obj.get_usage
    obj.get_usage = lambda c: usage(c).replace("Usage: ", _("Usage: "), 1)
    try:
        yield
    finally:
        del obj.get_usage
        for target, attr, old in changed:
            setattr(target, attr, old)


def _titles() -> None:
    """Typer's panel titles and notes, in the display language (English ids)."""
    from typer import rich_utils as r

    r.ARGUMENTS_PANEL_TITLE = _("Arguments")
    r.OPTIONS_PANEL_TITLE = _("Options")
    r.COMMANDS_PANEL_TITLE = _("Commands")
    r.ERRORS_PANEL_TITLE = _("Error")
    r.ABORTED_TEXT = _("Aborted.")
    r.DEFAULT_STRING = _("[default: {}]")
    r.REQUIRED_LONG_STRING = _("[required]")
    r.RICH_HELP = _("Try [blue]'{command_path} {help_option}'[/] for help.")


Said = Callable[[re.Match[str]], str]
USAGE: list[tuple[re.Pattern[str], Said]] = [
    (
        re.compile(r"^No such command '(?P<name>.*)'\. Did you mean '(?P<guess>.*)'\?$"),
        lambda m: _("No such command '{name}'. Did you mean '{guess}'?", **m.groupdict()),
    ),
    (
        re.compile(r"^No such command '(?P<name>.*)'\.$"),
        lambda m: _("No such command '{name}'.", **m.groupdict()),
    ),
    (re.compile(r"^Missing command\.$"), lambda m: _("Missing command.")),
    (
        re.compile(r"^No such option: (?P<name>\S+) \(Possible options: (?P<options>.*)\)$"),
        lambda m: _("No such option: {name} (did you mean one of {options}?)", **m.groupdict()),
    ),
    (
        re.compile(r"^No such option: (?P<name>\S+)$"),
        lambda m: _("No such option: {name}", **m.groupdict()),
    ),
    (
        re.compile(r"^Got unexpected extra argument\(s\) \((?P<args>.*)\)$"),
        lambda m: _("Unexpected extra argument(s): {args}", **m.groupdict()),
    ),
    (
        re.compile(r"^Missing argument '(?P<name>.*)'\.$"),
        lambda m: _("Missing argument '{name}'.", **m.groupdict()),
    ),
    (
        re.compile(r"^Missing option '(?P<name>.*)'\.$"),
        lambda m: _("Missing option '{name}'.", **m.groupdict()),
    ),
    (
        re.compile(r"^Option '(?P<name>.*)' requires an argument\.$"),
        lambda m: _("Option '{name}' requires a value.", **m.groupdict()),
    ),
    (
        re.compile(r"^Option '(?P<name>.*)' does not take a value\.$"),
        lambda m: _("Option '{name}' does not take a value.", **m.groupdict()),
    ),
    (
        re.compile(r"^Invalid value for (?P<name>.*?): (?P<why>.*)$", re.S),
        lambda m: _("Invalid value for {name}: {why}", name=m["name"], why=_why(m["why"])),
    ),
]
"""Click's and typer's usage errors (their English message) and the same said through `_()`."""

WHY: list[tuple[re.Pattern[str], Said]] = [
    (
        re.compile(r"^Input should be a valid integer.*$", re.S),
        lambda m: _("a whole number is needed"),
    ),
    (
        re.compile(r"^Input should be a valid number.*$", re.S),
        lambda m: _("a number is needed"),
    ),
    (
        re.compile(r"^Input should be greater than or equal to (?P<n>\S+)$"),
        lambda m: _("it must be at least {n}", **m.groupdict()),
    ),
    (
        re.compile(r"^Input should be less than or equal to (?P<n>\S+)$"),
        lambda m: _("it must be at most {n}", **m.groupdict()),
    ),
    (
        re.compile(r"^(?:Value error, )?'(?P<value>.*)' is not one of (?P<choices>.*)\.$"),
        lambda m: _("'{value}' is not one of {choices}", **m.groupdict()),
    ),
    (
        re.compile(
            r"^(?:File|Directory|Path|file|directory|path) '(?P<path>.*)' does not exist\.$"
        ),
        lambda m: _("'{path}' does not exist", **m.groupdict()),
    ),
]
"""Why a value was refused (pydantic's words inside typer's "Invalid value" errors)."""


def usage_message(text: str) -> str:
    """A usage error's message in the display language (as it is when no pattern knows it)."""
    for pattern, say in USAGE:
        found = pattern.match(text)
        if found:
            return say(found)
    return text


def why(text: str) -> str:
    """Why a value was refused, said plainly (pydantic's words as they are when no pattern
    knows them); in English too, where nothing else of this module is used."""
    return _why(text)


def _why(text: str) -> str:
    for pattern, say in WHY:
        found = pattern.match(text)
        if found:
            return say(found)
    return text


def install() -> None:
    """Wrap typer's help and error printers (once): texts in the display language."""
    global _installed
    if _installed:
        return
    from typer import rich_utils

    show_help = rich_utils.rich_format_help
    show_error = rich_utils.rich_format_error

    def rich_format_help(*, obj: Any, ctx: Any, markup_mode: Any) -> None:
        _titles()
        if current_language() == "en":
            return show_help(obj=obj, ctx=ctx, markup_mode=markup_mode)
        with _translated(obj, ctx):
            return show_help(obj=obj, ctx=ctx, markup_mode=markup_mode)

    def rich_format_error(self: Any) -> None:
        _titles()
        if current_language() != "en":
            english = self.format_message
            self.format_message = lambda: usage_message(english())
            ctx = getattr(self, "ctx", None)
            if ctx is not None:
                usage = ctx.get_usage
                ctx.get_usage = lambda: usage().replace("Usage: ", _("Usage: "), 1)
        show_error(self)

    rich_utils.rich_format_help = rich_format_help
    rich_utils.rich_format_error = rich_format_error
    _installed = True
