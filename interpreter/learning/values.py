"""The most a finished game can pay, found from the rules alone (for scaling returns).

A game's end rules pay their ``value`` expression (1 where none is written), ``scoring`` pays its
own, and a dropped double pays the cube's value. :func:`value_bound` bounds each expression by
interval arithmetic over every position, so learning programs can scale ``State.returns()`` to
[-1, 1] and OpenSpiel gets the game's utility bounds. With n players the winner is paid by each
of the others: :func:`return_bound` is n - 1 times the value bound, the most any return can be.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["FALLBACK_VALUE_BOUND", "player_range", "return_bound", "value_bound"]

#: the bound taken when the rules' values cannot be bounded (documented in the reference)
FALLBACK_VALUE_BOUND = 1_000.0

Interval = tuple[float, float]


def value_bound(game: "Game") -> tuple[float, str]:
    """The largest value a finished game can have (what each loser pays the winner, so that with
    two players it is the most the winner gets), and how it was found.

    Every end rule (and the ``scoring`` rule) pays its ``value`` expression, or 1 without one; a
    dropped double pays the cube's value. Each expression is bounded by interval arithmetic: option
    and table values are known, ``cube`` runs from 1 to the cube's highest value (1 without a cube),
    a count of pieces from 0 to every piece the game can have, ``reserve`` from 0 to the reserve's
    size (or every piece, where reserves also fill up other than by the setup), conditions are 0 or
    1, and an ``a if c else b`` is as wide as both its branches. An expression with other run-time
    numbers (the ply, points, a die) cannot be bounded that way: the bound is then
    :data:`FALLBACK_VALUE_BOUND`.
    """
    bound = 1.0
    spec = game.spec
    paths = [path for path in spec.expressions
             if (len(path) == 3 and path[0] == "end" and path[2] == "value") or path == ("scoring", "value")]
    for path in sorted(paths, key=str):
        got = _interval(game, spec.expressions[path])
        if got is None:
            return FALLBACK_VALUE_BOUND, f"the value at {'.'.join(map(str, path))} cannot be bounded: fallback"
        bound = max(bound, abs(got[0]), abs(got[1]))
    if game.cube is not None:
        bound = max(bound, float(game.cube.max))
    return bound, "interval bound of the rules' values"


def return_bound(game: "Game") -> float:
    """The largest return a player can get, in magnitude: the winner's, n - 1 times
    :func:`value_bound` with n players (a loser's return is at least minus the value bound).
    Dividing ``State.returns()`` by it puts every return in [-1, 1]."""
    return float(max(game.t.num_players - 1, 1)) * value_bound(game)[0]


def player_range(data: dict[str, Any]) -> tuple[int, int]:
    """The fewest and the most players a game file (its data as read) seats: the lengths of its
    ``seating`` values where an option chooses who plays, else the number of its players."""
    seating = data.get("seating")
    values = seating.get("values") if isinstance(seating, dict) else None
    if isinstance(values, dict) and values:
        counts = [len(names) for names in values.values() if isinstance(names, list) and names]
    else:
        players = data.get("players")
        counts = [len(players)] if isinstance(players, list) and players else []
    return (min(counts), max(counts)) if counts else (2, 2)


def _hull(*parts: Interval) -> Interval:
    return min(p[0] for p in parts), max(p[1] for p in parts)


#: functions that count pieces (of a player, on squares or in places)
_COUNTS = frozenset({"top_count", "count", "pieces_in", "at", "on_path", "controlled", "captures",
                     "pinned", "height"})
_BOOLEAN_OPS = frozenset({"==", "!=", "<", "<=", ">", ">=", "not"})


def _interval(game: "Game", node: Any) -> Interval | None:
    """Lowest and highest value of an expression over every position, or None if unknown."""
    from ..dsl.expr import Call, Const, IfElse, Name, Op
    if isinstance(node, Const):
        return _number(node.value)
    if isinstance(node, Name):
        if node.name in game.constants:
            return _number(game.constants[node.name])
        if node.name == "cube":
            return (1.0, float(game.cube.max if game.cube is not None else 1))
        if node.name in ("mover", "opponent", "player", "winner"):
            return (1.0, float(game.t.num_players))
        if node.name == "board_full":
            return (0.0, 1.0)
        return None
    if isinstance(node, IfElse):
        then, other = _interval(game, node.then), _interval(game, node.other)
        return None if then is None or other is None else _hull(then, other)
    if isinstance(node, Call):
        pieces = float(game.total_pieces)
        if node.name in _COUNTS:
            return (0.0, pieces)
        if node.name == "reserve":
            counts = game.reserve_counts
            if game.hash_reserves or not counts:
                return (0.0, pieces)
            return (0.0, float(max(counts) if len(node.args) == 2 else sum(counts)))
        if node.name in ("min", "max", "abs"):
            args = [_interval(game, a) for a in node.args]
            if any(a is None for a in args):
                return None
            known = [a for a in args if a is not None]
            if node.name == "min":
                return min(a[0] for a in known), min(a[1] for a in known)
            if node.name == "max":
                return max(a[0] for a in known), max(a[1] for a in known)
            lo, hi = known[0]
            return (0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi)))
        if node.name == "cells":
            pred = game.predicates.get(getattr(node.args[0], "name", ""))
            cells = getattr(pred, "cells", None)
            return None if cells is None else (float(cells), float(cells))
        if node.name == "can_move" or node.name in game.predicates:
            return (0.0, 1.0)
        return None
    if isinstance(node, Op):
        if node.op in _BOOLEAN_OPS:
            return (0.0, 1.0)
        args = [_interval(game, a) for a in node.args]
        if any(a is None for a in args):
            return None
        known = [a for a in args if a is not None]
        if node.op in ("and", "or"):
            return _hull((0.0, 1.0), *known)
        if node.op == "neg":
            return (-known[0][1], -known[0][0])
        a, b = known
        if node.op == "+":
            return (a[0] + b[0], a[1] + b[1])
        if node.op == "-":
            return (a[0] - b[1], a[1] - b[0])
        if node.op == "*":
            products = [x * y for x in a for y in b]
            return (min(products), max(products))
        return None
    return None


def _number(value: Any) -> Interval | None:
    if isinstance(value, bool):
        return (float(value), float(value))
    if isinstance(value, (int, float)) and math.isfinite(value):
        return (float(value), float(value))
    return None
