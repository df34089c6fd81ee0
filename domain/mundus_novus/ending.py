"""End of the round and of the game: 75 doubloons, a complete set, or a queue that could not be
refilled; the complete set beats doubloons, then the richest wins (equal richest share)."""

from __future__ import annotations

from domain.mundus_novus import cards as K
from domain.mundus_novus.scoring import COMPLETE_SET_RANK, scores
from domain.mundus_novus.state import OVER, State


def end_reasons(s: State) -> list[str]:
    out = []
    if any(seat.complete for seat in s.seats):
        out.append("complete set")
    if any(seat.doubloons >= K.WIN_DOUBLOONS for seat in s.seats):
        out.append(f"{K.WIN_DOUBLOONS} doubloons")
    if s.refill_failed:
        out.append("development queue not refilled")
    return out


def end_of_round(s: State) -> None:
    from domain.mundus_novus.supply import start_round

    reasons = end_reasons(s)
    if reasons:
        s.over = True
        s.phase, s.actor = OVER, -1
        s.end_reason = "; ".join(reasons)
        return
    start_round(s)


__all__ = ["COMPLETE_SET_RANK", "end_of_round", "end_reasons", "scores"]
