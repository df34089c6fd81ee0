"""Per-game board drawing: each game adds `dashboard/boards/<game>.py` with a `render` function.

The interface is one function, `render(view, rules) -> str`, returning HTML drawn from
`Rules.view(state, seat)`; games without a module get `generic.render`, which draws any view as
tables so a person can read it (never a raw JSON dump). A renderer that needs component
definitions the view only names by id may take a keyword `setup`: the game's recorded `Setup`,
whose `components` are the definitions in play (never the installed catalog).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from application.i18n import _
from domain.core.labels import SYNTHETIC_LABEL
from domain.core.protocol import Rules, Setup

Renderer = Callable[[Mapping[str, Any], Rules[Any]], str]


def _module_name(game: str) -> str:
    return "dashboard.boards." + game.replace("-", "_")


def renderer(game: str) -> Renderer:
    """The board renderer for `game` (e.g. "puerto-rico"), or the generic one."""
    name = _module_name(game)
    if importlib.util.find_spec(name) is not None:
        module = importlib.import_module(name)
        render_fn: Renderer = module.render
        return render_fn
    from dashboard.boards import generic

    return generic.render


def render(
    game: str, view: Mapping[str, Any], rules: Rules[Any], setup: Setup | None = None
) -> str:
    """HTML for the board of `game` at one step (`setup`: the game's recorded setup)."""
    draw = renderer(game)
    if setup is not None and "setup" in inspect.signature(draw).parameters:
        return draw(view, rules, setup=setup)  # type: ignore[call-arg]
    return draw(view, rules)


def synthetic_note(rules: Rules[Any], options: Mapping[str, str]) -> str:
    """The label to show beside synthetic components, or "" for the printed game."""
    if rules.synthetic_note:
        return f"{_(SYNTHETIC_LABEL)}: {_(rules.synthetic_note)}"
    if options.get("pack") == "synthetic":
        return _(SYNTHETIC_LABEL)
    return ""


def legend(game: str) -> str:
    """HTML explaining the board's symbols and codes, from the board module's optional
    `legend()` ("" when it has none)."""
    name = _module_name(game)
    if importlib.util.find_spec(name) is None:
        return ""
    explain = getattr(importlib.import_module(name), "legend", None)
    return str(explain()) if callable(explain) else ""
