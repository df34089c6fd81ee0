"""Per-game statistics: one small module per game, behind this interface.

The generic projection folds the engine over every game and, for each step, asks the game's
module for *facts*: small public records such as "seat 2 picked the settler in round 3" or "seat 0
shipped 4 corn". Facts of every game go to one table, `facts`; each module then names SQL views
over the generic tables (`games`, `seats`, `seat_points`, `steps`, `facts`) that turn them into
statistics tables. A module is found by the game's registry name: ``"puerto-rico"`` ->
`projections/games/puerto_rico.py`, which exposes ``STATS: GameStats``.

    STATS = GameStats(game="puerto-rico", facts=facts, views={"role_picks": "SELECT ..."})

Adding a game takes one file, e.g. `projections/games/santa_maria.py`:

    def facts(rules, before, step, after):
        if isinstance(step, Decision) and step.action.startswith("ship:"):
            yield Fact(step.seat, "ship", step.action.split(":")[1])

    STATS = GameStats(game="santa-maria", facts=facts, views={
        "ships": "SELECT item, count(*) AS times FROM facts "
                 "WHERE game = 'santa-maria' AND fact = 'ship' GROUP BY item"})

`tests/projections/test_games.py` checks every module found here (name, views on empty tables).

Privacy: a fact must be public when its step is played (or be revealed by the end of the game):
derive facts from actions, public chance outcomes and the `rules.view(state)` picture, never
from a hidden hand or a secret offer that was not revealed. The views only see the facts (and
the generic tables: final scores, the public actions, rounds and score changes).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from domain.core.phrase import Phrase
from domain.core.protocol import Rules, SeatScore, Step


class Fact(NamedTuple):
    """One public statistic-worthy thing that happened at a step."""

    seat: int
    fact: str
    """What kind: ``"role"``, ``"build"``, ``"produce"``, ``"trade"``, ``"ship"``, ..."""
    item: str
    """What it was about: ``"settler"``, ``"small_market"``, ``"corn"``, ..."""
    amount: int = 1


FactRow = tuple[int, str, str, int]
"""A fact as the plain tuple of `Fact`'s fields (seat, fact, item, amount): what `facts` gives
(a `Fact` is one too; a plain tuple costs a fifth of a `Fact` to make, and the fold makes one
or more at most steps)."""


class StepFact(NamedTuple):
    """Facts that are a plain function of a decision as `steps` stores it: not computed by the
    fold, not stored, but added by SQL to the view `facts` from the game's `steps` rows (each
    decision with a round, i.e. one the fold applied) that match `where`. The expressions read
    the columns of `steps` (`action`, `seat`, `step`, `round`)."""

    fact: str
    """The fact's kind (a constant, as `Fact.fact`)."""
    where: str
    """Which decisions give one, e.g. ``action LIKE 'build:%'``."""
    item: str
    """`Fact.item` as SQL, e.g. ``substr(action, 7)``."""
    amount: str = "1"
    seat: str = "seat"


FactsFn = Callable[[Rules[Any], Any, Step, Any], Iterable[FactRow]]
"""`facts(rules, before, step, after)`: the facts of one step, from the states around it."""


StepRowsFn = Callable[[Any, Any, Any, Step, Any, int, "int | None"], bool]
"""`step_rows(fold, batch, before, step, after, number, round)`: see `GameStats.step_rows`."""


@dataclass(frozen=True)
class GameStats:
    """What one game adds to the projection.

    - `facts(rules, before, step, after)`: called once per step in order; must be a pure
      function of its arguments (the projection may refold a game after a restart); gives
      `FactRow` tuples (a `Fact` is one).
    - `step_facts`: the facts of a decision that its stored action alone gives (`StepFact`);
      `facts` does not give them: the projection derives them in the view `facts` from the
      stored steps (the rows `facts` would give, with the step's round), so they cost the fold
      and the writes nothing.
    - `fact_facts`: SELECTs over `fold_facts` giving the columns of `facts` in order: facts
      that follow from the game's other stored facts (Century's ``bumped``, the mirror of
      ``bump``), added to the view `facts` like `step_facts` (not given by `facts`, nor stored).
    - `views`: statistics tables, name -> SELECT over the generic tables; created as views named
      ``stats_<game>_<name>`` (game with ``_`` for ``-``) and listed by `projections.read`.
    - `titles`: a human title per view name, for the CLI and the dashboard.
    - `score_parts(state)`: optional speed-up; the values the scores depend on. When each equals
      (``==``, identity first) the one after the previous step, the projection skips
      `rules.scores` (copy-on-write states share unchanged parts, so objects work too).
    - `seat_score(state, seat)`: optional, with `score_parts` giving one part per seat that
      seat's score depends on alone: then only the seats whose part changed are rescored, and
      `score_timeline` is built from `seat_score` alone. Normally it equals
      `rules.scores(state).seats[seat]`; a game whose running score would reveal hidden
      information (cards in hand) returns only the publicly known points here.
    - `seat_points(state, seat)`: optional, with `seat_score`: that seat's points by category,
      ``seat_score(state, seat).breakdown`` (its total is their sum), without the tie-break and
      the `SeatScore` the projection does not need (it rescores a seat at many steps).
    - `seat_key(part)`: optional, with `seat_score`; what of a seat's part its score depends
      on. When a part is not the same object as before, its key is compared (``==``) with the
      previous key instead of the whole part, and the seat is rescored only if the key differs
      (Puerto Rico: a player changes at most steps, his points far less often).
    - `seat_changes(state, seat, part, was, known)`: optional, with `seat_points`; used instead
      of `seat_key` and `seat_points` for a seat whose part is not the same object as before
      (`was`, None at first): the (category, points) pairs, the total first as ``"total"``
      (not with `summed_total`), that differ from `known` (the seat's points as last written,
      updated in place), in the order `seat_points` gives them. It may read `known` for what
      `was` scored (Santa Maria: most steps change only the points in play or the coins).
    - `rescored(step)`: optional, with `score_parts`; False for a step that cannot change any
      seat's points (Mundus Novus: only a few verbs pay or cost doubloons). The projection
      skips the scores of those steps: their state's parts are never read, so a game's points
      must be a pure function of the steps that say True (a property test checks it per game).
    - `public_action(rules, before, step)`: optional; the text stored in `steps.action` when
      the recorded action or chance outcome would show hidden information (a secret offer, the
      cards dealt): e.g. ``"offer:3"`` for ``"offer:2,4,7"``. Default: the action as recorded
      (decisions) or the outcome as JSON (chance). The projection refolds from the event store,
      never from `steps.action`, so the text may drop anything.
    - `public_summary(rules, before, step)`: optional; the sentence another seat reads instead
      of `rules.describe(before, step)` when that names hidden cards (the Replay's "view as",
      `dashboard.replay.teller`; the projection stores no sentences).
    - `round_of(state)`: optional speed-up; the same as `rules.round_of(state)`, which the
      projection asks at every step (an engine's own method runs as Python even where the
      game module is compiled).
    - `step_rows(fold, batch, before, step, after, number, round)`: optional speed-up; adds the
      `facts` and `score_timeline` rows of one step to `batch` itself (the
      `projections.fold.Fold` gives the game's last rows and score parts, which it keeps up to
      date) and returns True, or returns False having added nothing, and the fold makes them
      from `facts` and the scores as without it. The rows must be the same either way (Santa
      Maria: one pass over the players a step edited serves both tables).
    - `summed_total`: the seat's total is the sum of its categories (`seat_points`): the fold
      stores no ``"total"`` rows (nor do `seat_changes` and `step_rows` give any), and the
      view `score_timeline` adds them by SQL from the stored categories (Century: New World,
      where they were two rows in five).
    - `face_down`: score categories a player keeps face down (Santa Maria's happiness tokens):
      a seat's running score chart shows them for itself only, for the others once it is over.
    """

    game: str
    facts: FactsFn
    views: Mapping[str, str] = field(default_factory=dict)
    titles: Mapping[str, str] = field(default_factory=dict)
    score_parts: Callable[[Any], tuple[object, ...]] | None = None
    seat_score: Callable[[Any, int], SeatScore] | None = None
    seat_points: Callable[[Any, int], Mapping[str, int]] | None = None
    seat_key: Callable[[Any], object] | None = None
    seat_changes: (
        Callable[[Any, int, object, object, dict[str, int]], list[tuple[str, int]]] | None
    ) = None
    rescored: Callable[[Step], bool] | None = None
    public_action: Callable[[Rules[Any], Any, Step], str] | None = None
    public_summary: Callable[[Rules[Any], Any, Step], str | Phrase] | None = None
    face_down: tuple[str, ...] = ()
    round_of: Callable[[Any], int] | None = None
    step_facts: tuple[StepFact, ...] = ()
    fact_facts: tuple[str, ...] = ()
    step_rows: StepRowsFn | None = None
    summed_total: bool = False


def win_correlation_view(game: str, fact: str, column: str) -> str:
    """SQL for "seats that took each `fact` item, and winning": counts, win rates with and
    without it, and the correlation of taking it with winning, over the game's finished seats."""
    where = f"game = '{game}'"
    return f"""
        WITH s AS (SELECT game_id, seat, winner FROM seats WHERE {where}),
        t AS (SELECT DISTINCT game_id, seat, item FROM facts WHERE {where} AND fact = '{fact}'),
        grid AS (
            SELECT n.item, s.winner, t.game_id IS NOT NULL AS taken
            FROM (SELECT DISTINCT item FROM t) n CROSS JOIN s
            LEFT JOIN t ON t.item = n.item AND t.game_id = s.game_id AND t.seat = s.seat)
        SELECT item AS {column}, count(*) FILTER (WHERE taken) AS taken_by_seats,
               count(*) FILTER (WHERE taken AND winner) AS taken_by_winners,
               avg(winner::INTEGER) FILTER (WHERE taken) AS win_rate_if_taken,
               avg(winner::INTEGER) FILTER (WHERE NOT taken) AS win_rate_otherwise,
               corr(taken::INTEGER, winner::INTEGER) AS win_correlation
        FROM grid GROUP BY item ORDER BY win_correlation DESC NULLS LAST, item"""


def module_name(game: str) -> str:
    return f"{__name__}.{game.replace('-', '_')}"


def view_name(game: str, name: str) -> str:
    """The DuckDB view holding statistics table `name` of `game`."""
    return f"stats_{game.replace('-', '_')}_{name}"


@cache
def get(game: str) -> GameStats | None:
    """The statistics module of `game`, or None when it has none (generic tables only)."""
    name = module_name(game)
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    stats: GameStats = importlib.import_module(name).STATS
    return stats


def known() -> list[GameStats]:
    """Every statistics module present (engine installed or not), for creating their views."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        stats = importlib.import_module(f"{__name__}.{info.name}").STATS
        found.append(stats)
    return sorted(found, key=lambda s: s.game)
