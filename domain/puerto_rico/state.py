"""The Puerto Rico game state: plain `__slots__` objects holding ints and tuples.

`apply` clones the state shallowly (`State.clone`) and edits only the clone, replacing the
`Player` objects it changes (`State.edit`), so no state reachable by a caller is ever mutated and
unchanged players are shared between states. The cache slots `legal_cache`/`legal_seat` hold
the legal actions once computed; they are not part of the value (`__eq__` ignores them).

These are the `SeatedState`/`SlotState` of `domain.core.state` written out: the copy, `==` and
pickling that the base generates from the slots at class creation are spelled out here, and the
classes are registered as the base's (`tests/puerto_rico/test_state_methods.py` checks that they
cover every slot). Written out, the module also compiles with mypyc (`compiled.py`, `setup.py`),
whose classes cannot take methods made at run time.
"""

from __future__ import annotations

from typing import Any

from domain.core.state import SeatedState, SlotState
from domain.puerto_rico.components import BUILDINGS, QUARRY

NO_CHANCE, CHANCE_REFILL, CHANCE_HACIENDA, CHANCE_BUILDINGS, CHANCE_LAND = 0, 1, 2, 3, 4
"""What chance outcome the state waits for: nothing, the face-up row refill, a hacienda draw,
the random building set (option ``buildings=random``), a Land Office purchase."""

PICKING = -1
"""`State.role` while a seat is choosing a role."""
DRAFTING = -2
"""`State.role` during the Expansion 1 building draft at setup."""


_PLAYER_VALUE: tuple[str, ...] = (
    "active",
    "buildings",
    "doubloons",
    "forests",
    "goods",
    "manned",
    "noble_on",
    "nobles",
    "san_juan",
    "tiles",
    "vp",
    "workers",
)
"""Every slot of a `Player` (what `==` compares and pickling keeps)."""

_STATE_VALUE: tuple[str, ...] = (
    "acted",
    "actor",
    "bank_out",
    "bonus_used",
    "bsupply",
    "chance",
    "col_ship",
    "col_supply",
    "colonist_end_short",
    "cursor",
    "discards",
    "discards_bottom",
    "ends",
    "face_up",
    "goods_supply",
    "governor",
    "guest_stage",
    "hand",
    "house",
    "keep_left",
    "kept",
    "made",
    "names",
    "noble_supply",
    "nplayers",
    "over",
    "pending",
    "picker",
    "picks",
    "players",
    "produced",
    "quarries",
    "role",
    "role_doubloons",
    "role_taker",
    "roles",
    "round",
    "ship_good",
    "ship_load",
    "ship_nobles",
    "ship_offer",
    "ships",
    "stack",
    "stored",
    "storing",
    "sw_load",
    "sw_used",
    "theme",
    "vp_owed",
    "vp_supply",
    "wh_left",
    "wharf_used",
)
"""Every slot of a `State` but the legal-actions cache (what `==` compares and pickling keeps)."""


class Player:
    """One seat's holdings. Island tiles are counts per tile type (order on the board is free)."""

    __slots__ = _PLAYER_VALUE

    doubloons: int
    vp: int
    """VP chips (and chips owed once the supply ran out)."""
    goods: tuple[int, ...]
    """Barrels by good index."""
    tiles: tuple[int, ...]
    """Island tiles by type: corn, indigo, sugar, tobacco, coffee, quarry."""
    manned: tuple[int, ...]
    """Colonists on the island tiles, by tile type (at most one per tile)."""
    buildings: tuple[int, ...]
    """Building indices in the order built."""
    workers: tuple[int, ...]
    """Colonists on each building, parallel to `buildings`."""
    san_juan: int
    active: int
    """Bit mask of manned buildings (bit = building index), kept in step with `workers`."""
    nobles: int
    """Expansion 2: how many of the player's colonists (anywhere) are nobles."""
    noble_on: int
    """Expansion 2: bit mask of buildings whose circle holds a noble rather than a colonist (it
    matters on the Land Office, Chapel, Hunting Lodge and Zoning Office only)."""
    forests: tuple[int, ...]
    """Plantation tiles laid face down as forests (Expansion 1 Forest House), by their type."""

    def set_workers(self, workers: tuple[int, ...]) -> None:
        self.workers = workers
        mask = 0
        for b, w in zip(self.buildings, workers, strict=True):
            if w:
                mask |= 1 << b
        self.active = mask

    def has(self, building: int) -> bool:
        """Whether the player owns `building` with at least one colonist on it."""
        return bool(self.active >> building & 1)

    def owns(self, building: int) -> bool:
        return building in self.buildings

    def island_count(self) -> int:
        """Occupied island spaces: tiles and forests."""
        return sum(self.tiles) + len(self.forests)

    def city_spaces(self) -> int:
        return sum(BUILDINGS[b].spaces for b in self.buildings)

    def colonists(self) -> int:
        return self.san_juan + sum(self.manned) + sum(self.workers)

    def manned_quarries(self) -> int:
        return self.manned[QUARRY]

    def clone(self) -> Player:
        """A shallow copy (written out: `apply` copies at every step)."""
        c = Player.__new__(Player)
        c.active = self.active
        c.buildings = self.buildings
        c.doubloons = self.doubloons
        c.forests = self.forests
        c.goods = self.goods
        c.manned = self.manned
        c.noble_on = self.noble_on
        c.nobles = self.nobles
        c.san_juan = self.san_juan
        c.tiles = self.tiles
        c.vp = self.vp
        c.workers = self.workers
        return c

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Player):
            return NotImplemented
        return (
            self.active == other.active
            and self.buildings == other.buildings
            and self.doubloons == other.doubloons
            and self.forests == other.forests
            and self.goods == other.goods
            and self.manned == other.manned
            and self.noble_on == other.noble_on
            and self.nobles == other.nobles
            and self.san_juan == other.san_juan
            and self.tiles == other.tiles
            and self.vp == other.vp
            and self.workers == other.workers
        )

    def __getstate__(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in _PLAYER_VALUE}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for k, v in data.items():
            setattr(self, k, v)

    def __hash__(self) -> int:
        return hash((self.doubloons, self.vp, self.goods, self.tiles, self.buildings))

    def __repr__(self) -> str:
        return "Player(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in _PLAYER_VALUE) + ")"


class State:
    """The whole game at one moment. See the module docstring for the copy-on-write rule."""

    __slots__ = (*_STATE_VALUE, "legal_cache", "legal_seat")

    # Fixed for the game
    names: tuple[str, ...]
    nplayers: int
    theme: str
    """Display naming theme: "standard" or "2p"."""
    discards_bottom: bool
    """KO: unchosen face-up tiles go under the stack; English: a discard pile reshuffled."""
    colonist_end_short: bool
    """English end: only a short colonist ship ends the game (KO: also an empty supply)."""
    roles: tuple[int, ...]
    """Role cards in this game, by role index."""
    ships: tuple[int, ...]
    """Cargo ship capacities, ascending."""

    # Shared board
    players: tuple[Player, ...]
    governor: int
    round: int
    picks: int
    """Roles chosen so far this round."""
    role_doubloons: tuple[int, ...]
    """Doubloons lying on each role card (by role index; 0 for cards not in the game)."""
    role_taker: tuple[int, ...]
    """Seat that took each role this round, or -1."""
    ship_good: tuple[int, ...]
    ship_load: tuple[int, ...]
    house: tuple[int, ...]
    col_ship: int
    col_supply: int
    vp_supply: int
    vp_owed: int
    """VP handed out after the chips ran out (written on paper, KO)."""
    face_up: tuple[int, ...]
    quarries: int
    stack: tuple[int, ...]
    """Face-down plantations nobody has seen, by type."""
    discards: tuple[int, ...]
    """Seen plantations put back: under the stack in this order (KO) or on the discard pile."""
    goods_supply: tuple[int, ...]
    bsupply: tuple[int, ...]
    """Buildings left in the supply, by building index."""
    bank_out: int
    """Doubloons the bank has paid out, net (doubloons are unlimited, KO2P)."""
    ends: tuple[str, ...]
    """End conditions met so far; the game ends when the round in which the first is met ends."""
    over: bool

    # Where we are
    role: int
    """Role being carried out, or PICKING."""
    picker: int
    """Seat that chose the current role."""
    actor: int
    """Seat to decide (while no chance is pending)."""
    acted: int
    """Seats done in the current phase (turn order from the picker)."""
    chance: int
    storing: bool
    """Captain phase: shipping is over and players choose what to keep."""
    bonus_used: bool
    """Settler: the actor used his hacienda; captain: the captain's first-shipment VP is paid."""
    wharf_used: int
    """Captain: bit mask of seats that used (or declined) their wharf this phase."""
    produced: int
    """Craftsman: bit mask of kinds the craftsman produced (candidates for the extra good)."""
    kept: tuple[int, ...]
    """Captain storage: single barrels the actor chose to keep so far, by good."""
    keep_left: int
    """Captain storage: single barrels the actor may still keep (1, +3 with a Storehouse)."""
    made: tuple[int, ...]
    """Craftsman: barrels the craftsman produced, by good (for the Specialty Factory)."""
    noble_supply: int
    """Expansion 2: nobles left in the supply (-1: nobles not in this game)."""
    ship_nobles: int
    ship_offer: int
    """Expansion 2, mayor phase: the place (0 = the mayor's first) in the one-by-one share-out
    of the colonist ship whose taker decides about the ship's noble now; -1: no such decision."""
    """Expansion 2: how many of the colonists on the colonist ship are nobles."""
    sw_load: tuple[int, ...]
    """Captain: barrels the actor has put on his Small Wharf so far (still his until it sails)."""
    sw_used: int
    """Captain: bit mask of seats that used (or declined) their Small Wharf this phase."""
    pending: int
    """Settler: a hacienda tile drawn by a Forest House owner, waiting to be planted or laid as
    a forest; builder: the building being paid with the Black Market (-1: none)."""
    stored: int
    """Captain storage: bit mask of kinds the actor keeps whole in warehouses."""
    wh_left: int
    """Captain storage: warehouse kinds the actor may still choose."""
    hand: int
    """Mayor: colonists the actor still has to place; craftsman: extra barrels still owed."""
    cursor: int
    """Mayor: the first placement target the actor may still use (placements go in order)."""
    guest_stage: int
    """Expansion 1: before a settler/builder/craftsman/trader/captain phase starts, the offset
    from the picker of the Guest House owner being asked whether to move guests (-1: none)."""

    legal_cache: tuple[str, ...] | None
    """The legal actions of `legal_seat`, once listed (`rules.legal`); not part of the value."""
    legal_seat: int

    def forget_legal(self) -> None:
        """Empty the cache (after changing a state in place, as setups and tests do)."""
        self.legal_cache = None
        self.legal_seat = -2

    def edit(self, seat: int) -> Player:
        """A private copy of `seat`'s player, put in place of the shared one."""
        p = self.players[seat].clone()
        self.players = (*self.players[:seat], p, *self.players[seat + 1 :])
        return p

    def clone(self) -> State:
        """A shallow copy with fresh caches (written out: `apply` copies at every step)."""
        c = State.__new__(State)
        c.legal_cache = None
        c.legal_seat = -2
        c.acted = self.acted
        c.actor = self.actor
        c.bank_out = self.bank_out
        c.bonus_used = self.bonus_used
        c.bsupply = self.bsupply
        c.chance = self.chance
        c.col_ship = self.col_ship
        c.col_supply = self.col_supply
        c.colonist_end_short = self.colonist_end_short
        c.cursor = self.cursor
        c.discards = self.discards
        c.discards_bottom = self.discards_bottom
        c.ends = self.ends
        c.face_up = self.face_up
        c.goods_supply = self.goods_supply
        c.governor = self.governor
        c.guest_stage = self.guest_stage
        c.hand = self.hand
        c.house = self.house
        c.keep_left = self.keep_left
        c.kept = self.kept
        c.made = self.made
        c.names = self.names
        c.noble_supply = self.noble_supply
        c.nplayers = self.nplayers
        c.over = self.over
        c.pending = self.pending
        c.picker = self.picker
        c.picks = self.picks
        c.players = self.players
        c.produced = self.produced
        c.quarries = self.quarries
        c.role = self.role
        c.role_doubloons = self.role_doubloons
        c.role_taker = self.role_taker
        c.roles = self.roles
        c.round = self.round
        c.ship_good = self.ship_good
        c.ship_load = self.ship_load
        c.ship_nobles = self.ship_nobles
        c.ship_offer = self.ship_offer
        c.ships = self.ships
        c.stack = self.stack
        c.stored = self.stored
        c.storing = self.storing
        c.sw_load = self.sw_load
        c.sw_used = self.sw_used
        c.theme = self.theme
        c.vp_owed = self.vp_owed
        c.vp_supply = self.vp_supply
        c.wh_left = self.wh_left
        c.wharf_used = self.wharf_used
        return c

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            self.acted == other.acted
            and self.actor == other.actor
            and self.bank_out == other.bank_out
            and self.bonus_used == other.bonus_used
            and self.bsupply == other.bsupply
            and self.chance == other.chance
            and self.col_ship == other.col_ship
            and self.col_supply == other.col_supply
            and self.colonist_end_short == other.colonist_end_short
            and self.cursor == other.cursor
            and self.discards == other.discards
            and self.discards_bottom == other.discards_bottom
            and self.ends == other.ends
            and self.face_up == other.face_up
            and self.goods_supply == other.goods_supply
            and self.governor == other.governor
            and self.guest_stage == other.guest_stage
            and self.hand == other.hand
            and self.house == other.house
            and self.keep_left == other.keep_left
            and self.kept == other.kept
            and self.made == other.made
            and self.names == other.names
            and self.noble_supply == other.noble_supply
            and self.nplayers == other.nplayers
            and self.over == other.over
            and self.pending == other.pending
            and self.picker == other.picker
            and self.picks == other.picks
            and self.players == other.players
            and self.produced == other.produced
            and self.quarries == other.quarries
            and self.role == other.role
            and self.role_doubloons == other.role_doubloons
            and self.role_taker == other.role_taker
            and self.roles == other.roles
            and self.round == other.round
            and self.ship_good == other.ship_good
            and self.ship_load == other.ship_load
            and self.ship_nobles == other.ship_nobles
            and self.ship_offer == other.ship_offer
            and self.ships == other.ships
            and self.stack == other.stack
            and self.stored == other.stored
            and self.storing == other.storing
            and self.sw_load == other.sw_load
            and self.sw_used == other.sw_used
            and self.theme == other.theme
            and self.vp_owed == other.vp_owed
            and self.vp_supply == other.vp_supply
            and self.wh_left == other.wh_left
            and self.wharf_used == other.wharf_used
        )

    def __getstate__(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in _STATE_VALUE}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for k, v in data.items():
            setattr(self, k, v)
        self.legal_cache = None
        self.legal_seat = -2

    def __hash__(self) -> int:
        return hash((self.round, self.picks, self.actor, self.players))


SlotState.register(Player)
SeatedState.register(State)
