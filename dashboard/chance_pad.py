"""The Play page's chance pad as one Streamlit component (`st.components.v2`): the items seen
at the table are tapped in the browser and the outcome is sent once, complete.

With a Streamlit button per item, a second tap on the same item while the page was rerunning
was lost (Streamlit merges a button's clicks that wait for one rerun into one), so a shuffle of
"corn, corn, ..." tapped quickly came out short. Here the taps are counted in the browser."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import streamlit as st

ASSETS = Path(__file__).resolve().parent / "chance_assets"
KEY = "play-pad"

_component = st.components.v2.component(
    "novus.chance_pad",
    html="",
    css=(ASSETS / "pad.css").read_text(encoding="utf-8"),
    js=(ASSETS / "pad.js").read_text(encoding="utf-8"),
)


def _outcome(ident: str) -> dict[str, Any] | None:
    """What the browser sent for the pad `ident` (None: nothing, or another pad's)."""
    state = st.session_state.get(KEY)
    try:
        value = state["outcome"] if state is not None else None
    except (KeyError, TypeError):
        return None
    return value if isinstance(value, dict) and value.get("id") == ident else None


def sent(ident: str) -> list[str] | None:
    """The outcome the browser sent for the pad `ident` (None: none, or another pad's)."""
    value = _outcome(ident)
    items = value.get("items") if value is not None else None
    return [str(i) for i in items] if isinstance(items, list) else None


def rest_asked(ident: str) -> bool:
    """Whether the outcome sent for the pad `ident` is the first items only, Novus to draw
    the rest (the pad's `rest` button)."""
    value = _outcome(ident)
    return value is not None and value.get("rest") is True


def sent_parts(ident: str) -> list[list[str]] | None:
    """The items of each part of a dealt draw the browser sent with "the rest" (None: not a
    dealt draw, or another pad's)."""
    value = _outcome(ident)
    parts = value.get("parts") if value is not None else None
    if not isinstance(parts, list) or not all(isinstance(p, list) for p in parts):
        return None
    return [[str(i) for i in part] for part in parts]


def show(
    ident: str,
    items: Sequence[tuple[str, str]],
    count: int,
    texts: dict[str, str],
    on_outcome: Callable[[], Any],
    limits: Mapping[str, int] | None = None,
    parts: Sequence[tuple[str, int]] = (),
) -> None:
    """Mount the pad for one awaited outcome. `ident` names it (a new ident starts empty:
    give one per position and per try); `items` are (value, label) pairs; `texts` has `tap`
    ({have}, {count}), `so_far` ({items}), `clear` and, optional, `rest` (a button sending the
    items so far for Novus to draw the rest: `rest_asked`); `on_outcome` runs when it is
    complete (or the rest is asked for); when one item alone is left to take, the pad takes it;
    `limits`: how many of each item the pool holds (its button is off once tapped that often;
    dice have none); `parts`: a dealt draw's (label, count) parts in outcome order (each hand,
    then the cards face up), tapped apart, in any order (`texts` then has `part`: {label},
    {have}, {count}); "the rest" also sends each part's items (`sent_parts`)."""
    limits = limits or {}
    data = {
        "id": ident,
        "items": [{"value": v, "label": label, "max": limits.get(v, 0)} for v, label in items],
        "count": count,
        "texts": texts,
        "parts": [{"label": label, "count": n} for label, n in parts],
    }
    _component(key=KEY, data=data, on_outcome_change=on_outcome)
