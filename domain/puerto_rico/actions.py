"""The action grammar: every Puerto Rico decision as a short, stable string.

Names are the ids of `components.py` (goods ``corn indigo sugar tobacco coffee``, tiles the goods
plus ``quarry``, buildings ``small_market`` ... ``city_hall``, roles ``settler mayor builder
craftsman trader captain prospector prospector2``). The strings never depend on the display
theme (`names=2p` only changes `describe` and `view` labels).

===========================  ==========================================================
``role:<role>``              choose a role card (``role:settler``). With 5 players the two
                             prospector cards are ``role:prospector`` and
                             ``role:prospector2`` (they may carry different doubloons).
``hacienda``                 settler, owner of a manned Hacienda, before the face-up pick:
                             take the top tile of the face-down stack (then a chance step
                             reveals it, unless the stack's order is already known).
``plantation:<tile>``        settler: take a face-up plantation (``plantation:corn``) or a
                             quarry (``plantation:quarry``: the settler, or a manned
                             Construction Hut).
``colonist:<target>``        mayor: put one colonist on a tile type (``colonist:corn``,
                             ``colonist:quarry``) or a building (``colonist:small_market``).
                             At the start of his mayor turn a player lifts all his colonists;
                             placements go in the fixed target order (tiles in goods order then
                             quarry, then buildings in table order) and may repeat a target;
                             once the placement left is forced (no colonists left, or exactly
                             enough for every free circle) the engine finishes it; what cannot
                             be placed goes to San Juan.
``colonists:<t>=<n>,...``    mayor: the same turn in one step, the whole placement
                             (``colonists:corn=1,quarry=2,small_market=1``; targets in any
                             order; ``colonists:`` alone places nothing, legal only when the
                             player has nothing to place). Accepted by `apply` but not listed
                             by `legal_actions` (importers use it).
``ship_noble:take``,         mayor phase with nobles (Expansion 2), while the colonist ship
``ship_noble:leave``         is shared out one by one from the mayor: the player whose turn
                             it is to take one, while the ship holds the noble and a colonist,
                             takes the noble or leaves it (takes a colonist); once only the
                             noble is left, the next taker gets it.
``noble:<building>``,        mayor with nobles (Expansion 2), after the placement: a noble, or
``colonist:<building>``      a plain colonist, sits on this Land Office / Chapel / Hunting
                             Lodge / Zoning Office (asked only when both are possible).
``supplier:<good>``,         captain start, manned Royal Supplier (Expansion 2): return one
``supplier:done``            barrel (kinds all different, at most one per noble owned) for 1 VP;
                             ``done`` stops.
``lodge:<good|forest>``      end of the settler phase, colonist on a Hunting Lodge (Expansion
                             2): return one of one's plantations (or a forest); ``pass`` keeps all.
``land:buy``, ``land:forest``  trader turn, colonist on a Land Office (Expansion 2): buy the top
``land:sell:<good>``         face-down plantation for 1 doubloon (as a forest with a Forest
                             House); with a noble on it: sell a plantation for 1 doubloon.
``build:<building>``         builder: build (``build:small_market``).
``pay:vp``, ``pay:good:<good>``, ``pay:colonist:<san_juan|tile|building>``
                             builder, manned Black Market (Expansion 1): pay a missing doubloon
                             of the building just chosen with a VP chip, a good, a colonist.
``guest:<tile|building>``    owner of a Guest House with guests (Expansion 1), whenever he is
                             to decide (not in his own mayor placement): move one guest to a
                             free circle; then he decides again. Before a settler, builder,
                             craftsman, trader or captain phase every other owner with a
                             guest is asked (``guest:`` or ``pass``) before the phase starts.
``extra:<good>``             craftsman: the craftsman's extra barrel (only offered when he
                             produced two or more kinds still in the supply; with one kind the
                             engine gives it).
``sell:<good>``              trader: sell one barrel to the trading house.
``sell:<good>:trading_post`` trader, manned Trading Post (Expansion 1): sell one barrel of any
                             kind to the supply instead, at the house price (+1 for the
                             trader, no market bonus).
``ship:<good>:<capacity>``   captain: load as many barrels of the good as fit on the cargo
                             ship named by its capacity (``ship:corn:5``, the 5-hold ship).
``ship:<good>:wharf``        captain: ship all barrels of the good with one's own wharf.
``small_wharf:<good>``       captain, manned Small Wharf (Expansion 1), once per phase: put one
                             more barrel on it (any kinds, any number, at least one) ...
``small_wharf:sail``         ... and ship them: 1 VP per 2 barrels. Once loading started the
                             player only loads or sails.
``store:<good>``             end of captain phase: keep every barrel of a kind in a warehouse.
``keep:<good>``              end of captain phase: the one barrel anyone may keep.
``pass``                     settler, builder, trader: do nothing this turn; captain: decline
                             the wharf when it is the only way left to ship.
``forest:<good>``            settler, manned Forest House (Expansion 1): take that face-up
                             plantation and lay it face down as a forest.
``hacienda:plant|forest``    settler, Forest House owner after his hacienda draw: plant the
                             drawn tile or lay it as a forest.
``draft:<building>``         setup with ``buildings=draft`` (Expansion 1): put a violet
                             building on a free supply slot of its cost (``draft:library``).
===========================  ==========================================================

A seat with no choice at all (nothing to sell, island full, nothing affordable, no good that
fits a ship, everything fits in storage, ...) is skipped without a step: the log holds real
decisions only. Forced results (production, the mayor's privilege and the colonist-ship
share, the craftsman's single possible extra barrel) are applied by the engine.
"""

from __future__ import annotations

from typing import NamedTuple

from domain.puerto_rico.components import BUILDINGS, GOODS, ROLES, TILES

(
    ROLE,
    HACIENDA,
    PLANTATION,
    COLONIST,
    COLONISTS,
    BUILD,
    EXTRA,
    SELL,
    SHIP,
    STORE,
    KEEP,
    PASS,
    DRAFT,
    FOREST,
    HACIENDA_TILE,
    SMALL_WHARF_LOAD,
    SMALL_WHARF_SAIL,
    PAY,
    GUEST,
    NOBLE,
    SUPPLIER,
    LODGE,
    LAND,
    SHIP_NOBLE,
) = range(24)

WHARF = -1
"""`Parsed.arg2` of ``ship:<good>:wharf``."""


class Parsed(NamedTuple):
    verb: int
    arg: int = -1
    arg2: int = -1


ROLE_ACTIONS = tuple(f"role:{r}" for r in ROLES)
PLANTATION_ACTIONS = tuple(f"plantation:{t}" for t in TILES)
TARGETS: tuple[str, ...] = (*TILES, *(b.id for b in BUILDINGS))
"""Mayor placement targets in their fixed order: the 6 tile types, then the buildings."""
COLONIST_ACTIONS = tuple(f"colonist:{t}" for t in TARGETS)
BUILD_ACTIONS = tuple(f"build:{b.id}" for b in BUILDINGS)
EXTRA_ACTIONS = tuple(f"extra:{g}" for g in GOODS)
SELL_ACTIONS = tuple(f"sell:{g}" for g in GOODS)
STORE_ACTIONS = tuple(f"store:{g}" for g in GOODS)
KEEP_ACTIONS = tuple(f"keep:{g}" for g in GOODS)
WHARF_ACTIONS = tuple(f"ship:{g}:wharf" for g in GOODS)
DRAFT_ACTIONS = tuple(f"draft:{b.id}" for b in BUILDINGS)
POST_ACTIONS = tuple(f"sell:{g}:trading_post" for g in GOODS)
SMALL_WHARF_ACTIONS = tuple(f"small_wharf:{g}" for g in GOODS)
SMALL_WHARF_SAIL_ACTION = "small_wharf:sail"
PAY_VP = "pay:vp"
PAY_GOOD_ACTIONS = tuple(f"pay:good:{g}" for g in GOODS)
PAY_COLONIST_ACTIONS = tuple(
    f"pay:colonist:{t}" for t in (*TILES, *(b.id for b in BUILDINGS), "san_juan")
)
GUEST_ACTIONS = tuple(f"guest:{t}" for t in (*TILES, *(b.id for b in BUILDINGS)))
NOBLE_ACTIONS = tuple(f"noble:{b.id}" for b in BUILDINGS)
SUPPLIER_ACTIONS = tuple(f"supplier:{g}" for g in GOODS)
SUPPLIER_DONE = "supplier:done"
LODGE_ACTIONS = tuple(f"lodge:{t}" for t in (*GOODS, "forest"))
LAND_BUY = "land:buy"
LAND_FOREST = "land:forest"
LAND_SELL_ACTIONS = tuple(f"land:sell:{g}" for g in GOODS)
FOREST_ACTIONS = tuple(f"forest:{g}" for g in GOODS)
HACIENDA_TILE_ACTIONS = ("hacienda:plant", "hacienda:forest")
SHIP_NOBLE_TAKE = "ship_noble:take"
SHIP_NOBLE_LEAVE = "ship_noble:leave"

_TABLE: dict[str, Parsed] = {"hacienda": Parsed(HACIENDA), "pass": Parsed(PASS)}
for _i, _a in enumerate(ROLE_ACTIONS):
    _TABLE[_a] = Parsed(ROLE, _i)
for _i, _a in enumerate(PLANTATION_ACTIONS):
    _TABLE[_a] = Parsed(PLANTATION, _i)
for _i, _a in enumerate(COLONIST_ACTIONS):
    _TABLE[_a] = Parsed(COLONIST, _i)
for _i, _a in enumerate(BUILD_ACTIONS):
    _TABLE[_a] = Parsed(BUILD, _i)
for _i, _a in enumerate(DRAFT_ACTIONS):
    _TABLE[_a] = Parsed(DRAFT, _i)
for _i, _a in enumerate(SMALL_WHARF_ACTIONS):
    _TABLE[_a] = Parsed(SMALL_WHARF_LOAD, _i)
_TABLE[SMALL_WHARF_SAIL_ACTION] = Parsed(SMALL_WHARF_SAIL)
for _a in (PAY_VP, *PAY_GOOD_ACTIONS, *PAY_COLONIST_ACTIONS):
    _TABLE[_a] = Parsed(PAY)
for _i, _a in enumerate(GUEST_ACTIONS):
    _TABLE[_a] = Parsed(GUEST, _i)
for _i, _a in enumerate(NOBLE_ACTIONS):
    _TABLE[_a] = Parsed(NOBLE, _i)
for _i, _a in enumerate(SUPPLIER_ACTIONS):
    _TABLE[_a] = Parsed(SUPPLIER, _i)
_TABLE[SUPPLIER_DONE] = Parsed(SUPPLIER, -1)
for _i, _a in enumerate(LODGE_ACTIONS):
    _TABLE[_a] = Parsed(LODGE, _i)
_TABLE[LAND_BUY] = Parsed(LAND, -1)
_TABLE[LAND_FOREST] = Parsed(LAND, -2)
for _i, _a in enumerate(LAND_SELL_ACTIONS):
    _TABLE[_a] = Parsed(LAND, _i)
for _i, _a in enumerate(FOREST_ACTIONS):
    _TABLE[_a] = Parsed(FOREST, _i)
for _i, _a in enumerate(HACIENDA_TILE_ACTIONS):
    _TABLE[_a] = Parsed(HACIENDA_TILE, _i)
_TABLE[SHIP_NOBLE_LEAVE] = Parsed(SHIP_NOBLE, 0)
_TABLE[SHIP_NOBLE_TAKE] = Parsed(SHIP_NOBLE, 1)
for _i, _a in enumerate(POST_ACTIONS):
    _TABLE[_a] = Parsed(SELL, _i, 1)
for _verb, _names in ((EXTRA, EXTRA_ACTIONS), (SELL, SELL_ACTIONS), (STORE, STORE_ACTIONS)):
    for _i, _a in enumerate(_names):
        _TABLE[_a] = Parsed(_verb, _i)
for _i, _a in enumerate(KEEP_ACTIONS):
    _TABLE[_a] = Parsed(KEEP, _i)
for _i, _a in enumerate(WHARF_ACTIONS):
    _TABLE[_a] = Parsed(SHIP, _i, WHARF)

_SHIP_ACTIONS: dict[tuple[int, int], str] = {}


def ship_action(good: int, capacity: int) -> str:
    """``ship:<good>:<capacity>`` (cached, so legal-move generation builds no strings)."""
    key = (good, capacity)
    text = _SHIP_ACTIONS.get(key)
    if text is None:
        text = f"ship:{GOODS[good]}:{capacity}"
        _SHIP_ACTIONS[key] = text
        _TABLE[text] = Parsed(SHIP, good, capacity)
    return text


for _g in range(len(GOODS)):
    for _cap in range(4, 9):
        ship_action(_g, _cap)

_TARGET_INDEX = {t: i for i, t in enumerate(TARGETS)}

VERBS = frozenset({action.partition(":")[0] for action in _TABLE} | {"colonists"})
"""Every verb of the grammar (the part of an action before the first ``:``)."""


def parse(action: str) -> Parsed | None:
    """The parsed form of `action`, or None if it is not in the grammar."""
    found = _TABLE.get(action)
    if found is not None:
        return found
    if action.startswith("colonists:"):
        return Parsed(COLONISTS)
    return None


def parse_placement(action: str) -> dict[int, int] | None:
    """``colonists:corn=1,quarry=2`` -> {target index: count}; None if malformed."""
    body = action.removeprefix("colonists:")
    placement: dict[int, int] = {}
    if not body:
        return placement
    for part in body.split(","):
        name, sep, count = part.partition("=")
        target = _TARGET_INDEX.get(name.strip())
        if not sep or target is None or target in placement or not count.strip().isdigit():
            return None
        placement[target] = int(count)
    return placement


def placement_action(placement: dict[int, int]) -> str:
    """The one-step mayor action for `placement` ({target index: count})."""
    parts = [f"{TARGETS[t]}={n}" for t, n in sorted(placement.items()) if n]
    return "colonists:" + ",".join(parts)
