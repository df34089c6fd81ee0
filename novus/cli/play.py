"""Recording and exploring games from the terminal: `novus new`, `legal`, `move`, `draw`,
`takeback`, `branch`, `finish` (all over `application.play`, like the dashboard's Play page).

Each command stores its step at once; scripts chain them (`novus new` prints only the id on
stdout, what to type next on stderr; `novus legal --json` prints JSON).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated
from uuid import UUID

import typer
from rich.table import Column, Table

from application.i18n import _
from application.view_words import Words, chance_label
from domain.core import registry
from domain.core.chance import Draw, Shuffle
from domain.core.errors import NovusError, closest
from novus.cli.console import console, errors
from novus.cli.options import DataDir, OptionPairs, game_code, open_store, parse_options
from novus.cli.simulation import BotKind

if TYPE_CHECKING:  # the store loads in the commands that use it, not at `novus --help`
    from application import play
    from application.service import NovusApp

GameArg = Annotated[str, typer.Argument(help="Game id or unique prefix (see `novus games`).")]


def new(
    game: Annotated[str, typer.Option("--game", "-g", help="Game name (see `novus rules`).")],
    players: Annotated[
        str, typer.Option("--players", "-p", help="Player names in seat order: A,B,C.")
    ],
    option: OptionPairs = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for chance drawn by Novus (`draw`).")
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """Start a game to enter move by move; prints its id."""
    from application import play

    names = [p.strip() for p in players.split(",") if p.strip()]
    game = game_code(game)
    app = open_store(data_dir)
    given = parse_options(option)
    game_id = play.new_game(app, game, names, given, seed=seed)
    pos = play.position(app, game_id)
    if pos.synthetic_note:
        errors.print(f"[yellow]{_('note')}:[/] {pos.synthetic_note}", highlight=False)
    # options the player count brought in (five at Santa Maria: the Maya city and module C)
    chosen = app.history(game_id).setup.options
    brought = [
        f"{spec.key}={chosen[spec.key]}"
        for spec in registry.get(game).options
        if spec.key not in given and chosen.get(spec.key, spec.default) != spec.default
    ]
    if brought:
        errors.print(
            f"[yellow]{_('note')}:[/] "
            + _(
                "{n} players bring {options}",
                n=len(names),
                options=", ".join(brought),
            ),
            highlight=False,
        )
    errors.print(_started(pos.game, game_id, pos.chance is not None), highlight=False)
    print(game_id)  # the last line of stdout: scripts (and the tests) take the id from it


def legal(
    game_ref: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    data_dir: DataDir = None,
) -> None:
    """Who is to move and the legal moves (action code and sentence), or the chance awaited."""
    from application import play

    app = open_store(data_dir, create=False)
    pos = play.position(app, app.find(game_ref))
    if as_json:
        print(json.dumps(pos.to_json(), ensure_ascii=False))
        return
    console.print(
        _("{game} step {step}", game=_title(pos.game), step=pos.step)
        + (f"  [yellow]{pos.synthetic_note}[/]" if pos.synthetic_note else ""),
        highlight=False,
    )
    if pos.over:
        console.print(_("the game is over"))
        return
    if pos.chance is not None:
        spec = play.chance_json(pos.chance)
        # by their names, as `novus move --chance` takes them too; a game's own cards by code
        # and title (Mundus Novus's development deck read "d01, d02, ..." alone)
        words = Words(pos.game)
        name = play.chance_namer(app, pos)
        items = ", ".join(
            f"{item} {name(item)}" if name(item) != words.value(item) else name(item)
            for item in play.chance_choices(pos.chance)
        )
        console.print(
            _(
                "waiting for chance: {label} ({count} of {items})",
                label=chance_label(spec["label"]),
                count=play.chance_count(pos.chance),
                items=items or _("dice values"),
            ),
            highlight=False,
        )
        _tile_faces(app, pos)
        console.print(
            _("enter it with `novus move GAME --chance A,B,...` or let Novus draw: `novus draw`")
        )
        if isinstance(pos.chance, Draw) and pos.chance.hands:
            console.print(
                _(
                    "a deal: `novus draw GAME --hand PLAYER=A,B,...` records a hand seen at the "
                    "table (repeat --hand for each); Novus deals the others"
                )
            )
        return
    names = ", ".join(pos.players[s] for s in pos.to_move)
    console.print(_("to move: {names}", names=names), highlight=False)
    # the sentence folds: Rich's default cut a Korean word ending a line ('담뱃 …' for 담뱃잎)
    table = Table(_("seat"), _("action"), Column(_("move"), overflow="fold"))
    for m in pos.moves:
        table.add_row(str(m.seat + 1), m.action, m.text)  # seats counted from 1
    console.print(table)


def _tile_faces(app: NovusApp, pos: play.Position) -> None:
    """Santa Maria's shipping and colony tiles awaited, each code beside what is on the tile
    (the Play page's pad shows them so): the codes alone ('s0-1, s0-2') are printed nowhere."""
    from application import play
    from application.chance_names import tile_faces

    assert pos.chance is not None
    state = app.timeline(pos.game_id).state_at(pos.step)
    faces = tile_faces(pos.game, state, play.chance_choices(pos.chance))
    if not faces:
        return
    table = Table(_("tile"), Column(_("what is on it"), overflow="fold"))
    for code, face in faces.items():
        table.add_row(code, face)
    console.print(table)


def move(
    game_ref: GameArg,
    text: Annotated[
        list[str] | None,
        typer.Argument(
            help="An action code, the move's sentence, or words of it (quotes not needed)."
        ),
    ] = None,
    chance: Annotated[
        str | None,
        typer.Option("--chance", help="The chance outcome seen at the table: A,B,C (or dice)."),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            help="Whose move, by seat number (1 = first player) or player name, when several "
            "seats may move.",
        ),
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """Record a move (by code or words), or with --chance the outcome seen at the table."""
    from application import play

    if chance is not None and text:  # `--chance corn, indigo`: the shell split the outcome
        chance, text = " ".join([chance, *text]), None
    typed = " ".join(text) if text else None  # `novus move 3f2a small market`, unquoted
    if (typed is None) == (chance is None):
        raise NovusError(
            _("give either a move or --chance OUTCOME"),
            hint=_("e.g. `novus move 3f2a role:settler` or `novus move 3f2a --chance corn,sugar`"),
        )
    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    if chance is not None:
        name = play.chance_namer(app, play.position(app, game_id))  # by their names, as draw
        outcome = play.enter_chance(app, game_id, chance)
        shown = ", ".join(name(str(item)) for item in outcome)
        console.print(_("recorded: {outcome}", outcome=shown), highlight=False)
    else:
        mover = None
        if seat is not None:  # at the table a player is named, as `novus new --players` did
            mover = _seat(seat, play.position(app, game_id).players)
        chosen = play.move(app, game_id, typed or "", seat=mover)
        console.print(_("recorded: {text} ({action})", text=chosen.text, action=chosen.action))
    _next(app, game_id)


def draw(
    game_ref: GameArg,
    first: Annotated[
        str | None,
        typer.Option(
            "--first",
            help="The items seen at the table so far, in order (the cards turned up); Novus "
            "draws the rest (a shuffled deck's face-down part).",
        ),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option(
            "--hand",
            metavar="PLAYER=ITEMS",
            help="A dealt hand seen at the table (Mundus Novus's supply): the player, by seat "
            "number (1 = first player) or name, and the cards, e.g. --hand 2=corn,potato; "
            "repeat it for each hand seen. Novus deals the others.",
        ),
    ] = None,
    face_up: Annotated[
        str | None,
        typer.Option(
            "--face-up",
            metavar="ITEMS",
            help="With --hand: the cards of the deal laid face up (the open caravel cards).",
        ),
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """Let Novus draw the chance outcome (--first: the rest of it; --hand: the hands not seen)."""
    from application import play

    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    pos = play.position(app, game_id)
    name = play.chance_namer(app, pos)  # drawn components by their names, cards by title
    if hand or face_up is not None:
        if first is not None:
            raise NovusError(
                _("give either --first or --hand, not both"),
                hint=_("--hand PLAYER=ITEMS records a hand of a deal; --first the first items"),
            )
        _draw_hands(app, game_id, hand or [], face_up, name)
    elif first is not None:
        seen = len(play.first_items(pos.chance, first, name)) if pos.chance else 0
        outcome = play.draw_rest(app, game_id, first, expected_version=pos.version)
        shown = ", ".join(name(str(item)) for item in outcome[:seen])
        if isinstance(pos.chance, Shuffle) or (
            isinstance(pos.chance, Draw) and pos.chance.hands
        ):  # a deck's face-down order, or hands: not shown
            said = _(
                "recorded: {items}; Novus drew the other {n}", items=shown, n=len(outcome) - seen
            )
        else:  # items laid out (plantations, tiles) or dice: the table needs to see them
            rest = ", ".join(name(str(item)) for item in outcome[seen:])
            said = _("recorded: {items}; Novus drew {rest}", items=shown, rest=rest or "-")
        console.print(said, highlight=False)
    else:
        outcome = play.draw(app, game_id)
        shown = ", ".join(name(str(item)) for item in outcome)
        console.print(_("drawn: {outcome}", outcome=shown), highlight=False)
    _next(app, game_id)


def _draw_hands(
    app: NovusApp,
    game_id: UUID,
    hands: Sequence[str],
    face_up: str | None,
    name: Callable[[str], str],
) -> None:
    """`draw --hand PLAYER=ITEMS ...`: each hand seen kept in its hand (at a table a player
    sees their own), the others and the cards face up dealt by Novus, as the Play page's
    lines per hand do."""
    from application import play

    pos = play.position(app, game_id)
    spec = pos.chance
    if not isinstance(spec, Draw) or not spec.hands:
        awaited = chance_label(spec.label) if spec is not None else _("a move")
        raise NovusError(
            _(
                "--hand is for a deal of cards to each player's hand; the game waits for {what}",
                what=awaited,
            ),
            hint=_("`novus draw GAME --first A,B,...` records the first items of other draws"),
        )
    sizes = play.chance_parts(spec)
    parts_named = [*pos.players[: len(spec.hands)], _("face up")][: len(sizes)]
    given: dict[int, str] = {}
    for text in hands:
        who, sep, items = text.partition("=")
        if not sep:
            raise NovusError(
                _("--hand takes PLAYER=ITEMS, got {text!r}", text=text),
                hint=_(
                    "e.g. --hand 2=corn,potato or --hand {name}=corn,potato", name=pos.players[1]
                ),
            )
        chosen = _seats(who.strip(), pos.players, "--hand")
        seat = chosen[0] if len(chosen) == 1 else -1
        if not 0 <= seat < len(spec.hands):
            raise _not_a_seat("--hand", who.strip(), pos.players)
        if seat in given:
            raise NovusError(
                _("{player}'s hand is given twice", player=pos.players[seat]),
                hint=_("give each hand once, with all its cards seen"),
            )
        given[seat] = items
    if face_up is not None:
        if len(sizes) == len(spec.hands):
            raise NovusError(_("this deal lays no cards face up"), hint=_("leave out --face-up"))
        given[len(sizes) - 1] = face_up
    parts: list[list[str]] = [[] for _size in sizes]
    for index, items in given.items():
        parts[index] = [str(c) for c in play.first_items(spec, items, name)]
        if len(parts[index]) > sizes[index]:
            raise NovusError(
                _(
                    "{part}: {n} cards given, the deal has {size}",
                    part=parts_named[index],
                    n=len(parts[index]),
                    size=sizes[index],
                ),
                hint=_("give the cards of each hand in its own --hand"),
            )
    outcome = play.draw_rest(app, game_id, "", parts=parts, expected_version=pos.version)
    seen = [
        f"{parts_named[i]}: " + ", ".join(name(c) for c in parts[i]) for i in sorted(given)
    ]
    said = _(
        "recorded: {items}; Novus drew the other {n}",
        items="; ".join(seen),
        n=len(outcome) - sum(len(p) for p in parts),
    )
    console.print(said, highlight=False)  # the hands not seen lie face down: not shown


def takeback(
    game_ref: GameArg,
    steps: Annotated[int, typer.Option("--steps", "-n", help="How many steps.")] = 1,
    data_dir: DataDir = None,
) -> None:
    """Take back the last step(s); recorded as an event, nothing is deleted."""
    from application import play

    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    taken = play.last_steps(app, game_id, steps) if steps >= 1 else ()
    left = play.take_back(app, game_id, steps)
    console.print(_("took back {n} step(s); the game is at step {step}", n=steps, step=left))
    for number, sentence in enumerate(taken, start=left + 1):
        console.print(f"  {number}  {sentence}", highlight=False)
    _next(app, game_id)


def branch(
    game_ref: GameArg,
    at: Annotated[int, typer.Option("--at", help="Keep the first STEP steps.")],
    data_dir: DataDir = None,
) -> None:
    """Start a new game from a game's first STEP steps (its source names both); prints its id."""
    from application import play

    app = open_store(data_dir, create=False)
    parent = app.find(game_ref)
    game_id = play.branch(app, parent, at)
    pos = play.position(app, game_id)
    said = _("Branch of game {parent} at step {step}", parent=parent.hex[:8], step=at)
    errors.print(said, highlight=False)  # 'started a game of ...' alone read as a new game
    errors.print(_started(pos.game, game_id, pos.chance is not None), highlight=False)
    print(game_id)  # the last line of stdout, as `novus new` prints it


def finish(
    game_ref: GameArg,
    bot: Annotated[BotKind, typer.Option("--bot", "-b", help="Bot kind.")] = BotKind.heuristic,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Seats the bots play, by number (1 = first player) or name: 2,3 or Bo,Cy "
            "(default: all).",
        ),
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """Bots play the chosen seats (Novus draws chance) until the game ends or another seat moves."""
    from application import play

    app = open_store(data_dir, create=False)
    game_id = app.find(game_ref)
    players = play.position(app, game_id).players
    chosen = None if seats is None else _seats(seats, players)
    played = play.finish(app, game_id, bot.value, chosen)
    console.print(_("the bots played {n} step(s)", n=len(played)))
    waiting = play.position(app, game_id)
    if not played and chosen is not None and not waiting.over and waiting.chance is None:
        # "the bots played 0 step(s)" alone read as if the bots had failed
        console.print(
            _(
                "none of the seats {seats} is to move; play on with `novus move` or choose "
                "the seat to move",
                seats=", ".join(f"{players[s]} ({s + 1})" for s in chosen),
            ),
            highlight=False,
        )
    _next(app, game_id)


def _title(game: str) -> str:
    """A game's title in the display language ('puerto-rico' read as a code on a Korean line)."""
    from application.i18n import term
    from domain.core import registry

    return term(registry.get(game).title, "game")


def _started(game: str, game_id: UUID, chance: bool) -> str:
    """What to type next after `novus new` (a bare id left the person at the table guessing)."""
    short = game_id.hex[:8]  # a unique prefix, as `novus games` shows it
    if chance:
        return _(
            "started a game of {game} ({id}); it waits for chance: `novus legal {id}` says "
            "what, `novus move {id} --chance A,B,...` enters what the table shows, "
            "`novus draw {id}` lets Novus draw",
            game=_title(game),
            id=short,
        )
    return _(
        "started a game of {game} ({id}); next: `novus legal {id}` lists the moves, "
        "`novus move {id} MOVE` records one",
        game=_title(game),
        id=short,
    )


def _seats(text: str, players: Sequence[str], option: str = "--seats") -> list[int]:
    """`--seats`: seat numbers or player names (as `novus new --players` gave them), any case.
    People number seats from 1 (seat 1 moves first, as the charts say); the result counts from
    0 (the engines' seat index): '0' is no seat and says so later, as '9' of three does."""
    named = {name.casefold(): seat for seat, name in enumerate(players)}
    chosen = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if part.isdigit():
            chosen.append(int(part) - 1)
        elif part.casefold() in named:
            chosen.append(named[part.casefold()])
        else:
            raise _not_a_seat(option, part, players)
    return chosen


def _seat(text: str, players: Sequence[str]) -> int:
    """`--seat`: one seat, by number or player name."""
    chosen = _seats(text, players, "--seat")
    if len(chosen) != 1:
        raise _not_a_seat("--seat", text, players)
    return chosen[0]


def _not_a_seat(option: str, part: str, players: Sequence[str]) -> NovusError:
    hint = _(
        "the seats: {seats}",
        seats=", ".join(f"{seat} {name}" for seat, name in enumerate(players, start=1)),
    )
    guess = closest(part, players)  # '서현' for 서연
    return NovusError(
        _("{option} takes seat numbers or player names, got {part!r}", option=option, part=part),
        hint=_("did you mean '{guess}'? {rest}", guess=guess, rest=hint) if guess else hint,
    )


def _next(app: NovusApp, game_id: UUID) -> None:
    """One line saying what the game waits for now."""
    from application import play

    pos = play.position(app, game_id)
    if pos.over:
        record = app.history(game_id)
        totals = play.final_result(record.scores, pos.players) if record.scores else ""
        console.print(_("the game is over: {totals}", totals=totals), highlight=False)
    elif pos.chance is not None:
        said = _("next: chance ({label})", label=chance_label(pos.chance.label))
        console.print(said, highlight=False)
    else:
        names = ", ".join(pos.players[s] for s in pos.to_move)
        console.print(
            _("next: {names} ({n} legal moves)", names=names, n=len(pos.moves)), highlight=False
        )


def register(app: typer.Typer) -> None:
    app.command("new")(new)
    app.command("legal")(legal)
    app.command("move")(move)
    app.command("draw")(draw)
    app.command("takeback")(takeback)
    app.command("branch")(branch)
    app.command("finish")(finish)
