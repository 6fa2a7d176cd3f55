"""A ``move`` of one piece along lines: of an exact length (``distance``: a number, or an
expression such as ``line_pieces``, the pieces on the whole line: Lines of Action), or as far as it
goes (``distance: any``); over the squares ``over`` lets it pass, or over exactly ``screens``
pieces (Xiangqi's cannon); from the squares ``from`` allows; onto a square ``to`` allows (its
words, regions and conditions), taking what stands there with ``onto: capture``. One piece a
square."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...dsl.expr import parse_expr
from ..model import NotKernel, flatten
from .common import landing_table, lands, mine, one_piece_make, own_pieces

if TYPE_CHECKING:  # pragma: no cover
    from ...game import Game
    from ..model import Plan
    from ..writer import Writer

__all__ = ["KEYS", "tables", "make", "moves", "squares", "fits"]

KEYS = {"pieces", "directions", "distance", "over", "to", "onto", "blocked_by", "screens", "from", "notation",
        "description", "legal_if", "sets"}
make = one_piece_make


def fits(game: "Game", block: Any) -> bool:
    """Whether a ``move`` block is of this part's shape, not of the one-square move's (which moves
    stacks onto empty squares): a distance other than one square, a path over pieces, screens, a
    ``from``, or a ``to`` other than empty squares."""
    params = block.params
    distance = params.get("distance", "any")
    return (distance not in ("any", 1) or params.get("over", "empty") != "empty" or "screens" in params
            or "from" in params or params.get("to", "empty") != "empty" or distance == "any" and not game.t.stacking)


def tables(game: "Game", block: Any, out: dict[str, list[int]], p: "Plan") -> int:
    """Per player, kind and square its rays (each: its direction's number, its length, its squares);
    per square and direction the whole line through it (``line_pieces``); per player and code
    whether a move passes over it, whether it stops one, whether a move may end on it."""
    t = game.t
    if t.stacking:
        raise NotKernel("a `move` of this shape on a board of stacks")
    landing = block.landing
    if block.spread or block.under or block.returns or block.promotion is not None \
            or block.k_min != 1 or block.k_max != 1:
        raise NotKernel("a `move` of this shape")
    if landing.occupied and not block.captures:  # pragma: no cover - refused when compiled
        raise NotKernel("a `move` of this shape")
    n, kinds = t.topology.size, len(t.kind_names)
    names: list[str] = []
    rays: list[list[int]] = []
    fixed = block.params.get("distance", "any")
    # a move of one square at most reads the ray's first square alone (without screens)
    reach = 1 if fixed == 1 and not block.screens else n
    for q in (1, 2):
        moved = {t.code_kind[code] for code in block.codes[q]}
        for kind in range(kinds):
            for sq in range(n):
                seq: list[int] = []
                for name, whole in (block.rays[q][kind][sq] if kind in moved else []):
                    ray = whole[:reach]
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
    landing_table(game, landing, out)
    out["mine"] = mine(block.codes, t.num_codes)
    out["kind"] = list(t.code_kind)
    out["shape"] = [max(1, len(names)), kinds, int(block.screens), int(block.params.get("distance", "any") == "any")]
    return n * max(1, len(names))


def moves(w: "Writer", p: "Plan", i: int) -> None:
    """For each of the player's pieces (where ``from`` allows) and each ray: as far as it goes, or
    past exactly ``screens`` pieces, or the distance (``line_pieces`` counted on the line) with the
    squares passed; the square it ends on where ``to`` allows."""
    n, nc = p.squares, p.codes
    blk = p.blocks[i]
    nd, kinds, screens, anywhere = blk.tables["shape"]
    own_pieces(w, p, i)
    if blk.from_ok is not None:
        w(f"if not fromok{i}(p, s):", 2)
        w("continue", 3)
    w(f"mv = {w.big(i * p.slot)} + (c - 1) * {(n + 1) * n} + s * {n}", 2)
    w(f"e = B{i}_rstart[((p - 1) * {kinds} + B{i}_kind[c - 1]) * {n} + s]", 2)
    w(f"stop = B{i}_rstart[((p - 1) * {kinds} + B{i}_kind[c - 1]) * {n} + s + 1]", 2)
    w("while e < stop:", 2)
    w(f"d = B{i}_rays[e]", 3)
    w(f"ray = B{i}_rays[e + 1]", 3)
    w("h = e + 2", 3)  # where the ray's squares begin (``first`` is the list's, for `legal_if`)
    w("e = h + ray", 3)
    landing = lands(p, i, "top", "t", "s")
    if screens:  # the squares up to the screens' number of pieces, then the one it may land on
        w("free = 0", 3)  # the pieces passed
        w("for j in range(h, h + ray):", 3)
        w(f"t = B{i}_rays[j]", 4)
        w("top = b[t]", 4)
        w(f"if top and B{i}_stop[top - 1]:", 4)
        w("break", 5)
        distance = "" if anywhere else f" and j - h + 1 == {blk.distance}"
        w(f"if free == {screens}{distance} and {landing}:", 4)
        w("out[k] = mv + t", 5)
        w("k += 1", 5)
        w("if top:", 4)
        w(f"if free == {screens}:", 5)
        w("break", 6)
        w("free += 1", 5)
        return
    if anywhere:  # every square up to a piece it may not pass
        w("for j in range(h, h + ray):", 3)
        w(f"t = B{i}_rays[j]", 4)
        w("top = b[t]", 4)
        w(f"if top and B{i}_stop[top - 1]:", 4)
        w("break", 5)
        w(f"if {landing}:", 4)
        w("out[k] = mv + t", 5)
        w("k += 1", 5)
        w(f"if top and not B{i}_pass[p * {nc} + top - 1]:", 4)
        w("break", 5)
        return
    distance = blk.distance or "0"
    if "maxc" in distance:
        w("maxc = 0", 3)  # the pieces on the whole line through s that way
        w(f"for j in range(B{i}_lstart[s * {nd} + d], B{i}_lstart[s * {nd} + d + 1]):", 3)
        w(f"if b[B{i}_lines[j]]:", 4)
        w("maxc += 1", 5)
    w(f"cap = {distance}", 3)
    w("if cap < 1 or cap > ray:", 3)
    w("continue", 4)
    w("free = 1", 3)
    w("for j in range(h, h + cap - 1):", 3)  # the squares passed
    w(f"top = b[B{i}_rays[j]]", 4)
    w(f"if top and (not B{i}_pass[p * {nc} + top - 1] or B{i}_stop[top - 1]):", 4)
    w("free = 0", 5)
    w("break", 5)
    w("if not free:", 3)
    w("continue", 4)
    w(f"t = B{i}_rays[h + cap - 1]", 3)
    w("top = b[t]", 3)
    w(f"if (top and B{i}_stop[top - 1]) or not {landing}:", 3)
    w("continue", 4)
    w("out[k] = mv + t", 3)
    w("k += 1", 3)


def distance_code(conditions: Any, block: Any) -> str:
    """The block's ``distance`` as kernel code: ``maxc`` stands for ``line_pieces``; one piece moves
    (``k``, ``height``: 1); ``any`` is as far as the line goes."""
    distance = block.params.get("distance", "any")
    return "0" if distance == "any" else str(conditions.distance(parse_expr(str(distance))))


def squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """The part is ``(code * (N + 1) + from) * N + to``: the plain reading."""
    return False
