"""The Novus dashboard: `streamlit run dashboard/app.py`, data folder from `$NOVUS_DATA_DIR`."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import streamlit as st

from application.i18n import _
from dashboard import language
from dashboard.pages import (
    games_page,
    library_page,
    play_page,
    players_page,
    replay_page,
    upload_page,
)

# The sidebar's width, Streamlit's least (its default, 300 px, took over a third of an 800 px
# window); it holds the page links and the language switch only, and Streamlit still hides it
# on mobile screens. (A comment: a bare string in this script would be shown on the page.)
SIDEBAR_PX = 200


def main() -> None:
    st.set_page_config(page_title="Novus", layout="wide", initial_sidebar_state=SIDEBAR_PX)
    language.choose()
    library = st.Page(library_page, title=_("Library"), default=True)

    def to_library() -> None:
        """`/library`: the Library is served at the root (Streamlit's default page)."""
        st.switch_page(library, query_params=st.query_params.to_dict())

    pages = [
        library,
        st.Page(to_library, title=_("Library"), url_path="library", visibility="hidden"),
        st.Page(replay_page, title=_("Replay"), url_path="replay"),
        st.Page(play_page, title=_("Play"), url_path="play"),
        st.Page(players_page, title=_("Players"), url_path="players"),
        st.Page(games_page, title=_("Games"), url_path="games"),
        st.Page(upload_page, title=_("Upload"), url_path="upload"),
    ]
    page = st.navigation(pages)
    language.switch()
    page.run()


main()
