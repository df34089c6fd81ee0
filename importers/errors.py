"""Typed import errors: every one names the file and the line, and says what was expected.

`ImportProblem` is the base of everything an import can reject a file with; callers (CLI,
dashboard upload, fuzz tests) catch only it.
"""

from __future__ import annotations

from application.i18n import _
from domain.core.errors import NovusError
from domain.core.phrase import Phrase, phrase


class ImportProblem(NovusError):
    """A file that cannot be imported; `file` and `line` (1-based, 0 = the file as a whole).

    `message` and `hint` may be `Phrase`s (a native file's reasons: the engine's, language-
    neutral), shown in the display language through `said`; `detail` is the English text and
    `detail_said` the message as given."""

    def __init__(
        self, file: str, line: int, message: str | Phrase, hint: str | Phrase = ""
    ) -> None:
        where = f"{file}:{line}" if line else file
        super().__init__(
            phrase("{where}: {message}", where=where, message=message),
            hint=hint or phrase("fix the file and import it again"),
        )
        self.file = file
        self.line = line
        self.detail = str(message)
        self.detail_said = message


class NativeFormatError(ImportProblem):
    """A native `.novus.jsonl` file that is malformed or that the rules engine rejects."""


class UnknownFormat(ImportProblem):
    """Neither a native file nor a play-by-email report (or a format name that does not exist)."""


class FileTooLarge(ImportProblem):
    """A file above `MAX_FILE_BYTES`: refused before it is read or parsed."""


class UnreadableFile(ImportProblem):
    """A path that cannot be read (a folder, no permission)."""


class ReaderFailed(ImportProblem):
    """A reader broke on a file instead of naming what is wrong with it (a bug in Novus, met
    with bad input): the file is refused like any other, and the other files still import."""


class IdConflict(ImportProblem):
    """The file names a game id that is stored with different moves."""


class GameContradiction(ImportProblem):
    """The file is a stored game (its id, or a report of the same named game) but differs from
    what is stored: refused, naming the first line that differs; nothing is rewritten."""


class ReportError(ImportProblem):
    """A play-by-email report line that cannot be matched or that the engine rejects."""

    def __init__(
        self, file: str, line: int, message: str, hint: str = "", sentence: str = ""
    ) -> None:
        shown = f" [{sentence}]" if sentence else ""
        super().__init__(file, line, f"{message}{shown}", hint)
        self.sentence = sentence


class ReportAmbiguity(ReportError):
    """The report leaves a choice implicit and the rules allow more than one."""


class ReportMismatch(ReportError):
    """A number the report states (doubloons spent, VP, final score) differs from the engine's."""


class MisspeltVerb(ReportError):
    """A report clause whose verb is a misspelling of one the reader knows ("bilds"): named on
    its own line, since unread it would only surface later as a move the report left out.
    Said in the display language (the reader's other reasons stay English, as reports are)."""

    def __init__(self, file: str, line: int, word: str, verb: str, sentence: str) -> None:
        super().__init__(
            file,
            line,
            _("cannot read the verb '{word}' in this sentence", word=word),
            _(
                "did you mean '{verb}'? Correct it, or import with --lenient to read it so "
                "(docs/pbem-report.md lists the verbs the importer knows)",
                verb=verb,
            ),
            sentence,
        )
        self.word = word
        self.verb = verb


def verb_read_as(line: int, word: str, verb: str) -> str:
    """The lenient reader's warning for a misspelt verb it read as the close one."""
    return _("line {line}: verb '{word}' read as '{verb}'", line=line, word=word, verb=verb)
