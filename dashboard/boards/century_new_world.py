"""The Century: New World board: the four board pieces with settlers by colour, then each player's
cubes, settlers, point cards and tiles. Drawn from `Rules.view(state)` as plain HTML.

The pieces are laid out as the rulebook joins them: A1, B1, C1 clockwise from the top left, then
D1/E1/F1 (so A1 B1 on the top row, the fourth piece and C1 below).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from dashboard.boards import SYNTHETIC_LABEL
from domain.core.protocol import Rules

CUBE_COLOURS = {"Y": "#e8c21a", "R": "#c0392b", "G": "#2e8b57", "B": "#7b4a24"}
CUBE_NAMES = {"Y": "corn", "R": "meat", "G": "tobacco", "B": "fur"}
SEAT_COLOURS = {"red": "#d9534f", "blue": "#337ab7", "green": "#3c9d5d", "yellow": "#e0b000"}
KIND_COLOURS = {
    "production": "#eef7e8",
    "upgrade": "#e8f0fb",
    "trade": "#fbf1e4",
    "village": "#f6e8f4",
}

STYLE = (
    "<style>.cnw{font-size:0.88em}.cnw .label{background:#fff3cd;border:1px solid #e0c36b;"
    "padding:3px 8px;margin:4px 0;display:inline-block}"
    ".cnw .pieces{display:grid;grid-template-columns:1fr 1fr;gap:6px;margin:6px 0}"
    ".cnw .piece{border:2px solid #8a7a5a;border-radius:6px;padding:4px}"
    ".cnw .piece h6{margin:0 0 4px 0}.cnw .locs{display:flex;flex-wrap:wrap;gap:4px}"
    ".cnw .loc{border:1px solid #999;border-radius:4px;padding:3px;min-width:96px}"
    ".cnw .covered{background:repeating-linear-gradient(45deg,#ddd,#ddd 4px,#eee 4px,#eee 8px)}"
    ".cnw .cube{display:inline-block;width:10px;height:10px;margin:0 1px;border:1px solid #333}"
    ".cnw .settler{display:inline-block;width:9px;height:12px;margin:0 1px;"
    "border-radius:4px 4px 1px 1px;border:1px solid #333}"
    ".cnw table{border-collapse:collapse;margin-top:6px}.cnw th,.cnw td{border:1px solid #ccc;"
    "padding:2px 5px;vertical-align:top;text-align:left}</style>"
)


def cubes_html(counts: Mapping[str, int] | str) -> str:
    """Coloured squares, one per cube; accepts ``{"Y": 2, ...}`` or ``"YYR"``."""
    if isinstance(counts, str):
        letters = counts
    else:
        letters = "".join(k * int(counts.get(k, 0)) for k in CUBE_COLOURS)
    if not letters:
        return "—"
    return "".join(
        f"<span class='cube' title='{CUBE_NAMES[k]}' style='background:{CUBE_COLOURS[k]}'></span>"
        for k in letters
    )


def settlers_html(colour: str, count: int) -> str:
    shade = SEAT_COLOURS.get(colour, "#888")
    return "".join(
        f"<span class='settler' style='background:{shade}'></span>" for _ in range(count)
    )


def _card(card: Mapping[str, Any] | None) -> str:
    if not card:
        return "no card"
    extra = f" · {escape(card['benefit'])}" if card.get("benefit") else ""
    return f"<b>{escape(card['id'])}</b> {card['points']} pts {cubes_html(card['cost'])}{extra}"


def _location(loc: Mapping[str, Any], colours: Sequence[str]) -> str:
    covered = loc.get("exploration_tile")
    classes = "loc covered" if covered else "loc"
    bg = "" if covered else f" style='background:{KIND_COLOURS.get(loc['kind'], '#fff')}'"
    lines = [
        f"<b>{escape(loc['id'])}</b> {escape(loc['kind'])} · {loc['settlers']} settler"
        + ("s" if loc["settlers"] > 1 else ""),
        escape(loc["function"]),
    ]
    if loc.get("exploration_space"):
        lines.append(f"exploration space ({escape(loc['exploration_space'])})")
    if covered:
        lines.append(f"tile {escape(covered)}")
    if loc["kind"] == "village":
        lines.append(f"card: {_card(loc.get('card'))}")
        top = loc.get("bonus_top")
        lines.append(
            f"bonus ({loc.get('bonus_left', 0)}): {_card(top)}" if top else "bonus: none left"
        )
    if loc.get("occupant") is not None:
        colour = colours[loc["occupant"]]
        lines.append(
            f"{settlers_html(colour, loc['count'])} {escape(str(loc.get('occupant_name')))}"
        )
    return f"<div class='{classes}'{bg}>" + "<br>".join(lines) + "</div>"


def _pieces(view: Mapping[str, Any], colours: Sequence[str]) -> str:
    boards = list(view.get("boards") or [])
    order = [boards[i] for i in (0, 1, 3, 2) if i < len(boards)]  # A1 B1 / fourth C1
    out = ["<div class='pieces'>"]
    for board in order:
        locs = [loc for loc in view.get("locations", []) if loc["board"] == board]
        out.append(
            f"<div class='piece'><h6>{escape(board)}</h6><div class='locs'>"
            + "".join(_location(loc, colours) for loc in locs)
            + "</div></div>"
        )
    out.append("</div>")
    return "".join(out)


def _players(view: Mapping[str, Any]) -> str:
    head = (
        "<tr><th>player</th><th>cubes</th><th>settlers (available / reserve / on board)</th>"
        "<th>point cards</th><th>bonus tiles</th><th>exploration tiles</th><th>score</th></tr>"
    )
    rows = []
    to_move = view.get("to_move") or []
    for p in view.get("players", []):
        mark = " ◀" if p["seat"] in to_move else ""
        cards = ", ".join(f"{escape(c['id'])} ({c['points']})" for c in p["cards"]) or "—"
        bonus = ", ".join(f"{escape(b['id'])} ({b['points']})" for b in p["bonus_tiles"]) or "—"
        tiles = (
            ", ".join(f"{escape(x['id'])} ({x['points']})" for x in p["exploration_tiles"]) or "—"
        )
        parts = " + ".join(f"{k} {v}" for k, v in p["breakdown"].items())
        rows.append(
            f"<tr><td>{settlers_html(p['colour'], 1)} {escape(p['name'])}{mark}</td>"
            f"<td>{cubes_html(p['cubes'])} ({p['cube_count']})</td>"
            f"<td>{p['available']} / {p['reserve']} / {p['on_board']}</td>"
            f"<td>{len(p['cards'])}: {cards}</td><td>{bonus}</td><td>{tiles}</td>"
            f"<td><b>{p['score']}</b><br><small>{escape(parts)}</small></td></tr>"
        )
    return f"<table>{head}{''.join(rows)}</table>"


def render(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    """The whole board as HTML; the synthetic label first when the pack is synthetic."""
    colours = [p["colour"] for p in view.get("players", [])]
    parts = [STYLE, "<div class='cnw'>", f"<h4>{escape(rules.title)}</h4>"]
    if view.get("synthetic"):
        parts.append(f"<div class='label'>{escape(SYNTHETIC_LABEL)}</div>")
    deck = view.get("deck") or {}
    ending = " · last round" if view.get("ending") else ""
    parts.append(
        f"<div>round {view.get('round')} · {escape(str(view.get('phase')))}{ending}"
        f" · deck {deck.get('left', 0)} cards, top: {_card(deck.get('top'))}</div>"
    )
    parts.append(_pieces(view, colours))
    parts.append(_players(view))
    parts.append("</div>")
    return "".join(parts)
