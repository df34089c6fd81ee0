"""The label every view of invented component data carries (CLI, dashboard, exported files).

Games whose printed components are not all sourced play with a `synthetic` pack by default; a
person must never mistake it for the printed game, so every surface shows this label.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SYNTHETIC_LABEL = "synthetic components, not the printed game"


def is_synthetic(options: Mapping[str, Any]) -> bool:
    """Whether a game's options (as stored in its setup) put synthetic components in play."""
    return str(options.get("pack", "")) == "synthetic"


def synthetic_label(options: Mapping[str, Any]) -> str:
    """The label to print beside a game with these options, or "" for printed components."""
    return SYNTHETIC_LABEL if is_synthetic(options) else ""
