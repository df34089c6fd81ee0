"""The interpreter's checks: a report's stated numbers against the engine's, and facts about
seats the engine skipped (no choice) against the state.

Checked: doubloons on a role card or gained with the Prospector, doubloons spent on a building
or earned in a trade, barrels shipped and VP, colonists on the ship after the mayor,
production, a forced extra barrel, forced colonist placements, the turn number, the end of the
game and every final score. A difference is a `ReportMismatch` naming the line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.puerto_rico.components import CRAFTSMAN, GOODS, MAYOR, ROLES
from domain.puerto_rico.roles.craftsman import capacity
from domain.puerto_rico.state import State
from importers.errors import ReportAmbiguity, ReportError, ReportMismatch
from importers.pbem.model import Fact
from importers.pbem.placement import occupied

if TYPE_CHECKING:
    from domain.puerto_rico.rules import PuertoRicoRules


class Checks:
    """Mixed into `Interpreter`, whose state and helpers it uses."""

    file: str
    rules: PuertoRicoRules
    state: State
    names: list[str]
    phase_start: State | None
    last_role: str

    advance_forced: Callable[..., None]
    """`Interpreter.advance_forced`: play the decisions that have exactly one legal action."""

    # -- checks --------------------------------------------------------------------------------
    def skipped(self, fact: Fact) -> bool:
        """A fact about a seat the engine skipped (no choice): true if it agrees with the state."""
        if fact.player is None or fact.player not in self.names:
            return False
        seat = self.names.index(fact.player)
        if fact.kind == "pass":
            return True
        if fact.kind == "place" and self.last_role == "mayor" and self._placed_already(seat):
            assert self.phase_start is not None
            before = occupied(self.phase_start.players[seat])
            now = occupied(self.state.players[seat])
            for target, count in fact.targets:
                if target != "san_juan" and now.get(target, 0) - before.get(target, 0) < count:
                    raise ReportMismatch(
                        self.file,
                        fact.line,
                        f"{fact.player} had no choice and the rules put the colonists elsewhere "
                        f"({', '.join(f'{n} on {t}' for t, n in sorted(now.items()))})",
                        sentence=fact.sentence,
                    )
            return True
        if fact.kind == "extra" and self.phase_start is not None and self.state.picker == seat:
            self.check_forced_extra(fact, seat)
            return True
        return False

    def _placed_already(self, seat: int) -> bool:
        """Whether `seat`'s mayor turn is over (the engine handles seats in order from the
        mayor)."""
        n = len(self.names)
        if self.rules.is_over(self.state):
            return self.last_role == "mayor"
        if self.phase() != MAYOR:
            return self.last_role == "mayor"
        order = [(self.state.picker + i) % n for i in range(n)]
        if seat == self.state.actor and self.state.pending >= 0:
            return True  # asked who sits on a special building: the placement is done
        return order.index(seat) < order.index(self.state.actor)

    def check_forced_extra(self, fact: Fact, seat: int) -> None:
        assert self.phase_start is not None
        good = GOODS.index(fact.good)
        made = self.production(self.phase_start).get(seat, {})
        extra = self.state.players[seat].goods[good] - self.phase_start.players[seat].goods[good]
        if extra - made.get(fact.good, 0) != 1:
            raise ReportMismatch(
                self.file,
                fact.line,
                f"{self.names[seat]} gets no extra {fact.good} here",
                sentence=fact.sentence,
            )

    @staticmethod
    def production(s: State) -> dict[int, dict[str, int]]:
        """What each seat produces when the craftsman is chosen in `s` (supply in seat order)."""
        supply = list(s.goods_supply)
        made: dict[int, dict[str, int]] = {}
        n = s.nplayers
        picker = s.actor
        for i in range(n):
            seat = (picker + i) % n
            got = [min(m, supply[g]) for g, m in enumerate(capacity(s.players[seat]))]
            for g, k in enumerate(got):
                supply[g] -= k
            made[seat] = {GOODS[g]: k for g, k in enumerate(got) if k}
        return made

    def check_after(self, fact: Fact, seat: int, before: State) -> None:
        p, q = before.players[seat], self.state.players[seat]
        said: list[tuple[str, int, int]] = []
        if fact.governor and before.governor != seat:
            raise ReportMismatch(
                self.file,
                fact.line,
                f"the governor is {self.names[before.governor]}, not {self.names[seat]}",
                hint="the governor passes clockwise each turn",
                sentence=fact.sentence,
            )
        if fact.kind == "role" and fact.money is not None:
            if fact.role == "prospector":
                said.append(("doubloons gained", fact.money, q.doubloons - p.doubloons))
            else:
                card = before.role_doubloons[ROLES.index(fact.role)]
                said.append(("doubloons on the role card", fact.money, card))
        if fact.kind == "build" and fact.money is not None:
            said.append(("doubloons spent", fact.money, p.doubloons - q.doubloons))
        if fact.kind == "sell" and fact.money is not None:
            said.append(("doubloons earned", fact.money, q.doubloons - p.doubloons))
        if fact.kind == "ship":
            good = GOODS.index(fact.good)
            if fact.amount is not None:
                said.append((f"{fact.good} shipped", fact.amount, p.goods[good] - q.goods[good]))
            if fact.vp is not None:
                said.append(("VP", fact.vp, q.vp - p.vp))
        for what, stated, actual in said:
            if stated != actual:
                raise ReportMismatch(
                    self.file,
                    fact.line,
                    f"{self.names[seat]}: the report says {stated} {what}, the engine {actual}",
                    hint="check the report's numbers",
                    sentence=fact.sentence,
                )

    def verify(self, fact: Fact) -> None:
        if fact.kind == "turn":
            assert fact.amount is not None
            self.advance_forced(until_round=fact.amount)
            if self.rules.is_over(self.state) or self.state.round != fact.amount:
                where = (
                    "the game is over"
                    if self.rules.is_over(self.state)
                    else (f"the game is in round {self.state.round}, {self.waiting()}")
                )
                kind = ReportAmbiguity if self.state.round < fact.amount else ReportError
                raise kind(
                    self.file,
                    fact.line,
                    f"turn {fact.amount} begins but {where}",
                    hint="a decision of the previous turn is missing",
                    sentence=fact.sentence,
                )
        elif fact.kind == "colonist_ship":
            self.advance_forced()
            if self.state.col_ship != fact.amount:
                raise ReportMismatch(
                    self.file,
                    fact.line,
                    f"the colonist ship holds {self.state.col_ship}, the report says {fact.amount}",
                    sentence=fact.sentence,
                )
        elif fact.kind == "produce":
            seat = self._seat(fact)
            if self.phase() != CRAFTSMAN and self.phase_start is None:
                raise ReportError(
                    self.file,
                    fact.line,
                    "production outside the craftsman phase",
                    sentence=fact.sentence,
                )
            assert self.phase_start is not None
            made = self.production(self.phase_start).get(seat, {})
            if dict(fact.produced) != made:
                shown = ", ".join(f"{n} {g}" for g, n in made.items()) or "nothing"
                raise ReportMismatch(
                    self.file,
                    fact.line,
                    f"{fact.player} produces {shown} by the engine",
                    sentence=fact.sentence,
                )
        elif fact.kind in ("end", "final"):
            self.advance_forced()
            if not self.rules.is_over(self.state):
                raise ReportError(
                    self.file,
                    fact.line,
                    f"the report ends the game, the engine does not "
                    f"(round {self.state.round}, {self.waiting()})",
                    sentence=fact.sentence,
                )
            if fact.kind == "final":
                totals = {self.names[s.seat]: s.total for s in self.rules.scores(self.state).seats}
                for name, total in fact.scores:
                    if totals[name] != total:
                        raise ReportMismatch(
                            self.file,
                            fact.line,
                            f"{name} scores {totals[name]} by the engine, the report says {total}",
                            sentence=fact.sentence,
                        )

    # -- helpers -------------------------------------------------------------------------------
    def _seat(self, fact: Fact) -> int:
        if fact.player is None or fact.player not in self.names:
            raise ReportError(
                self.file,
                fact.line,
                "production without a player the report knows",
                hint=f"players: {', '.join(self.names)}",
                sentence=fact.sentence,
            )
        return self.names.index(fact.player)

    def phase(self) -> int:
        return self.state.role

    def waiting(self) -> str:
        if self.rules.is_over(self.state):
            return "the game is over"
        if self.rules.to_move(self.state) == (-1,):
            return "a plantation draw is due"
        seat = self.state.actor
        legal = self.rules.legal_actions(self.state, seat)
        return f"{self.names[seat]} is to decide: {', '.join(list(legal)[:8])}"
