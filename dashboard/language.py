"""The dashboard's display language: `?lang=ko|en` in the address, else the browser's
Accept-Language, else English; a switch in the sidebar changes the address.

Chosen at the start of every script run (each session runs in a thread of its own, and the
language is per thread: `application.i18n.set_language`).
"""

from __future__ import annotations

import streamlit as st

from application.i18n import (
    LANGUAGES,
    N_,
    NAMES,
    _,
    current_language,
    negotiate,
    normalize,
    pgettext,
    set_language,
    term,
)

PARAM = "lang"


def game_title(name: str) -> str:
    """A game's registry name (`puerto-rico`) as its title in the display language."""
    if not name:
        return ""
    from domain.core import registry
    from domain.core.errors import NovusError

    try:
        return term(registry.get(name).title, "game")
    except NovusError:
        return name


SCORE_CATEGORIES = (
    N_("shipping"),
    N_("buildings"),
    N_("large buildings"),
    N_("nobles"),
    N_("in play"),
    N_("coins"),
    N_("colonists"),
    N_("scholars"),
    N_("bishops"),
    N_("harbor sets"),
    N_("governor"),
    N_("point cards"),
    N_("bonus tiles"),
    N_("exploration tiles"),
    N_("cubes"),
    N_("doubloons"),
    N_("complete set"),
    N_("total"),
)
"""The score categories of the four games (`Scores` breakdown keys, underscores as spaces)."""


SOURCE_KINDS = (N_("simulation"), N_("import"), N_("manual"), N_("branch"))
"""How a game came to be stored (`Game.Started.source["kind"]`)."""


def source_name(kind: str) -> str:
    """A game's source kind in the display language (an unknown kind as it is)."""
    return _(kind) if kind in SOURCE_KINDS else kind


def category(key: str, game: str = "") -> str:
    """A score category (`large_buildings`) as the display language names it; `game` tells the
    games' words apart where one English word names two things (Santa Maria's "shipping" points
    are its shipping tiles', 해운 타일, not Puerto Rico's 수출)."""
    if game == "santa-maria" and key == "shipping":
        return pgettext("santa_maria.score", "shipping")
    return _(key.replace("_", " "))


def select_all() -> bool:
    """Whether a multiselect offers Streamlit's "Select all" entry: Streamlit writes it in
    English whatever the page's language and cannot be told otherwise, so a Korean page goes
    without it (its list was headed "Select all" above the players' Korean names)."""
    return current_language() == "en"


def browser_language() -> str:
    """The language the browser asks for (Accept-Language), English when none of ours fits."""
    try:
        headers = st.context.headers
    except Exception:  # no browser (AppTest, bare mode): English
        return "en"
    return negotiate(headers.get("Accept-Language") if headers else None)


def choose() -> str:
    """Set this run's language: the address's `?lang=`, else the one chosen earlier in this
    session (kept in the address again, e.g. after a page change), else the browser's (the
    address then stays as it is)."""
    given = normalize(st.query_params.get(PARAM))
    chosen = given or st.session_state.get(PARAM)
    lang = chosen or browser_language()
    set_language(lang)
    if chosen:
        st.session_state[PARAM] = chosen
        if st.query_params.get(PARAM) != chosen:
            st.query_params[PARAM] = chosen
    return lang


def restore() -> str:
    """Set the language inside a widget's callback: Streamlit runs callbacks before the page
    script (and `choose`), in the run's own thread, so what they said came out in English."""
    lang = normalize(st.query_params.get(PARAM)) or st.session_state.get(PARAM)
    lang = lang or browser_language()
    set_language(lang)
    return lang


def switch() -> None:
    """The language switch in the sidebar (writes the choice to the address)."""

    def changed() -> None:
        picked = st.session_state.get("lang_switch")
        if picked in LANGUAGES:
            st.session_state[PARAM] = picked
            st.query_params[PARAM] = picked

    current = st.session_state.get(PARAM) or current_language()
    st.sidebar.selectbox(
        _("Language"),
        LANGUAGES,
        index=LANGUAGES.index(current),
        format_func=lambda code: NAMES[code],
        key="lang_switch",
        on_change=changed,
    )
