"""Move notation compiled from templates such as ``"{count}{from}{direction}{drops}{flatten}"``.

Each primitive names the fields of its moves and their kinds (square, piece, int, direction,
digits, flag); the game file's ``notation.fields`` says how each is written. A template becomes
one regular expression for reading and a list of writers for the canonical form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, cast

from ..dsl.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, SpecError

if TYPE_CHECKING:  # pragma: no cover
    from ..moves import Move
    from ..tables import Tables
    from ..state import Position

#: the compiled game these texts belong to: a :class:`spielwerk.game.Game` (the notation sits below
#: the game, which builds it, so it names no class of the game)
GameLike = Any

__all__ = ["MoveNotation", "normalize_move_text"]

_DASHES = str.maketrans({"\u2013": "-", "\u2212": "-", "\u2014": "-"})
_MARKS = "!?'\""


def normalize_move_text(text: str) -> str:
    """Unify dashes, drop surrounding space and trailing opinion marks: ``!``, ``?!``, ``(!)``, ``'``.
    (Read from the end, one mark at a time: linear in the text's length whatever it holds.)"""
    text = text.strip().translate(_DASHES)
    end = len(text)
    while end:
        if text[end - 1] in _MARKS:
            end -= 1
            continue
        if text[end - 1] == ")":  # (!), (?), (!?) ...
            inner = 2 if end >= 4 and text[end - 4] == "(" and text[end - 3] in "!?" else 1
            start = end - 2 - inner
            if start >= 0 and text[start] == "(" and all(c in "!?" for c in text[start + 1:end - 1]):
                end = start
                continue
        break
    return text[:end]


@dataclass
class _Template:
    prim: Any
    regex: re.Pattern[str]
    readers: dict[str, Callable[[str], Any]]
    writers: list[Callable[[dict[str, Any]], str]]
    #: fields that state a fact about the move (a marker, a piece letter): checked when given
    facts: dict[str, str] = field(default_factory=dict)
    #: markers that tell moves apart (a worm's ``(w)``), which may stand after the suffixes
    identity_marks: list[str] = field(default_factory=list)


class MoveNotation:
    """Reads and writes the moves of one compiled game."""

    def __init__(self, game: "GameLike", spec: dict[str, Any]) -> None:
        self.game = game
        self.t: Tables = game.t
        self.name = spec.get("name", "move")
        self.upper = spec.get("case", "lower") == "upper"
        #: suffix -> the fact it states (``finished``, ``effect``) or None (accepted, not checked)
        self.suffixes: dict[str, str | None] = dict(spec.get("suffixes", {}))
        self.prefixes: list[str] = list(spec.get("prefixes", []))
        self.templates: dict[int, _Template] = {}
        templates = spec.get("moves", {})
        fields = spec.get("fields", {})
        for prim in game.blocks:
            self.templates[prim.index] = self._compile(prim, _template_text(prim, templates), fields)
        #: what separates the parts of a turn of several parts (``notation.then``)
        self.then: str = spec.get("then", "/")
        parts = [part.block for prim in game.blocks for part in getattr(prim, "parts", {}).values()
                 if hasattr(prim, "turn_parts")]
        if parts and (not self.then or any(ch.isspace() for ch in self.then)):
            raise game.spec.error(("notation", "then"), f"{self.then!r} cannot join the parts of a turn: a "
                                  "record splits moves at spaces, so the separator must have none")
        for block in parts:
            text = _template_text(block, templates)
            if self.then in re.sub(r"\{\w+\}", "", text):
                raise game.spec.error(("notation", "then"), f"{self.then!r} joins the parts of a turn, but the "
                                      f"{block.name} template {text!r} writes it too: a turn could not be read "
                                      "back; choose another `notation.then`")
        for phase in game.phases:  # two blocks of one phase must not write their moves alike
            written: dict[str, Any] = {}
            for prim in phase.blocks:
                if hasattr(prim, "turn_parts"):  # a turn of several parts is told by its parts
                    continue
                text = _template_text(prim, templates)
                other = written.get(text)
                # a piece written, or the square the move starts from, tells the blocks' moves apart;
                # so does where a piece moves to, the start being the piece's (two legal moves written
                # alike are refused when a text is read)
                tells = any("{" + n + "}" in text for n, k in prim.field_kinds.items() if k == "piece") or (
                    "{to}" in text and "from" in prim.field_kinds and "from" in other.field_kinds) if other else False
                if other is not None and not tells and "{from}" not in text:
                    raise game.spec.error(prim.path, f"its moves are written like those of the {other.name} block "
                                          f"before it in this phase ({text!r}), so a text could name either: "
                                          "join them in one block, or put them in different phases")
                written.setdefault(text, prim)

    # -- compile --------------------------------------------------------------------------------
    def _compile(self, prim: Any, template: str, fields: dict[str, Any]) -> _Template:
        g = self.game
        parts = re.split(r"(\{\w+\})", template)
        regex = []
        # the writers and readers with default arguments bound (``name=name``) are typed loosely
        readers: dict[str, Callable[..., Any]] = {}
        writers: list[Callable[..., str]] = []
        facts: dict[str, str] = {}
        where = tuple(prim.path) + ("notation",) if "notation" in (getattr(prim, "params", None) or {}) \
            else ("notation", "moves", prim.name)
        if template != template.strip():
            raise g.spec.error(where, f"the {prim.name} template {template!r} starts or ends with a space, "
                               "which a move text read back loses")
        if prim.field_kinds and not re.search(r"\{\w+\}", template):
            raise g.spec.error(where, f"the {prim.name} template {template!r} writes no field, so every "
                               f"move would read the same: write some of {', '.join(prim.field_kinds)}")
        seen: set[str] = set()
        for part in parts:
            if not part:
                continue
            if not (part.startswith("{") and part.endswith("}")):
                if "{" in part or "}" in part:
                    raise g.spec.error(where, f"the {prim.name} template {template!r}: a field is written "
                                       "{name} with a name of letters, digits and _; no other { or }")
                regex.append(re.escape(part))
                writers.append(lambda f, part=part: part)
                continue
            name = part[1:-1]
            if name in seen:
                raise g.spec.error(where, f"the {prim.name} template {template!r} writes the field {name!r} twice")
            seen.add(name)
            kind = prim.field_kinds.get(name)
            if kind is None:
                raise g.spec.error(("notation", "moves", prim.name), f"the {prim.name} template has no field "
                                   f"{name!r} (fields: {', '.join(prim.field_kinds)})")
            conf = fields.get(name)
            group = f"(?P<{name}>"
            if kind == "square":
                regex.append(group + g.topology.square_pattern() + ")")
                readers[name] = self._read_square
                writers.append(lambda f, name=name: self.square_name(f[name]))
            elif kind == "waypoint":
                after = conf.get("after", "-") if isinstance(conf, dict) else "-"
                regex.append(f"(?:{group}{g.topology.square_pattern()}){re.escape(after)})?")
                readers[name] = lambda s: self._read_square(s) if s else None
                writers.append(lambda f, name=name, after=after:
                               self.square_name(f[name]) + after if f[name] is not None and f[name] >= 0 else "")
            elif kind == "word":
                regex.append(group + r"[A-Za-z][A-Za-z ]*(?:\s*=>\s*[0-9]+)?)")
                readers[name] = lambda s: s
                writers.append(lambda f, name=name: str(f[name]))
            elif kind == "steps":
                regex.append(group + r".+)")
                readers[name] = lambda s: s
                writers.append(lambda f, name=name, prim=prim: prim.format_steps(*f[name]))
            elif kind == "squarelist":
                join = conf.get("join", ",") if isinstance(conf, dict) else ","
                if not str(join).strip():
                    raise g.spec.error(("notation", "fields", name, "join"), f"the field {name!r} needs a "
                                       "separator between its squares, not an empty one")
                sq = g.topology.square_pattern()
                regex.append(group + f"{sq}(?:\\s*{re.escape(join.strip())}\\s*{sq})+)")
                readers[name] = lambda s, join=join: [self._read_square(x.strip()) for x in s.split(join.strip())]
                order = g.topology.reading_order
                writers.append(lambda f, name=name, join=join, order=order:
                               join.join(self.square_name(x) for x in sorted(f[name], key=order)))
            elif kind == "squareseq":  # squares in order, such as the landings of a chain of jumps
                join = conf.get("join", "x") if isinstance(conf, dict) else "x"
                if not str(join).strip():
                    raise g.spec.error(("notation", "fields", name, "join"), f"the field {name!r} needs a "
                                       "separator between its squares, not an empty one")
                sq = g.topology.square_pattern()
                regex.append(group + f"{sq}(?:{re.escape(join)}{sq})*)")
                readers[name] = lambda s, join=join: [self._read_square(x) for x in s.split(join)]
                writers.append(lambda f, name=name, join=join: join.join(self.square_name(x) for x in f[name]))
            elif kind == "squares":
                regex.append(group + r"[a-zA-Z]+[0-9]+(?:/[0-9]+)*)")
                readers[name] = self._read_squares
                writers.append(lambda f, name=name: self.group_name(f[name]))
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
                regex.append(group + r"[0-9]+)" + ("?" if omit is not None else ""))
                # `omit: whole`: a count left out means the whole stack
                unwritten = "whole" if omit == "whole" else None
                readers[name] = lambda s, unwritten=unwritten: int(s) if s else unwritten
                writers.append(lambda f, name=name, omit=omit: "" if f[name] == omit or (
                    omit == "whole" and f.get("whole")) else str(f[name]))
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
                regex.append(group + r"[0-9]+)" + ("?" if omit is not None else ""))
                readers[name] = lambda s: tuple(int(c) for c in s) if s else None
                writers.append(lambda f, name=name, omit=omit:
                               "" if omit == "single" and len(f[name]) == 1 else "".join(map(str, f[name])))
            elif kind == "flag":
                mark = str(conf) if isinstance(conf, str) else ""
                if mark:
                    regex.append(group + re.escape(mark) + ")?")
                    if name not in getattr(prim, "identity_flags", ()):
                        facts[name] = mark
                readers[name] = lambda s: bool(s)
                writers.append(lambda f, name=name, mark=mark: mark if f[name] else "")
            else:  # pragma: no cover - primitives declare only the kinds above
                raise SpecError(f"unknown field kind {kind!r}")
        marks = [str(fields.get(f)) for f in getattr(prim, "identity_flags", ()) if isinstance(fields.get(f), str)]
        return _Template(prim, re.compile("".join(regex)), readers, writers, facts, marks)

    def _read_square(self, text: str) -> int:
        try:
            return self.t.topology.parse_square(text)
        except ValueError as exc:
            raise InvalidMoveError(str(exc)) from None

    def square_name(self, sq: int) -> str:
        name = self.t.topology.name(sq)
        return name.upper() if self.upper else name

    def group_name(self, squares: list[int]) -> str:
        """Squares sharing a rank as letters and the rank (``GH2``), sharing a file as the letter
        and the ranks (``F56``; ``C9/10`` once a rank has two digits)."""
        names = [self.t.topology.name(sq) for sq in sorted(squares)]
        files = [n[0] for n in names]
        ranks = [n[1:] for n in names]
        if len(set(ranks)) == 1:
            text = "".join(sorted(files)) + ranks[0]
        else:
            sep = "/" if any(len(r) > 1 for r in ranks) else ""
            text = files[0] + sep.join(sorted(ranks, key=int))
        return text.upper() if self.upper else text

    def _read_squares(self, text: str) -> list[int]:
        topo = self.t.topology
        m = re.fullmatch(r"([a-zA-Z]+)([0-9]+(?:/[0-9]+)*)", text)
        if not m:
            raise InvalidMoveError(f"cannot read the squares {text!r}")
        letters, digits = m.group(1).lower(), m.group(2)
        try:
            if len(letters) > 1:
                if "/" in digits:
                    raise ValueError(f"{text!r}: several files share one rank")
                return [topo.parse_square(ch + digits) for ch in letters]
            if "/" in digits:
                return [topo.parse_square(letters + r) for r in digits.split("/")]
            if int(digits) <= topo.height:
                return [topo.parse_square(letters + digits)]
            return [topo.parse_square(letters + r) for r in self._split_ranks(digits, topo.height)]
        except ValueError as exc:
            raise InvalidMoveError(str(exc)) from None

    @staticmethod
    def _split_ranks(digits: str, height: int) -> list[str]:
        """``910`` -> [9, 10]: the one split into increasing ranks on the board."""
        found: list[list[str]] = []

        def walk(rest: str, done: list[str]) -> None:
            if not rest:
                found.append(done)
                return
            for n in (1, 2):
                part = rest[:n]
                if len(part) == n and part[0] != "0" and int(part) <= height and \
                        (not done or int(part) > int(done[-1])):
                    walk(rest[n:], done + [part])
        walk(digits, [])
        if len(found) != 1:
            raise ValueError(f"cannot tell the ranks in {digits!r}")
        return found[0]
    # -- use ------------------------------------------------------------------------------------
    def format(self, st: "Position", move: "Move", suffixes: bool = True) -> str:
        """``move`` written canonically; with the suffixes that state facts (``xx``) when they hold."""
        tpl = self.templates[move[0]]
        if hasattr(tpl.prim, "turn_parts"):
            text = self._format_turn(st, tpl.prim, move)
        else:
            f = tpl.prim.fields(st, move)
            text = "".join(w(f) for w in tpl.writers)
        if suffixes and any(self.suffixes.values()):
            facts = self._facts(st, move)
            text += "".join(sfx for sfx, fact in self.suffixes.items() if fact and fact in facts)
        return text

    def _format_turn(self, st: "Position", seq: Any, move: "Move") -> str:
        """A turn of several parts: each part in its own block's notation, as the position stands
        when it is played, joined by ``then``."""
        texts: list[str] = []
        played = []
        mover = st.to_move
        try:
            for part in seq.turn_parts(move):
                entry = seq.parts[part[0]]
                tpl = self.templates[part[0]]
                texts.append("".join(w(tpl.prim.fields(st, part)) for w in tpl.writers))
                played.append((entry, part, seq._play(st, entry, part, mover)))
        finally:
            for entry, part, changes in reversed(played):
                seq._unplay(st, entry, part, changes)
        return self.then.join(texts)

    def _parse_turn(self, st: "Position", seq: Any, text: str, reasons: list[str],
                    invalid: list[str]) -> "Move | None":
        """The turn of several parts ``text`` writes (parts joined by ``then``), read part by part
        against the blocks that may give each; None where it is no such turn (why its first part
        is not legal, or cannot be, goes to ``reasons`` or ``invalid``)."""
        from ..blocks.sequence import TurnMove
        pieces = text.split(self.then)
        done: list[Any] = []
        played = []
        mover = st.to_move
        seq.cond.ctx.last_to = -1  # the first part has no part before it
        try:
            for piece in pieces:
                found = None
                refused = ""  # why a part that reads well is not offered here
                unread = ""  # why a part that matches a template names no move
                for entry in seq.next_entries(tuple(done)):
                    tpl = self.templates[entry.block.index]
                    m = tpl.regex.fullmatch(piece)
                    if m is None:
                        continue
                    groups = m.groupdict()
                    values = {k: read(groups.get(k) or "") for k, read in tpl.readers.items()}
                    try:
                        part = entry.block.from_fields(st, values)
                    except InvalidMoveError as exc:
                        unread = unread or exc.reason
                        continue
                    except (KeyError, ValueError):
                        continue
                    offered: list[Any] = []  # a part is played only where its block offers it
                    entry.block.generate(st, offered)
                    if part not in offered:
                        refused = refused or entry.block.explain(st, part)
                        continue
                    found = (entry, part)
                    break
                if found is None:
                    if refused and done:
                        raise IllegalMoveError(f"{piece} after {self.then.join(pieces[:len(done)])}: {refused}", text)
                    if not done:  # the first part: say why, unless another block reads the text
                        where = f"{piece}: " if len(pieces) > 1 else ""
                        if refused:
                            reasons.append(where + refused)
                        elif unread:
                            invalid.append(where + unread)
                    return None
                entry, part = found
                played.append((entry, part, seq._play(st, entry, part, mover)))
                done.append(part)
        finally:
            for entry, part, changes in reversed(played):
                seq._unplay(st, entry, part, changes)
            seq.cond.ctx.last_to = -1
        return TurnMove((seq.index, tuple(done)))

    def _facts(self, st: "Position", move: "Move") -> set[str]:
        """What playing ``move`` does that a suffix may state: ``finished`` (the game ends),
        ``effect`` (an after-move rule fires)."""
        g = self.game
        undo = g.apply(st, move)
        facts = {"finished"} if st.result is not None else set()
        g.undo(st, move, undo)
        if g.fired_effects(move, undo):
            facts.add("effect")
        return facts

    def split_suffixes(self, text: str) -> tuple[str, list[str]]:
        """The move text without its trailing suffixes, and those suffixes (in order)."""
        found: list[str] = []
        known = sorted(self.suffixes, key=len, reverse=True)
        flags = [m for tpl in self.templates.values() for m in tpl.identity_marks]
        moved: list[str] = []
        while True:
            for sfx in known:
                if text.endswith(sfx) and len(text) > len(sfx):
                    found.insert(0, sfx)
                    text = text[: -len(sfx)].rstrip()
                    break
            else:
                for mark in flags:  # an identity marker written after the suffixes: `C6-C10xx(w)`
                    if text.endswith(mark) and len(text) > len(mark):
                        moved.insert(0, mark)
                        text = text[: -len(mark)]
                        break
                else:
                    return text + "".join(moved), found

    def _only_one(self, st: "Position", prim: Any, move: Any, text: str, legal: set[Any]) -> None:
        """Where another block of the phase writes its moves alike, none of its legal moves may read
        as the same text: the text would name two moves."""
        mine = self.templates[prim.index].regex.pattern
        written = None
        for other in self.game.phases[st.phase].blocks:
            if other is prim or hasattr(other, "turn_parts") or self.templates[other.index].regex.pattern != mine:
                continue
            written = written or self.format(st, move)
            for candidate in legal:
                if candidate[0] == other.index and self.format(st, candidate) == written:
                    raise AmbiguousMoveError(f"{text!r} names a {prim.name} move and a {other.name} move "
                                             "written alike", text)

    def parse(self, st: "Position", text: str, annotations: list[str] | tuple[str, ...] = ()) -> tuple[Any, ...]:
        g = self.game
        t = normalize_move_text(text)
        for prefix in self.prefixes:
            if t.startswith(prefix):
                t = t[len(prefix):].lstrip()
        t, suffixes = self.split_suffixes(t)
        suffixes += [a for a in annotations if a in self.suffixes]
        marks = {m for tpl in self.templates.values() for m in tpl.identity_marks}
        t += "".join(a for a in annotations if a in marks)  # `C6-C10 (w)`: the worm sign written apart
        over = g.outcome(st)
        if over is not None:
            raise IllegalMoveError(f"the game is already over ({over.token})", text)
        reasons: list[str] = []
        others: list[str] = []  # the reasons of blocks that do not move the piece on the move's square
        invalid: list[str] = []
        legal: set[Any] | None = None
        prims = list(g.phases[st.phase].blocks)
        if g.pass_move is not None:
            prims.append(g.blocks[g.pass_move[0]])
        if g.cube is not None and st.dice is None:
            prims = [g.cube]
        for prim in prims:
            if hasattr(prim, "turn_parts"):
                turn = self._parse_turn(st, prim, t, reasons, invalid)
                if turn is not None:
                    if legal is None:
                        legal = set(g.legal_moves(st))
                    if turn in legal:
                        return turn
                    longer = [m for m in legal if m[0] == turn[0] and m[1][:len(turn[1])] == turn[1]]
                    if longer:
                        reasons.append(f"the turn is not over: a part must follow, as in {self.format(st, longer[0])}")
                    else:
                        reasons.append(g.why_not(st, prim, turn))
                continue
            tpl = self.templates[prim.index]
            m = tpl.regex.fullmatch(t)
            if m is None:
                continue
            try:
                groups = m.groupdict()
                values = {k: read(groups.get(k) or "") for k, read in tpl.readers.items()}
                move = prim.from_fields(st, values)
            except AmbiguousMoveError:
                raise
            except InvalidMoveError as exc:
                invalid.append(exc.reason)
                continue
            except KeyError as exc:
                if exc.args and exc.args[0] in prim.field_kinds and exc.args[0] not in values:
                    # the template leaves out a field the block needs (a pawn's move written by
                    # its end alone): the text names the legal move of the block written so
                    if legal is None:
                        legal = set(g.legal_moves(st))
                    found = [mv for mv in legal if mv[0] == prim.index and self.format(st, mv) == t]
                    if len(found) > 1:
                        raise AmbiguousMoveError(f"{text!r} is written alike for {len(found)} moves", text)
                    if found:
                        self._only_one(st, prim, found[0], text, legal)
                        return cast("Move", found[0])
                    invalid.append(f"no legal {prim.name} move is written so")
                    continue
                invalid.append(f"cannot read it as a {prim.name} move ({exc})")
                continue
            except ValueError as exc:
                invalid.append(f"cannot read it as a {prim.name} move ({exc})")
                continue
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
                stated = {self.suffixes[s] for s in suffixes if self.suffixes.get(s)}
                if stated:
                    facts = self._facts(st, move)
                    for sfx in suffixes:
                        claim = self.suffixes.get(sfx)
                        if claim and claim not in facts:
                            raise IllegalMoveError(f"it is marked {sfx!r}, but the move does not "
                                                   f"{_FACT_WORDS.get(claim, claim)}", text)
                self._only_one(st, prim, move, text, legal)
                return cast("Move", move)
            (reasons if prim.moves_piece(st, move) else others).append(g.why_not(st, prim, move))
        if reasons or others:
            raise IllegalMoveError((reasons or others)[0], text)
        if invalid:
            raise InvalidMoveError(invalid[0], text)
        phase = g.phases[st.phase].name
        raise InvalidMoveError(f"not a move in {self.name} notation (phase {phase!r})", text)


_FACT_WORDS = {"finished": "end the game", "effect": "trigger an after-move rule"}


def _template_text(block: Any, templates: dict[str, str]) -> str:
    """How ``block``'s moves are written: its own ``notation`` key, else the game's template for
    its kind (``notation.moves``), else the block's default."""
    own = (getattr(block, "params", None) or {}).get("notation")
    return str(own) if own else str(templates.get(block.name, block.default_template))
