"""The engine base every game subclasses: the step check written once.

`apply` is `check` (game over? chance or decision? the right seat? a legal action?) followed by
the game's own unchecked step (`_step`); `apply_trusted` skips the check for steps the store
already checked when it recorded them (projection replays). The aggregate, imports and
verification call `apply` alone, so a step is checked exactly once wherever it comes from.

Every game package has the same files, and the base finds its parts there by the engine's
`package` (``"domain.puerto_rico"``): `scoring.scores(state)`, `describe.describe(state, step)`,
`view.view(state, seat)` and `bots.make_bot(rules, kind, seed)` are `scores`, `describe`, `view`
and `bot`, imported at their first use (then called directly: the method is replaced on the
instance by the function).

A game implements `is_over`, `to_move`, `legal_actions`, `chance_spec` and `_step`; it may make
`awaits_chance` cheaper than asking `to_move`, give a reason for a refused action (`_why`), or
check decisions that are not listed by `legal_actions` (`_check_decision`, Puerto Rico's one-step
colonist placements).
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar

from domain.core.chance import ChanceSpec, validate
from domain.core.errors import ChanceExpected, GameOver, IllegalAction, NotYourTurn
from domain.core.phrase import Count, Phrase, Term, phrase
from domain.core.protocol import CHANCE, Action, Bot, ChanceStep, Decision, Scores, Step

S = TypeVar("S")


class Engine(ABC, Generic[S]):
    """`apply` = `check` + `_step`; `apply_trusted` = `_step` behind the cheap guards."""

    package: ClassVar[str]
    """The game's package, whose `scoring`, `describe`, `view` and `bots` modules give the
    methods of the same names."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def to_move(self, state: S) -> tuple[int, ...]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[Action]: ...

    @abstractmethod
    def chance_spec(self, state: S) -> ChanceSpec: ...

    @abstractmethod
    def _step(self, state: S, step: Step) -> S:
        """The state after `step`, which `check` accepted (or the store did when it recorded
        it); the input state is never changed."""

    def awaits_chance(self, state: S) -> bool:
        """Whether the state waits for a chance outcome (not over, no seat decides)."""
        return self.to_move(state) == (CHANCE,)

    def apply(self, state: S, step: Step) -> S:
        """The state after `step`; raises a `RuleError` subclass if the step is not legal."""
        self.check(state, step)
        return self._step(state, step)

    def apply_trusted(self, state: S, step: Step) -> S:
        """`apply` for a step already checked when it was stored (projection replays).

        The same state as `apply` for every legal step, without listing the legal actions or
        validating the outcome; a step given after the end or of the wrong kind (a decision
        where chance is awaited, or the reverse) is still refused. Any other step `apply`
        would refuse gives an unspecified state or error, so imports and verification use
        `apply`."""
        if self.is_over(state) or isinstance(step, ChanceStep) != self.awaits_chance(state):
            self.check(state, step)  # raises the error that says why
        return self._step(state, step)

    def check(self, state: S, step: Step) -> None:
        """Raise the typed rule error that says why `step` cannot be played in `state`, if any."""
        if self.is_over(state):
            raise GameOver()
        waiting_for_chance = self.awaits_chance(state)
        if isinstance(step, ChanceStep):
            if not waiting_for_chance:
                raise ChanceExpected(
                    phrase("a chance outcome was given but the game waits for a decision"),
                    hint=phrase(
                        "seats to move: {seats}",
                        seats=", ".join(str(s + 1) for s in self.to_move(state)),
                    ),
                )
            validate(self.chance_spec(state), step.outcome)
            return
        if not isinstance(step, Decision):
            raise IllegalAction(repr(step), None, (), phrase("not a Decision or ChanceStep"))
        if waiting_for_chance:
            raise ChanceExpected(
                phrase(
                    "the game waits for a chance outcome ({label}), not a decision",
                    label=Term(self.chance_spec(state).label, "chance"),
                ),
                hint=phrase("resolve chance first (NovusApp.resolve_chance or record_chance)"),
            )
        to_move = self.to_move(state)
        if step.seat not in to_move:
            raise NotYourTurn(step.seat, to_move)
        self._check_decision(state, step.seat, step.action)

    def _check_decision(self, state: S, seat: int, action: Action) -> None:
        """Refuse an action of a seat to move that is not among its legal actions."""
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise IllegalAction(action, seat, legal, self._why(state, seat, action))

    def _why(self, state: S, seat: int, action: Action) -> str | Phrase:
        """Why `action` is not legal, in the rulebook's terms ("" when nothing more to say): a
        `Phrase`, so that it shows in the display language."""
        return ""

    # ---- the game package's parts ---------------------------------------------------------

    def _part(self, method: str, module: str, name: str) -> Callable[..., Any]:
        """The function `name` of the game package's `module`, installed as `method` on this
        engine so later calls go straight to it."""
        found = getattr(importlib.import_module(f"{self.package}.{module}"), name)
        if method == "bot":
            found = partial(found, self)
        self.__dict__[method] = found
        return found

    def scores(self, state: S) -> Scores:
        """Points so far with their breakdown (`<package>.scoring.scores`)."""
        return self._part("scores", "scoring", "scores")(state)

    def describe(self, state: S, step: Step) -> str:
        """A sentence for `step`, given the state before it (`<package>.describe.describe`)."""
        return self._part("describe", "describe", "describe")(state, step)

    def phrase(self, state: S, step: Step) -> Phrase | None:
        """`describe` as a message id and fields for other display languages
        (`<package>.describe.sentence`); None while the game's sentences are English only."""
        module = importlib.import_module(f"{self.package}.describe")
        if getattr(module, "sentence", None) is None:
            return None
        return self._part("phrase", "describe", "sentence")(state, step)

    def own_sentence(self, state: S, step: Step) -> Phrase | None:
        """`step`'s sentence naming the mover's own hidden cards, for the mover or an observer
        of every card, never another seat (`<package>.describe.own_sentence`); None where the
        public sentence says all (a game without one: always)."""
        module = importlib.import_module(f"{self.package}.describe")
        made = getattr(module, "own_sentence", None)
        return None if made is None else made(state, step)

    def terms(self) -> Iterator[Term | Count | str]:
        """Every name the game's sentences and board show (`<package>.describe.terms`)."""
        module = importlib.import_module(f"{self.package}.describe")
        made = getattr(module, "terms", None)
        return iter(()) if made is None else made()

    def view(self, state: S, seat: int | None = None) -> dict[str, Any]:
        """The JSON picture of the state (`<package>.view.view`)."""
        return self._part("view", "view", "view")(state, seat)

    def bot(self, kind: str, seed: int) -> Bot[S]:
        """A bot of `kind` with its own seeded generator (`<package>.bots.make_bot`)."""
        return self._part("bot", "bots", "make_bot")(kind, seed)
