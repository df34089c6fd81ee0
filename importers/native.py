"""The native `.novus.jsonl` format: a header line, then one line per step.

Every line is checked while reading; the whole game is folded through the rules engine in
memory before anything is stored, so an import is all or nothing.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

import orjson
from pydantic import ValidationError

from domain.core import registry
from domain.core.errors import IllegalAction, NotYourTurn, NovusError, SetupError
from domain.core.options import choose_options
from domain.core.phrase import Phrase, phrase
from domain.core.play import replay
from domain.core.protocol import ChanceStep, Decision, Entry, Setup, Step, TakeBack
from importers.errors import NativeFormatError
from importers.native_models import Header

FORMAT = "novus.jsonl"
VERSION = 1
MAX_DEPTH = 20
"""Deepest nesting of lists and objects in a line: the components of the richest game (Santa
Maria) reach 8 from the header; deeper values are refused before anything recurses into them
(the store's and the views' JSON writers stop at 255 levels, Python's repr at about 1,000)."""
NAMESPACE = uuid.UUID("6b1d6c9e-3f4a-5e2b-9c1d-7a8e0f2b4c6d")


@dataclass(frozen=True)
class NativeGame:
    """A parsed and engine-checked game, ready to store in one save."""

    setup: Setup
    rules_version: str
    source: dict[str, Any]
    seed: int | None
    created: str
    steps: tuple[Step, ...]
    """The game as it stands (take-backs applied)."""
    id: uuid.UUID | None = None
    """The stored game's id, written by `novus export`; None for games from elsewhere."""
    recorded_under: str | None = None
    """The older rules version the file names, when every step was checked again under the
    engine's current one (`rules_version`); None when the file names the current version."""
    finished: bool = True
    """False for a game in progress (the steps stop before the game ends); not written."""
    log: tuple[Entry, ...] | None = None
    """The full history, steps and take-backs in order, when the game has take-backs."""
    state: Any = field(default=None, compare=False, repr=False)
    """The engine state after `steps`, every step checked by `rules.apply` while reading (the
    store records them without checking again: `NovusApp.record_game(checked=...)`); None
    when the game was not folded here (`from_record`)."""

    @property
    def history(self) -> tuple[Entry, ...]:
        """What the file lists after its header: the steps, or the log with take-backs."""
        return self.steps if self.log is None else self.log

    @property
    def game_id(self) -> uuid.UUID:
        """The id from the header, else one derived from the content; either way importing the
        same game twice is detected."""
        if self.id is not None:
            return self.id
        return uuid.uuid5(NAMESPACE, hashlib.sha256(dumps(self)).hexdigest())


def step_json(step: Entry) -> dict[str, Any]:
    if isinstance(step, TakeBack):
        return {"takeback": len(step.removed)}
    if isinstance(step, Decision):
        return {"seat": step.seat, "action": step.action}
    return {"chance": list(step.outcome)}


def dumps(game: NativeGame) -> bytes:
    """The file bytes: deterministic, so export -> import -> export is byte-identical."""
    header = {
        "format": FORMAT,
        "version": VERSION,
        "rules_version": game.rules_version,
        "setup": game.setup.to_json(),
        "source": game.source,
        "seed": game.seed,
        "created": game.created,
    }
    if game.id is not None:
        header["id"] = str(game.id)
    opts = orjson.OPT_SORT_KEYS
    lines = [orjson.dumps(header, option=opts)]
    lines += [orjson.dumps(step_json(s), option=opts) for s in game.history]
    return b"\n".join(lines) + b"\n"


def _parse_step(file: str, number: int, data: Any, line: str = "") -> Entry:
    keys = data.keys() if isinstance(data, dict) else None
    if keys == {"seat", "action"}:  # most lines
        seat, action = data["seat"], data["action"]
        if type(seat) is int and seat >= 0 and isinstance(action, str):
            return Decision(seat, action)
    elif keys == {"chance"} and isinstance(data["chance"], list):
        outcome = data["chance"]
        if all(type(v) is int or isinstance(v, str) for v in outcome):
            return ChanceStep(tuple(outcome))
    elif keys == {"takeback"}:
        count = data["takeback"]
        if type(count) is int and count >= 1:
            return TakeBack(-count)  # how many; made absolute while the game is checked
    raise NativeFormatError(
        file,
        number,
        "a step line must be {seat, action}, {chance} or {takeback}",
        hint=f"got {line[:80]}",
    )


def too_deep(value: Any, limit: int = MAX_DEPTH) -> str | None:
    """The path of the first list or object nested deeper than `limit` (None: not too deep).

    Iterative, so it never recurses itself."""
    pending: list[tuple[Any, tuple[str, ...]]] = [(value, ())]
    while pending:
        item, path = pending.pop()
        if isinstance(item, dict | list):
            if len(path) >= limit:
                return ".".join(path) or "line"
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            pending.extend((v, (*path, str(k))) for k, v in pairs)
    return None


def _not_json(file: str, number: int, last: int, error: Exception) -> NativeFormatError:
    """A line that is not JSON, said for what it most likely is: a file that is no game file
    at all (its first line), or one cut short (its last line; what came before is a game in
    progress); "not JSON (invalid literal, expected 'null' ...)" said the parser's words only."""
    if number == 1:
        return NativeFormatError(
            file,
            1,
            phrase("not a Novus game file: its first line is not JSON ({error})", error=error),
            hint=phrase("a game file starts with the header line `novus export` writes"),
        )
    if number == last:
        return NativeFormatError(
            file,
            number,
            phrase("the last line is cut short: not JSON ({error})", error=error),
            hint=phrase(
                "the file was not written or copied whole: export it again, or delete its last "
                "line to import the game as far as it goes"
            ),
        )
    return NativeFormatError(file, number, phrase("not JSON ({error})", error=error))


def loads(file: str, raw: bytes) -> NativeGame:
    """Parse and engine-check a whole file; raise `NativeFormatError` at the first problem."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        bad_at = raw[: error.start].count(b"\n") + 1
        raise NativeFormatError(
            file, bad_at, f"not UTF-8 ({error.reason} at byte {error.start})", hint="save as UTF-8"
        ) from None
    lines = text.removeprefix("\ufeff").splitlines()
    while lines and not lines[-1].strip():  # trailing blank lines are harmless
        lines.pop()
    if not lines:
        raise NativeFormatError(file, 1, "empty file", hint="export a game with `novus export`")
    parsed: list[Any] = []
    for number, line in enumerate(lines, start=1):
        try:
            parsed.append(orjson.loads(line))
        except orjson.JSONDecodeError as error:
            raise _not_json(file, number, len(lines), error) from None
        # nesting deeper than the limit needs more opening brackets than that in the line
        deep = too_deep(parsed[-1]) if line.count("[") + line.count("{") > MAX_DEPTH else None
        if deep is not None:
            raise NativeFormatError(
                file,
                number,
                f"{deep}: nested more than {MAX_DEPTH} levels deep",
                hint="no field of a game file nests that deep; is it a game file?",
            )
    header = parsed[0]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise NativeFormatError(file, 1, "the first line is not a novus.jsonl header")
    if header.get("version") != VERSION:
        raise NativeFormatError(
            file,
            1,
            f"format version {header.get('version')!r} is not supported",
            hint=f"this Novus reads version {VERSION}",
        )
    try:
        model = Header.model_validate(header)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(map(str, first["loc"])) or "header"
        raise NativeFormatError(
            file, 1, f"bad header: {where}: {first['msg']}", hint="see docs/format.md"
        ) from None
    try:
        setup = Setup.from_json(model.setup.model_dump())
        rules = registry.get(setup.game)
        game = NativeGame(
            setup=setup,
            rules_version=model.rules_version,
            source=dict(header["source"]),  # as given (validated by `SourceModel`)
            seed=model.seed,
            created=model.created,
            id=model.id,
            # take-backs stay as read (a negative count) until the check places them
            steps=tuple(
                _parse_step(file, n, d, lines[n - 1])  # type: ignore[misc]
                for n, d in enumerate(parsed[1:], start=2)
            ),
        )
        if game.rules_version != rules.rules_version:
            if not _older(game.rules_version, rules.rules_version):
                raise NativeFormatError(
                    file,
                    1,
                    f"rules version {game.rules_version!r} of {setup.game} is not supported",
                    hint=f"this Novus plays {setup.game} rules version {rules.rules_version!r}; "
                    "a newer version comes from a newer Novus: upgrade to import it",
                )
            game = replace(
                game,
                rules_version=rules.rules_version,
                recorded_under=game.rules_version,
                source={**game.source, "recorded_rules_version": game.rules_version},
            )
        _check_setup(rules, setup)
        state = rules.initial_state(setup)
    except NativeFormatError:
        raise
    except NovusError as error:
        raise NativeFormatError(file, 1, error.message, error.hint) from None
    except ENGINE_BROKE as error:
        field = "setup.components" if model.setup.components is not None else "setup"
        raise NativeFormatError(
            file, 1, f"bad {field} ({type(error).__name__}: {error!s:.200})"
        ) from None
    return _fold_lines(file, rules, game, state)


def _fold_lines(file: str, rules: Any, game: NativeGame, state: Any) -> NativeGame:
    """Check every step line through the engine (a take-back refolds the steps that stand);
    the game as it stands, its log if it has take-backs, `finished` False if not over."""
    setup = game.setup
    number = 1
    live: list[Step] = []
    log: list[Entry] = []
    try:
        for number, step in enumerate(game.steps, start=2):
            if isinstance(step, TakeBack):
                _take_back(file, number, -step.to_step, live, log)
                state = replay(rules, setup, live)
                continue
            live.append(step)
            log.append(step)
            try:
                state = rules.apply(state, step)
            except NovusError as error:
                reason, hint = error.said  # the engine's reason, in any display language
                if isinstance(error, IllegalAction | NotYourTurn):  # the reason counts from 1
                    hint = _file_seats(step, hint)
                if game.recorded_under is not None:
                    hint = (
                        f"the file was recorded under {setup.game} rules version "
                        f"{game.recorded_under!r}; this Novus checks it under version "
                        f"{game.rules_version!r}, which refuses this move"
                        + (f" ({error.hint})" if error.hint else "")
                    )
                raise NativeFormatError(
                    file,
                    number,
                    phrase("{step}: {reason}", step=step_json(step), reason=reason),
                    hint,
                ) from None
        over = rules.is_over(state)
    except ENGINE_BROKE as error:
        raise _engine_broke(file, number, game, error) from None
    if len(log) != len(live):
        game = replace(game, steps=tuple(live), log=tuple(log))
    return replace(game, finished=over, state=state)


def _file_seats(step: Step, hint: str | Phrase) -> str | Phrase:
    """`hint` and how the file's `"seat"` (from 0) reads in the message (people's seats, from
    1): `{"seat": 1, ...}: seat 2 is not to move` looked like a contradiction."""
    if not isinstance(step, Decision):
        return hint
    note = phrase(
        'in the file, "seat" counts from 0: "seat": {index} is seat {seat}',
        index=step.seat,
        seat=step.seat + 1,
    )
    return phrase("{hint}; {note}", hint=hint, note=note) if hint else note


def _take_back(file: str, number: int, count: int, live: list[Step], log: list[Entry]) -> None:
    """A take-back line: the last `count` steps that stand are taken back (kept in `log`)."""
    if count > len(live):
        raise NativeFormatError(
            file, number, f"takes back {count} steps, but only {len(live)} stand"
        )
    log.append(TakeBack(len(live) - count, tuple(live[len(live) - count :])))
    del live[len(live) - count :]


ENGINE_BROKE = (
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    IndexError,
    ArithmeticError,
    RecursionError,
    AssertionError,
)
"""What an engine raises when the data it trusts is not what it expects (typically components
embedded in the header that passed the format check but not the engine's assumptions)."""


def _engine_broke(file: str, number: int, game: NativeGame, error: Exception) -> NativeFormatError:
    """The typed error for an engine that broke on a move (line `number`, 1 = the header)."""
    setup = game.setup
    where = f"{step_json(game.steps[number - 2])}: " if 2 <= number <= len(game.steps) + 1 else ""
    if setup.components is not None:
        hint = "check setup.components in line 1: the engine cannot use them"
    else:
        hint = "check the move against the game's action grammar"
    return NativeFormatError(
        file,
        number,
        f"{where}the {setup.game} engine cannot apply this move "
        f"({type(error).__name__}: {error!s:.120})",
        hint=hint,
    )


def _older(version: str, current: str) -> bool:
    """Whether `version` is an earlier rules version than `current` (they are whole numbers)."""
    return version.isdigit() and current.isdigit() and int(version) < int(current)


def _check_setup(rules: Any, setup: Setup) -> None:
    """Players and options within what the engine offers, without reading any component catalog.

    `prepare` is not used here: it loads component packs, and a stored game must import and
    replay from the definitions in its own header alone.
    """
    count = setup.num_players
    if not rules.min_players <= count <= rules.max_players:
        raise SetupError(
            f"{count} players: {setup.game} is for {rules.min_players}-{rules.max_players}"
        )
    choose_options(rules.options, setup.options)


def from_record(record: Any) -> NativeGame:
    """The native game of a stored `GameRecord` (what `novus export` writes)."""
    return NativeGame(
        setup=record.setup,
        rules_version=record.rules_version,
        source=dict(record.source),
        seed=record.seed,
        created=record.created,
        steps=tuple(record.steps),
        log=getattr(record, "log", None),
        id=record.id,
    )
