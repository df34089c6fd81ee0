"""Readable sentences for steps, given the state before them.

Each sentence is written once with a maker `phrase` (`domain.core.phrase`): `describe` makes the
English text at once (`english`), `sentence` the `Phrase` the display layer translates. Cube
kinds are `Term`s (context "century_new_world.cube"); ids of locations, cards and tiles stay.
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.century_new_world import cubes as C
from domain.century_new_world import locations as L
from domain.century_new_world.setup import resolve
from domain.century_new_world.state import CHANCE_BONUS, CHANCE_CARDS, State
from domain.core.phrase import Count, Listing, Said, Say, Term, english, sentences
from domain.core.protocol import ChanceStep, Decision, Step

CONTEXT = "century_new_world"
CUBES = tuple(Term(name, f"{CONTEXT}.cube") for name in C.NAMES)


def terms() -> Iterator[Term | Count]:
    """Every name the sentences show (the four cube kinds)."""
    yield from CUBES
    yield _settlers(2)


def _settlers(n: int) -> Count:
    return Count(n, "{n} settler", "{n} settlers", CONTEXT)


def cubes_text(cubes: C.Cubes, phrase: Say) -> Said:
    """``(2, 1, 0, 0)`` -> "2 corn, 1 meat" ("nothing" when empty), as `C.describe`."""
    parts = tuple(phrase("{n} {cube}", n=n, cube=CUBES[k]) for k, n in enumerate(cubes) if n)
    return Listing(parts) if parts else phrase("nothing")


def location_text(s: State, li: int, phrase: Say = english) -> Said:
    loc = s.t.locations[li]
    if loc.kind == "production":
        return phrase(
            "{location} (production: {cubes})", location=loc.id, cubes=cubes_text(loc.take, phrase)
        )
    if loc.kind == "upgrade":
        return phrase("{location} (upgrade up to {times}x)", location=loc.id, times=loc.times)
    if loc.kind == "trade":
        return phrase(
            "{location} (trade {give} for {take}, up to {times}x)",
            location=loc.id,
            give=cubes_text(loc.give, phrase),
            take=cubes_text(loc.take, phrase),
            times=loc.times,
        )
    return phrase("{location} (village)", location=loc.id)


def _place(s: State, seat: int, action: str, phrase: Say) -> Said:
    t = s.t
    name = s.names[seat]
    _, loc_id, *rest = action.split(":", 2)
    li = t.loc_index[loc_id]
    loc = t.locations[li]
    need = L.settlers_needed(s, li)
    where = location_text(s, li, phrase)
    bumped = s.occ_seat[li]
    if bumped >= 0:
        who = phrase(
            "{who} places {settlers} on {where}, sending {other}'s {n} back",
            who=name,
            settlers=_settlers(need),
            where=where,
            other=s.names[bumped],
            n=s.occ_n[li],
        )
    else:
        who = phrase(
            "{who} places {settlers} on {where}", who=name, settlers=_settlers(need), where=where
        )
    arg = rest[0] if rest else ""
    if loc.kind == "production":
        return phrase("{placed} and takes {cubes}", placed=who, cubes=cubes_text(loc.take, phrase))
    if loc.kind == "upgrade":
        give, _, take = arg.partition(">")
        return phrase(
            "{placed} and upgrades {give} to {take}",
            placed=who,
            give=cubes_text(C.parse(give), phrase),
            take=cubes_text(C.parse(take), phrase),
        )
    if loc.kind == "trade":
        k = int(arg[1:])
        return phrase(
            "{placed} and trades {give} for {take}",
            placed=who,
            give=cubes_text(C.times(loc.give, k), phrase),
            take=cubes_text(C.times(loc.take, k), phrase),
        )
    parts = []
    for part in arg.split("+"):
        what, _, ident = part.partition("=")
        if what == "card":
            card = t.cards[t.card_index[ident]]
            parts.append(
                phrase(
                    "point card {card} ({points} points) for {cost}",
                    card=ident,
                    points=card.points,
                    cost=cubes_text(card.cost, phrase),
                )
            )
        else:
            tile = t.bonus[t.bonus_index[ident]]
            parts.append(
                phrase(
                    "bonus tile {tile} ({points} points) for {cost}",
                    tile=ident,
                    points=tile.points,
                    cost=cubes_text(tile.cost, phrase),
                )
            )
    if len(parts) == 2:
        return phrase(
            "{placed} and takes {first} and {second}", placed=who, first=parts[0], second=parts[1]
        )
    return phrase("{placed} and takes {first}", placed=who, first=parts[0])


def _layout(s: State, outcome: tuple[str, ...], phrase: Say) -> Said:
    """Where the shuffled components went (the same dealing as `setup.resolve`)."""
    after = s.clone()
    resolve(after, outcome)
    t = s.t
    ids = [t.locations[li].id for li in t.villages]
    if s.phase == CHANCE_CARDS:
        forts = Listing(
            tuple(
                phrase(
                    "{card} above {location}",
                    card=t.cards[after.fort_card[li]].id,
                    location=t.locations[li].id,
                )
                for li in t.villages
                if after.fort_card[li] >= 0
            )
        )
        top = t.cards[after.deck[0]].id if after.deck else phrase("none")
        return phrase(
            "The point cards are shuffled: {forts}; {n} in the face-up deck (top {top})",
            forts=forts,
            n=len(after.deck),
            top=top,
        )
    if s.phase == CHANCE_BONUS:
        stacks = ", ".join(
            f"{loc_id} {'/'.join(t.bonus[b].id for b in after.stacks[li])}"
            for loc_id, li in zip(ids, t.villages, strict=True)
        )
        return phrase(
            "The bonus tiles are shuffled and stacked (top first): {stacks}", stacks=stacks
        )
    laid = Listing(
        tuple(
            phrase("{tile} on {location}", tile=t.tiles[x].id, location=t.locations[li].id)
            for li, x in enumerate(after.explore_on)
            if x >= 0
        )
    )
    return phrase("The exploration tiles are shuffled and laid out: {laid}", laid=laid)


def _benefit(text: str, phrase: Say) -> Said:
    """An exploration tile's benefit (`locations.benefit` grammar) as words."""
    verb, _, arg = text.partition(":")
    if verb == "cubes":
        return phrase("bonus {cubes}", cubes=cubes_text(C.parse(arg), phrase))
    if verb == "settlers":
        return phrase("bonus {settlers}", settlers=_settlers(int(arg)))
    return phrase("bonus {benefit}", benefit=text)


def _sentence(s: State, step: Step, phrase: Say) -> Said:
    if isinstance(step, ChanceStep):
        return _layout(s, tuple(str(x) for x in step.outcome), phrase)
    assert isinstance(step, Decision)
    name = s.names[step.seat]
    action = step.action
    if action == L.REST:
        back = s.settlers_on_board(step.seat)
        if not back:
            return phrase("{who} rests with no settlers on the board (a pass)", who=name)
        return phrase("{who} rests and takes back {settlers}", who=name, settlers=_settlers(back))
    if action.startswith("place:"):
        return _place(s, step.seat, action, phrase)
    if action.startswith("explore:"):
        li = s.t.loc_index[action.split(":", 1)[1]]
        tile = s.t.tiles[s.explore_on[li]]
        where = action.split(":", 1)[1]
        if tile.benefit:
            return phrase(
                "{who} explores {where}: tile {tile} ({points} points, {benefit})",
                who=name,
                where=where,
                tile=tile.id,
                points=tile.points,
                benefit=_benefit(tile.benefit, phrase),
            )
        return phrase(
            "{who} explores {where}: tile {tile} ({points} points)",
            who=name,
            where=where,
            tile=tile.id,
            points=tile.points,
        )
    if action.startswith("return:"):
        kind = C.INDEX[action[-1]]
        return phrase(
            "{who} returns 1 {cube} to the supply (storage limit)", who=name, cube=CUBES[kind]
        )
    return phrase("{who}: {action}", who=name, action=action)


describe, sentence = sentences(_sentence)
