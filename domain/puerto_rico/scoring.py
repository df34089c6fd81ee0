"""Scores: VP chips, building VP, and the bonus of manned large buildings (KO).

Valid at any moment (points so far, as if the game ended now). Tie-break: doubloons + goods.
With Expansion 2 a fourth category, ``nobles`` (1 VP each).
"""

from __future__ import annotations

from domain.core.protocol import Scores, SeatScore
from domain.puerto_rico.components import (
    BUILDINGS,
    CITY_HALL,
    CLOISTER,
    CUSTOMS_HOUSE,
    FORTRESS,
    GUILD_HALL,
    RESIDENCE,
    ROYAL_GARDEN,
    SMALL_INDIGO,
    SMALL_SUGAR,
)
from domain.puerto_rico.state import Player, State


def guild_hall_bonus(p: Player) -> int:
    """1 VP per small production building, 2 per large one (KO: 4 named buildings -> 6)."""
    bonus = 0
    for b in p.buildings:
        d = BUILDINGS[b]
        if d.kind == "production":  # the Jeweler (1 circle) counts as large (KO)
            bonus += 1 if b in (SMALL_INDIGO, SMALL_SUGAR) else 2
    return bonus


def residence_bonus(p: Player) -> int:
    """4 VP up to 9 occupied island spaces, then 5, 6, 7 for 10, 11, 12 (KO; forests count)."""
    return max(4, p.island_count() - 5)


def fortress_bonus(p: Player) -> int:
    """1 VP per 3 colonists anywhere on the player's board (KO: 20 -> 6)."""
    return p.colonists() // 3


def customs_house_bonus(p: Player) -> int:
    """1 VP per 4 VP in chips (KO: 23 -> 5)."""
    return p.vp // 4


def city_hall_bonus(p: Player) -> int:
    """1 VP per violet building, City Hall included (KO: 7 buildings -> 7)."""
    return sum(1 for b in p.buildings if BUILDINGS[b].kind != "production")


def cloister_bonus(p: Player) -> int:
    """Expansion 1: 1/3/6/10 VP for 1-4 sets of 3 identical island tiles (KO; forests and
    quarries count: 6 forests, 3 quarries, 2 corn, 1 coffee -> 6)."""
    sets = sum(t // 3 for t in p.tiles) + len(p.forests) // 3
    return (0, 1, 3, 6, 10)[min(sets, 4)]


def royal_garden_bonus(p: Player) -> int:
    """Expansion 2: 1 more VP per noble (KO: each noble then counts 2)."""
    return p.nobles


BONUSES = {
    GUILD_HALL: guild_hall_bonus,
    RESIDENCE: residence_bonus,
    FORTRESS: fortress_bonus,
    CUSTOMS_HOUSE: customs_house_bonus,
    CITY_HALL: city_hall_bonus,
    CLOISTER: cloister_bonus,
    ROYAL_GARDEN: royal_garden_bonus,
}


_BONUS_MASK = sum(1 << b for b in BONUSES)
"""The large buildings with a bonus, as a mask like `Player.active`."""
_VP = tuple(b.vp for b in BUILDINGS)


def score_key(p: Player) -> object:
    """What `seat_score`'s points (not its tie-break) depend on: shipping VP, the buildings and
    the nobles; the whole player once a large building with a bonus is manned (the bonuses read
    the island, the city and the colonists)."""
    if p.active & _BONUS_MASK:
        return p
    return (p.vp, p.buildings, p.nobles)


def seat_points(p: Player, nobles_game: bool = False) -> dict[str, int]:
    """`seat_score`'s breakdown alone (the projection rescores a seat at many steps)."""
    vp = _VP
    buildings = sum([vp[b] for b in p.buildings])
    large = sum([f(p) for b, f in BONUSES.items() if p.has(b)]) if p.active & _BONUS_MASK else 0
    breakdown = {"shipping": p.vp, "buildings": buildings, "large_buildings": large}
    if nobles_game:
        breakdown["nobles"] = p.nobles
    return breakdown


def seat_score(seat: int, p: Player, nobles_game: bool = False) -> SeatScore:
    breakdown = seat_points(p, nobles_game)
    return SeatScore(
        seat=seat,
        total=sum(breakdown.values()),
        breakdown=breakdown,
        tiebreak=(p.doubloons + sum(p.goods),),
    )


def scores(s: State) -> Scores:
    nobles_game = s.noble_supply >= 0
    return Scores(tuple(seat_score(i, p, nobles_game) for i, p in enumerate(s.players)))
