"""The dashboard tests' one `env`: the test module's `folder` (a store and what it holds) as the
data folder, with Streamlit's caches and the display language fresh before and after."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st

from application import i18n


@pytest.fixture
def env(folder: tuple[Path, Any], monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("NOVUS_DATA_DIR", str(folder[0]))
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.clear_missing()
    yield folder[1]
    st.cache_data.clear()
    st.cache_resource.clear()
    i18n.set_language(None)
