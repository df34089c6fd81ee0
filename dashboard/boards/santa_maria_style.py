"""The look of the Santa Maria board: stylesheet, colours and the small pieces (dice, pawns, chips).

Kept apart from `santa_maria.py` so that file reads as the board's structure. Every rule is
scoped under `.sm` so it cannot leak into the rest of the Streamlit page.
"""

from __future__ import annotations

from html import escape
from typing import Any

from dashboard.boards import santa_maria_words as words

TERRAIN = {
    "empty": ("#f3f0e8", "#999999"),
    "road": ("#cfc6b4", "#4a4030"),
    "farm": ("#ecd977", "#3d3300"),
    "forest": ("#6fa862", "#ffffff"),
    "mountain": ("#a9a39c", "#ffffff"),
    "city": ("#d9955a", "#ffffff"),
    "town_hall": ("#b98fd0", "#ffffff"),
}
"""Background and text colour per square kind of a colony."""

GOODS = {
    "wood": ("#8b5a2b", "#ffffff", "&#9646;"),
    "grain": ("#f0d35a", "#3d3300", "&#8285;"),
    "sugar": ("#fbfaf4", "#333333", "&#9643;"),
    "gem": ("#3f7fbf", "#ffffff", "&#9670;"),
    "gold": ("#e6b422", "#3a2b00", "&#9679;"),
    "cocoa": ("#5a3620", "#ffffff", "&#9673;"),
    "coin": ("#f2c94c", "#3a2b00", "&#9673;"),
    "vp": ("#2e6b3a", "#ffffff", "&#9733;"),
}
"""Background, text colour and icon per resource (and coins, points)."""

REGIONS = {
    "trade": "#e7d9b0",
    "feast": "#efc9b8",
    "gold": "#f1e08c",
    "build": "#c9d9b4",
    "technology": "#bcd2e4",
}
"""Tint of a Maya city spot by the temple region it belongs to (the first one)."""

SEATS = ("#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98")
"""Pawn colour per seat (monks, rest markers, track markers)."""

CSS = """
<style>
.sm{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:13px;color:#222;
  line-height:1.25;word-break:keep-all;overflow-wrap:break-word}
.sm *{box-sizing:border-box}
.sm h4{margin:2px 0 6px;font-size:15px}
.sm .synthetic{color:#b3261e;font-size:11px;font-weight:600;margin:0 0 4px}
.sm .bar{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;padding:6px 10px;
  background:#eef3f6;border:1px solid #c6d3dc;border-radius:8px;margin-bottom:8px}
.sm .end{color:#b3261e;font-weight:600}
.sm .shared{display:grid;grid-template-columns:repeat(auto-fit,minmax(230px,1fr));gap:8px;
  margin-bottom:10px;grid-auto-flow:row dense}
.sm .panel{border:1px solid #d9d9d9;border-radius:8px;padding:6px 8px;background:#fff}
.sm .panel.wide{grid-column:1/-1}
.sm .panel.tall{grid-row:span 2}
.sm .panel>.t{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#666;
  margin-bottom:4px}
.sm .row{display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.sm .die{display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;
  border-radius:5px;font-weight:700;font-size:13px;border:1px solid #555;background:#fff;
  color:#222;box-shadow:1px 1px 0 rgba(0,0,0,.25)}
.sm .die.blue{background:#2f63b5;color:#fff;border-color:#163a73}
.sm .die.amb{background:#fff;color:#8a5a00;border:2px solid #e0a800}
.sm .die.amb.blue{background:#2f63b5;color:#ffe9a8;border:2px solid #e0a800}
.sm .die.pips{display:inline-grid;grid-template:repeat(3,1fr)/repeat(3,1fr);padding:3px;
  width:24px;height:24px;gap:0}
.sm .die.pips i{display:block;margin:auto;width:4px;height:4px;border-radius:50%}
.sm .die.pips i.p{background:currentColor}
.sm .die.small{width:17px;height:17px;font-size:10px;border-radius:4px}
.sm .die.taken{opacity:.35;border-style:dashed}
.sm .pawn{display:inline-flex;align-items:center;justify-content:center;width:17px;height:17px;
  border-radius:50% 50% 40% 40%;color:#fff;font-size:10px;font-weight:700;
  border:1px solid rgba(0,0,0,.4)}
.sm .chip{display:inline-flex;align-items:center;gap:3px;border-radius:10px;padding:1px 7px;
  margin:1px;font-size:12px;border:1px solid rgba(0,0,0,.25);white-space:nowrap}
.sm .chip.zero{opacity:.35}
.sm .tiles{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-start}
.sm .ctile{display:inline-flex;flex-direction:column;gap:2px;align-items:flex-start;padding:3px;
  border-radius:6px;background:#f1ede4}
.sm .ctile .id{font-size:10px;color:#777}
.sm .ctile.special .id{color:#8a5a00;font-weight:700}
.sm .shape{display:grid;gap:2px}
.sm .sq{width:66px;height:48px;border-radius:4px;border:1px solid rgba(0,0,0,.3);padding:2px 3px;
  font-size:9.5px;overflow:hidden;line-height:1.15}
.sm .sq b{font-size:10px;display:block}
.sm .docks{display:grid;grid-template-columns:repeat(auto-fit,minmax(110px,1fr));gap:5px}
.sm .dock{border:1px solid #9fb6c8;background:#eef5fb;border-radius:6px;padding:4px;font-size:11px}
.sm .dock .n{font-weight:700}
.sm .ship{margin-top:3px;border:1px solid #7a8d9c;border-radius:4px;background:#fff;padding:2px 4px}
.sm .ship .pts{float:right;font-weight:700;color:#2e6b3a}
.sm .mini{display:inline-block;border:1px solid #7a8d9c;border-radius:3px;background:#fff;
  padding:0 4px;margin:1px;font-size:11px}
.sm .mini.back{background:#5d7b93;color:#fff;font-weight:700}
.sm .spaces{display:flex;flex-direction:column;gap:3px}
.sm .space{display:flex;align-items:center;gap:6px;border-bottom:1px dotted #ddd;
  padding:1px 0;min-height:22px}
.sm .space .what{flex:1;font-size:12px}
.sm .space .what small{color:#777}
.sm .track{display:flex;gap:1px;flex-wrap:nowrap;overflow-x:auto;padding-bottom:2px}
.sm .track .s{min-width:24px;height:40px;border:1px solid #ccc;border-radius:3px;background:#faf7f0;
  font-size:9px;text-align:center;position:relative;padding-top:1px}
.sm .track .s.sym{background:#efe3c8}
.sm .track .s.gold{background:#f6e2a0}
.sm .track .s .mk{display:flex;flex-wrap:wrap;justify-content:center;gap:1px;margin-top:2px}
.sm .track .s .mk .pawn{width:10px;height:10px;font-size:0}
.sm .players{display:grid;grid-template-columns:1fr;gap:10px}
.sm .player{border:2px solid #c9d6de;border-radius:10px;padding:8px;background:#fbfdfe}
.sm .player.tomove{border-color:#c0392b;box-shadow:0 0 0 2px rgba(192,57,43,.15)}
.sm .phead{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;margin-bottom:6px}
.sm .phead .name{font-weight:700;font-size:14px}
.sm .badge{display:inline-block;border-radius:4px;padding:0 6px;font-size:11px;font-weight:600;
  background:#e8e8e8}
.sm .badge.move{background:#c0392b;color:#fff}
.sm .badge.gov{background:#6a1b9a;color:#fff}
.sm .sub{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#777;margin:6px 0 3px}
.sm .pbody{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.sm .colony{display:grid;grid-template-columns:14px repeat(6,1fr);gap:2px;flex:1 1 440px;
  max-width:560px}
.sm .colony .ax{font-size:9px;color:#888;text-align:center;align-self:center}
.sm .cell{height:50px;border-radius:4px;border:1px solid rgba(0,0,0,.28);padding:2px 3px;
  font-size:9.5px;line-height:1.15;position:relative;overflow:hidden}
.sm .cell.empty{border:1px dashed #cfcfcf}
.sm .cell .k{font-weight:700;font-size:9.5px;display:block}
.sm .cell .on{position:absolute;right:2px;bottom:2px;display:flex;gap:2px;align-items:center}
.sm .cell .col{position:absolute;left:2px;bottom:2px;display:flex;gap:1px}
.sm .cell .col .pawn{width:9px;height:9px;background:#555;border-radius:50%}
.sm .cell .gov{color:#6a1b9a;font-weight:700;font-size:10px;display:block}
.sm .cell .xp{font-style:italic;font-size:9px;display:block}
.sm .kv{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;font-size:12px;margin-top:6px;
  flex:1 1 220px;align-content:start}
.sm .kv>span:nth-child(odd){color:#666}
.sm .city{border-collapse:separate;border-spacing:3px}
.sm .city th{font-size:11px;color:#555;text-align:right;padding-right:4px;white-space:nowrap}
.sm .city td{border:1px solid rgba(0,0,0,.25);border-radius:4px;background:#e6dcc4;
  font-size:10px;padding:2px 4px;min-width:70px;vertical-align:top}
.sm .city td.site{background:#f5f2ea;border-style:dashed;color:#888}
.sm .scores{border-collapse:collapse;font-size:12px;margin:6px 0}
.sm .scores th,.sm .scores td{border-bottom:1px solid #e2e2e2;padding:2px 6px;text-align:right}
.sm .scores th{font-weight:600;color:#666;font-size:11px}
.sm .scores tr.win td{background:#fff5d6}
.sm .temples{display:grid;grid-template-columns:repeat(5,1fr);gap:4px;margin:6px 0}
.sm .temple{border:1px solid #a88f5a;border-radius:6px;background:#f7efd9;padding:3px 5px;
  font-size:11px}
.sm .temple .st{display:flex;gap:2px;margin:2px 0}
.sm .temple .st i{width:14px;height:6px;border-radius:2px;background:#ddd}
.sm .temple .st i.on{background:#a8741a}
</style>
"""


def e(value: Any) -> str:
    return escape(str(value))


PIPS = {
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}
"""Which of the 3x3 spots of a die face carry a pip."""


def die(face: Any, kind: str = "white", small: bool = False, title: str = "") -> str:
    """A die face with pips: white, blue, or an ambassador die (gold rim); face 0 draws it taken.

    A face that is not 1-6 (a die standing on a colony square, face not kept) shows as text."""
    classes = ["die"]
    if "blue" in kind:
        classes.append("blue")
    if "ambassador" in kind:
        classes.append("amb")
    if small:
        classes.append("small")
    if not face:
        classes.append("taken")
    label = e(title or words.die_title(kind, face))
    pips = PIPS.get(face) if isinstance(face, int) else None
    if pips is not None and not small:
        classes.append("pips")
        inner = "".join("<i class='p'></i>" if k in pips else "<i></i>" for k in range(9))
    else:
        inner = e(face) if face else ""
    return f"<span class='{' '.join(classes)}' title='{label}'>{inner}</span>"


def pawn(seat: int, name: str) -> str:
    """A player's pawn in its seat colour, numbered by seat (names may share initials)."""
    colour = SEATS[seat % len(SEATS)] if seat >= 0 else "#777"
    label = seat + 1 if seat >= 0 else ""
    return f"<span class='pawn' style='background:{colour}' title='{e(name)}'>{label}</span>"


def chip(kind: str, count: Any = None, label: str | None = None) -> str:
    bg, fg, icon = GOODS.get(kind, ("#dddddd", "#222222", ""))
    zero = " zero" if count == 0 else ""
    text = e(label if label is not None else words.item(kind))
    tail = "" if count is None else f" <b>{e(count)}</b>"
    return (
        f"<span class='chip r-{e(kind)}{zero}' style='background:{bg};color:{fg}'>"
        f"{icon} {text}{tail}</span>"
    )


def bundle_chips(text: str) -> str:
    """`"2coin+wood"` (components.bundle_text) as chips."""
    out = []
    for part in str(text).split("+"):
        digits = "".join(c for c in part if c.isdigit())
        kind = part[len(digits) :]
        if kind in GOODS:
            out.append(chip(kind, label=words.bundle(part)))
        elif part:
            out.append(e(part))
    return "".join(out)


def terrain_style(kind: str) -> str:
    bg, fg = TERRAIN.get(kind, ("#ffffff", "#222222"))
    return f"background:{bg};color:{fg}"
