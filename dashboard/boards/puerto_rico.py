"""The Puerto Rico board drawn for people from `view()` (shape in `domain/puerto_rico/view.py`).

Shared parts first (roles with their doubloons, cargo ships, trading house, colonist ship,
face-up plantations, supplies, buildings for sale), then one card per player: island (12
spaces: plantations, quarries and Expansion 1 forests, with a circle per colonist), city (12
spaces in 4 columns, large buildings two spaces high, a circle per building circle, a gold circle
for an Expansion 2 noble), goods, doubloons, VP chips and nobles. Pure HTML and CSS, no script.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from dashboard.boards.puerto_rico_style import CSS, GOOD_COLOURS
from domain.core.protocol import Rules
from domain.puerto_rico.components import BUILDINGS, GOODS

ISLAND_SPACES = 12
CITY_SPACES = 12
_GOOD_OF_BUILDING = {b.id: GOODS[b.good] for b in BUILDINGS if b.good >= 0}
_KIND = {b.id: b.kind for b in BUILDINGS}
_NOBLES_ONLY = {b.id for b in BUILDINGS if b.expansion == "nobles"}


def _e(value: Any) -> str:
    return escape(str(value))


def _coloured(kind: str) -> str:
    bg, fg = GOOD_COLOURS.get(kind, ("#dddddd", "#222222"))
    return f"background:{bg};color:{fg}"


def _good_pill(good: str, label: str, count: int | None = None) -> str:
    zero = " zero" if count == 0 else ""
    text = _e(label) if count is None else f"{_e(label)} <b>{count}</b>"
    return f"<span class='good g-{_e(good)}{zero}' style='{_coloured(good)}'>{text}</span>"


def _dot(on: bool, noble: bool = False) -> str:
    if noble:
        return "<span class='dot noble' title='noble'></span>"
    return "<span class='dot on'></span>" if on else "<span class='dot'></span>"


def _names(view: Mapping[str, Any]) -> list[str]:
    return [str(p["name"]) for p in view["players"]]


def _bar(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    names = _names(view)
    role = view.get("current_role")
    parts = [
        f"<span><b>{_e(rules.title)}</b></span>",
        f"<span>Round <b>{_e(view['round'])}</b></span>",
        f"<span>Governor <b>{_e(names[view['governor']])}</b></span>",
        f"<span>Phase <b>{_e(view['phase'])}</b></span>",
    ]
    if role:
        picker = view.get("role_picker")
        who = f" (chosen by {_e(names[picker])})" if picker is not None else ""
        parts.append(f"<span>Role <b>{_e(role)}</b>{who}</span>")
    movers = [s for s in view.get("to_move", []) if s >= 0]
    if movers:
        parts.append("<span>To move <b>" + ", ".join(_e(names[s]) for s in movers) + "</b></span>")
    elif view.get("to_move") == [-1]:
        parts.append("<span>To move <b>chance (plantation draw)</b></span>")
    if view.get("mayor"):
        parts.append(f"<span>Mayor's hand <b>{_e(view['mayor']['hand'])}</b></span>")
    if view.get("end_triggered"):
        ends = ", ".join(_e(e) for e in view["end_triggered"])
        parts.append(f"<span class='end'>Game end triggered: {ends}</span>")
    if view.get("over"):
        parts.append("<span class='end'>Game over</span>")
    return "<div class='bar'>" + "".join(parts) + "</div>"


def _roles(view: Mapping[str, Any]) -> str:
    names = _names(view)
    cards = []
    for r in view["roles"]:
        taken = r.get("taken_by")
        cls = "role" + (" taken" if taken is not None else "")
        if r["role"] == view.get("current_role"):
            cls += " current"
        who = f"<div class='who'>taken by {_e(names[taken])}</div>" if taken is not None else ""
        coins = f" <span class='coin' title='doubloons'>{r['doubloons']}</span>"
        cards.append(
            f"<div class='{cls}' data-role='{_e(r['role'])}'>"
            f"<span class='n'>{_e(r['label'])}</span>{coins if r['doubloons'] else ''}{who}</div>"
        )
    return "<div class='roles'>" + "".join(cards) + "</div>"


def _ships(view: Mapping[str, Any], goods: Mapping[str, str]) -> str:
    rows = []
    for ship in view["cargo_ships"]:
        good, count = ship["good"], ship["count"]
        style = _coloured(good) if good else ""
        cells = "".join(
            f"<span class='cell' style='{style}'></span>"
            if k < count
            else "<span class='cell'></span>"
            for k in range(ship["capacity"])
        )
        load = f"{_e(goods.get(good, good))} {count}/{ship['capacity']}" if good else "empty"
        rows.append(
            f"<div class='ship'><span class='cap'>{ship['capacity']}</span>{cells}"
            f"<span class='load'>{load}</span></div>"
        )
    return "<div class='panel'><div class='t'>Cargo ships</div>" + "".join(rows) + "</div>"


def _kv(pairs: Sequence[tuple[str, Any]]) -> str:
    cells = "".join(f"<span>{_e(k)}</span><b>{v}</b>" for k, v in pairs)
    return f"<div class='kv'>{cells}</div>"


def _market(view: Mapping[str, Any], goods: Mapping[str, str], places: Mapping[str, Any]) -> str:
    house = view["trading_house"]
    cells = [_good_pill(g, goods.get(g, g)) for g in house]
    cells += ["<span class='cell'></span>"] * (4 - len(house))
    title = _e(str(places.get("trading_house", "trading house")).capitalize())
    supply = "".join(_good_pill(g, goods.get(g, g), n) for g, n in view["goods_supply"].items())
    return (
        f"<div class='panel'><div class='t'>{title}</div><div class='tiles'>{''.join(cells)}</div>"
        f"<div class='t' style='margin-top:6px'>Goods supply</div><div class='tiles'>{supply}</div>"
        "</div>"
    )


def _colonists(view: Mapping[str, Any], places: Mapping[str, Any]) -> str:
    worker = str(places.get("colonist", "colonist"))
    ship = str(places.get("colonist_ship", "colonist ship"))
    pairs: list[tuple[str, Any]] = [(f"{ship.capitalize()}", f"{view['colonist_ship']} {worker}s")]
    if view.get("noble_supply") is not None:
        pairs.append((f"{ship.capitalize()} nobles", view["colonist_ship_nobles"]))
        pairs.append(("Nobles supply", view["noble_supply"]))
    pairs += [
        (f"{worker.capitalize()} supply", view["colonist_supply"]),
        ("VP chips left", view["vp_supply"]),
    ]
    if view.get("vp_owed"):
        pairs.append(("VP owed (chips ran out)", view["vp_owed"]))
    return f"<div class='panel'><div class='t'>Colonists and VP</div>{_kv(pairs)}</div>"


def _plantations(view: Mapping[str, Any], tiles: Mapping[str, str]) -> str:
    face_up = "".join(_good_pill(t, tiles.get(t, t)) for t in view["face_up_plantations"]) or "—"
    pairs: list[tuple[str, Any]] = [
        ("Quarries left", view["quarries_left"]),
        ("Face-down stack", view["plantation_stack"]),
    ]
    if view.get("plantation_discards"):
        pairs.append(("Discards", view["plantation_discards"]))
    return (
        "<div class='panel'><div class='t'>Face-up plantations</div>"
        f"<div class='tiles fu'>{face_up}</div><div style='margin-top:6px'>{_kv(pairs)}</div></div>"
    )


def _supply(view: Mapping[str, Any]) -> str:
    columns: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
    no_nobles = view.get("noble_supply") is None
    for b in view["buildings_supply"]:
        if no_nobles and b["building"] in _NOBLES_ONLY:
            continue  # the view lists every production building, the Jeweler (Exp. 2) too
        out = " out" if b["count"] == 0 else ""
        columns.setdefault(b["column"], []).append(
            f"<div class='item{out}' data-b='{_e(b['building'])}'><span>{_e(b['label'])} "
            f"<span style='color:#888'>{b['cost']}d {b['vp']}vp</span></span>"
            f"<b>{b['count']}</b></div>"
        )
    cols = "".join(f"<div class='col'>{''.join(items)}</div>" for items in columns.values())
    return (
        "<div class='panel' style='margin-bottom:10px'><div class='t'>Buildings for sale "
        f"(cost, VP, left)</div><div class='supply'>{cols}</div></div>"
    )


def _island(player: Mapping[str, Any]) -> str:
    tiles = []
    for t in player["island"]:
        kind = t["tile"]
        dot = "" if kind == "forest" else _dot(bool(t["colonist"]))
        manned = " manned" if t["colonist"] else ""
        tiles.append(
            f"<div class='tile t-{_e(kind)}{manned}' style='{_coloured(kind)}'>"
            f"{_e(t['label'])}{dot}</div>"
        )
    tiles += ["<div class='tile empty'></div>"] * max(0, ISLAND_SPACES - len(tiles))
    return "<div class='island'>" + "".join(tiles) + "</div>"


def _building(b: Mapping[str, Any]) -> str:
    ident = b["building"]
    large = b["spaces"] > 1
    good = _GOOD_OF_BUILDING.get(ident)
    style = f" style='{_coloured(good)}'" if good else ""
    noble = bool(b.get("noble"))
    circles = "".join(
        _dot(k < b["colonists"], noble and k == 0 and b["colonists"] > 0) for k in range(b["slots"])
    )
    cls = "bld" + (" large" if large else "") + (" manned" if b["colonists"] else "")
    kind = _KIND.get(ident, "")
    return (
        f"<div class='{cls}' data-b='{_e(ident)}' data-kind='{_e(kind)}'{style}>"
        f"<span class='label'>{_e(b['label'])}</span><span class='vp'>{b['vp']}VP</span>"
        f"<span class='circles'>{circles}</span></div>"
    )


def _city(player: Mapping[str, Any]) -> str:
    cells = [_building(b) for b in player["city"]]
    used = sum(b["spaces"] for b in player["city"])
    cells += ["<div class='bld empty'></div>"] * max(0, CITY_SPACES - used)
    return "<div class='city'>" + "".join(cells) + "</div>"


def _player(player: Mapping[str, Any], view: Mapping[str, Any], goods: Mapping[str, str]) -> str:
    seat = player["seat"]
    moving = seat in view.get("to_move", [])
    badges = "<span class='badge gov'>Governor</span>" if player["governor"] else ""
    if moving:
        badges += "<span class='badge move'>to move</span>"
    building_vp = sum(b["vp"] for b in player["city"])
    stats = [
        f"<span class='stat'>Doubloons <b>{player['doubloons']}</b></span>",
        f"<span class='stat'>VP chips <b>{player['vp_chips']}</b></span>",
        f"<span class='stat'>Building VP <b>{building_vp}</b></span>",
        f"<span class='stat'>San Juan <b>{player['san_juan']}</b></span>",
    ]
    if view.get("noble_supply") is not None:
        stats.append(f"<span class='stat'>Nobles <b>{player['nobles']}</b></span>")
    held = "".join(_good_pill(g, goods.get(g, g), n) for g, n in player["goods"].items())
    forests = sum(1 for t in player["island"] if t["tile"] == "forest")
    island_note = f" ({forests} forests)" if forests else ""
    return (
        f"<div class='player{' tomove' if moving else ''}' data-seat='{seat}'>"
        f"<div class='phead'><span class='name'>{_e(player['name'])}</span>{badges}"
        f"{''.join(stats)}</div>"
        f"<div class='sub'>Goods</div><div class='tiles'>{held}</div>"
        f"<div class='sub'>Island {player['island_spaces_used']}/12{island_note}</div>"
        f"{_island(player)}"
        f"<div class='sub'>City {player['city_spaces_used']}/12, "
        f"{player['colonists_total']} colonists in all</div>{_city(player)}</div>"
    )


def render(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    """The whole board at one step as one HTML fragment with its own scoped stylesheet."""
    labels = view.get("labels", {})
    goods: Mapping[str, str] = labels.get("goods", {})
    tiles: Mapping[str, str] = labels.get("tiles", {})
    shared = (
        _ships(view, goods)
        + _market(view, goods, labels)
        + _colonists(view, labels)
        + _plantations(view, tiles)
    )
    players = "".join(_player(p, view, goods) for p in view["players"])
    return (
        f"{CSS}<div class='pr'>{_bar(view, rules)}{_roles(view)}"
        f"<div class='shared'>{shared}</div>{_supply(view)}"
        f"<div class='players'>{players}</div></div>"
    )
