"""Move sentences as a message id plus parameters, so the display layer can translate them.

The domain stays free of any catalog: an engine builds a `Phrase` (an English template, the
message id, with `{named}` fields) whose parameters are plain values, `Term`s (a component's
English name with the kind of thing it names, translated on its own) or `Count`s (a number with
its English singular and plural). `str(phrase)` is the English sentence, so `describe` stays what
it always was; `application.i18n.render(phrase)` gives it in the display language.

The English template may ask for an article: `{building:a}` gives "a Small Market" or
"an Indigo Plant"; other languages' templates ignore or replace it.

    >>> str(Phrase("{who} builds {b:a}", {"who": "Ana", "b": Term("Hacienda", "building")}))
    'Ana builds a Hacienda'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def article(word: str) -> str:
    """`word` with the English indefinite article."""
    return f"an {word}" if word[:1] in "aeiouAEIOU" and word else f"a {word}"


@dataclass(frozen=True, slots=True)
class Term:
    """A component's name (a role, building, good, card...): translated as its own catalog entry.

    `text` is the English name as shown; `context` says which game and kind of thing it names
    (the catalog's message context, e.g. "puerto_rico.building"), since one English word may name
    different things in different games.
    """

    text: str
    context: str

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return article(self.text) if spec == "a" else self.text


@dataclass(frozen=True, slots=True)
class Count:
    """A number with its noun: English "1 doubloon" / "3 doubloons"; plural rules per language."""

    n: int
    one: str
    other: str

    def __str__(self) -> str:
        return (self.one if self.n == 1 else self.other).format(n=self.n)

    def __format__(self, spec: str) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence to show: an English template (the message id) and its fields."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.msgid.format_map(self.params) if self.params else self.msgid

    def __format__(self, spec: str) -> str:
        return str(self)


def phrase(msgid: str, /, **params: Any) -> Phrase:
    """Shorthand for `Phrase(msgid, params)`; `phrase` is an extraction keyword of the catalog."""
    return Phrase(msgid, params)


def counted(n: int, one: str, other: str) -> Count:
    """A `Count`; `counted` is an extraction keyword (its 2nd and 3rd arguments are the ids)."""
    return Count(n, one, other)
