"""A ``move`` along lines of an exact length (``distance``: a number, or an expression such as
``line_pieces``: the pieces on the whole line the move goes along), over the squares ``over``
lets it pass, onto a square ``to`` allows (taking what stands there with ``onto: capture``):
Lines of Action's moves. One piece a square."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...dsl.expr import parse_expr
from ..model import NotKernel, flatten
from .common import mine, one_piece_make, own_pieces

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares", "fits"]

KEYS = {"pieces", "directions", "distance", "over", "to", "onto", "blocked_by", "notation", "description",
        "legal_if", "sets"}
make = one_piece_make


def fits(game: "Game", block: Any) -> bool:
    """Whether a ``move`` block is of this part's shape (an exact distance other than one square, or
    a path over pieces), not of the one-square move's."""
    distance = block.params.get("distance", "any")
    return (distance not in ("any", 1)) or block.params.get("over", "empty") != "empty"


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """Per player, kind and square its rays (each: its direction's number, its length, its squares);
    per square and direction the whole line through it (``line_pieces``); per player and code
    whether a move passes over it, whether it stops one, whether a move may end on it."""
    t = game.t
    if t.stacking:
        raise NotKernel("a `move` of this shape on a board of stacks")
    landing = block.landing
    if block.distance == "any" or block.spread or block.screens or block.from_region is not None \
            or block.from_condition is not None or block.under or block.returns or block.promotion is not None \
            or not landing.simple or block.k_min != 1 or block.k_max != 1:
        raise NotKernel("a `move` of this shape")
    if landing.occupied and not block.captures:  # pragma: no cover - refused when compiled
        raise NotKernel("a `move` of this shape")
    n, kinds = t.topology.size, len(t.kind_names)
    names: list[str] = []
    rays: list[list[int]] = []
    for q in (1, 2):
        for kind in range(kinds):
            for sq in range(n):
                seq: list[int] = []
                for name, ray in block.rays[q][kind][sq]:
                    if name not in names:
                        names.append(name)
                    seq += [names.index(name), len(ray), *ray]
                rays.append(seq)
    out["rstart"], out["rays"] = flatten(rays)
    lines: list[list[int]] = []
    masks = block.line_masks
    for sq in range(n):
        for name in names:
            mask = masks[sq].get(name, 0) if masks is not None else 0
            lines.append([s for s in range(n) if mask >> s & 1])
    out["lstart"], out["lines"] = flatten(lines)
    out["pass"] = [int(block.passable[q][c]) if q else 0 for q in range(3) for c in range(t.num_codes)]
    out["stop"] = [int(block.blocker[c]) for c in range(t.num_codes)]
    out["land"] = [int(landing.ok[q][c]) if q else 0 for q in range(3) for c in range(t.num_codes + 1)]
    out["mine"] = mine(block.codes, t.num_codes)
    out["kind"] = list(t.code_kind)
    out["shape"] = [max(1, len(names)), kinds]
    return n * max(1, len(names))


def moves(w: "Writer", p: "Plan", i: int) -> None:
    """For each of the player's pieces and each ray: the distance (``line_pieces`` counted on the
    line), the squares passed, the square it ends on."""
    n, nc = p.squares, p.codes
    nd, kinds = p.blocks[i].tables["shape"]
    distance = p.blocks[i].distance
    assert distance is not None
    own_pieces(w, p, i)
    w(f"e = B{i}_rstart[((p - 1) * {kinds} + B{i}_kind[c - 1]) * {n} + s]", 2)
    w(f"stop = B{i}_rstart[((p - 1) * {kinds} + B{i}_kind[c - 1]) * {n} + s + 1]", 2)
    w("while e < stop:", 2)
    w(f"d = B{i}_rays[e]", 3)
    w(f"ray = B{i}_rays[e + 1]", 3)
    w("first = e + 2", 3)
    w("e = first + ray", 3)
    if "maxc" in distance:
        w("maxc = 0", 3)  # the pieces on the whole line through s that way
        w(f"for j in range(B{i}_lstart[s * {nd} + d], B{i}_lstart[s * {nd} + d + 1]):", 3)
        w(f"if b[B{i}_lines[j]]:", 4)
        w("maxc += 1", 5)
    w(f"cap = {distance}", 3)
    w("if cap < 1 or cap > ray:", 3)
    w("continue", 4)
    w("free = 1", 3)
    w("for j in range(first, first + cap - 1):", 3)  # the squares passed
    w(f"top = b[B{i}_rays[j]]", 4)
    w(f"if top and (not B{i}_pass[p * {nc} + top - 1] or B{i}_stop[top - 1]):", 4)
    w("free = 0", 5)
    w("break", 5)
    w("if not free:", 3)
    w("continue", 4)
    w(f"t = B{i}_rays[first + cap - 1]", 3)
    w("top = b[t]", 3)
    w(f"if (top and B{i}_stop[top - 1]) or not B{i}_land[p * {nc + 1} + top]:", 3)
    w("continue", 4)
    w(f"out[k] = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n} + t", 3)
    w("k += 1", 3)


def distance_code(conditions: Any, block: Any) -> str:
    """The block's ``distance`` as kernel code: ``maxc`` stands for ``line_pieces``; one piece moves
    (``k``, ``height``: 1)."""
    return str(conditions.distance(parse_expr(str(block.params.get("distance")))))


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """The part is ``(code * (N + 1) + from) * N + to``: the plain reading."""
    return False
