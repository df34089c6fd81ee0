"""Readable sentences for steps, given the state before them."""

from __future__ import annotations

from domain.century_new_world import cubes as C
from domain.century_new_world import locations as L
from domain.century_new_world.setup import resolve
from domain.century_new_world.state import CHANCE_BONUS, CHANCE_CARDS, State
from domain.core.protocol import ChanceStep, Decision, Step

KIND_WORDS = {
    "production": "produces",
    "upgrade": "upgrades",
    "trade": "trades",
    "village": "visits the village",
}


def location_text(s: State, li: int) -> str:
    loc = s.t.locations[li]
    if loc.kind == "production":
        return f"{loc.id} (production: {C.describe(loc.take)})"
    if loc.kind == "upgrade":
        return f"{loc.id} (upgrade up to {loc.times}x)"
    if loc.kind == "trade":
        return f"{loc.id} (trade {C.text(loc.give)} for {C.text(loc.take)}, up to {loc.times}x)"
    return f"{loc.id} (village)"


def _place(s: State, seat: int, action: str) -> str:
    t = s.t
    name = s.names[seat]
    _, loc_id, *rest = action.split(":", 2)
    li = t.loc_index[loc_id]
    loc = t.locations[li]
    need = L.settlers_needed(s, li)
    who = f"{name} places {need} settler{'s' if need > 1 else ''} on {location_text(s, li)}"
    bumped = s.occ_seat[li]
    if bumped >= 0:
        who += f", sending {s.names[bumped]}'s {s.occ_n[li]} back"
    arg = rest[0] if rest else ""
    if loc.kind == "production":
        return f"{who} and takes {C.describe(loc.take)}"
    if loc.kind == "upgrade":
        give, _, take = arg.partition(">")
        return f"{who} and upgrades {C.describe(C.parse(give))} to {C.describe(C.parse(take))}"
    if loc.kind == "trade":
        k = int(arg[1:])
        return (
            f"{who} and trades {C.describe(C.times(loc.give, k))} for "
            f"{C.describe(C.times(loc.take, k))}"
        )
    parts = []
    for part in arg.split("+"):
        what, _, ident = part.partition("=")
        if what == "card":
            card = t.cards[t.card_index[ident]]
            parts.append(f"point card {ident} ({card.points} points) for {C.describe(card.cost)}")
        else:
            tile = t.bonus[t.bonus_index[ident]]
            parts.append(f"bonus tile {ident} ({tile.points} points) for {C.describe(tile.cost)}")
    return f"{who} and takes " + " and ".join(parts)


def _layout(s: State, outcome: tuple[str, ...]) -> str:
    """Where the shuffled components went (the same dealing as `setup.resolve`)."""
    after = s.clone()
    resolve(after, outcome)
    t = s.t
    ids = [t.locations[li].id for li in t.villages]
    if s.phase == CHANCE_CARDS:
        forts = ", ".join(
            f"{t.cards[after.fort_card[li]].id} above {t.locations[li].id}"
            for li in t.villages
            if after.fort_card[li] >= 0
        )
        top = t.cards[after.deck[0]].id if after.deck else "none"
        return (
            f"The point cards are shuffled: {forts}; {len(after.deck)} in the face-up deck "
            f"(top {top})"
        )
    if s.phase == CHANCE_BONUS:
        stacks = ", ".join(
            f"{loc_id} {'/'.join(t.bonus[b].id for b in after.stacks[li])}"
            for loc_id, li in zip(ids, t.villages, strict=True)
        )
        return f"The bonus tiles are shuffled and stacked (top first): {stacks}"
    laid = ", ".join(
        f"{t.tiles[x].id} on {t.locations[li].id}"
        for li, x in enumerate(after.explore_on)
        if x >= 0
    )
    return f"The exploration tiles are shuffled and laid out: {laid}"


def describe(s: State, step: Step) -> str:
    if isinstance(step, ChanceStep):
        return _layout(s, tuple(str(x) for x in step.outcome))
    assert isinstance(step, Decision)
    name = s.names[step.seat]
    action = step.action
    if action == L.REST:
        back = s.settlers_on_board(step.seat)
        if not back:
            return f"{name} rests with no settlers on the board (a pass)"
        return f"{name} rests and takes back {back} settler{'s' if back > 1 else ''}"
    if action.startswith("place:"):
        return _place(s, step.seat, action)
    if action.startswith("explore:"):
        li = s.t.loc_index[action.split(":", 1)[1]]
        tile = s.t.tiles[s.explore_on[li]]
        bonus = f", bonus {tile.benefit}" if tile.benefit else ""
        where = action.split(":", 1)[1]
        return f"{name} explores {where}: tile {tile.id} ({tile.points} points{bonus})"
    if action.startswith("return:"):
        kind = C.INDEX[action[-1]]
        return f"{name} returns 1 {C.NAMES[kind]} to the supply (storage limit)"
    return f"{name}: {action}"
