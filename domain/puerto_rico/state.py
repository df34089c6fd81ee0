"""The Puerto Rico game state: plain `__slots__` objects holding ints and tuples.

`apply` clones the state shallowly (`State.clone`) and edits only the clone, replacing the
`Player` objects it changes (`State.edit`), so no state reachable by a caller is ever mutated and
unchanged players are shared between states. The cache slots of the base `GameState` hold
the legal actions once computed; they are not part of the value (`__eq__` ignores them).
"""

from __future__ import annotations

from domain.core.state import SeatedState, SlotState
from domain.puerto_rico.components import BUILDINGS, QUARRY

NO_CHANCE, CHANCE_REFILL, CHANCE_HACIENDA, CHANCE_BUILDINGS, CHANCE_LAND = 0, 1, 2, 3, 4
"""What chance outcome the state waits for: nothing, the face-up row refill, a hacienda draw,
the random building set (option ``buildings=random``), a Land Office purchase."""

PICKING = -1
"""`State.role` while a seat is choosing a role."""
DRAFTING = -2
"""`State.role` during the Expansion 1 building draft at setup."""


class Player(SlotState):
    """One seat's holdings. Island tiles are counts per tile type (order on the board is free)."""

    __slots__ = (
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

    def __hash__(self) -> int:
        return hash((self.doubloons, self.vp, self.goods, self.tiles, self.buildings))

    def __repr__(self) -> str:
        return "Player(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in Player.__slots__) + ")"


class State(SeatedState[Player]):
    """The whole game at one moment. See the module docstring for the copy-on-write rule."""

    __slots__ = (
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

    def __hash__(self) -> int:
        return hash((self.round, self.picks, self.actor, self.players))
