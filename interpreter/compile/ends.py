"""Compile steps: what follows a move (effects, repetition) and how the game ends (end rules,
points, a player without moves), and the evaluation the searching agents read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, cast

from ..blocks.passing import Pass
from ..effects import Bridge, Effect, Fill, Gather, Outflank, Remove, RemoveDisconnected, RemoveGroups, Sweep, Trim
from ..moves import PassMove
from ..topology import BridgesTopology
from ..dsl.expr import Name, Node, Op, compile_expr, names_in
from .memory import setters
from ..outcome import EndRule, default_results

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Block
    from ..topology import Board
    from .context import Compiler

__all__ = ["Ending", "Series", "ending", "effect", "effects", "evaluation", "result_tokens", "series"]


@dataclass
class Ending:
    """How a game ends: its end rules in order, what a player without moves does (``pass``,
    ``lose``, ``draw``), the repetition rule."""

    rules: list[EndRule] = field(default_factory=list)
    no_moves: str = "draw"
    no_moves_rule: EndRule | None = None
    #: the pass move, where a player without moves passes
    pass_move: PassMove | None = None
    #: how often a position may occur before the game is drawn (0: no such rule)
    repetition: int = 0
    repetition_rule: EndRule | None = None


@dataclass
class Series:
    """``scoring.series``: games played one after another for points."""

    #: how many games a series has (None: as many as the players like)
    games: int | None
    #: the winner may go on from the position reached (his points above the target kept)
    carry_over: bool


def series(c: "Compiler") -> Series | None:
    """``scoring.series``, or None."""
    decl = (c.data.get("scoring") or {}).get("series")
    if decl is None:
        return None
    games = c.number(("scoring", "series", "games"), decl["games"], 1, 1000) if "games" in decl else None
    return Series(games, bool(c.constant(("scoring", "series", "carry_over"), decl.get("carry_over", False))))


def result_tokens(c: "Compiler", result: str) -> tuple[str, ...]:
    """The notation of a result kind: a win of each player who plays (in turn order), then a
    draw. The game file gives one token per declared player, and the draw's if it has one."""
    results = (c.data.get("notation") or {}).get("results", {})
    if result not in results:
        return default_results(c.t.num_players)
    tokens = list(results[result])
    seats = len(c.declared_players)
    if len(tokens) not in (seats, seats + 1):
        raise c.error(("notation", "results", result), f"{len(tokens)} tokens for {seats} players: give "
                      "one per player, in the order of `players`, and one for a draw")
    draw = tokens[seats:] or [default_results(c.t.num_players)[-1]]
    return (*c.per_seat(("notation", "results", result), tokens[:seats]), *draw)


def ending(c: "Compiler", blocks: list["Block"]) -> Ending:
    """``no_moves``, ``repetition``, ``end`` and ``scoring``'s target."""
    d = c.data
    out = Ending()
    always: Callable[[Any], Any] = lambda ctx: True  # noqa: E731
    no_moves = d.get("no_moves", "draw")
    # the rule itself, or the name of an option that chooses it
    out.no_moves = c.options.get(no_moves, no_moves) if no_moves in c.options else no_moves
    if out.no_moves == "lose" and c.t.num_players > 2:
        raise c.error(("no_moves",), f"with {c.t.num_players} players a player who cannot move gives the "
                      "win to nobody in particular: write `pass`, `draw` or an end rule")
    out.no_moves_rule = EndRule(always, None, None, "no_moves", result_tokens(c, "no_moves"))
    if out.no_moves == "pass":
        block = Pass(c, len(blocks), {}, ("no_moves",))
        blocks.append(block)
        out.pass_move = PassMove((block.index,))
    rep = d.get("repetition")
    if rep:
        out.repetition = int(rep.get("count", 3))
        result = rep.get("result", "repetition")
        score = c.condition(("repetition", "score"), rep["score"]) if "score" in rep else None
        out.repetition_rule = EndRule(always, None, score, result, result_tokens(c, result))
    out.rules = [_end_rule(c, i, rule) for i, rule in enumerate(d.get("end", []))]
    scoring = d.get("scoring")
    if scoring is not None:
        target = c.t.score_target
        value = c.condition(("scoring", "value"), scoring["value"]) if "value" in scoring else None
        result = scoring.get("result", "points")
        out.rules.insert(0, EndRule(lambda ctx: ctx.st.score[ctx.mover] >= target, "mover", None, result,
                                    result_tokens(c, result), value))
        if not any(b.name == "track" for b in blocks):
            raise c.error(("scoring",), "points are earned by a `track`'s events (hits, checkers "
                          "borne off, points held): a game without a track has no `scoring`")
    return out


def _end_rule(c: "Compiler", i: int, rule: dict[str, Any]) -> EndRule:
    when = c.condition(("end", i, "when"), rule["when"])
    score = c.condition(("end", i, "score"), rule["score"]) if "score" in rule else None
    value = c.condition(("end", i, "value"), rule["value"]) if "value" in rule else None
    result = rule.get("result", "default")
    return EndRule(when, rule.get("winner"), score, result, result_tokens(c, result), value)


def score_target(c: "Compiler") -> None:
    """``scoring.target``: the points that win at once, before any end rule."""
    c.t.score_target = None
    scoring = c.data.get("scoring")
    if scoring is not None:
        if "target" not in scoring:
            raise c.error(("scoring",), "`scoring` needs a `target`: the points that win")
        c.t.score_target = c.number(("scoring", "target"), scoring["target"], 1, 10_000)


def effects(c: "Compiler") -> tuple[list[Effect], Trim | None]:
    """``after_move``: the effects in order; and the trim of the stacks to their height limit."""
    out = [effect(c, ("after_move", i), e) for i, e in enumerate(c.data.get("after_move", []))]
    t = c.t
    return out, Trim(t.max_stack, *t.overflow) if t.max_stack else None


def effect(c: "Compiler", path: tuple[Any, ...], e: dict[str, Any]) -> Effect:
    """One effect after a move: the game's (``after_move``) or a block's (``effects``), with its
    ``keep_if``."""
    out = _effect(c, path, e)
    if "keep_if" in e:
        out.keep_if = c.condition(path + ("keep_if",), e["keep_if"])
    return out


def _effect(c: "Compiler", path: tuple[Any, ...], e: dict[str, Any]) -> Effect:
    t = c.t
    when = c.condition(path + ("when",), e["when"]) if "when" in e else None
    if "set" in e:
        return setters(c, path + ("set",), e["set"], when)
    if "outflank" in e:
        return _outflank(c, path + ("outflank",), e["outflank"] or {}, when)
    if "remove_groups" in e:
        return _remove_groups(c, path + ("remove_groups",), e["remove_groups"] or {}, when)
    if "gather" in e:
        return _gather(c, path + ("gather",), e["gather"], when)
    if "fill" in e:
        return _fill(c, path + ("fill",), e["fill"], when)
    if "bridge" in e:
        return _bridge(c, path + ("bridge",), e["bridge"], when)
    if "sweep" in e:
        return _sweep(c, path + ("sweep",), e["sweep"], when)
    if "remove_disconnected" in e:
        spec = e["remove_disconnected"] or {}
        anchors = spec.get("anchor", [])
        anchor_kinds = {t.kind_index[k] for k in ([anchors] if isinstance(anchors, str) else anchors)}
        topo = cast("Board", t.topology)
        try:
            dirs = topo.directions(spec.get("directions", "all"))
        except ValueError as exc:
            raise c.error(path + ("remove_disconnected", "directions"), str(exc)) from None
        return RemoveDisconnected(when, anchor_kinds, topo.neighbour_masks(dirs))
    remove = e["remove"]
    where, where_if = -1, None
    if isinstance(remove, dict):
        region = remove.get("where")
        if region is not None and t.is_region(region):
            where = t.region_mask(region)
        elif region is not None:
            where_if = c.condition(path + ("remove", "where"), region)
        remove = remove.get("pieces", t.kind_names)
    kinds = [t.kind_index[k] for k in ([remove] if isinstance(remove, str) else remove)]
    return Remove(when, kinds, where, where_if)


def _kinds(c: "Compiler", names: Any) -> list[bool]:
    """Per piece code: its kind is one of ``names`` (every kind where None)."""
    t = c.t
    wanted = set(t.kind_names) if names is None else set([names] if isinstance(names, str) else names)
    return [t.kind_names[t.code_kind[code]] in wanted for code in range(t.num_codes)]


def _directions(c: "Compiler", path: tuple[Any, ...], which: Any) -> list[str]:
    try:
        return cast("Board", c.t.topology).directions(which)
    except ValueError as exc:
        raise c.error(path, str(exc)) from None


def _outflank(c: "Compiler", path: tuple[Any, ...], spec: dict[str, Any], when: Any) -> Effect:
    topo = cast("Board", c.t.topology)
    dirs = _directions(c, path + ("directions",), spec.get("directions", "all"))
    lines = [[topo.ray(sq, d) for d in dirs] for sq in range(topo.size)]
    return Outflank(when, lines, spec.get("then", "flip") == "flip", int(spec.get("most", 0)),
                    _kinds(c, spec.get("pieces")))


def _gather(c: "Compiler", path: tuple[Any, ...], spec: dict[str, Any], when: Any) -> Effect:
    sources = spec["from"] if isinstance(spec["from"], list) else [spec["from"]]
    many = isinstance(spec["from"], list)
    return Gather(when, [_square_of(c, path + (("from", i) if many else ("from",)), s) for i, s in enumerate(sources)],
                  _square_of(c, path + ("to",), spec["to"]))


def _sweep(c: "Compiler", path: tuple[Any, ...], spec: dict[str, Any], when: Any) -> Effect:
    topo = c.t.topology
    squares = []
    for i, name in enumerate(spec["path"]):
        try:
            squares.append(topo.parse_square(str(name)))
        except ValueError as exc:
            raise c.error(path + ("path", i), str(exc)) from None
    after = [-1] * topo.size
    for i, sq in enumerate(squares):
        after[sq] = squares[(i + 1) % len(squares)]
    target = _square_of(c, path + ("to",), spec["to"], "nothing is swept") if "to" in spec else None
    return Sweep(when, _square_of(c, path + ("from",), spec["from"], "nothing is swept"), after,
                 c.condition(path + ("while",), spec["while"]), target)


def _square_of(c: "Compiler", path: tuple[Any, ...], value: Any,
               instead: str = "nothing is gathered") -> Callable[[Any], Any]:
    """An expression giving a square: a number, or a square's name (``'h1'``, or chosen by a
    condition: ``'h1' if mover == 1 else 'a2'``); where it names no square, ``instead`` happens."""
    fn = c.condition(path, value)
    parse = c.t.topology.parse_square
    report = c.report

    def square(ctx: Any) -> Any:
        got = fn(ctx)
        if not isinstance(got, str):
            return got
        try:
            return parse(got)
        except ValueError as exc:
            report(path, f"while playing, {value!r} gave {got!r}: {exc}; {instead}")
            return -1
    return square


def _fill(c: "Compiler", path: tuple[Any, ...], spec: dict[str, Any], when: Any) -> Effect:
    t = c.t
    kind = t.kind_index[spec["piece"]]
    owner = spec.get("owner", "mover")
    # per mover: the code of the piece that goes down (the mover's, the next player's, or nobody's)
    if owner == "neutral":
        codes = [t.code(kind, 0)] * (t.num_players + 1)
    else:
        codes = [0, *(t.code(kind, p if owner == "mover" else t.next_player[p]) for p in t.player_numbers)]
    region = t.region_mask(spec["region"]) if "region" in spec else t.topology.full_mask
    where_if = c.condition(path + ("where",), spec["where"]) if "where" in spec else None
    points = _points(c.expression(path + ("where",), spec["where"])) if "where" in spec else None
    if points is not None:  # `square == a or square == b`: the squares a and b, not a look at every square
        env = c.env()
        where = path + ("where",)
        return Fill(when, codes, region, where_if,
                    [c.guarded(where, spec["where"], node, compile_expr(node, env), -1, "it names no square")
                     for node in points])
    return Fill(when, codes, region, where_if)


def _points(node: Node) -> list[Node] | None:
    """The ``a``, ``b``, ... of a condition ``square == a or square == b ...`` (either side of each
    ``==``) where none of them reads ``square``; None for a condition of any other shape."""
    items, out = [node], []
    while any(isinstance(i, Op) and i.op == "or" for i in items):  # `a or b or c` nests: flatten it
        items = [a for i in items for a in (i.args if isinstance(i, Op) and i.op == "or" else (i,))]
    for item in items:
        if not (isinstance(item, Op) and item.op == "==" and len(item.args) == 2):
            return None
        a, b = item.args
        other = b if isinstance(a, Name) and a.name == "square" else \
            a if isinstance(b, Name) and b.name == "square" else None
        if other is None or "square" in names_in(other):
            return None
        out.append(other)
    return out


def _bridge(c: "Compiler", path: tuple[Any, ...], spec: dict[str, Any], when: Any) -> Effect:
    t = c.t
    topo = t.topology
    if not isinstance(topo, BridgesTopology):
        raise c.error(path, "a bridge effect lays links on the board's bridges: give `board.bridges`")
    kind = t.kind_index[spec["piece"]]
    ends = {t.kind_index[k] for k in spec.get("pieces", t.kind_names)}
    codes = [0, *(t.code(kind, p) for p in t.player_numbers)]
    mine = [[], *([t.code_owner[code] == p and t.code_kind[code] in ends for code in range(t.num_codes)]
                  for p in t.player_numbers)]
    return Bridge(when, codes, mine, topo.at, topo.crosses, topo.cells)


def _remove_groups(c: "Compiler", path: tuple[Any, ...], spec: dict[str, Any], when: Any) -> Effect:
    topo = cast("Board", c.t.topology)
    near = topo.neighbour_masks(_directions(c, path + ("directions",), spec.get("directions", "orthogonal")))
    return RemoveGroups(when, near, spec.get("owner", "opponent") == "opponent", _kinds(c, spec.get("pieces")))


def evaluation(c: "Compiler") -> list[tuple[float, Callable[[Any], Any]]]:
    """``evaluation``: its terms, (weight, value for ``player``), for the agents that search."""
    return [(float(term.get("weight", 1)), c.condition(("evaluation", i, "value"), term["value"]))
            for i, term in enumerate(c.data.get("evaluation", []))]
