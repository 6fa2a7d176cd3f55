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
    separate plies, a token ending in ``,`` continues into the next one (``f5, c5-e6``).
    """
    results = RESULT_TOKENS | (result_tokens or set())
    extra = annotations or set()
    split = re.compile("[\\s" + re.escape(separators) + "]+") if separators else None
    records: list[Record] = []
    current: Record | None = None
    in_moves = False
    number = 1
    plies_in_number = 0
    depth = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        tag = _TAG.match(line) if depth == 0 else None
        if tag:
            if current is None or in_moves:
                current = Record(line=lineno)
                records.append(current)
                in_moves = False
                number, plies_in_number = 1, 0
            current.tags[tag.group(1)] = tag.group(2)
            continue
        # strip comments, possibly spanning lines
        kept = []
        for ch in line:
            if ch == "{":
                depth += 1
            elif ch == "}":
                if depth == 0:
                    raise InvalidRecordError(f"line {lineno}: '}}' without '{{'")
                depth -= 1
            elif depth == 0:
                kept.append(ch)
        body = "".join(kept).strip()
        if not body:
            continue
        if line.lstrip().startswith("["):
            raise InvalidRecordError(f"line {lineno}: cannot read the tag {line.strip()!r}")
        if current is None or (current.result is not None):
            current = Record(line=lineno)
            records.append(current)
            number, plies_in_number = 1, 0
        in_moves = True
        tokens = [t for t in (split.split(body) if split else body.split()) if t]
        if "," not in separators:
            glued: list[str] = []
            for t in tokens:
                if glued and glued[-1].endswith(","):
                    glued[-1] += t
                else:
                    glued.append(t)
            tokens = glued
        for token in tokens:
            m = _NUMBER.match(token)
            if m:
                number, plies_in_number = int(m.group(1)), 0
                token = token[m.end():]
                if not token:
                    continue
            if token in results:
                current.result = token
                continue
            if _ANNOTATION.match(token) or token in extra:
                if not current.moves:
                    raise InvalidRecordError(f"line {lineno}: annotation {token!r} before any move")
                current.moves[-1].annotations.append(token)
                continue
            if current.result is not None:
                raise InvalidRecordError(f"line {lineno}: move {token!r} after the result {current.result}")
            if plies_in_number == 2:
                number, plies_in_number = number + 1, 0
            current.moves.append(RecordMove(number, token, [], lineno))
            plies_in_number += 1
    if depth:
        raise InvalidRecordError("a '{' comment is never closed")
    return records


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
        if not m:
            continue  # scores, the match length, comments
        if current is None:
            current = Record(line=lineno)
            records.append(current)
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
