"""The expression language: parsed once with lark into a small AST, then compiled to closures.

Nothing here evaluates Python. A compiled expression is a function of an evaluation context; what
a name or a call means is decided by the environment the caller passes to :func:`compile_expr`.

>>> ast = parse_expr("2 * x + (3 if y == 1 else 0)")
>>> f = compile_expr(ast, Env(constants={"x": 4, "y": 1}))
>>> f(None)
11
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, cast

from lark import Lark, Token, Transformer

from .errors import SpielwerkError
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

__all__ = ["Node", "Const", "Name", "Call", "Op", "IfElse", "parse_expr", "compile_expr", "Env",
           "ExprError", "names_in"]

Evaluator = Callable[[Any], Any]


class ExprError(SpielwerkError):
    """A problem in an expression; ``column`` is 1-based within the expression text. Where the
    expression stands in a game file, the loader turns it into a located ``SpecError``."""

    def __init__(self, message: str, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


@dataclass(frozen=True)
class Node:
    """Base of the expression AST."""


@dataclass(frozen=True)
class Const(Node):
    value: Any


@dataclass(frozen=True)
class Name(Node):
    name: str
    column: int = 1


@dataclass(frozen=True)
class Call(Node):
    name: str
    args: tuple[Node, ...]
    column: int = 1


@dataclass(frozen=True)
class Op(Node):
    op: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class IfElse(Node):
    then: Node
    cond: Node
    other: Node


class _ToAst(Transformer[Token, Node]):
    def int_(self, items: list[Any]) -> Node:
        return Const(int(items[0]))

    def string(self, items: list[Any]) -> Node:
        return Const(str(items[0])[1:-1])

    def true(self, _: Any) -> Node:
        return Const(True)

    def false(self, _: Any) -> Node:
        return Const(False)

    def name(self, items: list[Any]) -> Node:
        tok: Token = items[0]
        return Name(str(tok), tok.column or 1)

    def call(self, items: list[Any]) -> Node:
        tok: Token = items[0]
        args = tuple(a for a in items[1:] if a is not None)
        return Call(str(tok), args, tok.column or 1)

    def neg(self, items: list[Any]) -> Node:
        return Op("neg", (items[0],))

    def not_(self, items: list[Any]) -> Node:
        return Op("not", (items[0],))

    def or_(self, items: list[Any]) -> Node:
        return Op("or", tuple(items))

    def and_(self, items: list[Any]) -> Node:
        return Op("and", tuple(items))

    def ifelse(self, items: list[Any]) -> Node:
        return IfElse(items[0], items[1], items[2])

    def _chain(self, items: list[Any]) -> Node:
        node: Node = items[0]
        for i in range(1, len(items), 2):
            node = Op(str(items[i]), (node, items[i + 1]))
        return node

    def arith(self, items: list[Any]) -> Node:
        return self._chain(items)

    def compare(self, items: list[Any]) -> Node:
        if len(items) == 3:
            return Op(str(items[1]), (items[0], items[2]))
        parts = [Op(str(items[i]), (items[i - 1], items[i + 1])) for i in range(1, len(items), 2)]
        return Op("and", tuple(parts))


_parser: Lark | None = None


def _get_parser() -> Lark:
    global _parser
    if _parser is None:
        grammar = resources.files("spielwerk.dsl").joinpath("expr.lark").read_text(encoding="utf-8")
        _parser = Lark(grammar, parser="lalr", maybe_placeholders=True)
    return _parser


def parse_expr(text: str | int | bool) -> Node:
    """Parse an expression (a YAML number or boolean is a constant)."""
    if isinstance(text, bool) or isinstance(text, int):
        return Const(text)
    if not isinstance(text, str):
        raise ExprError(f"an expression must be text or a number, not {type(text).__name__}")
    if len(text) > LIMITS["length"]:
        raise ExprError(f"an expression of {len(text)} characters (at most {LIMITS['length']})")
    depth = _depth(text)
    if depth > LIMITS["nesting"]:
        raise ExprError(f"an expression nested {depth} deep (at most {LIMITS['nesting']})")
    try:
        tree = _get_parser().parse(text)
    except UnexpectedCharacters as exc:
        raise ExprError(f"unexpected character {text[cast(int, exc.pos_in_stream)]!r} in expression {text!r}",
                        exc.column) from None
    except UnexpectedToken as exc:
        if exc.token.type == "$END":
            raise ExprError(f"expression {text!r} ends too early", len(text) + 1) from None
        raise ExprError(f"unexpected {str(exc.token)!r} in expression {text!r}", exc.column) from None
    except UnexpectedEOF:
        raise ExprError(f"expression {text!r} ends too early", len(text) + 1) from None
    except (UnexpectedInput, LarkError) as exc:
        raise ExprError(f"cannot read expression {text!r}: {exc}") from None
    return _ToAst().transform(tree)


#: how long and how deeply nested an expression may be
LIMITS = {"length": 1000, "nesting": 32}


def _depth(text: str) -> int:
    """How deeply ``text`` nests: brackets, and runs of signs and `not` before an operand."""
    deepest = depth = run = 0
    for word in re.findall(r"\(|\)|not\b|[-+]|[^\s()+-]+", text):
        if word == "(":
            depth += 1
        elif word == ")":
            depth -= 1
        if word in ("-", "+", "not"):
            run += 1
        elif word != "(":
            run = 0
        deepest = max(deepest, depth + run)
    return deepest


def names_in(node: Node) -> set[str]:
    """Every bare name and called function the expression uses."""
    if isinstance(node, Name):
        return {node.name}
    if isinstance(node, Call):
        out = {node.name}
        for a in node.args:
            out |= names_in(a)
        return out
    if isinstance(node, Op):
        out = set()
        for a in node.args:
            out |= names_in(a)
        return out
    if isinstance(node, IfElse):
        return names_in(node.then) | names_in(node.cond) | names_in(node.other)
    return set()


@dataclass
class Env:
    """What names mean when compiling.

    ``constants``: names with a value known at compile time (options, tables).
    ``variables``: names read at run time, each a function of the evaluation context.
    ``functions``: name -> (min_args, max_args, builder); a builder takes the argument evaluators
    (and the argument ASTs) and returns an evaluator.
    """

    constants: dict[str, Any] = field(default_factory=dict)
    variables: dict[str, Evaluator] = field(default_factory=dict)
    functions: dict[str, tuple[int, int, Callable[..., Evaluator]]] = field(default_factory=dict)


_BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge,
}


def _both(a: Evaluator, b: Evaluator) -> Evaluator:
    return lambda ctx: a(ctx) and b(ctx)


def _either(a: Evaluator, b: Evaluator) -> Evaluator:
    return lambda ctx: a(ctx) or b(ctx)


def _constant_value(node: Node, env: Env) -> tuple[bool, Any]:
    """Whether ``node`` is a value known when compiling (a literal or a constant name), and it."""
    if isinstance(node, Const):
        return True, node.value
    if isinstance(node, Name) and node.name in env.constants:
        return True, env.constants[node.name]
    return False, None


#: a binary operator whose right side is known: evaluator of the left side, value -> evaluator
_WITH_CONSTANT: dict[str, Callable[[Evaluator, Any], Evaluator]] = {
    "==": lambda a, v: lambda ctx: a(ctx) == v,
    "!=": lambda a, v: lambda ctx: a(ctx) != v,
    "<": lambda a, v: lambda ctx: a(ctx) < v,
    "<=": lambda a, v: lambda ctx: a(ctx) <= v,
    ">": lambda a, v: lambda ctx: a(ctx) > v,
    ">=": lambda a, v: lambda ctx: a(ctx) >= v,
    "+": lambda a, v: lambda ctx: a(ctx) + v,
    "-": lambda a, v: lambda ctx: a(ctx) - v,
    "*": lambda a, v: lambda ctx: a(ctx) * v,
}


def compile_expr(node: Node, env: Env) -> Evaluator:
    """Compile an AST to a closure ``f(ctx)``; constant parts are folded."""
    if isinstance(node, Const):
        value = node.value
        return lambda ctx: value
    if isinstance(node, Name):
        if node.name in env.constants:
            value = env.constants[node.name]
            return lambda ctx: value
        if node.name in env.variables:
            return env.variables[node.name]
        if node.name in env.functions:
            raise ExprError(f"{node.name!r} is a function: write {node.name}(...)", node.column)
        known = sorted(set(env.constants) | set(env.variables))
        raise ExprError(f"unknown name {node.name!r} (known: {', '.join(known)})", node.column)
    if isinstance(node, Call):
        entry = env.functions.get(node.name)
        if entry is None:
            raise ExprError(f"unknown function {node.name!r} (known: {', '.join(sorted(env.functions))})",
                            node.column)
        lo, hi, builder = entry
        if not lo <= len(node.args) <= hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            raise ExprError(f"{node.name}() takes {want} argument(s), got {len(node.args)}", node.column)
        return builder([compile_expr(a, env) for a in node.args], node.args)
    if isinstance(node, IfElse):
        then, cond, other = (compile_expr(n, env) for n in (node.then, node.cond, node.other))
        return lambda ctx: then(ctx) if cond(ctx) else other(ctx)
    assert isinstance(node, Op)
    args = [compile_expr(a, env) for a in node.args]
    if node.op == "neg":
        a = args[0]
        return lambda ctx: -a(ctx)
    if node.op == "not":
        a = args[0]
        return lambda ctx: not a(ctx)
    if node.op in ("and", "or"):
        # nested pairs, the last first: a or (b or c) — no generator in the hot path
        f = args[-1]
        for a in reversed(args[:-1]):
            f = _both(a, f) if node.op == "and" else _either(a, f)
        return f
    fn = _BINARY[node.op]
    a, b = args
    fixed, value = _constant_value(node.args[1], env)
    if fixed and node.op in _WITH_CONSTANT:  # one call fewer where the right side is known
        return _WITH_CONSTANT[node.op](a, value)
    if node.op in ("//", "%"):
        def divide(ctx: Any, a: Evaluator = a, b: Evaluator = b,
                   fn: Callable[[Any, Any], Any] = fn) -> Any:
            d = b(ctx)
            if d == 0:
                raise ZeroDivisionError("division by zero in a game expression")
            return fn(a(ctx), d)
        return divide
    return lambda ctx: fn(a(ctx), b(ctx))
