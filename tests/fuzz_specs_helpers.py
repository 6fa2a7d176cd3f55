"""Mutations of the bundled game files, and the oracle that judges what the library does with them.

The contract under test (the fuzzing issue): every outcome of reading a game file is either a game
or the library's own error with a location (``file:line:col: message``); never a traceback, never a
hang; and a game that loaded never fails later (perft, random play, move and position texts that
read back).

Mutations draw their choices from a *chooser*: ``HypothesisChooser`` (``data.draw``, so hypothesis
can shrink a failure) in ``tests/property/test_fuzz_specs.py``, ``RandomChooser`` (a seeded
``random.Random``) in that file's script mode. Both see the same mutations.
"""

from __future__ import annotations

import copy
import glob
import os
import random
import re
import resource
import signal
import sys
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

import yaml

from spielwerk import Game, SpielwerkError, load_spec
from spielwerk.agents import sample_chance
from spielwerk.dsl.errors import SpecError, SpecErrors

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GAMES_DIR = os.path.join(ROOT, "games")
GAME_FILES = sorted(glob.glob(os.path.join(GAMES_DIR, "*.yaml")))
LOCATED = re.compile(r"^.+:\d+:\d+: .+", re.S)

#: seconds one load or one play may take before it counts as a hang
ALARM = 20
#: address space allowed above what the process uses already (bytes)
MEMORY_HEADROOM = 3 << 30


# -- choosers ------------------------------------------------------------------------------------------

class Chooser:
    """Where a mutation's choices come from."""

    def integer(self, lo: int, hi: int) -> int:
        raise NotImplementedError

    def text(self, max_size: int = 12) -> str:
        raise NotImplementedError

    def boolean(self) -> bool:
        return self.integer(0, 1) == 1

    def choice(self, seq: Any) -> Any:
        seq = list(seq)
        return seq[self.integer(0, len(seq) - 1)]

    def weighted(self, pairs: list[tuple[int, Any]]) -> Any:
        """One of ``(weight, item)`` pairs; the first items are what a shrink falls back to."""
        total = sum(w for w, _ in pairs)
        r = self.integer(0, total - 1)
        for w, item in pairs:
            if r < w:
                return item
            r -= w
        return pairs[-1][1]  # pragma: no cover


# Characters that make names interesting: combining marks, right-to-left, zero width, astral,
# NUL and controls, quotes and the YAML indicators
_ODD_CHARS = ("é", "ß", "İ", "ı", "ﬁ", "\u0301", "\u200b", "\u202e", "\ufeff", "𝔘", "😀", "中", "א",
              "\x00", "\x07", "\t", "\r", "\n", "\u2028", "\x85", "'", '"', ":", "#", "&", "*", "!", "|",
              ">", "%", "@", "`", "{", "}", "[", "]", ",", "-", "?", " ", "\\", "²", "٣", "Ⅻ")


class RandomChooser(Chooser):
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def text(self, max_size: int = 12) -> str:
        n = self.rng.randint(0, max_size)
        out = []
        for _ in range(n):
            r = self.rng.random()
            if r < 0.4:
                out.append(self.rng.choice(_ODD_CHARS))
            elif r < 0.7:
                out.append(chr(self.rng.randint(0x20, 0x7e)))
            else:
                c = self.rng.randint(0, 0x10FFFF)
                out.append(chr(c) if not 0xD800 <= c <= 0xDFFF else "x")
        return "".join(out)


class HypothesisChooser(Chooser):
    def __init__(self, data: Any) -> None:
        from hypothesis import strategies as st
        self.data = data
        self.st = st

    def integer(self, lo: int, hi: int) -> int:
        return self.data.draw(self.st.integers(lo, hi))

    def text(self, max_size: int = 12) -> str:
        st = self.st
        alphabet = st.one_of(st.sampled_from(_ODD_CHARS), st.characters())
        return self.data.draw(st.text(alphabet=alphabet, max_size=max_size))


# -- the bundled files ----------------------------------------------------------------------------------

_BASES: dict[str, tuple[str, dict[str, Any]]] = {}


def bases() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each bundled game file: its name -> (text, data)."""
    if not _BASES:
        for path in GAME_FILES:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            _BASES[os.path.basename(path)[:-5]] = (text, yaml.safe_load(text))
    return _BASES


class _NoAliasDumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:  # a shared subtree is written out twice, no *alias
        return True


def dump(data: Any, flow: bool = False) -> str:
    return yaml.dump(data, Dumper=_NoAliasDumper, allow_unicode=True, sort_keys=False,
                     default_flow_style=flow, width=100)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path below ``node`` (not the root itself) down to 40 levels, parents first."""
    if len(path) >= 40:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            yield path + (k,)
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield path + (i,)
            yield from _paths(v, path + (i,))


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        node = node[p]
    return node


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(node, path[:-1])[path[-1]] = value


def _strings(node: Any) -> list[str]:
    """Every key and string value in a document: the names it uses."""
    out: list[str] = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append(str(k))
            out += _strings(v)
    elif isinstance(node, list):
        for v in node:
            out += _strings(v)
    elif isinstance(node, str) and len(node) < 60:
        out.append(node)
    return out


_VOCAB: dict[Any, list[Any]] = {}


def vocabulary() -> dict[Any, list[Any]]:
    """Per key name, the values the bundled games write under it (scalars and small parts)."""
    if not _VOCAB:
        seen: dict[Any, dict[str, Any]] = {}
        for _, data in bases().values():
            for path in _paths(data):
                if not isinstance(path[-1], str):
                    continue
                value = _get(data, path)
                text = repr(value)
                if len(text) <= 400:
                    seen.setdefault(path[-1], {}).setdefault(text, value)
        _VOCAB.update({k: [v[t] for t in sorted(v)] for k, v in seen.items() if len(v) > 1})
    return _VOCAB


def tweak(ch: Chooser, value: Any) -> Any:
    """A near miss of ``value`` of the same type: what a designer's slip would write."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return ch.choice((value + 1, value - 1, value + 2, value * 2, value // 2, 0, 1, -value, value + 10))
    if isinstance(value, str):
        return ch.choice((value + "s", value[:-1], value.upper(), value + " ", value.replace("_", "-"),
                          value * 2, value[::-1], value + "(mover)" if "(" not in value else value.replace("(", "((")))
    if isinstance(value, list) and value:
        i = ch.integer(0, len(value) - 1)
        how = ch.integer(0, 2)
        value = list(value)
        if how == 0:
            value[i] = tweak(ch, value[i])
        elif how == 1:
            del value[i]
        else:
            value.insert(i, copy.deepcopy(value[i]))
        return value
    if isinstance(value, dict) and value:
        key = ch.choice(list(value))
        value = dict(value)
        value[key] = tweak(ch, value[key])
        return value
    return value


# -- the values a mutation writes ---------------------------------------------------------------------

#: keys whose values are expressions (conditions or numbers), or may be
EXPR_KEYS = ("when", "until", "distance", "value", "score", "count", "max", "min", "width", "height",
             "limit", "where", "push_limit", "to", "over", "from", "target", "games", "carry_over",
             "points", "plies", "faces", "default")

INTERESTING_INTS = (0, 1, -1, 2, 3, 6, 7, 8, 9, 15, 16, 24, 25, 26, 32, 63, 64, 65, 100, 255, 256,
                    1000, 4096, 10**6, 10**6 + 1, 2**31 - 1, 2**31, 2**32, 2**53 + 1, 2**63 - 1, 2**63,
                    10**17, 10**18 - 1, 999_999_999_999_999_999, -2, -10**6, -2**31, -2**63,
                    -999_999_999_999_999_999)


def deep_expr(n: int, kind: int) -> str:
    if kind == 0:
        return "(" * n + "1" + ")" * n
    if kind == 1:
        return "-" * n + "1"
    if kind == 2:
        return "not " * n + "true"
    if kind == 3:
        return "abs(" * n + "ply" + ")" * n
    if kind == 4:
        return "max(1, " * n + "ply" + ")" * n
    if kind == 5:
        return " + ".join(["ply"] * n)
    if kind == 6:
        return "1 if " * n + "true" + " else 0" * n
    return "- (" * n + "1" + ")" * n


#: expressions that are wrong, huge, deep, dangerous or merely odd
EXPRESSIONS = (
    "9**9**9", "9 ** 9 ** 9", "2 ** 64", "1/0", "1 // 0", "ply // 0", "ply % 0", "1 % (ply - ply)",
    "ply // (mover - mover)", "100 // (reserve(1) - reserve(1))", "ply % (2 - 2)", "(ply + 1) // (1 - 1)",
    "999999999999999999 * 999999999999999999 * 999999999999999999 * 999999999999999999",
    "'x' * 999999999999", "'ab' * 99999999 * 99999999", "'ab' * ply * 999999999", "ply * 'x'",
    "99999999999999999999999999999999999999999999999999999999999999999999999999999999",
    "ply * 999999999999999999 * 999999999999999999", "-ply", "ply - 1000000", "0 - 999999999999999999",
    "'a' < 1", "'a' + 1", "mover + 'x'", "'x' == 1", "mover < 'white'", "'1' > 0",
    "reserve('x')", "reserve(3)", "reserve(0)", "reserve(-1)", "reserve(ply)", "reserve(1, 2, 3)",
    "reserve()", "at(mover, 'nowhere')", "at(3, bar)", "at(mover, 99)", "at(ply, 1)", "count(mover, 'nopiece')",
    "count(ply, flat)", "top_count('x', flat)", "top_count(ply * 100, flat)", "height(999)",
    "height(-1)", "height(ply)", "height('a1')", "owner(ply)", "owner(-5)", "owner('zz9')", "cells(1)",
    "cells(ply)", "min()", "max(1, 'a')", "abs('a')", "points(ply)", "points(3)", "on_path(mover, 1, 100000)",
    "on_path(mover, -5, 3)", "on_path(mover, 30, 1)", "on_path(3, 1, 6)", "pinned(mover, 1, 99)",
    "pinned(mover, -1)", "pinned(ply)", "surrounded(ply)", "surrounded(999999)", "controlled(ply)",
    "captures(3)", "captures(ply)", "can_move(3)", "can_move(ply)", "pieces_in(ply)", "pieces_in('zz')",
    "road(ply)", "road(3)", "road(mover, mover)", "road()", "job(0)", "job(ply)",
    "zzz", "ÿ", "𝔘nicode", "mover.__class__", "__import__('os').system('true')", "exec('1')",
    "lambda: 1", "[1, 2]", "{1: 2}", "1 if 2", "", " ", "\x00", "true and", "1 ==", ",,", "()", "f()",
    "1 < 2 < 3 < 4 < 5", "ply == ply == ply", "true + true", "not ply", "-true", "phase + 1",
    "phase // 2", "die * 7", "die // 0", "cube * 99999999999", "winner * 3", "player - 5",
    "board_full * 7", "k // height", "height // k", "from // to", "to - from", "k * 100000",
    "height - 1000", "-height", "k - k", "0", "-1", "1000001", "-1000001", "true", "false", "'x'",
    "'", "'unterminated", "a" * 1001, "1" * 1001, "1 +" * 400 + " 1",
)


def expression(ch: Chooser, original: Any) -> Any:
    """An expression to write where one was (or anywhere)."""
    kind = ch.integer(0, 5)
    if kind == 0:
        return ch.choice(EXPRESSIONS)
    if kind == 1:
        return deep_expr(ch.choice((2, 16, 31, 32, 33, 60, 200, 600, 3000)), ch.integer(0, 7))
    if kind == 2 and isinstance(original, (str, int)) and not isinstance(original, bool):
        o = str(original)
        return ch.choice((f"({o}) // 0", f"({o}) % (ply - ply)", f"not ({o})", f"({o}) * 999999999999999999",
                          f"({o}) + 'x'", f"({o}) < 'x'", f"-({o})", f"({o}) if ply // (ply - ply) else 0",
                          f"({o}) - ply", f"({o}) * ply", f"({o}) + ply * 999999999", f"({o}) - 1000000",
                          f"({o}) * 0", f"({o}) + ({o})", f"({o}) // ({o})", f"(({o}) == ({o}))",
                          f"{o} {o}", f"{o})", f"(({o})", f"{o} if ply % 2 == 0 else 'x'"))
    if kind == 3:  # an unknown or odd name, or a call of one
        name = ch.text(8)
        return ch.choice((name, f"{name}(1)", f"max({name}, 1)", f"'{name}'"))
    if kind == 4:  # two expressions joined by an operator
        a, b = ch.choice(EXPRESSIONS[:60]), ch.choice(("ply", "mover", "1", "0", "'x'", "true", "-1", "height"))
        return f"{b} {ch.choice(('+', '-', '*', '//', '%', '==', '<', 'and', 'or'))} {a}"
    return ch.choice(("ply", "mover", "opponent", "player", "winner", "phase", "die", "cube",
                      "board_full", "k", "height", "from", "to", "ply * 1000", "-ply", "ply % 3", "mover - 1"))


def scalar(ch: Chooser, original: Any, names: list[str]) -> Any:
    """A value of another type or an odd value of the same type."""
    original = copy.deepcopy(original)  # never the node itself: no cycles
    kind = ch.integer(0, 9)
    if kind == 0:
        return ch.choice(INTERESTING_INTS)
    if kind == 1 and isinstance(original, int) and not isinstance(original, bool):
        return ch.choice((original + 1, original - 1, -original, original * 2, original * 1000, 0,
                          original + 10**6, original * 10**15))
    if kind == 2:
        return ch.choice((None, True, False, "", "x", [], {}, [original], {"x": original}, 1.5, -0.0,
                          float("inf"), float("nan"), 10**30, "yes", "null", "~", "1", "-1", "0x10"))
    if kind == 3 and names:
        return ch.choice(names)  # a name used elsewhere in the file: a cross-wired reference
    if kind == 4 and names:
        return ch.choice(names) + ch.choice(("x", "_", "2", "-", " ", "é", "\u200b"))
    if kind == 5:
        return ch.text(12)
    if kind == 6:
        return expression(ch, original)
    if kind == 7:
        return "x" * ch.choice((1000, 9999, 10000, 10001, 100_000))
    if kind == 8:
        return [original] * ch.integer(0, 40)
    return ch.choice((original, str(original), [original, original], {str(original): original}))


def nested(ch: Chooser, value: Any) -> Any:
    n = ch.choice((1, 2, 5, 20, 31, 32, 33, 40, 100))
    as_list = ch.boolean()
    for _ in range(n):
        value = [value] if as_list else {"a": value}
    return value


# -- mutations of the data -----------------------------------------------------------------------------

def _graft_source(ch: Chooser, name: str) -> dict[str, Any]:
    other = ch.choice(sorted(bases()))
    return bases()[other][1] if other != name else bases()[ch.choice(sorted(bases()))][1]


DATA_OPS = [(3, "retype"), (3, "delete"), (3, "expr"), (2, "number"), (2, "rename"), (2, "graft"),
            (2, "swap"), (2, "add"), (1, "nest"), (1, "list"), (1, "extends"), (4, "vocab"), (4, "tweak")]


def mutate_data(ch: Chooser, name: str, data: dict[str, Any],
                ops: tuple[str, ...] | None = None) -> tuple[dict[str, Any], list[str]]:
    """``data`` changed by one to four mutations (of the kinds ``ops``, default all); what was done."""
    weights = [(w, op) for w, op in DATA_OPS if ops is None or op in ops]
    data = copy.deepcopy(data)
    done: list[str] = []
    for _ in range(ch.integer(1, 4)):
        paths = list(_paths(data))
        if not paths:
            break
        names = sorted(set(_strings(data)))
        op = ch.weighted(weights)
        if op == "expr":
            wanted = [p for p in paths if isinstance(p[-1], str) and p[-1] in EXPR_KEYS]
            if not wanted or ch.integer(0, 4) == 0:
                # a new condition on a move, a phase or an end rule
                holders = [p for p in paths if len(p) >= 2 and isinstance(_get(data, p), dict)
                           and p[0] in ("phases", "end", "after_move", "scoring")]
                if not holders:
                    continue
                where = ch.choice(holders) + (ch.choice(("when", "until", "distance", "value", "score", "limit")),)
            else:
                where = ch.choice(wanted)
            parent = _get(data, where[:-1])
            original = parent.get(where[-1]) if isinstance(parent, dict) else None
            value = expression(ch, original)
            _set(data, where, value)
            done.append(f"expr {where} = {value!r:.80}")
            continue
        if op == "vocab":  # a value another game writes under the same key
            vocab = vocabulary()
            wanted = [p for p in paths if p[-1] in vocab]
            if not wanted:
                continue
            path = ch.choice(wanted)
            new = copy.deepcopy(ch.choice(vocab[path[-1]]))
            _set(data, path, new)
            done.append(f"vocab {path} = {new!r:.80}")
            continue
        path = ch.choice(paths)
        parent = _get(data, path[:-1])
        value = parent[path[-1]]
        if op == "tweak":
            new = tweak(ch, copy.deepcopy(value))
            parent[path[-1]] = new
            done.append(f"tweak {path} = {new!r:.80}")
        elif op == "delete":
            del parent[path[-1]]
            done.append(f"delete {path}")
        elif op == "retype":
            new = scalar(ch, value, names)
            parent[path[-1]] = new
            done.append(f"retype {path} = {new!r:.80}")
        elif op == "number":
            ints = [p for p in paths if isinstance(_get(data, p), int) and not isinstance(_get(data, p), bool)]
            path = ch.choice(ints) if ints else path
            old = _get(data, path)
            new = ch.choice(INTERESTING_INTS) if ch.boolean() or not isinstance(old, int) else \
                ch.choice((old + 1, old - 1, -old, 0, old * 10, old * 1000))
            _set(data, path, new)
            done.append(f"number {path} = {new}")
        elif op == "rename" and isinstance(parent, dict):
            new_key = ch.choice((ch.text(8), ch.choice(names) if names else "x", str(path[-1]) + "_",
                                 str(path[-1]).upper(), 7, "", "ſize", "<<"))
            items = [(new_key if k == path[-1] else k, v) for k, v in parent.items()]
            parent.clear()
            parent.update(items)
            done.append(f"rename {path} -> {new_key!r}")
        elif op == "graft":
            # the same place in another bundled game, or one of its parts anywhere
            source = _graft_source(ch, name)
            try:
                new = copy.deepcopy(_get(source, path))
            except (KeyError, IndexError, TypeError):
                new = copy.deepcopy(_get(source, ch.choice(list(_paths(source)))))
            parent[path[-1]] = new
            done.append(f"graft {path} from another game")
        elif op == "swap":
            other = ch.choice(paths)
            parent[path[-1]] = copy.deepcopy(_get(data, other))
            done.append(f"swap {path} <- {other}")
        elif op == "add":
            holder = value if isinstance(value, (dict, list)) else parent
            key = ch.choice(EXPR_KEYS + ("pieces", "neutral", "stacking", "extends", "regions", "setup",
                                         "owner", "repetition", "scoring", "after_move", "dice", "cube",
                                         "opening", "doubles", "promote", "compulsory", "prefer", "options"))
            key = ch.choice((key, ch.text(6), str(path[-1])))
            donor = _graft_source(ch, name)
            fill = copy.deepcopy(_get(donor, ch.choice(list(_paths(donor))))) if ch.boolean() else \
                scalar(ch, value, names)
            if isinstance(holder, dict):
                holder[key] = fill
            else:
                holder.insert(ch.integer(0, len(holder)), fill)
            done.append(f"add {key!r} under {path}")
        elif op == "nest":
            parent[path[-1]] = nested(ch, value)
            done.append(f"nest {path}")
        elif op == "list" and isinstance(value, list) and value:
            how = ch.integer(0, 3)
            if how == 0:
                value.append(copy.deepcopy(ch.choice(value)))
            elif how == 1:
                value.reverse()
            elif how == 2:
                del value[ch.integer(0, len(value) - 1):]
            else:
                value.extend(copy.deepcopy(value) * ch.choice((1, 10, 100)))
            done.append(f"list {path} ({how})")
        elif op == "extends":
            new = ch.choice(("game", "game.yaml", "other.yaml", "tak", "backgammon", "tackle", "nonexistent",
                             "../tak.yaml", "/dev/zero", "/etc/passwd", "x" * 300, ch.text(10), 5, None,
                             ["tak"], ch.choice(sorted(bases()))))
            data["extends"] = new
            done.append(f"extends = {new!r:.40}")
    return data, done


# -- mutations of the text -----------------------------------------------------------------------------

_LAUGHS = "\n".join(
    ["lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, 10)]) + "\n"

TAGS = ("!!python/object/apply:os.system ['echo pwned > /tmp/fuzz-pwned']", "!!python/name:os.system",
        "!!python/object:builtins.object {}", "!!python/tuple [1, 2]", "!!binary aGVsbG8=", "!!set {a, b}",
        "!!omap [{a: 1}]", "!!pairs [{a: 1}]", "!!timestamp 2001-12-14", "!!float 1e400", "!!float nan",
        "!!int 0x7fffffff", "!!int 99999999999999999999999", "!!int abc", "!!str 5", "!custom x",
        "!<tag:yaml.org,2002:int> 3", "!<tag:yaml.org,2002:python/none> ''", "!!merge x", "!!null ''",
        "!!bool maybe", "!!map {}", "!!seq []", "!!str", "!", "!!binary", "!<!> x", "!e!x 1")

_KEY_LINE = re.compile(r"^(\s*)(- )?([A-Za-z_][\w-]*):(.*)$")


def mutate_text(ch: Chooser, text: str) -> tuple[bytes, str]:
    """The YAML-level attacks: aliases, tags, duplicate keys, deep nesting, laughs, bytes, BOMs."""
    lines = text.split("\n")
    keyed = [i for i, line in enumerate(lines) if _KEY_LINE.match(line)]
    valued = [i for i in keyed if _KEY_LINE.match(lines[i]).group(4).strip()]

    def replace_value(new: str) -> str:
        i = ch.choice(valued)
        m = _KEY_LINE.match(lines[i])
        lines[i] = f"{m.group(1)}{m.group(2) or ''}{m.group(3)}: {new}"
        return f"line {i + 1}"

    op = ch.weighted([(3, "dupkey"), (2, "alias"), (1, "laughs"), (3, "tag"), (2, "deep"), (2, "bytes"),
                      (1, "bom"), (2, "number"), (1, "truncate"), (2, "char"), (1, "big"), (1, "docs"),
                      (1, "unicode_key"), (1, "merge")])
    if op == "dupkey":
        i = ch.choice(keyed)
        if ch.boolean():
            lines.insert(i + 1, lines[i])  # the same key twice, one after the other
            where = f"line {i + 1} twice"
        else:  # the whole block the key opens, twice
            indent = len(lines[i]) - len(lines[i].lstrip())
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
                j += 1
            lines[j:j] = lines[i:j]
            where = f"block at line {i + 1} twice"
        return "\n".join(lines).encode(), f"dupkey {where}"
    if op == "alias":
        i = ch.choice(valued)
        m = _KEY_LINE.match(lines[i])
        how = ch.integer(0, 3)
        if how == 0:  # an anchor, then an alias of it further down
            lines[i] = f"{m.group(1)}{m.group(2) or ''}{m.group(3)}: &a {m.group(4).strip()}"
            later = [j for j in valued if j > i]
            if later:
                k = ch.choice(later)
                mk = _KEY_LINE.match(lines[k])
                lines[k] = f"{mk.group(1)}{mk.group(2) or ''}{mk.group(3)}: *a"
        elif how == 1:  # a recursive alias
            lines[i] = f"{m.group(1)}{m.group(2) or ''}{m.group(3)}: &r [*r, 1]"
        elif how == 2:  # an alias to nothing
            lines[i] = f"{m.group(1)}{m.group(2) or ''}{m.group(3)}: *nowhere"
        else:  # a recursive mapping
            lines[i] = f"{m.group(1)}{m.group(2) or ''}{m.group(3)}: &m {{x: *m}}"
        return "\n".join(lines).encode(), f"alias ({how}) at line {i + 1}"
    if op == "laughs":
        if ch.boolean():
            return (_LAUGHS + text).encode(), "billion laughs at the top"
        where = replace_value("*l9")
        return (_LAUGHS + "\n".join(lines)).encode(), f"billion laughs used at {where}"
    if op == "tag":
        where = replace_value(ch.choice(TAGS))
        return "\n".join(lines).encode(), f"tag at {where}"
    if op == "deep":
        n = ch.choice((33, 100, 1000, 5000, 20000))
        kind = ch.integer(0, 3)
        deep = ["[" * n + "]" * n, "{a: " * n + "1" + "}" * n, "[" * n, "- " * min(n, 500) + "x"][kind]
        if kind == 3:
            i = ch.choice(valued)
            lines.insert(i + 1, "deep:")
            for d in range(min(n, 2000)):
                lines.insert(i + 2 + d, "  " * (d + 1) + "a:")
            return "\n".join(lines).encode(), f"deep block mapping after line {i + 1}"
        where = replace_value(deep)
        return "\n".join(lines).encode(), f"deep {kind} x{n} at {where}"
    if op == "bytes":
        raw = text.encode()
        pos = ch.integer(0, len(raw))
        junk = ch.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xfe\xff", b"\x80\x80", b"\xf4\x90\x80\x80",
                          b"\xc0\xaf", bytes(range(256)), b"\x1b[31m", b"\r", b"\t", b"\x0c", b"\x7f"))
        return raw[:pos] + junk + raw[pos:], f"bytes {junk[:8]!r} at offset {pos}"
    if op == "bom":
        kind = ch.integer(0, 3)
        if kind == 0:
            return b"\xef\xbb\xbf" + text.encode(), "UTF-8 BOM"
        if kind == 1:
            return text.encode("utf-16"), "UTF-16 with BOM"
        if kind == 2:
            return b"\xef\xbb\xbf\xef\xbb\xbf" + text.encode(), "two UTF-8 BOMs"
        return text.replace("\n", "\r\n").encode(), "CRLF line ends"
    if op == "number":
        spots = [m for m in re.finditer(r"(?<![\w.])\d+(?![\w.])", text)]
        if not spots:
            return text.encode(), "no number"
        m = ch.choice(spots)
        new = ch.choice(("9" * 4400, "9" * 19, "1e999", "-1e999", ".inf", "-.inf", ".nan", "0x7fffffffffffffff",
                         "0o777", "0b101", "1_000", "+5", "-0", "00000000000000000000007", "1:30", "1.0", "1e3",
                         "-" + m.group(), "9" * 18, "-" + "9" * 18, "10000000000000000000", "٣", "²"))
        return (text[:m.start()] + new + text[m.end():]).encode(), f"number {m.group()} -> {new[:20]}"
    if op == "truncate":
        pos = ch.integer(0, len(text))
        return text[:pos].encode(), f"truncated at {pos}"
    if op == "char":
        pos = ch.integer(0, max(len(text) - 1, 0))
        c = ch.choice(("", ":", "-", " ", "\t", "{", "[", "'", '"', "&", "*", "!", "|", ">", "%", "@", "#",
                       "\n", "?", ",", "}", "]", ch.text(2)))
        how = ch.integer(0, 2)
        new = text[:pos] + c + text[pos + (how != 0):] if how < 2 else text[:pos] + text[pos + 1:]
        return new.encode(), f"char {c!r} at {pos} ({how})"
    if op == "big":
        kind = ch.integer(0, 3)
        if kind == 0:
            return (text + "\n" + "junk: [" + "0, " * 60000 + "0]\n").encode(), "60000 items"
        if kind == 1:
            return (text + "\n# " + "x" * (1 << 20) + "\n").encode(), "a file over 1 MiB"
        if kind == 2:
            where = replace_value("x" * 10001)
            return "\n".join(lines).encode(), f"a text of 10001 at {where}"
        where = replace_value("{" + ", ".join(f"k{i}: {i}" for i in range(20000)) + "}")
        return "\n".join(lines).encode(), f"20000 keys at {where}"
    if op == "docs":
        kind = ch.integer(0, 3)
        extra = ["%YAML 1.1\n---\n" + text, text + "\n---\n" + text, "%YAML 9.9\n---\n" + text,
                 "%TAG !e! tag:evil.com,2000:\n---\n" + text][kind]
        return extra.encode(), f"documents/directives ({kind})"
    if op == "unicode_key":
        i = ch.choice(keyed)
        m = _KEY_LINE.match(lines[i])
        name = ch.text(6).replace("\n", "").replace("\r", "")
        lines[i] = f"{m.group(1)}{m.group(2) or ''}{json_str(name)}:{m.group(4)}"
        return "\n".join(lines).encode(), f"unicode key at line {i + 1}"
    # merge keys
    i = ch.choice(valued)
    m = _KEY_LINE.match(lines[i])
    lines[i] = f"{m.group(1)}{m.group(2) or ''}{m.group(3)}: &base {m.group(4).strip()}"
    indent = m.group(1) + ("  " if m.group(2) else "")
    lines.insert(i + 1, f"{indent}<<: *base")
    return "\n".join(lines).encode(), f"merge key after line {i + 1}"


def json_str(s: str) -> str:
    """``s`` as a double-quoted YAML scalar."""
    import json
    return json.dumps(s, ensure_ascii=False)


def mutate(ch: Chooser) -> tuple[str, bytes, str, dict[str, bytes]]:
    """A mutated copy of a bundled game file: (base game, file bytes, what was done, files beside it).

    One time in ten a variant extends a mutated copy of its parent written beside it."""
    name = ch.choice(sorted(bases()))
    text, data = bases()[name]
    kind = ch.integer(0, 9)
    if kind < 3:
        raw, what = mutate_text(ch, text)
        return name, raw, what, {}
    if kind == 3:
        variants = [n for n, (_, d) in sorted(bases().items()) if isinstance(d.get("extends"), str)]
        name = ch.choice(variants)
        parent_name = bases()[name][1]["extends"]
        parent, done = mutate_data(ch, parent_name, bases()[parent_name][1])
        child = copy.deepcopy(bases()[name][1])
        child["extends"] = "parent.yaml"
        if ch.boolean():
            child, more = mutate_data(ch, name, child)
            done += [f"child: {d}" for d in more]
        return (name, dump(child).encode("utf-8"), f"extends a mutated {parent_name}: " + "; ".join(done),
                {"parent.yaml": dump(parent).encode("utf-8")})
    new, done = mutate_data(ch, name, data)
    return name, dump(new, flow=ch.integer(0, 4) == 0).encode("utf-8"), "; ".join(done), {}


# -- the oracle ----------------------------------------------------------------------------------------

#: seconds a perft to depth 2 from the start may take before it is given up (not a bug)
PERFT2_SECONDS = 5


class Hang(BaseException):
    """Raised by the alarm; a BaseException so that no ``except Exception`` in the engine hides it."""


class PerftTooLong(BaseException):
    """The perft to depth 2 is taking too long: it is given up."""


@contextmanager
def guarded(seconds: int | None = None, raising: type[BaseException] = Hang) -> Iterator[None]:
    """Run the body under an alarm of ``seconds`` (default ``ALARM``): past it, ``raising`` is
    raised. The alarm in force before is set again afterwards."""
    limit = seconds or ALARM

    def on_alarm(signum: int, frame: Any) -> None:
        raise raising(f"no answer within {limit} s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    outer = signal.alarm(limit)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        if outer:
            signal.alarm(outer)


def _vm_bytes() -> int:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):  # pragma: no cover
        return 0


@contextmanager
def memory_bound(headroom: int = MEMORY_HEADROOM) -> Iterator[bool]:
    """Cap the address space at what is used now plus ``headroom`` (restored after); yields whether
    the cap could be set."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        want = _vm_bytes() + headroom
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    except (ValueError, OSError, AttributeError):
        yield False
        return
    try:
        yield True
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@dataclass
class Bug:
    kind: str            # a short name: stage, exception type, raising frame
    stage: str           # load, compile, play
    summary: str         # one line
    trace: str           # the traceback (or the evidence)

    def key(self) -> str:
        return re.sub(r"[^A-Za-z0-9_.-]+", "_", self.kind)[:120]


@dataclass
class Verdict:
    status: str = "refused"   # refused (a located error), loaded, bug
    loaded: bool = False      # the file loaded and compiled (a bug may have come later)
    plies: int = 0
    perft2_given_up: bool = False
    bugs: list[Bug] = field(default_factory=list)
    message: str = ""


def _frame(exc: BaseException) -> str:
    """The raising frame (for a hang: the frame the alarm interrupted) as ``file:line in function``."""
    tb = traceback.extract_tb(exc.__traceback__)
    if isinstance(exc, Hang) and len(tb) > 1:
        tb = tb[:-1]  # the frame the alarm interrupted, not its handler
    if not tb:
        return "?"
    f = tb[-1]
    path = f.filename
    for prefix in (ROOT + os.sep, os.path.dirname(yaml.__file__) + os.sep):
        if path.startswith(prefix):
            path = path[len(prefix):]
    # an installed copy of the package (spielwerk/, spielwerk/dsl/...) named as in the repository
    installed = re.search(r"(?:^|/)spielwerk/(?:(dsl|games|schema)/)?([^/]+(?:/[^/]+)?)$", path)
    if installed and not path.startswith(("dsl/", "interpreter/", "tests/")):
        path = f"{installed.group(1) or 'interpreter'}/{installed.group(2)}"
    return f"{path}:{f.lineno} in {f.name}"


def _bug(stage: str, exc: BaseException, what: str = "") -> Bug:
    kind = type(exc).__name__
    frame = _frame(exc)
    text = str(exc)
    summary = f"{stage}: {kind} at {frame}: {text[:200]}" + (f" [{what}]" if what else "")
    return Bug(f"{stage}-{kind}-{frame.split(' in ')[0]}", stage, summary,
               "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-4000:])


def unlocated(exc: SpielwerkError, size: int = 0) -> str | None:
    """Why ``exc`` (from reading or compiling a file of ``size`` bytes) is not a located error, or
    None. A message much longer than the file (an echo of an expansion) counts as not located."""
    errors = exc.errors if isinstance(exc, SpecErrors) else [exc]
    if not errors:
        return "SpecErrors without errors"
    for e in errors:
        located = getattr(e, "located", None)
        if located is None:
            return f"{type(e).__name__} has no location: {str(e)[:200]}"
        text = located()
        if not LOCATED.match(text):
            return f"not file:line:col: {text[:200]!r}"
        if isinstance(e, SpecError) and (e.line < 1 or e.col < 1 or e.file == "<spec>"):
            return f"a placeholder location: {text[:200]!r}"
        if len(text) > max(20_000, 2 * size):
            return f"a message of {len(text)} characters from a file of {size} bytes"
    return None


def check_file(path: str, seed: int = 0, plies: int = 40, max_moves_checked: int = 300) -> Verdict:
    """Read the file at ``path``; if it loads, play it. Every broken promise is a ``Bug``."""
    v = Verdict()
    stage = "load"
    try:
        with memory_bound():
            with guarded():
                try:
                    spec = load_spec(path)
                    stage = "compile"
                    game = Game(spec)
                except SpielwerkError as exc:
                    why = unlocated(exc, os.path.getsize(path) if os.path.isfile(path) else 0)
                    v.message = str(exc)[:300]
                    if why:
                        kind = f"{stage}-unlocated-{type(exc).__name__}-{_frame(exc).split(' in ')[0]}"
                        v.bugs.append(Bug(kind, stage, f"{stage}: {why}", traceback.format_exc()[-3000:]))
                        v.status = "bug"
                    return v
            v.status, v.loaded = "loaded", True
            stage = "play"
            with guarded():
                play(game, v, seed, plies, max_moves_checked)
    except Hang as exc:
        v.bugs.append(_bug(f"{stage}-hang", exc))
    except MemoryError as exc:
        v.bugs.append(_bug(stage, exc))
    except RecursionError as exc:
        v.bugs.append(_bug(stage, exc))
    except Exception as exc:  # noqa: BLE001 - every exception is judged
        v.bugs.append(_bug(stage, exc))
    if v.bugs:
        v.status = "bug"
    return v


class BrokenPromise(Exception):
    """A promise of a loaded game that does not hold (not an exception the library raised)."""


def play(game: Any, v: Verdict, seed: int, plies: int, max_moves_checked: int) -> None:
    """Perft from the start, then a random walk checking the move and position texts."""
    rng = random.Random(seed)
    s = game.initial()
    start = s.key()
    n = None if s.is_chance() else len(s.legal_moves())
    if n is None or n <= 2000:
        p1 = game.perft(s, 1)
        if s.key() != start:
            raise BrokenPromise("perft changed the state it counted from")
        if p1 <= 400:
            # depth 2 may be large for a legal game (dice games whose every checker may enter): a
            # count that takes longer than PERFT2_SECONDS is given up, on a copy, and is no bug
            try:
                with guarded(PERFT2_SECONDS, PerftTooLong):
                    game.perft(s.copy(), 2)
            except PerftTooLong:
                v.perft2_given_up = True
                s = game.initial()
    for _ in range(plies):
        signal.alarm(ALARM)  # each ply has the whole time: a hang is one step that never ends
        while s.is_chance():
            check_position_text(game, s)
            s.push(sample_chance(game, s, rng))
        check_position_text(game, s)
        moves = s.legal_moves()
        if not moves:
            s.outcome()
            break
        # reading a move back may list the legal moves again: where there are thousands, a few will do
        budget = max_moves_checked if len(moves) <= 2000 else 5
        checked = moves if len(moves) <= budget else rng.sample(moves, budget)
        for m in checked:
            text = s.move_text(m)
            back = game.parse_move(s, text)
            if back != m:
                raise BrokenPromise(f"move text {text!r} reads back as another move ({m!r} -> {back!r})")
        m = rng.choice(moves)
        before = s.key()
        s.push(m)
        s.outcome()
        v.plies += 1
        if rng.random() < 0.2:  # take it back and play it again
            s.pop()
            if s.key() != before:
                raise BrokenPromise("pop after push does not restore the state")
            s.push(m)
    check_position_text(game, s)
    s.outcome()
    while s.stack:
        s.pop()
    if s.key() != start:
        raise BrokenPromise("taking every move back does not give the start")


def check_position_text(game: Any, s: Any) -> None:
    t = s.text()
    back = game.parse_position(t).text()
    if back != t:
        raise BrokenPromise(f"position text {t!r} reads back as {back!r}")


def try_bytes(raw: bytes, seed: int = 0, plies: int = 40, siblings: dict[str, bytes] | None = None) -> Verdict:
    """Write ``raw`` as ``game.yaml`` (and ``siblings`` beside it) in a fresh folder and judge it."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="fuzz-spec-") as tmp:
        for sibling, content in (siblings or {}).items():
            with open(os.path.join(tmp, sibling), "wb") as fh:
                fh.write(content)
        path = os.path.join(tmp, "game.yaml")
        with open(path, "wb") as fh:
            fh.write(raw)
        return check_file(path, seed, plies)


def save_reproducer(bug: Bug, raw: bytes, what: str, folder: str = "/tmp/fuzz-bugs/specs",
                    siblings: dict[str, bytes] | None = None) -> str:
    """Keep the smallest file seen for each kind of bug (what was done and the traceback in a
    ``.txt`` beside it). A mutated parent goes in a folder of its own with the file that extends it."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, bug.key() + ".yaml")
    if siblings:
        if os.path.exists(path):  # a single file shows it already
            return path
        sub = os.path.join(folder, bug.key())
        os.makedirs(sub, exist_ok=True)
        for sibling, content in siblings.items():
            with open(os.path.join(sub, sibling), "wb") as fh:
                fh.write(content)
        path = os.path.join(sub, "game.yaml")
    elif os.path.exists(path) and os.path.getsize(path) <= len(raw):
        return path
    with open(path, "wb") as fh:
        fh.write(raw)
    with open(path[:-5] + ".txt", "w", encoding="utf-8") as fh:
        fh.write(f"{bug.summary}\nmutation: {what}\n\n{bug.trace}\n")
    return path


def main(argv: list[str]) -> int:  # pragma: no cover - the script mode of test_fuzz_specs.py
    import time
    n = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 20240501
    out = argv[2] if len(argv) > 2 else "/tmp/fuzz-bugs/specs"
    rng = random.Random(seed)
    ch = RandomChooser(rng)
    tried = refused = loaded = plies = given_up = 0
    bugs: dict[str, tuple[Bug, str, int]] = {}
    bug_inputs = 0
    t0 = time.time()
    for i in range(n):
        base, raw, what, siblings = mutate(ch)
        v = try_bytes(raw, seed=i, siblings=siblings)
        tried += 1
        plies += v.plies
        refused += v.status == "refused"
        loaded += v.loaded
        given_up += v.perft2_given_up
        if v.bugs:
            bug_inputs += 1
            for b in v.bugs:
                path = save_reproducer(b, raw, f"{base}: {what} (check_file seed {i})", out, siblings)
                seen = bugs.get(b.key())
                bugs[b.key()] = (b, path, (seen[2] if seen else 0) + 1)
        if (i + 1) % 500 == 0:
            print(f"... {i + 1} in {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    print(f"tried {tried}, refused with a location {refused}, loaded {loaded}, played {plies} plies, "
          f"bugs {bug_inputs} inputs in {len(bugs)} kinds ({time.time() - t0:.0f} s, seed {seed}; "
          f"perft 2 given up after {PERFT2_SECONDS} s on {given_up})")
    for key, (b, path, count) in sorted(bugs.items()):
        print(f"- {b.kind} x{count}: {b.summary[:300]}\n    reproducer: {path}")
    return 1 if bugs else 0
