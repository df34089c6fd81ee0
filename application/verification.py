"""Checking stored games: replay each from its events and compare with what `Finished` says.

The replay uses only the recorded steps (no random generator): every step must still be legal
for the engine, and the final state must be over exactly when a `Finished` event was stored,
with the same scores and winners.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from uuid import UUID

from application.records import GameRecord
from domain.core import registry
from domain.core.errors import NovusError


@dataclass(frozen=True)
class Verdict:
    """The outcome of verifying one game."""

    game_id: UUID
    game: str
    steps: int
    problems: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_record(record: GameRecord) -> Verdict:
    """Replay `record` through its engine and list every disagreement with the stored result."""
    problems: list[str] = []
    try:
        rules = registry.get(record.game)
    except NovusError as error:
        return Verdict(record.id, record.game, len(record.steps), (str(error),))
    if record.rules_version != rules.rules_version:
        problems.append(
            f"recorded with rules v{record.rules_version}, replayed with v{rules.rules_version}"
        )
    state = rules.initial_state(record.setup)
    for number, step in enumerate(record.steps, start=1):
        try:
            state = rules.apply(state, step)
        except NovusError as error:
            problems.append(f"step {number} no longer replays: {error}")
            return Verdict(record.id, record.game, len(record.steps), tuple(problems))
    over = rules.is_over(state)
    if record.scores is None:
        if over:
            problems.append("the replay ends the game but no Finished event was stored")
    elif not over:
        problems.append("a Finished event was stored but the replay does not end the game")
    else:
        replayed = rules.scores(state)
        if replayed.to_json() != record.scores.to_json():
            problems.append(
                f"final scores differ: stored {_totals(record.scores.to_json())}, "
                f"replayed {_totals(replayed.to_json())}"
            )
        if record.winners is not None and tuple(replayed.winners()) != record.winners:
            problems.append(
                f"winners differ: stored {list(record.winners)}, "
                f"replayed {list(replayed.winners())}"
            )
    return Verdict(record.id, record.game, len(record.steps), tuple(problems))


def _totals(scores: list[dict[str, object]]) -> list[object]:
    return [s["total"] for s in scores]
