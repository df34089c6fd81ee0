"""The JSON picture of a state for boards, `novus show --json` and per-game statistics.

Everything in Century: New World is public (the draw deck is face up: only its top card shows),
so `view(state, seat)` is the same for every seat. Shape:

    {"game", "synthetic"?, "pack", "boards", "round", "phase", "to_move" ([seat], [-1] for a
     chance step, [] when over), "ending",
     "locations": [{"id", "board", "kind", "settlers", "function", "exploration_space",
                    "exploration_tile", "occupant", "occupant_name", "count",
                    "card"?, "bonus_top"?, "bonus_left"?}],
     "deck": {"top", "left"},
     "players": [{"seat", "name", "colour", "cubes": {"Y","R","G","B"}, "cube_count",
                  "available", "reserve", "on_board", "cards", "bonus_tiles",
                  "exploration_tiles", "score", "breakdown"}]}
"""

from __future__ import annotations

from typing import Any

from domain.century_new_world import cubes as C
from domain.century_new_world.scoring import breakdown
from domain.century_new_world.state import OVER, PHASE_NAMES, WORK, State

COLOURS = ("red", "blue", "green", "yellow")
"""Settler colours by seat (display only)."""


def function_text(loc: Any) -> str:
    if loc.kind == "production":
        return f"+{C.text(loc.take)}"
    if loc.kind == "upgrade":
        return f"upgrade x{loc.times}"
    if loc.kind == "trade":
        return f"{C.text(loc.give)}>{C.text(loc.take)} x{loc.times}"
    return "point card / bonus tile"


def _card(s: State, ci: int) -> dict[str, Any] | None:
    if ci < 0:
        return None
    c = s.t.cards[ci]
    return {"id": c.id, "cost": C.text(c.cost), "points": c.points, "benefit": c.benefit}


def _bonus(s: State, bi: int) -> dict[str, Any]:
    b = s.t.bonus[bi]
    return {"id": b.id, "cost": C.text(b.cost), "points": b.points, "benefit": b.benefit}


def view(s: State, seat: int | None = None) -> dict[str, Any]:
    t = s.t
    out: dict[str, Any] = {"game": "century-new-world"}
    if t.label:
        out["synthetic"] = t.label
    locations = []
    for li, loc in enumerate(t.locations):
        owner = s.occ_seat[li]
        tile = s.explore_on[li]
        row: dict[str, Any] = {
            "id": loc.id,
            "board": loc.board,
            "kind": loc.kind,
            "settlers": loc.settlers,
            "function": function_text(loc),
            "exploration_space": loc.exploration,
            "exploration_tile": t.tiles[tile].id if tile >= 0 else None,
            "occupant": owner if owner >= 0 else None,
            "occupant_name": s.names[owner] if owner >= 0 else None,
            "count": s.occ_n[li],
        }
        if loc.kind == "village":
            row["card"] = _card(s, s.fort_card[li])
            stack = s.stacks[li]
            row["bonus_top"] = _bonus(s, stack[0]) if stack else None
            row["bonus_left"] = len(stack)
        locations.append(row)
    players = []
    for i, p in enumerate(s.players):
        parts = breakdown(s, i)
        players.append(
            {
                "seat": i,
                "name": s.names[i],
                "colour": COLOURS[i],
                "cubes": dict(zip(C.KINDS, p.cubes, strict=True)),
                "cube_count": sum(p.cubes),
                "available": p.available,
                "reserve": p.reserve,
                "on_board": s.settlers_on_board(i),
                "cards": [_card(s, c) for c in p.cards],
                "bonus_tiles": [_bonus(s, b) for b in p.bonus],
                "exploration_tiles": [
                    {"id": t.tiles[x].id, "points": t.tiles[x].points} for x in p.explored
                ],
                "score": sum(parts.values()),
                "breakdown": parts,
            }
        )
    out.update(
        {
            "pack": t.pack,
            "boards": list(t.boards),
            "round": s.round,
            "phase": PHASE_NAMES[s.phase],
            "to_move": [] if s.phase == OVER else [s.actor] if s.phase >= WORK else [-1],
            "ending": s.ending,
            "locations": locations,
            "deck": {"top": _card(s, s.deck[0]) if s.deck else None, "left": len(s.deck)},
            "players": players,
        }
    )
    return out
