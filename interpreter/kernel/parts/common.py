"""What several of the kernel's blocks write or read alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import NotKernel

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Plan
    from ..writer import Writer

__all__ = ["padded", "own_pieces", "own_counts", "own_pick", "own_find", "own_found", "mine", "one_piece_tables", "one_piece_make", "plain_squares", "landing_table",
           "landing_code", "from_code", "lands", "one_move", "no_square"]


def own_pieces(w: "Writer", p: "Plan", i: int) -> None:
    """The loop over the squares the player's pieces top, ``s`` each and ``c`` its cell, skipping
    those block ``i`` does not move (the body follows at depth 2)."""
    w("for x in range(PN[p]):", 1)
    w(f"s = PL[p * {p.squares} + x]", 2)
    w("c = b[s]", 2)
    w(f"if not B{i}_mine[p * {p.codes + 1} + c]:", 2)
    w("continue", 3)


def padded(p: "Plan", i: int) -> int:
    """The candidates a piece of block ``i`` is given when they are padded, else 0. A block that
    moves every piece of both players and whose rows of candidates (``cnt``, per player and
    square) are at least half as long on average as the longest, ``k``, gives each piece the
    player tops ``k`` candidates: its row, then as many that are never legal. A draw then needs
    no count of the pieces' rows (the player's pieces times ``k``) and finds a candidate's piece
    by one division; the candidates that are never legal cost a try each, as a blocked one does,
    and every legal move is still one candidate, as likely as any other."""
    t = p.blocks[i].tables
    cnt, mine, m = t["cnt"], t["mine"], p.codes + 1
    if any(not mine[p.code_owner[c] * m + c + 1] for c in range(p.codes) if p.code_owner[c] in (1, 2)):
        return 0
    k = max(cnt, default=0)
    return k if k and 2 * sum(cnt) >= k * len(cnt) else 0


def own_counts(w: "Writer", p: "Plan", i: int, term: str, pad: int = 0) -> None:
    """The body of ``count{i}(p)``: the sum of ``term`` (a square's candidates, reading ``s``)
    over the squares the player's pieces top that block ``i`` moves. In plain Python by one
    comprehension, the running sums kept in ``PC{i}`` for :func:`own_pick`. Padded (``pad``
    candidates a piece, see :func:`padded`): the player's pieces times ``pad``."""
    n, m = p.squares, p.codes + 1
    if pad:
        w(f"return PN[p] * {pad}", 1)
        return
    if w.typed:
        w("k = 0", 1)
        own_pieces(w, p, i)
        w(f"k += {term}", 2)
        w("return k", 1)
        return
    w(f"sq = [s for s in PL[p * {n}:p * {n} + PN[p]] if B{i}_mine[p * {m} + b[s]]]", 1)
    w(f"acc = list(accumulate([{term} for s in sq]))", 1)
    w(f"PC{i}[0] = sq", 1)
    w(f"PC{i}[1] = acc", 1)
    w("return acc[-1] if acc else 0", 1)


def own_pick(w: "Writer", p: "Plan", i: int) -> None:
    """Plain Python, in ``propose{i}(p, r)`` after ``count{i}(p)`` in the same position: the
    square ``s`` (its cell ``c``) of the ``r``-th candidate, found by bisection in the running
    sums :func:`own_counts` kept, and ``r`` made the candidate's number among its square's."""
    w(f"sq, acc = PC{i}", 1)
    w("x = bisect_right(acc, r)", 1)
    w("s = sq[x]", 1)
    w("if x:", 1)
    w("r -= acc[x - 1]", 2)
    w("c = b[s]", 1)


def own_find(w: "Writer", p: "Plan", i: int, starts: str, pad: int = 0) -> None:
    """In ``propose{i}(p, r)`` of a block whose candidates are rows of a table (``starts`` per
    player and square, ``B{i}_cnt`` their lengths): ``s`` (its cell ``c``), the square of the
    ``r``-th candidate, and ``e``, the candidate's place in the table. The lines that follow are
    written at depth 2 and end with :func:`own_found`. Padded (``pad``, see :func:`padded`): the
    piece is the ``r // pad``-th of the player's, and a candidate beyond its row is -1."""
    n = p.squares
    if pad:
        if pad == 1:  # the r-th piece's one candidate
            w(f"s = PL[p * {n} + r]", 1)
            w("r = 0", 1)
            w(f"if not B{i}_cnt[(p - 1) * {n} + s]:", 1)
        else:
            w(f"x = r // {pad}", 1)
            w(f"s = PL[p * {n} + x]", 1)
            w(f"r -= x * {pad}", 1)
            w(f"if r >= B{i}_cnt[(p - 1) * {n} + s]:", 1)
        w("return -1", 2)
        w("c = b[s]", 1)
        w.shift -= 1
    elif w.typed:  # the pieces walked, the candidates of each passed by
        own_pieces(w, p, i)
        w(f"t = B{i}_cnt[(p - 1) * {n} + s]", 2)
        w("if r >= t:", 2)
        w("r -= t", 3)
        w("continue", 3)
    else:  # the piece found by bisection, the lines written one level less deep
        own_pick(w, p, i)
        w.shift -= 1
    w(f"e = {starts}[(p - 1) * {n} + s] + r", 2)


def own_found(w: "Writer", pad: int = 0) -> None:
    """The end of what :func:`own_find` began."""
    if pad:
        w.shift += 1
    elif w.typed:
        w("return -1", 1)
    else:
        w.shift += 1


def mine(codes: list[list[int]], num_codes: int) -> list[int]:
    """Per player and cell: 1 where a block moves the stack that cell tops (``codes[p]``)."""
    out = [0] * (3 * (num_codes + 1))
    for p in (1, 2):
        for code in codes[p]:
            out[p * (num_codes + 1) + code + 1] = 1
    return out


def one_piece_tables(game: Any, block: Any, out: dict[str, list[int]]) -> int:
    """What a block moving one piece (``step``, ``slide``) needs first: a board without stacks,
    and the pieces it moves (``mine``); the board's size."""
    t = game.t
    if t.stacking:
        raise NotKernel(f"a `{block.name}` of one piece on a board of stacks")
    out["mine"] = mine(block.codes, t.num_codes)
    return int(t.topology.size)


def one_piece_make(w: "Writer", p: "Plan", i: int) -> None:
    """``make{i}`` and ``unmake{i}`` of a piece that goes from one square to another, taking what
    stands there (``step``, ``slide``): the part is ``(code * NF + from) * N + to``; the info is
    the cell taken (0: none)."""
    n = p.squares
    nf = n + 1
    w.func(f"make{i}", [("long long", "x"), ("int", "p")], "int")
    w.local("int to_, frm_, code, cap")
    w(f"to_ = x % {n}", 1)
    w(f"frm_ = (x // {n}) % {nf}", 1)
    w(f"code = x // {n * nf}", 1)
    w("cap = b[to_]", 1)
    w("if cap:", 1)
    w("top_off(to_, cap - 1)", 2)
    w("top_off(frm_, code)", 1)
    w("top_on(to_, code)", 1)
    w("return cap", 1)
    w("")
    w.func(f"unmake{i}", [("long long", "x"), ("int", "p"), ("int", "cap")], "void")
    w.local("int to_, frm_, code")
    w(f"to_ = x % {n}", 1)
    w(f"frm_ = (x // {n}) % {nf}", 1)
    w(f"code = x // {n * nf}", 1)
    w("top_off(to_, code)", 1)
    w("top_on(frm_, code)", 1)
    w("if cap:", 1)
    w("top_on(to_, cap - 1)", 2)
    w("")


def plain_squares(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """A move read plainly: ``to_of`` and ``from_of`` need nothing of their own."""
    return False




def landing_table(game: Any, landing: Any, out: dict[str, list[int]]) -> None:
    """Per player and cell (0 empty, else a code + 1): whether ``to``'s words let a move end
    there (``land``); its regions and conditions are the block's ``lands`` (see :func:`lands`)."""
    t = game.t
    out["land"] = [int(landing.by_words[q][c]) if q else 0 for q in range(3) for c in range(t.num_codes + 1)]


def landing_code(conditions: Any, game: Any, block: Any) -> str | None:
    """The regions and conditions of a block's ``to`` as kernel code reading ``mover``, ``to_``
    and ``frm_`` (None: it has only words)."""
    from ...dsl.expr import parse_expr
    spec = block.params.get("to")
    if block.landing.simple or spec is None:
        return None
    t = game.t
    alternatives = []
    for word in spec if isinstance(spec, list) else [spec]:
        if word in ("empty", "occupied", "own", "enemy", "neutral", "any", "not_own"):
            continue
        if t.is_region(word):
            halves = word in t.player_regions
            alternatives.append(conditions.truth(parse_expr(f"inside(to, {word}, mover)" if halves
                                                            else f"inside(to, {word})")))
        else:
            alternatives.append(conditions.truth(parse_expr(str(word)), "landing"))
    return " or ".join(alternatives) or None


def from_code(conditions: Any, block: Any) -> str | None:
    """A block's ``from`` (a region, or a condition reading ``from``) as kernel code reading
    ``mover`` and ``frm_`` (None: none)."""
    from ...dsl.expr import parse_expr
    spec = block.params.get("from")
    if spec is None:
        return None
    t = conditions.game.t
    if t.is_region(spec):
        return str(conditions.truth(parse_expr(f"inside(from, {spec}, mover)" if spec in t.player_regions
                                               else f"inside(from, {spec})")))
    return str(conditions.truth(parse_expr(str(spec)), "landing"))


def lands(p: "Plan", i: int, cell: str, to: str, frm: str) -> str:
    """Kernel code: whether block ``i``'s move from ``frm`` may end on ``to`` (whose cell is
    ``cell``): by ``to``'s words, or where it has regions or conditions, by those."""
    words = f"B{i}_land[p * {p.codes + 1} + {cell}]"
    if p.blocks[i].lands is None:
        return words
    return f"({words} or lands{i}(p, {to}, {frm}))"


def one_move(w: "Writer", p: "Plan", i: int) -> None:
    """The block's one move, the part 0 (a pass, a swap)."""
    w(f"out[k] = {w.big(i * p.slot)}", 1)
    w("k += 1", 1)


def no_square(w: "Writer", p: "Plan", i: int, name: str) -> bool:
    """A move with no square (the engine's -1): a pass, a swap."""
    w("return -1", 2)
    return True
