"""The Players and Games statistics pages, read from the DuckDB views (`dashboard.data`).

Players: win rates, score distributions, per-seat results and points by category of each
player. Games: counts, score distributions, first-player (seat) advantage per player count, and
every statistics view the game's projection module offers (`projections/games/<game>.py`: Puerto
Rico, Century: New World, Santa Maria, Mundus Novus, and any module added later), each as a chart
(a chosen one in `GAME_CHARTS`, else `default_chart`) and a table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import altair as alt
import pandas as pd
import streamlit as st

from application.i18n import N_, _, _n, current_language, number
from application.view_words import Words, column_name
from dashboard import analysis_chart, charts, data, players_ratings
from dashboard.language import category, game_title
from dashboard.player_order import marked, people_first
from dashboard.tables import table


def no_data() -> str:
    return _(
        "No finished games yet: finish one on the Play page, upload logs on the Upload page, "
        "or fill the folder with sample games (`novus demo`)."
    )


def _game_filter(folder: Path, key: str) -> str | None:
    names = data.query(folder, "SELECT DISTINCT game FROM seats ORDER BY game")
    if names.empty:
        return None
    options = list(names["game"])
    choice: str = st.selectbox(_("Game"), options, key=key, format_func=game_title)
    return choice


def players_page(folder: Path) -> None:
    st.title(_("Players"))
    game = _game_filter(folder, "p_game")
    if game is None:
        st.info(no_data())
        return
    views = data.views(folder)
    bots = views.bot_players(game=game)
    stats = people_first(views.player_stats(game=game), bots)  # people look for their name
    st.metric(_("Players"), len(stats))
    st.subheader(_("Win rates"))
    st.altair_chart(charts.win_rates(stats, bots), key="p_win_rates")
    table(
        players_ratings.with_interval(players_ratings.in_percent(stats)),
        hide_index=True,
        key="p_table",
        column_config=players_ratings.result_columns(),
    )
    top = list(stats["player"].head(12))
    scores = data.query(
        folder,
        f"SELECT player, total FROM seats WHERE game = ? AND player IN "
        f"({', '.join('?' for _ in top)})",
        [game, *top],
    )
    st.subheader(_("Score distributions"))
    st.altair_chart(
        charts.score_distribution(scores, "player", _("player"), order=top), key="p_scores"
    )
    player: str = st.selectbox(
        _("Player"),
        list(stats["player"]),
        key="p_player",
        format_func=lambda name: marked(name, bots),
    )
    by_seat = views.player_stats_by_seat(player=player, game=game)
    st.subheader(_("{player}: results by seat", player=player))
    st.altair_chart(charts.seat_advantage(by_seat), key="p_seats")
    points = views.player_points(game=game)
    points = points[points["player"].isin(top)]
    points = points.assign(category=[category(c, game) for c in points["category"]])
    st.subheader(_("Points by category"))
    st.altair_chart(
        charts.category_points(points, "player", _("player"), order=top), key="p_points"
    )
    analysis_chart.accuracy_section(folder, game)
    players_ratings.section(folder, game)


ChartFor = Callable[[pd.DataFrame], alt.Chart]


def location_names(df: pd.DataFrame) -> list[str]:
    """Century's locations as the move list names them: the board location with its kind
    ('B1-3 (업그레이드)'), the kind already in the display language (`localized`)."""
    return [
        _("{location} ({kind})", location=loc, kind=kind) if kind else str(loc)
        for loc, kind in zip(df["location"], df["kind"].fillna(""), strict=True)
    ]


GAME_CHARTS: dict[tuple[str, str], ChartFor] = {
    ("puerto-rico", "role_picks"): lambda df: charts.bar(df, "picks", "role", _("picks")),
    ("puerto-rico", "role_picks_by_round"): lambda df: charts.heatmap(
        df, "round", "role", "share", _("share of picks")
    ),
    ("puerto-rico", "buildings"): lambda df: charts.bar(
        df.dropna(subset=["win_correlation"]),
        "win_correlation",
        "building",
        _("correlation of buying it with winning"),
    ),
    ("puerto-rico", "points"): lambda df: charts.grouped(
        df, "category", ["average", "average_of_winners"], _("points")
    ),
    ("puerto-rico", "goods"): lambda df: charts.grouped(
        df, "good", ["produced", "traded", "shipped", "spoiled"], _("barrels")
    ),
    ("mundus-novus", "same_set_sizes"): lambda df: charts.heatmap(
        df, "size", "kind", "sets", _("sets")
    ),
    ("mundus-novus", "trade_master"): lambda df: charts.bar(  # seats counted as the page does
        df.assign(seat=[str(int(s) + 1) for s in df["seat"]]),
        "trades_won",
        "seat",
        _("trades won (seat 1 = first player)"),
    ),
    ("mundus-novus", "declared"): lambda df: charts.bar(  # '3' alone did not say 3 what
        df.assign(cards=[_n("{n} card", "{n} cards", int(n), n=int(n)) for n in df["cards"]]),
        "trades",
        "cards",
        _("trades"),
    ),
    ("mundus-novus", "development"): lambda df: charts.bar(
        df.dropna(subset=["win_correlation"]),
        "win_correlation",
        "card_kind",
        _("correlation of taking one with winning"),
    ),
    ("century-new-world", "locations"): lambda df: charts.bar(  # 'B1-3' alone named nothing
        df.assign(location=location_names(df)), "uses", "location", _("uses")
    ),
    ("century-new-world", "cards"): lambda df: charts.bar(  # how often, not printed points
        df, "claims", "card", _("times claimed")
    ),
    ("santa-maria", "scholars"): lambda df: charts.bar(
        df.dropna(subset=["win_correlation"]),
        "win_correlation",
        "scholar",
        _("correlation of taking it with winning"),
    ),
}
"""Charts chosen for some statistics views; any other view gets `default_chart`."""


COUNT_COLUMNS = (
    N_("activations"),
    N_("average"),
    N_("awards"),
    N_("bought"),
    N_("cards"),
    N_("chosen"),
    N_("doubloons"),
    N_("games"),
    N_("picked from supply"),
    N_("picks"),
    N_("placed"),
    N_("points"),
    N_("produced"),
    N_("round"),
    N_("rounds"),
    N_("seat"),
    N_("seats"),
    N_("sets"),
    N_("ships"),
    N_("size"),
    N_("taken by seats"),
    N_("uses"),
)
"""The count columns the statistics views of the four games chart by default (their axis
titles; `N_` puts them in the catalog)."""


def localized(game: str, df: pd.DataFrame) -> pd.DataFrame:
    """A statistics table with its coded text cells (roles, buildings, goods, score categories
    ...) in the display language; the numbers and the DuckDB data stay as they are."""
    if current_language() == "en" or df.empty:
        return df
    words = Words(game)
    out = df.copy()
    for column in out.columns:
        if pd.api.types.is_numeric_dtype(out[column].dtype):
            continue
        if column == "category":
            out[column] = [category(v, game) if isinstance(v, str) else v for v in out[column]]
        else:
            out[column] = [words.value(v) if isinstance(v, str) else v for v in out[column]]
    return out


def headed(df: pd.DataFrame) -> pd.DataFrame:
    """`df` with its column names as the display language writes them."""
    return df.rename(columns=column_name)


def default_chart(df: pd.DataFrame) -> alt.Chart | None:
    """A bar chart of a statistics table of any game: its first numeric column (counts come
    first in every view) against its first text column; None when it has no such pair."""
    if df.empty:
        return None
    labels = [c for c in df.columns if pd.api.types.is_string_dtype(df[c].dtype)]
    numbers = [c for c in df.columns if pd.api.types.is_numeric_dtype(df[c].dtype)]
    numbers = [c for c in numbers if df[c].dtype != bool]
    if not labels or not numbers:
        return None
    label, value = labels[0], numbers[0]
    shown = df[[label, value]].dropna().astype({label: str})
    return charts.bar(shown, value, label, _(value.replace("_", " ")))


def chart_for(game: str, name: str, df: pd.DataFrame) -> alt.Chart | None:
    """The chart of statistics view `name` of `game` (None: the table alone)."""
    chart = GAME_CHARTS.get((game, name))
    if chart is not None and not df.empty:
        return chart(df)
    return default_chart(df)


def games_page(folder: Path) -> None:
    st.title(_("Games"))
    overview = data.query(folder, "SELECT * FROM game_stats ORDER BY game")
    views = data.views(folder)
    if overview.empty:
        st.info(no_data())
        return
    total = int(overview["games"].sum())
    st.metric(_("Games stored"), total)
    game = _game_filter(folder, "g_game")
    if game is None:
        st.info(no_data())
        return
    row = overview[overview["game"] == game].iloc[0]
    # three and two a row: five in one row cut the labels at 800 px ("Average winnin…")
    m = [*st.columns(3), *st.columns(3)[:2]]
    m[0].metric(_("Games"), int(row["games"]))
    m[1].metric(_("Finished"), int(row["finished"]))
    m[2].metric(_("Average steps"), number(row["average_steps"], 0))
    m[3].metric(_("Average score"), number(row["average_score"], 1))
    m[4].metric(_("Average winning score"), number(row["average_winning_score"], 1))
    scores = data.query(
        folder,
        "SELECT players, total FROM seats WHERE game = ?",
        [game],
    )
    scores = scores.assign(
        players=[_n("{n} player", "{n} players", int(n)) for n in scores["players"]]
    )
    st.subheader(_("Score distribution by player count"))
    st.altair_chart(charts.score_distribution(scores, "players", None), key="g_scores")
    seats = views.seat_stats(game=game)
    st.subheader(_("Seat advantage (win rate by seat; dashed: a fair share)"))
    st.altair_chart(charts.seat_advantage(seats), key="g_seats")
    for name, title in views.stat_tables(game):
        df = localized(game, views.stat_table(game, name))
        st.subheader(_(title))
        chart = chart_for(game, name, df)
        if chart is not None:
            st.altair_chart(chart, key=f"g_{name}")
        with st.expander(_("{title}: table", title=_(title))):
            table(headed(df), hide_index=True, key=f"g_table_{name}")
