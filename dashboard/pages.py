"""The dashboard pages, one function each, so tests can run a page on its own.

Pages: Library (all games, filtered; a click opens the replay), Replay (board, move list, score
chart, step in the URL), Games (statistics). The store is read through the application, so what
is shown is what the engine recomputes from the events.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pandas as pd
import streamlit as st

from application.service import NovusApp, open_app
from application.settings import data_dir
from dashboard import boards
from dashboard.replay import frame, move_lines
from domain.core import registry


@st.cache_resource
def _app(folder: str) -> NovusApp:
    return open_app(folder)


def app() -> NovusApp:
    return _app(str(data_dir()))


@st.cache_data
def _lines(folder: str, game: str) -> list[Any]:
    return move_lines(_app(folder), UUID(game))


def summaries_frame() -> pd.DataFrame:
    rows = []
    for s in app().summaries():
        winners = ", ".join(s.players[w] for w in s.winners or ())
        rows.append(
            {
                "open": f"replay?game={s.id}&step=0",
                "game": s.game,
                "players": len(s.players),
                "names": ", ".join(s.players),
                "source": str(s.source.get("kind", "")),
                "created": s.created[:19],
                "steps": s.steps,
                "winner": winners,
                "id": str(s.id),
                "synthetic": s.options.get("pack") == "synthetic",
            }
        )
    return pd.DataFrame(rows)


def library_page() -> None:
    st.title("Library")
    df = summaries_frame()
    if df.empty:
        st.info("No games yet: run `novus simulate` or upload a log on the Upload page.")
        return
    cols = st.columns(4)
    games = cols[0].multiselect("Game", sorted(df["game"].unique()), key="f_game")
    counts = cols[1].multiselect("Players", sorted(df["players"].unique()), key="f_players")
    sources = cols[2].multiselect("Source", sorted(df["source"].unique()), key="f_source")
    search = cols[3].text_input("Search players / winner / id", key="f_search")
    shown = df
    if games:
        shown = shown[shown["game"].isin(games)]
    if counts:
        shown = shown[shown["players"].isin(counts)]
    if sources:
        shown = shown[shown["source"].isin(sources)]
    if search:
        text = shown["names"] + " " + shown["winner"] + " " + shown["id"]
        shown = shown[text.str.contains(search, case=False, regex=False)]
    st.caption(f"{len(shown)} of {len(df)} games")
    if shown["synthetic"].any():
        st.caption(f"Rows marked synthetic use {boards.SYNTHETIC_LABEL}.")
    st.dataframe(
        shown,
        hide_index=True,
        column_config={"open": st.column_config.LinkColumn("open", display_text="replay")},
        key="library_table",
    )


def _step_from_url(last: int) -> int:
    try:
        return max(0, min(int(st.query_params.get("step", "0")), last))
    except ValueError:
        return 0


def replay_page() -> None:
    st.title("Replay")
    ids = [str(g) for g in app().game_ids()]
    if not ids:
        st.info("No games to replay yet.")
        return
    game = st.query_params.get("game", ids[0])
    if game not in ids:
        st.error(f"No game {game!r} in this data folder; pick one in the Library.")
        return
    folder = str(data_dir())
    lines = _lines(folder, game)
    last = len(lines)
    record = app().history(UUID(game))
    rules = registry.get(record.game)
    step = _step_from_url(last)
    note = boards.synthetic_note(rules, record.setup.options)
    if note:
        st.warning(note)

    def go(target: int) -> None:
        st.query_params["game"] = game
        st.query_params["step"] = str(max(0, min(target, last)))

    round_now = lines[step - 1].round if step else 1
    next_round = next((ln.step for ln in lines if ln.round > round_now), last)
    b = st.columns(6)
    b[0].button("First", on_click=go, args=(0,), shortcut="Home", key="first")
    b[1].button("Prev", on_click=go, args=(step - 1,), shortcut="Left", key="prev")
    b[2].button("Next", on_click=go, args=(step + 1,), shortcut="Right", key="next")
    b[3].button("Last", on_click=go, args=(last,), shortcut="End", key="last")
    b[4].button("Next round (N)", on_click=go, args=(next_round,), shortcut="N", key="round")
    b[5].markdown(f"**Step {step} / {last}**")
    picked = st.slider("Step", 0, last, step, key=f"slider_{game}_{step}")
    if picked != step:
        go(picked)
        st.rerun()
    view = frame(app(), UUID(game), step)
    left, right = st.columns([3, 2])
    with left:
        st.html(view.board)
        if view.chosen is not None and view.seat is not None:
            name = record.setup.players[view.seat]
            st.markdown(f"**Next decision: {name}** chose `{view.chosen}`")
            if view.alternatives:
                st.caption("Also legal: " + ", ".join(view.alternatives))
    with right:
        st.subheader("Moves")
        start = max(0, step - 12)
        for line in lines[start : start + 25]:
            label = f"{line.step}. (r{line.round}) {line.text}"
            st.button(
                label,
                key=f"move_{line.step}",
                type="primary" if line.step == step else "tertiary",
                on_click=go,
                args=(line.step,),
            )


def games_page() -> None:
    st.title("Games")
    df = summaries_frame()
    if df.empty:
        st.info("No games yet.")
        return
    st.metric("Games stored", len(df))
    by_game = df.groupby("game").size().rename("games")
    st.bar_chart(by_game)
    finished = [s for s in app().summaries() if s.winners]
    seat_wins: dict[int, int] = {}
    for s in finished:
        for w in s.winners or ():
            seat_wins[w + 1] = seat_wins.get(w + 1, 0) + 1
    if seat_wins:
        st.subheader("Wins by seat")
        st.bar_chart(pd.Series(seat_wins, name="wins").sort_index())
