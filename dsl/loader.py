"""Reading game files: safe YAML with a line/column mark for every key and item, and ``extends``.

A document is read into plain Python data plus a ``Marks`` table that maps each path inside the
document (a tuple of keys and list indices) to where it was written, so that every later check can
name ``file:line:col``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import yaml

from .errors import SpecError, SpecErrors

__all__ = ["Mark", "Marks", "Document", "read_document", "read_text", "bundled_games", "resolve_game_path"]

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


def _build(node: yaml.Node, path: Path, file: str, lines: list[str], marks: dict[Path, Mark],
           errors: list[SpecError], ctor: yaml.constructor.SafeConstructor) -> Any:
    if node.tag not in _PLAIN_TAGS:
        m = _mark(node, file, lines)
        errors.append(SpecError(f"unsupported YAML tag {node.tag!r}: game files hold plain data only",
                                m.file, m.line, m.col, m.text))
        return None
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                m = _mark(key_node, file, lines)
                errors.append(SpecError("a key must be a plain word", m.file, m.line, m.col, m.text))
                continue
            key = ctor.construct_object(key_node)
            if isinstance(key, bool) or key is None:
                key = key_node.value  # `yes:` or `on:` as a key stays the word written
            if key in out:
                m = _mark(key_node, file, lines)
                errors.append(SpecError(f"duplicate key {key!r}", m.file, m.line, m.col, m.text))
            marks[path + (key,)] = _mark(key_node, file, lines)
            out[key] = _build(value_node, path + (key,), file, lines, marks, errors, ctor)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            marks[path + (i,)] = _mark(item, file, lines)
            items.append(_build(item, path + (i,), file, lines, marks, errors, ctor))
        return items
    return ctor.construct_object(node)


def read_text(text: str, file: str) -> tuple[Any, Marks]:
    """Parse YAML ``text`` safely; return its data and marks, or raise a located ``SpecError``."""
    lines = text.splitlines()
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
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


def resolve_game_path(name: str, relative_to: str | None = None) -> str:
    """A bundled game name or a path to a YAML file, as a file path."""
    if name.endswith((".yaml", ".yml")) or os.sep in name or "/" in name:
        if relative_to and not os.path.isabs(name):
            candidate = os.path.join(os.path.dirname(relative_to), name)
            if os.path.exists(candidate):
                return candidate
        return name
    bundled = resources.files("spielwerk.games") / f"{name}.yaml"
    if bundled.is_file():
        return str(bundled)
    if os.path.exists(name):
        return name
    raise FileNotFoundError(name)


def _merge(base: Any, over: Any, path: Path, marks: dict[Path, Mark], over_marks: dict[Path, Mark]) -> Any:
    """Deep merge: mappings key by key; lists and scalars replace (with their marks); a key set to
    null (``bar: null``) is taken out."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            sub = path + (key,)
            if value is None and key in out:
                del out[key]
                for p in [p for p in marks if p[: len(sub)] == sub]:
                    del marks[p]
                continue
            if key in out:
                out[key] = _merge(out[key], value, sub, marks, over_marks)
            else:
                out[key] = value
                _copy_marks(sub, marks, over_marks)
            if sub in over_marks:
                marks[sub] = over_marks[sub]
        return out
    # replaced whole: drop the parent's marks below this path, take the child's
    for p in [p for p in marks if p[: len(path)] == path and len(p) > len(path)]:
        del marks[p]
    _copy_marks(path, marks, over_marks)
    return over


def _copy_marks(path: Path, marks: dict[Path, Mark], over_marks: dict[Path, Mark]) -> None:
    n = len(path)
    for p, m in over_marks.items():
        if p[:n] == path:
            marks[p] = m


def read_document(path: str, _seen: tuple[str, ...] = ()) -> Document:
    """Read a game file and everything it ``extends``; the result is merged but not yet checked."""
    real = os.path.realpath(path)
    if real in _seen:
        raise SpecError(f"`extends` makes a cycle through {path}", path, 1, 1)
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise SpecError(f"cannot read the file: {exc.strerror}", path, 1, 1) from None
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
        parent = read_document(parent_path, _seen + (real,))
    except FileNotFoundError:
        raise marks.error(("extends",), f"`extends` names {parent_name!r}, which is neither a bundled "
                          "game nor a file") from None
    merged_marks = dict(parent.marks.table)
    child = {k: v for k, v in data.items() if k != "extends"}
    merged = _merge(parent.data, child, (), merged_marks, marks.table)
    merged_marks[()] = marks.table[()]
    return Document(merged, Marks(merged_marks, Mark(path, 1, 1)), path)
