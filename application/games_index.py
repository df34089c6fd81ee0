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
from dataclasses import dataclass
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
            "played": summary.played,
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
        played=d.get("played", d["steps"]),
    )


def prefix_bounds(text: str) -> tuple[UUID, UUID]:
    """The lowest and highest ids whose hex starts with `text` (1 to 32 hex digits)."""
    return UUID(text.ljust(32, "0")), UUID(text.ljust(32, "f"))


def positions(ids: Sequence[int], originators: Iterable[tuple[Any, int]]) -> dict[Any, int]:
    """The notification id of each game's first event (version 1) in one save."""
    return {o: n for n, (o, version) in zip(ids, originators, strict=True) if version == 1}


@dataclass(frozen=True)
class GameFilter:
    """Which games a listing wants; the stores turn it into SQL over the index's summaries
    (`sqlite_where`, `postgres_where`), so that listing, counting and finding branches or
    games to continue read only the matching rows. `matches` is the meaning the SQL must have
    (tests check both stores against it). Empty fields do not filter."""

    game: str | None = None
    players: int | None = None
    """The number of seats."""
    player: str | None = None
    """Part of a player's name, any case (`str.lower` on both sides)."""
    kinds: tuple[str, ...] = ()
    """The game's `source["kind"]` is one of these."""
    parent: str | None = None
    """The game's `source["parent"]` (the game a branch left)."""
    unfinished: bool = False
    """Only games without winners yet."""

    def matches(self, s: GameSummary) -> bool:
        if self.game and s.game != self.game:
            return False
        if self.players and len(s.players) != self.players:
            return False
        if self.kinds and not _is_one_of(s.source.get("kind"), self.kinds):
            return False
        if self.parent is not None and not _is_one_of(s.source.get("parent"), (self.parent,)):
            return False
        if self.unfinished and s.winners is not None:
            return False
        part = (self.player or "").lower()
        return not part or any(part in name.lower() for name in s.players)

    def sqlite_where(self) -> tuple[list[str], list[Any]]:
        """SQLite conditions (ANDed) and their arguments on `summary`, a JSON text
        (`novus_has_player` is `has_player`, registered on the connection by the recorder:
        SQLite's `lower` folds ASCII only, and its JSON texts stop at a NUL)."""
        doc = "CAST(summary AS TEXT)"
        where: list[str] = []
        args: list[Any] = []
        if self.game:
            where.append(f"json_extract({doc}, '$.game') = ?")
            args.append(self.game)
        if self.players:
            where.append(f"json_array_length({doc}, '$.players') = ?")
            args.append(self.players)
        for path, values in (("$.source.kind", self.kinds), ("$.source.parent", self._parents)):
            if values:
                marks = ", ".join("?" for _ in values)
                where.append(
                    f"json_type({doc}, '{path}') = 'text' "
                    f"AND json_extract({doc}, '{path}') IN ({marks})"
                )
                args += values
        if self.unfinished:
            where.append(f"json_type({doc}, '$.winners') = 'null'")
        if self.player:
            where.append("novus_has_player(summary, ?)")
            args.append(self.player.lower())
        return where, args

    def postgres_where(self, player: bool) -> tuple[list[str], list[Any]]:
        """PostgreSQL conditions (ANDed, `%s` arguments) on `summary`, JSON in a bytea; the
        player condition only if `player` (ICU's lower case, which is `str.lower`'s; else
        the caller filters by name in Python)."""
        doc = "convert_from(summary, 'UTF8')::json"
        where: list[str] = []
        args: list[Any] = []
        if self.game:
            where.append(f"({doc} ->> 'game') = %s")
            args.append(self.game)
        if self.players:
            where.append(f"json_array_length({doc} -> 'players') = %s")
            args.append(self.players)
        for key, values in (("kind", self.kinds), ("parent", self._parents)):
            if values:
                where.append(
                    f"json_typeof({doc} -> 'source' -> '{key}') = 'string' "
                    f"AND ({doc} -> 'source' ->> '{key}') = ANY(%s)"
                )
                args.append(list(values))
        if self.unfinished:
            where.append(f"json_typeof({doc} -> 'winners') = 'null'")
        if self.player and player:
            where.append(
                f"EXISTS (SELECT 1 FROM json_array_elements_text({doc} -> 'players') AS p "
                """WHERE strpos(lower(p COLLATE "und-x-icu"), %s) > 0)"""
            )
            args.append(self.player.lower())
        return where, args

    @property
    def _parents(self) -> tuple[str, ...]:
        return () if self.parent is None else (self.parent,)


def has_player(summary: bytes | str, part: str) -> bool:
    """Whether a player's name in a stored summary holds `part` (already lower case)."""
    return any(part in name.lower() for name in orjson.loads(summary)["players"])


def _is_one_of(value: Any, texts: tuple[str, ...]) -> bool:
    return isinstance(value, str) and value in texts
