"""The replay as one Streamlit component (`st.components.v2`) that steps in the browser.

It receives a game's whole replay once (`replay_payload.build`) and steps locally on keys,
buttons, the slider and clicks in the move list: no server round trip per step, so no key press
is lost to a rerun. It writes the step into the address bar itself and, once the user pauses,
reports it (state "step"), so the server keeps `?step=` the same as the browser.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st

ASSETS = Path(__file__).resolve().parent / "replay_assets"
KEY = "replay"

_component = st.components.v2.component(
    "novus.replay",
    html="",
    css=(ASSETS / "replay.css").read_text(encoding="utf-8"),
    js=(ASSETS / "replay.js").read_text(encoding="utf-8"),
)


def reported_step(game: str | None = None) -> int | None:
    """The step the browser last reported (for `game`, when given; None before any report).
    The browser reports `{"game": id, "step": n}`: a session keeps its state from one game to
    the next, so a report names its game."""
    state = st.session_state.get(KEY)
    try:
        value = state["step"] if state is not None else None
    except (KeyError, TypeError):
        return None
    if not isinstance(value, dict) or (game is not None and value.get("game") != game):
        return None
    step = value.get("step")
    return step if isinstance(step, int) else None


def show(payload: dict[str, Any]) -> None:
    """Mount the replay. It starts at the step in the address (check it first: `?step=` must be
    a step of the game), keeps its own step over reruns for the same game, and follows the
    address on Back/Forward. `payload` is sent as is: the same payload in every rerun is the
    same message, which Streamlit neither resends nor parses again."""

    def reported() -> None:
        value = reported_step(str(payload["game"]))
        if value is not None:
            st.query_params["step"] = str(max(0, min(value, int(payload["last"]))))

    _component(key=KEY, data=payload, on_step_change=reported)
