"""Any game's `view()` drawn as readable HTML tables: the fallback for games without a board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from domain.core.protocol import Rules

PLAYER_KEYS = ("players", "seats")


def _cell(value: Any) -> str:
    if isinstance(value, Mapping):
        if not value:
            return "—"
        rows = "".join(
            f"<tr><th>{escape(str(k))}</th><td>{_cell(v)}</td></tr>" for k, v in value.items()
        )
        return f"<table class='nv-kv'>{rows}</table>"
    if isinstance(value, Sequence) and not isinstance(value, str):
        if not value:
            return "—"
        if all(isinstance(v, Mapping) for v in value):
            return _records(value)
        return escape(", ".join(str(v) for v in value))
    if value is None:
        return "—"
    return escape(str(value))


def _records(rows: Sequence[Mapping[str, Any]]) -> str:
    keys: list[str] = []
    for row in rows:
        keys.extend(k for k in row if k not in keys)
    head = "".join(f"<th>{escape(k)}</th>" for k in keys)
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell(row.get(k))}</td>" for k in keys) + "</tr>" for row in rows
    )
    return f"<table class='nv-records'><tr>{head}</tr>{body}</table>"


STYLE = (
    "<style>.nv-board{max-width:100%;overflow-x:auto;word-break:keep-all;"
    "overflow-wrap:break-word}"
    ".nv-board table{border-collapse:collapse;margin:2px 0;font-size:0.9em}"
    ".nv-board th,.nv-board td{border:1px solid #ccc;padding:2px 6px;text-align:left;"
    "vertical-align:top}.nv-board th{background:#f3f3f3}</style>"
)


def render(view: Mapping[str, Any], rules: Rules[Any]) -> str:
    """Players first as one table, then every other part of the view as labelled tables."""
    parts = [STYLE, f"<div class='nv-board'><h4>{escape(rules.title)}</h4>"]
    for key in PLAYER_KEYS:
        players = view.get(key)
        if isinstance(players, Sequence) and players:
            parts.append(f"<h5>{escape(key)}</h5>{_cell(players)}")
    others = {k: v for k, v in view.items() if k not in PLAYER_KEYS}
    if others:
        parts.append(f"<h5>shared</h5>{_cell(others)}")
    parts.append("</div>")
    return "".join(parts)
