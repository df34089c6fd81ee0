"""Per-game facts for statistics (locations used, cards claimed), derived from the steps alone.

The projections layer can count from these without knowing the rules:

    for fact in step_facts(RULES, setup, steps): ...   # one dict per `place:` / `explore:` step

Each fact: ``{"step", "round", "seat", "action", "location", "kind", "settlers", "bumped",
"card", "card_points", "bonus", "bonus_points", "tile"}`` (absent parts are None).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from domain.century_new_world import locations as L
from domain.century_new_world.state import State
from domain.core.protocol import Decision, Rules, Setup, Step


def _fact(s: State, index: int, step: Decision) -> dict[str, Any] | None:
    action = step.action
    verb, _, rest = action.partition(":")
    if verb not in ("place", "explore"):
        return None
    t = s.t
    loc_id, _, arg = rest.partition(":")
    li = t.loc_index[loc_id]
    fact: dict[str, Any] = {
        "step": index,
        "round": s.round,
        "seat": step.seat,
        "action": action,
        "location": loc_id,
        "kind": "explore" if verb == "explore" else t.locations[li].kind,
        "settlers": L.settlers_needed(s, li) if verb == "place" else 0,
        "bumped": s.occ_seat[li] if verb == "place" and s.occ_seat[li] >= 0 else None,
        "card": None,
        "card_points": None,
        "bonus": None,
        "bonus_points": None,
        "tile": t.tiles[s.explore_on[li]].id if verb == "explore" else None,
    }
    if verb == "place" and t.locations[li].kind == "village":
        for part in arg.split("+"):
            what, _, ident = part.partition("=")
            if what == "card":
                fact["card"] = ident
                fact["card_points"] = t.cards[t.card_index[ident]].points
            elif what == "bonus":
                fact["bonus"] = ident
                fact["bonus_points"] = t.bonus[t.bonus_index[ident]].points
    return fact


def step_facts(rules: Rules[Any], setup: Setup, steps: Iterable[Step]) -> Iterator[dict[str, Any]]:
    """One fact per placement or exploration, in game order (1-based step numbers)."""
    state = rules.initial_state(setup)
    for index, step in enumerate(steps, start=1):
        if isinstance(step, Decision):
            fact = _fact(state, index, step)
            if fact is not None:
                yield fact
        state = rules.apply(state, step)


def summary(rules: Rules[Any], setup: Setup, steps: Iterable[Step]) -> dict[str, Any]:
    """Locations used (count per location id), cards claimed per seat, bumps per seat."""
    used: Counter[str] = Counter()
    cards: dict[int, list[str]] = {seat: [] for seat in range(setup.num_players)}
    bumps: Counter[int] = Counter()
    for fact in step_facts(rules, setup, steps):
        used[fact["location"]] += fact["kind"] != "explore"
        if fact["card"]:
            cards[fact["seat"]].append(fact["card"])
        if fact["bumped"] is not None:
            bumps[fact["seat"]] += 1
    return {
        "locations_used": dict(sorted(used.items())),
        "cards_claimed": cards,
        "bumps": dict(bumps),
    }
