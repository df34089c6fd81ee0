"""The dashboard pages, one function each, so tests can run a page on its own.

Pages: Library (all games, filtered; a click opens the replay), Replay (board, move list, score
chart, step in the URL), Games (statistics). The store is read through the application, so what
is shown is what the engine recomputes from the events.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any
from uuid import UUID

import streamlit as st

from application.i18n import _, _n, current_language, explained, pgettext, set_language
from application.service import NovusApp, open_app
from application.settings import data_dir
from dashboard import (
    analysis_chart,
    boards,
    data,
    replay_payload,
    replay_widget,
    stats,
    step_charts,
)
from dashboard.language import game_title, select_all, source_name
from dashboard.option_words import variant_words
from dashboard.tables import table
from domain.core.errors import NovusError


# Cached functions say nothing while they run (`show_spinner=False`): Streamlit's own spinner
# read "Running _payload(...)." in English on every page; the replay says its own words.
@st.cache_resource(show_spinner=False)
def _app(folder: str) -> NovusApp:
    return open_app(folder)


def app() -> NovusApp:
    return _app(str(data_dir()))


@st.cache_resource(max_entries=16, show_spinner=False)
def _payload(
    folder: str, game: str, viewer: int | None, lang: str, stamp: tuple[int, int] = (0, 0)
) -> dict[str, Any]:
    """The whole replay of a game for the browser, in `lang`; shared, never mutated."""
    set_language(lang)  # the cache key: this thread's language already is `lang`
    return replay_payload.build(_app(folder), UUID(game), viewer)


def column_labels(columns: Any) -> dict[str, Any]:
    """Display labels of the Library's columns (the names stay the DuckDB ones)."""
    labels = {
        "game": pgettext("column", "game"),
        "variant": pgettext("column", "variant"),
        "players": pgettext("column", "players"),
        "names": pgettext("column", "names"),
        "source": pgettext("column", "source"),
        "date": pgettext("column", "date"),
        "started": pgettext("column", "started"),
        "steps": pgettext("column", "steps"),
        "winner": pgettext("column", "winner"),
        "finished": pgettext("column", "finished"),
        "id": pgettext("column", "id"),
        "synthetic": pgettext("column", "synthetic"),
    }
    return {c: labels[c] for c in columns if c in labels}


LIBRARY_ORDER = (
    "open",
    "date",
    "game",
    "winner",
    "names",
    "players",
    "started",
    "steps",
    "finished",
    "source",
    "variant",
    "id",
    "synthetic",
)
"""The Library's columns, what a reader scans for first (when, which game, who won, who
played) at the left: a narrow window shows them before the long variant options."""

LIBRARY_SHORT = LIBRARY_ORDER[:5]
"""The columns shown unless every column is asked for: the table fits 800 px (the tablet at
the table; the sidebar leaves the table 568 px), where the player count, time, steps and the
rest scrolled sideways."""

LIBRARY_WIDTHS: dict[str, int] = {"open": 72, "date": 92, "game": 124, "winner": 100, "names": 170}
"""The short table's column widths in px (5 columns, 558 px: within the 568 px at 800 px);
cut names show whole on hover."""


def library_columns(columns: Any) -> dict[str, Any]:
    """The Library's column configuration: labels, the replay link, the short table's widths,
    capped widths for the long variant options and ids (their full text shows on hover)."""
    labels = column_labels(columns)
    config: dict[str, Any] = {
        **labels,
        "open": st.column_config.LinkColumn(
            _("open"), display_text=_("replay"), width=LIBRARY_WIDTHS["open"]
        ),
    }
    for name in ("date", "game", "winner", "names"):
        if name in labels:
            config[name] = st.column_config.TextColumn(labels[name], width=LIBRARY_WIDTHS[name])
    for name in ("variant", "id"):
        if name in labels:
            config[name] = st.column_config.TextColumn(labels[name], width="medium")
    return config


def no_games() -> str:
    """What an empty data folder's Library and Replay say: where games come from."""
    return _(
        "No games yet: record one on the Play page, upload a log on the Upload page, or fill "
        "the folder with sample games (`novus demo`)."
    )


def views_folder() -> Path:
    """The data folder, with the DuckDB views brought up to date with the store."""
    folder = data_dir()
    data.refresh(app(), folder)
    return folder


def library_page() -> None:
    st.title(_("Library"))
    folder = views_folder()
    options = data.facets(folder)
    if not options.get("games"):
        st.info(no_games())
        return
    row1 = st.columns(4)
    every = _("all")  # what an empty filter shows (Streamlit's own placeholder is English)
    game = row1[0].selectbox(
        _("Game"), ["", *options["games"]], key="f_game", format_func=game_title, placeholder=every
    )
    of_game = {v: g for g, v in reversed(options["variants"]) if not game or g == game}
    variants = sorted(of_game)
    lang = current_language()

    def variant_name(code: str) -> str:  # the options in words; the filter keeps the code
        if not code:
            return code
        said = variant_words(of_game[code], code, lang)
        return said if game else f"{game_title(of_game[code])}: {said}"

    variant = row1[1].selectbox(
        _("Variant"),
        ["", *variants],
        key="f_variant",
        placeholder=every,
        format_func=variant_name,
    )
    counts = row1[2].multiselect(  # how many played; Korean must not read as "Player" below
        pgettext("filter", "Players"),
        options["players"],
        key="f_players",
        placeholder=every,
        select_all=select_all(),
    )
    sources = sorted({kind for kind, _ in options["sources"] if kind})
    source = row1[3].selectbox(
        _("Source"), ["", *sources], key="f_source", format_func=source_name, placeholder=every
    )
    row2 = st.columns(3)  # five to a row showed "yyyy/" of a date box at 800 px
    names = ["", *options["player_names"]]
    player = row2[0].selectbox(_("Player"), names, key="f_player", placeholder=every)
    winners = ["", *options.get("winner_names", [])]
    winner = row2[1].selectbox(_("Winner"), winners, key="f_winner", placeholder=every)
    text = row2[2].text_input(_("Search (id, names, options)"), key="f_search")
    row3 = st.columns(3)
    since = row3[0].date_input(_("Started from"), value=None, key="f_since")
    until = row3[1].date_input(_("until"), value=None, key="f_until")
    chosen = data.LibraryFilter(
        game=game,
        variant=variant,
        players=tuple(int(n) for n in counts),
        source=source,
        player=player,
        winner=winner,
        text=text.strip(),
        since=since if isinstance(since, date) else None,
        until=until if isinstance(until, date) else None,
    )
    shown, matching = data.library(folder, chosen)
    total = data.total(folder)
    if len(shown) < matching:
        st.caption(
            _n(
                "{matching} of {n} game (newest {shown} shown)",
                "{matching} of {n} games (newest {shown} shown)",
                total,
                matching=matching,
                shown=len(shown),
            )
        )
    else:
        st.caption(
            _n("{matching} of {n} game", "{matching} of {n} games", total, matching=matching)
        )
    if not shown.empty and shown["synthetic"].any():
        st.caption(_("Rows marked synthetic use {label}.", label=_(boards.SYNTHETIC_LABEL)))
    if not shown.empty:
        shown = shown.assign(
            variant=[
                variant_words(g, v) for g, v in zip(shown["game"], shown["variant"], strict=True)
            ],
            game=shown["game"].map(game_title),
            source=shown["source"].map(source_name),
            open=shown["open"] + f"&lang={current_language()}",
        )
    all_columns = st.toggle(_("Every column"), key="f_columns")  # off: the table fits 800 px
    table(
        shown,
        hide_index=True,
        column_order=[c for c in (LIBRARY_ORDER if all_columns else LIBRARY_SHORT) if c in shown],
        column_config=library_columns(shown.columns),
        key="library_table",
    )


def _step_from_url(last: int) -> int:
    """The step in `?step=`, clamped to the game, and the address corrected to match: a step
    past the end shows the last one, a word shows step 0 with a message."""
    given = st.query_params.get("step")
    if given is None:
        step = 0
    else:
        try:
            step = max(0, min(int(given), last))
        except ValueError:
            st.warning(
                _(
                    "The address asks for step {given!r}, which is not a number: showing "
                    "step 0. Use a number from 0 to {last}.",
                    given=given,
                    last=last,
                )
            )
            step = 0
    if given != str(step):
        st.query_params["step"] = str(step)
    return step


def _seat_from_url(players: int) -> int | None:
    """The "view as" seat from `&seat=` (counted from 1, as people and the charts count: seat 1
    moves first); absent or not a seat of this game: the observer."""
    try:
        seat = int(st.query_params.get("seat", "")) - 1
    except ValueError:
        return None
    return seat if 0 <= seat < players else None


OBSERVER = -1
"""The selector's value for the observer: Streamlit shows a None value as "no choice"."""


def _view_as(names: tuple[str, ...] | list[str], game: str) -> int | None:
    """The "view as" selector (observer or one seat), kept in the URL as `&seat=`."""
    viewer = _seat_from_url(len(names))
    options = [OBSERVER, *range(len(names))]

    def label(seat: int) -> str:
        if seat == OBSERVER:
            return _("Observer (every card)")
        return _("{player} (own cards only)", player=names[seat])

    def changed() -> None:
        picked = st.session_state[f"view_as_{game}"]
        if picked == OBSERVER:
            st.query_params.pop("seat", None)
        else:
            st.query_params["seat"] = str(picked + 1)

    key = f"view_as_{game}"
    wanted = OBSERVER if viewer is None else viewer
    if st.session_state.get(key) != wanted:  # a link, Back
        st.session_state[key] = wanted
    chosen: int = st.selectbox(
        _("View as"),
        options,
        format_func=label,
        key=key,
        on_change=changed,
        help=_(
            "Observer: every card. A seat: what that player saw (other hands hidden; the "
            "other legal actions only at its own decisions)."
        ),
    )
    return None if chosen == OBSERVER else chosen


def replay_page() -> None:
    st.title(_("Replay"))
    requested = st.query_params.get("game")
    if requested is None:
        first = next(app().iter_game_ids(page=1), None)  # one row of the games index
        if first is None:
            st.info(no_games())  # was "No games to replay yet.", and no word of what to do
            return
        requested = str(first)
    try:
        game = str(app().find(requested))  # a full id or a unique prefix, as in the CLI
    except NovusError as error:
        st.error(_("{problem}; pick a game in the Library.", problem=explained(error)[0]))
        return
    if st.query_params.get("game") != game:
        st.query_params["game"] = game
    folder = str(data_dir())
    viewer = _view_as(app().timeline(UUID(game)).setup.players, game)
    timeline = app().timeline(UUID(game), fresh=True)  # a game in progress moves on
    stamp = (len(timeline.steps), timeline.version or 0)  # or is taken back: a new payload
    note = boards.synthetic_note(timeline.rules, timeline.setup.options)
    if note:
        st.warning(note)
    _import_notes(UUID(game))
    try:
        with st.spinner(_("Preparing the replay…")):
            built = _payload(folder, game, viewer, current_language(), stamp)
    except NovusError as error:
        record = app().history(UUID(game))
        st.error(
            _(
                "This game does not replay with the installed rules: {problem}. It was "
                "recorded with {game} rules version {recorded!r}; this Novus has {installed!r}. "
                "`novus verify {short}` shows the failing step.",
                problem=explained(error)[0],
                game=record.game,
                recorded=record.rules_version,
                installed=timeline.rules.rules_version,
                short=game[:8],
            )
        )
        return
    last = int(built["last"])
    step = _step_from_url(last)
    payload = replay_payload.add_charts(built, under_board(UUID(game), viewer, last))
    if chart_withheld(UUID(game), viewer, last):
        st.caption(
            _(
                "The win-chance chart is shown in the observer's view only: each step's "
                "chances were judged with the mover's own cards, which this seat cannot see."
            )
        )
    payload = with_analysis(payload, UUID(game))
    replay_widget.show(payload)
    from dashboard.play import replay_hook  # the Play page's "branch from here" (issue 22)

    replay_hook(app(), UUID(game), _current_step(game, step))


def _current_step(game: str, shown: int) -> int:
    """The step the replay shows now: the browser's last report for this game, else the
    address's."""
    reported = replay_widget.reported_step(game)
    return shown if reported is None else reported


def _import_notes(game: UUID) -> None:
    """What the importer inferred or corrected (lenient spellings, a missing subject, an assumed
    opening row), kept in the game's source: shown above the replay."""
    notes = app().history(game).source.get("notes") or []
    if notes:
        with st.expander(_("What the import inferred or corrected ({n})", n=len(notes))):
            st.markdown("\n".join(f"- {n}" for n in notes))


def under_board(game: UUID, viewer: int | None, last: int) -> list[step_charts.ChartGroup]:
    """More charts to draw under the board, after the score chart; each is drawn once per game
    (`step_charts`) and its step marker follows the replay in the browser. Issue 23 adds the
    win-chance chart here (`step_charts.line_group`)."""
    found = _current_analysis(game, last)
    if found is None or _withheld(found, viewer):
        return []
    return [analysis_chart.win_chance_group(found, last)]


def chart_withheld(game: UUID, viewer: int | None, last: int) -> bool:
    """Whether the game has a win-chance chart that this seat's view leaves out (so the page
    says why, instead of the chart vanishing when a seat is picked)."""
    found = _current_analysis(game, last)
    return found is not None and _withheld(found, viewer)


def _current_analysis(game: UUID, last: int) -> dict[str, Any] | None:
    """The game's analysis if it covers the game as recorded now (not before a new step)."""
    found = game_analysis(game)
    return found if found is not None and len(found["steps"]) == last + 1 else None


def _withheld(found: dict[str, Any], viewer: int | None) -> bool:
    """Each step's chances use that mover's own cards: not for another seat."""
    return viewer is not None and analysis_chart.private(found)


def game_analysis(game: UUID) -> dict[str, Any] | None:
    """The game's analysis (`novus analyse`), re-read when the published file changes."""
    from analysis.store import published_path

    folder = data_dir()
    path = published_path(folder)
    stamp = path.stat().st_mtime_ns if path.exists() else 0
    return _game_analysis(str(folder), str(game), stamp) if stamp else None


@st.cache_data(max_entries=32, show_spinner=False)
def _game_analysis(folder: str, game: str, stamp: int) -> dict[str, Any] | None:
    from analysis.read import game_analysis as read

    return read(Path(folder), game)


def with_analysis(payload: dict[str, Any], game: UUID) -> dict[str, Any]:
    """The payload with the turning points marked in the move list and their alternatives."""
    found = game_analysis(game)
    if found is None or len(found["steps"]) != int(payload["last"]) + 1:
        return payload
    timeline = app().timeline(game)
    describe = analysis_chart.describer(timeline.rules, timeline.setup, timeline.steps)
    return analysis_chart.annotate(payload, found, describe)


def games_page() -> None:
    stats.games_page(views_folder())


def players_page() -> None:
    stats.players_page(views_folder())


def play_page() -> None:
    from dashboard.play import play_page as page

    page(app())


def upload_page() -> None:
    from dashboard.upload import upload_page as page

    page(app(), after_import=lambda a: data.refresh(a, data_dir()))
