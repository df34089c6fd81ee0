"""Completeness of a pack against the sourced counts: what is missing before a game can start."""

from __future__ import annotations

from domain.century_new_world.packs.model import Pack
from domain.core.phrase import worded


def _board_problems(pack: Pack) -> list[str]:
    f = pack.facts
    problems: list[str] = []
    boards = (*f.fixed_boards, *f.choice_boards)
    by_board = {b: [loc for loc in pack.locations if loc.board == b] for b in boards}
    for loc in pack.locations:
        if loc.board not in by_board:
            problems.append(
                worded(
                    "locations: {location} is on unknown board {board}",
                    location=loc.id,
                    board=repr(loc.board),
                )
            )
    missing = [b for b in boards if not by_board[b]]
    problems.extend(
        worded(
            "locations: no rows for board {board} (each location's settler icon, kind, "
            "function and exploration icon on that board side)",
            board=b,
        )
        for b in missing
    )
    if missing:
        return problems
    for choice in f.choice_boards:
        rows = [loc for b in (*f.fixed_boards, choice) for loc in by_board[b]]
        where = "+".join((*f.fixed_boards, choice))
        actions = sum(1 for loc in rows if loc.kind != "village")
        forts = sum(1 for loc in rows if loc.kind == "village")
        explore = sum(1 for loc in rows if loc.exploration == "explore")
        two_three = sum(1 for loc in rows if loc.exploration == "2-3")
        stacked = sum(loc.bonus_stack for loc in rows)
        counted = dict(boards=where)
        for have, want, said in (
            (
                actions,
                f.action_locations,
                worded(
                    "locations {boards}: {have} action locations, the game has {want}",
                    **counted,
                    have=actions,
                    want=f.action_locations,
                ),
            ),
            (
                forts,
                f.forts,
                worded(
                    "locations {boards}: {have} village (fort) locations, the game has {want}",
                    **counted,
                    have=forts,
                    want=f.forts,
                ),
            ),
            (
                explore,
                f.exploration_spaces,
                worded(
                    "locations {boards}: {have} exploration spaces, the game has {want}",
                    **counted,
                    have=explore,
                    want=f.exploration_spaces,
                ),
            ),
            (
                two_three,
                f.two_three_spaces,
                worded(
                    'locations {boards}: {have} "2-3" spaces, the game has {want}',
                    **counted,
                    have=two_three,
                    want=f.two_three_spaces,
                ),
            ),
        ):
            if have != want:
                problems.append(said)
        if stacked > f.bonus_tiles_used:
            problems.append(
                worded(
                    "locations {boards}: bonus spaces stack {stacked} tiles, only {used} are used",
                    boards=where,
                    stacked=stacked,
                    used=f.bonus_tiles_used,
                )
            )
    return problems


def completeness(pack: Pack) -> list[str]:
    """Every fact the rules need that the pack lacks or contradicts (empty: ready to play)."""
    f = pack.facts
    problems = _board_problems(pack)
    cards = len(pack.point_cards)
    if cards != f.point_cards:
        problems.append(
            worded(
                "point_cards: {have} of {want} cards (cost, points, mark, benefit)",
                have=cards,
                want=f.point_cards,
            )
        )
    elif cards:
        for n in (2, 3, 4):
            banned = {"star", "3+", "=4"} if n == 2 else {"star", "=4"} if n == 3 else {"star"}
            in_play = sum(1 for c in pack.point_cards if c.mark not in banned)
            need = (f.end_cards - 1) * n + 1
            if in_play < need:
                problems.append(
                    worded(
                        "point_cards: {have} in play with {n} players; the end needs {need}",
                        have=in_play,
                        n=n,
                        need=need,
                    )
                )
        benefits = [c.benefit for c in pack.point_cards]
        benefits += [b.benefit for b in pack.bonus_tiles]
        benefits += [x.benefit for x in pack.exploration_tiles]
        if f.settlers_available < f.settlers and not any(
            b.startswith("settlers:") for b in benefits
        ):
            problems.append(
                worded(
                    "benefits: no point card, bonus tile or exploration tile brings settlers, "
                    "so the {n} beside each player board (KO setup 6: not usable yet) would "
                    "never come into play",
                    n=f.settlers - f.settlers_available,
                )
            )
    used = sum(1 for t in pack.bonus_tiles if not t.mark)
    if used != f.bonus_tiles_used:
        problems.append(
            worded(
                "bonus_tiles: {have} of {want} tiles without an I/III mark (cost, points, "
                "benefit), plus the I/III tiles that are removed",
                have=used,
                want=f.bonus_tiles_used,
            )
        )
    tiles = len(pack.exploration_tiles)
    if tiles != f.exploration_tiles:
        problems.append(
            worded(
                "exploration_tiles: {have} of {want} tiles (points, immediate bonus)",
                have=tiles,
                want=f.exploration_tiles,
            )
        )
    if len(f.starting_cubes) != 4:
        problems.append(worded("pack.json: starting_cubes needs one entry per seat 1-4"))
    if not 0 < f.settlers_available <= f.settlers:
        problems.append(worded("pack.json: settlers_available must be between 1 and settlers"))
    return problems
