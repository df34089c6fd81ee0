"""The game state: a mutable record that `apply` clones before changing (inputs never mutate).

Card zones are count lists by kind (see `cards.py`): the resource deck, discard pile, market, the
open supply cards, each seat's hand, warehouse and trade offer. Their sum is always the pack's 120.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.mundus_novus.packs import DevCard

# phases
SETUP_DEV = "setup_dev"  # chance: shuffle the development deck
SETUP_MARKET = "setup_market"  # chance: the three market cards
CORONADO = "coronado"  # Coronado's owner may buy an event
SUPPLY = "supply"  # chance: five hidden cards each, one open card per caravel
FLEETS = "fleets"  # Ponce de Leon's owner splits the caravels into two fleets
PICK = "pick"  # fleets pick the open cards, lowest fleet value first
PIRATES = "pirates"  # chance: a random card lost per fleet of 2+ caravels
DECLARE = "declare"  # the trade master declares 2-4 cards
OFFER = "offer"  # every seat chooses its offer secretly (simultaneous)
CHOOSE_MASTER = "choose_master"  # the master breaks a tie for the new master
DRAW = "draw"  # the chain of draws
GIVE = "give"  # the master gives a card back
FIRST = "first"  # the master chooses the first player of development
DEVELOP = "develop"  # development turns
OVER = "over"

CHANCE_PHASES = frozenset({SETUP_DEV, SETUP_MARKET, SUPPLY, PIRATES})


@dataclass
class Seat:
    """One player's holdings. `hand`, `stored`, `offer` are count lists by kind."""

    hand: list[int]
    dev: list[str] = field(default_factory=list)
    doubloons: int = 0
    stored: list[int] = field(default_factory=lambda: [0] * 11)
    offer: list[int] | None = None
    """Remaining offered cards during the trade (None before this seat has offered)."""
    offered: int = 0
    conversions: list[tuple[str, int, int]] = field(default_factory=list)
    """Merchant uses of this turn: (merchant id, physical kind, kind it counts as)."""
    merchants_used: list[str] = field(default_factory=list)
    fleets: list[list[str]] = field(default_factory=list)
    """This round's fleets (caravel ids); one fleet unless Ponce de Leon split them."""
    complete: bool = False

    def clone(self) -> Seat:
        return Seat(
            self.hand.copy(),
            self.dev.copy(),
            self.doubloons,
            self.stored.copy(),
            None if self.offer is None else self.offer.copy(),
            self.offered,
            self.conversions.copy(),
            self.merchants_used.copy(),
            [f.copy() for f in self.fleets],
            self.complete,
        )


@dataclass
class State:
    players: tuple[str, ...]
    cards: dict[str, DevCard] = field(compare=False, repr=False)
    """Development cards in play by id (from `Setup.components`; shared, never mutated)."""
    synthetic: bool
    seats: list[Seat]
    deck: list[int]
    discard: list[int] = field(default_factory=lambda: [0] * 11)
    market: list[int] = field(default_factory=lambda: [0] * 11)
    open_cards: list[int] = field(default_factory=lambda: [0] * 11)
    dev_deck: list[str] = field(default_factory=list)
    """Face-down development deck, top first (its order is the setup shuffle)."""
    queue: list[str] = field(default_factory=list)
    phase: str = SETUP_DEV
    round: int = 0
    event: str = "none"
    master: int = 0
    declared: int = 0
    actor: int = -1
    """The single seat to decide (all phases but OFFER)."""
    pickers: list[int] = field(default_factory=list)
    """Remaining pick slots in order: one seat per open card still to be picked."""
    pirate_queue: list[tuple[int, int]] = field(default_factory=list)
    """(seat, cards to lose) still to be drawn at random."""
    tied: tuple[int, ...] = ()
    history: list[tuple[int, int]] = field(default_factory=list)
    """The trade's draws as (drawer, victim)."""
    first: int = 0
    turns_left: int = 0
    same_sets: int = 0
    diff_done: bool = False
    relic_done: bool = False
    refill_failed: bool = False
    over: bool = False
    end_reason: str = ""
    receiver: int = -1
    """The seat the trade master owes a card at the end of the trade."""
    legal_seat: int = field(default=-99, compare=False, repr=False)
    legal_cache: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.players)

    def clone(self) -> State:
        return State(
            self.players,
            self.cards,
            self.synthetic,
            [s.clone() for s in self.seats],
            self.deck.copy(),
            self.discard.copy(),
            self.market.copy(),
            self.open_cards.copy(),
            self.dev_deck.copy(),
            self.queue.copy(),
            self.phase,
            self.round,
            self.event,
            self.master,
            self.declared,
            self.actor,
            self.pickers.copy(),
            self.pirate_queue.copy(),
            self.tied,
            self.history.copy(),
            self.first,
            self.turns_left,
            self.same_sets,
            self.diff_done,
            self.relic_done,
            self.refill_failed,
            self.over,
            self.end_reason,
            self.receiver,
        )

    # -- ownership helpers -------------------------------------------------------------------
    def owns(self, seat: int, personality: str) -> bool:
        cards = self.cards
        return any(
            cards[c].kind == "personality" and cards[c].name == personality
            for c in self.seats[seat].dev
        )

    def owned(self, seat: int, kind: str) -> list[Any]:
        cards = self.cards
        return [cards[c] for c in self.seats[seat].dev if cards[c].kind == kind]

    def event_for(self, seat: int) -> str:
        """The round's event as it touches `seat` (Juan de la Cosa is immune to every event)."""
        if self.event == "none" or self.owns(seat, "de_la_cosa"):
            return "none"
        return self.event
