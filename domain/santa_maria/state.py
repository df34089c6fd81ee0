"""The Santa Maria game state: `__slots__` objects holding ints, strings and tuples.

`apply` clones the state (`State.clone`) and the players it changes (`State.edit`), so a state a
caller holds is never mutated. The catalog and the legal-move cache are not part of the value
(`__eq__` ignores them): the catalog is derived from `Setup.components`.
"""

from __future__ import annotations

from typing import Any

from domain.core.state import SeatedState, SlotState
from domain.santa_maria.components import CELLS, Catalog, Square

Task = tuple[Any, ...]


class Player(SlotState):
    """One seat: colony, storage, dice, tracks, monks and shipping tiles."""

    __slots__ = (
        "bishops",
        "blue",
        "blue_owned",
        "blue_used",
        "board",
        "board_id",
        "caps",
        "cocoa",
        "cocoa_cap",
        "coin_acts",
        "coins",
        "coins_on",
        "conq",
        "conq_stamp",
        "dice_on",
        "expert_count",
        "gov",
        "monks",
        "personal",
        "piety",
        "res",
        "rest",
        "rested",
        "scholars",
        "ships",
        "tiles",
        "vp",
        "white_used",
    )

    board: tuple[Square | None, ...]
    coins_on: tuple[int, ...]
    """Coins lying on each cell (activated with coins this year)."""
    dice_on: tuple[int, ...]
    """0 = no die, 1 = a white die, 2 = a blue die, 3/4 = the white/blue ambassador die."""
    blue: tuple[int, ...]
    """Faces of the player's unused blue dice (own-dice rules), sorted."""
    res: tuple[int, ...]
    """Wood, grain, sugar, gem, gold in storage (at most 3 each)."""
    cocoa: int
    """Full cocoa storage tiles (expansion); at most `cocoa_cap` (one cocoa per tile)."""
    cocoa_cap: int
    expert_count: tuple[int, ...]
    """Farmers, foresters, soldiers taken so far (module B: the next costs one more)."""
    gov: int
    """The governor's cell (module A), -1 without the module."""
    caps: tuple[int, ...]
    """The Maya player's storage tiles per kind (wood, grain, sugar, gem, cocoa); () otherwise."""

    def __init__(self, board_id: str, board: tuple[Square | None, ...], coins: int) -> None:
        self.board_id = board_id
        self.board = board
        self.coins_on = (0,) * CELLS
        self.dice_on = (0,) * CELLS
        self.coins = coins
        self.vp = 0
        self.res = (2, 0, 0, 0, 0)
        self.blue = ()
        self.blue_owned = 1
        self.blue_used = 0
        self.white_used = 0
        self.coin_acts = 0
        self.piety = 0
        self.conq = 0
        self.conq_stamp = 0
        self.monks = 6
        self.ships: tuple[tuple[str, ...], ...] = ((), (), (), ())
        self.scholars: tuple[str, ...] = ()
        self.bishops: tuple[str, ...] = ()
        self.personal = ""
        self.rest = -1
        self.rested = False
        self.tiles: tuple[str, ...] = ()
        self.cocoa = 0
        self.cocoa_cap = 0
        self.expert_count: tuple[int, ...] = (0, 0, 0)
        self.gov = -1
        self.caps: tuple[int, ...] = ()

    def has(self, scholar: str) -> bool:
        return scholar in self.scholars

    def __hash__(self) -> int:
        return hash((self.coins, self.vp, self.res, self.board))


class State(SeatedState[Player]):
    """The whole game between two steps."""

    __slots__ = (
        "acted",
        "actor",
        "advanced",
        "amb",
        "amb_by",
        "bishops_board",
        "blue_pool",
        "blue_supply",
        "blue_waiting",
        "cat",
        "chance",
        "col2_left",
        "col3_left",
        "colony",
        "docks",
        "exp",
        "experts",
        "experts_left",
        "hall_order",
        "hall_sets",
        "maya",
        "modules",
        "monk_spaces",
        "n",
        "names",
        "over",
        "phase",
        "players",
        "rest_spaces",
        "roads",
        "scholars_board",
        "shared",
        "ship_left",
        "side",
        "stamp",
        "start",
        "tasks",
        "white",
        "xcol_left",
        "xdock",
        "xship_left",
        "year",
    )

    acted: bool
    """Whether the actor has taken this turn's main action."""
    actor: int
    amb: tuple[int, int]
    """Module C: the faces of the white and blue ambassador dice on their tiles (0 = taken)."""
    amb_by: tuple[int, int]
    """Module C: who took the white / blue ambassador tile this year (-1 = nobody)."""
    advanced: bool
    bishops_board: tuple[str, ...]
    blue_supply: int
    blue_waiting: int
    """Blue dice hired while resting: unrolled until the next year's roll (rulebook, rest)."""
    cat: Catalog
    col2_left: tuple[str, ...]
    col3_left: tuple[str, ...]
    colony: tuple[str, ...]
    """Face-up colony tiles this year."""
    docks: tuple[str, ...]
    """The shipping tile beside each of the 4 docks ("" when empty)."""
    exp: bool
    """The expansion's general rules are in play."""
    maya: Any
    """Module D: the Maya city (`maya.MayaState`), None without it; the Maya player is seat 0."""
    modules: str
    """Expansion modules in play, letters in order ("AB"), "" for none."""
    experts: tuple[str, ...]
    """Module B: the expert under each die value 1-6 this year ("" once taken or none)."""
    experts_left: tuple[str, ...]
    xcol_left: tuple[str, ...]
    """Special colony tiles not drawn yet (the two on display are in `colony`)."""
    xdock: str
    """The special shipping tile under the extra harbor ("" when none is left)."""
    xship_left: tuple[str, ...]
    hall_order: tuple[int, ...]
    """Seats still to pick at setup (boards, town hall sets), in reverse turn order."""
    hall_sets: tuple[tuple[str, str], ...]
    """Advanced setup: (town hall, scholar) sets still to choose."""
    n: int
    names: tuple[str, ...]
    over: bool
    phase: str
    """"setup" (chance nodes), "boards"/"halls" (choices at setup), "play", "over"."""
    roads: int
    scholars_board: tuple[str, ...]
    shared: bool
    ship_left: tuple[str, ...]
    side: str
    stamp: int
    """Conquistador arrival counter: a lower stamp is lower in a stack (ahead in ties)."""
    start: int
    year: int
    players: tuple[Player, ...]
    chance: tuple[Task, ...]
    """Chance nodes waiting, first one next: ("white",), ("blue1", seat), ("ship",) ..."""
    tasks: tuple[Task, ...]
    """The actor's unfinished work in order: activations, decisions, rest income."""
    white: tuple[int, ...]
    """White dice in the shared labour pool, counted by face 1-6."""
    blue_pool: tuple[int, ...]
    """Blue dice in the shared pool by face (variant blue_dice=shared)."""
    monk_spaces: tuple[tuple[int, ...], ...]
    """Seats with a monk on each of the 10 spaces (3 scholars, 3 bishops, 4 missions), in order."""
    rest_spaces: tuple[int, ...]

    _UNCOMPARED = ("cat",)

    def __hash__(self) -> int:
        return hash((self.year, self.actor, self.tasks, self.chance))
