"""Replay a report's facts through the Puerto Rico engine, step by step.

The engine says who is to move; the next fact says what they did. A fact about the player to
move becomes that player's action (`resolve`) and its stated numbers are checked afterwards
(`check_after`). When the next fact is about someone else, the decision of the player to move
was left out: it is inferred only when exactly one action is legal, else it is an ambiguity
naming the line where the report went on. Facts about seats the engine skipped (a "passes" of a
player who could do nothing, colonists the engine placed because there was no choice, a forced
extra barrel) are checked against the state instead. Chance outcomes (plantation draws) come
from "New plantations ..." sentences: see docs/pbem-report.md for the mapping.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from application.i18n import _
from domain.core.errors import NovusError
from domain.core.protocol import ChanceStep, Decision, Setup, Step
from domain.puerto_rico import actions as A
from domain.puerto_rico.components import (
    BUILDER,
    CAPTAIN,
    CRAFTSMAN,
    GOODS,
    MAYOR,
    SETTLER,
    TRADER,
)
from domain.puerto_rico.rules import PuertoRicoRules
from domain.puerto_rico.state import CHANCE_REFILL, PICKING, State
from importers.errors import ImportProblem, ReportAmbiguity, ReportError, ReportMismatch
from importers.pbem import fit
from importers.pbem.checks import Checks
from importers.pbem.facts import Fact, unknown_verb
from importers.pbem.placement import (
    TARGET_INDEX,
    PlacementProblem,
    action_for,
    circles,
    describe_placement,
    occupied,
)

PHASE_KINDS: dict[int, tuple[str, ...]] = {
    PICKING: ("role",),
    SETTLER: ("plantation", "hacienda", "pass"),
    MAYOR: ("place",),
    BUILDER: ("build", "pass"),
    CRAFTSMAN: ("extra",),
    TRADER: ("sell", "pass"),
    CAPTAIN: ("ship", "pass", "store", "keep"),
}
CHECKS = ("turn", "colonist_ship", "produce", "lose", "final", "end")


@dataclass
class Interpreter(Checks):
    file: str
    rules: PuertoRicoRules
    setup: Setup
    state: State = field(init=False)
    steps: list[Step] = field(default_factory=list)
    phase_start: State | None = None
    inferred: int = 0
    last_line: int = 1
    last_role: str = ""
    notes: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    """The report line of each step (forced steps: the line the report had reached)."""
    """Inferences the reading made (a missing subject, ...), kept in the game's source."""

    def __post_init__(self) -> None:
        self.state = self.rules.initial_state(self.setup)
        self.names = list(self.setup.players)

    # -- driving -------------------------------------------------------------------------------
    def run(self, facts: list[Fact]) -> list[Step]:
        """The steps of the facts, up to the end of the game or of the report (a report that
        stops early is a game in progress: `finished` says which)."""
        for fact in facts:
            self.last_line = fact.line
            try:
                self.consume(fact)
            except ImportProblem:
                if not fact.tail:
                    raise
                self.note(
                    fact.line,
                    _(
                        "the report stops in the middle of this sentence; it is not read: {text}",
                        text=fact.sentence,
                    ),
                )
                break
        self.advance_forced()
        return self.steps

    @property
    def finished(self) -> bool:
        return self.rules.is_over(self.state)

    def note(self, line: int, text: str) -> None:
        """Keep an inference or correction for the game's source (shown by `novus log`)."""
        entry = _("line {line}: {text}", line=line, text=text)
        if entry not in self.notes:
            self.notes.append(entry)

    def unnamed(self, fact: Fact, name: str) -> None:
        """Note a sentence read as the move of `name`, who is to move, for naming no player;
        or, when it starts with that name and a word that is no known verb ("Ben bilds ..."),
        for the word (it hid the subject: the sentence did name its player)."""
        text = fact.clause or fact.sentence
        odd = unknown_verb(fact.sentence, name)
        if odd is None:
            said = _(
                "the sentence names no player; read as {name}, who is to move: {text}",
                name=name,
                text=text,
            )
        elif odd[1] is not None:
            said = _(
                "'{word}' is not a verb the importer knows (did you mean '{verb}'?); the "
                "sentence is read by what it names, as {name}'s move: {text}",
                word=odd[0],
                verb=odd[1],
                name=name,
                text=text,
            )
        else:
            said = _(
                "'{word}' is not a verb the importer knows; the sentence is read by what it "
                "names, as {name}'s move: {text}",
                word=odd[0],
                name=name,
                text=text,
            )
        self.note(fact.line, said)

    def chance_awaited(self, fact: Fact) -> None:
        """The game waits for plantations drawn: a Hacienda's draw says which; any other
        sentence means the report skipped the draw."""
        if fact.kind == "hacienda" and fact.tile and self.state.chance != CHANCE_REFILL:
            self.draw(fact, (fact.tile,))  # "... and draws a corn plantation"
            return
        raise ReportAmbiguity(
            self.file,
            fact.line,
            f"the report does not say which plantations were drawn "
            f"({self.rules.chance_spec(self.state).label}) before this",
            hint="add 'New plantations are ...' (or the opening plantations before Turn 1)",
            sentence=fact.sentence,
        )

    def consume(self, fact: Fact) -> None:
        if fact.kind in CHECKS:
            self.verify(fact)
            return
        if fact.kind == "draw":
            self.drawn(fact)
            return
        said = fact
        while True:
            if self.rules.is_over(self.state):
                if self.skipped(fact):
                    return
                raise ReportError(
                    self.file, fact.line, "the game is already over", sentence=fact.sentence
                )
            if self.rules.to_move(self.state) == (-1,):
                self.chance_awaited(fact)
                return
            seat = self.state.actor
            name = self.names[seat]
            legal = self.rules.legal_actions(self.state, seat)
            fact = said if said.player is not None else replace(said, player=name)
            found = self.fitting(fact, legal)
            fits = fact.kind in PHASE_KINDS.get(self.phase(), ()) or bool(found)
            placed = fact.kind == "place" and self.phase() == MAYOR and self.state.pending >= 0
            if fact.player == name and (not fits or placed) and self.skipped(fact):
                return  # placed already (Expansion 2: the noble question follows the placement)
            if fact.player == name:
                action = self.resolve(fact, seat, legal, found)
                if action is None:
                    return
                if said.player is None:
                    self.unnamed(fact, name)
                if action.startswith("colonists:"):
                    self.place_steps(fact, seat, action)
                    return
                if action in legal:
                    before = self.state
                    self.play(Decision(seat, action), fact)
                    if fit.kind_of(action) == fact.kind:  # the grammar's numbers are this move's
                        self.check_after(fact, seat, before)
                    drawing = self.rules.to_move(self.state) == (-1,)
                    if fact.kind == "hacienda" and fact.tile and drawing:
                        self.draw(fact, (fact.tile,))
                    return
                if len(legal) == 1:
                    self.infer(legal[0])
                    continue
                if fits and fact.kind in PHASE_KINDS.get(self.phase(), ()):
                    self.play(Decision(seat, action), fact)  # raises the engine's typed reason
                raise self.omitted(fact, seat, legal)
            if self.skipped(fact):
                return
            if len(legal) == 1:
                self.infer(legal[0])
                continue
            raise self.omitted(fact, seat, legal)

    def drawn(self, fact: Fact) -> None:
        """A "New plantations ..." sentence: the chance outcome the game waits for."""
        self.advance_forced()
        if self.rules.is_over(self.state) or self.rules.to_move(self.state) != (-1,):
            raise ReportError(
                self.file,
                fact.line,
                f"the report draws plantations but the game does not draw now ({self.waiting()})",
                hint="a settler pick may be missing",
                sentence=fact.sentence,
            )
        self.draw(fact, fact.tiles)

    def fitting(self, fact: Fact, legal: Any) -> list[str]:
        """The legal actions the fact's clause fits (the legal-move reading)."""
        if fact.mentions is None or fact.kind in ("place", "produce"):
            return []
        return fit.candidates(legal, fact.mentions, self.state.ships)

    def advance_forced(self, until_round: int | None = None) -> None:
        """Play decisions that have exactly one legal action (the report need not state them)."""
        while not self.rules.is_over(self.state) and self.rules.to_move(self.state) != (-1,):
            if until_round is not None and self.state.round >= until_round:
                return
            legal = self.rules.legal_actions(self.state, self.state.actor)
            if len(legal) != 1:
                return
            self.infer(legal[0])

    def infer(self, action: str) -> None:
        self.inferred += 1
        self.play(Decision(self.state.actor, action), None)

    def play(self, step: Step, fact: Fact | None) -> None:
        if isinstance(step, Decision) and step.action.startswith("role:"):
            self.phase_start = self.state
            self.last_role = step.action.removeprefix("role:")
        try:
            self.state = self.rules.apply(self.state, step)
        except NovusError as error:
            line = fact.line if fact else self.last_line
            what = step.action if isinstance(step, Decision) else f"draw {list(step.outcome)}"
            raise ReportError(
                self.file,
                line,
                f"the engine rejects {what!r}: {error.message}",
                hint=error.hint,
                sentence=fact.sentence if fact else "",
            ) from None
        self.steps.append(step)
        self.lines.append(fact.line if fact else self.last_line)

    def draw(self, fact: Fact, tiles: tuple[str, ...]) -> None:
        """Map stated tiles to chance outcomes, in the order written: each chance step the
        engine asks for takes the next `count` tiles (a refill may be two steps when the stack
        runs out and the discards are reshuffled); tiles the rules turn up without chance (the
        tiles under the stack, KO) must match the row the engine shows."""
        refill = self.state.chance == CHANCE_REFILL
        rest = list(tiles)
        while rest and self.rules.to_move(self.state) == (-1,):
            if not refill and len(rest) < len(tiles):
                break  # a hacienda draw is one tile
            spec = self.rules.chance_spec(self.state)
            count = getattr(spec, "count", len(rest))
            if len(rest) < count:
                raise ReportError(
                    self.file,
                    fact.line,
                    f"{len(tiles)} plantations given, more are drawn now",
                    sentence=fact.sentence,
                )
            self.play(ChanceStep(tuple(rest[:count])), fact)
            rest = rest[count:]
            if not refill:
                break
        if refill:
            row = sorted(GOODS[t] for t in self.state.face_up)
            if sorted(tiles) != row:
                raise ReportMismatch(
                    self.file,
                    fact.line,
                    f"the face-up plantations are {', '.join(row)}, not {', '.join(tiles)}",
                    sentence=fact.sentence,
                )
        elif rest:
            raise ReportError(
                self.file,
                fact.line,
                f"one plantation is drawn, not {len(tiles)}",
                sentence=fact.sentence,
            )

    # -- facts -> actions ----------------------------------------------------------------------
    def resolve(self, fact: Fact, seat: int, legal: Any, found: list[str]) -> str | None:
        """The action the fact states: the one legal action its clause fits; the grammar's
        reading only chooses among several that fit, or stands in when none does."""
        kind = fact.kind
        if kind == "place" or (
            kind == "said" and not found and self.phase() == MAYOR and fact.mentions
        ):
            if kind == "said":
                assert fact.mentions is not None
                fact = replace(fact, targets=tuple(fact.mentions.targets))
            return self.place(fact, seat)
        hinted = self.grammar_action(fact, seat, legal)
        if hinted in found:
            return hinted
        if len(found) > 1 and kind in fit.KIND_OF_VERB:
            found = [a for a in found if fit.kind_of(a) == kind] or found
        if len(found) > 1 and all(a.startswith("role:prospector") for a in found):
            return self.prospector(fact, found)
        if len(found) > 1 and all(fit.kind_of(a) == "ship" for a in found):
            found = self.ships_by_amount(fact, seat, found)
        if len(found) == 1:
            return found[0]
        if found:
            raise ReportAmbiguity(
                self.file,
                fact.line,
                _(
                    "{who}: the sentence fits {n} legal moves: {moves}",
                    who=self.names[seat],
                    n=len(found),
                    moves=", ".join(found),
                ),
                hint=_("name the move more precisely (the building, the good, the ship)"),
                sentence=fact.sentence,
            )
        if kind == "extra":
            self.check_forced_extra(fact, seat)
            return None
        if hinted is not None:
            return hinted
        assert fact.mentions is not None
        if len(legal) == 1:
            return ""  # fits nothing: the caller plays the forced move and reads the fact again
        raise ReportError(
            self.file,
            fact.line,
            _(
                "{who}: no legal move fits what the sentence names ({what})",
                who=self.names[seat],
                what=fact.mentions.summary(),
            ),
            hint=_("legal now: {moves}", moves=", ".join(list(legal)[:12])),
            sentence=fact.sentence,
        )

    def grammar_action(self, fact: Fact, seat: int, legal: Any) -> str | None:
        """The action the sentence grammar reads (the fallback), or None."""
        kind = fact.kind
        if kind == "role":
            if fact.role == "prospector":
                cards = [a for a in ("role:prospector", "role:prospector2") if a in legal]
                return self.prospector(fact, cards) if cards else "role:prospector"
            return f"role:{fact.role}"
        if kind == "plantation":
            return f"plantation:{fact.tile}"
        if kind == "hacienda":
            return "hacienda"
        if kind == "build":
            return f"build:{fact.building}"
        if kind == "pass":
            return "pass"
        if kind == "sell":
            return f"sell:{fact.good}"
        if kind == "extra":
            return f"extra:{fact.good}"
        if kind in ("store", "keep"):
            return f"{kind}:{fact.good}"
        if kind == "ship":
            return self.ship(fact, seat, legal)
        return None

    def prospector(self, fact: Fact, cards: list[str]) -> str:
        """Two Prospector cards (5 players): the stated gain picks the card; with the same
        doubloons they are the same choice and the first is taken."""
        if fact.money is not None and len(cards) > 1:
            seat = self.state.actor
            have = self.state.players[seat].doubloons

            def gain(
                card: str,
            ) -> int:  # the card's doubloons and the privilege (a Library doubles it)
                after = self.rules.apply(self.state, Decision(seat, card))
                return int(after.players[seat].doubloons) - have

            cards = [a for a in cards if gain(a) == fact.money] or cards
        return cards[0]

    def ships_by_amount(self, fact: Fact, seat: int, found: list[str]) -> list[str]:
        if fact.amount is None:
            return found
        return [a for a in found if self._load(seat, a) == fact.amount] or found

    def ship(self, fact: Fact, seat: int, legal: Any) -> str:
        prefix = f"ship:{fact.good}:"
        options = [a for a in legal if a.startswith(prefix)]
        options = [a for a in options if a.endswith(":wharf") == fact.wharf]
        if fact.ship is not None and not fact.wharf:
            caps = self.state.ships
            cap = (
                fact.ship
                if fact.ship in caps
                else (caps[fact.ship - 1] if 1 <= fact.ship <= len(caps) else -1)
            )
            options = [a for a in options if a == f"{prefix}{cap}"]
            if not options:
                return f"{prefix}{cap if cap > 0 else fact.ship}"
        if len(options) > 1 and fact.amount is not None:
            fitting = [a for a in options if self._load(seat, a) == fact.amount]
            options = fitting or options
        if len(options) == 1:
            return options[0]
        if not options:
            return f"{prefix}{'wharf' if fact.wharf else '?'}"
        raise ReportAmbiguity(
            self.file,
            fact.line,
            f"{self.names[seat]} could ship {fact.good} on several ships: {', '.join(options)}",
            hint="name the ship (Ship 1..3 from the smallest, or its size)",
            sentence=fact.sentence,
        )

    def _load(self, seat: int, action: str) -> int:
        have = self.state.players[seat].goods[GOODS.index(action.split(":")[1])]
        where = action.split(":")[2]
        if where == "wharf":
            return have
        i = self.state.ships.index(int(where))
        return min(have, int(where) - self.state.ship_load[i])

    def place(self, fact: Fact, seat: int) -> str:
        before = self.phase_start.players[seat] if self.phase_start else self.state.players[seat]
        p = self.state.players[seat]
        try:
            placement = describe_placement(
                circles(p), occupied(before), self.state.hand, fact.targets, fact.moves
            )
        except PlacementProblem as problem:
            kind = ReportAmbiguity if problem.ambiguous else ReportError
            raise kind(
                self.file, fact.line, f"{self.names[seat]}: {problem}", sentence=fact.sentence
            ) from None
        return action_for(placement)

    def place_steps(self, fact: Fact, seat: int, action: str) -> None:
        """Play a whole placement as the engine's listed single steps (``colonist:<target>`` in
        target order; the engine finishes a placement once the rest is forced)."""
        wanted = A.parse_placement(action) or {}
        for target in sorted(wanted):
            for _count in range(wanted[target]):
                s = self.state
                if s.over or s.role != MAYOR or s.actor != seat or not s.hand:
                    break
                self.play(Decision(seat, A.COLONIST_ACTIONS[target]), fact)
        p = self.state.players[seat]
        got = {TARGET_INDEX[t]: n for t, n in occupied(p).items()}
        if (self.state.actor == seat and self.phase() == MAYOR and self.state.hand) or got != {
            t: n for t, n in wanted.items() if n
        }:
            raise ReportError(
                self.file,
                fact.line,
                f"{self.names[seat]}: the engine does not take the "
                f"placement {action.removeprefix('colonists:')}",
                sentence=fact.sentence,
            )

    # -- helpers ---------------------------------------------------------------------------
    def omitted(self, fact: Fact, seat: int, legal: Any) -> ReportAmbiguity:
        return ReportAmbiguity(
            self.file,
            fact.line,
            f"the report goes on with {fact.player or 'the next event'} but does not say what "
            f"{self.names[seat]} did before ({len(legal)} legal choices: "
            f"{', '.join(list(legal)[:8])})",
            hint="add the missing sentence",
            sentence=fact.sentence,
        )
