"""Santa Maria drawn for people: the shared board (labour pool dice, face-up colony tiles with their
squares, the four docks with their shipping tiles, scholars, bishops and missions with the monks
on them, rest spaces, piety and conquistador tracks) and one card per player: resources as chips,
dice as dice faces, and the 6x6 colony with terrain colours, buildings, roads, dice and coins.
The expansion parts (extra harbor, special tiles, experts, ambassador dice, governor, the Maya
city) are in `santa_maria_parts.py`; colours and the small pieces in `santa_maria_style.py`.

`render(view, rules)` reads `Rules.view()` output alone (shape in `domain/santa_maria/view.py`):
the colony tiles, shipping tiles, docks, missions and tracks come with the view ("tile_defs",
"ship_defs", ...), taken from the game's own components; a view without them shows bare ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from application.i18n import N_, _, _n, current_language, pgettext, term
from dashboard.boards import santa_maria_parts as parts
from dashboard.boards import santa_maria_words as words
from dashboard.boards.santa_maria_style import (
    CSS,
    bundle_chips,
    chip,
    die,
    e,
    pawn,
    terrain_style,
)
from domain.core.protocol import Rules, Setup

REST = ("2 coins", "piety", "conquistador", "shipping", "road tile")
MAYA_REST = (*REST[:3], "fill a storage tile", "complete a temple")
"""The Maya player's rest actions: its fourth and fifth spaces differ (KO module D)."""
FEATS = {
    "communism": N_("communism"),
    "capitalism": N_("capitalism"),
    "theocracy": N_("theocracy"),
    "rule_by_faith": N_("rule by faith"),
    "democracy": N_("democracy"),
    "utopia": N_("utopia"),
}
"""The solo feats (rulebook, solo game: 공산주의, 자본주의, ...)."""


def _names(view: Mapping[str, Any]) -> list[str]:
    return [str(p.get("name")) for p in view.get("players", ())]


def _who(names: Sequence[str], seat: int) -> str:
    return pawn(seat, names[seat]) + " " + e(names[seat]) if 0 <= seat < len(names) else ""


def _bar(view: Mapping[str, Any], rules: Rules[Any], names: Sequence[str]) -> str:
    phase = str(view.get("phase"))
    title = _("{game}: year {year}", game=term(rules.title, "game"), year=view.get("year"))
    bits = [
        f"<span><b>{e(title)}</b></span>",
        f"<span>{e(_('Phase'))} <b>{e(_phase(phase))}</b></span>",
    ]
    actor = int(view.get("actor", -1))
    if view.get("over"):
        bits.append(f"<span class='end'>{e(_('Game over'))}</span>")
    elif 0 <= actor < len(names):
        bits.append(f"<span>{e(_('To move'))} {_who(names, actor)}</span>")
    start = int(view.get("start", -1))
    if 0 <= start < len(names):
        bits.append(f"<span>{e(_('Start player'))} <b>{e(names[start])}</b></span>")
    left = view.get("shipping_left", "?")
    bits.append(f"<span>{e(_('Shipping tiles left'))} <b>{e(left)}</b></span>")
    bits.append(f"<span>{e(_('Road tiles left'))} <b>{e(view.get('roads_left'))}</b></span>")
    return "<div class='bar'>" + "".join(bits) + "</div>"


def _phase(phase: str) -> str:
    """The engine's phase (`State.phase`), English as the view names it."""
    return {
        "setup": pgettext("santa_maria.phase", "setup"),
        "boards": pgettext("santa_maria.phase", "boards"),
        "halls": pgettext("santa_maria.phase", "halls"),
        "play": pgettext("santa_maria.phase", "play"),
        "over": pgettext("santa_maria.phase", "over"),
    }.get(phase, phase)


def _panel(title: str, body: str, wide: bool = False, tall: bool = False) -> str:
    cls = "panel wide" if wide else "panel tall" if tall else "panel"
    return f"<div class='{cls}'><div class='t'>{e(title)}</div>{body}</div>"


def _pool(counts: Sequence[int] | None, kind: str) -> str:
    dice = [die(face, kind) for face, n in enumerate(counts or (), start=1) for _ in range(n)]
    return "<div class='row'>" + ("".join(dice) or f"<i>{e(_('none'))}</i>") + "</div>"


def square_html(sq: Mapping[str, Any], cls: str = "sq") -> str:
    """A square of a tile (the view's {"kind", "effects", "road"?}): terrain colour, kind and
    effects."""
    kind = str(sq.get("kind", "road"))
    texts = [words.effect(str(x)) for x in sq.get("effects", ())]
    effects = "<br>".join(e(x) for x in texts)
    label = e(words.terrain(kind))
    extra = e(_(" (also a road)")) if sq.get("road") and kind != "road" else ""
    full = e("; ".join(texts))
    return (
        f"<div class='{cls}' style='{terrain_style(kind)}' title='{label}: {full}'>"
        f"<b>{label}{extra}</b>{effects}</div>"
    )


def tile_html(tid: str, defs: Mapping[str, Any], synthetic: bool = False) -> str:
    """A colony tile by its shape, each square in its terrain colour (`defs`: "tile_defs")."""
    tdef = defs.get(tid)
    name = e(words.component(tid, synthetic))
    if tdef is None:
        return f"<div class='ctile'><span class='id'>{name}</span></div>"
    cells = "".join(
        f"<div style='grid-row:{r + 1};grid-column:{c + 1}'>{square_html(sq)}</div>"
        for (r, c), sq in zip(tdef["shape"], tdef["squares"], strict=False)
    )
    special = " special" if tdef.get("special") else ""
    label = f"{name} &middot; {e(_('4 coins'))}" if tdef.get("special") else name
    return (
        f"<div class='ctile{special}'><div class='shape'>{cells}</div>"
        f"<span class='id'>{label}</span></div>"
    )


def ship_html(sid: str, defs: Mapping[str, Any]) -> str:
    """A shipping tile: what it costs to ship and the points it brings (`defs`: "ship_defs")."""
    sdef = defs.get(sid)
    if sdef is None:
        return f"<div class='ship'>{e(sid) or _empty()}</div>"
    return (
        f"<div class='ship' title='{e(sid)}'><span class='pts'>{_vp(sdef['points'])}</span>"
        f"{bundle_chips(str(sdef['cost']))}<br><small>{e(sid)}</small></div>"
    )


def _empty() -> str:
    return f"<i>{e(_('empty'))}</i>"


def _vp(points: Any) -> str:
    """Points (happiness) as the board marks them: "5 VP"."""
    return e(_("{n} VP", n=points))


def _docks(view: Mapping[str, Any]) -> str:
    out = []
    rewards = list(view.get("dock_rewards", ()))
    ships = view.get("ship_defs", {})
    for d, sid in enumerate(view.get("docks", ())):
        reward = ""
        if d < len(rewards):
            text = str(rewards[d])
            if text.startswith("produce "):
                reward = bundle_chips(text.removeprefix("produce "))
            else:
                reward = e(words.effect(text))
        ship = ship_html(str(sid), ships) if sid else f"<div class=ship>{_empty()}</div>"
        dock = e(_("dock {n}", n=d + 1))
        out.append(f"<div class='dock'><span class='n'>{dock}</span> {reward}{ship}</div>")
    return "<div class='docks'>" + "".join(out) + "</div>"


def _monk_spaces(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Scholars, bishops and missions, each with the monks (pawns) standing on it."""
    scholars, bishops = list(view.get("scholars", ())), list(view.get("bishops", ()))
    missions = [str(m) for m in view.get("missions", ())]
    points_of = view.get("scholar_points", {})
    rows = []
    for space, seats in view.get("monk_spaces", {}).items():
        kind = str(space).rstrip("0123456789")
        num = str(space)[len(kind) :]
        i = int(num) - 1 if num else -1
        if kind == "scholar":
            name = scholars[i] if i < len(scholars) else ""
            points = points_of.get(name) if name else None
            what = e(words.scholar(name)) + (f" <small>{_vp(points)}</small>" if points else "")
            label = _("scholar {n}", n=num)
        elif kind == "bishop":
            what = e(words.bishop(str(bishops[i] if i < len(bishops) else "")))
            label = _("bishop {n}", n=num)
        else:
            cost = missions[i] if 0 <= i < len(missions) else ""
            what, label = bundle_chips(cost) if cost else "", _("mission {n}", n=num)
        monks = "".join(pawn(s, names[s]) for s in seats if 0 <= s < len(names))
        rows.append(
            f"<div class='space'><span class='what'><small>{e(label)}</small> "
            f"{what}</span>{monks}</div>"
        )
    return "<div class='spaces'>" + "".join(rows) + "</div>"


def _rest(view: Mapping[str, Any], names: Sequence[str]) -> str:
    rows = []
    for i, seat in enumerate(view.get("rest_spaces", ())):
        who = _who(names, seat) if seat >= 0 else f"<small>{e(_('free'))}</small>"
        what = f"{i + 1} {e(words.rest(REST[i]))}" if i < len(REST) else str(i + 1)
        rows.append(f"<div class='space'><span class='what'>{what}</span>{who}</div>")
    return "<div class='spaces'>" + "".join(rows) + "</div>"


def _track(
    title: str,
    values: Sequence[int],
    length: int,
    names: Sequence[str],
    marked: Sequence[int],
    cls: str,
) -> str:
    """A track 0..length with each player's marker on its space."""
    top = max([length, *values])
    cells = []
    for pos in range(top + 1):
        mk = "".join(pawn(s, names[s]) for s, v in enumerate(values) if v == pos)
        extra = f" {cls}" if pos in marked else ""
        cells.append(f"<div class='s{extra}'>{pos}<div class='mk'>{mk}</div></div>")
    return f"<div class='sub'>{e(title)}</div><div class='track'>{''.join(cells)}</div>"


def _tracks(view: Mapping[str, Any], names: Sequence[str]) -> str:
    players = view.get("players", ())
    piety = [int(p.get("piety", 0)) for p in players]
    conq = [int(p.get("conquistador", 0)) for p in players]
    tracks = view.get("tracks") or {}
    plen = int(tracks.get("piety_length", max(piety, default=0)))
    clen = int(tracks.get("conquistador_length", max(conq, default=0)))
    syms = [int(x) for x in tracks.get("monk_symbols", ())]
    gold = [int(x) for x in tracks.get("gold_spaces", ())]
    return _track(_("piety (shaded: monk symbol)"), piety, plen, names, syms, "sym") + _track(
        _("conquistador (gold: gold space)"), conq, clen, names, gold, "gold"
    )


def _cell(cell: Mapping[str, Any], r: int, c: int) -> str:
    """A square of a colony; made once per language and look (a colony changes a few squares
    per step, and a replay draws every step)."""
    key = (
        current_language(),
        r,
        c,
        str(cell.get("kind", "empty")),
        tuple(str(x) for x in cell.get("effects", ())),
        bool(cell.get("expert")),
        bool(cell.get("governor")),
        int(cell.get("colonists") or 0),
        cell.get("coins") or 0,
        str(cell.get("die") or ""),
    )
    return _cell_html(*key)


@lru_cache(maxsize=16384)
def _cell_html(
    lang: str,
    r: int,
    c: int,
    kind: str,
    effects: tuple[str, ...],
    expert: bool,
    governor: bool,
    colonists: int,
    coins: Any,
    die_on: str,
) -> str:
    bits = []
    if kind != "empty":
        bits.append(f"<span class='k'>{e(words.terrain(kind))}</span>")
    texts = [words.effect(x) for x in effects]
    bits += [e(x) for x in texts]
    if expert:
        bits.append(f"<span class='xp'>{e(_('improvement expert (also a road)'))}</span>")
    if governor:
        bits.append(f"<span class='gov'>&#9819; {e(_('governor'))}</span>")
    if colonists:
        pawns = "<span class='pawn'></span>" * colonists
        many = e(_n("{n} colonist", "{n} colonists", colonists))
        bits.append(f"<span class='col' title='{many}'>{pawns}</span>")
    on = []
    if coins:
        on.append(chip("coin", coins, ""))
    if die_on:
        shown = _("{colour} die", colour=words.colour(die_on))
        on.append(die("\u2022", die_on, small=True, title=shown))
    if on:
        bits.append(f"<span class='on'>{''.join(on)}</span>")
    empty = " empty" if kind == "empty" else ""
    said = e("; ".join(texts))
    tip = e(_("row {r}, column {c}", r=r, c=c)) + (f": {said}" if said else "")
    return (
        f"<div class='cell{empty}' style='{terrain_style(kind)}' title='{tip}'>"
        f"{' '.join(bits[:1])}{'<br>'.join(bits[1:])}</div>"
    )


def colony_html(grid: Sequence[Sequence[Mapping[str, Any]]]) -> str:
    """The 6x6 colony: terrain colours, buildings and roads, colonists, dice and coins."""
    out = ["<div class='colony'><span></span>"]
    out += [f"<span class='ax'>{c}</span>" for c in range(1, 7)]
    for r, row in enumerate(grid, start=1):
        out.append(f"<span class='ax'>{r}</span>")
        out += [_cell(cell, r, c) for c, cell in enumerate(row, start=1)]
    return "".join(out) + "</div>"


def _player(i: int, p: Mapping[str, Any], view: Mapping[str, Any], colony: bool) -> str:
    actor, over = int(view.get("actor", -1)), bool(view.get("over"))
    tomove = i == actor and not over
    name = str(p.get("name"))
    head = [pawn(i, name), f"<span class='name'>{e(name)}</span>"]
    if tomove:
        head.append(f"<span class='badge move'>{e(_('to move'))}</span>")
    if p.get("rested"):
        space = int(p["rest_space"])
        maya = view.get("maya") or {}
        rests = MAYA_REST if maya.get("seat") == i else REST
        where = f" ({words.rest(rests[space])})" if 0 <= space < len(rests) else ""
        rested = _("rested on space {n}", n=space + 1)
        head.append(f"<span class='badge'>{e(rested)}{e(where)}</span>")
    if p.get("board_id"):
        board = words.component(str(p["board_id"]), bool(view.get("synthetic")))
        head.append(f"<span class='badge'>{e(_('board {id}', id=board))}</span>")
    head.append(chip("coin", p.get("coins"), _("coins")))
    hidden = p.get("points") is None  # face down to this viewer until the game is over
    head.append(chip("vp", "?" if hidden else p["points"], _("points")))
    res = "".join(chip(k, v) for k, v in p.get("resources", {}).items())
    if p.get("cocoa_storage") is not None:
        res += chip("cocoa", p.get("cocoa"))
    blue = "".join(die(f, "blue") for f in p.get("blue_dice", ()))
    monks = int(p.get("monks") or 0)
    ships = []
    for d, tiles in enumerate(p.get("ships", ())):
        if tiles:
            shown = "".join(_taken_ship(str(t), view.get("ship_defs", {})) for t in tiles)
            ships.append(f"<div>{e(_('dock {n}', n=d + 1))}: {shown}</div>")
    hired = e(_("(hired {n})", n=p.get("blue_owned", 1)))
    scholars = [words.scholar(str(x)) for x in p.get("scholars", ())]
    facts = [
        (_("storage"), res),
        (_("blue dice"), f"{blue or '—'} {hired}"),
        (_("white dice used"), e(p.get("white_used"))),
        (_("piety / conquistador"), f"{e(p.get('piety'))} / {e(p.get('conquistador'))}"),
        (_("monks left"), pawn(i, name) * monks + f" {monks}"),
        (_("scholars"), _list(scholars) + _personal(p.get("personal_scholar"))),
        (_("bishops"), _list([words.bishop(str(x)) for x in p.get("bishops", ())])),
        (_("ships"), "".join(ships) or "—"),
    ]
    facts += parts.player_facts(p)
    kv = "".join(f"<span>{e(k)}</span><span>{v}</span>" for k, v in facts)
    cls = "player tomove" if tomove else "player"
    grid = colony_html(p.get("grid", ())) if colony else ""
    return (
        f"<div class='{cls}'><div class='phead'>{''.join(head)}</div>"
        f"<div class='pbody'>{grid}<div class='kv'>{kv}</div></div></div>"
    )


def _taken_ship(sid: str, defs: Mapping[str, Any]) -> str:
    """A shipping tile in a player's harbor: id and points, or its back when face down."""
    if sid == "?":
        return f"<span class='mini back' title='{e(_('face down'))}'>?</span>"
    sdef = defs.get(sid)
    points = f" &middot; {_vp(sdef['points'])}" if sdef is not None else ""
    return f"<span class='mini'>{e(sid)}{points}</span>"


def _scores(
    scores: Sequence[Mapping[str, Any]], names: Sequence[str], goal: Mapping[str, Any] | None
) -> str:
    """The final scores, best first, with where the points came from."""
    ranked = sorted(scores, key=lambda x: (-int(x["total"]), list(x.get("tiebreak", ()))))
    keys = list(dict.fromkeys(k for sc in ranked for k in sc.get("breakdown", {})))
    head = "".join(f"<th>{e(_score_row(k))}</th>" for k in keys)
    rows = []
    for place, sc in enumerate(ranked, start=1):
        seat = int(sc["seat"])
        who = pawn(seat, names[seat]) + " " + e(names[seat]) if seat < len(names) else e(seat)
        got = sc.get("breakdown", {})  # the Maya's rows differ from the colonists'
        cells = "".join(f"<td>{e(got[k]) if k in got else '—'}</td>" for k in keys)
        cls = " class='win'" if place == 1 else ""
        rows.append(
            f"<tr{cls}><td>{place}</td><td>{who}</td><td><b>{e(sc['total'])}</b></td>{cells}</tr>"
        )
    note = ""
    if goal:
        ok = _("reached") if goal.get("reached") else _("not reached")
        note = f"<p>{e(_('Solo goal of {n} points: {ok}', n=goal.get('points'), ok=ok))}</p>"
    table = (
        f"<table class='scores'><tr><th></th><th>{e(_('player'))}</th><th>{e(_('total'))}</th>"
        f"{head}</tr>{''.join(rows)}</table>{note}"
    )
    return _panel(_("final scores"), table, wide=True)


def _score_row(key: str) -> str:
    """A score breakdown key as the scores table heads it (the catalog's score categories;
    "shipping" is the shipping tiles' points, 해운 타일, not Puerto Rico's 수출)."""
    if key == "shipping":
        return pgettext("santa_maria.score", "shipping")
    return _(key.replace("_", " "))


def _personal(name: Any) -> str:
    if not name:
        return ""
    return f" <small>{e(_('(personal: {name})', name=words.scholar(str(name))))}</small>"


def _list(values: Sequence[Any]) -> str:
    return e(", ".join(str(v).replace("_", " ") for v in values if v != "")) or "—"


def render(view: Mapping[str, Any], rules: Rules[Any], setup: Setup | None = None) -> str:
    """The board, from the view alone (`setup` is accepted and not needed: the view carries the
    definitions of the game's own components)."""
    names = _names(view)
    synthetic = bool(view.get("synthetic"))
    out = [CSS, "<div class='sm'>"]
    if view.get("synthetic"):
        out.append(f"<p class='synthetic'>{e(_(str(view['synthetic'])))}</p>")
    out.append(_bar(view, rules, names))
    white = _pool(view.get("white_dice"), "white")
    shared = [_panel(_("white dice in the labour pool"), white)]
    if view.get("blue_pool") is not None:
        blue = _pool(view["blue_pool"], "blue")
        shared.append(_panel(_("blue dice in the labour pool"), blue))
    shared.append(_panel(_("rest spaces"), _rest(view, names)))
    monks = _monk_spaces(view, names)
    shared.append(_panel(_("scholars, bishops and missions (monks)"), monks, tall=True))
    shared += parts.dice_panels(view.get("expansion"), names, bool(view.get("synthetic")))
    exp = view.get("expansion") or {}
    special = set(exp.get("special_colony_tiles", ()))
    defs = view.get("tile_defs", {})
    tiles = "".join(
        tile_html(str(t), defs, synthetic) for t in view.get("colony_tiles", ()) if t not in special
    )
    tiles = tiles or f"<i>{e(_('none left this year'))}</i>"
    face_up = f"<div class='tiles'>{tiles}</div>"
    shared.append(_panel(_("colony tiles face up"), face_up, wide=True))
    docks = _docks(view)
    shared.append(_panel(_("docks (reward, shipping tile: cost and points)"), docks, wide=True))
    ships = view.get("ship_defs", {})
    shared += parts.harbor_panels(view.get("expansion"), defs, ships, synthetic)
    shared.append(_panel(_("tracks"), _tracks(view, names), wide=True))
    out.append("<div class='shared'>" + "".join(shared) + "</div>")
    out.append("<div class='players'>")
    maya = view.get("maya")
    for i, p in enumerate(view.get("players", ())):
        if maya is not None and i == maya.get("seat"):
            player = _player(i, p, view, False)
            out.append(parts.maya_html(maya, str(p.get("name")), player, synthetic))
        else:
            out.append(_player(i, p, view, True))
    out.append("</div>")
    if view.get("scores"):
        out.append(_scores(view["scores"], names, view.get("solo_goal")))
    if view.get("feats") is not None:
        feats = [_(FEATS[f]) if f in FEATS else str(f) for f in view["feats"]]
        out.append(f"<p>{e(_('Solo feats reached:'))} {_list(feats)}</p>")
    out.append("</div>")
    return "".join(out)
