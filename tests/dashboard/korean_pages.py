"""The dashboard pages as AppTest scripts in the display language (AppTest runs each function's
source on its own, so each imports what it needs)."""

from __future__ import annotations

from typing import Any


def _replay() -> None:
    from dashboard import language, pages

    language.choose()
    pages.replay_page()


def _players() -> None:
    from dashboard import language, pages

    language.choose()
    pages.players_page()


def _games() -> None:
    from dashboard import language, pages

    language.choose()
    pages.games_page()


def _upload() -> None:
    from dashboard import language, pages

    language.choose()
    pages.upload_page()


PAGES: dict[str, Any] = {"players": _players, "games": _games, "upload": _upload}
