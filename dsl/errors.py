"""The error classes of Spielwerk: one root, ``ValueError`` leaves, each message quoting its input."""

from __future__ import annotations

__all__ = [
    "SpielwerkError",
    "SpecError",
    "SpecErrors",
    "MoveError",
    "InvalidMoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "OptionError",
    "MoveLimitError",
    "SpielwerkWarning",
]


class SpielwerkError(ValueError):
    """Root of every error Spielwerk raises on bad input."""


class SpecError(SpielwerkError):
    """One problem in a game file, located at ``file:line:col``."""

    def __init__(self, message: str, file: str = "<spec>", line: int = 0, col: int = 0,
                 excerpt: str | None = None) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.excerpt = excerpt
        super().__init__(self.located())

    def located(self) -> str:
        """The one-line form ``file:line:col: message`` used by ``spielwerk validate``."""
        return f"{self.file}:{self.line}:{self.col}: {self.message}"

    def with_caret(self) -> str:
        """The located message with the offending line and a caret under the spot."""
        if not self.excerpt:
            return self.located()
        return f"{self.located()}\n    {self.excerpt}\n    {' ' * max(self.col - 1, 0)}^"


class SpecErrors(SpielwerkError):
    """Several problems found in one pass over a game file."""

    def __init__(self, errors: list[SpecError]) -> None:
        self.errors = errors
        super().__init__("\n".join(e.located() for e in errors))


class OptionError(SpielwerkError):
    """An option value that the game does not declare or does not accept."""


class MoveLimitError(SpecError):
    """A position with more legal moves than the game allows (``limits.moves``), located at the
    move block of the game file that made them: a rule whose moves grow without bound stops here
    instead of taking all the memory there is."""


class MoveError(SpielwerkError):
    """A move text that cannot be played: ``text`` is what was given, ``reason`` says why."""

    def __init__(self, reason: str, text: str | None = None) -> None:
        self.reason = reason
        self.text = text
        super().__init__(f"{text!r}: {reason}" if text is not None else reason)


class InvalidMoveError(MoveError):
    """Move text that does not parse in the game's notation."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the position."""


class AmbiguousMoveError(MoveError):
    """Move text that names more than one legal move."""


class InvalidPositionError(SpielwerkError):
    """Position text that does not parse or describes an impossible position."""


class InvalidRecordError(SpielwerkError):
    """A game record (tags and movetext) that cannot be read."""


class SpielwerkWarning(UserWarning):
    """A problem found while playing that does not stop the game: an expression of the game file
    that failed (a division by a number that came out 0). The message is located (``file:line:col:``);
    the expression counts as false (or 0) and play goes on. ``Game.problems`` keeps every one."""
