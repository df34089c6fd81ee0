"""The read API of the projections, for the dashboard and the CLI.

    views = Views("novus-data")                    # or Views() for $NOVUS_DATA_DIR
    views.library(game="puerto-rico", player="Ana", limit=50)   # a pandas DataFrame
    views.library_count(game="puerto-rico")
    views.score_timeline(game_id)                  # every step x seat x category
    views.stat_tables("puerto-rico")               # [(name, title), ...]
    views.stat_table("puerto-rico", "role_picks")

Readers never touch the projector's own file. After each catch-up the projector publishes
`views.duckdb` by an atomic rename (`DuckDBView.publish`): a full copy, or the changes since the
last publish over read-only layers (`projections.published`); readers open it read-only
(`published.connect`, which unites the layers). A reader that has it open keeps reading what it
opened (a consistent snapshot: rows and tracking position together) and reopens when a newer
one was published, so readers and the projector never wait for each other's locks.
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import pandas as pd

from application import settings
from application.i18n import _
from domain.core.errors import NovusError
from projections import games as game_stats
from projections import published
from projections.damage import DamagedViews, brief, is_damage
from projections.lock import ProjectorBusy
from projections.ratings import wilson_sql

T = TypeVar("T")

OPEN_RETRIES = 20
"""Attempts to open the published file (a rename may be under way); 50 ms apart."""

ORDERS = {
    "newest": "started DESC NULLS LAST, position DESC",
    "oldest": "started ASC NULLS LAST, position ASC",
    "stored": "position ASC",
    "longest": "steps DESC NULLS LAST, position ASC",
}

LIBRARY_COLUMNS = (
    "game_id, game, variant, options, players, seats, source_kind, source_name, seed, "
    "started, ended, steps, finished, winners, winner_names, rules_version, position"
)


class NoViews(NovusError):
    """The data folder has no published projections yet."""


class UnknownStatistic(NovusError):
    """A statistics table name that the game does not have."""


def _bound(value: date | datetime | str | None) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    return datetime.fromisoformat(value)


class Views:
    """Read-only access to the published projections of a data folder (thread-safe)."""

    def __init__(self, folder: str | Path | None = None, *, path: str | Path | None = None):
        self.path = (
            Path(path) if path is not None else settings.views_path(settings.data_dir(folder))
        )
        self._lock = threading.Lock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self.repaired = False
        """Whether a damaged published copy was published again while reading."""
        self._inode: tuple[int, int] | None = None

    # ---- connection -----------------------------------------------------------------------

    def _stamp(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns)

    def connection(self) -> duckdb.DuckDBPyConnection:
        """A read-only connection on the latest published copy (reopened when it changed)."""
        stamp = self._stamp()
        if stamp is None:
            if self._con is not None:
                return self._con
            raise NoViews(
                f"no projections in {self.path.parent}",
                hint="run `novus project` (or `novus demo`) to build them",
            )
        if self._con is not None and stamp == self._inode:
            return self._con
        if self._con is not None:  # DuckDB would hand back the same open database for a path
            self._con.close()
            self._con = None
        error: Exception | None = None
        for _attempt in range(OPEN_RETRIES):
            try:
                con = published.connect(self.path)
            except (duckdb.IOException, duckdb.InvalidInputException) as failed:
                error = failed
                time.sleep(0.05)
                continue
            self._con, self._inode = con, stamp  # the older stamp: at worst one reopen more
            return con
        if error is not None and is_damage(error):
            raise self._damaged(error, _("run `novus project` to publish it again"))
        raise NoViews(
            f"cannot open the projections {self.path}: {error}",
            hint="run `novus project --rebuild` if the file is damaged",
        )

    def query(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> pd.DataFrame:
        """Any SELECT on the views, as a DataFrame (the building block of the methods below)."""

        def frame(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
            with warnings.catch_warnings():  # pandas 3 deprecation inside duckdb's .df()
                warnings.filterwarnings("ignore", message="The inplace keyword")
                return con.execute(sql, params).df()

        return self._run(frame)

    def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = self._run(lambda con: con.execute(sql, params).fetchone())
        return None if row is None else row[0]

    def _run(self, work: Callable[[duckdb.DuckDBPyConnection], T]) -> T:
        """`work` on a cursor of the published copy. If the copy turns out damaged, it is
        published again from the projector's file and `work` runs once more (`repaired`)."""
        for attempt in (1, 2):
            with self._lock:
                try:
                    con = self.connection().cursor()
                    try:
                        return work(con)
                    finally:
                        con.close()
                except (duckdb.Error, DamagedViews) as error:
                    if not (isinstance(error, DamagedViews) or is_damage(error)):
                        raise
                    found = error
                    if self._con is not None:
                        self._con.close()
                        self._con = None
            if attempt == 2:
                break
            self._republish(found)
        raise self._damaged(found, _("it is still damaged after it was published again"))

    def _republish(self, error: BaseException) -> None:
        """Publish the projector's file again over the damaged copy (the views are derived
        data); `DamagedViews` saying why when that cannot be done now."""
        folder = self.path.parent
        if self.path != settings.views_path(folder):
            raise self._damaged(error, _("it is not a data folder's views file"))
        from projections import runner  # the reader only becomes a projector to repair

        try:
            with runner.Projector(folder) as projector:
                projector.view.verify()
                projector.publish(full=True)  # the damage may be in any layer
        except ProjectorBusy:
            raise self._damaged(
                error, _("the running projector publishes a new copy with its next events")
            ) from None
        except NovusError as problem:
            raise self._damaged(error, f"{problem.message}; {problem.hint}") from None
        self.repaired = True

    def _damaged(self, error: BaseException, why: str) -> DamagedViews:
        if isinstance(error, DamagedViews):
            return DamagedViews(error.message, hint=why)
        return DamagedViews(
            _("the views file {path} is damaged ({error})", path=self.path, error=brief(error)),
            hint=why,
        )

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None

    def position(self) -> int:
        """The notification id the published snapshot includes (0 when empty)."""
        return int(self._scalar("SELECT max(notification_id) FROM tracking") or 0)

    # ---- library --------------------------------------------------------------------------

    @staticmethod
    def _where(
        *,
        game: str | None = None,
        variant: str | None = None,
        options: Mapping[str, str] | None = None,
        players: int | Sequence[int] | None = None,
        player: str | None = None,
        since: date | datetime | str | None = None,
        until: date | datetime | str | None = None,
        source: str | None = None,
        winner: str | None = None,
        text: str | None = None,
        finished: bool | None = None,
    ) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        if game:
            clauses.append("game = ?")
            params.append(game)
        if variant:
            clauses.append("variant = ?")
            params.append(variant)
        for key, value in (options or {}).items():
            clauses.append("options[?] = ?")
            params += [key, value]
        if players is not None:
            counts = [players] if isinstance(players, int) else list(players)
            if counts:
                clauses.append(f"players IN ({', '.join('?' * len(counts))})")
                params += counts
        if player:
            clauses.append("list_contains(seats, ?)")
            params.append(player)
        if since is not None:
            clauses.append("started >= ?")
            params.append(_bound(since))
        if until is not None:
            clauses.append("started < ?")
            params.append(_bound(until))
        if source:
            clauses.append("(source_kind = ? OR source_name = ?)")
            params += [source, source]
        if winner:
            clauses.append("list_contains(winner_names, ?)")
            params.append(winner)
        if text:
            clauses.append("contains(search, ?)")
            params.append(text.lower())
        if finished is not None:
            clauses.append("finished = ?")
            params.append(finished)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", params

    def library(
        self, *, limit: int = 100, offset: int = 0, order: str = "newest", **filters: Any
    ) -> pd.DataFrame:
        """Stored games matching every filter given (see `library_count` for the filters).

        Filters: `game`, `variant` (e.g. ``"buildings=base, players_mode=standard"``),
        `options` ({key: value}), `players` (a count or counts), `player` (a seat's name),
        `since`/`until` (start date range, until exclusive), `source` (kind or name), `winner`
        (a winner's name), `text` (case-insensitive, in ids, names, game, variant, source),
        `finished`. `order`: one of `ORDERS`.
        """
        where, params = self._where(**filters)
        sort = ORDERS.get(order)
        if sort is None:
            raise NovusError(f"unknown order {order!r}", hint=f"one of: {', '.join(ORDERS)}")
        return self.query(
            f"SELECT {LIBRARY_COLUMNS} FROM games{where} ORDER BY {sort} LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )

    def library_count(self, **filters: Any) -> int:
        """How many games match the filters of `library`."""
        where, params = self._where(**filters)
        return int(self._scalar(f"SELECT count(*) FROM games{where}", params) or 0)

    def facets(self) -> dict[str, Any]:
        """Values to offer in filter widgets: games, variants, player counts, sources, players,
        the players who won a game, and the date range."""
        games = self.query("SELECT DISTINCT game FROM games ORDER BY game")
        variants = self.query("SELECT DISTINCT game, variant FROM games ORDER BY game, variant")
        counts = self.query("SELECT DISTINCT players FROM games ORDER BY players")
        sources = self.query(
            "SELECT DISTINCT source_kind, source_name FROM games ORDER BY source_kind, source_name"
        )
        names = self.query("SELECT DISTINCT unnest(seats) AS player FROM games ORDER BY player")
        winners = self.query(  # the Winner filter offered every player, one never won
            "SELECT DISTINCT unnest(winner_names) AS player FROM games ORDER BY player"
        )
        span = self.query("SELECT min(started) AS first, max(started) AS last FROM games")
        return {
            "games": games["game"].tolist(),
            "variants": list(variants.itertuples(index=False, name=None)),
            "players": [int(x) for x in counts["players"]],
            "sources": list(sources.itertuples(index=False, name=None)),
            "player_names": names["player"].tolist(),
            "winner_names": winners["player"].tolist(),
            "first": span["first"].iloc[0] if len(span) else None,
            "last": span["last"].iloc[0] if len(span) else None,
        }

    # ---- one game -------------------------------------------------------------------------

    def game(self, game_id: str) -> dict[str, Any] | None:
        """The `games` row of one game (None if not projected)."""
        rows = self.query(f"SELECT {LIBRARY_COLUMNS} FROM games WHERE game_id = ?", [game_id])
        return None if rows.empty else rows.iloc[0].to_dict()

    def seats(self, game_id: str) -> pd.DataFrame:
        """Seats of a finished game: player, total, breakdown, tie-break, rank, winner."""
        return self.query(
            "SELECT seat, player, total, breakdown, tiebreak, rank, winner FROM seats "
            "WHERE game_id = ? ORDER BY seat",
            [game_id],
        )

    def steps(self, game_id: str) -> pd.DataFrame:
        """Every step of a game: step, seat (-1 chance), kind, action, round. Its sentences
        are not stored: they are told from the store's states where they are shown, in the
        display language (the Replay page, `novus log`, `novus.api.Game.moves`)."""
        return self.query(
            "SELECT step, seat, kind, action, round FROM steps "
            "WHERE game_id = ? ORDER BY step",
            [game_id],
        )

    def score_timeline(self, game_id: str, *, dense: bool = True) -> pd.DataFrame:
        """Points per step, seat and category (`total` included), with player names.

        Stored rows are changes only; `dense` fills every step from 0 to the last with the
        points in force (the basis of the 'score over time' chart).
        """
        if not dense:
            return self.query(
                "SELECT step, seat, category, points FROM score_timeline WHERE game_id = ? "
                "ORDER BY step, seat, category",
                [game_id],
            )
        return self.query(
            """
            WITH t AS (SELECT step, seat, category, points FROM score_timeline
                       WHERE game_id = $id),
            last AS (SELECT greatest(coalesce((SELECT max(step) FROM steps WHERE game_id = $id),
                                               0), coalesce(max(step), 0)) AS n FROM t),
            keys AS (SELECT DISTINCT seat, category FROM t),
            grid AS (SELECT s.step::INTEGER AS step, k.seat, k.category
                     FROM last, range(0, last.n + 1) s(step), keys k)
            SELECT g.step, g.seat, list_extract(games.seats, g.seat + 1) AS player,
                   g.category, t.points
            FROM grid g ASOF JOIN t ON g.seat = t.seat AND g.category = t.category
                                   AND g.step >= t.step
            JOIN games ON games.game_id = $id
            ORDER BY g.step, g.seat, g.category""",
            {"id": game_id},
        )

    # ---- statistics -----------------------------------------------------------------------

    def player_stats(self, *, player: str | None = None, game: str | None = None) -> pd.DataFrame:
        """Per player: games, wins, win rate, average/best score, average rank (finished games).

        With `game`, only that game's seats count.
        """
        clauses, params = [], []
        if player:
            clauses.append("player = ?")
            params.append(player)
        if game:
            clauses.append("game = ?")
            params.append(game)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        return self.query(
            f"""SELECT player, count(*) AS games, count(*) FILTER (WHERE winner) AS wins,
                       avg(winner::INTEGER) AS win_rate,
                       {wilson_sql("count(*) FILTER (WHERE winner)", "count(*)")},
                       avg(total) AS average_score,
                       max(total) AS best_score, avg(rank) AS average_rank
                FROM seats{where} GROUP BY player ORDER BY games DESC, win_rate DESC, player""",
            params,
        )

    def bot_players(self, *, game: str | None = None) -> set[str]:
        """The players who only ever sat in bot games (simulations), as the ratings count a
        bot: the statistics pages list people first and mark these."""
        where, params = ("WHERE s.game = ?", [game]) if game else ("", [])
        found = self.query(
            f"""SELECT s.player FROM seats s JOIN games g USING (game_id) {where}
                GROUP BY s.player HAVING bool_and(g.source_kind = 'simulation')""",
            params,
        )
        return {str(p) for p in found["player"]}

    def ratings(
        self, *, game: str | None = None, player: str | None = None, bots: bool = True
    ) -> pd.DataFrame:
        """The leaderboard: each player's latest rating per game (best `ordinal` first)."""
        clauses = [c for c, v in (("game = ?", game), ("player = ?", player)) if v]
        params = [v for v in (game, player) if v]
        if not bots:
            clauses.append("NOT bot")
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        return self.query(
            f"""SELECT game, player, mu, sigma, ordinal, games, bot FROM player_ratings{where}
                ORDER BY game, ordinal DESC, player""",
            params,
        )

    def rating_history(self, *, game: str, players: list[str] | None = None) -> pd.DataFrame:
        """Each rated game of a game kind, per player: date, mu, sigma (for the history chart)."""
        where, params = "game = ?", [game]
        if players:
            where += f" AND player IN ({', '.join('?' for _ in players)})"
            params += players
        return self.query(
            f"""SELECT player, played, game_id, mu, sigma, mu - 3 * sigma AS ordinal,
                       row_number() OVER (PARTITION BY player ORDER BY played, game_id) AS nth
                FROM ratings_history WHERE {where} ORDER BY played, game_id, player""",
            params,
        )

    def results(
        self,
        game: str,
        *,
        players: Sequence[int] = (),
        sources: Sequence[str] = (),
        variants: Sequence[str] = (),
        since: date | None = None,
        until: date | None = None,
        bots: bool = True,
    ) -> pd.DataFrame:
        """Per player of `game`, over the games the filters keep (player counts, source kinds,
        variants, dates played, bots or not): games, wins, win rate with its 95% Wilson
        interval, average score and rank."""
        clauses, params = ["s.game = ?"], list[Any]([game])
        for column, values in (("g.players", players), ("g.source_kind", sources)):
            if values:
                clauses.append(f"{column} IN ({', '.join('?' for _ in values)})")
                params += list(values)
        if variants:
            clauses.append(f"g.variant IN ({', '.join('?' for _ in variants)})")
            params += list(variants)
        if since is not None:
            clauses.append("g.started >= ?")
            params.append(since)
        if until is not None:
            clauses.append("g.started < ? + INTERVAL 1 DAY")
            params.append(until)
        having = "" if bots else " HAVING NOT bool_and(coalesce(g.source_kind, '') = 'simulation')"
        return self.query(
            f"""SELECT s.player, count(*) AS games, count(*) FILTER (WHERE s.winner) AS wins,
                       avg(s.winner::INTEGER) AS win_rate,
                       {wilson_sql("count(*) FILTER (WHERE s.winner)", "count(*)")},
                       avg(s.total) AS average_score, avg(s.rank) AS average_rank
                FROM seats s JOIN games g USING (game_id)
                WHERE {" AND ".join(clauses)} GROUP BY s.player{having}
                ORDER BY games DESC, win_rate DESC, s.player""",
            params,
        )

    def strategy_profile(self, game: str, player: str) -> pd.DataFrame:
        """What `player` does in `game` against the field, from the game's public facts: per
        (fact, item) the share of the player's games where it happened and of everyone else's,
        the player's win rate in those games (and how many), and the field's."""
        return self.query(
            """WITH f AS (
                   SELECT DISTINCT f.game_id, f.seat, f.fact, f.item, s.player, s.winner
                   FROM facts f JOIN seats s USING (game_id, seat) WHERE f.game = $game),
               n AS (SELECT count(*) FILTER (WHERE player = $player) AS mine,
                            count(*) FILTER (WHERE player <> $player) AS rest
                     FROM seats WHERE game = $game)
               SELECT fact, item,
                      count(*) FILTER (WHERE player = $player) / any_value(n.mine) AS player_share,
                      count(*) FILTER (WHERE player <> $player) / any_value(n.rest) AS field_share,
                      count(*) FILTER (WHERE player = $player) AS player_games,
                      avg(winner::INTEGER) FILTER (WHERE player = $player) AS player_win_rate,
                      avg(winner::INTEGER) FILTER (WHERE player <> $player) AS field_win_rate
               FROM f, n GROUP BY fact, item
               HAVING any_value(n.mine) > 0 AND any_value(n.rest) > 0
               ORDER BY fact, player_share DESC, item""",
            {"game": game, "player": player},
        )

    def round_profile(self, game: str, player: str, fact: str) -> pd.DataFrame:
        """`player`'s choices of one fact kind by round (Puerto Rico: the roles picked in each
        round), as shares of the player's picks in that round, beside the field's."""
        return self.query(
            """SELECT f.round, f.item, s.player = $player AS mine, count(*) AS times,
                      count(*) / sum(count(*)) OVER (PARTITION BY f.round, s.player = $player)
                          AS share
               FROM facts f JOIN seats s USING (game_id, seat)
               WHERE f.game = $game AND f.fact = $fact
               GROUP BY f.round, f.item, mine ORDER BY f.round, f.item""",
            {"game": game, "player": player, "fact": fact},
        )

    def head_to_head(self, player: str, *, game: str | None = None) -> pd.DataFrame:
        """`player` against each opponent met: games together, finished ahead/behind/level,
        mean score difference."""
        where, params = "player = ?", [player]
        if game:
            where += " AND game = ?"
            params.append(game)
        return self.query(
            f"""SELECT game, opponent, games, ahead, behind, level, score_difference
                FROM head_to_head WHERE {where} ORDER BY games DESC, opponent""",
            params,
        )

    def _filtered(self, view: str, order: str, **equal: Any) -> pd.DataFrame:
        given = {k: v for k, v in equal.items() if v is not None}
        where = " AND ".join(f"{k} = ?" for k in given)
        return self.query(
            f"SELECT * FROM {view}{' WHERE ' + where if where else ''} ORDER BY {order}",
            list(given.values()),
        )

    def player_stats_by_players(
        self, *, player: str | None = None, game: str | None = None
    ) -> pd.DataFrame:
        """Per player, game and player count: games, wins, win rate, average score."""
        return self._filtered(
            "player_stats_by_players", "player, game, players", player=player, game=game
        )

    def player_stats_by_seat(
        self, *, player: str | None = None, game: str | None = None
    ) -> pd.DataFrame:
        """Per player, game, player count and seat: games, wins, win rate, average score."""
        return self._filtered(
            "player_stats_by_seat", "player, game, players, seat", player=player, game=game
        )

    def player_points(self, *, player: str | None = None, game: str | None = None) -> pd.DataFrame:
        """Per player, game and score category: the average points (the score breakdown)."""
        return self._filtered("player_points", "player, game, category", player=player, game=game)

    def game_stats(self, *, game: str | None = None) -> pd.DataFrame:
        """Per game: games, finished, average players, steps, score and winning score."""
        return self._filtered("game_stats", "game", game=game)

    def seat_stats(self, *, game: str | None = None) -> pd.DataFrame:
        """Per game, player count and seat: win rate and average score (seat advantage)."""
        return self._filtered("seat_stats", "game, players, seat", game=game)

    def action_stats(self, *, game: str | None = None) -> pd.DataFrame:
        """Per game and action verb (``role``, ``build``, ...): decisions, games, per game."""
        return self._filtered("action_stats", "game, times DESC, verb", game=game)

    @staticmethod
    def stat_tables(game: str) -> list[tuple[str, str]]:
        """The statistics tables a game's module offers: [(name, title)]."""
        stats = game_stats.get(game)
        if stats is None:
            return []
        return [(name, stats.titles.get(name, name)) for name in stats.views]

    def stat_table(self, game: str, name: str) -> pd.DataFrame:
        """One statistics table of a game (`stat_tables`), computed on the published views."""
        known = [n for n, _ in self.stat_tables(game)]
        if name not in known:
            raise UnknownStatistic(
                f"{game} has no statistics table {name!r}",
                hint=f"known: {', '.join(known) or 'none'}",
            )
        return self.query(f"SELECT * FROM {game_stats.view_name(game, name)}")
