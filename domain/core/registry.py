"""The registry of games: name -> rules engine, imported lazily so the CLI starts fast."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from typing import Any

from domain.core.errors import UnknownGame
from domain.core.protocol import Rules

_ENGINES: dict[str, str] = {
    "puerto-rico": "domain.puerto_rico.rules",
    "santa-maria": "domain.santa_maria.rules",
    "century-new-world": "domain.century_new_world.rules",
    "mundus-novus": "domain.mundus_novus.rules",
}
"""Each module exposes `RULES`, an object implementing `Rules`."""


def _installed(module: str) -> bool:
    """Whether `module` exists; a missing parent package (no `domain/<game>/` yet) counts as no."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def names() -> list[str]:
    """Games whose engine is installed, in catalogue order."""
    return [n for n, mod in _ENGINES.items() if _installed(mod)]


@cache
def get(name: str) -> Rules[Any]:
    mod = _ENGINES.get(name)
    if mod is None or not _installed(mod):
        raise UnknownGame(name, names())
    rules: Rules[Any] = importlib.import_module(mod).RULES
    return rules
