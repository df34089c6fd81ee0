"""Mundus Novus's event icons by the names the rulebook gives them, in the display language:
cards of one title differ by their icon (the board, the Play page's pad and the CLI say it). A
module of its own, beside the i18n only: boards may import it (they may not reach the engines,
which `application.view_words` does)."""

from __future__ import annotations

from application.i18n import term

EVENT_NAMES = {
    "kings_help": "King's Help",
    "natives": "Natives",
    "storm": "Storm",
    "fire": "Fire",
    "pirates": "Pirates",
    "none": "no event",
}


def event_name(event: str) -> str:
    """An event icon's name in the display language."""
    return term(EVENT_NAMES.get(event, event), "mundus_novus.event")
