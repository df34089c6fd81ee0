"""Errors of the application layer that a user can meet; each says what to do next."""

from __future__ import annotations

from collections.abc import Sequence

from application.i18n import _
from domain.core.errors import NovusError


class GameNotFound(NovusError):
    """No stored game has this id (or id prefix)."""

    def __init__(self, ref: str) -> None:
        super().__init__(
            _("no game {ref!r} in the store", ref=ref),
            hint=_("list the stored games with `novus games`"),
        )
        self.ref = ref


class GameExists(NovusError):
    """A game started under an id that is already stored (e.g. importing the same game twice)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            _("game {game} is already stored", game=game_id),
            hint=_("nothing was written; it need not be added"),
        )
        self.game_id = game_id


class AmbiguousGameId(NovusError):
    """An id prefix that matches several games."""

    def __init__(self, ref: str, matches: Sequence[str]) -> None:
        shown = ", ".join(list(matches)[:5]) + (" ..." if len(matches) > 5 else "")
        super().__init__(
            _("{ref!r} matches {n} games ({shown})", ref=ref, n=len(matches), shown=shown),
            hint=_("give more of the id"),
        )
        self.ref = ref
        self.matches = tuple(matches)


class WriteConflict(NovusError):
    """Another writer appended to the same game first; nothing of this write was stored."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            _("game {game} was changed by another writer; this write was not stored", game=game_id),
            hint=_("load the game again and retry the step"),
        )
        self.game_id = game_id


class GameChanged(WriteConflict):
    """A write made against a position that is no longer the game's (another tab or writer
    recorded a step or a take-back since); nothing of this write was stored."""

    def __init__(self, game_id: str, version: int, expected: int) -> None:
        NovusError.__init__(
            self,
            _(
                "game {game} was changed in another tab or by another writer since you "
                "loaded it; your move was not stored",
                game=game_id,
            ),
            hint=_("reload the game to see where it stands now, then enter the move again"),
        )
        self.game_id = game_id
        self.version = version
        self.expected = expected


class StepOutOfRange(NovusError):
    """A step number beyond the recorded steps of a game."""

    def __init__(self, step: int, last: int) -> None:
        super().__init__(
            _("step {step} is out of range", step=step),
            hint=_("this game has steps 0 to {last}", last=last),
        )
        self.step = step
        self.last = last


class NoSeed(NovusError):
    """Chance asked of a game that was started without a seed (e.g. an imported game)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            _("game {game} has no seed, so chance cannot be resolved for it", game=game_id),
            hint=_("record the outcome instead (NovusApp.record_chance)"),
        )


class StoreUnavailable(NovusError):
    """The event store could not be opened or reached."""


class PortBusy(NovusError):
    """The dashboard's port is taken by another program (often a dashboard already running)."""

    def __init__(self, port: int) -> None:
        super().__init__(
            _("port {port} is already in use", port=port),
            hint=_(
                "open http://localhost:{port} if a Novus dashboard runs there, stop the "
                "program on it, or choose another port with --port",
                port=port,
            ),
        )
        self.port = port
