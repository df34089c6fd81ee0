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


def reported_step() -> int | None:
    """The step the browser last reported (None before any report)."""
    state = st.session_state.get(KEY)
    try:
        value = state["step"] if state is not None else None
    except (KeyError, TypeError):
        return None
    return value if isinstance(value, int) else None


def show(payload: dict[str, Any], step: int) -> None:
    """Mount the replay at `step` (the browser keeps its own step for the same game after
    reruns; a changed `step` from the server, e.g. Back, moves it)."""

    def reported() -> None:
        value = reported_step()
        if value is not None:
            st.query_params["step"] = str(max(0, min(value, int(payload["last"]))))

    _component(key=KEY, data={**payload, "step": step}, on_step_change=reported)
