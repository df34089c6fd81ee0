"""The game state: `__slots__` objects of ints and tuples, copied on write.

`apply` clones the state shallowly (`State.clone`) and replaces only the `Player` objects it
changes (`State.edit`), so no state a caller holds is ever mutated. The base `GameState` caches
the legal actions (not part of the value: `__eq__` ignores them).
"""

from __future__ import annotations

from typing import Any

from domain.century_new_world.tables import Tables
from domain.core.state import SeatedState, SlotState

# phases
CHANCE_CARDS, CHANCE_BONUS, CHANCE_TILES = 0, 1, 2
"""Setup chance nodes: shuffle the point cards, the bonus tiles, the exploration tiles."""
WORK = 3
"""The actor chooses to work (place settlers) or rest."""
EXPLORE = 4
"""The actor takes an exploration tile (a benefit of the card or tile just gained)."""
RETURN = 5
"""End of turn over the storage limit: the actor returns cubes of their choice, one at a time."""
OVER = 6
PHASE_NAMES = (
    "shuffle cards",
    "shuffle bonus tiles",
    "shuffle exploration tiles",
    "work",
    "explore",
    "return cubes",
    "over",
)


class Player(SlotState):
    """One seat's holdings. Settlers: `available` on the player board, `reserve` beside it (not
    usable yet), the rest on locations (`State.occ_seat`/`occ_n`)."""

    __slots__ = ("available", "bonus", "cards", "cubes", "explored", "reserve")

    cubes: tuple[int, ...]
    available: int
    reserve: int
    cards: tuple[int, ...]
    bonus: tuple[int, ...]
    explored: tuple[int, ...]

    def __init__(self, cubes: tuple[int, ...], available: int, reserve: int) -> None:
        self.cubes = cubes
        self.available = available
        self.reserve = reserve
        self.cards = ()
        self.bonus = ()
        self.explored = ()

    def key(self) -> tuple[Any, ...]:
        return (self.cubes, self.available, self.reserve, self.cards, self.bonus, self.explored)

    def __hash__(self) -> int:
        return hash(self.key())


class State(SeatedState[Player]):
    __slots__ = (
        "actor",
        "deck",
        "ending",
        "explore_on",
        "fort_card",
        "names",
        "occ_n",
        "occ_seat",
        "pending_explore",
        "phase",
        "players",
        "round",
        "stacks",
        "supply_in",
        "supply_out",
        "t",
    )

    t: Tables
    names: tuple[str, ...]
    players: tuple[Player, ...]
    occ_seat: tuple[int, ...]
    """Per location: the seat whose settlers stand there, or -1."""
    occ_n: tuple[int, ...]
    """Per location: how many settlers stand there."""
    explore_on: tuple[int, ...]
    """Per location: the exploration tile lying on it, or -1."""
    fort_card: tuple[int, ...]
    """Per location: the point card above a village (fort), or -1."""
    stacks: tuple[tuple[int, ...], ...]
    """Per location: its bonus tile stack, top first (villages only)."""
    deck: tuple[int, ...]
    """The face-up point card draw deck, top first."""
    actor: int
    phase: int
    round: int
    ending: bool
    """Someone holds the last point card needed: the round is played out, then the game ends."""
    pending_explore: int
    supply_out: tuple[int, ...]
    """Cubes by kind ever taken from the (unlimited) supply, starting cubes included."""
    supply_in: tuple[int, ...]
    """Cubes by kind ever returned to the supply (payments, trades, upgrades, storage limit)."""

    VALUE = (
        "names",
        "players",
        "occ_seat",
        "occ_n",
        "explore_on",
        "fort_card",
        "stacks",
        "deck",
        "actor",
        "phase",
        "round",
        "ending",
        "pending_explore",
        "supply_out",
        "supply_in",
    )

    @property
    def nplayers(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in State.VALUE)

    def __hash__(self) -> int:
        return hash(self.key())

    def settlers_on_board(self, seat: int) -> int:
        if seat not in self.occ_seat:
            return 0
        return sum(n for o, n in zip(self.occ_seat, self.occ_n, strict=True) if o == seat)
