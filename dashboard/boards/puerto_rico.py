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

from application.i18n import N_, _, term
from dashboard.boards.puerto_rico_style import CSS, GOOD_COLOURS
from domain.core.protocol import Rules

ISLAND_SPACES = 12
CITY_SPACES = 12


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


PHASES = {
    "picking": N_("picking a role"),
    "storing": N_("storing goods"),
    "chance": N_("chance"),
    "drafting": N_("drafting buildings"),
    "over": N_("over"),
}
ENDS = {
    "colonists": N_("colonists ran out"),
    "city": N_("a city is full"),
    "vp": N_("VP chips ran out"),
}


def _context(view: Mapping[str, Any]) -> str:
    """The message context of the view's names: the 2-player sheet has Korean names of its own."""
    return "puerto_rico" if view.get("theme", "standard") == "standard" else "puerto_rico.2p"


def _role_label(view: Mapping[str, Any], role: str) -> str:
    for r in view["roles"]:
        if r["role"] == role or (role == "prospector" and r["role"].startswith("prospector")):
            return str(r["label"])
    return role


def _bar(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    names = _names(view)
    role = view.get("current_role")
    phase = view["phase"]
    shown_phase = _(PHASES[phase]) if phase in PHASES else _role_label(view, phase)
    parts = [
        f"<span><b>{_e(term(rules.title, 'game'))}</b></span>",
        f"<span>{_('Round')} <b>{_e(view['round'])}</b></span>",
        f"<span>{_('Governor')} <b>{_e(names[view['governor']])}</b></span>",
        f"<span>{_('Phase')} <b>{_e(shown_phase)}</b></span>",
    ]
    if role:
        picker = view.get("role_picker")
        label = _e(_role_label(view, role))
        if picker is not None:
            text = _("Role <b>{role}</b> (chosen by {who})", role=label, who=_e(names[picker]))
        else:
            text = _("Role <b>{role}</b>", role=label)
        parts.append(f"<span>{text}</span>")
    movers = [s for s in view.get("to_move", []) if s >= 0]
    if movers:
        who = ", ".join(_e(names[s]) for s in movers)
        parts.append(f"<span>{_('To move')} <b>{who}</b></span>")
    elif view.get("to_move") == [-1]:
        parts.append(f"<span>{_('To move')} <b>{_('chance (plantation draw)')}</b></span>")
    if view.get("mayor"):
        parts.append(f"<span>{_('Mayor hand')} <b>{_e(view['mayor']['hand'])}</b></span>")
    if view.get("end_triggered"):
        ends = ", ".join(_e(_(ENDS[e]) if e in ENDS else e) for e in view["end_triggered"])
        parts.append(f"<span class='end'>{_('Game end triggered: {ends}', ends=ends)}</span>")
    if view.get("over"):
        parts.append(f"<span class='end'>{_('Game over')}</span>")
    return "<div class='bar'>" + "".join(parts) + "</div>"


def _roles(view: Mapping[str, Any]) -> str:
    names = _names(view)
    cards = []
    for r in view["roles"]:
        taken = r.get("taken_by")
        cls = "role" + (" taken" if taken is not None else "")
        if r["role"] == view.get("current_role"):
            cls += " current"
        taken_by = _("taken by {who}", who=_e(names[taken])) if taken is not None else ""
        who = f"<div class='who'>{taken_by}</div>" if taken is not None else ""
        coins = f" <span class='coin' title='{_('doubloons')}'>{r['doubloons']}</span>"
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
        load = f"{_e(goods.get(good, good))} {count}/{ship['capacity']}" if good else _("empty")
        rows.append(
            f"<div class='ship'><span class='cap'>{ship['capacity']}</span>{cells}"
            f"<span class='load'>{load}</span></div>"
        )
    title = _("Cargo ships")
    return f"<div class='panel'><div class='t'>{title}</div>" + "".join(rows) + "</div>"


def _kv(pairs: Sequence[tuple[str, Any]]) -> str:
    cells = "".join(f"<span>{_e(k)}</span><b>{v}</b>" for k, v in pairs)
    return f"<div class='kv'>{cells}</div>"


def _market(view: Mapping[str, Any], goods: Mapping[str, str], places: Mapping[str, Any]) -> str:
    house = view["trading_house"]
    cells = [_good_pill(g, goods.get(g, g)) for g in house]
    cells += ["<span class='cell'></span>"] * (4 - len(house))
    title = _e(_capital(str(places.get("trading_house", "trading house"))))
    supply = "".join(_good_pill(g, goods.get(g, g), n) for g, n in view["goods_supply"].items())
    return (
        f"<div class='panel'><div class='t'>{title}</div><div class='tiles'>{''.join(cells)}</div>"
        f"<div class='t' style='margin-top:6px'>{_('Goods supply')}</div>"
        f"<div class='tiles'>{supply}</div>"
        "</div>"
    )


def _colonists(view: Mapping[str, Any], places: Mapping[str, Any]) -> str:
    worker = str(places.get("colonist", "colonist"))
    ship = _capital(str(places.get("colonist_ship", "colonist ship")))
    on_ship = _("{n} {pieces}", n=view["colonist_ship"], pieces=places.get("colonists", worker))
    pairs: list[tuple[str, Any]] = [(ship, on_ship)]
    if view.get("noble_supply") is not None:
        pairs.append((_("{ship}: nobles", ship=ship), view["colonist_ship_nobles"]))
        pairs.append((_("Nobles supply"), view["noble_supply"]))
    pairs += [
        (_("{piece} supply", piece=_capital(worker)), view["colonist_supply"]),
        (_("VP chips left"), view["vp_supply"]),
    ]
    if view.get("vp_owed"):
        pairs.append((_("VP owed (chips ran out)"), view["vp_owed"]))
    title = _("Colonists and VP")
    return f"<div class='panel'><div class='t'>{title}</div>{_kv(pairs)}</div>"


def _plantations(view: Mapping[str, Any], tiles: Mapping[str, str]) -> str:
    face_up = "".join(_good_pill(t, tiles.get(t, t)) for t in view["face_up_plantations"]) or "—"
    pairs: list[tuple[str, Any]] = [
        (_("Quarries left"), view["quarries_left"]),
        (_("Face-down stack"), view["plantation_stack"]),
    ]
    if view.get("plantation_discards"):
        pairs.append((_("Discards"), view["plantation_discards"]))
    return (
        f"<div class='panel'><div class='t'>{_('Face-up plantations')}</div>"
        f"<div class='tiles fu'>{face_up}</div><div style='margin-top:6px'>{_kv(pairs)}</div></div>"
    )


def _supply(view: Mapping[str, Any]) -> str:
    columns: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
    no_nobles = view.get("noble_supply") is None
    for b in view["buildings_supply"]:
        if no_nobles and b.get("nobles_only"):
            continue  # the view lists every production building, the Jeweler (Exp. 2) too
        out = " out" if b["count"] == 0 else ""
        price = _("{cost}d {vp}vp", cost=b["cost"], vp=b["vp"])
        columns.setdefault(b["column"], []).append(
            f"<div class='item{out}' data-b='{_e(b['building'])}'><span>{_e(b['label'])} "
            f"<span style='color:#888'>{price}</span></span>"
            f"<b>{b['count']}</b></div>"
        )
    cols = "".join(f"<div class='col'>{''.join(items)}</div>" for items in columns.values())
    return (
        "<div class='panel' style='margin-bottom:10px'><div class='t'>"
        f"{_('Buildings for sale (cost, VP, left)')}</div><div class='supply'>{cols}</div></div>"
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
    good = b.get("good")
    style = f" style='{_coloured(good)}'" if good else ""
    noble = bool(b.get("noble"))
    circles = "".join(
        _dot(k < b["colonists"], noble and k == 0 and b["colonists"] > 0) for k in range(b["slots"])
    )
    cls = "bld" + (" large" if large else "") + (" manned" if b["colonists"] else "")
    kind = b.get("kind", "")
    return (
        f"<div class='{cls}' data-b='{_e(ident)}' data-kind='{_e(kind)}'{style}>"
        f"<span class='label'>{_e(b['label'])}</span>"
        f"<span class='vp'>{_('{vp}VP', vp=b['vp'])}</span>"
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
    badges = f"<span class='badge gov'>{_('Governor')}</span>" if player["governor"] else ""
    if moving:
        badges += f"<span class='badge move'>{_('to move')}</span>"
    building_vp = sum(b["vp"] for b in player["city"])
    stats = [
        f"<span class='stat'>{_('Doubloons')} <b>{player['doubloons']}</b></span>",
        f"<span class='stat'>{_('VP chips')} <b>{player['vp_chips']}</b></span>",
        f"<span class='stat'>{_('Building VP')} <b>{building_vp}</b></span>",
        f"<span class='stat'>{_('San Juan')} <b>{player['san_juan']}</b></span>",
    ]
    if view.get("noble_supply") is not None:
        stats.append(f"<span class='stat'>{_('Nobles')} <b>{player['nobles']}</b></span>")
    held = "".join(_good_pill(g, goods.get(g, g), n) for g, n in player["goods"].items())
    forests = sum(1 for t in player["island"] if t["tile"] == "forest")
    island_note = " " + _("({n} forests)", n=forests) if forests else ""
    island = _("Island {used}/12", used=player["island_spaces_used"])
    city = _(
        "City {used}/12, {n} colonists in all",
        used=player["city_spaces_used"],
        n=player["colonists_total"],
    )
    return (
        f"<div class='player{' tomove' if moving else ''}' data-seat='{seat}'>"
        f"<div class='phead'><span class='name'>{_e(player['name'])}</span>{badges}"
        f"{''.join(stats)}</div>"
        f"<div class='sub'>{_('Goods')}</div><div class='tiles'>{held}</div>"
        f"<div class='sub'>{island}{island_note}</div>"
        f"{_island(player)}"
        f"<div class='sub'>{city}</div>{_city(player)}</div>"
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def localized(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view with every name in the display language (the catalog's terms of the view's
    naming theme); ids stay as they are."""
    ctx = _context(view)

    def name(text: Any, kind: str) -> str:
        return term(str(text), f"{ctx}.{kind}")

    out = dict(view)
    out["roles"] = [{**r, "label": name(r["label"], "role")} for r in view["roles"]]
    out["buildings_supply"] = [
        {**b, "label": name(b["label"], "building")} for b in view["buildings_supply"]
    ]
    out["players"] = [
        {
            **p,
            "city": [{**b, "label": name(b["label"], "building")} for b in p["city"]],
            "island": [{**t, "label": name(t["label"], "good")} for t in p["island"]],
        }
        for p in view["players"]
    ]
    labels = dict(view.get("labels", {}))
    for key in ("goods", "tiles"):
        labels[key] = {k: name(v, "good") for k, v in labels.get(key, {}).items()}
    if "colonist" in labels:
        labels["colonists"] = name(str(labels["colonist"]) + "s", "pieces")
        labels["colonist"] = name(labels["colonist"], "piece")
    for key in ("colonist_ship", "trading_house"):
        if key in labels:
            labels[key] = name(labels[key], "place")
    out["labels"] = labels
    return out


def render(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    """The whole board at one step as one HTML fragment with its own scoped stylesheet."""
    view = localized(view)
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
