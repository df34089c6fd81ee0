"""The Century: New World board: the four board pieces with settlers by colour, then each player's
cubes, settlers, point cards and tiles. Drawn from `Rules.view(state)` as plain HTML.

The pieces are laid out as the rulebook joins them: A1, B1, C1 clockwise from the top left, then
D1/E1/F1 (so A1 B1 on the top row, the fourth piece and C1 below).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from application.i18n import N_, _, _n, current_language, pgettext, term
from dashboard.boards import SYNTHETIC_LABEL
from domain.core.protocol import Rules

CUBE_COLOURS = {"Y": "#e8c21a", "R": "#c0392b", "G": "#2e8b57", "B": "#7b4a24"}
SEAT_COLOURS = {"red": "#d9534f", "blue": "#337ab7", "green": "#3c9d5d", "yellow": "#e0b000"}
KIND_COLOURS = {
    "production": "#eef7e8",
    "upgrade": "#e8f0fb",
    "trade": "#fbf1e4",
    "village": "#f6e8f4",
}

STYLE = (
    "<style>.cnw{font-size:0.88em;word-break:keep-all;overflow-wrap:break-word;max-width:100%;"
    "overflow-x:auto}"
    ".cnw .label{background:#fff3cd;border:1px solid #e0c36b;"
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


def cube_name(kind: str) -> str:
    """The good a cube colour stands for, in the display language."""
    return _cube_names(current_language()).get(kind, kind)


@lru_cache(maxsize=8)
def _cube_names(lang: str) -> dict[str, str]:
    """The four goods' names in `lang` (the board names a cube once per square it draws: a
    replay draws thousands, so they are looked up once per language)."""
    return {
        "Y": pgettext("century cube", "corn"),
        "R": pgettext("century cube", "meat"),
        "G": pgettext("century cube", "tobacco"),
        "B": pgettext("century cube", "fur"),
    }


def cubes_html(counts: Mapping[str, int] | str) -> str:
    """Coloured squares, one per cube; accepts ``{"Y": 2, ...}`` or ``"YYR"``."""
    if isinstance(counts, str):
        letters = counts
    else:
        letters = "".join(k * int(counts.get(k, 0)) for k in CUBE_COLOURS)
    return _cubes(letters, current_language())


@lru_cache(maxsize=1024)
def _cubes(letters: str, lang: str) -> str:
    """`cubes_html` of a cube string in `lang` (a board repeats the same few strings)."""
    if not letters:
        return "—"
    return "".join(
        f"<span class='cube' title='{escape(cube_name(k))}' "
        f"style='background:{CUBE_COLOURS[k]}'></span>"
        for k in letters
    )


FUNCTION = re.compile(
    r"^(?:\+(?P<gain>[YRGB]+)|upgrade x(?P<up>\d+)"
    r"|(?P<give>[YRGB]+)>(?P<take>[YRGB]+) x(?P<times>\d+))$"
)
"""The location function codes of `domain.century_new_world.view.function_text`."""


FUNCTIONS = {"point card / bonus tile": N_("point card / bonus tile")}
"""Location functions the view gives as words (villages)."""


def function_html(code: str) -> str:
    """A location's function as cube pictures: ``+YY`` (gain), ``YYY>RG x3`` (trade, up to 3
    times), ``upgrade x2`` (up to 2 upgrades); any other text as it is."""
    return _function(code, current_language())


@lru_cache(maxsize=512)
def _function(code: str, lang: str) -> str:
    """`function_html` in `lang`: a location's function never changes during a game, and a
    replay draws every location at every step."""
    found = FUNCTION.match(code)
    if found is None:
        return escape(_(FUNCTIONS[code]) if code in FUNCTIONS else code)
    if found["gain"]:
        return f"<span class='fn' title='{escape(_('gain'))}'>+ {cubes_html(found['gain'])}</span>"
    if found["up"]:
        label = _("upgrade up to {n} cubes one kind each", n=found["up"])
        arrow = f"{cubes_html('Y')}→{cubes_html('R')}"
        return f"<span class='fn' title='{escape(label)}'>{arrow} ×{found['up']}</span>"
    label = _("trade, up to {n} times", n=found["times"])
    return (
        f"<span class='fn' title='{escape(label)}'>{cubes_html(found['give'])} → "
        f"{cubes_html(found['take'])} ×{found['times']}</span>"
    )


def benefit_html(text: str) -> str:
    """A card's or tile's immediate benefit in words and cubes: ``cubes:YR`` (gain these cubes),
    ``settlers:2`` (settlers from the reserve), ``explore`` (take an exploration tile)."""
    kind, _sep, value = text.partition(":")
    if kind == "cubes" and value and set(value) <= set(CUBE_COLOURS):
        return f"+ {cubes_html(value)}"
    if kind == "settlers" and value.isdigit():
        return escape(_("+{n} settlers", n=value))
    if kind == "explore":
        return escape(_("explore"))
    return escape(text)


def legend() -> str:
    """What the cubes and the location pictures mean (shown under the board)."""
    cubes = " ".join(f"{cubes_html(k)} {escape(cube_name(k))}" for k in CUBE_COLOURS)
    rows = [
        (
            _("Cubes, from lowest to highest"),
            cubes + " (" + escape(_("an upgrade raises a cube one kind")) + ")",
        ),
        (f"+ {cubes_html('YY')}", escape(_("production: gain these cubes"))),
        (
            f"{cubes_html('YYY')} → {cubes_html('RG')} ×3",
            escape(_("trade: pay the cubes on the left for those on the right, up to 3 times")),
        ),
        (
            f"{cubes_html('Y')}→{cubes_html('R')} ×2",
            escape(_("upgrade: up to 2 upgrades, each raising one cube one kind")),
        ),
        (escape(_("explore")), escape(_("an exploration space: a tile lies on it until explored"))),
        ("2-3", escape(_("an exploration space used with 2 or 3 players only"))),
    ]
    body = "".join(f"<tr><th>{a}</th><td>{b}</td></tr>" for a, b in rows)
    return f"{STYLE}<div class='cnw'><b>{escape(_('Legend'))}</b><table>{body}</table></div>"


def settlers_html(colour: str, count: int) -> str:
    shade = SEAT_COLOURS.get(colour, "#888")
    return "".join(
        f"<span class='settler' style='background:{shade}'></span>" for _ in range(count)
    )


PHASES = {
    "shuffle cards": N_("shuffle cards"),
    "shuffle bonus tiles": N_("shuffle bonus tiles"),
    "shuffle exploration tiles": N_("shuffle exploration tiles"),
    "work": N_("work"),
    "explore": N_("explore"),
    "return cubes": N_("return cubes"),
    "over": N_("over"),
}
KINDS = {
    "production": N_("production"),
    "upgrade": N_("upgrade"),
    "trade": N_("trade"),
    "village": N_("village"),
}
CATEGORIES = {
    "point_cards": N_("point cards"),
    "bonus_tiles": N_("bonus tiles"),
    "exploration_tiles": N_("exploration tiles"),
    "cubes": N_("cubes"),
}


def _shown(table: Mapping[str, str], key: Any) -> str:
    """A view value by its label in `table`, in the display language (unknown ones as they are)."""
    return _(table[key]) if key in table else str(key)


def _card(card: Mapping[str, Any] | None) -> str:
    if not card:
        return escape(_("no card"))
    extra = f" · {benefit_html(card['benefit'])}" if card.get("benefit") else ""
    points = escape(_("{n} pts", n=card["points"]))
    return f"<b>{escape(card['id'])}</b> {points} {cubes_html(card['cost'])}{extra}"


def _location(loc: Mapping[str, Any], colours: Sequence[str]) -> str:
    covered = loc.get("exploration_tile")
    classes = "loc covered" if covered else "loc"
    bg = "" if covered else f" style='background:{KIND_COLOURS.get(loc['kind'], '#fff')}'"
    settlers = _n("{n} settler", "{n} settlers", loc["settlers"])
    lines = [
        f"<b>{escape(loc['id'])}</b> {escape(_shown(KINDS, loc['kind']))} · {escape(settlers)}",
        function_html(loc["function"]),
    ]
    if loc.get("exploration_space"):
        where = str(loc["exploration_space"])  # `explore` (every player count) or `2-3`
        space = _("exploration space ({space})", space=_(where) if where == "explore" else where)
        lines.append(escape(space))
    if covered:
        lines.append(escape(_("tile {tile}", tile=covered)))
    if loc["kind"] == "village":
        lines.append(f"{escape(_('card:'))} {_card(loc.get('card'))}")
        top = loc.get("bonus_top")
        left = escape(_("bonus ({n}):", n=loc.get("bonus_left", 0)))
        lines.append(f"{left} {_card(top)}" if top else escape(_("bonus: none left")))
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
    heads = (
        _("player"),
        _("cubes"),
        _("settlers (available / reserve / on board)"),
        _("point cards"),
        _("bonus tiles"),
        _("exploration tiles"),
        _("score"),
    )
    head = "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"
    rows = []
    to_move = view.get("to_move") or []
    for p in view.get("players", []):
        mark = " ◀" if p["seat"] in to_move else ""
        cards = ", ".join(f"{escape(c['id'])} ({c['points']})" for c in p["cards"]) or "—"
        bonus = ", ".join(f"{escape(b['id'])} ({b['points']})" for b in p["bonus_tiles"]) or "—"
        tiles = (
            ", ".join(f"{escape(x['id'])} ({x['points']})" for x in p["exploration_tiles"]) or "—"
        )
        parts = " + ".join(f"{_shown(CATEGORIES, k)} {v}" for k, v in p["breakdown"].items())
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
    parts = [STYLE, "<div class='cnw'>", f"<h4>{escape(term(rules.title, 'game'))}</h4>"]
    if view.get("synthetic"):
        parts.append(f"<div class='label'>{escape(_(SYNTHETIC_LABEL))}</div>")
    deck = view.get("deck") or {}
    ending = " · " + escape(_("last round")) if view.get("ending") else ""
    state = _("round {round}", round=view.get("round"))
    cards = _("deck {n} cards, top:", n=deck.get("left", 0))
    parts.append(
        f"<div>{escape(state)} · {escape(_shown(PHASES, view.get('phase')))}{ending}"
        f" · {escape(cards)} {_card(deck.get('top'))}</div>"
    )
    parts.append(_pieces(view, colours))
    parts.append(_players(view))
    parts.append("</div>")
    return "".join(parts)
