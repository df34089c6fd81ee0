"""Streamlit's own English on the dashboard's pages, where it can be kept off."""

from __future__ import annotations

import importlib
import pkgutil

from streamlit.runtime.caching.cache_utils import CachedFunc

import dashboard


def _cached_functions() -> dict[str, CachedFunc]:
    found = {}
    for info in pkgutil.walk_packages(dashboard.__path__, "dashboard."):
        if info.name == "dashboard.app":  # the entry script: it runs the app when imported
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, CachedFunc):
                found[f"{info.name}.{name}"] = value
    return found


def test_no_cached_function_shows_streamlits_english_spinner() -> None:
    """`st.cache_resource`'s spinner read "Running _payload(...)." on the Korean replay page
    while a game's replay was built; every cached function is quiet and the page says what it
    does in the display language."""
    cached = _cached_functions()
    assert "dashboard.pages._payload" in cached  # the slow one: a whole game's replay
    loud = [name for name, f in cached.items() if f._info.show_spinner is not False]
    assert not loud, loud
