"""Move notation compiled from templates such as ``"{count}{from}{direction}{drops}{flatten}"``.

Each primitive names the fields of its moves and their kinds (square, piece, int, direction,
digits, flag); the game file's ``notation.fields`` says how each is written. A template becomes
one regular expression for reading and a list of writers for the canonical form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..dsl.errors import IllegalMoveError, InvalidMoveError, SpecError

__all__ = ["MoveNotation", "normalize_move_text"]

_DASHES = str.maketrans({"\u2013": "-", "\u2212": "-", "\u2014": "-"})
_TRAILING_MARKS = re.compile(r"[!?'\"]+$")


def normalize_move_text(text: str) -> str:
    """Unify dashes, drop surrounding space and trailing ``!``/``?``/``'``/``"`` annotations."""
    return _TRAILING_MARKS.sub("", text.strip().translate(_DASHES))


@dataclass
class _Template:
    prim: Any
    regex: re.Pattern[str]
    readers: dict[str, Callable[[str], Any]]
    writers: list[Callable[[dict[str, Any]], str]]
    #: fields that state a fact about the move (a marker, a piece letter): checked when given
    facts: dict[str, str] = field(default_factory=dict)


class MoveNotation:
    """Reads and writes the moves of one compiled game."""

    def __init__(self, game: Any, spec: dict[str, Any]) -> None:
        self.game = game
        self.name = spec.get("name", "move")
        self.templates: dict[int, _Template] = {}
        templates = spec.get("moves", {})
        fields = spec.get("fields", {})
        for prim in game.primitives:
            text = templates.get(prim.name, prim.default_template)
            self.templates[prim.index] = self._compile(prim, text, fields)

    # -- compile --------------------------------------------------------------------------------
    def _compile(self, prim: Any, template: str, fields: dict[str, Any]) -> _Template:
        g = self.game
        parts = re.split(r"(\{\w+\})", template)
        regex = []
        readers: dict[str, Callable[[str], Any]] = {}
        writers: list[Callable[[dict[str, Any]], str]] = []
        facts: dict[str, str] = {}
        for part in parts:
            if not part:
                continue
            if not (part.startswith("{") and part.endswith("}")):
                regex.append(re.escape(part))
                writers.append(lambda f, part=part: part)
                continue
            name = part[1:-1]
            kind = prim.field_kinds.get(name)
            if kind is None:
                raise g.spec.error(("notation", "moves", prim.name), f"the {prim.name} template has no field "
                                   f"{name!r} (fields: {', '.join(prim.field_kinds)})")
            conf = fields.get(name)
            group = f"(?P<{name}>"
            if kind == "square":
                regex.append(group + g.topology.square_pattern() + ")")
                readers[name] = self._read_square
                writers.append(lambda f, name=name: g.topology.name(f[name]))
            elif kind == "piece":
                letters = {k: str(g.spec.data["pieces"][k].get("letter", k[0].upper())) for k in g.kind_names}
                conf = dict(conf) if isinstance(conf, dict) else {}
                stated = bool(conf.pop("stated", False))
                letters.update({k: str(v) for k, v in conf.items()})
                read = {v: k for k, v in letters.items()}
                for k in g.kind_names:  # a piece's own letter is always accepted
                    own = str(g.spec.data["pieces"][k].get("letter", ""))
                    if own:
                        read.setdefault(own, k)
                written = sorted((x for x in read if x), key=len, reverse=True)
                optional = "" in read or stated
                regex.append(group + "|".join(map(re.escape, written)) + (")?" if optional else ")"))
                if stated:  # a fact the writer may state; checked when given, never written
                    readers[name] = lambda s, read=read: read[s] if s else None
                    writers.append(lambda f: "")
                    facts[name] = name
                else:
                    readers[name] = lambda s, read=read: read[s or ""]
                    writers.append(lambda f, name=name, letters=letters: letters[f[name]])
            elif kind == "int":
                omit = conf.get("omit") if isinstance(conf, dict) else None
                regex.append(group + r"\d+)" + ("?" if omit is not None else ""))
                readers[name] = lambda s: int(s) if s else None
                writers.append(lambda f, name=name, omit=omit: "" if f[name] == omit else str(f[name]))
            elif kind == "direction":
                names = prim.dir_names
                spelled = {d: conf.get(d, d) if isinstance(conf, dict) else d for d in names}
                spelled = {d: [str(x) for x in (v if isinstance(v, list) else [v])] for d, v in spelled.items()}
                symbols = {d: v[0] for d, v in spelled.items()}  # the first spelling is written
                back = {x: d for d, v in spelled.items() for x in v}
                regex.append(group + "|".join(map(re.escape, sorted(back, key=len, reverse=True))) + ")")
                readers[name] = lambda s, back=back: back[s]
                writers.append(lambda f, name=name, symbols=symbols: symbols[f[name]])
            elif kind == "digits":
                omit = conf.get("omit") if isinstance(conf, dict) else None
                regex.append(group + r"\d+)" + ("?" if omit is not None else ""))
                readers[name] = lambda s: tuple(int(c) for c in s) if s else None
                writers.append(lambda f, name=name, omit=omit:
                               "" if omit == "single" and len(f[name]) == 1 else "".join(map(str, f[name])))
            elif kind == "flag":
                mark = str(conf) if isinstance(conf, str) else ""
                if mark:
                    regex.append(group + re.escape(mark) + ")?")
                    facts[name] = mark
                readers[name] = lambda s: bool(s)
                writers.append(lambda f, name=name, mark=mark: mark if f[name] else "")
            else:  # pragma: no cover - primitives declare only the kinds above
                raise SpecError(f"unknown field kind {kind!r}")
        return _Template(prim, re.compile("".join(regex)), readers, writers, facts)

    def _read_square(self, text: str) -> int:
        try:
            return self.game.topology.parse_square(text)
        except ValueError as exc:
            raise InvalidMoveError(str(exc)) from None

    # -- use ------------------------------------------------------------------------------------
    def format(self, st: Any, move: tuple[Any, ...]) -> str:
        tpl = self.templates[move[0]]
        f = tpl.prim.fields(st, move)
        return "".join(w(f) for w in tpl.writers)

    def parse(self, st: Any, text: str) -> tuple[Any, ...]:
        g = self.game
        t = normalize_move_text(text)
        if st.result is not None:
            raise IllegalMoveError(f"the game is already over ({st.result.token})", text)
        matched = False
        reasons: list[str] = []
        legal: set[Any] | None = None
        for prim in g.phases[st.phase].primitives:
            tpl = self.templates[prim.index]
            m = tpl.regex.fullmatch(t)
            if m is None:
                continue
            matched = True
            try:
                groups = m.groupdict()
                values = {k: read(groups.get(k) or "") for k, read in tpl.readers.items()}
                move = prim.from_fields(st, values)
            except InvalidMoveError as exc:
                raise InvalidMoveError(exc.reason, text) from None
            except (KeyError, ValueError) as exc:
                raise InvalidMoveError(f"cannot read it as a {prim.name} move ({exc})", text) from None
            if legal is None:
                legal = set(g.legal_moves(st))
            if move in legal:
                canon = prim.fields(st, move)
                for fact, mark in tpl.facts.items():
                    given = values.get(fact)
                    if given is True and not canon.get(fact):
                        raise IllegalMoveError(f"it is marked {mark!r}, but the move does not {fact}", text)
                    if given not in (None, True, False) and given != canon.get(fact):
                        raise IllegalMoveError(f"it states {fact} {given}, but that is {canon.get(fact)}", text)
                return move
            reasons.append(prim.explain(st, move))
        if not matched:
            phase = g.phases[st.phase].name
            raise InvalidMoveError(f"not a move in {self.name} notation (phase {phase!r})", text)
        raise IllegalMoveError(reasons[0], text)
