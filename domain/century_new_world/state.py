"""The game state: `__slots__` objects of ints and tuples, copied on write.

`apply` clones the state shallowly (`State.clone`) and replaces only the `Player` objects it
changes (`State.edit`), so no state a caller holds is ever mutated. `legal_cache`/`legal_seat`
cache the legal actions and are not part of the value (`__eq__` ignores them).
"""

from __future__ import annotations

from typing import Any

from domain.century_new_world.tables import Tables

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


class Player:
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

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.cubes = self.cubes
        p.available = self.available
        p.reserve = self.reserve
        p.cards = self.cards
        p.bonus = self.bonus
        p.explored = self.explored
        return p

    def key(self) -> tuple[Any, ...]:
        return (self.cubes, self.available, self.reserve, self.cards, self.bonus, self.explored)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __getstate__(self) -> tuple[Any, ...]:
        return self.key()

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        (self.cubes, self.available, self.reserve, self.cards, self.bonus, self.explored) = data


class State:
    __slots__ = (
        "actor",
        "deck",
        "ending",
        "explore_on",
        "fort_card",
        "legal_cache",
        "legal_seat",
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
    legal_cache: tuple[str, ...] | None
    legal_seat: int

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

    def clone(self) -> State:
        s = State.__new__(State)
        s.t = self.t
        s.names = self.names
        s.players = self.players
        s.occ_seat = self.occ_seat
        s.occ_n = self.occ_n
        s.explore_on = self.explore_on
        s.fort_card = self.fort_card
        s.stacks = self.stacks
        s.deck = self.deck
        s.actor = self.actor
        s.phase = self.phase
        s.round = self.round
        s.ending = self.ending
        s.pending_explore = self.pending_explore
        s.supply_out = self.supply_out
        s.supply_in = self.supply_in
        s.legal_cache = None
        s.legal_seat = -2
        return s

    def edit(self, seat: int) -> Player:
        """A private copy of `seat`'s player, installed in this (cloned) state."""
        p = self.players[seat].clone()
        players = list(self.players)
        players[seat] = p
        self.players = tuple(players)
        return p

    def key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in State.VALUE)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.t == other.t and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __getstate__(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in State.VALUE}
        data["t"] = self.t
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.legal_cache = None
        self.legal_seat = -2

    def settlers_on_board(self, seat: int) -> int:
        if seat not in self.occ_seat:
            return 0
        return sum(n for o, n in zip(self.occ_seat, self.occ_n, strict=True) if o == seat)
