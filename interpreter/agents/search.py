"""Agents that look ahead: greedy (one ply), UCT Monte Carlo tree search, and alpha-beta with
iterative deepening (expectiminimax over the dice). They work on any game file.

A position is judged by the game file's ``evaluation`` where it declares one (see
docs/reference/agents.md), else by random playouts. Every agent is seeded: the same seed, game and
position give the same move.

Each agent has a ``progress`` attribute: None, or a function the agent calls now and then while it
thinks with the share of its budget used so far (0 to 1), for showing it (``spielwerk play``).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, cast

from ..game import Game
from ..game import State
from ..state import Move
from ..kernel import choice as kernel_choice
from ..kernel import kernel
from .base import RandomAgent, play_turn, sample_chance

__all__ = ["AlphaBetaAgent", "GreedyAgent", "MCTSAgent"]

#: the value of a won game; evaluations stay far below it
WIN = 1_000_000.0

#: what an agent's ``progress`` is called with: the share of its budget used, 0 to 1
Progress = Callable[[float], None]


def _share(done: int, budget: int, started: float, seconds: float) -> float:
    """How much of a budget of ``budget`` steps, or of ``seconds`` from ``started``, is used."""
    share = done / budget if budget else 0.0
    if seconds > 0:
        share = max(share, (time.perf_counter() - started) / seconds)
    return min(share, 1.0)


def _result(game: Game, st: State, player: int) -> float | None:
    """+1, -1 or 0 for ``player`` when the game in ``st`` is over, else None."""
    outcome = st.result if st.result is not None else game.outcome(st)
    return None if outcome is None else _value(outcome, player)


def _value(outcome: Any, player: int) -> float:
    """+1, -1 or 0 for ``player`` in a game that ended so."""
    if outcome.winner is None:
        return 0.0
    return 1.0 if outcome.winner == player else -1.0


class _Judge:
    """How good a position is for a player, in [-1, 1]: the evaluation's sign where the game file
    declares one (``declared``), else the mean result of ``playouts`` random playouts."""

    def __init__(self, game: Game, rng: random.Random, playouts: int, plies: int) -> None:
        self.game = game
        self.rng = rng
        self.declared = bool(game.evaluation)
        self.playouts = playouts
        self.plies = plies
        self.walker = RandomAgent(rng.randrange(1 << 30), by="step")
        #: when the agent's time for this move is up (``time.perf_counter()``): no playout is begun
        #: after it but the first
        self.deadline = math.inf

    def raw(self, st: State, player: int) -> float:
        """The evaluation's value itself (0 without one)."""
        return self.game.evaluate(st, player)

    def __call__(self, st: State, player: int) -> float:
        if self.declared:
            v = self.game.evaluate(st, player)
            return 1.0 if v > 0 else -1.0 if v < 0 else 0.0
        if not self.playouts:
            return 0.0
        total, done = 0.0, 0
        for _ in range(self.playouts):
            total += rollout(self.game, st, player, self.walker, self.rng, self.plies, None)
            done += 1
            if self.deadline < math.inf and time.perf_counter() > self.deadline:
                break
        return total / done


def rollout(game: Game, st: State, player: int, walker: Any, rng: random.Random, plies: int,
            judge: _Judge | None) -> float:
    """Play ``st`` out at random (dice turns by steps) and take the moves back; the result for
    ``player`` in [-1, 1]. A playout cut after ``plies`` is judged by the evaluation's sign if
    ``judge`` declares one, else counts as a draw."""
    return rollout_all(game, st, (player,), walker, rng, plies, judge)[0]


def rollout_all(game: Game, st: State, players: tuple[int, ...], walker: Any, rng: random.Random, plies: int,
                judge: _Judge | None) -> list[float]:
    """:func:`rollout` once, read for each of ``players``: the results in [-1, 1], in order. A
    game with a kernel (:mod:`spielwerk.kernel`) plays it out there, its moves drawn by the
    kernel's generator (seeded from ``rng``; dice turns by steps there too), unless a cut playout
    would be judged by the evaluation."""
    if judge is None or not judge.declared:
        made = kernel(game)
        if made is not None and made.usable(st):
            outcome = made.random_games(st, 1, seed=rng.getrandbits(63), max_plies=plies, by="step")[0][0]
            return [0.0 if outcome is None else _value(outcome, p) for p in players]
    done: list[tuple[Move, Any]] = []
    apply = game.apply
    values = [0.0] * len(players)
    try:
        for _ in range(plies):
            if not game.is_chance(st) and _result(game, st, 1) is not None:
                values = [cast(float, _result(game, st, p)) for p in players]
                break
            if game.is_chance(st):
                move = sample_chance(game, st, rng)
            else:
                move = play_turn(st, walker)
                if move is None:  # no move and no outcome: nothing more to learn
                    break
            done.append((move, apply(st, move)))
        else:
            if not game.is_chance(st) and _result(game, st, 1) is not None:
                values = [cast(float, _result(game, st, p)) for p in players]
            elif judge is not None and judge.declared:
                values = [judge(st, p) for p in players]
    finally:
        undo = game.undo
        for move, info in reversed(done):
            undo(st, move, info)
    return values


class GreedyAgent:
    """Plays the move whose position is best for it one ply on: a win if there is one, else the
    best evaluation (or, without one, the best mean of ``playouts`` random playouts); ties are
    broken at random. With ``time`` (seconds per move), the moves not judged when it runs out
    are not considered (the first always is)."""

    def __init__(self, seed: int | None = None, *, playouts: int = 4, plies: int = 300,
                 time: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.playouts, self.plies, self.time = playouts, plies, time
        self._judge: _Judge | None = None
        self.progress: Progress | None = None

    def choose(self, state: State, moves: list[Any]) -> Any:
        game = state.game
        if self._judge is None or self._judge.game is not game:
            self._judge = _Judge(game, self.rng, self.playouts, self.plies)
        judge = self._judge
        started = time.perf_counter()
        deadline = judge.deadline = started + self.time if self.time > 0 else math.inf
        player = state.to_move
        best: list[Any] = []
        best_value = -math.inf
        for i, move in enumerate(moves):
            if best and time.perf_counter() > deadline:
                break
            if self.progress is not None:
                self.progress(_share(i, len(moves), started, self.time))
            info = game.apply(state, move)
            r = _result(game, state, player) if not game.is_chance(state) else None
            if r is not None:
                v = r * WIN
            elif judge.declared:
                v = judge.raw(state, player)
            else:
                v = judge(state, player)
            game.undo(state, move, info)
            if v > best_value:
                best, best_value = [move], v
            elif v == best_value:
                best.append(move)
        return best[self.rng.randrange(len(best))]

    def __repr__(self) -> str:
        return f"greedy:playouts={self.playouts}" + (f":time={self.time:g}" if self.time > 0 else "")


class _Node:
    """A node of the search tree: the moves (or rolls) tried from it, and what they gave."""

    __slots__ = ("children", "untried", "visits", "total", "mover", "over", "to_move")

    def __init__(self, mover: int, to_move: int = 0) -> None:
        self.children: dict[Any, _Node] = {}
        self.untried: list[Any] | None = None
        self.visits = 0
        #: the sum of the results, in [0, 1], for the player who made the move into this node
        self.total = 0.0
        #: that player (0 for a roll of the dice)
        self.mover = mover
        #: in a tree of a kernel's int moves: the first player's result where the game is over here
        #: (None: not over, or not known yet), and the player to move here
        self.over: float | None = None
        self.to_move = to_move


class MCTSAgent:
    """UCT Monte Carlo tree search. Each iteration walks down the tree by the UCT rule (rolls
    of the dice drawn with their probabilities), adds one node, plays a random game out from it
    (dice turns by steps) and counts the result on the way back: each node counts it for the
    player who moved into it (with more than two players, each player's own result: max-n). The budget is ``iterations``
    per move, or ``time`` seconds per move if given (whichever ends first); ``c`` weighs
    exploration; a playout is cut after ``plies`` plies and then judged by the evaluation's sign,
    if the game file has one, else as a draw. The move tried most often is played."""

    def __init__(self, seed: int | None = None, *, iterations: int = 1000, time: float = 0.0,
                 c: float = 1.4, plies: int = 1000) -> None:
        if iterations < 1:
            raise ValueError("iterations: at least 1")
        self.rng = random.Random(seed)
        self.iterations, self.time, self.c, self.plies = iterations, time, c, plies
        self.walker = RandomAgent(self.rng.randrange(1 << 30), by="step")
        self._judge: _Judge | None = None
        self.progress: Progress | None = None

    def choose(self, state: State, moves: list[Any]) -> Any:
        if len(moves) == 1:
            return moves[0]
        game = state.game
        if self._judge is None or self._judge.game is not game:
            self._judge = _Judge(game, self.rng, 0, self.plies)
        self._players = tuple(range(1, len(game.players) + 1))
        root = self._root_node(state, moves)
        on_kernel = _int_moves(game, state, moves) if len(self._players) == 2 and not self._judge.declared \
            else None
        if on_kernel is not None:  # the tree walks the kernel's int moves
            made, by_move = on_kernel
            back = {mv: move for move, mv in by_move.items()}
            root.untried = [by_move[move] for move in cast("list[Any]", root.untried)]
        timed = self.time > 0
        started = time.perf_counter()
        deadline = started + self.time if timed else math.inf
        progress = self.progress
        for i in range(self.iterations):
            if on_kernel is None:
                self._iterate(game, state, root)
            else:
                try:
                    self._iterate_kernel(made, state, root)
                except OverflowError:  # a position with more moves than the kernel lists: the engine's tree
                    on_kernel = None
                    root = self._root_node(state, moves)
                    self._iterate(game, state, root)
            if timed and time.perf_counter() > deadline:  # an iteration costs far more than a look
                break
            if progress is not None and i % 64 == 63:
                progress(_share(i + 1, self.iterations, started, self.time))
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total))[0]
        return best if on_kernel is None else back[best]

    def _root_node(self, st: State, moves: list[Any]) -> _Node:
        """A search's root: ``moves`` still to be tried, in a random order."""
        root = _Node(0, st.to_move)
        root.untried = list(moves)
        self.rng.shuffle(root.untried)
        return root

    def _iterate_kernel(self, made: Any, st: State, root: _Node) -> None:
        """:meth:`_iterate` on the game's kernel, its tree's moves the kernel's ints: the position
        loaded, the tree walked by playing its moves on, one node added, a random game played
        out from it there (nothing is taken back: the next iteration loads the position again)."""
        rng, c, module = self.rng, self.c, made.module
        path = [root]
        node = root
        ply = st.ply
        first: float | None = None  # the first player's result where the walk ends a game
        with made._lock:
            made.load(st)
            while True:
                p = node.to_move
                if node.untried is None:  # first visit: the moves, in a random order
                    node.untried = module.moves(p, ply)
                    if not node.untried:  # a player without a move: the game is over here
                        node.over = _value(made.outcome(-1, p), 1)
                        first = node.over
                        break
                    rng.shuffle(node.untried)
                if node.untried:  # expand one move, then play out
                    mv = node.untried.pop()
                    child = node.children[mv] = self._stepped(made, mv, p, ply)
                    path.append(child)
                    first = child.over
                    ply += 1
                    break
                chosen = _uct(node, c)
                node = node.children[chosen]
                path.append(node)
                if node.over is not None:
                    first = node.over
                    break
                module.step(chosen, p, ply)
                ply += 1
            if first is None:
                out = module.playout(path[-1].to_move, ply, rng.getrandbits(63), self.plies)
                outcome = made.outcome(out[0], out[1], *out[3:])
                first = 0.0 if outcome is None else _value(outcome, 1)
        rewards = (0.0, (first + 1.0) / 2.0, (1.0 - first) / 2.0)
        for n in path:
            n.visits += 1
            if n.mover:
                n.total += rewards[n.mover]

    @staticmethod
    def _stepped(made: Any, mv: int, p: int, ply: int) -> _Node:
        """The node ``mv`` reaches: the move played on the kernel's position, its end read."""
        _, rule, winner, value, one, two, nxt = made.module.step(mv, p, ply)
        child = _Node(p, nxt)
        if rule >= 0:
            child.over = _value(made.outcome(rule, p, winner, value, one, two), 1)
        return child

    def _iterate(self, game: Game, st: State, root: _Node) -> None:
        rng, c = self.rng, self.c
        path = [root]
        done: list[tuple[Any, Any]] = []
        node = root
        try:
            while True:
                if game.is_chance(st):
                    roll = sample_chance(game, st, rng)
                    child = node.children.get(roll)
                    if child is None:
                        child = node.children[roll] = _Node(0)
                    done.append((roll, game.apply(st, roll)))
                    node = child
                    path.append(node)
                    continue
                if node.untried is None:  # first visit: the moves, in a random order
                    if _result(game, st, 1) is not None:
                        break
                    node.untried = game.legal_moves(st)
                    rng.shuffle(node.untried)
                if node.untried:  # expand one move, then play out
                    move = node.untried.pop()
                    child = node.children[move] = _Node(st.to_move)
                    done.append((move, game.apply(st, move)))
                    path.append(child)
                    break
                if not node.children:  # the game is over here
                    break
                chosen = _uct(node, c)
                done.append((chosen, game.apply(st, chosen)))
                node = node.children[chosen]
                path.append(node)
            # each player's result, in [0, 1] (index 0 unused)
            players = self._players
            if len(players) == 2:  # zero-sum: the second player's is the rest of the first's
                first = rollout(game, st, 1, self.walker, rng, self.plies, self._judge)
                rewards = [0.0, (first + 1.0) / 2.0, (1.0 - first) / 2.0]
            else:
                rewards = [0.0, *((v + 1.0) / 2.0 for v in rollout_all(
                    game, st, players, self.walker, rng, self.plies, self._judge))]
        finally:
            for move, info in reversed(done):
                game.undo(st, move, info)
        for n in path:
            n.visits += 1
            if n.mover:
                n.total += rewards[n.mover]

    def __repr__(self) -> str:
        budget = f"time={self.time:g}" if self.time > 0 else f"iterations={self.iterations}"
        return f"mcts:{budget}"


class _OutOfTime(Exception):
    pass


def _uct(node: _Node, c: float) -> Any:
    """The child of ``node`` the UCT rule walks to: the best mean result for the player who moves
    there, plus ``c`` times the exploration term (the first of equals)."""
    log_n = math.log(node.visits)
    best_score = -math.inf
    chosen: Any = None
    for move, child in node.children.items():
        score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
        if score > best_score:
            best_score, chosen = score, move
    return chosen


def _int_moves(game: Game, st: State, moves: list[Any]) -> tuple[Any, dict[Any, int]] | None:
    """The game's kernel and its int for each of ``moves``, where a tree search can walk the
    kernel's moves from ``st``: a kernel without dice plays ``st``, typed (a plain-Python one only
    where ``SPIELWERK_KERNEL=python`` asks); else None."""
    if st.turn or game.is_chance(st):
        return None
    made = kernel(game)
    if made is None or made.plan.race is not None or made.plan.dice or not made.usable(st):
        return None
    if not made.typed and kernel_choice() != "python":  # plain Python: the engine is the faster
        return None
    with made._lock:
        made.load(st)
        try:
            ints = made.module.moves(st.to_move, st.ply)
        except OverflowError:  # more moves than the kernel lists
            return None
    by_move = {made.move(mv, st): mv for mv in ints}
    if len(by_move) != len(ints) or any(move not in by_move for move in moves):
        return None
    return made, by_move


class AlphaBetaAgent:
    """Alpha-beta search (negamax) with iterative deepening to ``depth`` plies (or until ``time``
    seconds per move run out: the last finished depth counts), a transposition table on the
    position hash (kept from move to move), the table's best move tried first, and
    expectiminimax over rolls of the dice (a roll takes no depth; its outcomes are weighed by
    their probabilities). Leaves are judged by the game file's evaluation; without one by the mean
    of ``playouts`` random playouts (0: every leaf that is not a finished game counts as even).
    With more than two players the search is paranoid: the others are taken to play together
    against the player who searches."""

    def __init__(self, seed: int | None = None, *, depth: int = 4, time: float = 0.0, playouts: int = 0,
                 plies: int = 300, table: int = 1_000_000) -> None:
        if depth < 1:
            raise ValueError("depth: at least 1")
        self.rng = random.Random(seed)
        self.depth, self.time, self.playouts, self.plies, self.table = depth, time, playouts, plies, table
        self._judge: _Judge | None = None
        #: position hash -> (depth searched, value, bound: 0 exact, 1 lower, 2 upper, best move)
        self._tt: dict[int, tuple[int, float, int, Any]] = {}
        self._game: Game | None = None
        self._deadline = math.inf
        self._nodes = 0
        #: the positions visited before this move's search began
        self._first_node = 0
        #: the player who searches, and whether the others play as one side against him
        self._me = 0
        self._paranoid = False
        self.progress: Progress | None = None

    def choose(self, state: State, moves: list[Any]) -> Any:
        game = state.game
        if self._game is not game:
            self._game, self._tt = game, {}
            self._judge = _Judge(game, self.rng, self.playouts, self.plies)
            self._paranoid = len(game.players) > 2
        if self._paranoid and state.to_move != self._me:  # the table's values are for one searcher
            self._tt.clear()
        self._me = state.to_move
        if len(self._tt) > self.table:
            self._tt.clear()
        order = list(moves)
        self.rng.shuffle(order)
        self._deadline = time.perf_counter() + self.time if self.time > 0 else math.inf
        judge = self._judge
        assert judge is not None
        judge.deadline = self._deadline
        best = order[0]
        started = time.perf_counter()
        self._first_node = self._nodes
        on_kernel = self._on_kernel(game, state, order)
        for d in range(1, self.depth + 1):
            try:
                try:
                    value, move = self._root(game, state, order, d) if on_kernel is None \
                        else self._kernel_root(on_kernel, state, order, d, started)
                except OverflowError:  # a position with more moves than the kernel lists: the engine searches
                    on_kernel = None
                    value, move = self._root(game, state, order, d)
            except _OutOfTime:
                break
            if self.progress is not None:  # each depth costs more than all before it
                self.progress(_share(d, self.depth, started, self.time))
            best = move
            order.remove(move)
            order.insert(0, move)
            if abs(value) >= WIN / 2:  # a forced result: deeper search changes nothing
                break
        return best

    def _on_kernel(self, game: Game, st: State, order: list[Any]) -> tuple[Any, dict[Any, int], tuple[int, int]] | None:
        """Where the search runs on the game's kernel (:mod:`spielwerk.kernel`), over its int moves:
        the kernel, its int for each move of ``order`` and the value of having no move for either
        player. That is where leaves are judged even (no evaluation, no playouts), two players
        play, no dice are rolled and the kernel plays ``st``, typed (a plain-Python one only where
        ``SPIELWERK_KERNEL=python`` asks); elsewhere None: the engine searches."""
        if self.playouts or game.evaluation or self._paranoid:
            return None
        found = _int_moves(game, st, order)
        if found is None:
            return None
        made, by_move = found
        none = tuple(0 if game.no_moves == "pass" else int(WIN * _value(made.outcome(-1, q), q)) for q in (1, 2))
        return made, by_move, cast("tuple[int, int]", none)

    def _kernel_root(self, on_kernel: tuple[Any, dict[Any, int], tuple[int, int]], st: State, moves: list[Any],
                     depth: int, started: float) -> tuple[float, Any]:
        """:meth:`_root` on the kernel: each move's value searched there, in its int moves, without
        the table (the kernel keeps no hash of its positions). With a time, each search is given as
        many positions as the rate so far lets it visit before the time is up."""
        made, by_move, (none1, none2) = on_kernel
        me, ply = st.to_move, st.ply
        alpha, best = -4 * int(WIN), moves[0]
        for move in moves:
            limit = 0
            if self._deadline < math.inf:
                now = time.perf_counter()
                if now > self._deadline:
                    raise _OutOfTime
                done = self._nodes - self._first_node
                rate = done / (now - started) if done and now > started else 0.0
                limit = max(1, int(rate * (self._deadline - now))) if rate else 20_000
            with made._lock:
                made.load(st)
                v, nodes, stopped = made.module.child(by_move[move], me, ply, depth, alpha, 4 * int(WIN), limit,
                                                      none1, none2)
            self._nodes += nodes
            if stopped:
                raise _OutOfTime
            if v > alpha:
                alpha, best = v, move
        return float(alpha), best

    def _root(self, game: Game, st: State, moves: list[Any], depth: int) -> tuple[float, Any]:
        me = st.to_move
        alpha, best = -math.inf, moves[0]
        for move in moves:
            info = game.apply(st, move)
            try:
                v = self._child(game, st, me, depth - 1, alpha, math.inf)
            finally:
                game.undo(st, move, info)
            if v > alpha:
                alpha, best = v, move
        return alpha, best

    def _child(self, game: Game, st: State, me: int, depth: int, alpha: float, beta: float) -> float:
        """The value for ``me`` of the position ``st`` reached by ``me``'s move."""
        to_move = st.to_move
        if to_move == me or (self._paranoid and to_move != self._me and me != self._me):  # the same side
            return self._search(game, st, depth, alpha, beta)
        return -self._search(game, st, depth, -beta, -alpha)

    def _search(self, game: Game, st: State, depth: int, alpha: float, beta: float) -> float:
        """The value of ``st`` for the player to move (a roll's: for the player about to roll)."""
        self._nodes += 1
        # with a time, the clock is read at every node: a node may cost whole playouts
        if self._deadline < math.inf and time.perf_counter() > self._deadline:
            raise _OutOfTime
        me = st.to_move
        if game.is_chance(st):
            total = 0.0
            for roll, p in game.chance_outcomes(st):
                info = game.apply(st, roll)
                try:
                    total += float(p) * self._child(game, st, me, depth, -math.inf, math.inf)
                finally:
                    game.undo(st, roll, info)
            return total
        # the value for the side to move: the searcher's, or (paranoid) the others' as one
        who, sign = (self._me, 1.0 if me == self._me else -1.0) if self._paranoid else (me, 1.0)
        r = _result(game, st, who)
        if r is not None:
            return sign * r * WIN
        judge = self._judge
        assert judge is not None
        if depth <= 0:
            return sign * (judge.raw(st, who) if judge.declared else judge(st, who) * (WIN / 1e3))
        key = st.hash
        entry = self._tt.get(key)
        first = None
        if entry is not None:
            d, v, bound, first = entry
            if d >= depth:
                if bound == 0:
                    return v
                if bound == 1 and v >= beta:
                    return v
                if bound == 2 and v <= alpha:
                    return v
        moves = game.legal_moves(st)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        start_alpha = alpha
        best, best_move = -math.inf, moves[0]
        for move in moves:
            info = game.apply(st, move)
            try:
                v = self._child(game, st, me, depth - 1, alpha, beta)
            finally:
                game.undo(st, move, info)
            if v > best:
                best, best_move = v, move
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        # a win found further away is worth a little less (the quickest is preferred)
        if best >= WIN / 2:
            best -= 1.0
        elif best <= -WIN / 2:
            best += 1.0
        bound = 2 if best <= start_alpha else 1 if best >= beta else 0
        self._tt[key] = (depth, best, bound, best_move)
        return best

    def __repr__(self) -> str:
        return f"alphabeta:depth={self.depth}" + (f":time={self.time:g}" if self.time > 0 else "")
