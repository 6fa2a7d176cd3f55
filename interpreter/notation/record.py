"""Game records: ``[Tag "value"]`` lines, then movetext with optional move numbers, ``{comments}``,
annotations and a result token. A file may hold several games, each starting with its tags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..dsl.errors import InvalidRecordError

__all__ = ["Record", "RecordMove", "parse_records"]

_TAG = re.compile(r'^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_NUMBER = re.compile(r"^(\d+)\.(?:\.\.)?")
_ANNOTATION = re.compile(r"^(?:[!?]{1,2}|\([!?]{1,2}\)|['\"]+)$")
#: the result tokens of every game; a game's own (``notation.results``) are added
RESULT_TOKENS = {"1-0", "0-1", "1/2-1/2", "*"}


@dataclass
class RecordMove:
    """One move as written: its move number (written or counted), the text, annotations, line."""

    number: int
    text: str
    annotations: list[str]
    line: int


@dataclass
class Record:
    """One game of a record file."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[RecordMove] = field(default_factory=list)
    result: str | None = None
    line: int = 1
    #: where the text stopped making sense, after the moves read so far: (move number, the text,
    #: why); the rest of this game is skipped, and the next game is read from its tags
    problem: tuple[int, str, str] | None = None

    @property
    def recorded_result(self) -> str | None:
        """The result the record states: its movetext token, else its ``Result`` tag."""
        if self.result is not None:
            return self.result
        return next((v for k, v in self.tags.items() if k.lower() == "result"), None)


def parse_records(text: str, result_tokens: set[str] | None = None, separators: str = "",
                  annotations: set[str] | None = None) -> list[Record]:
    """Split ``text`` into games and read each one's tags and moves.

    ``separators``: characters besides white space between plies (``,;``); ``annotations``: more
    tokens that annotate the move before them when written apart (``xx``). Where ``,`` does not
    separate plies, a token ending in ``,`` continues into the next one (``f5, c5-e6``). Text that
    cannot be read ends its game there (:attr:`Record.problem`); the next game starts at the next
    tag line, so one bad game does not lose the others.
    """
    reader = _Reader(RESULT_TOKENS | (result_tokens or set()), separators, annotations or set())
    for lineno, line in enumerate(text.splitlines(), 1):
        reader.line(line, lineno)
    return reader.finish()


class _Reader:
    """The state of :func:`parse_records` between lines."""

    def __init__(self, results: set[str], separators: str, extra: set[str]) -> None:
        self.results, self.separators, self.extra = results, separators, extra
        self.split = re.compile("[\\s" + re.escape(separators) + "]+") if separators else None
        self.records: list[Record] = []
        self.current: Record | None = None
        self.in_moves = False  # the current game's movetext has begun (a tag line starts the next game)
        self.skipping = False  # the current game could not be read further
        self.number, self.plies_in_number, self.depth = 1, 0, 0
        self.token = ""

    def _new(self, lineno: int) -> Record:
        self.current = Record(line=lineno)
        self.records.append(self.current)
        self.number, self.plies_in_number = 1, 0
        return self.current

    def line(self, line: str, lineno: int) -> None:
        tag = _TAG.match(line) if self.depth == 0 or self.skipping else None
        if tag:
            current = self.current
            if current is None or self.in_moves or self.skipping:
                current = self._new(lineno)
                self.in_moves = self.skipping = False
                self.depth = 0
            current.tags[tag.group(1)] = tag.group(2)
        elif not self.skipping:
            try:
                self._movetext(line, lineno)
            except InvalidRecordError as exc:
                current = self.current or self._new(lineno)
                current.problem = (self.number, self.token or line.strip()[:60], f"line {lineno}: {exc}")
                self.skipping = True

    def finish(self) -> list[Record]:
        if self.depth and not self.skipping and self.current is not None:
            self.current.problem = (self.number, "{", "a '{' comment is never closed")
        return self.records

    def _movetext(self, line: str, lineno: int) -> None:
        self.token = ""  # the token being read, for a message
        kept = []  # the line without its comments, which may span lines
        for ch in line:
            if ch == "{":
                self.depth += 1
            elif ch == "}":
                if self.depth == 0:
                    raise InvalidRecordError("'}' without '{'")
                self.depth -= 1
            elif self.depth == 0:
                kept.append(ch)
        body = "".join(kept).strip()
        if not body:
            return
        if line.lstrip().startswith("["):
            raise InvalidRecordError(f"cannot read the tag {line.strip()!r}")
        current = self.current
        if current is None or current.result is not None:
            current = self._new(lineno)
        self.in_moves = True
        tokens = [t for t in (self.split.split(body) if self.split else body.split()) if t]
        if "," not in self.separators:
            glued: list[str] = []
            for t in tokens:
                if glued and glued[-1].endswith(","):
                    glued[-1] += t
                else:
                    glued.append(t)
            tokens = glued
        for token in tokens:
            self.token = token[:60]
            m = _NUMBER.match(token)
            if m:
                if len(m.group(1)) > 6:
                    raise InvalidRecordError(f"the move number {m.group(1)[:12]}... is too large")
                self.number, self.plies_in_number = int(m.group(1)), 0
                token = token[m.end():]
                if not token:
                    continue
            if token in self.results:
                current.result = token
                continue
            if _ANNOTATION.match(token) or token in self.extra:
                if not current.moves:
                    raise InvalidRecordError(f"annotation {token!r} before any move")
                current.moves[-1].annotations.append(token)
                continue
            if current.result is not None:
                raise InvalidRecordError(f"move {token!r} after the result {current.result}")
            if self.plies_in_number == 2:
                self.number, self.plies_in_number = self.number + 1, 0
            current.moves.append(RecordMove(self.number, token, [], lineno))
            self.plies_in_number += 1


_TURN = re.compile(r"(?P<roll>\d)(?P<roll2>\d):(?P<move>(?:(?!\d\d:|Doubles|Takes|Drops|Wins|Accepts|Rejects).)*)"
                   r"|(?P<double>Doubles\s*=>\s*\d+)|(?P<take>Takes|Accepts)|(?P<drop>Drops|Rejects)"
                   r"|(?P<wins>Wins\s+\d+\s+points?)", re.IGNORECASE)


def parse_dice_records(text: str) -> list[Record]:
    """Match records in the usual text form of dice games::

         Game 1
         White : 0                       Black : 0
          1) 31: 8/5 6/5                  52: 13/11 13/8
          2) 64: 24/18 13/9               Doubles => 2
          3)  Takes                       ...

    Each move text is ``"31: 8/5 6/5"`` (the roll, then the move; nothing after the colon for a
    roll that cannot be played) or a cube action (``double``, ``take``, ``drop``). A game whose first
    roll stands in the right-hand column was opened by the second player: its record gets the tag
    ``Starter: 2``. ``Wins N points`` becomes the record's stated result.
    """
    records: list[Record] = []
    current: Record | None = None
    column = None
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            tag = _TAG.match(stripped.lstrip("; ").strip()) if stripped.startswith(";") else None
            if tag and current is not None:
                current.tags[tag.group(1)] = tag.group(2)
            continue
        if re.match(r"^Game\s+\d+", stripped, re.IGNORECASE):
            current = Record(line=lineno)
            records.append(current)
            column = None
            continue
        m = re.match(r"^\s*(\d+)\)(.*)$", line)
        if not m or (current is not None and current.problem is not None):
            continue  # scores, the match length, comments; the rest of a game that went wrong
        if current is None:
            current = Record(line=lineno)
            records.append(current)
        if len(m.group(1)) > 6:
            current.problem = (len(current.moves) // 2 + 1, stripped[:60],
                               f"line {lineno}: the move number {m.group(1)[:12]}... is too large")
            continue
        number = int(m.group(1))
        body = m.group(2)
        if column is None:
            column = len(line) - len(body)
        for item in _TURN.finditer(body):
            if item.group("wins"):
                current.result = item.group("wins")
                continue
            if not current.moves and item.group("roll") and item.start() > 20:
                current.tags["Starter"] = "2"
            if item.group("roll"):
                move = f"{item.group('roll')}{item.group('roll2')}: {item.group('move').strip()}"
            elif item.group("double"):
                move = "double"
            elif item.group("take"):
                move = "take"
            else:
                move = "drop"
            current.moves.append(RecordMove(number, move.strip(), [], lineno))
        wins = re.search(r"Wins\s+\d+\s+points?", body, re.IGNORECASE)
        if wins:
            current.result = wins.group(0)
    for rec in records:
        rec.tags.setdefault("Starter", "1")
    return records
