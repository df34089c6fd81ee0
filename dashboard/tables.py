"""Every results table of the dashboard, drawn one way.

Streamlit writes "None" in a table's empty cells (in English, on Korean pages too); the rest of
the product shows a missing value as a dash, so every table goes through `table`.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

MISSING = "—"  # what an empty cell shows, as the boards show a missing value


def table(data: Any, **options: Any) -> Any:
    """`st.dataframe(data, **options)` with empty cells shown as `MISSING`."""
    return st.dataframe(data, placeholder=MISSING, **options)
