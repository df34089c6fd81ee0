"""The mayor placement a report describes, as one engine step (``colonists:...``).

Reports name where the *new* colonists go ("places colonists on the indigo plantation and Small
Indigo Plant") and, sometimes, colonists moved ("moves a colonist from the corn plantation to
the Hacienda"); every colonist not mentioned stays where it was. That literal reading is one
placement. When it is not legal (the report left moves out, or placed fewer colonists than the
rules make the player place) the placement is inferred only if exactly one legal placement
keeps what the report says; otherwise it is an ambiguity.
"""

from __future__ import annotations

from domain.puerto_rico import actions as A
from domain.puerto_rico.components import BUILDINGS
from domain.puerto_rico.state import Player

TARGET_INDEX = {t: i for i, t in enumerate(A.TARGETS)}


def circles(p: Player) -> dict[str, int]:
    """Colonist circles per target (tile types and buildings), all of them."""
    caps: dict[str, int] = {}
    for t in range(6):
        if p.tiles[t]:
            caps[A.TARGETS[t]] = p.tiles[t]
    for b in p.buildings:
        caps[BUILDINGS[b].id] = caps.get(BUILDINGS[b].id, 0) + BUILDINGS[b].slots
    return caps


def occupied(p: Player) -> dict[str, int]:
    """Where `p`'s colonists sit now (before the mayor lifts them)."""
    where: dict[str, int] = {}
    for t in range(6):
        if p.manned[t]:
            where[A.TARGETS[t]] = p.manned[t]
    for b, w in zip(p.buildings, p.workers, strict=True):
        if w:
            where[BUILDINGS[b].id] = where.get(BUILDINGS[b].id, 0) + w
    return where


class PlacementProblem(Exception):
    """Why the described placement cannot be made; `ambiguous` if several would fit."""

    def __init__(self, message: str, ambiguous: bool = False) -> None:
        super().__init__(message)
        self.ambiguous = ambiguous


def describe_placement(
    caps: dict[str, int],
    before: dict[str, int],
    hand: int,
    targets: tuple[tuple[str, int], ...],
    moves: tuple[tuple[str, str], ...],
) -> dict[str, int]:
    """The whole placement (target -> colonists) the report's words describe."""
    must = min(hand, sum(caps.values()))
    base = dict(before)
    named: dict[str, int] = {}
    for src, dst in moves:
        if src != "san_juan":
            if base.get(src, 0) <= 0:
                raise PlacementProblem(f"no colonist on {src} to move")
            base[src] -= 1
        if dst != "san_juan":
            base[dst] = base.get(dst, 0) + 1
            named[dst] = named.get(dst, 0) + 1
    for target, count in targets:
        if target == "san_juan":
            continue
        if target not in caps:
            raise PlacementProblem(f"the player has no {target.replace('_', ' ')}")
        base[target] = base.get(target, 0) + count
        named[target] = named.get(target, 0) + count
    fits = all(base[t] <= caps.get(t, 0) for t in base if base[t])
    placed = sum(base.values())
    if fits and placed == must:
        return {t: n for t, n in base.items() if n}
    if fits and placed < must:
        free = {t: caps[t] - base.get(t, 0) for t in caps if caps[t] > base.get(t, 0)}
        if sum(free.values()) == must - placed:
            return {
                t: base.get(t, 0) + free.get(t, 0) for t in caps if base.get(t, 0) + free.get(t, 0)
            }
    found = _solutions(caps, named, must, limit=2)
    if len(found) == 1:
        return found[0]
    left = must - sum(named.values())
    if not found:
        raise PlacementProblem(
            f"no legal placement of {must} colonists puts {_list(named)} (circles: {_list(caps)})"
        )
    raise PlacementProblem(
        f"{must} colonists must be placed; the report places {_list(named) or 'none'} and "
        f"leaves {left} unstated with more than one legal way",
        ambiguous=True,
    )


def _solutions(
    caps: dict[str, int], named: dict[str, int], must: int, limit: int
) -> list[dict[str, int]]:
    """Placements with at least the named colonists on each named target, `must` in all."""
    order = sorted(caps)
    found: list[dict[str, int]] = []
    low = [named.get(t, 0) for t in order]
    if any(low[i] > caps[t] for i, t in enumerate(order)):
        return []

    def walk(i: int, left: int, chosen: list[int]) -> None:
        if len(found) >= limit:
            return
        if i == len(order):
            if left == 0:
                found.append({t: n for t, n in zip(order, chosen, strict=True) if n})
            return
        room_after = sum(caps[t] for t in order[i + 1 :])
        for n in range(low[i], caps[order[i]] + 1):
            if n > left:
                break
            if left - n <= room_after:
                walk(i + 1, left - n, [*chosen, n])

    walk(0, must - 0, [])
    return found


def action_for(placement: dict[str, int]) -> str:
    return A.placement_action({TARGET_INDEX[t]: n for t, n in placement.items()})


def _list(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} on {t.replace('_', ' ')}" for t, n in sorted(counts.items()) if n)
