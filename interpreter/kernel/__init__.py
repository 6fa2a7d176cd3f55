"""Kernels: a game's rules written out as one module of flat integer arrays, moves as ints.

A kernel is made from a compiled game (:mod:`.source` writes it from the game's tables) and plays
the same rules as the engine: the same legal moves, so the same perft counts, and random games
drawn from the same moves. Where the compiled engine is in use (``spielwerk build``) it runs as a
typed Cython module built for the game and its options in a few seconds, kept in the user's cache
folder under a digest of its source; it can run as plain Python on any install. Both are
written from one template (:func:`.source.source`), so they are the same program: seeded, they
draw the same random games.

:func:`kernel` gives a game's kernel, or None where the game uses a part the kernel does not play
yet (:func:`why_not` says which); the engine then plays it as always. ``SPIELWERK_KERNEL=0`` turns
kernels off; ``SPIELWERK_KERNEL=python`` runs them in plain Python everywhere (the pure engine
otherwise runs them for every game but a dice race, where in plain Python the engine is the
faster); ``SPIELWERK_KERNEL=typed`` builds them wherever a C compiler is found,
compiled engine or not.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, cast

from ..blocks.jump import JumpMove
from ..blocks.sequence import TurnMove
from ..blocks.sow import SowMove
from ..blocks.track import TrackMove
from ..moves import LineMove, SpreadMove
from .plan import TEMPLATE, NotKernel, plan
from .source import source

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game, State
    from ..outcome import Outcome
    from ..state import Position

__all__ = ["Kernel", "NotKernel", "kernel", "why_not", "choice"]

#: the kernels' modules made so far, by the digest of their source, and whether each is typed (a
#: game loaded twice shares one)
_MADE: dict[str, tuple[types.ModuleType, bool]] = {}
#: where a typed build failed once in this process: why (it is not tried again)
_FAILED: dict[str, str] = {}


def choice() -> str:
    """What ``SPIELWERK_KERNEL`` asks for: ``off``, ``python``, ``typed`` (built wherever a C
    compiler is found) or ``auto`` (typed where the compiled engine is in use, else none)."""
    value = os.environ.get("SPIELWERK_KERNEL", "auto").strip().lower()
    if value in ("0", "no", "off", "false"):
        return "off"
    if value in ("typed", "cython", "1"):
        return "typed"
    return "python" if value in ("python", "pure", "plain") else "auto"


class Kernel:
    """The kernel of one game and its options (see the module docstring)."""

    def __init__(self, game: "Game", module: types.ModuleType, typed: bool, digest: str,
                 kernel_plan: Any = None) -> None:
        self.game = game
        #: the plan the kernel was written from (its tables: how moves read back)
        self.plan = kernel_plan if kernel_plan is not None else plan(game)
        self.module = module
        #: True where the kernel is the typed Cython build, False for plain Python
        self.typed = typed
        self.digest = digest
        #: the blocks in the kernel's numbering (phase after phase)
        self._blocks = [b for phase in game.phases for b in phase.blocks]
        self._phase_end = list(game.t.phase_end)
        #: a kernel keeps one position (module-level arrays): one caller at a time, threads too
        lock = getattr(module, "_spielwerk_lock", None)
        if lock is None:
            lock = threading.Lock()
            setattr(module, "_spielwerk_lock", lock)
        self._lock: Any = lock
        #: the outcomes made of the kernel's ends so far (:meth:`outcome` by its arguments)
        self._outcomes: dict[tuple[int, ...], "Outcome | None"] = {}

    def __repr__(self) -> str:
        return f"<Kernel of {self.game.name} ({'typed' if self.typed else 'plain Python'})>"

    # -- positions --------------------------------------------------------------------------------
    def _reserves(self, st: "Position") -> list[int]:
        r = max(1, self.plan.reserves)
        reserves = [0] * (3 * r)
        for p in (1, 2):
            for i, count in enumerate(st.reserves[p]):
                reserves[p * r + i] = count
        return reserves

    def usable(self, st: "Position") -> bool:
        """Whether the kernel plays ``st``: its phase is the one its ply gives (a position read
        from a text may say otherwise), no move of several parts is under way (no cube decision).
        In the chance phases a game begins with, only where the kernel's random games set the
        pieces out themselves (perft and the legal moves there are the engine's)."""
        phase = next(i for i, end in enumerate(self._phase_end) if st.ply < end or i == len(self._phase_end) - 1)
        if st.ply < self.plan.openers:  # the chance phases it begins with: random games play them
            return bool(self.plan.shuffles) and not st.turn
        return phase == st.phase and not st.turn and not st.cube_step

    def _dice(self, st: "Position") -> tuple[int, int, int]:
        """A dice race's dice in ``st`` (0, 0: to be rolled) and whether the opening roll is to come."""
        a, b = st.dice if st.dice is not None else (0, 0)
        dice = self.game.dice
        opening = dice is not None and dice.opening is not None and st.ply == 0 and not st.tally[0] and st.dice is None
        return a, b, int(opening)

    def _history(self, st: "Position") -> tuple[Any, ...]:
        """What the kernel reads of earlier positions: the boards' hashes, the positions seen, the
        part of a position's hash that is neither its board nor its player to move, its hash."""
        if not self.plan.repetition:
            return (st.boards,)
        t = self.game.t
        board = self.game.board_hash(cast("State", st))
        return (st.boards, st.seen, st.hash ^ board ^ t.turn_keys[st.to_move], st.hash)

    def load(self, st: "Position") -> None:
        """Set the kernel's position to ``st``."""
        if self.plan.zobrist:  # the boards and positions so far: conditions and repetition read them
            self.module.load(st.stacks, self._reserves(st), st.counters, *self._history(st))
        else:
            self.module.load(st.stacks, self._reserves(st), st.counters)
        if self.plan.race is not None:
            self.module.dice(*self._dice(st), *st.tally[1:3])
        elif self.plan.dice:  # the number rolled for this move (0: to be rolled)
            self.module.roll(st.dice[0] if st.dice is not None else 0)

    def move(self, mv: int, st: "Position | None" = None) -> Any:
        """The engine's move for the kernel's int ``mv`` (in ``st``, where the move's pieces stand:
        a jump's and a general move's read the board)."""
        race = self.plan.race
        if race is not None:  # a whole turn: its steps, twelve bits each after their count
            assert st is not None
            pairs = self._blocks[0]._step_squares[st.to_move]
            steps = tuple(pairs[(mv >> (3 + 12 * j)) & 4095] for j in range(mv & 7))
            return TrackMove((self._blocks[0].index, st.dice, steps))
        slot, n = self.plan.slot, self.plan.squares
        number = mv // slot
        if number == len(self.plan.blocks):
            return self.game.pass_move
        block: Any = self.game.blocks[self.plan.blocks[number].index]
        mv %= slot
        tables = self.plan.blocks[number].tables
        kind = self.plan.blocks[number].kind
        if kind == "then":  # a turn of several parts: each part read in the position the parts before left
            nodes = self.plan.blocks[number].turn
            assert nodes is not None and st is not None
            parts, k, here = [], 0, st
            while True:
                node = nodes[k]
                part = self.move(node.block * slot + mv // node.tail, here)
                parts.append(part)
                mv %= node.tail
                if not mv:
                    break
                m = len(node.then)
                k, mv = node.then[(mv - 1) % m], (mv - 1) // m
                if self.plan.blocks[nodes[k].block].kind in ("jump", "move"):  # it reads the board
                    here = here.copy()
                    self.game.blocks[self.plan.blocks[node.block].index].apply(here, part)
            return TurnMove((block.index, tuple(parts)))
        if kind == "jump":
            nd, hops = tables["shape"][:2]
            a, nh, ds = mv % n, (mv // n) % hops, mv // (n * hops)
            landings, jumped, cur = [], [], a
            for _ in range(nh):
                d = ds % nd
                ds //= nd
                jumped.append(tables["mid"][cur * nd + d])
                cur = tables["land"][cur * nd + d]
                landings.append(cur)
            return JumpMove((block.index, a, tuple(landings), tuple(jumped)))
        if kind == "move":
            a, t = (mv // n) % n, mv % n
            assert st is not None
            return LineMove((block.index, a, t, len(st.stacks[a]) if tables["shape"][1] else 1))
        if kind in ("pass", "swap"):
            return block.move
        if kind == "take":
            return block.moves[mv]
        if kind == "ranged":  # one piece from a square to another
            return LineMove((block.index, (mv // n) % (n + 1), mv % n, 1))
        if kind == "sow":  # the square sown from, the last square sown
            return SowMove((block.index, mv // n, mv % n))
        if kind == "rotate":  # a region's number times the turns, plus the turn's place
            turns = tables["shape"][0]
            return block.moves[mv // turns][mv % turns]
        if kind == "carry":
            x = mv // 4096
            nd = tables["shape"][0]
            return SpreadMove((block.index, x // nd, x % nd, self.plan.patterns[mv % 4096]))
        nf = n + 1
        to, frm = mv % n, (mv // n) % nf
        if frm == n:
            return block.table[mv // (n * nf)][to]
        return block.table[frm][to]

    # -- what the engine asks ---------------------------------------------------------------------
    def legal_moves(self, st: "Position") -> list[Any]:
        """The legal moves of ``st``, as the engine's moves (in the kernel's order)."""
        if st.ply < self.plan.openers:  # the chance phases the game begins with: the engine's
            return self.game.legal_moves(cast("State", st))
        if st.result is not None or ((self.plan.race is not None or self.plan.dice) and st.dice is None):
            return []
        try:
            with self._lock:
                self.load(st)
                ints = self.module.moves(st.to_move, st.ply)
        except OverflowError:  # more chains than its lists hold: the engine lists them
            return self.game.legal_moves(cast("State", st))
        return [self.move(mv, st) for mv in ints]

    def perft(self, st: "Position", depth: int) -> int:
        """:meth:`Game.perft` of ``st``: the leaves of the move tree to ``depth``."""
        if depth == 0:
            return 1
        if st.result is not None:
            return 0
        if st.ply < self.plan.openers:  # the chance phases the game begins with: the engine counts
            return self.game.perft(cast("State", st), depth)
        try:
            with self._lock:
                self.load(st)
                return int(self.module.perft(st.to_move, st.ply, depth))
        except OverflowError:  # a position with more chains than its lists hold: the engine counts
            return self.game.perft(cast("State", st), depth)

    def random_games(self, st: "Position", games: int, seed: int = 0, max_plies: int = 10_000,
                     by: str = "turn") -> list[tuple["Outcome | None", int]]:
        """``games`` games from ``st``, each move drawn uniformly among the legal ones by the
        kernel's own generator (seeded with ``seed``), the dice rolled by it too; a dice turn drawn
        whole (``by="turn"``) or one step at a time among the next steps (``by="step"``, as
        ``RandomAgent(by="step")`` plays). Per game its outcome (None: unfinished after
        ``max_plies``) and its plies."""
        if st.result is not None:
            return [(st.result, 0)] * games
        if st.ply < self.plan.openers and not self.plan.shuffles:  # the chance phases it begins with: the engine's
            return self._opened(st, games, seed, max_plies, by)
        try:
            return self._random_games(st, games, seed, max_plies, by)
        except OverflowError:  # a position with more moves than the kernel lists: the engine plays
            return self._engine_games(st, games, seed, max_plies, by)

    def _opened(self, st: "Position", games: int, seed: int, max_plies: int,
                by: str) -> list[tuple["Outcome | None", int]]:
        """Random games from a position in the chance phases the game begins with: per game, the
        engine plays them (each draw by its probability, each move uniformly), then the kernel
        plays on."""
        import random
        rng = random.Random(seed)
        out: list[tuple["Outcome | None", int]] = []
        for _ in range(games):
            here = cast("State", st.copy())
            plies = self._engine_play(here, rng, max_plies, by, until=self.plan.openers)
            if here.result is not None or here.ply < self.plan.openers or plies >= max_plies:
                out.append((here.result, plies))
                continue
            (outcome, more), = self.random_games(here, 1, rng.getrandbits(62), max_plies - plies, by)
            out.append((outcome, plies + more))
        return out

    def _random_games(self, st: "Position", games: int, seed: int, max_plies: int,
                      by: str) -> list[tuple["Outcome | None", int]]:
        if self.plan.dice:  # random games play the loaded roll first (none: they roll)
            with self._lock:
                self.module.roll(st.dice[0] if st.dice is not None else 0)
        with self._lock:
            if self.plan.race is not None:
                flat = self.module.playouts(st.stacks, (), (), st.to_move, st.ply, games, seed & 0x7FFFFFFFFFFFFFFF,
                                            max_plies, *self._dice(st), int(by == "step"), *st.tally[1:3])
            else:
                flat = self.module.playouts(st.stacks, self._reserves(st), st.counters, st.to_move, st.ply, games,
                                            seed & 0x7FFFFFFFFFFFFFFF, max_plies,
                                            *(self._history(st) if self.plan.zobrist else ()))
        known = self._outcomes  # an end met before is read back, not made again
        out = []
        for i in range(0, len(flat), 7):
            key = (flat[i], flat[i + 1], flat[i + 3], flat[i + 4], flat[i + 5], flat[i + 6])
            if key in known:
                outcome = known[key]
            else:
                outcome = known[key] = self.outcome(*key)
            out.append((outcome, flat[i + 2]))
        return out

    def _engine_games(self, st: "Position", games: int, seed: int, max_plies: int,
                      by: str) -> list[tuple["Outcome | None", int]]:
        """:meth:`random_games` played by the engine: chance drawn by its probabilities, each move
        drawn uniformly among the legal ones (a dice turn step by step, ``by="step"``)."""
        import random
        rng = random.Random(seed)
        out: list[tuple["Outcome | None", int]] = []
        for _ in range(games):
            state = cast("State", st).copy()
            plies = self._engine_play(state, rng, max_plies, by)
            out.append((state.result if state.result is not None else self.game.outcome(state), plies))
        return out

    def _engine_play(self, state: "State", rng: Any, max_plies: int, by: str, until: int | None = None) -> int:
        """Play ``state`` on by the engine (chance drawn by its probabilities, each move drawn
        uniformly, a dice turn step by step with ``by="step"``) until it ends, ``max_plies``
        moves are made, a player has no move, or its ply reaches ``until``; the moves made."""
        game = self.game
        plies = 0
        while state.result is None and plies < max_plies and (until is None or state.ply < until):
            if game.is_chance(state):
                game.apply(state, _chance(game, state, rng))
                continue
            if by == "step" and game.stepwise(state):
                done: list[Any] = []
                choices = game.turn_steps(state, done)
                while choices:
                    choice = choices[rng.randrange(len(choices))]
                    if choice is None:
                        break
                    done.append(choice)
                    choices = game.turn_steps(state, done)
                move = game.turn_move(state, done)
            else:
                moves = game.legal_moves(state)
                if not moves:
                    break
                move = moves[rng.randrange(len(moves))]
            game.apply(state, move)
            plies += 1
        return plies

    def outcome(self, rule: int, player: int, winner: int = 0, value: int = 0, one: int = 0,
                two: int = 0) -> "Outcome | None":
        """The engine's outcome for a kernel's end: end rule ``rule`` after ``player`` moved, with
        the winner (0: a draw), value and scores the kernel found; -1 ``player`` had no move; -2
        unfinished."""
        from ..outcome import Outcome
        game = self.game
        if rule == -2:
            return None
        if rule == -1:
            no_moves = game.rules.ending.no_moves_rule
            assert no_moves is not None
            loser = game.t.next_player[player] if game.no_moves == "lose" else None
            return no_moves.outcome(game.cond.ctx, loser, None)
        end = game.end_rules[rule] if rule < len(game.end_rules) else game.rules.ending.repetition_rule
        assert end is not None
        won = winner or None
        token = end.tokens[-1] if won is None else end.tokens[won - 1]
        return Outcome(won, end.result, token, (one, two) if end.score is not None else None,
                       value if end.value is not None and won is not None else None)


def _chance(game: "Game", state: "State", rng: Any) -> Any:
    """A chance outcome of ``state`` drawn with its probability."""
    outcomes = game.chance_outcomes(state)
    x, total = rng.random(), 0.0
    for chance, weight in outcomes:
        total += float(weight)
        if x < total:
            return chance
    return outcomes[-1][0]


def why_not(game: "Game") -> str | None:
    """Why ``game`` has no kernel (a part it does not play yet, or kernels turned off), or None."""
    _, made, why = _entry(game)
    return None if made is not None else why


def kernel(game: "Game", progress: Callable[[str], None] | None = None) -> Kernel | None:
    """The kernel of ``game``, made on first use (``progress`` hears of a typed build), or None."""
    return _entry(game, progress)[1]


def _entry(game: "Game", progress: Callable[[str], None] | None = None) -> tuple[Any, Kernel | None, str]:
    mode = choice()
    got = getattr(game, "_kernel", None)  # kept on the game: it goes when the game goes
    if got is not None and got[3] == mode:
        return got[0], got[1], got[2]
    made: Kernel | None = None
    why = ""
    if mode == "off":
        why = "SPIELWERK_KERNEL=0 turns kernels off"
    else:
        from .. import native
        if mode == "auto" and not native.compiled_modules():
            try:
                made, why = _plain_where_faster(game)
            except NotKernel as exc:
                why = f"the kernel does not play {exc} yet"
        else:
            try:
                made = _make(game, mode, progress)
                if made is None:
                    why = f"its typed kernel could not be built ({_FAILED.get('last', '')})"
            except NotKernel as exc:
                why = f"the kernel does not play {exc} yet"
    setattr(game, "_kernel", (game, made, why, mode))
    return game, made, why


def _plain_where_faster(game: "Game") -> tuple[Kernel | None, str]:
    """With the pure-Python engine: the plain-Python kernel of every game but a dice race (its
    plan's ``race``). Measured side by side, a plain kernel plays random games faster than the
    engine nearly everywhere (its moves listed by the rows of flat tables, read as Python lists);
    in a dice race the engine, which keeps a roll's whole turns apart by one integer, is the
    faster."""
    p = plan(game)
    if p.race is None:
        return _plain(game, p), ""
    return None, ("the pure-Python engine plays it: in plain Python a dice race runs faster on the engine "
                  "(kernels are typed where the compiled engine is in use, after `spielwerk build`; "
                  "SPIELWERK_KERNEL=python runs them in plain Python)")


def _make(game: "Game", mode: str, progress: Callable[[str], None] | None) -> Kernel | None:
    """The kernel of ``game``: typed (``typed``, ``auto``) or plain Python. Where a typed build
    fails, ``typed`` falls back to plain Python and ``auto`` to the engine (None), with a warning."""
    p = plan(game)
    from .. import native
    typed = mode != "python"
    text = source(p, typed)
    digest = _digest(text, typed)
    got = _MADE.get(digest)
    if got is not None:
        return Kernel(game, got[0], got[1], digest, p)
    module = None
    if typed:
        if digest in _FAILED:
            return None if mode == "auto" else _plain(game, p)
        try:
            module = _typed(digest, text, progress)
        except (native.NativeBuildError, ImportError, OSError) as exc:  # a build that fails or will not load
            _FAILED[digest] = _FAILED["last"] = str(exc)
            instead = "the engine plays it" if mode == "auto" else "its plain-Python kernel runs instead"
            print(f"spielwerk: warning: no typed kernel for {game.name} ({exc}); {instead}", file=sys.stderr)
            return None if mode == "auto" else _plain(game, p)
        _MADE[digest] = (module, True)
        return Kernel(game, module, True, digest, p)
    return _plain(game, p, digest, text)


def _plain(game: "Game", p: Any, digest: str | None = None, text: str | None = None) -> Kernel:
    """The plain-Python kernel of plan ``p``."""
    if text is None or digest is None:
        text = source(p, False)
        digest = _digest(text, False)
    got = _MADE.get(digest)
    if got is not None:
        return Kernel(game, got[0], False, digest, p)
    module = types.ModuleType(f"spielwerk_kernel_{digest}")
    exec(compile(text, f"<kernel of {game.name}>", "exec"), module.__dict__)  # noqa: S102 - our own text
    _MADE[digest] = (module, False)
    return Kernel(game, module, False, digest, p)


def _digest(text: str, typed: bool) -> str:
    """The name of a kernel's module: a digest of its text, the engine's version, the template's,
    the Python, and for a typed one whether it is built without the optimiser (kept apart)."""
    from ..version import __version__
    quick = typed and _quick()
    head = f"{__version__}|{TEMPLATE}|{typed}|{quick}|{sys.implementation.cache_tag}|"
    return hashlib.sha256(head.encode() + text.encode()).hexdigest()[:20]


def folder() -> Path:
    """Where typed kernels are kept (beside the compiled engine's builds)."""
    from ..native import cache_root
    return cache_root().parent / "kernels"


def _quick() -> bool:
    """Whether kernels are built without the C optimiser: where the compiled engine in use was
    (``spielwerk build --quick``, as CI builds it)."""
    import json
    from ..native import build_folder
    try:
        return bool(json.loads((build_folder() / "BUILT").read_text()).get("quick"))
    except (OSError, ValueError):
        return False


def _typed(digest: str, text: str, progress: Callable[[str], None] | None) -> types.ModuleType:
    """The typed kernel of this source: loaded from the cache, or built now (a few seconds)."""
    import importlib.machinery
    import importlib.util
    import shutil
    import tempfile
    import time
    from ..native import NativeBuildError, compile_extension, compiler_problem
    name = f"spielwerk_kernel_{digest}"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    home = folder()
    built = home / (name + suffix)
    if not built.is_file():
        problem = compiler_problem()
        if problem is not None:
            raise NativeBuildError(problem)
        home.mkdir(parents=True, exist_ok=True)
        tree = Path(tempfile.mkdtemp(prefix="kernel-", dir=home))
        try:
            (tree / f"{name}.pyx").write_text(text)
            if progress is not None:
                progress("building the game's typed kernel (once, a few seconds)")
            started = time.perf_counter()
            compile_extension(name, f"{name}.pyx", str(tree), str(tree / "out"), quick=_quick())
            made = next((tree / "out").glob(name + "*"), None)
            if made is None:
                raise NativeBuildError("the build made no file")
            os.replace(made, built)
            if progress is not None:
                progress(f"built in {time.perf_counter() - started:.1f} s: {built}")
        finally:
            shutil.rmtree(tree, ignore_errors=True)
    spec = importlib.util.spec_from_file_location(name, built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
