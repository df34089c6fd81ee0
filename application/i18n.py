"""Display language for what Novus shows (English and Korean).

Write every user-facing string as `_("English text with {name} fields", name=value)`: the English
text is the message id, the catalog gives the other languages. Stored events and files stay
language-neutral; only what is shown goes through here.
"""

from __future__ import annotations

import os

LANGUAGES: tuple[str, ...] = ("en", "ko")
LANG_VAR = "NOVUS_LANG"

_current: str | None = None


def set_language(lang: str | None) -> None:
    """Choose the display language for this process (None: from `NOVUS_LANG`, else English)."""
    global _current
    _current = lang if lang in LANGUAGES else None


def current_language() -> str:
    """The display language: the one set, else `NOVUS_LANG`, else English."""
    if _current is not None:
        return _current
    env = os.environ.get(LANG_VAR, "").split("_")[0].lower()
    return env if env in LANGUAGES else "en"


def _(msgid: str, /, **params: object) -> str:
    """The text of `msgid` in the current language, with `params` filled in."""
    text = msgid
    return text.format(**params) if params else text
