"""The end-of-game ranking shown in the replay: places, scores and what each tie-break means.

The engines give tie-breaks as plain numbers (`SeatScore.tiebreak`, higher is better); what the
numbers stand for is written here, per game, so the banner can say it in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from application.i18n import _
from domain.core.protocol import Scores


def _puerto_rico(values: Sequence[int]) -> str:
    return _("doubloons + goods: {n}", n=values[0])


def _santa_maria(values: Sequence[int]) -> str:
    return _("rest space {n} from the start player", n=-values[0])


def _century(values: Sequence[int]) -> str:
    return _("turn order position {n}", n=values[0] + 1)


TIEBREAKS: dict[str, tuple[Callable[[], str], Callable[[Sequence[int]], str]]] = {
    "puerto-rico": (lambda: _("more doubloons and goods"), _puerto_rico),
    "santa-maria": (lambda: _("rest space closest to the start player"), _santa_maria),
    "century-new-world": (lambda: _("later in turn order"), _century),
}
"""Per game: the rule in words, and one seat's tie-break values in words."""


@dataclass(frozen=True)
class Place:
    rank: int
    seat: int
    player: str
    total: int
    tiebreak: str
    """The seat's tie-break in words ("" when the game has none)."""
    decided_by_tiebreak: bool
    """True when another seat has the same total and the tie-break separated (or not) them."""


def ranking(game: str, names: Sequence[str], scores: Scores) -> list[Place]:
    """Every seat in finishing order (rank 1 first; equal keys share a rank)."""
    ranks = scores.ranks()
    rule = TIEBREAKS.get(game)
    totals = [s.total for s in scores.seats]
    places = []
    for s in scores.seats:
        words = ""
        if s.tiebreak:
            words = rule[1](s.tiebreak) if rule else ", ".join(str(v) for v in s.tiebreak)
        places.append(
            Place(
                rank=ranks[s.seat],
                seat=s.seat,
                player=names[s.seat],
                total=s.total,
                tiebreak=words,
                decided_by_tiebreak=totals.count(s.total) > 1,
            )
        )
    return sorted(places, key=lambda p: (p.rank, p.seat))


def tiebreak_rule(game: str) -> str:
    """The game's tie-break rule in words ("" when it has none or none is written down)."""
    rule = TIEBREAKS.get(game)
    return rule[0]() if rule else ""
