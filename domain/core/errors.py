"""Typed rule errors: each says what was wrong and what would have been legal."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence

from domain.core.phrase import Listing, Phrase, Term, phrase


def closest(given: str, known: Sequence[str]) -> str | None:
    """The one of `known` closest to a mistyped `given`, if any is close. Hangul is compared
    letter by letter (jamo): '민쥰' is one letter off '민준', though no syllable is the same."""
    spelt = {unicodedata.normalize("NFD", k): k for k in known}
    close = difflib.get_close_matches(
        unicodedata.normalize("NFD", given), list(spelt), n=1, cutoff=0.6
    )
    return spelt[close[0]] if close else None


def did_you_mean(given: str, known: Sequence[str]) -> str:
    """`did you mean 'x'? ` for the closest of `known` to a mistyped `given` (else "")."""
    close = closest(given, known)
    return f"did you mean {close!r}? " if close else ""


def guessed(given: str, known: Sequence[str], rest: Phrase) -> Phrase:
    """`rest` after `did you mean 'x'? ` when one of `known` is close to a mistyped `given`."""
    close = closest(given, known)
    if close is None:
        return rest
    return phrase("did you mean '{guess}'? {rest}", guess=close, rest=rest)


class NovusError(Exception):
    """Base of every error a user can meet; carries a hint on what to do.

    `message` and `hint` are English text; either may be given as a `Phrase` (a message id and
    its fields) so the display layer can show it in another language (`said`).
    """

    hint: str = ""

    def __init__(self, message: str | Phrase, hint: str | Phrase = "") -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.said: tuple[str | Phrase, str | Phrase] = (message, hint or self.hint)
        if hint:
            self.hint = str(hint)

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


def _counted(seat: int | None) -> int | str:
    """A seat as people number it, from 1 (the charts' 'seat 1 = first player')."""
    return "?" if seat is None else seat + 1


class RuleError(NovusError):
    """A step that the rules do not allow in this state."""


class IllegalAction(RuleError):
    """A decision that is not among the legal actions of the seat to move."""

    def __init__(
        self, action: str, seat: int | None, legal: Sequence[str], reason: str | Phrase = ""
    ) -> None:
        """`reason`: why, in the rulebook's terms; a `Phrase` shows in the display language."""
        shown = ", ".join(list(legal)[:12]) + (" ..." if len(legal) > 12 else "")
        super().__init__(
            phrase(  # people count seats from 1 (seat 1 moves first), `self.seat` from 0
                "illegal action '{action}' for seat {seat}: {reason}",
                action=action,
                seat=_counted(seat),
                reason=reason,
            )
            if reason
            else phrase(
                "illegal action '{action}' for seat {seat}", action=action, seat=_counted(seat)
            ),
            hint=phrase("legal now: {shown}", shown=shown)
            if legal
            else phrase("no action is legal now"),
        )
        self.action = action
        self.seat = seat
        self.legal = tuple(legal)
        self.reason = reason


class NotYourTurn(RuleError):
    """A decision by a seat that is not to move."""

    def __init__(self, seat: int | None, to_move: Sequence[int]) -> None:
        super().__init__(
            phrase("seat {seat} is not to move", seat=_counted(seat)),
            hint=phrase("to move: {seats}", seats=", ".join(str(s + 1) for s in to_move))
            if to_move
            else phrase("to move: nobody (chance or game over)"),
        )
        self.seat = seat
        self.to_move = tuple(to_move)


class ChanceExpected(RuleError):
    """A decision given where the game waits for a chance outcome, or the reverse."""


class NoChanceAwaited(ChanceExpected):
    """A chance outcome given where a seat decides (or the game is over)."""

    def __init__(self, actor: int | None, over: bool = False) -> None:
        super().__init__(
            phrase("no chance outcome is awaited now"),
            hint=phrase("the game is over")
            if over
            else phrase("seat {seat} is to decide", seat=_counted(actor))
            if actor is not None
            else phrase("a seat decides now"),
        )


class BadChanceOutcome(RuleError):
    """A chance outcome that does not fit what the game asked for."""


class GameOver(RuleError):
    """A step given after the game has ended."""

    def __init__(self, hint: str | Phrase = "") -> None:
        super().__init__(
            phrase("the game is over"), hint=hint or phrase("no further steps can be recorded")
        )


class SetupError(NovusError):
    """Bad players, options or components for starting a game."""


class PlayerCount(SetupError):
    """A game started with fewer or more players than its rules seat."""

    def __init__(
        self, title: str, low: int, high: int, given: int, hint: str | Phrase = ""
    ) -> None:
        """`title`: the game's name (a catalog term of context "game")."""
        super().__init__(
            phrase(
                "{game} needs {low} to {high} players, got {n}",
                game=Term(title, "game"),
                low=low,
                high=high,
                n=given,
            ),
            hint=hint or phrase("name between {low} and {high} players", low=low, high=high),
        )


class UnknownGame(NovusError):
    """A game name that is not in the registry."""

    def __init__(self, name: str, known: Sequence[str], shown: Sequence[str] = ()) -> None:
        """`shown`: the games as the known list names them (with their titles), else `known`."""
        listed = ", ".join(shown or known)
        super().__init__(
            phrase("unknown game '{name}'", name=name),
            hint=guessed(name, known, phrase("known games: {known}", known=listed)),
        )
        self.name = name


class MissingComponents(SetupError):
    """A component pack that lacks facts the rules need (e.g. the `published` pack)."""

    def __init__(self, pack: str, missing: Sequence[str]) -> None:
        listed = Listing(tuple(missing), sep="\n  - ", lead="\n  - ")  # one problem a line
        super().__init__(
            phrase(
                "component pack '{pack}' is incomplete ({n} problems):{listed}",
                pack=pack,
                n=len(missing),
                listed=listed,
            ),
            hint=phrase(
                "use --option pack=synthetic, or complete the pack (see docs/components.md)"
            ),
        )
        self.pack = pack
        self.missing = tuple(missing)
