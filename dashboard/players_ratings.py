"""The Players page's ratings, filtered results, head-to-head and strategy profile.

Every rate is shown with its sample size and 95% Wilson interval, and a rate from fewer than
`FEW` games is marked as such: a player with 2 wins in 3 games is not a 67% player.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

from application.i18n import N_, _
from application.view_words import Words
from dashboard import data
from dashboard.charts import tips
from dashboard.language import select_all
from dashboard.player_order import marked, ordered
from dashboard.tables import table

FEW = 10
"""Fewer games than this: the rate is shown as a small sample."""

SOURCES = (N_("simulation"), N_("import"), N_("manual"))
"""The source kinds of stored games (`Game.Started.source["kind"]`), in the catalog."""


PERCENT_FORMAT = "%.0f%%"
"""Whole percents, every row alike (Streamlit's "percent" preset shows "33.33%" beside "70%")."""
PERCENT_COLUMNS = (
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "player_share",
    "field_share",
    "player_win_rate",
    "field_win_rate",
)
"""Shares (0-1) that the Players tables show as percents."""


def in_percent(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` with its shares (`PERCENT_COLUMNS`) scaled to percents for `PERCENT_FORMAT`."""
    return frame.assign(**{c: frame[c] * 100 for c in PERCENT_COLUMNS if c in frame.columns})


def with_interval(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` (after `in_percent`) with the win rate's 95% interval in one column ("21–62%"):
    its two ends took two columns, and the results tables scrolled sideways at 800 px."""
    if "win_rate_low" not in frame.columns:
        return frame
    spans = [
        "" if pd.isna(low) or pd.isna(high) else f"{low:.0f}–{high:.0f}%"
        for low, high in zip(frame["win_rate_low"], frame["win_rate_high"], strict=True)
    ]
    at = list(frame.columns).index("win_rate_low")
    merged = frame.drop(columns=["win_rate_low", "win_rate_high"])
    merged.insert(at, "win_rate_interval", spans)
    return merged


def percent_column(label: str, help: str | None = None) -> Any:
    """A column of percents (scaled by `in_percent`), shown whole; `help`: the header's tooltip
    (a short header's full meaning)."""
    return st.column_config.NumberColumn(label, format=PERCENT_FORMAT, help=help)


def result_columns() -> dict[str, Any]:
    """Column titles and formats of a table of players' results (the Players page's tables;
    the frame goes through `in_percent`, then `with_interval`)."""
    return {
        "player": _("player"),
        "games": _("games"),
        "wins": _("wins"),
        "win_rate": percent_column(_("win rate")),
        "win_rate_interval": _("95% interval"),
        "average_score": st.column_config.NumberColumn(_("avg. score"), format="%.1f"),
        "best_score": _("best score"),
        "average_rank": st.column_config.NumberColumn(_("avg. rank"), format="%.2f"),
    }


def _sample(games: int) -> str:
    return _("few games") if games < FEW else ""


def ratings_chart(history: pd.DataFrame) -> alt.Chart:
    """Each player's rating (mu) after each of their rated games (in playing order; the date is
    in the tooltip), with a band of +- one sigma."""
    shown = history.assign(
        low=history["mu"] - history["sigma"],
        high=history["mu"] + history["sigma"],
        played=pd.to_datetime(history["played"], utc=True).dt.strftime("%Y-%m-%d %H:%M"),
    )
    base = alt.Chart(shown).encode(
        x=alt.X("nth:Q", title=_("games rated"), axis=alt.Axis(tickMinStep=1)),
        color=alt.Color("player:N", title=_("player")),
    )
    band = base.mark_area(opacity=0.15).encode(y="low:Q", y2="high:Q")
    line = base.mark_line(point=True).encode(
        y=alt.Y("mu:Q", title=_("rating (mu)"), scale=alt.Scale(zero=False)),
        tooltip=tips(
            shown,
            ["player", "nth", "played", "mu", "sigma", "ordinal"],
            {"nth": _("games rated"), "played": _("played on"), "mu": "mu", "sigma": "sigma"},
        ),
    )
    return (band + line).properties(height=260)


def section(folder: Path, game: str) -> None:
    """The ratings leaderboard and history, results under filters, head-to-head, profile."""
    views = data.views(folder)
    st.subheader(_("Ratings"))
    st.caption(
        _(
            "OpenSkill (Plackett-Luce) ratings, updated game by game in the order the games were "
            "played; the leaderboard sorts by ordinal = mu - 3 sigma, a rating the player very "
            "probably has at least."
        )
    )
    bots = st.toggle(_("Include bots"), value=True, key="r_bots")
    board = views.ratings(game=game, bots=bots)
    board = board.sort_values("ordinal", ascending=False)
    table(
        board.drop(columns=["game"]),
        hide_index=True,
        key="r_board",
        column_config={
            "player": _("player"),
            "mu": st.column_config.NumberColumn("mu", format="%.1f"),
            "sigma": st.column_config.NumberColumn("sigma", format="%.1f"),
            "ordinal": st.column_config.NumberColumn(_("ordinal"), format="%.1f"),
            "games": _("games"),
            "bot": _("bot"),
        },
    )
    top = list(board["player"].head(6))
    if top:
        history = views.rating_history(game=game, players=top)
        st.altair_chart(ratings_chart(history), key="r_history")
    _filtered_results(folder, game, bots)
    players = list(board["player"]) or list(views.player_stats(game=game)["player"])
    if not players:
        return
    bot_names = views.bot_players(game=game)
    player: str = st.selectbox(
        _("Player for head-to-head and profile"),
        ordered(players, bot_names),  # a person finds their name among names, not ratings
        key="r_player",
        format_func=lambda name: marked(name, bot_names),
    )
    st.subheader(_("{player}: head to head", player=player))
    rivals = views.head_to_head(player, game=game)
    table(
        rivals.drop(columns=["game"]),
        hide_index=True,
        key="r_h2h",
        # short headers, the full meaning in their tooltips: the English ones took 588 px in
        # the 566 of an 800 px window, and the table scrolled sideways
        column_config={
            "opponent": _("opponent"),
            "games": st.column_config.NumberColumn(_("games"), help=_("games together")),
            "ahead": st.column_config.NumberColumn(_("ahead"), help=_("finished ahead")),
            "behind": st.column_config.NumberColumn(_("behind"), help=_("finished behind")),
            "level": st.column_config.NumberColumn(_("level"), help=_("finished level")),
            "score_difference": st.column_config.NumberColumn(
                _("score diff."), format="%+.1f", help=_("mean score difference")
            ),
        },
    )
    _profile(folder, game, player)


def _filtered_results(folder: Path, game: str, bots: bool) -> None:
    views = data.views(folder)
    st.subheader(_("Results under filters"))
    options = data.query(
        folder,
        "SELECT DISTINCT players, source_kind, variant FROM games WHERE game = ? AND finished",
        [game],
    )
    left, middle, right = st.columns(3)
    counts = sorted(int(n) for n in options["players"].dropna().unique())
    every = _("all")  # what an empty filter shows (Streamlit's own placeholder is English)
    chosen_counts = left.multiselect(
        _("Player count"), counts, key="r_counts", placeholder=every, select_all=select_all()
    )
    kinds = sorted(str(k) for k in options["source_kind"].dropna().unique())
    chosen_kinds = middle.multiselect(
        _("Source"),
        kinds,
        key="r_sources",
        format_func=lambda k: _(k),
        placeholder=every,
        select_all=select_all(),
    )
    variants = sorted(str(v) for v in options["variant"].dropna().unique())
    chosen_variants = right.multiselect(
        _("Options"),
        variants,
        key="r_variants",
        format_func=lambda v: v or _("(defaults)"),
        placeholder=every,
        select_all=select_all(),
    )
    dates = st.date_input(_("Played between"), value=[], key="r_dates")
    since = dates[0] if isinstance(dates, tuple) and len(dates) >= 1 else None
    until = dates[1] if isinstance(dates, tuple) and len(dates) == 2 else None
    results = views.results(
        game,
        players=chosen_counts,
        sources=chosen_kinds,
        variants=chosen_variants,
        since=since,
        until=until,
        bots=bots,
    )
    if results.empty:
        st.info(_("No finished game matches these filters."))
        return
    results = results.assign(sample=[_sample(int(n)) for n in results["games"]])
    table(
        with_interval(in_percent(results)),
        hide_index=True,
        key="r_results",
        column_config={**result_columns(), "sample": _("sample")},
    )
    st.caption(
        _(
            "The 95% interval (Wilson) shows how far the true win rate may lie from the one "
            "measured; rates from fewer than {n} games are marked as few games.",
            n=FEW,
        )
    )


FACTS: dict[tuple[str, str], str] = {
    ("puerto-rico", "build"): N_("buildings bought"),
    ("puerto-rico", "produce"): N_("goods produced"),
    ("puerto-rico", "role"): N_("roles picked"),
    ("puerto-rico", "ship"): N_("goods shipped"),
    ("puerto-rico", "spoil"): N_("goods spoiled"),
    ("puerto-rico", "trade"): N_("goods traded"),
    ("santa-maria", "activate"): N_("buildings activated"),
    ("santa-maria", "bishop"): N_("bishops taken"),
    ("santa-maria", "colony"): N_("colony tiles placed"),
    ("santa-maria", "conquest"): N_("conquistador scoring"),
    ("santa-maria", "conquistador"): N_("conquistador steps"),
    ("santa-maria", "main"): N_("main actions"),
    ("santa-maria", "monk"): N_("monks placed"),
    ("santa-maria", "piety"): N_("piety steps"),
    ("santa-maria", "rest"): N_("rest spaces chosen"),
    ("santa-maria", "scholar"): N_("scholars taken"),
    ("santa-maria", "ship"): N_("shipping tiles taken"),
    ("santa-maria", "trade"): N_("trades"),
    ("century-new-world", "bonus"): N_("bonus tiles claimed"),
    ("century-new-world", "bump"): N_("bumps"),
    ("century-new-world", "bumped"): N_("bumped by others"),
    ("century-new-world", "card"): N_("point cards claimed"),
    ("century-new-world", "explore"): N_("explorations"),
    ("century-new-world", "place"): N_("locations worked"),
    ("century-new-world", "rest"): N_("rests"),
    ("century-new-world", "return"): N_("cubes returned"),
    ("century-new-world", "work"): N_("work by kind of location"),
    ("mundus-novus", "declare"): N_("cards declared for trades"),
    ("mundus-novus", "develop"): N_("development cards taken"),
    ("mundus-novus", "diff"): N_("sets of different kinds"),
    ("mundus-novus", "doubloons"): N_("doubloons by source"),
    ("mundus-novus", "end"): N_("turns ended"),
    ("mundus-novus", "event"): N_("events"),
    ("mundus-novus", "master"): N_("trade master"),
    ("mundus-novus", "personality"): N_("personalities"),
    ("mundus-novus", "pick"): N_("open cards picked"),
    ("mundus-novus", "relics"): N_("sets of Inca relics"),
    ("mundus-novus", "same"): N_("sets of the same kind"),
    ("mundus-novus", "same_relics"): N_("same-kind sets with Inca relics"),
    ("mundus-novus", "swap"): N_("swaps"),
    ("mundus-novus", "take"): N_("cards taken"),
}
"""The public facts of each game (`facts.fact` in DuckDB) as the strategy profile names them."""


def fact_name(game: str, fact: str) -> str:
    label = FACTS.get((game, fact))
    return _(label) if label else fact.replace("_", " ")


def _profile(folder: Path, game: str, player: str) -> None:
    views = data.views(folder)
    profile = views.strategy_profile(game, player)
    words = Words(game)
    st.subheader(_("{player}: strategy profile against the field", player=player))
    if profile.empty:
        st.info(_("No public facts for this player yet."))
        return
    rounds = views.round_profile(game, player, "role") if game == "puerto-rico" else None
    if rounds is not None and not rounds.empty:
        shown = rounds.assign(
            who=[_("this player") if m else _("the field") for m in rounds["mine"]],
            item=[words.value(str(i)) for i in rounds["item"]],
        )
        st.altair_chart(
            alt.Chart(shown)
            .mark_rect()
            .encode(
                x=alt.X("round:O", title=_("round")),
                y=alt.Y("item:N", title=None),
                color=alt.Color(
                    "share:Q", title=_("share of picks"), scale=alt.Scale(scheme="blues")
                ),
                column=alt.Column("who:N", title=None),
                tooltip=tips(
                    shown,
                    ["who", "round", "item", "times", "share"],
                    {"who": _("who"), "item": fact_name(game, "role")},
                ),
            )
            .properties(width=260),
            key="r_rounds",
        )
    facts = list(dict.fromkeys(profile["fact"]))
    fact: str = st.selectbox(
        _("Facts"), facts, key="r_fact", format_func=lambda f: fact_name(game, f)
    )
    shown = profile[profile["fact"] == fact].drop(columns=["fact"])
    shown = shown.assign(item=item_names(words, shown["item"]))
    # short headers with the full meaning in their tooltips, and "few games" said once under
    # the table instead of a column: the table took 742 px (English; Korean 705) in the 566 of
    # an 800 px window, and scrolled sideways
    table(
        in_percent(shown),
        hide_index=True,
        key="r_profile",
        column_config={
            "item": _("what"),
            "player_share": percent_column(_("share"), help=_("share of games")),
            "field_share": percent_column(_("field share"), help=_("the field's share")),
            "player_games": st.column_config.NumberColumn(_("games"), help=_("games with it")),
            "player_win_rate": percent_column(_("win rate"), help=_("win rate with it")),
            "field_win_rate": percent_column(
                _("field win rate"), help=_("the field's win rate with it")
            ),
        },
    )
    if (shown["player_games"] < FEW).any():
        st.caption(_("fewer than {n} games with it: the shares are rough", n=FEW))


def item_names(words: Words, items: Iterable[object]) -> list[str]:
    """The profile's items as people name them: English gave the codes as they are
    ("large_indigo_plant"), Korean the names; a code with no other word reads as the
    component's English name ("Large Indigo Plant")."""
    named = []
    for item in map(str, items):
        said = words.value(item)
        named.append(words.key(item) if said == item else said)
    return named
