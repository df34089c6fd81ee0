"""The JSON picture of a state for boards, `novus show --json` and the dashboard.

Shape: {"game", "year", "phase", "actor", "start", "synthetic"?, "white_dice" (by face 1-6),
"blue_pool", "colony_tiles" (face-up ids), "docks" (4 ids or ""), "scholars", "bishops",
"monk_spaces" {space: [seats]}, "rest_spaces" [seat or -1], "roads_left", "players": [{"name",
"board_id", "coins", "points", "resources" {name: n}, "blue_dice", "piety", "conquistador",
"monks", "scholars", "bishops", "ships" [[ids] per dock], "rested", "rest_space", "grid": 6 rows
of 6 cells {"kind": "empty"|"road"|terrain, "effects", "colonists", "die", "coins"}}], "over",
"scores"?, "feats"? and "solo_goal"? (solo, at the end)}.

Component facts, so a board draws from the view alone (from the game's own catalog, recorded in
its setup): "tile_defs" {id: {"shape" [[row, col]] per square as it lies, "squares" [{"kind"
"road"|terrain, "effects", "road"? (a building that is also a road)}], "special"}} for the
face-up colony tiles; "ship_defs" {id: {"cost" (bundle text), "points"}} for every shipping tile
the view shows; "dock_rewards" (the four docks' effect texts); "missions" (bundle texts, with the
expansion's fifth); "scholar_points" {scholar: points} of the scholars shown; "tracks"
{"piety_length", "monk_symbols", "conquistador_length", "gold_spaces"}.

Expansion (only when it is in play): "expansion" {"modules", "special_shipping" (the tile under
the extra harbor or ""), "special_shipping_left", "special_colony_tiles", "experts" [6 entries
{"value", "id", "kind"} or null], "ambassador" {"white", "blue" (face, 0 = taken), "white_by",
"blue_by" (seat or -1), "rolled" (false while the year's roll is awaited: a 0 is then no die
yet)}}; each player gains "cocoa", "cocoa_storage", "governor" ("r,c" or None),
"experts_taken" {farmer, forester, soldier}; grid cells gain "governor": true and "expert": true
(an improvement expert: a building that is also a road).

Module D adds "maya" {"seat", "city": [{"spot", "building" (effects or null), "token", "on"
("white"/"blue"/... die or "priest" or null), "next" [spots], "regions"}], "roads_open",
"temples": [{"region", "stage", "tile", "cost", "cards", "reward"}], "hand" (the Maya seat and the
observer only; others see "hand_size"), "deck", "priests", "priests_owned", "road_tokens",
"building_tokens_left" {"wood"|"straw": {token: [effects]}} (the build card takes any of them),
"storage" {kind: [full, tiles]}, "gold", "temple_points", "offer"? {"to" (seat), "maya_gives",
"maya_gets"} (a trade proposal awaiting its answer; public)}; the Maya player's "grid" stays empty.

Hidden information: a player's taken shipping tiles lie face down in the harbor (rulebook,
shipping: "뒷면으로 배치"; flipped only at the end). A seat's view shows its own tiles, and
another player's only as "?" per tile on each dock (how many, not which); the observer view (no
seat) and every view once the game is over show them all. Happiness tokens lie face down too
("행복도 토큰을 얻어 개척지 판 위에 뒷면으로 놓아두는 것"): another player's "points" is null in a
seat's view until the game is over. The shipping and colony piles are face down for everyone and
are not shown.
"""

from __future__ import annotations

from typing import Any

from domain.core.labels import SYNTHETIC_LABEL
from domain.santa_maria.components import (
    RESOURCES,
    SIZE,
    Catalog,
    Square,
    TileDef,
    bundle_text,
    effect_text,
)
from domain.santa_maria.geometry import cell_name, rotations
from domain.santa_maria.mayatrade import parse_offer, side_text
from domain.santa_maria.scoring import feats, scores
from domain.santa_maria.setup import MONK_SPACES, NEW_MISSION
from domain.santa_maria.state import Player, State

SOLO_GOAL = 100
"""Solo play: 100 points or more wins (rulebook)."""


def _grid(p: Player) -> list[list[dict[str, Any]]]:
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            cell = r * SIZE + c
            sq = p.board[cell]
            if sq is None:
                row.append(
                    {"kind": "empty", "governor": True} if cell == p.gov else {"kind": "empty"}
                )
                continue
            entry: dict[str, Any] = {
                "kind": sq.terrain,
                "effects": [effect_text(e) for e in sq.effects],
                "colonists": sq.colonists,
            }
            if p.dice_on[cell]:
                entry["die"] = DIE_NAMES[p.dice_on[cell]]
            if p.coins_on[cell]:
                entry["coins"] = p.coins_on[cell]
            if sq.road and sq.building:
                entry["expert"] = True
            if cell == p.gov:
                entry["governor"] = True
            row.append(entry)
        rows.append(row)
    return rows


HIDDEN_TILE = "?"
"""Stands for a shipping tile lying face down in another player's harbor."""


def _sees(s: State, seat: int | None, owner: int) -> bool:
    """Whether `seat` sees what `owner` keeps face down (the observer and the owner do; all do
    once the game is over)."""
    return seat is None or seat == owner or s.over


def _ships(s: State, seat: int | None, owner: int) -> list[list[str]]:
    p = s.players[owner]
    if _sees(s, seat, owner):
        return [list(d) for d in p.ships]
    return [[HIDDEN_TILE] * len(d) for d in p.ships]


def _expansion(s: State, out: dict[str, Any]) -> None:
    experts: list[dict[str, Any] | None] = []
    for value, eid in enumerate(s.experts, start=1):
        if eid and s.cat.expansion is not None:
            experts.append({"value": value, "id": eid, "kind": s.cat.expansion.experts[eid].kind})
        else:
            experts.append(None)
    out["expansion"] = {
        "modules": ",".join(s.modules),
        "special_shipping": s.xdock,
        "special_shipping_left": len(s.xship_left),
        "special_colony_tiles": [t for t in s.colony if s.cat.tiles[t].special],
        "experts": experts,
        "ambassador": {
            "white": s.amb[0],
            "blue": s.amb[1],
            "white_by": s.amb_by[0],
            "blue_by": s.amb_by[1],
            "rolled": ("amb",) not in s.chance,
        }
        if "C" in s.modules
        else None,
    }
    for p, entry in zip(s.players, out["players"], strict=True):
        entry["cocoa"] = p.cocoa
        entry["cocoa_storage"] = p.cocoa_cap
        entry["governor"] = cell_name(p.gov) if p.gov >= 0 else None
        entry["experts_taken"] = dict(
            zip(("farmer", "forester", "soldier"), p.expert_count, strict=True)
        )


def _maya(s: State, seat: int | None) -> dict[str, Any]:
    from domain.santa_maria import maya
    from domain.santa_maria.components import MAYA_REGIONS, MAYA_STORE, bundle_text

    m = s.maya
    mdef = maya.mdef_of(s)
    p = s.players[maya.MAYA]
    on = dict(m.on)
    tokens = dict(m.tokens)
    city = [
        {
            "spot": spot,
            "building": [effect_text(e) for e in maya.building_effects(s, spot)] or None,
            "token": tokens.get(spot),
            "on": ("priest" if on[spot] == maya.PRIEST else DIE_NAMES[on[spot]])
            if spot in on
            else None,
            "next": list(maya.successors(s, spot)),
            "regions": [MAYA_REGIONS[r] for r in mdef.regions_of(spot)],
        }
        for spot in mdef.nodes
    ]
    temples = [
        {
            "region": region,
            "stage": m.stage[r],
            "tile": m.temple[r],
            "cost": bundle_text(mdef.temples[m.temple[r]][1]) if m.temple[r] else None,
            "cards": m.played[r],
            "reward": mdef.rewards[r],
        }
        for r, region in enumerate(MAYA_REGIONS)
    ]
    full = (*p.res[:4], p.cocoa)
    tiles = (*p.caps, p.cocoa_cap)
    out: dict[str, Any] = {
        "seat": maya.MAYA,
        "city": city,
        "roads_open": list(m.roads),
        "temples": temples,
        "hand_size": len(m.hand),
        "deck": len(m.deck),
        "priests": m.priests,
        "priests_owned": m.priests_owned,
        "road_tokens": m.road_tokens,
        "building_tokens_left": {
            kind: {
                f"{kind}:{i}": [effect_text(e) for e in mdef.tokens[kind][i]]
                for i in maya.tokens_left(s, kind)
            }
            for kind in ("wood", "straw")
        },
        "storage": {k: [full[i], tiles[i]] for i, k in enumerate(MAYA_STORE)},
        "gold": p.res[4],
        "temple_points": maya.temple_points(m, p),
    }
    if seat is None or seat == maya.MAYA or s.over:
        out["hand"] = list(m.hand)
    return out


DIE_NAMES = ("", "white", "blue", "white ambassador", "blue ambassador")


def square_json(sq: Square) -> dict[str, Any]:
    """A square of a tile as the board draws it: kind ("road" or the terrain), effects, and
    "road": true for a building that also counts as a road (an improvement expert)."""
    entry: dict[str, Any] = {
        "kind": sq.terrain if sq.building else "road",
        "effects": [effect_text(e) for e in sq.effects],
    }
    if sq.road and sq.building:
        entry["road"] = True
    return entry


_TILES: dict[int, tuple[TileDef, dict[str, Any]]] = {}
"""`tile_json` made once per tile definition (by identity; the catalog's tiles live as long as
its games): every view of a game shows the same few tiles."""


def tile_json(tile: TileDef) -> dict[str, Any]:
    """A colony tile: its squares with their offsets (row, column) as it lies face up. Shared
    between views (made once per tile): read it, never change it."""
    hit = _TILES.get(id(tile))
    if hit is not None and hit[0] is tile:
        return hit[1]
    made = {
        "shape": [list(at) for at in rotations(tile.shape)[0]],
        "squares": [square_json(sq) for sq in tile.squares],
        "special": tile.special,
    }
    if len(_TILES) > 4096:
        _TILES.clear()
    _TILES[id(tile)] = (tile, made)
    return made


def _components(s: State, out: dict[str, Any]) -> None:
    """The definitions of the components the view names by id (the game's own catalog, as
    recorded in its setup), so a board draws them without the engine's tables."""
    cat: Catalog = s.cat
    out["tile_defs"] = {t: tile_json(cat.tiles[t]) for t in s.colony if t in cat.tiles}
    shown = [*s.docks, s.xdock] if s.exp else list(s.docks)
    shown += [t for p in out["players"] for d in p["ships"] for t in d]
    out["ship_defs"] = {
        sid: {"cost": bundle_text(cat.ships[sid].cost), "points": cat.ships[sid].points}
        for sid in dict.fromkeys(shown)
        if sid in cat.ships
    }
    out["dock_rewards"] = [effect_text(d) for d in cat.docks]
    missions = [bundle_text(m) for m in cat.missions]
    out["missions"] = [*missions, bundle_text(NEW_MISSION)] if s.exp else missions
    named = [*s.scholars_board, *(p.personal for p in s.players)]
    out["scholar_points"] = {k: cat.scholar_points[k] for k in named if k in cat.scholar_points}
    out["tracks"] = {
        "piety_length": cat.piety_length,
        "monk_symbols": list(cat.monk_symbols),
        "conquistador_length": cat.conq_length,
        "gold_spaces": sorted(cat.gold_spaces),
    }


def view(s: State, seat: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "santa-maria",
        "year": s.year,
        "phase": s.phase,
        "actor": s.actor,
        "start": s.start,
        "pack": s.cat.pack,
        "white_dice": list(s.white),
        "blue_pool": list(s.blue_pool) if s.shared else None,
        "colony_tiles": list(s.colony),
        "docks": list(s.docks),
        "shipping_left": len(s.ship_left),
        "scholars": list(s.scholars_board),
        "bishops": list(s.bishops_board),
        "monk_spaces": {MONK_SPACES[k]: list(v) for k, v in enumerate(s.monk_spaces)},
        "rest_spaces": list(s.rest_spaces),
        "roads_left": s.roads,
        "pending": [t[0] for t in s.tasks],
        "over": s.over,
        "players": [
            {
                "name": s.names[i],
                "board_id": p.board_id,
                "coins": p.coins,
                "points": p.vp if _sees(s, seat, i) else None,
                "resources": dict(zip(RESOURCES, p.res, strict=True)),
                "blue_dice": list(p.blue),
                "blue_owned": p.blue_owned,
                "white_used": p.white_used,
                "piety": p.piety,
                "conquistador": p.conq,
                "monks": p.monks,
                "scholars": list(p.scholars),
                "personal_scholar": p.personal,
                "bishops": list(p.bishops),
                "ships": _ships(s, seat, i),
                "rested": p.rested,
                "rest_space": p.rest,
                "grid": _grid(p),
            }
            for i, p in enumerate(s.players)
        ],
    }
    if s.exp:
        _expansion(s, out)
    _components(s, out)
    if s.maya is not None:
        out["maya"] = _maya(s, seat)
        if s.tasks and s.tasks[0][0] == "manswer":  # a proposal on the table is public
            to, give, get = parse_offer(s.tasks[0][1])
            out["maya"]["offer"] = {
                "to": to,
                "maya_gives": side_text(give),
                "maya_gets": side_text(get),
            }
    if s.cat.synthetic:
        out["synthetic"] = SYNTHETIC_LABEL
    if s.over:
        out["scores"] = scores(s).to_json()
        if s.n == 1 and s.maya is None:
            out["feats"] = [k for k, ok in feats(s).items() if ok]
            out["solo_goal"] = {
                "points": SOLO_GOAL,
                "reached": out["scores"][0]["total"] >= SOLO_GOAL,
            }
    return out
