"""Move sentences as a message id plus parameters, so the display layer can translate them.

The domain stays free of any catalog: an engine builds a `Phrase` (an English template, the
message id, with `{named}` fields; the `Phrase` itself is the English text, a `str`) whose
parameters are plain values, `Term`s (a component's
English name with the kind of thing it names, translated on its own) or `Count`s (a number with
its English singular and plural). `str(phrase)` is the English sentence, so `describe` stays what
it always was; `application.i18n.render(phrase)` gives it in the display language.

The English template may ask for a term's article: `{building.a}` gives "a Small Market" or
"an Indigo Plant"; other languages' templates leave it out.

    >>> str(Phrase("{who} builds {b.a}", {"who": "Ana", "b": Term("Hacienda", "building")}))
    'Ana builds a Hacienda'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from domain.core.protocol import Step

S = TypeVar("S")


def article(word: str) -> str:
    """`word` with the English indefinite article."""
    return f"an {word}" if word[:1] in "aeiouAEIOU" and word else f"a {word}"


class Term(str):
    """A component's name (a role, building, good, card...): translated as its own catalog entry.

    The string is the English name as shown; `context` says which game and kind of thing it names
    (the catalog's message context, e.g. "puerto_rico.building"), since one English word may name
    different things in different games; `a` is the name with its English article. A `str`
    subclass, so English sentences format at C speed (move sentences are made per stored step).
    """

    context: str
    a: str

    def __new__(cls, text: str, context: str) -> Term:
        self = super().__new__(cls, text)
        self.context = context
        self.a = article(text)
        return self

    @property
    def text(self) -> str:
        return str(self)


class Count:
    """A number with its noun: English "1 doubloon" / "3 doubloons"; plural rules per language.

    `one` and `other` are the English templates (with `{n}`), the catalog's plural entry;
    `context` (optional) tells apart the same English noun in different games or themes.
    """

    __slots__ = ("context", "n", "one", "other")

    def __init__(self, n: int, one: str, other: str, context: str | None = None) -> None:
        self.n, self.one, self.other, self.context = n, one, other, context

    def __str__(self) -> str:
        return (self.one if self.n == 1 else self.other).format(n=self.n)

    def __format__(self, spec: str) -> str:
        return self.__str__()


class Phrase:
    """A sentence to show: its template (the message id, English) and fields; `str()` is the
    English text, made by a compiled f-string per template (sentences are made for every stored
    step, and `str.format_map` parses the template each time: 3x slower)."""

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, params: Mapping[str, Any] | None = None) -> None:
        self.msgid = msgid
        self.params = params or {}

    def __str__(self) -> str:
        make = _ENGLISH.get(self.msgid)
        if make is None:
            make = _ENGLISH[self.msgid] = _compile(self.msgid)
        return make(self.params)

    def __format__(self, spec: str) -> str:
        return self.__str__()

    def __repr__(self) -> str:
        return f"Phrase({self.msgid!r}, {dict(self.params)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.msgid, dict(self.params)) == (
            other.msgid,
            dict(other.params),
        )

    __hash__ = None  # type: ignore[assignment]


_ENGLISH: dict[str, Callable[[Mapping[str, Any]], str]] = {}


def _compile(template: str) -> Callable[[Mapping[str, Any]], str]:
    """`template.format_map` as a compiled f-string (the template is a literal of our code)."""
    import string

    source = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        source.append(
            literal.replace("\\", "\\\\")
            .replace('"', '\\"')
            .replace("\n", "\\n")
            .replace("{", "{{")
            .replace("}", "}}")
        )
        if field is None:
            continue
        name, dot, attr = field.partition(".")
        if not name.isidentifier() or (dot and not attr.isidentifier()) or "{" in (spec or ""):
            return lambda params: template.format_map(params)  # anything unusual: the slow way
        source.append(
            "{p['"
            + name
            + "']"
            + (dot + attr)
            + (f"!{conversion}" if conversion else "")
            + (f":{spec}" if spec else "")
            + "}"
        )
    code = 'lambda p: f"' + "".join(source) + '"'
    made: Callable[[Mapping[str, Any]], str] = eval(code, {"__builtins__": {}})
    return made


class Listing:
    """Several shown values joined by commas (each translated on its own); `lead` and `sep`
    make other lists (one problem a line: both "\n  - ")."""

    __slots__ = ("items", "lead", "sep")

    def __init__(self, items: tuple[Any, ...], sep: str = ", ", lead: str = "") -> None:
        self.items = items
        self.sep = sep
        self.lead = lead

    def __str__(self) -> str:
        return self.lead + self.sep.join(map(str, self.items))

    def __format__(self, spec: str) -> str:
        return self.__str__()


Said = Any
"""What a sentence maker gives: a `Phrase` (`phrase`) or its English text (`english`)."""
Say = Callable[..., Said]
"""`phrase` or `english`: engines write a sentence once, made either way."""


def english(msgid: str, /, **params: Any) -> str:
    """The English text `phrase(msgid, **params)` would show, made at once (no `Phrase`)."""
    make = _ENGLISH.get(msgid)
    if make is None:
        make = _ENGLISH[msgid] = _compile(msgid)
    return make(params)


def phrase(msgid: str, /, **params: Any) -> Phrase:
    """Shorthand for `Phrase(msgid, params)`; `phrase` is an extraction keyword of the catalog."""
    return Phrase(msgid, params)


class Worded(str):
    """English text that keeps the `Phrase` it was made from: a `str` where code and tests
    read text (the component packs' problems are searched, compared and joined as text), and
    a message the display layer translates (`application.i18n.render`)."""

    phrase: Phrase

    def __new__(cls, said: Phrase) -> Worded:
        self = super().__new__(cls, str(said))
        self.phrase = said
        return self


def worded(msgid: str, /, **params: Any) -> Worded:
    """`phrase(msgid, **params)` as `Worded` text; `worded` is an extraction keyword too."""
    return Worded(Phrase(msgid, params))


def said(error: BaseException) -> str:
    """An exception's message: the `Worded` text it was raised with (so it is translated where
    shown), else its English text."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Worded) else str(error)


def counted(n: int, one: str, other: str) -> Count:
    """A `Count`; `counted` is an extraction keyword (its 2nd and 3rd arguments are the ids)."""
    return Count(n, one, other)


def sentences(
    make: Callable[[S, Step, Say], Said],
    remember: Callable[[S, Step], object] | None = None,
    size: int = 50_000,
) -> tuple[Callable[[S, Step], str], Callable[[S, Step], Phrase]]:
    """A game's `describe` and `sentence` from its one sentence maker `make(state, step, say)`.

    `describe` is the English text, made straight (the projection makes one per stored step);
    `sentence` the `Phrase` (message id and fields) for other display languages.

    `remember(state, step)`, if given, names everything the English sentence of `step` reads
    (a hashable key), or is None when that is too much to name: `describe` then makes each
    named sentence once and looks it up afterwards (at most `size` kept, then started afresh).
    """

    def made(state: S, step: Step) -> str:
        return str(make(state, step, english))

    if remember is None:
        describe = made
    else:
        said: dict[object, str] = {}

        def describe(state: S, step: Step) -> str:
            key = remember(state, step)
            if key is None:
                return made(state, step)
            found = said.get(key)
            if found is None:
                if len(said) >= size:
                    said.clear()
                found = said[key] = made(state, step)
            return found

    def sentence(state: S, step: Step) -> Phrase:
        said = make(state, step, phrase)
        assert isinstance(said, Phrase)
        return said

    return describe, sentence
