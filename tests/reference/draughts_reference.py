#!/usr/bin/env python3
"""Independent reference move generator for four draughts rule sets.

Written from the published rules of the games (see tests/data/draughts/NOTES.md
for every rule sentence, its source and the readings chosen where sources
disagree).  Pure Python 3.11, standard library only.

Rule sets (the ``rules`` argument):

``"russian"``   Russian draughts (shashki), 8x8.
``"turkish"``   Turkish draughts (dama), 8x8, every square used.
``"frisian"``   Frisian draughts, 10x10.
``"bashni"``    Bashni (column draughts), real rules, reading R1 (see below).

Extra variants, for comparison only (documented in NOTES.md):

``"russian-ludii"``     Russian as Ludii 1.3 plays it: jumped pieces are
                        removed at once (no Turkish strike) and a flying king
                        may stop on any square behind the captured piece.
``"bashni-immediate"``  Bashni, reading R2: the jumped top piece goes under
                        the capturer at once, so a column may be jumped again
                        in the same chain while an enemy piece is on top.
``"bashni-ludii"``      Bashni as Ludii 1.3 plays it (men capture forward
                        only, crowning ends the chain, immediate transfer, no
                        jumping the same column in two consecutive jumps,
                        flying king free to land on any square after a jump).
``"turkish-kingpromo"`` Turkish, with a man crowned during a capture going on
                        at once as a king (the reading we did not take).
``"frisian-1.5"``       Frisian, a captured king valued 1.5 men instead of
                        "slightly less than two men" (the reading we did not
                        take).

Interface
---------
Squares are named like chess squares (files a.., ranks 1..; White at the
bottom; a1 is a dark square).  A *position* is a dict ``{square: column}``
where a column is a string of piece letters bottom to top: ``w`` white man,
``W`` white king, ``b`` black man, ``B`` black king.  Games without stacking
have one letter per column.  The side to move is ``'w'`` or ``'b'``.

``start(rules)``                       -> (position, side)
``moves(rules, position, side)``       -> list of (path, new_position)
``perft(rules, position, side, depth)``-> int
``random_position(rules, seed, plies)``-> (position, side, paths played)

A *path* is the tuple of square names (start, landing1, landing2, ...).
A move is identified by its path; perft counts distinct paths per position.

Frisian has a rule with memory (a king may not make more than three
non-capturing moves in a row).  ``moves`` and ``perft`` accept an optional
``state`` (see :func:`frisian_state_after`); without it no king is taken to
have moved before (every count 0).
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Dict, List, Optional, Sequence, Tuple

__all__ = [
    "RULES",
    "start",
    "moves",
    "perft",
    "random_position",
    "frisian_state_after",
    "path_notation",
    "position_string",
    "parse_position_string",
]

Position = Dict[str, str]
Path = Tuple[str, ...]


# ---------------------------------------------------------------------------
# Rule-set descriptions
# ---------------------------------------------------------------------------

class _Rules:
    """Parameters of one rule set (filled in by :func:`_make_rules`)."""

    __slots__ = (
        "name", "n", "all_squares", "start_ranks", "man_step", "man_cap",
        "king_move", "king_cap", "orth_step", "removal", "promote_in_capture",
        "king_must_continue", "no_reverse", "no_same_twice", "majority",
        "value_king", "value_man", "king_priority", "stacks",
        "frisian_king_limit",
    )


def _make_rules(name: str) -> _Rules:
    """Build the parameter record of rule set *name*.

    Every field carries the rule sentence it implements (sources in NOTES.md).
    """
    r = _Rules()
    r.name = name
    base = name.split("-")[0]
    if base not in ("russian", "turkish", "frisian", "bashni"):
        raise ValueError(f"unknown rules {name!r}")
    # Defaults shared by the diagonal 8x8 games (Russian, Bashni).
    r.stacks = base == "bashni"
    r.frisian_king_limit = False
    r.majority = None            # None, "count" or "value"
    r.value_king = r.value_man = 1
    r.king_priority = False
    r.no_reverse = False
    r.no_same_twice = False
    r.orth_step = 1
    diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
    orth = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if base in ("russian", "bashni"):
        # "The board is an 8x8 grid ... The left down square should be dark."
        # "Each player starts with 12 pieces on the three rows closest."
        r.n, r.all_squares, r.start_ranks = 8, False, 3
        # "Men move forward diagonally to an adjacent unoccupied square."
        r.man_step = [(1, 1), (-1, 1)]
        # "Jumping can be done forward and backward."
        r.man_cap = list(diag)
        # Flying king: "move diagonally to any free square, forward or back".
        r.king_move = list(diag)
        r.king_cap = list(diag)
        # "Captured pieces move out off the board after the end of move.
        #  No piece can be captured twice" (Turkish strike).
        r.removal = "end"
        # "at bashni through the king row a man becomes a king and continues
        #  the capture by the rules of a king".
        r.promote_in_capture = "king"
        # A king may land on any free square behind the captured piece, but
        # must land where it can go on capturing if such squares exist.
        r.king_must_continue = True
        if name == "russian-ludii":
            # Ludii 1.3 Shashki: jumped pieces are removed at once (so they do
            # not block) and a flying king may stop on any square behind.
            r.removal = "immediate"
            r.king_must_continue = False
        elif name == "bashni-immediate":
            r.removal = "stack"
        elif name == "bashni-ludii":
            r.removal = "stack"
            r.man_cap = [(1, 1), (-1, 1)]
            r.promote_in_capture = "stop"
            r.no_same_twice = True
            r.king_must_continue = False
        elif name not in ("russian", "bashni"):
            raise ValueError(f"unknown rules {name!r}")
    elif base == "turkish":
        # "On an 8x8 board, 16 men are lined up on each side, in two rows,
        #  skipping the back row."  All 64 squares are used.
        r.n, r.all_squares, r.start_ranks = 8, True, 0
        # "Men move orthogonally forward or sideways one square."
        r.man_step = [(0, 1), (1, 0), (-1, 0)]
        # "capturing by means of a jump ... forward or sideways".
        r.man_cap = [(0, 1), (1, 0), (-1, 0)]
        # Kings "may move any number of squares forwards, backwards or
        # sideways" and capture a piece at any distance.
        r.king_move = list(orth)
        r.king_cap = list(orth)
        # "Pieces are removed immediately after being jumped."
        r.removal = "immediate"
        # "Within a multicapture, turning 180 degrees between two captures is
        #  not allowed."
        r.no_reverse = True
        # "the one that captures the most pieces must be chosen. No
        #  difference between king and man".
        r.majority = "count"
        # "When a man reaches the back row, it is promoted to a king at the
        #  end of the move" (reading taken, see NOTES.md).
        r.promote_in_capture = "man"
        if name == "turkish-kingpromo":
            r.promote_in_capture = "king"
        elif name != "turkish":
            raise ValueError(f"unknown rules {name!r}")
        r.king_must_continue = False   # implied by the majority rule
    else:  # frisian
        # "10x10 squares ... lower-leftmost square should be dark."
        # "20 pieces ... on the black squares of the first four rows".
        r.n, r.all_squares, r.start_ranks = 10, False, 4
        # "Ordinary pieces move one square diagonally forward."
        r.man_step = [(1, 1), (-1, 1)]
        # Capture "forward or backward ... in any direction (a choice of
        # eight) along the horizontal, vertical and diagonal lines"; an
        # orthogonal neighbour on the same colour is two files/ranks away.
        r.orth_step = 2
        r.man_cap = list(diag) + [(2, 0), (-2, 0), (0, 2), (0, -2)]
        # "Crowned pieces ... can move freely multiple steps in any diagonal
        #  direction"; they capture in all eight directions at any distance.
        r.king_move = list(diag)
        r.king_cap = list(r.man_cap)
        # As in international draughts, jumped pieces are taken off after the
        # move and may not be jumped twice.
        r.removal = "end"
        # "A piece is crowned if it stops on the far edge of the board at the
        #  end of its turn (... not if it ... must then jump ... backward)."
        r.promote_in_capture = "man"
        # "It is compulsory to make the highest shot value." A king "has more
        #  value than a man, but less than two men" - taken as 1.99 men.
        r.majority = "value"
        r.value_man, r.value_king = 100, 199
        if name == "frisian-1.5":
            r.value_man, r.value_king = 2, 3
        elif name != "frisian":
            raise ValueError(f"unknown rules {name!r}")
        # "If the same value capture is possible using either a king or a
        #  man, the king must be used."
        r.king_priority = True
        # "A player may not move (as opposed to capture) more than three
        #  times in succession with the same king ... does not apply for a
        #  player who has only kings."
        r.frisian_king_limit = True
        r.king_must_continue = False   # implied by the value rule
    r.man_step = list(r.man_step)
    return r


RULES = ("russian", "turkish", "frisian", "bashni")
_VARIANTS = RULES + ("russian-ludii", "bashni-immediate", "bashni-ludii", "turkish-kingpromo",
                     "frisian-1.5")


# ---------------------------------------------------------------------------
# Geometry: square names, rays and neighbour tables (precomputed once)
# ---------------------------------------------------------------------------

class _Geo:
    """Precomputed tables for one rule set.

    Squares are indices ``rank * n + file`` (a1 = 0).  For every square and
    direction the *ray* is the tuple of playable squares met when stepping
    repeatedly by the direction vector (diagonal steps of 1, orthogonal steps
    of ``orth_step``).
    """

    def __init__(self, r: _Rules) -> None:
        n = r.n
        self.r = r
        self.n = n
        self.files = "abcdefghijklmnopqrstuvwxyz"[:n]
        self.names = [self.files[i % n] + str(i // n + 1) for i in range(n * n)]
        self.index = {nm: i for i, nm in enumerate(self.names)}
        self.playable = [r.all_squares or ((i % n) + (i // n)) % 2 == 0
                         for i in range(n * n)]
        self.squares = [i for i in range(n * n) if self.playable[i]]

        def vec(d: Tuple[int, int]) -> Tuple[int, int]:
            dx, dy = d
            if dx != 0 and dy != 0:
                return d
            s = r.orth_step
            return (dx // abs(dx) * s if dx else 0, dy // abs(dy) * s if dy else 0)

        # All directions used by this rule set, as vectors (white's view).
        dirs: List[Tuple[int, int]] = []
        for d in r.man_cap + r.king_cap + r.king_move + r.man_step:
            v = vec(d)
            if v not in dirs:
                dirs.append(v)
        for v in list(dirs):
            if (-v[0], -v[1]) not in dirs:
                dirs.append((-v[0], -v[1]))
        self.dirs = dirs
        self.rev = [dirs.index((-v[0], -v[1])) for v in dirs]
        self.rays: List[List[Tuple[int, ...]]] = []
        for i in range(n * n):
            per = []
            for (dx, dy) in dirs:
                f, k = i % n, i // n
                ray = []
                while True:
                    f += dx
                    k += dy
                    if not (0 <= f < n and 0 <= k < n):
                        break
                    j = k * n + f
                    if self.playable[j]:
                        ray.append(j)
                per.append(tuple(ray))
            self.rays.append(per)

        def dir_ids(lst: Sequence[Tuple[int, int]], side: str) -> List[int]:
            out = []
            for d in lst:
                v = vec(d)
                if side == "b":  # forward for Black is down the board
                    v = (v[0], -v[1])
                out.append(dirs.index(v))
            return out

        self.man_step = {s: dir_ids(r.man_step, s) for s in "wb"}
        self.man_cap = {s: dir_ids(r.man_cap, s) for s in "wb"}
        self.king_move = dir_ids(r.king_move, "w")
        self.king_cap = dir_ids(r.king_cap, "w")
        # Men: (direction, jumped square, landing square) per square.
        self.man_jumps = {
            s: [tuple((d, self.rays[i][d][0], self.rays[i][d][1])
                      for d in self.man_cap[s] if len(self.rays[i][d]) >= 2)
                for i in range(n * n)]
            for s in "wb"}
        self.man_steps = {
            s: [tuple(self.rays[i][d][0] for d in self.man_step[s]
                      if self.rays[i][d])
                for i in range(n * n)]
            for s in "wb"}
        self.king_cap_rays = [tuple((d, self.rays[i][d]) for d in self.king_cap
                                    if len(self.rays[i][d]) >= 2)
                              for i in range(n * n)]
        self.king_move_rays = [tuple(self.rays[i][d] for d in self.king_move
                                     if self.rays[i][d])
                               for i in range(n * n)]
        # Crowning rows: "the kings row on the opposing player's side".
        self.promo = {
            "w": frozenset(i for i in range(n * n) if i // n == n - 1),
            "b": frozenset(i for i in range(n * n) if i // n == 0),
        }


_CACHE: Dict[str, _Geo] = {}


def _geo(rules: str) -> _Geo:
    g = _CACHE.get(rules)
    if g is None:
        if rules not in _VARIANTS:
            raise ValueError(f"unknown rules {rules!r}; use one of {_VARIANTS}")
        g = _Geo(_make_rules(rules))
        _CACHE[rules] = g
    return g


# ---------------------------------------------------------------------------
# Position conversion
# ---------------------------------------------------------------------------

def _to_board(g: _Geo, position: Position) -> List[Optional[str]]:
    board: List[Optional[str]] = [None] * (g.n * g.n)
    for sq, col in position.items():
        i = g.index.get(sq)
        if i is None or not g.playable[i]:
            raise ValueError(f"square {sq!r} is not playable in {g.r.name}")
        if not col or any(c not in "wWbB" for c in col):
            raise ValueError(f"bad column {col!r} on {sq}")
        if not g.r.stacks and len(col) != 1:
            raise ValueError(f"{g.r.name} has no stacks: {sq}={col}")
        board[i] = col
    return board


def _to_position(g: _Geo, board: Sequence[Optional[str]]) -> Position:
    names = g.names
    return {names[i]: c for i, c in enumerate(board) if c is not None}


def start(rules: str) -> Tuple[Position, str]:
    """Start position of *rules* and the side to move ('w': White first).

    Russian/Bashni: 12 men each on the dark squares of the first three ranks.
    Frisian: 20 men each on the dark squares of the first four ranks.
    Turkish: 16 men each on ranks 2-3 (White) and 6-7 (Black).
    """
    g = _geo(rules)
    n = g.n
    pos: Position = {}
    for i in g.squares:
        rank = i // n
        if g.r.all_squares:
            if rank in (1, 2):
                pos[g.names[i]] = "w"
            elif rank in (n - 3, n - 2):
                pos[g.names[i]] = "b"
        else:
            if rank < g.r.start_ranks:
                pos[g.names[i]] = "w"
            elif rank >= n - g.r.start_ranks:
                pos[g.names[i]] = "b"
    return pos, "w"


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def _owner(col: str) -> str:
    return "w" if col[-1] in "wW" else "b"


def _captures(g: _Geo, board: List[Optional[str]], side: str):
    """All complete capture chains for *side*.

    Returns a list of ``(path, captured, final_col, start_is_king)`` where
    ``path`` is a tuple of square indices, ``captured`` the jumped squares in
    order, and ``final_col`` the moving column at the end of the chain
    (crowning applied as the rule set says).  Chains are complete: "If after
    capturing ... you still have a jump, you must carry on" - a chain is only
    recorded when no further jump is possible.
    """
    r = g.r
    rays = g.rays
    man_jumps = g.man_jumps[side]
    king_cap_rays = g.king_cap_rays
    promo = g.promo[side]
    rev = g.rev
    removal = r.removal
    no_reverse = r.no_reverse
    no_same_twice = r.no_same_twice
    must_continue = r.king_must_continue
    promote_mode = r.promote_in_capture
    enemy_tops = ("b", "B") if side == "w" else ("w", "W")
    out = []

    # ---- helpers -------------------------------------------------------
    def capturable(s: int, caps: List[int]) -> bool:
        """Square *s* holds an enemy top that may be jumped now."""
        v = board[s]
        if v is None or v[-1] not in enemy_tops:
            return False
        if removal == "end" and s in caps:
            return False  # "a piece may not be jumped twice" (Turkish strike)
        return True

    def king_can_capture(at: int, caps: List[int], last_dir: int,
                         last_sq: int) -> bool:
        """Could a king standing on *at* capture something now?"""
        for d, ray in king_cap_rays[at]:
            if no_reverse and last_dir >= 0 and d == rev[last_dir]:
                continue
            k = 0
            L = len(ray)
            while k < L and board[ray[k]] is None:
                k += 1
            if k >= L - 1:
                continue
            s = ray[k]
            if no_same_twice and s == last_sq:
                continue
            if capturable(s, caps) and board[ray[k + 1]] is None:
                return True
        return False

    # ---- one jump: take the piece on s (state change) and undo ---------
    def take(s: int):
        """Apply the removal rule for a jump over *s*; return undo info."""
        if removal == "end":
            return None  # jumped pieces stay (and block) until the move ends
        v = board[s]
        if removal == "immediate":
            board[s] = None  # "removed immediately after being jumped"
        else:  # "stack": only the top piece is taken, at once
            board[s] = v[:-1] or None
        return v

    def untake(s: int, v) -> None:
        if removal != "end":
            board[s] = v

    def dfs(cur: int, col: str, path: List[int], caps: List[int],
            last_dir: int) -> None:
        king = col[-1] in "WB"
        found = False
        last_sq = caps[-1] if caps else -1
        if king:
            for d, ray in king_cap_rays[cur]:
                if no_reverse and last_dir >= 0 and d == rev[last_dir]:
                    continue  # "turning 180 degrees ... is not allowed"
                k = 0
                L = len(ray)
                while k < L and board[ray[k]] is None:
                    k += 1
                if k >= L - 1:
                    continue
                s = ray[k]
                if no_same_twice and s == last_sq:
                    continue
                if not capturable(s, caps):
                    continue
                lands = []
                j = k + 1
                while j < L and board[ray[j]] is None:
                    lands.append(ray[j])
                    j += 1
                if not lands:
                    continue
                found = True
                saved = take(s)
                caps.append(s)
                if must_continue and len(lands) > 1:
                    # "if from some of those landing squares the capture can
                    #  continue, the king must land on one of those"
                    cont = [l for l in lands
                            if king_can_capture(l, caps, d, s)]
                    if cont:
                        lands = cont
                for l in lands:
                    path.append(l)
                    dfs(l, col, path, caps, d)
                    path.pop()
                caps.pop()
                untake(s, saved)
        else:
            for d, s, l in man_jumps[cur]:
                if board[l] is not None:
                    continue
                if no_reverse and last_dir >= 0 and d == rev[last_dir]:
                    continue
                if no_same_twice and s == last_sq:
                    continue
                if not capturable(s, caps):
                    continue
                found = True
                saved = take(s)
                caps.append(s)
                path.append(l)
                if l in promo and promote_mode != "man":
                    crowned = col[:-1] + col[-1].upper()
                    if promote_mode == "king":
                        # crowned at once, goes on capturing as a king
                        dfs(l, crowned, path, caps, d)
                    else:  # "stop": crowning ends the chain (Ludii Bashni)
                        out.append((tuple(path), tuple(caps), crowned, False))
                else:
                    dfs(l, col, path, caps, d)
                path.pop()
                caps.pop()
                untake(s, saved)
        if not found and len(path) > 1:
            final = col
            if (final[-1] in "wb" and cur in promo):
                # a man that *ends* its capture on the crowning row is crowned
                final = final[:-1] + final[-1].upper()
            out.append((tuple(path), tuple(caps), final, None))

    for i in g.squares:
        v = board[i]
        if v is None or _owner(v) != side:
            continue
        board[i] = None  # the moving column leaves its square
        before = len(out)
        dfs(i, v, [i], [], -1)
        board[i] = v
        start_king = v[-1] in "WB"
        for k in range(before, len(out)):
            p, c, f, _ = out[k]
            out[k] = (p, c, f, start_king)
    return out


def _apply_capture(g: _Geo, board: List[Optional[str]], path, caps,
                   final_col: str) -> List[Optional[str]]:
    """Board after a capture chain (pieces taken as the rule set says)."""
    r = g.r
    nb = list(board)
    start_sq, end_sq = path[0], path[-1]
    nb[start_sq] = None
    if r.removal == "immediate":
        for s in caps:
            nb[s] = None
        nb[end_sq] = final_col
    elif not r.stacks:
        # "Captured pieces move out off the board after the end of move."
        for s in caps:
            nb[s] = None
        nb[end_sq] = final_col
    else:
        # Bashni: the top piece of each jumped column goes under the
        # capturing column; the first prisoner taken lies directly under the
        # capturer, each later one under the previous ones.
        prisoners = []
        for s in caps:
            v = nb[s]
            prisoners.append(v[-1])
            nb[s] = v[:-1] or None
        nb[end_sq] = "".join(reversed(prisoners)) + final_col
    return nb


def _gen(g: _Geo, board: List[Optional[str]], side: str, state=None,
         build: bool = True):
    """Legal moves as ``(path_indices, new_board, info)``.

    ``info`` is ``(is_capture, start_is_king)``.  With ``build=False`` the new
    board is ``None`` (used for counting at the last perft ply).
    """
    r = g.r
    chains = _captures(g, board, side)
    result = []
    if chains:
        # "Capturing is compulsory."
        if r.majority == "count":
            best = max(len(c[1]) for c in chains)
            chains = [c for c in chains if len(c[1]) == best]
        elif r.majority == "value":
            vk, vm = r.value_king, r.value_man

            def value(c) -> int:
                return sum(vk if board[s][-1] in "WB" else vm for s in c[1])

            vals = [value(c) for c in chains]
            best = max(vals)
            chains = [c for c, v in zip(chains, vals) if v == best]
            if r.king_priority and any(c[3] for c in chains):
                chains = [c for c in chains if c[3]]
        seen = {}
        for path, caps, final, sk in chains:
            nb = _apply_capture(g, board, path, caps, final) if build else None
            prev = seen.get(path)
            if prev is not None:
                # same landing squares: the same move (it captures the same
                # pieces in these rule sets; checked when boards are built)
                if build and prev != nb:
                    raise AssertionError(f"path {path} with two results")
                continue
            seen[path] = nb
            result.append((path, nb, (True, sk)))
        return result
    # No capture: quiet moves.
    promo = g.promo[side]
    blocked_king = -1
    if r.frisian_king_limit and state is not None:
        sq, cnt = state.get(side, (-1, 0))
        if cnt >= 3 and any(v is not None and v[-1] == side for v in board):
            # "may not move more than three times in succession with the same
            #  king" unless the player has only kings.
            blocked_king = sq
    steps = g.man_steps[side]
    slides = g.king_move_rays
    for i in g.squares:
        v = board[i]
        if v is None or _owner(v) != side:
            continue
        if v[-1] in "WB":
            if i == blocked_king:
                continue
            for ray in slides[i]:
                for t in ray:
                    if board[t] is not None:
                        break
                    if build:
                        nb = list(board)
                        nb[i] = None
                        nb[t] = v
                    else:
                        nb = None
                    result.append(((i, t), nb, (False, True)))
        else:
            for t in steps[i]:
                if board[t] is not None:
                    continue
                if build:
                    nb = list(board)
                    nb[i] = None
                    # "If a player's piece moves into the kings row ... it is
                    #  crowned"
                    nb[t] = v[:-1] + v[-1].upper() if t in promo else v
                else:
                    nb = None
                result.append(((i, t), nb, (False, False)))
    return result


def _next_state(g: _Geo, state, side: str, path, info, new_board):
    """Frisian king-move memory after *side* played *path*.

    ``state`` maps a side to ``(square of the king that made the last
    non-capturing moves, number of such moves in a row)``.
    """
    if not g.r.frisian_king_limit:
        return None
    st = dict(state) if state else {}
    is_capture, start_king = info
    if not is_capture and start_king:
        sq, cnt = st.get(side, (-1, 0))
        cnt = cnt + 1 if sq == path[0] else 1
        st[side] = (path[-1], cnt)
    else:
        st[side] = (-1, 0)  # another piece moved, or a capture was made
    other = "b" if side == "w" else "w"
    osq, ocnt = st.get(other, (-1, 0))
    if osq >= 0:
        v = new_board[osq]
        if v is None or v != other.upper():
            st[other] = (-1, 0)  # that king was captured
    return st


def _state_from_names(g: _Geo, state):
    if not state:
        return None
    return {s: (g.index[sq] if sq else -1, cnt) for s, (sq, cnt) in state.items()}


def moves(rules: str, position: Position, side: str,
          state: Optional[dict] = None) -> List[Tuple[Path, Position]]:
    """Legal moves of *side* in *position* as ``(path, new_position)``.

    ``state`` (Frisian only): ``{'w': (square or None, count), 'b': ...}``,
    the king that made the last non-capturing moves in a row and how many.
    """
    g = _geo(rules)
    if side not in ("w", "b"):
        raise ValueError("side must be 'w' or 'b'")
    board = _to_board(g, position)
    names = g.names
    res = []
    for path, nb, _info in _gen(g, board, side, _state_from_names(g, state)):
        res.append((tuple(names[i] for i in path), _to_position(g, nb)))
    return res


def _perft(g: _Geo, board, side: str, depth: int, state) -> int:
    if depth == 1:
        if g.r.frisian_king_limit:
            return len(_gen(g, board, side, state, build=False))
        return len(_gen(g, board, side, None, build=False))
    other = "b" if side == "w" else "w"
    total = 0
    fr = g.r.frisian_king_limit
    for path, nb, info in _gen(g, board, side, state):
        st = _next_state(g, state, side, path, info, nb) if fr else None
        total += _perft(g, nb, other, depth - 1, st)
    return total


def perft(rules: str, position: Position, side: str, depth: int,
          state: Optional[dict] = None) -> int:
    """Number of move sequences of length *depth* (distinct paths per node).

    A position without moves contributes 0 at any depth beyond it.
    """
    g = _geo(rules)
    if depth <= 0:
        return 1
    board = _to_board(g, position)
    return _perft(g, board, side, depth, _state_from_names(g, state))


def _sort_key(g: _Geo, path_idx) -> tuple:
    """Canonical move order: path compared square by square as (file, rank)."""
    n = g.n
    return tuple((i % n, i // n) for i in path_idx)


def random_position(rules: str, seed: int, plies: int):
    """Play *plies* uniformly random moves from the start.

    The moves of each position are sorted by path, each square compared as
    (file index, rank index), and one is picked with
    ``random.Random(seed).choice``.  Returns ``(position, side, paths)``; if
    the game ends (side to move has no move) earlier, stops there (the caller
    can see it from ``len(paths) < plies``).
    """
    g = _geo(rules)
    rng = random.Random(seed)
    pos, side = start(rules)
    board = _to_board(g, pos)
    state = None
    paths: List[Path] = []
    for _ in range(plies):
        ms = _gen(g, board, side, state)
        if not ms:
            break
        ms.sort(key=lambda m: _sort_key(g, m[0]))
        path, nb, info = rng.choice(ms)
        state = _next_state(g, state, side, path, info, nb)
        board = nb
        paths.append(tuple(g.names[i] for i in path))
        side = "b" if side == "w" else "w"
    return _to_position(g, board), side, paths


def frisian_state_after(rules: str, paths: Sequence[Path],
                        position: Optional[Position] = None, side: str = "w",
                        state: Optional[dict] = None):
    """Replay *paths* and return the Frisian king memory.

    Starts from the start position (default) or from *position* with *side*
    to move and memory *state*.  Result: ``{'w': (square or None, count),
    'b': (...)}`` for use as the ``state`` argument of :func:`moves` /
    :func:`perft`.  For the other rule sets the memory stays empty.
    """
    g = _geo(rules)
    if position is None:
        position, side = start(rules)
    board = _to_board(g, position)
    st = _state_from_names(g, state)
    for p in paths:
        idx = tuple(g.index[s] for s in p)
        for path, nb, info in _gen(g, board, side, st):
            if path == idx:
                st = _next_state(g, st, side, path, info, nb)
                board = nb
                break
        else:
            raise ValueError(f"illegal move {p}")
        side = "b" if side == "w" else "w"
    out = {"w": (None, 0), "b": (None, 0)}
    for s, (sq, c) in (st or {}).items():
        out[s] = (g.names[sq] if sq >= 0 else None, c)
    return out


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------

def path_notation(rules: str, position: Position, side: str, path: Path) -> str:
    """``a3-b4`` for a step, ``c3xe5xg3`` for a capture."""
    caps = _is_capture(rules, position, side, path)
    return ("x" if caps else "-").join(path)


def _is_capture(rules: str, position: Position, side: str, path: Path) -> bool:
    g = _geo(rules)
    board = _to_board(g, position)
    idx = tuple(g.index[s] for s in path)
    for p, _nb, info in _gen(g, board, side, None, build=False):
        if p == idx:
            return info[0]
    raise ValueError(f"illegal move {path}")


def position_string(rules: str, position: Position) -> str:
    """``square=column`` joined by commas in a1, b1, ..., (last) order."""
    g = _geo(rules)
    board = _to_board(g, position)
    return ",".join(f"{g.names[i]}={c}" for i, c in enumerate(board) if c)


def parse_position_string(text: str) -> Position:
    pos: Position = {}
    for part in text.split(","):
        part = part.strip()
        if part:
            sq, col = part.split("=")
            pos[sq] = col
    return pos


def diagram(rules: str, position: Position) -> str:
    """ASCII diagram, rank n at the top; stacks shown bottom..top."""
    g = _geo(rules)
    n = g.n
    board = _to_board(g, position)
    width = max([1] + [len(c) for c in board if c])
    lines = []
    for rank in range(n - 1, -1, -1):
        row = []
        for f in range(n):
            i = rank * n + f
            c = board[i]
            if c:
                row.append(c.ljust(width))
            else:
                row.append(("." if g.playable[i] else " ").ljust(width))
        lines.append(f"{rank + 1:>2} " + " ".join(row))
    lines.append("   " + " ".join(ch.ljust(width) for ch in g.files))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rules", choices=_VARIANTS)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--plies", type=int, default=0)
    a = ap.parse_args(argv)
    if a.seed is not None:
        pos, side, _paths = random_position(a.rules, a.seed, a.plies)
    else:
        pos, side = start(a.rules)
    for d in range(1, a.depth + 1):
        print(f"{d}\t{perft(a.rules, pos, side, d)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
