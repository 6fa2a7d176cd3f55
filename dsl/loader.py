"""Reading game files: safe YAML with a line/column mark for every key and item, and ``extends``.

A document is read into plain Python data plus a ``Marks`` table that maps each path inside the
document (a tuple of keys and list indices) to where it was written, so that every later check can
name ``file:line:col``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, cast

import yaml

from .errors import SpecError, SpecErrors

__all__ = ["Mark", "Marks", "Document", "read_document", "read_text", "read_file_text", "bundled_games", "gallery_games",
           "resolve_game_path", "LIMITS"]

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Mark:
    """A place in a file: 1-based line and column, and the text of that line."""

    file: str
    line: int
    col: int
    text: str = ""


@dataclass
class Marks:
    """Where each path of a document was written."""

    table: dict[Path, Mark] = field(default_factory=dict)
    default: Mark = Mark("<spec>", 1, 1)

    def at(self, path: Path) -> Mark:
        """The mark of ``path``, or of its nearest written ancestor."""
        path = tuple(path)
        while path:
            mark = self.table.get(path)
            if mark is not None:
                return mark
            path = path[:-1]
        return self.table.get((), self.default)

    def error(self, path: Path, message: str) -> SpecError:
        """A located error for ``path``."""
        m = self.at(path)
        return SpecError(message, m.file, m.line, m.col, m.text)


@dataclass
class Document:
    """A game file read and merged with its parents; ``data`` is plain YAML data."""

    data: dict[str, Any]
    marks: Marks
    file: str


def _mark(node: yaml.Node, file: str, lines: list[str]) -> Mark:
    line = node.start_mark.line
    return Mark(file, line + 1, node.start_mark.column + 1, lines[line] if line < len(lines) else "")


_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("map", "seq", "str", "int", "float", "bool", "null")}

#: What a game file may hold at most (each limit is a located error past it)
LIMITS = {
    "file bytes": 1 << 20,      # a game file, and each file it extends
    "nesting": 32,              # mappings and lists inside each other
    "nodes": 50_000,            # keys, values and items in all
    "digits": 18,               # in a number written in the file
    "text": 10_000,             # characters in one text value
    "extends": 8,               # files in a chain of `extends`
}


class _Budget:
    """Counts what one file builds, so that no file grows past the limits."""

    def __init__(self) -> None:
        self.nodes = 0
        self.seen: set[int] = set()
        #: a limit was passed: the rest of the file is not built (one message is enough)
        self.stopped = False


def _scalar(node: yaml.ScalarNode, ctor: yaml.constructor.SafeConstructor) -> Any:
    """The value of a scalar; a number with too many digits or a value its tag cannot read is a
    ``ValueError`` naming it."""
    if node.tag.endswith((":int", ":float")) and len(node.value.lstrip("+-0")) > LIMITS["digits"]:
        raise ValueError(f"the number {node.value[:24]}... has more than {LIMITS['digits']} digits")
    if len(node.value) > LIMITS["text"]:
        raise ValueError(f"a text of {len(node.value)} characters (at most {LIMITS['text']})")
    try:
        return ctor.construct_object(node)
    except Exception:  # whatever the tag's reader raises (`!!bool maybe`: a KeyError)
        if node.tag == "tag:yaml.org,2002:merge":
            raise ValueError("YAML merge keys (<<) are not allowed in game files: write the keys out") from None
        raise ValueError(f"{node.value[:40]!r} cannot be read as {node.tag.rsplit(':', 1)[-1]} "
                         "(its YAML tag)") from None


def _build(node: yaml.Node, path: Path, file: str, lines: list[str], marks: dict[Path, Mark],
           errors: list[SpecError], ctor: yaml.constructor.SafeConstructor, budget: _Budget | None = None) -> Any:
    budget = budget or _Budget()
    if budget.stopped:
        return None
    budget.nodes += 1
    problem = None
    if id(node) in budget.seen:
        problem = "YAML aliases (*name) are not allowed in game files: write the value out"
    elif len(path) > LIMITS["nesting"]:
        problem = f"nested deeper than {LIMITS['nesting']} levels"
    elif budget.nodes > LIMITS["nodes"]:
        problem = f"more than {LIMITS['nodes']} keys, values and items"
    elif node.tag == "tag:yaml.org,2002:merge":
        problem = "YAML merge keys (<<) are not allowed in game files: write the keys out"
    elif node.tag not in _PLAIN_TAGS:
        problem = f"unsupported YAML tag {node.tag!r}: game files hold plain data only"
    budget.seen.add(id(node))
    if problem:
        m = _mark(node, file, lines)
        errors.append(SpecError(problem, m.file, m.line, m.col, m.text))
        budget.stopped = not problem.startswith("unsupported")
        return None
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                m = _mark(key_node, file, lines)
                errors.append(SpecError("a key must be a plain word", m.file, m.line, m.col, m.text))
                continue
            try:
                key = _scalar(key_node, ctor)
            except ValueError as exc:
                m = _mark(key_node, file, lines)
                errors.append(SpecError(str(exc), m.file, m.line, m.col, m.text))
                continue
            if not isinstance(key, (str, int)) or isinstance(key, bool) or key is None:
                key = key_node.value  # `yes:` or `on:` as a key stays the word written
            if key in out:
                m = _mark(key_node, file, lines)
                errors.append(SpecError(f"duplicate key {key!r}", m.file, m.line, m.col, m.text))
            marks[path + (key,)] = _mark(key_node, file, lines)
            out[key] = _build(value_node, path + (key,), file, lines, marks, errors, ctor, budget)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            marks[path + (i,)] = _mark(item, file, lines)
            items.append(_build(item, path + (i,), file, lines, marks, errors, ctor, budget))
        return items
    try:
        return _scalar(cast(yaml.ScalarNode, node), ctor)
    except ValueError as exc:
        m = _mark(node, file, lines)
        errors.append(SpecError(str(exc), m.file, m.line, m.col, m.text))
        return None


def read_text(text: str, file: str) -> tuple[Any, Marks]:
    """Parse YAML ``text`` safely; return its data and marks, or raise a located ``SpecError``."""
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte-order mark
    lines = text.splitlines()
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (a control character)
        line = text.count("\n", 0, exc.position)
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1)
        raise SpecError(f"YAML syntax error: the character #x{exc.character:04x} is not allowed in YAML "
                        "text", file, line + 1, col + 1, lines[line] if line < len(lines) else "") from None
    try:
        node = loader.get_single_node()
    except RecursionError:
        raise SpecError(f"nested deeper than {LIMITS['nesting']} levels", file, 1, 1) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line if mark else 0
        col = mark.column if mark else 0
        problem = exc.problem or exc.context or "invalid YAML"
        raise SpecError(f"YAML syntax error: {problem}", file, line + 1, col + 1,
                        lines[line] if line < len(lines) else "") from None
    except yaml.YAMLError as exc:  # pragma: no cover - pyyaml marks nearly everything
        raise SpecError(f"YAML error: {exc}", file, 1, 1) from None
    finally:
        loader.dispose()
    marks: dict[Path, Mark] = {}
    errors: list[SpecError] = []
    if node is None:
        raise SpecError("the file is empty; a game file is a mapping with `game`, `board`, ...", file, 1, 1)
    data = _build(node, (), file, lines, marks, errors, yaml.constructor.SafeConstructor())
    marks[()] = _mark(node, file, lines)
    if errors:
        raise SpecErrors(errors) if len(errors) > 1 else errors[0]
    return data, Marks(marks, Mark(file, 1, 1))


def bundled_games() -> list[str]:
    """Names of the games that ship with Spielwerk."""
    folder = resources.files("spielwerk.games")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def gallery_games() -> list[str]:
    """Names of the gallery's games: example files of rules beyond the main games, each checked
    against an outside engine (docs/gallery.md); a name resolves like a bundled game's."""
    folder = resources.files("spielwerk.games") / "gallery"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def resolve_game_path(name: str, relative_to: str | None = None) -> str:
    """A bundled game name or a path to a YAML file, as a file path. For an ``extends`` inside
    ``relative_to`` only a bundled name or a file in the same folder will do (``ValueError``)."""
    if relative_to is not None:
        if len(name) > 100 or not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", name) or ".." in name:
            raise ValueError("`extends` takes a bundled game's name or the name of a file in the same folder")
        if name.endswith((".yaml", ".yml")):
            return os.path.join(os.path.dirname(relative_to), name)
    if name.endswith((".yaml", ".yml")) or os.sep in name or "/" in name:
        return name
    games = resources.files("spielwerk.games")
    for bundled in (games / f"{name}.yaml", games / "gallery" / f"{name}.yaml"):
        if bundled.is_file():
            return str(bundled)
    if relative_to is None and os.path.exists(name):  # a command line's path; never from inside a spec
        return name
    raise FileNotFoundError(name)


def _merge(base: Any, over: Any, path: Path, replaced: set[Path], removed: set[Path]) -> Any:
    """Deep merge: mappings key by key; lists and scalars replace; a key set to null
    (``bar: null``) is taken out. ``replaced`` collects the paths whose parent value the child
    replaced whole, ``removed`` those it took out (for :func:`_merged_marks`)."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            sub = path + (key,)
            if value is None and key in out:
                del out[key]
                removed.add(sub)
            elif key in out:
                out[key] = _merge(out[key], value, sub, replaced, removed)
            else:
                out[key] = value
        return out
    replaced.add(path)
    return over


def _merged_marks(parent: dict[Path, Mark], child: dict[Path, Mark], replaced: set[Path],
                  removed: set[Path]) -> dict[Path, Mark]:
    """The marks of a merged document, in time linear in the marks: the parent's, except below
    what the child replaced and at or below what it took out; then the child's own."""
    def gone(p: Path, strictly_below: set[Path]) -> bool:
        return any(p[:i] in removed for i in range(1, len(p) + 1)) or \
            any(p[:i] in strictly_below for i in range(len(p)))
    marks = {p: m for p, m in parent.items() if not gone(p, replaced)}
    marks.update((p, m) for p, m in child.items() if not gone(p, set()))
    return marks


def read_file_text(path: str, limit: int = LIMITS["file bytes"]) -> str:
    """The text of a UTF-8 file of at most ``limit`` bytes, or a located ``SpecError``."""
    try:
        if not os.path.isfile(path):
            raise SpecError("cannot read the file: not a file" if os.path.exists(path)
                            else "cannot read the file: no such file", path, 1, 1)
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise SpecError(f"cannot read the file: {exc.strerror or exc}", path, 1, 1) from None
    if len(data) > limit:
        raise SpecError(f"the file is larger than {limit} bytes", path, 1, 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SpecError("the file is not UTF-8 text", path, line, col) from None


def read_document(path: str, _seen: tuple[str, ...] = ()) -> Document:
    """Read a game file and everything it ``extends``; the result is merged but not yet checked."""
    real = os.path.realpath(path)
    if real in _seen:
        raise SpecError(f"`extends` makes a cycle through {path}", path, 1, 1)
    if len(_seen) >= LIMITS["extends"]:
        raise SpecError(f"more than {LIMITS['extends']} files extend each other", path, 1, 1)
    text = read_file_text(path)
    data, marks = read_text(text, path)
    if not isinstance(data, dict):
        raise marks.error((), "a game file must be a mapping of keys such as `game`, `board`, `phases`")
    parent_name = data.get("extends")
    if parent_name is None:
        return Document(data, marks, path)
    if not isinstance(parent_name, str):
        raise marks.error(("extends",), "`extends` takes a bundled game name or a path to a YAML file")
    try:
        parent_path = resolve_game_path(parent_name, relative_to=path)
    except FileNotFoundError:
        raise marks.error(("extends",), f"`extends` names {parent_name!r}, which is neither a bundled "
                          "game nor a file") from None
    except ValueError as exc:
        raise marks.error(("extends",), str(exc)) from None
    try:
        parent = read_document(parent_path, _seen + (real,))
    except SpecError as exc:
        if exc.file == parent_path and exc.line == 1 and exc.message.startswith("cannot read"):
            raise marks.error(("extends",), f"`extends` names {parent_name!r}, which is neither a bundled "
                              "game nor a file in this folder") from None
        raise
    child = {k: v for k, v in data.items() if k != "extends"}
    replaced: set[Path] = set()
    removed: set[Path] = set()
    merged = _merge(parent.data, child, (), replaced, removed)
    merged_marks = _merged_marks(parent.marks.table, marks.table, replaced, removed)
    merged_marks[()] = marks.table[()]
    return Document(merged, Marks(merged_marks, Mark(path, 1, 1)), path)
