"""`view(state, seat)`: the JSON picture of a Puerto Rico state that boards are drawn from.

Shape (names of goods/tiles/buildings/roles are the action-grammar ids; ``label`` fields follow
the display theme, option ``names``)::

    {
      "game": "puerto-rico", "theme": "standard" | "2p",
      "round": 3, "governor": 0,
      "phase": "picking" | "<role id>" | "storing" | "chance" | "drafting" | "over",
      "current_role": "captain" | null, "role_picker": 1 | null,
      "to_move": [2] | [-1] | [],             # -1: a chance step (plantation draw) is awaited
      "end_triggered": ["colonists" | "city" | "vp", ...], "over": false,
      "players": [{
          "seat": 0, "name": "Ana", "governor": true,
          "doubloons": 5, "vp_chips": 7,           # vp_chips include VP owed after chips ran out
          "goods": {"corn": 1, "indigo": 0, "sugar": 2, "tobacco": 0, "coffee": 0},
          "island": [{"tile": "corn", "label": "corn", "colonist": true}, ...],   # 12 spaces max
                                                       # tile "forest": Expansion 1 forests
          "city": [{"building": "small_market", "label": "Small Market", "colonists": 1,
                    "slots": 1, "spaces": 1, "vp": 1, "kind": "violet_small",
                    "good": null,                     # the good a production building makes
                    "noble": false}, ...],            # build order; noble: a noble on its circle
          "san_juan": 2, "colonists_total": 7,   # colonists_total includes nobles
          "nobles": 0,                           # Expansion 2: how many of them are nobles
          "island_spaces_used": 4, "city_spaces_used": 3,
      }, ...],
      "roles": [{"role": "settler", "label": "Settler", "doubloons": 1, "taken_by": null}, ...],
      "cargo_ships": [{"capacity": 5, "good": "corn" | null, "count": 3}, ...],
      "trading_house": ["indigo", "coffee"],        # at most 4
      "colonist_ship": 4, "colonist_supply": 71,
      "colonist_ship_nobles": 1, "noble_supply": 18 | null,   # null: no nobles in this game
      "vp_supply": 93, "vp_owed": 0,
      "face_up_plantations": ["coffee", "corn", ...], "quarries_left": 8,
      "plantation_stack": 45, "plantation_discards": 0,
      "goods_supply": {"corn": 10, ...},
      "buildings_supply": [{"building": "small_market", "label": "Small Market", "count": 2,
                            "cost": 1, "vp": 1, "slots": 1, "column": 1, "spaces": 1,
                            "kind": "violet_small", "good": null,
                            "nobles_only": false}, ...],    # the buildings in this game
                                                            # (sold-out ones with count 0)
      "mayor": {"hand": 3} (only while a mayor turn is under way),
      "labels": {"goods": {...}, "tiles": {...}, "colonist": "colonist" | "worker",
                 "colonist_ship": "colonist ship" | "labor market",
                 "trading_house": "trading house" | "shop"}
    }

Everything in Puerto Rico is public except the order of the face-down stack, which the state
does not hold, so `seat` hides nothing.
"""

from __future__ import annotations

from typing import Any

from domain.puerto_rico.components import BUILDINGS, GOODS, ROLES, TILES, Building
from domain.puerto_rico.names import names_for
from domain.puerto_rico.state import DRAFTING, NO_CHANCE, PICKING, State


def phase(s: State) -> str:
    if s.over:
        return "over"
    if s.chance != NO_CHANCE:
        return "chance"
    if s.role == PICKING:
        return "picking"
    if s.role == DRAFTING:
        return "drafting"
    if s.storing:
        return "storing"
    return "prospector" if ROLES[s.role] == "prospector2" else ROLES[s.role]


def _production_in_game(s: State, b: Building) -> bool:
    """A production building is listed sold out too (its good stays on the board), unless it
    is not in this game: the Jeweler (Expansion 2) without nobles."""
    return b.kind == "production" and (b.expansion != "nobles" or s.noble_supply >= 0)


def view(s: State, seat: int | None = None) -> dict[str, Any]:
    nm = names_for(s.theme)
    players = []
    for i, p in enumerate(s.players):
        island = []
        for t in range(6):
            for k in range(p.tiles[t]):
                island.append({"tile": TILES[t], "label": nm.tile[t], "colonist": k < p.manned[t]})
        island.extend({"tile": "forest", "label": "forest", "colonist": False} for _ in p.forests)
        city = [
            {
                "building": BUILDINGS[b].id,
                "label": nm.building[b],
                "colonists": w,
                "noble": bool(p.noble_on >> b & 1),
                "slots": BUILDINGS[b].slots,
                "spaces": BUILDINGS[b].spaces,
                "vp": BUILDINGS[b].vp,
                "kind": BUILDINGS[b].kind,
                "good": GOODS[BUILDINGS[b].good] if BUILDINGS[b].good >= 0 else None,
            }
            for b, w in zip(p.buildings, p.workers, strict=True)
        ]
        players.append(
            {
                "seat": i,
                "name": s.names[i],
                "governor": i == s.governor,
                "doubloons": p.doubloons,
                "vp_chips": p.vp,
                "goods": dict(zip(GOODS, p.goods, strict=True)),
                "island": island,
                "city": city,
                "san_juan": p.san_juan,
                "nobles": p.nobles,
                "colonists_total": p.colonists(),
                "island_spaces_used": p.island_count(),
                "city_spaces_used": p.city_spaces(),
            }
        )
    owned = {b for p in s.players for b in p.buildings}
    out: dict[str, Any] = {
        "game": "puerto-rico",
        "theme": s.theme,
        "round": s.round,
        "governor": s.governor,
        "phase": phase(s),
        "current_role": None if s.role < 0 else ROLES[s.role],
        "role_picker": None if s.role < 0 else s.picker,
        "to_move": [] if s.over else ([-1] if s.chance != NO_CHANCE else [s.actor]),
        "end_triggered": list(s.ends),
        "over": s.over,
        "players": players,
        "roles": [
            {
                "role": ROLES[r],
                "label": nm.role[r],
                "doubloons": s.role_doubloons[r],
                "taken_by": s.role_taker[r] if s.role_taker[r] >= 0 else None,
            }
            for r in s.roles
        ],
        "cargo_ships": [
            {
                "capacity": cap,
                "good": GOODS[g] if g >= 0 else None,
                "count": n,
            }
            for cap, g, n in zip(s.ships, s.ship_good, s.ship_load, strict=True)
        ],
        "trading_house": [GOODS[g] for g in s.house],
        "colonist_ship": s.col_ship,
        "colonist_supply": s.col_supply,
        "colonist_ship_nobles": s.ship_nobles,
        "noble_supply": s.noble_supply if s.noble_supply >= 0 else None,
        "vp_supply": s.vp_supply,
        "vp_owed": s.vp_owed,
        "face_up_plantations": [TILES[t] for t in s.face_up],
        "quarries_left": s.quarries,
        "plantation_stack": sum(s.stack) + (len(s.discards) if s.discards_bottom else 0),
        "plantation_discards": 0 if s.discards_bottom else len(s.discards),
        "goods_supply": dict(zip(GOODS, s.goods_supply, strict=True)),
        "buildings_supply": [
            {
                "building": b.id,
                "label": nm.building[i],
                "count": s.bsupply[i],
                "cost": b.cost,
                "vp": b.vp,
                "slots": b.slots,
                "column": b.column,
                "spaces": b.spaces,
                "kind": b.kind,
                "good": GOODS[b.good] if b.good >= 0 else None,
                "nobles_only": b.expansion == "nobles",
            }
            for i, b in enumerate(BUILDINGS)
            if s.bsupply[i] or i in owned or _production_in_game(s, b)
        ],
        "labels": {
            "goods": dict(zip(GOODS, nm.good, strict=True)),
            "tiles": dict(zip(TILES, nm.tile, strict=True)),
            "colonist": nm.colonist,
            **nm.places,
        },
    }
    if s.role >= 0 and ROLES[s.role] == "mayor" and not s.over and s.hand:
        out["mayor"] = {"hand": s.hand}
    return out
