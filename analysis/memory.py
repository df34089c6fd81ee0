"""What the game's public history showed: cards seen face up and then taken into hidden places.

A seat's `view` shows the present; a player also remembers. A Santa Maria shipping tile is taken
from the face-up docks and then lies face down in the taker's harbor: every seat saw which tile
went where. A Mundus Novus card picked from the open cards, drawn from a revealed offer, taken
from the market or given by the trade master goes into a hand in front of everyone. The
determinizer (`analysis.hidden`) keeps such cards where they are and redeals only the rest.

A `Memory` folds the recorded steps: `start(state)` and `update(memory, before, step, after)`,
reading only what every seat saw (the face-up docks, the public action, the revealed offers).
The memory is the same for every seat (it is public); the seat's own hidden cards it sees anyway.
Memories are immutable values, kept per state.

Mundus Novus keeps, per seat, a lower bound of each kind in its hand: a card shown going in
adds one; cards leaving the hand unseen (a secret offer, a payment, a pirate loss) lower every
bound by their number, since any of them may have been the known ones. A lower bound can only
be weaker than what a careful player knows, never wrong (`tests/analysis/test_memory.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from domain.core.protocol import Decision, Rules, Setup, Step


class Memory(Protocol):
    def start(self, state: Any) -> Any: ...

    def update(self, memory: Any, before: Any, step: Step, after: Any) -> Any: ...


class SantaMariaMemory:
    """The ids of the shipping tiles seen face up (the docks, the special harbor)."""

    @staticmethod
    def _shown(state: Any) -> frozenset[str]:
        return frozenset(t for t in (*state.docks, getattr(state, "xdock", "")) if t)

    def start(self, state: Any) -> frozenset[str]:
        return self._shown(state)

    def update(self, memory: Any, before: Any, step: Step, after: Any) -> frozenset[str]:
        shown = self._shown(after)
        return memory if shown <= memory else memory | shown


Known = tuple[tuple[int, ...], ...]
"""Per seat, per card kind (the state's count lists' indices): cards known to be in the hand."""


class MundusNovusMemory:
    def start(self, state: Any) -> Known:
        return tuple((0,) * len(state.deck) for _ in range(state.n))

    def update(self, memory: Known, before: Any, step: Step, after: Any) -> Known:
        from domain.mundus_novus import cards as K

        known = [list(row) for row in memory]
        shown_in: list[list[int]] = [[0] * len(row) for row in known]
        shown_out: list[list[int]] = [[0] * len(row) for row in known]
        taken_from: dict[int, list[int]] = {}
        if isinstance(step, Decision):
            verb, *args = step.action.split(":")
            if verb == "pick":
                shown_in[step.seat][K.parse(args[0])] += 1
            elif verb == "take":
                victim, kind = int(args[0]), K.parse(args[1])
                taken_from.setdefault(victim, [0] * len(known[0]))[kind] += 1
                shown_in[step.seat][K.parse(args[2]) if len(args) > 2 else kind] += 1
            elif verb == "give":
                kind = K.parse(args[0])
                shown_out[before.master][kind] += 1
                shown_in[before.receiver][kind] += 1
        for i in range(len(known)):
            old, new = before.seats[i].hand, after.seats[i].hand
            # A revealed offer's cards that went back to the hand (the trade's end) were seen.
            offer = before.seats[i].offer if before.phase != "offer" else None
            if offer is not None:
                left = after.seats[i].offer or [0] * len(offer)
                took = taken_from.get(i, [0] * len(offer))
                for k in range(len(offer)):
                    shown_in[i][k] += max(0, offer[k] - left[k] - took[k])
            unseen_out = sum(max(0, old[k] - new[k]) for k in range(len(old))) - sum(shown_out[i])
            row = known[i]
            for k in range(len(row)):
                row[k] = max(0, row[k] - shown_out[i][k] - unseen_out) + shown_in[i][k]
        return tuple(tuple(row) for row in known)


MEMORIES: dict[str, Memory] = {
    "santa-maria": SantaMariaMemory(),
    "mundus-novus": MundusNovusMemory(),
}


def memory_of(game: str) -> Memory | None:
    """The game's memory, or None when its history shows nothing later hidden."""
    return MEMORIES.get(game)


def memories(rules: Rules[Any], setup: Setup, steps: Sequence[Step]) -> Iterator[tuple[Any, Any]]:
    """(state, memory) after 0, 1, ... len(steps) steps (memory None for a game without one)."""
    keeper = memory_of(rules.name)
    apply = rules.apply_trusted
    state = rules.initial_state(setup)
    memory = keeper.start(state) if keeper else None
    yield state, memory
    for step in steps:
        after = apply(state, step)
        if keeper:
            memory = keeper.update(memory, state, step, after)
        state = after
        yield state, memory
