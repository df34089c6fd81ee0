"""The games index: one row a game, kept by the store beside the events.

Listing games and finding one by an id prefix read this small table instead of the whole event
log. Every save writes its game's row in the same transaction as its events (a keyword argument
that `NovusApp._save` passes through the library to the recorder), so the index can never
disagree with the log. A store made before the index existed gets it built once, from the
events, the first time it is opened (under the store's write lock: no save can slip in between).

Row: `(game_id, position, summary)`: `position` is the notification id of the game's `Started`
event (listing order), `summary` the JSON of its `GameSummary` fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any
from uuid import UUID

import orjson

from application.records import GameSummary

GAMES_TABLE = "novus_games"
META_TABLE = "novus_meta"
BUILT = "games_index"
"""The `novus_meta` key that says the index was built (from the events, or from the start)."""

IndexRow = tuple[UUID, bytes]
"""What a save hands the recorder: the game's id and its summary JSON."""
EventRow = tuple[int, Any, int, str, bytes]
"""A stored event read for a build: `(id, originator, version, topic, state)`."""
Summarize = Callable[[Sequence[EventRow]], list[tuple[UUID, int, bytes]]]
"""Turns the Started/Finished/TakenBack events of a store into `(game_id, position, summary)`."""


def encode(summary: GameSummary) -> bytes:
    """The stored JSON of a summary (its id is the row's key)."""
    return orjson.dumps(
        {
            "game": summary.game,
            "players": list(summary.players),
            "options": summary.options,
            "source": summary.source,
            "seed": summary.seed,
            "created": summary.created,
            "steps": summary.steps,
            "totals": None if summary.totals is None else list(summary.totals),
            "winners": None if summary.winners is None else list(summary.winners),
        }
    )


def decode(game_id: UUID, data: bytes | str | memoryview) -> GameSummary:
    """The summary stored for `game_id`."""
    d = orjson.loads(bytes(data) if isinstance(data, memoryview) else data)
    return GameSummary(
        id=game_id,
        game=d["game"],
        players=tuple(d["players"]),
        options=dict(d["options"]),
        source=dict(d["source"]),
        seed=d["seed"],
        created=d["created"],
        steps=d["steps"],
        totals=None if d["totals"] is None else tuple(d["totals"]),
        winners=None if d["winners"] is None else tuple(d["winners"]),
    )


def prefix_bounds(text: str) -> tuple[UUID, UUID]:
    """The lowest and highest ids whose hex starts with `text` (1 to 32 hex digits)."""
    return UUID(text.ljust(32, "0")), UUID(text.ljust(32, "f"))


def positions(ids: Sequence[int], originators: Iterable[tuple[Any, int]]) -> dict[Any, int]:
    """The notification id of each game's first event (version 1) in one save."""
    return {o: n for n, (o, version) in zip(ids, originators, strict=True) if version == 1}
