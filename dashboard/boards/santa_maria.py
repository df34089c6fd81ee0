"""Santa Maria drawn for people: the shared board (dice, tiles, docks, monks, rest spaces) and
each player's 6x6 colony with terrain, dice and coins, plus storage and tracks. With the
expansion: the extra harbor, special colony tiles, cocoa, the governor on the colony (module A),
the experts under the die values (B), the ambassador dice and who holds their tiles (C), and the
Maya city (D): its roads of buildings with dice and priests, temples, storage tiles and cards.

`render(view, rules)` reads only `Rules.view()` output (shape in `domain/santa_maria/view.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from domain.core.protocol import Rules

COLOURS = {
    "empty": "#f7f4ec",
    "road": "#d9d2c3",
    "farm": "#e8d77a",
    "forest": "#8fbf7f",
    "mountain": "#b7b2ad",
    "city": "#d9a06b",
    "town_hall": "#c7a0d9",
}
REST = ("2 coins", "piety", "conquistador", "shipping", "road tile")
STYLE = (
    "<style>.sm{font-size:0.85em}.sm table{border-collapse:collapse;margin:2px 0}"
    ".sm td,.sm th{border:1px solid #bbb;padding:2px 4px;vertical-align:top}"
    ".sm .grid td{width:64px;height:44px;font-size:0.75em}"
    ".sm .die{font-weight:bold}.sm .label{color:#a15c00;font-weight:bold}"
    ".sm .players{display:flex;flex-wrap:wrap;gap:10px}"
    ".sm .gov{color:#6a1b9a;font-weight:bold}</style>"
)


def _text(value: Any) -> str:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return escape(", ".join(str(v) for v in value if v != "")) or "—"
    return escape(str(value))


def _grid(grid: Sequence[Sequence[Mapping[str, Any]]]) -> str:
    rows = ["<tr><th></th>" + "".join(f"<th>{c}</th>" for c in range(1, 7)) + "</tr>"]
    for r, row in enumerate(grid, start=1):
        cells = [f"<th>{r}</th>"]
        for cell in row:
            kind = str(cell.get("kind", "empty"))
            bits = []
            if kind != "empty":
                bits.append(escape(kind.replace("_", " ")))
            bits += [escape(str(e)) for e in cell.get("effects", ())]
            if cell.get("colonists"):
                bits.append(f"{cell['colonists']} colonist(s)")
            if cell.get("die"):
                bits.append(f"<span class='die'>{escape(str(cell['die']))} die</span>")
            if cell.get("coins"):
                bits.append(f"<span class='die'>{cell['coins']} coin(s)</span>")
            if cell.get("expert"):
                bits.append("<i>improvement expert (also a road)</i>")
            if cell.get("governor"):
                bits.append("<span class='gov'>&#9819; governor</span>")
            colour = COLOURS.get(kind, "#fff")
            cells.append(f"<td style='background:{colour}'>{'<br>'.join(bits)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table class='grid'>" + "".join(rows) + "</table>"


def _player(i: int, p: Mapping[str, Any], actor: int, over: bool, colony: bool = True) -> str:
    res = ", ".join(f"{k} {v}" for k, v in p.get("resources", {}).items())
    ships = " | ".join(f"dock {d + 1}: {_text(x)}" for d, x in enumerate(p.get("ships", ())))
    turn = " (to move)" if i == actor and not over else ""
    rested = f", rested on space {p['rest_space'] + 1}" if p.get("rested") else ""
    facts = [
        ("board", p.get("board_id", "")),
        ("coins", p.get("coins")),
        ("points so far", p.get("points")),
        ("storage", res),
        ("blue dice", _text(p.get("blue_dice", ())) + f" (hired {p.get('blue_owned', 1)})"),
        ("white dice used", p.get("white_used")),
        ("piety / conquistador", f"{p.get('piety')} / {p.get('conquistador')}"),
        ("monks left", p.get("monks")),
        ("scholars", _text(p.get("scholars", ()))),
        ("bishops", _text(p.get("bishops", ()))),
        ("ships", ships),
    ]
    if p.get("cocoa_storage") is not None:
        facts.append(("cocoa", f"{p.get('cocoa')} of {p.get('cocoa_storage')} storage tile(s)"))
    if p.get("governor"):
        facts.append(("governor", f"on {p['governor']} (row, column)"))
    if p.get("experts_taken") and any(p["experts_taken"].values()):
        taken = ", ".join(f"{k} {v}" for k, v in p["experts_taken"].items() if v)
        facts.append(("experts taken", taken))
    table = "".join(f"<tr><th>{k}</th><td>{escape(str(v))}</td></tr>" for k, v in facts)
    return (
        f"<div><h5>{escape(str(p.get('name')))}{turn}{escape(rested)}</h5>"
        f"{_grid(p.get('grid', ())) if colony else ''}<table>{table}</table></div>"
    )


def _expansion(exp: Mapping[str, Any] | None, players: Sequence[Any]) -> list[tuple[str, Any]]:
    """Shared rows of the expansion: harbor, special tiles, experts, ambassador."""
    if not exp:
        return []

    def who(seat: int) -> str:
        return str(players[seat]["name"]) if 0 <= seat < len(players) else "on its tile"

    rows: list[tuple[str, Any]] = [
        ("modules", exp.get("modules") or "none (general changes only)"),
        (
            "extra harbor (special shipping)",
            f"{exp.get('special_shipping') or 'empty'}, {exp.get('special_shipping_left')} left",
        ),
        ("special colony tiles (4 coins)", _text(exp.get("special_colony_tiles", ()))),
    ]
    experts = exp.get("experts") or []
    if experts:
        rows.append(
            (
                "experts under the die values",
                "; ".join(
                    f"{v}: {e['kind']} ({e['id']})" if e else f"{v}: taken"
                    for v, e in enumerate(experts, start=1)
                ),
            )
        )
    amb = exp.get("ambassador")
    if amb:
        rows.append(
            (
                "ambassador dice",
                f"white {amb['white'] or 'taken'} ({who(amb['white_by'])}), "
                f"blue {amb['blue'] or 'taken'} ({who(amb['blue_by'])})",
            )
        )
    return rows


def _maya(maya: Mapping[str, Any], name: str) -> str:
    """The Maya city: roads 1-6 as rows of building spots, then temples and storage."""
    by_road: dict[str, list[Mapping[str, Any]]] = {}
    for spot in maya.get("city", ()):
        by_road.setdefault(str(spot["spot"]).split(".")[0], []).append(spot)
    rows = []
    for road, spots in sorted(by_road.items()):
        cells = []
        for spot in spots:
            bits = [f"<b>{escape(str(spot['spot']))}</b>"]
            building = spot.get("building")
            bits.append(escape(", ".join(building)) if building else "<i>site</i>")
            if spot.get("on"):
                bits.append(f"<span class='die'>{escape(str(spot['on']))}</span>")
            bits.append(
                "&rarr; " + escape(", ".join(spot.get("next", ()))) if spot.get("next") else ""
            )
            cells.append(f"<td>{'<br>'.join(b for b in bits if b)}</td>")
        rows.append(f"<tr><th>road {escape(road)}</th>{''.join(cells)}</tr>")
    temples = "".join(
        f"<tr><th>{escape(str(t['region']))}</th><td>stage {t['stage']}/3</td>"
        f"<td>{escape(str(t['tile'] or '—'))} {escape(str(t['cost'] or ''))}</td>"
        f"<td>{t['cards']} card(s)</td><td>reward {escape(str(t['reward']))}</td></tr>"
        for t in maya.get("temples", ())
    )
    storage = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in maya.get("storage", {}).items())
    hand = maya.get("hand")
    facts = [
        ("storage (full / tiles)", storage),
        ("gold", maya.get("gold")),
        ("cards in hand", _text(hand) if hand is not None else maya.get("hand_size")),
        ("priests ready / owned", f"{maya.get('priests')} / {maya.get('priests_owned')}"),
        ("road tokens left", maya.get("road_tokens")),
        (
            "building tokens left",
            "; ".join(
                f"{tid} ({', '.join(effects)})"
                for kind in maya.get("building_tokens_left", {}).values()
                for tid, effects in kind.items()
            ),
        ),
        ("roads opened", _text(maya.get("roads_open", ()))),
        ("temple points if leaving now", maya.get("temple_points")),
    ]
    offer = maya.get("offer")
    if offer:  # a trade proposal waiting for the other player's answer (public)
        facts.append(
            (
                "trade proposal",
                f"to seat {offer['to']}: {offer['maya_gives']} for {offer['maya_gets']}",
            )
        )
    table = "".join(f"<tr><th>{k}</th><td>{escape(str(v))}</td></tr>" for k, v in facts)
    return (
        f"<div><h5>{escape(name)}: the Maya city</h5>"
        f"<table class='city'>{''.join(rows)}</table>"
        f"<table><tr><th>temple</th><th>stage</th><th>tile</th><th>cards</th><th></th></tr>"
        f"{temples}</table><table>{table}</table></div>"
    )


def render(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    parts = [STYLE, "<div class='sm'>"]
    if view.get("synthetic"):
        parts.append(f"<p class='label'>{escape(str(view['synthetic']))}</p>")
    parts.append(
        f"<h4>{escape(rules.title)}: year {view.get('year')}"
        + (" (game over)" if view.get("over") else "")
        + "</h4>"
    )
    white = view.get("white_dice") or []
    dice = ", ".join(f"{n}x{f + 1}" for f, n in enumerate(white) if n) or "none"
    shared = view.get("blue_pool")
    blue = (
        ", ".join(f"{n}x{f + 1}" for f, n in enumerate(shared) if n) or "none"
        if shared is not None
        else ""
    )
    players = view.get("players", [])
    rest = [
        f"{i + 1} {REST[i]}: " + (escape(str(players[s]["name"])) if s >= 0 else "free")
        for i, s in enumerate(view.get("rest_spaces", ()))
    ]
    monks = "; ".join(
        f"{k}: " + ", ".join(escape(str(players[s]["name"])) for s in v)
        for k, v in view.get("monk_spaces", {}).items()
        if v
    )
    shared_rows = [
        ("white dice in the labour pool", dice),
        *([("blue dice in the labour pool", blue)] if shared is not None else []),
        ("colony tiles face up", _text(view.get("colony_tiles", ()))),
        ("docks", _text(view.get("docks", ()))),
        ("scholars", _text(view.get("scholars", ()))),
        ("bishops", _text(view.get("bishops", ()))),
        ("monks", monks or "—"),
        ("rest spaces", "; ".join(rest)),
        ("road tiles left", view.get("roads_left")),
    ]
    shared_rows += _expansion(view.get("expansion"), players)
    parts.append(
        "<table>"
        + "".join(f"<tr><th>{k}</th><td>{escape(str(v))}</td></tr>" for k, v in shared_rows)
        + "</table>"
    )
    parts.append("<div class='players'>")
    actor, over = int(view.get("actor", -1)), bool(view.get("over"))
    maya = view.get("maya")
    for i, p in enumerate(players):
        if maya is not None and i == maya.get("seat"):
            parts.append(_maya(maya, str(p.get("name"))) + _player(i, p, actor, over, False))
        else:
            parts.append(_player(i, p, actor, over))
    parts.append("</div>")
    if view.get("feats") is not None:
        parts.append(f"<p>Solo feats reached: {_text(view['feats'])}</p>")
    parts.append("</div>")
    return "".join(parts)
