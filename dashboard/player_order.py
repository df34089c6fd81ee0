"""The order the Players page lists players in: people first, by name, then the bots, marked.

A player looking for themselves scans a list of names alphabetically; the bots of the sample
and simulated games ("Heuristic 1" ... "Heuristic 5") played the most games and came first,
above every person. A bot is a player who only sat in simulations (`Views.bot_players`, as the
ratings count one); "Heuristic 10" comes after "Heuristic 9".
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

import pandas as pd

from application.i18n import _

_DIGITS = re.compile(r"(\d+)")


def name_key(name: str) -> tuple[object, ...]:
    """A name's place in an alphabetical list, its numbers compared as numbers."""
    parts = _DIGITS.split(name.casefold())
    return tuple(int(p) if i % 2 else p for i, p in enumerate(parts))


def ordered(names: Iterable[str], bots: Collection[str]) -> list[str]:
    """`names`, the people first by name, then the bots by name."""
    return sorted(names, key=lambda n: (n in bots, name_key(n)))


def marked(name: str, bots: Collection[str]) -> str:
    """A player's name as the page shows it: a bot's says it is one."""
    return _("{player} (bot)", player=name) if name in bots else name


def people_first(
    frame: pd.DataFrame, bots: Collection[str], column: str = "player"
) -> pd.DataFrame:
    """The rows of `frame` in `ordered` order of `column` (a name on several rows keeps their
    order)."""
    if frame.empty:
        return frame
    rank = {name: i for i, name in enumerate(ordered(dict.fromkeys(frame[column]), bots))}
    order = sorted(range(len(frame)), key=lambda i: rank[frame[column].iloc[i]])
    return frame.iloc[order].reset_index(drop=True)
