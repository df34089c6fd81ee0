"""Playing and recording a game step by step: the analysis board behind `novus new/legal/move/
draw/takeback/branch/finish` and the dashboard's Play page.

A game entered at a real table is a `manual` game: each decision is chosen from the legal moves
(by its action code or its readable sentence), each chance outcome is entered as it happened at
the table (`enter_chance`) or drawn by Novus (`draw`). Every write is stored at once, so a closed
browser loses nothing. A take-back is an event (`NovusApp.take_back`); a branch is a new game
that starts with the first k steps of another, its parent and step named in its source.

Every write may carry the aggregate version the caller last saw (`Position.version`): a game
changed since by another tab or writer raises `GameChanged` (a `WriteConflict`) and stores
nothing.
"""

from __future__ import annotations

import difflib
import re
import secrets
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from application.chance_names import item_names
from application.errors import GameChanged, StepOutOfRange
from application.games_index import GameFilter
from application.i18n import N_, _, describe, term
from application.records import GameRecord
from application.service import NovusApp, bot_seed, chance_rng
from application.view_words import Words, chance_label
from domain.core import registry
from domain.core.bots import BOT_KINDS
from domain.core.chance import ChanceSpec, Dice, Draw, Outcome, Shuffle, resolve, validate
from domain.core.errors import (
    BadChanceOutcome,
    ChanceExpected,
    GameOver,
    NovusError,
    SetupError,
)
from domain.core.labels import SYNTHETIC_LABEL
from domain.core.protocol import CHANCE, ChanceStep, Decision, Scores, Step, TakeBack

MANUAL = "manual"
BRANCH = "branch"
INVENTED = N_("{label}: invented for demonstration")
"""The note beside a game of the synthetic pack (`label`: `SYNTHETIC_LABEL`, translated)."""


class NoSuchMove(NovusError):
    """A move text that names no legal move (or several: `AmbiguousMove`)."""


class AmbiguousMove(NoSuchMove):
    """A move text that matches several legal moves; the candidates are listed."""

    def __init__(self, text: str, candidates: Sequence[Move]) -> None:
        shown = "; ".join(f"{m.action} ({m.text})" for m in candidates[:8])
        more = _(" and {n} more", n=len(candidates) - 8) if len(candidates) > 8 else ""
        super().__init__(
            _("{text!r} matches {n} legal moves", text=text, n=len(candidates)),
            hint=_("say which: {moves}{more}", moves=shown, more=more),
        )
        self.candidates = tuple(candidates)


class NothingToTakeBack(NovusError):
    """A take-back asked of a game with fewer steps."""


@dataclass(frozen=True)
class Move:
    """One legal decision: its action code and the readable sentence for it."""

    seat: int
    action: str
    text: str


@dataclass(frozen=True)
class Position:
    """Where a game stands: who is to move and the legal moves, or the chance awaited."""

    game_id: UUID
    game: str
    players: tuple[str, ...]
    version: int
    """The aggregate version: pass it back with a write to detect another tab's writes."""
    step: int
    """Steps recorded so far (the game as it stands)."""
    to_move: tuple[int, ...]
    moves: tuple[Move, ...] = ()
    chance: ChanceSpec | None = None
    over: bool = False
    source: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    synthetic_note: str = ""

    @property
    def waits_for_chance(self) -> bool:
        return self.to_move == (CHANCE,)

    def moves_of(self, seat: int) -> tuple[Move, ...]:
        return tuple(m for m in self.moves if m.seat == seat)

    def to_json(self) -> dict[str, Any]:
        """What `novus legal --json` prints."""
        data: dict[str, Any] = {
            "game_id": str(self.game_id),
            "game": self.game,
            "players": list(self.players),
            "step": self.step,
            "version": self.version,
            "over": self.over,
            "to_move": [] if self.waits_for_chance else list(self.to_move),
            "moves": [{"seat": m.seat, "action": m.action, "text": m.text} for m in self.moves],
            "chance": None if self.chance is None else chance_json(self.chance),
        }
        return data


def chance_json(spec: ChanceSpec) -> dict[str, Any]:
    """A chance spec as plain JSON: what kind of outcome to enter."""
    if isinstance(spec, Shuffle):
        return {"kind": "shuffle", "label": spec.label, "items": list(spec.items)}
    if isinstance(spec, Draw):
        return {"kind": "draw", "label": spec.label, "count": spec.count, "pool": list(spec.pool)}
    return {"kind": "dice", "label": spec.label, "count": spec.count, "sides": spec.sides}


def chance_choices(spec: ChanceSpec) -> list[str]:
    """The distinct items an outcome may name (in first-seen order); empty for dice."""
    items = spec.items if isinstance(spec, Shuffle) else spec.pool if isinstance(spec, Draw) else ()
    return list(dict.fromkeys(items))


def chance_limits(spec: ChanceSpec) -> dict[str, int]:
    """How many of each item an outcome may name (a pool's copies); empty for dice."""
    items = spec.items if isinstance(spec, Shuffle) else spec.pool if isinstance(spec, Draw) else ()
    return dict(Counter(map(str, items)))


def chance_count(spec: ChanceSpec) -> int:
    return len(spec.items) if isinstance(spec, Shuffle) else spec.count


def chance_parts(spec: ChanceSpec) -> list[int]:
    """The sizes of the parts a person taps apart: each hand of a dealt draw (`Draw.hands`),
    then the items left face up, if any; one part for anything else."""
    count = chance_count(spec)
    hands = list(spec.hands) if isinstance(spec, Draw) else []
    if not hands:
        return [count]
    face_up = count - sum(hands)
    return [*hands, face_up] if face_up > 0 else hands


# ---- reading ---------------------------------------------------------------------------------


def position(app: NovusApp, game_id: UUID, expected_version: int | None = None) -> Position:
    """The game as it stands now (read fresh from the store). With `expected_version`, a game
    changed since that version raises `GameChanged` (a write from a stale tab)."""
    version = app.version(game_id)
    if expected_version is not None and version != expected_version:
        raise GameChanged(str(game_id), version, expected_version)
    record = app.history(game_id)
    timeline = app.timeline(game_id, fresh=True)
    rules = timeline.rules
    steps = len(record.steps)
    state = timeline.state_at(steps)
    base: dict[str, Any] = {
        "game_id": game_id,
        "game": rules.name,
        "players": tuple(record.setup.players),
        "version": version,
        "step": steps,
        "source": dict(record.source),
        "seed": record.seed,
        "options": dict(record.setup.options),
        "synthetic_note": rules.synthetic_note
        or (
            _(INVENTED, label=_(SYNTHETIC_LABEL))
            if record.setup.options.get("pack") == "synthetic"
            else ""
        ),
    }
    if rules.is_over(state):
        return Position(to_move=(), over=True, **base)
    to_move = tuple(rules.to_move(state))
    if to_move == (CHANCE,):
        return Position(to_move=to_move, chance=rules.chance_spec(state), **base)
    moves = tuple(
        Move(seat, action, describe(rules, state, Decision(seat, action), own=True))
        for seat in to_move
        for action in rules.legal_actions(state, seat)
    )
    return Position(to_move=to_move, moves=moves, **base)


def find_move(pos: Position, text: str, seat: int | None = None) -> Move:
    """The legal move named by `text`: its action code, its sentence, or words of it.

    An exact code or sentence wins; otherwise every move whose code or sentence holds all the
    words of `text` is a candidate. None: `NoSuchMove`; several: `AmbiguousMove`."""
    if pos.over:
        raise _over(pos)
    if pos.waits_for_chance:
        raise ChanceExpected(
            _("the game waits for a chance outcome, not a move"),
            hint=_("enter the outcome with `novus move GAME --chance ...` or `novus draw GAME`"),
        )
    if seat is not None and seat not in pos.to_move:
        raise NoSuchMove(*_not_to_move(pos, seat))
    moves = [m for m in pos.moves if seat is None or m.seat == seat]
    wanted = text.strip()
    folded = wanted.casefold()
    for exact in (
        [m for m in moves if m.action == wanted],
        [m for m in moves if m.text.casefold() == folded],
    ):
        if len(exact) == 1:
            return exact[0]
        if exact:
            raise AmbiguousMove(wanted, exact)
    typed = _typed_words(folded)
    said = [f"{m.action} {m.text}".casefold() for m in moves]
    found = _holding(moves, typed)
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousMove(wanted, found)
    words = re.findall(r"\w+", folded)
    close = _respelled(moves, words)
    if 1 <= len(close) <= 3:
        hint = _(
            "did you mean {moves}? (`novus legal GAME` lists every legal move)",
            moves=_("; or ").join(f"{m.action} ({m.text})" for m in close),
        )
    else:
        # the moves that hold most of the words typed ('나무 팔기': the two with 나무), else
        # the first ones
        hits = [sum(_has(text, w) for w in typed) for text in said]
        best = max(hits, default=0)
        some = [m for m, n in zip(moves, hits, strict=True) if best and n == best] or moves
        sample = "; ".join(f"{m.action} ({m.text})" for m in some[:6])
        hint = _("legal now: {moves}; `novus legal GAME` lists them all", moves=sample or "-")
    raise NoSuchMove(_("no legal move matches {text!r}", text=wanted), hint=hint)


PARTICLES = (
    "에서",
    "으로",
    "을",
    "를",
    "이",
    "가",
    "은",
    "는",
    "에",
    "로",
    "의",
    "와",
    "과",
    "도",
    "만",
)
"""Korean particles a typed word may carry ('나무를') that the move's sentence puts elsewhere
('민준이 나무 1개를 팝니다')."""


def _typed_words(text: str) -> list[str]:
    """The words of a typed move, split at spaces only: 'A1-1' stays one word (split at the
    hyphen, its '1' matched every move with a 1 in it)."""
    return [w for w in (p.strip(".,;:!?()'\"") for p in text.split()) if w]


def _has(text: str, word: str) -> bool:
    """Whether `text` holds `word`, or the word without its Korean particle."""
    if word in text:
        return True
    return any(
        word.endswith(p) and len(word) > len(p) and word[: -len(p)] in text for p in PARTICLES
    )


def _has_all(text: str, words: Sequence[str]) -> bool:
    return all(_has(text, w) for w in words)


def _holding(moves: Sequence[Move], typed: Sequence[str]) -> list[Move]:
    """The moves whose code or sentence holds every typed word; when none does, the same read
    without the sentence's spaces: Korean is often typed without them ('소형상가' for the
    sentence's '소형 상가', '휴식칸' for '휴식 칸'), and found nothing."""
    if not typed:
        return []
    said = [f"{m.action} {m.text}".casefold() for m in moves]
    found = [m for m, text in zip(moves, said, strict=True) if _has_all(text, typed)]
    if found:
        return found
    joined = [text.replace(" ", "") for text in said]
    return [m for m, text in zip(moves, joined, strict=True) if _has_all(text, typed)]


def matching(moves: Sequence[Move], text: str) -> list[Move]:
    """The moves holding every word of `text` (the Play page's filter), as `find_move` reads
    them: '나무를' finds '나무 1개를 팝니다', '휴식칸' finds '휴식 칸 3에서 쉽니다'."""
    typed = _typed_words(text.casefold())
    return _holding(moves, typed) if typed else list(moves)


def _nfd(word: str) -> str:
    return unicodedata.normalize("NFD", word)


def _respelled(moves: Sequence[Move], words: Sequence[str]) -> list[Move]:
    """The moves `words` name once each misspelt word is read as the closest word of the legal
    moves ("indgo" -> "indigo"): offered as a guess, never recorded without being asked."""
    said = [f"{m.action} {m.text}".casefold() for m in moves]
    vocabulary = sorted({w for text in said for w in re.findall(r"\w+", text)})
    fixed = []
    for word in words:
        if any(word in text for text in said):
            fixed.append(word)
            continue
        # compared letter by letter, a Hangul syllable split into its jamo ("옥슈수"), and
        # with the words' beginnings too: Korean words carry their particles ("개척자를")
        typed = _nfd(word)
        pool: dict[str, str] = {}
        for known in vocabulary:
            letters = _nfd(known)
            pool.setdefault(letters, known)
            for n in range(len(typed) - 1, len(typed) + 2):
                if 0 < n < len(letters):
                    pool.setdefault(letters[:n], known)
        near = difflib.get_close_matches(typed, list(pool), 1, 0.75)
        if not near:
            return []
        fixed.append(pool[near[0]])
    return [m for m, text in zip(moves, said, strict=True) if all(w in text for w in fixed)]


def final_result(scores: Scores, players: Sequence[str]) -> str:
    """The final totals and who won, in the display language. The totals alone left a tie
    open: '민수 45, 지영 33, 현우 45' did not say that 현우 won on the tie-break."""
    totals = ", ".join(f"{players[s.seat]} {s.total}" for s in scores.seats)
    winners = scores.winners()
    names = ", ".join(players[seat] for seat in winners)
    best = max(s.total for s in scores.seats)
    if len(winners) > 1:
        won = _("{names} share the win", names=names)
    elif sum(1 for s in scores.seats if s.total == best) > 1:
        won = _("{name} wins on the tie-break", name=names)
    else:
        won = _("{name} wins", name=names)
    return _("{totals}; {won}", totals=totals, won=won)


def _not_to_move(pos: Position, seat: int) -> tuple[str, str]:
    """Why `--seat` names no move (it read "no legal move matches ...; legal now: -")."""
    players = pos.players
    who = ", ".join(f"{players[s]} ({s + 1})" for s in pos.to_move)  # seats counted from 1
    if not 0 <= seat < len(players):
        message = _(
            "the game has no seat {seat} (seats 1 to {last})", seat=seat + 1, last=len(players)
        )
    else:
        message = _("it is not {name}'s turn (seat {seat})", name=players[seat], seat=seat + 1)
    return message, _("to move now: {who}", who=who)


def parse_outcome(
    spec: ChanceSpec,
    text: str | Sequence[str | int],
    name: Callable[[str], str] | None = None,
) -> Outcome:
    """A chance outcome from what was seen at the table: items (or dice values) separated by
    commas or spaces, matched to the spec's item codes, or to their names as `name` gives them
    (the display language's: '옥수수' for 'corn'), without regard to case."""
    outcome: Outcome
    if isinstance(spec, Dice):
        parts = (
            [p for p in re.split(r"[,\s]+", text.strip()) if p]
            if isinstance(text, str)
            else [str(p) for p in text]
        )
        try:
            outcome = tuple(int(p) for p in parts)
        except ValueError:
            raise SetupError(
                _("dice values must be whole numbers, got {text!r}", text=" ".join(parts)),
                hint=_("e.g. 3,5"),
            ) from None
    else:
        codes = chance_choices(spec)
        names = _named(codes, name)
        parts = _items(text, names) if isinstance(text, str) else [str(p) for p in text]
        unknown = [p for p in parts if p.casefold() not in names]
        if unknown:
            said = [c if name is None or name(c) == c else f"{name(c)} ({c})" for c in codes]
            raise SetupError(
                _(
                    "{items} cannot come out of {label}",
                    items=", ".join(unknown),
                    label=chance_label(spec.label),
                ),
                hint=_("possible: {items}", items=", ".join(sorted(said))),
            )
        outcome = tuple(_handed_out(parts, names, chance_limits(spec)))
    _check_outcome(spec, outcome, name or str)
    validate(spec, outcome)
    return outcome


def _check_outcome(spec: ChanceSpec, outcome: Outcome, name: Callable[[str], str]) -> None:
    """`validate` in the display language, saying what to enter: the engines' own check reads
    "boards: not in the pool: A1 x2" in English, on a Korean screen too."""
    label = chance_label(spec.label)

    def times(item: str, n: int) -> str:
        return _("{item} x{n}", item=name(item), n=n)

    if isinstance(spec, Dice):
        if len(outcome) != spec.count or not all(1 <= int(v) <= spec.sides for v in outcome):
            raise BadChanceOutcome(
                _(
                    "{label} needs {n} dice values, not {got}",
                    label=label,
                    n=spec.count,
                    got=", ".join(map(str, outcome)) or "-",
                ),
                hint=_(
                    "each a whole number from 1 to {sides}, separated by commas", sides=spec.sides
                ),
            )
        return
    items = spec.items if isinstance(spec, Shuffle) else spec.pool
    count = len(spec.items) if isinstance(spec, Shuffle) else spec.count
    have, seen = Counter(items), Counter(map(str, outcome))
    extra = sorted(item for item in seen if seen[item] > have[item])
    if extra:
        raise BadChanceOutcome(
            _(
                "{label} does not hold that many of {items}",
                label=label,
                items=", ".join(times(i, seen[i]) for i in extra),
            ),
            hint=_(
                "it holds: {items}",
                items=", ".join(
                    times(i, have[i]) if have[i] > 1 else name(i) for i in sorted(have)
                ),
            ),
        )
    if len(outcome) != count:
        missing = sorted((have - seen).elements()) if count == len(items) else []  # all come out
        raise BadChanceOutcome(
            _("{label} takes {n} items, not {got}", label=label, n=count, got=len(outcome)),
            hint=_("missing: {items}", items=", ".join(name(i) for i in missing))
            if missing
            else _("enter the {n} items that came out, in order, separated by commas", n=count),
        )


def _named(codes: Sequence[str], name: Callable[[str], str] | None) -> dict[str, list[str]]:
    """Each way of naming an item (its code, its name, any case) -> the codes it may mean: two
    cards of one name and event (Mundus Novus's merchants) are two codes of one name."""
    names: dict[str, list[str]] = {c.casefold(): [c] for c in codes}
    if name is not None:
        for code in codes:
            said = names.setdefault(name(code).casefold(), [])
            if code not in said:
                said.append(code)
    return names


def _handed_out(
    parts: Sequence[str], names: Mapping[str, Sequence[str]], limits: Mapping[str, int]
) -> list[str]:
    """The codes of `parts`: a name of several codes gives each in turn, as far as the pool
    holds it (the second "Merchant 4-6" typed is the other card); an unknown part as it is."""
    used: Counter[str] = Counter()
    out = []
    for part in parts:
        codes = names.get(part.casefold(), [part])
        code = next((c for c in codes if used[c] < limits.get(c, 1)), codes[0])
        used[code] += 1
        out.append(code)
    return out


def _items(text: str, names: Mapping[str, object]) -> list[str]:
    """The items of `text`: split at commas (a name may hold a space), a piece that names
    nothing split again at spaces ("corn indigo")."""
    items: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if piece.casefold() in names:
            items.append(piece)
        else:
            items.extend(piece.split())
    return items


# ---- writing ---------------------------------------------------------------------------------


def new_game(
    app: NovusApp,
    game: str,
    players: Sequence[str],
    options: Mapping[str, str] | None = None,
    *,
    seed: int | None = None,
    name: str = "novus new",
) -> UUID:
    """Start a game to be entered by hand (source kind `manual`); returns its id.

    The seed only serves `draw` (chance drawn by Novus); outcomes seen at the table are entered.
    The number of players is checked here, in the display language (the engines say it only in
    English)."""
    rules = registry.get(game)
    low, high = rules.min_players, rules.max_players
    if not low <= len(players) <= high:
        raise SetupError(
            _(
                "{game} takes {low}-{high} players, not {n}",
                game=term(rules.title, "game"),
                low=low,
                high=high,
                n=len(players),
            ),
            hint=_("name {low} to {high} players, separated by commas", low=low, high=high),
        )
    return app.start(
        game,
        list(players),
        dict(options or {}),
        seed=secrets.randbelow(2**31) if seed is None else seed,
        source={"kind": MANUAL, "name": name},
    )


def move(
    app: NovusApp,
    game_id: UUID,
    text: str,
    *,
    seat: int | None = None,
    expected_version: int | None = None,
) -> Move:
    """Record the legal move named by `text` (see `find_move`); returns it."""
    pos = position(app, game_id, expected_version)
    chosen = find_move(pos, text, seat)
    app.record(
        game_id,
        [Decision(chosen.seat, chosen.action)],
        expected_version=pos.version if expected_version is None else expected_version,
    )
    return chosen


def enter_chance(
    app: NovusApp,
    game_id: UUID,
    outcome: str | Sequence[str | int],
    *,
    expected_version: int | None = None,
) -> Outcome:
    """Record the chance outcome seen at the table (see `parse_outcome`)."""
    pos = position(app, game_id, expected_version)
    spec = _awaited(pos)
    parsed = parse_outcome(spec, outcome, chance_namer(app, pos))
    app.record(
        game_id,
        [ChanceStep(parsed)],
        expected_version=pos.version if expected_version is None else expected_version,
    )
    return parsed


def chance_namer(app: NovusApp, pos: Position) -> Callable[[str], str]:
    """The awaited outcome's items by the names a person reads on them (`chance_names`):
    Mundus Novus's development cards by title, which `--chance`/`--first` then take too."""
    spec = pos.chance
    state = app.timeline(pos.game_id).state_at(pos.step)
    found = item_names(pos.game, state, chance_choices(spec)) if spec is not None else {}
    words = Words(pos.game)
    return lambda code: found.get(code) or words.value(code)


def draw(app: NovusApp, game_id: UUID, *, expected_version: int | None = None) -> Outcome:
    """Let Novus draw the chance outcome the game waits for (from the game's seed and step)."""
    pos = position(app, game_id, expected_version)
    spec = _awaited(pos)
    outcome = resolve(spec, chance_rng(_seed(pos), pos.step + 1))
    app.record(
        game_id,
        [ChanceStep(outcome)],
        expected_version=pos.version if expected_version is None else expected_version,
    )
    return outcome


def completed(spec: ChanceSpec, seen: Sequence[str | int], rng: Any) -> Outcome:
    """`seen` (the first items, as they came at the table) followed by the rest drawn with
    `rng`: a shuffle's other items in a random order, a draw's other items from what is left
    of the pool, the other dice rolled."""
    if isinstance(spec, Dice):
        values = [int(v) for v in seen]
        rolled = resolve(Dice(max(0, spec.count - len(values)), spec.sides), rng)
        return tuple(values) + tuple(int(v) for v in rolled)
    first = [str(v) for v in seen]
    pool = spec.items if isinstance(spec, Shuffle) else spec.pool
    left = tuple(sorted((Counter(map(str, pool)) - Counter(first)).elements()))
    if isinstance(spec, Shuffle):
        rest = resolve(Shuffle(left), rng)
    else:
        rest = resolve(Draw(left, max(0, min(spec.count - len(first), len(left)))), rng)
    return tuple(first) + tuple(str(v) for v in rest)


def completed_parts(spec: Draw, seen: Sequence[Sequence[str]], rng: Any) -> Outcome:
    """A dealt draw (`chance_parts`) with every item seen kept in its part (a hand, or the
    cards face up) and each part's other items drawn with `rng` from what is left of the pool:
    the hands a person saw are recorded as they are, the others dealt by Novus."""
    sizes = chance_parts(spec)
    given = [[str(v) for v in part] for part in seen] + [[] for _ in sizes[len(seen) :]]
    if len(given) > len(sizes) or any(len(p) > n for p, n in zip(given, sizes, strict=True)):
        raise SetupError(
            _("more items than the deal has: {parts}", parts=", ".join(map(str, sizes))),
            hint=_("tap each hand's cards in its own part"),
        )
    left = Counter(map(str, spec.pool)) - Counter(v for part in given for v in part)
    needed = sum(n - len(p) for p, n in zip(given, sizes, strict=True))
    pool = tuple(sorted(left.elements()))
    drawn = iter(resolve(Draw(pool, min(needed, len(pool))), rng))
    out: list[str] = []
    for part, n in zip(given, sizes, strict=True):
        out += part + [str(next(drawn)) for _ in range(n - len(part))]
    return tuple(out)


def first_items(
    spec: ChanceSpec, seen: str | Sequence[str | int], name: Callable[[str], str]
) -> list[str | int]:
    """The items of a partial outcome by their codes (given as codes or names, as
    `parse_outcome` takes them); an unknown one is kept, for `parse_outcome` to name."""
    if isinstance(spec, Dice):
        parts = re.split(r"[,\s]+", seen.strip()) if isinstance(seen, str) else seen
        try:
            return [int(p) for p in parts if str(p)]
        except ValueError:
            raise SetupError(
                _(
                    "dice values must be whole numbers, got {text!r}",
                    text=" ".join(map(str, parts)),
                ),
                hint=_("e.g. 3,5"),
            ) from None
    names = _named(chance_choices(spec), name)
    parts = _items(seen, names) if isinstance(seen, str) else [str(p) for p in seen]
    return list(_handed_out(parts, names, chance_limits(spec)))


def draw_rest(
    app: NovusApp,
    game_id: UUID,
    seen: str | Sequence[str | int],
    *,
    parts: Sequence[Sequence[str]] | None = None,
    expected_version: int | None = None,
) -> Outcome:
    """Record the items seen at the table so far (codes or names) and let Novus draw the rest
    (from the game's seed and step): the cards turned face up, and the face-down rest of a
    shuffled deck; with `parts` (a dealt draw, `chance_parts`), the items seen of each hand
    and of the cards face up, each kept in its part (`seen` is then not read)."""
    pos = position(app, game_id, expected_version)
    spec = _awaited(pos)
    name = chance_namer(app, pos)
    rng = chance_rng(_seed(pos), pos.step + 1)
    outcome: Outcome
    if parts is not None and isinstance(spec, Draw):
        outcome = completed_parts(
            spec, [[str(i) for i in first_items(spec, part, name)] for part in parts], rng
        )
    else:
        outcome = completed(spec, first_items(spec, seen, name), rng)
    parsed = parse_outcome(spec, outcome, name)  # a wrong item: said why
    app.record(
        game_id,
        [ChanceStep(parsed)],
        expected_version=pos.version if expected_version is None else expected_version,
    )
    return parsed


def take_back(
    app: NovusApp, game_id: UUID, steps: int = 1, *, expected_version: int | None = None
) -> int:
    """Take back the last `steps` steps (recorded as an event); returns the steps left."""
    have = len(app.timeline(game_id, fresh=True).steps)
    if steps < 1 or steps > have:
        raise NothingToTakeBack(
            _("cannot take back {n} steps: the game has {have}", n=steps, have=have),
            hint=_("take back between 1 and {have} steps", have=have)
            if have
            else _("nothing has been entered yet"),
        )
    return app.take_back(game_id, steps, expected_version=expected_version)


def last_steps(app: NovusApp, game_id: UUID, n: int) -> tuple[str, ...]:
    """The sentences of the game's last `n` steps as it stands (display language): what a
    take-back of `n` steps removes, said before it is taken ('took back one step' did not say
    which move was gone)."""
    timeline = app.timeline(game_id, fresh=True)
    steps = timeline.steps[max(0, len(timeline.steps) - n) :]
    state = timeline.state_at(len(timeline.steps) - len(steps))
    said = []
    for step in steps:
        said.append(describe(timeline.rules, state, step))
        state = timeline.rules.apply_trusted(state, step)
    return tuple(said)


def branch(app: NovusApp, game_id: UUID, at: int, *, seed: int | None = None) -> UUID:
    """A new game that starts with the first `at` steps of `game_id` (as it stands), its parent
    and step in its source; any move may be tried in it. Returns its id."""
    record = app.history(game_id)
    if not 0 <= at <= len(record.steps):
        raise StepOutOfRange(at, len(record.steps))
    source = {
        "kind": BRANCH,
        "name": "novus branch",
        "parent": str(game_id),
        "step": at,
    }
    return app.record_game(
        record.setup,
        record.steps[:at],
        seed=secrets.randbelow(2**31) if seed is None else seed,
        source=source,
    )


def branches(app: NovusApp, game_id: UUID) -> list[tuple[int, UUID]]:
    """The games branched from `game_id`: (step where each leaves it, its id), by step."""
    where = GameFilter(kinds=(BRANCH,), parent=str(game_id))  # found by the store's SQL
    found = [
        (int(s.source.get("step", 0)), s.id)
        for page in app.summary_pages(where=where)
        for s in page
    ]
    return sorted(found, key=lambda item: item[0])


def finish(
    app: NovusApp,
    game_id: UUID,
    bot: str = "heuristic",
    seats: Sequence[int] | None = None,
    *,
    max_steps: int | None = None,
    expected_version: int | None = None,
) -> list[Step]:
    """Let bots play `seats` (all seats when None), chance drawn from the game's seed, until the
    game ends, a seat without a bot is to move, or `max_steps` steps were played. All of it is
    stored in one save; returns the steps played."""
    if bot not in BOT_KINDS:
        raise SetupError(
            _("unknown bot {bot!r}", bot=bot), hint=_("bots: {kinds}", kinds=", ".join(BOT_KINDS))
        )
    pos = position(app, game_id, expected_version)
    timeline = app.timeline(game_id)
    rules = registry.get(pos.game)
    chosen = set(range(len(pos.players)) if seats is None else seats)
    bad = sorted(s for s in chosen if not 0 <= s < len(pos.players))
    if bad:
        raise SetupError(
            _("no seat {seats} in this game", seats=", ".join(str(s + 1) for s in bad)),
            hint=_("seats are 1 to {last}", last=len(pos.players)),
        )
    seed = _seed(pos)
    bots = {s: rules.bot(bot, bot_seed(seed + pos.step, s)) for s in chosen}
    state = timeline.state_at(pos.step)
    played: list[Step] = []
    limit = max_steps if max_steps is not None else 100_000
    while not rules.is_over(state) and len(played) < limit:
        to_move = rules.to_move(state)
        step: Step
        if to_move == (CHANCE,):
            rng = chance_rng(seed, pos.step + len(played) + 1)
            step = ChanceStep(resolve(rules.chance_spec(state), rng))
        else:
            seat = next((s for s in to_move if s in chosen), None)
            if seat is None:
                break
            step = Decision(seat, bots[seat].choose(state, seat))
        state = rules.apply(state, step)
        played.append(step)
    if played:
        app.record(
            game_id,
            played,
            expected_version=pos.version if expected_version is None else expected_version,
        )
    return played


@dataclass(frozen=True)
class TakenBack:
    """One take-back as a person reads it: the game went back to `to_step`, and what was
    taken back, one sentence per step. `after_step` is its place in the game as it stands:
    after that step, before the next (`to_step`, or less when a later take-back went further
    back and took the steps that led to it)."""

    to_step: int
    taken: tuple[str, ...]
    after_step: int


def takebacks(record: GameRecord) -> list[TakenBack]:
    """The take-backs of a stored game, in order, with the sentences of the steps they took
    back (the history stays readable: nothing was deleted)."""
    if record.log is None:
        return []
    rules = registry.get(record.game)
    state = rules.initial_state(record.setup)
    states: list[Any] = [state]
    texts: list[str] = []
    found: list[tuple[int, tuple[str, ...]]] = []
    for entry in record.log:
        if isinstance(entry, TakeBack):
            found.append((entry.to_step, tuple(texts[entry.to_step :])))
            del texts[entry.to_step :]
            del states[entry.to_step + 1 :]
            continue
        texts.append(describe(rules, states[-1], entry))
        states.append(rules.apply(states[-1], entry))
    placed: list[TakenBack] = []
    after = len(texts)  # the steps that stand now and were entered before each take-back
    for to_step, taken in reversed(found):
        after = min(after, to_step)
        placed.append(TakenBack(to_step, taken, after))
    return placed[::-1]


def _over(pos: Position) -> GameOver:
    """The refusal of a step on a finished game, saying how to go on: take back or branch."""
    game = str(pos.game_id)[:8]
    return GameOver(
        hint=_(
            "no further steps can be recorded; to change the end, take the last step(s) back "
            "with `novus takeback {game}`, or play on from an earlier step in a new game with "
            "`novus branch {game} --at STEP`",
            game=game,
        )
    )


def _awaited(pos: Position) -> ChanceSpec:
    if pos.over:
        raise _over(pos)
    if pos.chance is None:
        who = ", ".join(f"{pos.players[s]} ({s + 1})" for s in pos.to_move)  # seats from 1
        raise ChanceExpected(
            _("the game waits for a decision, not a chance outcome"),
            hint=_("to move now: {who}; `novus legal GAME` lists the moves", who=who),
        )
    return pos.chance


def _seed(pos: Position) -> int:
    """The game's seed; a game stored without one (an import) draws from its id."""
    return pos.seed if pos.seed is not None else pos.game_id.int % 2**31
