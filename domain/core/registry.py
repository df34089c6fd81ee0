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


def names() -> list[str]:
    """Games whose engine is installed, in catalogue order."""
    return [n for n, mod in _ENGINES.items() if importlib.util.find_spec(mod) is not None]


@cache
def get(name: str) -> Rules[Any]:
    mod = _ENGINES.get(name)
    if mod is None or importlib.util.find_spec(mod) is None:
        raise UnknownGame(name, names())
    rules: Rules[Any] = importlib.import_module(mod).RULES
    return rules
