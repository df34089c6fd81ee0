"""Analytics from the terminal: `novus project` (build the DuckDB views), `novus stats`."""

from __future__ import annotations

import contextlib
import math
import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

from application import settings
from application.i18n import _, current_language, pgettext
from application.view_words import Words, column_name
from domain.core import registry
from domain.core.errors import NovusError, closest
from novus.cli.console import console, errors, progress
from novus.cli.options import DataDir, NoStore, game_code, game_title, open_store
from novus.cli.output import Csv, Json, check_formats, emit_csv, emit_json
from projections import defaults

if TYPE_CHECKING:  # DuckDB, pandas and pyarrow load in the commands that use them
    import pandas as pd

    from projections import runner
    from projections.read import Views


def _interrupted(error: BaseException) -> bool:
    """DuckDB turns Ctrl+C during a query into its own error."""
    import duckdb

    return isinstance(error, duckdb.InterruptException) or (
        isinstance(error, RuntimeError) and "interrupted" in str(error).lower()
    )


def _follow(projector: runner.Projector, poll: float) -> None:
    """Follow until Ctrl+C or SIGTERM, which end the loop between two batches; a second Ctrl+C
    stops at once."""
    stop = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        if stop.is_set() and signum == signal.SIGINT:
            raise KeyboardInterrupt
        stop.set()

    main = threading.current_thread() is threading.main_thread()
    previous = (
        {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)} if main else {}
    )
    try:
        projector.follow(
            stop=stop,
            poll=poll,
            on_report=_report_followed,
        )
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    errors.print(_("stopped following"))


def _report_followed(report: runner.Report) -> None:
    console.print(
        _(
            "projected {events} new events; position {position}",
            events=report.events,
            position=report.position,
        ),
        highlight=False,
    )
    _warn_refused(report)
    _warn_skipped(report)


def _warn_skipped(report: runner.Report, shown: int = 5) -> None:
    """Name the games left out of the views because one of their events could not be
    projected or written (the rest of the log is projected all the same)."""
    if not report.skipped:
        return
    console.print(
        _(
            "[yellow]warning:[/] {count} game(s) could not be projected and are left out of "
            "the views (they stay in the event store):",
            count=len(report.skipped),
        ),
        highlight=False,
    )
    for game_id, game, position, why in report.skipped[:shown]:
        where = _(" at event {position}", position=position) if position is not None else ""
        console.print(
            f"  {game_id[:8]} ({game or '?'}){where}: {why}", highlight=False, markup=False
        )
    if len(report.skipped) > shown:
        console.print(
            _("  ... and {count} more", count=len(report.skipped) - shown), highlight=False
        )
    console.print(
        _("  `novus verify GAME` checks one; `novus project --rebuild` tries them again"),
        highlight=False,
    )


def _warn_refused(report: runner.Report, shown: int = 5) -> None:
    """Name the games whose stored steps the installed engine refused (other rules)."""
    if not report.refused:
        return
    console.print(
        _(
            "[yellow]warning:[/] {count} game(s) do not replay under the installed rules; they "
            "keep their moves but get no summaries, scores or statistics from the refused step "
            "on:",
            count=len(report.refused),
        ),
        highlight=False,
    )
    for game_id, step, why in report.refused[:shown]:
        said = _("  {game} from step {step}: {why}", game=game_id[:8], step=step, why=why)
        console.print(said, highlight=False, markup=False)
    if len(report.refused) > shown:
        console.print(
            _("  ... and {count} more", count=len(report.refused) - shown), highlight=False
        )
    console.print(_("  `novus verify GAME` shows the failing step and the rules versions"))


def project(
    data_dir: DataDir = None,
    follow: Annotated[
        bool, typer.Option("--follow", "-f", help="Keep following new events (Ctrl+C stops).")
    ] = False,
    rebuild: Annotated[
        bool,
        typer.Option("--rebuild", help="Drop the views and the tracking position, replay all."),
    ] = False,
    batch_size: Annotated[
        int, typer.Option("--batch-size", min=1, help="Events per DuckDB transaction.")
    ] = defaults.BATCH_SIZE,
    poll: Annotated[
        float, typer.Option("--poll", min=0.01, help="Seconds between polls with --follow.")
    ] = defaults.POLL_SECONDS,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-w",
            min=0,
            help=(
                "Processes folding the games; 0 (default): one per idle core when at least "
                f"{defaults.AUTO_MIN_EVENTS:,} events are behind, else none."
            ),
        ),
    ] = defaults.AUTO,
) -> None:
    """Project the event store into DuckDB (games, steps, scores, statistics) from where it was."""
    import duckdb

    from projections import runner

    folder = settings.data_dir(data_dir)
    app = open_store(data_dir, create=False)
    try:
        with runner.Projector(
            app, folder=folder, batch_size=batch_size, workers=workers, replace_damaged=rebuild
        ) as projector:
            start = 0 if rebuild else projector.position
            with progress() as bar:
                task = bar.add_task(_("projecting events"), total=None)

                def advance(position: int, last: int) -> None:
                    bar.update(task, completed=position - start, total=max(last - start, 1))

                try:
                    report = projector.catch_up(rebuild=rebuild, progress=advance)
                except (RuntimeError, duckdb.Error) as error:
                    if _interrupted(error):
                        raise KeyboardInterrupt from None
                    raise
            if report.rebuilt:
                console.print(_("rebuilt the views ({why})", why=report.reason), highlight=False)
            folded = _(", {n} fold processes", n=report.workers) if report.workers > 1 else ""
            console.print(
                _(
                    "projected {events} events in {seconds} s ({rate} events/s{folded}); "
                    "position {position}; views: {views}",
                    events=report.events,
                    seconds=f"{report.seconds:.2f}",
                    rate=f"{report.rate:,.0f}",
                    folded=folded,
                    position=report.position,
                    views=str(projector.published),
                ),
                highlight=False,
            )
            _warn_refused(report)
            _warn_skipped(report)
            if follow:
                console.print(
                    _("following new events every {poll} s (Ctrl+C stops)", poll=f"{poll:g}")
                )
                _follow(projector, poll)
    finally:
        app.close()


def _cell(value: Any, column: str, words: Words | None = None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return _("yes") if value else _("no")
    if isinstance(value, str) and column == "category" and current_language() != "en":
        if words is not None and words.game == "santa-maria" and value == "shipping":
            return pgettext("santa_maria.score", "shipping")
        return _(value.replace("_", " "))  # a score category
    if isinstance(value, str) and column == "game" and value in registry.names():
        return game_title(value)  # the title, as `novus games` shows it (not 'santa-maria')
    if isinstance(value, str) and words is not None:
        return words.value(value)
    if isinstance(value, float):
        if "rate" in column or column == "share":
            return f"{value:.1%}"
        return f"{value:.2f}"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    if hasattr(value, "tolist"):
        return ", ".join(map(str, value.tolist()))
    return str(value)


def header(column: str) -> str:
    """A column name for people: words that wrap (`average_score` -> `avg score`), so a table
    of eight numeric columns still fits 80 columns; in another language, its own name."""
    if current_language() != "en":
        return column_name(column)
    return column.replace("average", "avg").replace("_", " ")


def frame_table(title: str, frame: pd.DataFrame, limit: int = 40, game: str = "") -> Group:
    """A rich table of a DataFrame (numbers right-aligned, rates as percentages) under its
    title. Names (text columns) never wrap; number columns narrow by wrapping their headers.
    The title is a line of its own: as the table's title it wrapped to the table's width
    ("Ratings (OpenSkill; ordinal = mu - 3 sigma) (game:" / "Puerto Rico)")."""
    import pandas as pd

    constant = [  # a filter's column (the one player asked for): said once, in the title
        str(c)
        for c in frame.columns
        if len(frame) > 1
        and not pd.api.types.is_numeric_dtype(frame[c])
        and frame[c].astype(str).nunique() == 1
    ]
    words = Words(game)
    if "seat" in frame.columns and pd.api.types.is_integer_dtype(frame["seat"]):
        frame = frame.assign(seat=frame["seat"] + 1)  # people count from 1; --json/--csv from 0
    if constant:
        title += (
            " ("
            + ", ".join(f"{header(c)}: {_cell(frame[c].iloc[0], c, words)}" for c in constant)
            + ")"
        )
        frame = frame.drop(columns=constant)
    table = Table(box=box.SIMPLE, pad_edge=False, show_edge=False)
    for column in frame.columns:
        numeric = pd.api.types.is_numeric_dtype(frame[column])
        name = header(str(column))
        table.add_column(
            name,
            justify="right" if numeric else "left",
            no_wrap=not numeric,
            # wrap headers between words, a word whole: Korean letters take two cells each
            # ('평균 플레이어 수' was cut to '플레이…')
            min_width=max(cell_len(word) for word in name.split()),
        )
    for row in frame.head(limit).itertuples(index=False):
        table.add_row(*(_cell(v, str(c), words) for v, c in zip(row, frame.columns, strict=True)))
    if len(frame) > limit:
        table.caption = _("first {limit} of {n} rows", limit=limit, n=len(frame))
    return Group(Text(title, style="table.title"), table, Text(""))


def note_repaired(views: Any) -> None:
    """Say so when a reader found the published views damaged and published them again."""
    if views.repaired:
        errors.print(
            _("note: the views file was damaged; it was published again from the projector's")
        )


def catch_up_views(data_dir: Path | None, quiet: bool) -> int:
    """Project the events stored since the views were published, as the dashboard does, so the
    statistics count every game; returns how many events the views still lack (0 unless
    another projector holds the folder). Says what it did on stderr unless `quiet`."""
    from projections import runner
    from projections.lock import ProjectorBusy
    from projections.read import Views

    folder = settings.data_dir(data_dir)
    try:
        app = open_store(data_dir, create=False)
    except NoStore:  # no store: the views (if any) are all there is
        if not settings.views_path(folder).exists():
            raise  # neither: a mistyped folder, which 'run `novus project`' could not help
        return 0
    last = app.max_notification_id()
    views_file = settings.views_path(folder)
    if views_file.exists():
        with contextlib.closing(Views(path=views_file)) as reader:
            position = reader.position()
        note_repaired(reader)
        if position >= last:
            return 0
    try:
        report = runner.catch_up(app, folder=folder)
    except ProjectorBusy:
        with contextlib.closing(Views(path=views_file)) as reader:
            behind = last - (reader.position() if views_file.exists() else 0)
        errors.print(
            "[yellow]note:[/] "
            + _(
                "the statistics are {n} events behind the store: another `novus project` is "
                "projecting this folder and will publish them",
                n=behind,
            ),
            highlight=False,
        )
        return behind
    if not quiet and report.events:
        errors.print(
            _("projected {n} new events first", n=report.events), style="dim", highlight=False
        )
    return 0


STAT_TABLES = (
    "games",
    "players",
    "ratings",
    "head-to-head",
    "by-player-count",
    "by-seat",
    "points",
    "seats",
    "decisions",
)
"""`novus stats --table` names besides the game's own tables (docs/cli.md)."""


def stat_frames(
    views: Views, game: str | None, player: str | None, bots: bool = True
) -> list[tuple[str, str, pd.DataFrame]]:
    """(name, title, rows) of every table `novus stats` shows for these filters."""
    players = views.player_stats(player=player, game=game)
    ratings = views.ratings(game=game, player=player, bots=bots)
    if not bots:
        players = players[players["player"].isin(set(ratings["player"]))]
    if player and players.empty:
        everyone = [str(p) for p in views.player_stats(game=game)["player"].tolist()]
        known = everyone[:8]
        where = _(" in {game}", game=game_title(game)) if game else ""
        hint = (
            (_("players: {names}", names=", ".join(known)) if known else _("no players yet"))
            + "; "
            + _("names must match exactly (`novus stats` lists them all)")
        )
        guess = closest(player, everyone)  # '민쥰' for 민준, who may not be among the eight
        raise NovusError(
            _("no projected games of player '{player}'{where}", player=player, where=where),
            hint=_("did you mean '{guess}'? {rest}", guess=guess, rest=hint) if guess else hint,
        )
    frames = [
        ("games", _("Games"), views.game_stats(game=game)),
        ("players", _("Players"), players),
        ("ratings", _("Ratings (OpenSkill; ordinal = mu - 3 sigma)"), ratings),
    ]
    if player:
        frames.append(("head-to-head", _("Head to head"), views.head_to_head(player, game=game)))
    if player:
        frames += [
            (
                "by-player-count",
                _("By player count"),
                views.player_stats_by_players(player=player, game=game),
            ),
            ("by-seat", _("By seat"), views.player_stats_by_seat(player=player, game=game)),
            (
                "points",
                _("Average points by category"),
                views.player_points(player=player, game=game),
            ),
        ]
    if game:
        frames += [
            ("seats", _("Seats"), views.seat_stats(game=game)),
            ("decisions", _("Decisions by kind"), views.action_stats(game=game)),
        ]
        frames += [
            (name, _(title), views.stat_table(game, name))
            for name, title in views.stat_tables(game)
        ]
    return frames


def stats(
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game.")] = None,
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player.")] = None,
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            "-t",
            help="Only this table (games, players, by-player-count, by-seat, points, seats, "
            "decisions, or one of the game's own); --csv prints players unless told.",
        ),
    ] = None,
    bots: Annotated[
        bool, typer.Option("--bots/--no-bots", help="Include players who only played as bots.")
    ] = True,
    as_json: Json = False,
    as_csv: Csv = False,
    data_dir: DataDir = None,
) -> None:
    """Player and game statistics from the projected views (new games are projected first)."""
    from projections.read import Views

    check_formats(as_json, as_csv)
    if game:
        game = game_code(game)  # an unknown name is an error, not empty tables
    behind = catch_up_views(data_dir, quiet=as_json or as_csv)
    with contextlib.closing(Views(data_dir)) as views:
        frames = stat_frames(views, game, player, bots)
    note_repaired(views)
    names = [name for name, _title, _rows in frames]
    chosen = table or ("players" if as_csv else None)
    if chosen is not None:
        if chosen not in names:
            hint = _("tables here: {names}", names=", ".join(names))
            guess = closest(chosen, names)
            if guess:
                hint = _("did you mean '{guess}'? {rest}", guess=guess, rest=hint)
            if chosen in STAT_TABLES[3:] or not game:
                hint += "; " + _(
                    "head-to-head, by-player-count, by-seat and points need --player; seats, "
                    "decisions and the game's tables need --game"
                )
            raise NovusError(_("no statistics table {name!r}", name=chosen), hint=hint)
        frames = [f for f in frames if f[0] == chosen]
    if as_json:
        emit_json(
            {
                "behind": behind,
                "tables": [
                    {"name": name, "title": title, "rows": json_rows(name, rows, frames)}
                    for name, title, rows in frames
                ],
            }
        )
        return
    if as_csv:
        rows = frames[0][2]
        emit_csv([str(c) for c in rows.columns], rows.to_dict(orient="records"))
        return
    for _name, title, rows in frames:
        console.print(frame_table(title, rows, game=game or ""))


def json_rows(
    name: str, rows: pd.DataFrame, frames: list[tuple[str, str, pd.DataFrame]]
) -> list[dict[str, Any]]:
    """A table's rows for `--json`; players also carry `win_rate_interval` [low, high] and
    `rating` {game, mu, sigma, ordinal, games} (with several games, the most played one's) and
    `ratings` (every game's)."""
    records: list[dict[str, Any]] = rows.to_dict(orient="records")
    if name != "players":
        return records
    rated = next((r for n, _t, r in frames if n == "ratings"), None)
    by_player: dict[str, list[dict[str, Any]]] = {}
    if rated is not None:
        for entry in rated.to_dict(orient="records"):
            by_player.setdefault(entry["player"], []).append(
                {k: entry[k] for k in ("game", "mu", "sigma", "ordinal", "games")}
            )
    for record in records:
        low, high = record.pop("win_rate_low", None), record.pop("win_rate_high", None)
        record["win_rate_interval"] = [low, high]
        mine = sorted(by_player.get(record["player"], []), key=lambda r: -int(r["games"]))
        record["rating"] = mine[0] if mine else None
        record["ratings"] = mine
    return records


def register(app: typer.Typer) -> None:
    app.command("project")(project)
    app.command("stats")(stats)
