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

from application.service import NovusApp, open_app
from application.settings import data_dir
from dashboard import boards, charts, data, stats
from dashboard.replay import (
    ScorePoint,
    frame,
    move_lines,
    round_jumps,
    score_timeline,
    scores_at,
)
from domain.core.errors import NovusError


@st.cache_resource
def _app(folder: str) -> NovusApp:
    return open_app(folder)


def app() -> NovusApp:
    return _app(str(data_dir()))


@st.cache_data
def _lines(folder: str, game: str, viewer: int | None = None) -> list[Any]:
    return move_lines(_app(folder), UUID(game), viewer)


@st.cache_resource(max_entries=64)
def _score_points(folder: str, game: str, public: bool = False) -> list[ScorePoint]:
    return score_timeline(_app(folder), UUID(game), public)


@st.cache_resource(max_entries=64)
def _score_spec(folder: str, game: str, public: bool = False) -> dict[str, Any]:
    """Shared, never mutated (`charts.at_step` copies the path it changes)."""
    return charts.score_spec(_score_points(folder, game, public))


def views_folder() -> Path:
    """The data folder, with the DuckDB views brought up to date with the store."""
    folder = data_dir()
    data.refresh(app(), folder)
    return folder


def library_page() -> None:
    st.title("Library")
    folder = views_folder()
    options = data.facets(folder)
    if not options.get("games"):
        st.info("No games yet: run `novus simulate` or upload a log on the Upload page.")
        return
    row1 = st.columns(4)
    game = row1[0].selectbox("Game", ["", *options["games"]], key="f_game")
    variants = sorted({v for g, v in options["variants"] if not game or g == game})
    variant = row1[1].selectbox("Variant", ["", *variants], key="f_variant")
    counts = row1[2].multiselect("Players", options["players"], key="f_players")
    sources = sorted({kind for kind, _ in options["sources"] if kind})
    source = row1[3].selectbox("Source", ["", *sources], key="f_source")
    row2 = st.columns(5)
    player = row2[0].selectbox("Player", ["", *options["player_names"]], key="f_player")
    winner = row2[1].selectbox("Winner", ["", *options["player_names"]], key="f_winner")
    text = row2[2].text_input("Search (id, names, options)", key="f_search")
    since = row2[3].date_input("Started from", value=None, key="f_since")
    until = row2[4].date_input("until", value=None, key="f_until")
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
    more = f" (newest {len(shown)} shown)" if len(shown) < matching else ""
    st.caption(f"{matching} of {data.total(folder)} games{more}")
    if not shown.empty and shown["synthetic"].any():
        st.caption(f"Rows marked synthetic use {boards.SYNTHETIC_LABEL}.")
    st.dataframe(
        shown,
        hide_index=True,
        column_config={"open": st.column_config.LinkColumn("open", display_text="replay")},
        key="library_table",
    )


MOVES_CSS = """<style>
div[class*='st-key-move_']{margin-top:-0.7rem}
div[class*='st-key-move_'] button{justify-content:flex-start;text-align:left;min-height:1.5rem;
  padding:0.05rem 0.4rem;width:100%}
div[class*='st-key-move_'] button p{font-size:0.85rem;text-align:left}
</style>"""


def _step_from_url(last: int) -> int:
    try:
        return max(0, min(int(st.query_params.get("step", "0")), last))
    except ValueError:
        return 0


def _seat_from_url(players: int) -> int | None:
    """The "view as" seat from `&seat=`; absent or not a seat of this game: the observer."""
    try:
        seat = int(st.query_params.get("seat", ""))
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
        return "Observer (every card)" if seat == OBSERVER else f"{names[seat]} (own cards only)"

    def changed() -> None:
        picked = st.session_state[f"view_as_{game}"]
        if picked == OBSERVER:
            st.query_params.pop("seat", None)
        else:
            st.query_params["seat"] = str(picked)

    key = f"view_as_{game}"
    wanted = OBSERVER if viewer is None else viewer
    if st.session_state.get(key) != wanted:  # a link, Back
        st.session_state[key] = wanted
    chosen: int = st.selectbox(
        "View as",
        options,
        format_func=label,
        key=key,
        on_change=changed,
        help="Observer: every card. A seat: what that player saw (other hands hidden; the "
        "other legal actions only at its own decisions).",
    )
    return None if chosen == OBSERVER else chosen


def replay_page() -> None:
    st.title("Replay")
    requested = st.query_params.get("game")
    if requested is None:
        ids = app().game_ids()
        if not ids:
            st.info("No games to replay yet.")
            return
        requested = str(ids[0])
    try:
        game = str(app().find(requested))  # a full id or a unique prefix, as in the CLI
    except NovusError as error:
        st.error(f"{error.message}; pick a game in the Library.")
        return
    if st.query_params.get("game") != game:
        st.query_params["game"] = game
    folder = str(data_dir())
    viewer = _view_as(app().timeline(UUID(game)).setup.players, game)
    try:
        lines = _lines(folder, game, viewer)
    except NovusError as error:
        record = app().history(UUID(game))
        installed = app().timeline(UUID(game)).rules.rules_version
        st.error(
            f"This game does not replay with the installed rules: {error.message}. It was "
            f"recorded with {record.game} rules version {record.rules_version!r}; this Novus "
            f"has {installed!r}. `novus verify {game[:8]}` shows the failing step."
        )
        return
    last = len(lines)
    timeline = app().timeline(UUID(game))
    setup = timeline.setup
    step = _step_from_url(last)
    note = boards.synthetic_note(timeline.rules, setup.options)
    if note:
        st.warning(note)

    def go(target: int) -> None:
        st.query_params["game"] = game
        st.query_params["step"] = str(max(0, min(target, last)))

    round_now, next_round, back_round = round_jumps(lines, step)
    b = st.columns([1, 1, 1, 1, 1.4, 1.4, 1.6])
    b[0].button("First", on_click=go, args=(0,), shortcut="Home", key="first")
    b[1].button("Prev", on_click=go, args=(step - 1,), shortcut="Left", key="prev")
    b[2].button("Next", on_click=go, args=(step + 1,), shortcut="Right", key="next")
    b[3].button("Last", on_click=go, args=(last,), shortcut="End", key="last")
    b[4].button("Round back (B)", on_click=go, args=(back_round,), shortcut="B", key="round_back")
    b[5].button("Next round (N)", on_click=go, args=(next_round,), shortcut="N", key="round")
    b[6].markdown(f"**Step {step} / {last}** · round {round_now}")
    picked = st.slider("Step", 0, last, step, key=f"slider_{game}_{step}")
    if picked != step:
        go(picked)
        st.rerun()
    st.caption(
        "Keys: Left/Right one step, Home/End first/last, N next round, B round back. "
        "The address bar holds the step: copy it to share this position."
    )
    view = frame(app(), UUID(game), step, viewer)
    left, right = st.columns([3, 2])
    with left:
        st.html(MOVES_CSS + view.board)
    with right:
        if view.chosen is None and view.seat is not None:
            name = setup.players[view.seat]
            st.markdown(f"**Next decision: {name}**")
            seen = setup.players[viewer] if viewer is not None else ""
            st.caption(f"Seen as {seen}: the choice and the legal actions are hidden.")
        elif view.chosen is not None and view.seat is not None:
            name = setup.players[view.seat]
            st.markdown(f"**Next decision: {name}** chose `{view.chosen}`")
            if view.alternatives:
                shown = ", ".join(view.alternatives[:15])
                more = len(view.alternatives) - 15
                st.caption(f"Also legal: {shown}" + (f" and {more} more" if more > 0 else ""))
                with st.expander(f"The {len(view.alternatives)} other legal actions in words"):
                    st.markdown("\n".join(f"- {text}" for text in view.described))
            else:
                st.caption("No other action was legal.")
        st.subheader("Moves")
        start = max(0, min(step - 6, last - 22))
        with st.container(height=520, key="moves"):
            for line in lines[start : start + 22]:
                label = f"{line.step}. (r{line.round}) {line.text}"
                st.button(
                    label,
                    key=f"move_{line.step}",
                    type="primary" if line.step == step else "tertiary",
                    on_click=go,
                    args=(line.step,),
                )
        st.subheader("Score over time")
        public = viewer is not None
        spec = charts.at_step(_score_spec(folder, game, public), step)
        st.vega_lite_chart(spec, key="score_chart")
        st.dataframe(
            scores_at(_score_points(folder, game, public), step),
            hide_index=True,
            key="score_table",
        )


def games_page() -> None:
    stats.games_page(views_folder())


def players_page() -> None:
    stats.players_page(views_folder())


def upload_page() -> None:
    from dashboard.upload import upload_page as page

    page(app(), after_import=lambda a: data.refresh(a, data_dir()))
