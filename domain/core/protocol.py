"""The game-agnostic rules protocol that every engine implements.

Shaped like OpenSpiel's game/state split and python-chess's Board:

    rules = registry.get("puerto-rico")
    setup = rules.prepare(["Ana", "Ben", "Cleo"], {})
    state = rules.initial_state(setup)
    while not rules.is_over(state):
        seats = rules.to_move(state)          # (CHANCE,) or the seats that may decide now
        ...
        state = rules.apply(state, step)      # a new state; the input is never mutated

Actions are short strings with a stable text form (e.g. ``"role:settler"``), so they are hashable,
cheap, JSON-trivial and readable in logs. Chance is an explicit pseudo-seat (`CHANCE`): the engine
describes what it needs (`chance_spec`) and the caller supplies the outcome. Simultaneous secret
choices (Mundus Novus trade offers) are several seats in `to_move` at once: each submits its own
`Decision` in any order, the engine keeps them hidden in `view(state, seat)` until all are in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from domain.core.chance import ChanceSpec, Outcome

CHANCE = -1
"""The pseudo-seat that stands for chance in `to_move`."""

Action = str
JSON = Any


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat's choice of one legal action."""

    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class ChanceStep:
    """The outcome of the chance node the state was waiting on."""

    outcome: Outcome


# Rollouts make a step at every position, and a frozen dataclass's own `__init__` goes through
# `object.__setattr__` field by field (0.7 µs for a `Decision`). These fill the same slots
# through their descriptors (0.45 µs); the instances are the same: frozen, same `==`, hash, repr.
_set_seat, _set_action = vars(Decision)["seat"].__set__, vars(Decision)["action"].__set__
_set_outcome = vars(ChanceStep)["outcome"].__set__


def _decision_init(self: Decision, seat: int, action: Action) -> None:
    _set_seat(self, seat)
    _set_action(self, action)


def _chance_init(self: ChanceStep, outcome: Outcome) -> None:
    _set_outcome(self, outcome)


_decision_init.__qualname__, _chance_init.__qualname__ = "Decision.__init__", "ChanceStep.__init__"
Decision.__init__ = _decision_init  # type: ignore[method-assign]
ChanceStep.__init__ = _chance_init  # type: ignore[method-assign]


Step = Decision | ChanceStep


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Steps taken back: the game goes on from the state after its first `to_step` steps.

    A take-back is recorded, never a deletion: `removed` are the steps it took back, kept so the
    history of take-backs stays readable."""

    to_step: int
    removed: tuple[Step, ...] = ()


Entry = Step | TakeBack
"""One line of a game's full history: a step, or a take-back of the last steps."""


def step_from(seat: int, value: Any) -> Step:
    """A step from plain fields: `Decision(seat, value)`, or for seat -1 the chance outcome
    `value` (a list or tuple). Stored and piped steps travel as these two values."""
    return Decision(seat, value) if seat >= 0 else ChanceStep(tuple(value))


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option (variant, expansion, component pack) as `novus rules` lists it."""

    key: str
    values: tuple[str, ...]
    default: str
    help: str
    player_counts: tuple[int, ...] = ()
    """Player counts the option is allowed with; empty means all."""


@dataclass(frozen=True)
class Setup:
    """Everything needed to start a game, stored whole in the `Started` event.

    `components` holds the definitions of every component put in play at setup (boards, cards)
    for data-driven games, so a recorded game replays with no catalog at all.
    """

    game: str
    players: tuple[str, ...]
    options: Mapping[str, str] = field(default_factory=dict)
    components: JSON = None

    @property
    def num_players(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "players": list(self.players),
            "options": dict(sorted(self.options.items())),
            "components": self.components,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Setup:
        return cls(
            game=str(data["game"]),
            players=tuple(data["players"]),
            options=dict(data.get("options") or {}),
            components=data.get("components"),
        )


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's score: the total, its parts by category, and the tie-break values."""

    seat: int
    total: int
    breakdown: Mapping[str, int]
    tiebreak: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Scores:
    """Scores of all seats, in seat order. Ranking: total, then tie-break, higher is better."""

    seats: tuple[SeatScore, ...]

    def key(self, seat: int) -> tuple[int, ...]:
        s = self.seats[seat]
        return (s.total, *s.tiebreak)

    def ranks(self) -> tuple[int, ...]:
        """Rank per seat (1 = best); seats with equal keys share a rank."""
        keys = [self.key(i) for i in range(len(self.seats))]
        return tuple(1 + sum(1 for other in keys if other > k) for k in keys)

    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.ranks()) if r == 1)

    def to_json(self) -> list[dict[str, JSON]]:
        return [
            {
                "seat": s.seat,
                "total": s.total,
                "breakdown": dict(s.breakdown),
                "tiebreak": list(s.tiebreak),
            }
            for s in self.seats
        ]

    @classmethod
    def from_json(cls, data: Sequence[Mapping[str, JSON]]) -> Scores:
        return cls(
            tuple(
                SeatScore(
                    seat=int(d["seat"]),
                    total=int(d["total"]),
                    breakdown=dict(d["breakdown"]),
                    tiebreak=tuple(d.get("tiebreak") or ()),
                )
                for d in data
            )
        )


S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


@runtime_checkable
class Rules(Protocol[S]):
    """A complete, pure rules engine. No I/O, no clock, no global random state."""

    name: str
    """Registry key, e.g. ``"puerto-rico"``."""
    title: str
    rules_version: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    synthetic_note: str
    """Empty for printed components; else the label shown wherever synthetic data appears."""

    def prepare(self, players: Sequence[str], options: Mapping[str, str]) -> Setup:
        """Validate players and options, fill defaults, embed component definitions."""
        ...

    def initial_state(self, setup: Setup) -> S: ...

    def to_move(self, state: S) -> tuple[int, ...]:
        """`(CHANCE,)` at a chance node, the seats that may decide now, or `()` when over."""
        ...

    def legal_actions(self, state: S, seat: int) -> Sequence[Action]: ...

    def chance_spec(self, state: S) -> ChanceSpec:
        """What randomness the state waits for; only when `to_move` is `(CHANCE,)`."""
        ...

    def apply(self, state: S, step: Step) -> S:
        """The state after `step`; raises a `RuleError` subclass if the step is not legal."""
        ...

    def apply_trusted(self, state: S, step: Step) -> S:
        """`apply` without the legality check, for steps the store checked when it recorded
        them (projection replays); `domain.core.engine.Engine` gives both."""
        ...

    def is_over(self, state: S) -> bool: ...

    def scores(self, state: S) -> Scores:
        """Points so far with their breakdown (final scores once the game is over)."""
        ...

    def describe(self, state: S, step: Step) -> str:
        """A readable sentence for `step`, given the state before it."""
        ...

    def view(self, state: S, seat: int | None = None) -> dict[str, JSON]:
        """A JSON-able picture of the state for boards and `novus show --json`.

        With a seat, everything that seat may not see (other hands, secret offers) is hidden.
        """
        ...

    def round_of(self, state: S) -> int:
        """The round (or year) number, for 'jump by round' in the replay."""
        ...

    def bot(self, kind: str, seed: int) -> Bot[S]:
        """A bot of `kind` (``"random"`` or ``"heuristic"``) with its own seeded generator."""
        ...


class Bot(Protocol[S_contra]):
    """Chooses a legal action for a seat; owns its own random generator."""

    def choose(self, state: S_contra, seat: int) -> Action: ...
