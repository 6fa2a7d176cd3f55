"""The ``spielwerk`` command: validate, perft, replay, moves, play, games.

Output forms are a contract other tools rely on (see README): ``validate`` prints
``file:line:col: message`` per problem; ``perft`` prints ``depth<TAB>count`` per depth; ``replay``
prints ``result: R`` per game or ``move N: TEXT: why``; ``moves`` prints one move per line.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
import warnings
from typing import Any, Callable, Sequence, TextIO

import random

from .agents import make_agent, parse_agent, sample_chance
from .dsl.errors import MoveError, SpecError, SpecErrors, SpielwerkError
from . import __version__
from .dsl.loader import bundled_games, gallery_games, read_file_text
from .schema import schema_path
from .api import load, load_spec, load_spec_for
from .game import Game
from .replay import replay_text

__all__ = ["main"]

#: ``play`` stops a game after this many plies unless told otherwise (a game with no end in sight)
DEFAULT_MAX_PLIES = 10_000
#: the largest record file ``replay`` reads (a file of many thousand games fits)
RECORD_BYTES = 64 << 20


def _options(pairs: list[str] | None) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SpielwerkError(f"-o takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _load(name: str, options: dict[str, str]) -> Game:
    return load(name, **options)


def cmd_validate(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            spec = load_spec(path)
            Game(spec)  # compile with default options: catches what only compiling can see
            for w in spec.warnings:  # the file is valid: these do not change the exit status
                print(f"{w.file}:{w.line}:{w.col}: warning: {w.message}")
        except SpecErrors as exc:
            for e in exc.errors:
                print(e.located())
            status = 1
        except SpecError as exc:
            print(exc.located())
            status = 1
        except SpielwerkError as exc:
            print(f"{path}:1:1: {exc}")
            status = 1
    return status


def _start(game: Game, position: str | None) -> Any:
    """The state ``--position`` gives, or the start."""
    if position is None:
        return game.initial()
    if not position.strip():
        raise SpielwerkError("--position is empty: give a position text, or leave the option out for the start")
    return game.parse_position(position)


def cmd_perft(args: argparse.Namespace) -> int:
    from . import batch
    game = _load(args.game, _options(args.option))
    st = _start(game, args.position)
    if args.divide:
        total = 0
        for path, n in batch.divide(st, args.depth, args.jobs):
            texts = []
            undo = []
            for move in path:
                texts.append("-".join(map(str, move[1:1 + game.dice_count])) if move[0] == game.roll_index
                             else game.format_move(st, move))
                undo.append(game.apply(st, move))
            for move, info in zip(reversed(path), reversed(undo)):
                game.undo(st, move, info)
            total += n
            print(f"{' '.join(texts)}\t{n}")
        print(f"total\t{total}")
        return 0
    if not args.no_kernel:
        from .kernel import kernel
        kernel(game, progress=_say)  # made now, so a typed build says so before the counts
    for depth in range(1, args.depth + 1):
        count = batch.perft(st, depth, args.jobs if depth > 1 else 1, kernel=not args.no_kernel)
        print(f"{depth}\t{count}", flush=True)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    spec = load_spec_for(args.game)
    options = _options(args.option)
    status = 0
    for path in args.records:
        try:
            text = read_file_text(path, RECORD_BYTES).removeprefix("\ufeff")
        except SpecError as exc:  # not a file, too large, not UTF-8: the other files are still read
            print(f"spielwerk: error: {exc.located()}", file=sys.stderr)
            status = 1
            continue
        games = replay_text(spec, text, options)
        if not games:
            print(f"spielwerk: error: {path}: no game in this file", file=sys.stderr)
            status = 1
        for game in games:
            if game.error is not None:
                print(str(game.error))
                status = 1
            else:
                print(f"result: {game.result}")
    return status


def _roll(game: Game, st: Any, text: str) -> None:
    """Set the dice from ``3-1``, ``31`` or ``3 1`` (see :meth:`State.roll`: where the player on
    roll may double first, the roll means he does not double)."""
    if game.roll_index < 0:
        raise SpielwerkError(f"{game.name} has no dice: --roll does not apply")
    digits = [c for c in text if not c.isspace() and c not in "-,"]
    example = "3-1" if game.dice_count == 2 else "4"
    if len(digits) != game.dice_count or not all(c in "0123456789" for c in digits):
        raise SpielwerkError(f"--roll takes {game.dice_count} dice such as {example}, not {text!r}")
    if st.result is not None:
        raise SpielwerkError("the game is over in this position: --roll does not apply")
    if st.dice is not None:
        raise SpielwerkError("the dice are already rolled in this position")
    if st.cube_step == 1:
        raise SpielwerkError("a double is pending in this position: the answer is take or drop, "
                             "not a roll (leave out --roll to list them)")
    st.roll(*(int(c) for c in digits))


def cmd_moves(args: argparse.Namespace) -> int:
    game = _load(args.game, _options(args.option))
    st = _start(game, args.position)
    if args.roll:
        _roll(game, st, args.roll)
    elif game.is_chance(st) and not game.legal_moves(st):  # a chance phase lists the moves chance draws from
        example = "3-1" if game.dice_count == 2 else "4"
        raise SpielwerkError(f"the dice are not rolled yet: give --roll, e.g. --roll {example}")
    over = game.outcome(st)
    if over is not None:
        raise SpielwerkError(f"the game is over in this position ({over.token}, {over.result}): there are no moves")
    for move in game.legal_moves(st):
        text = game.format_move(st, move)
        if args.after:
            info = game.apply(st, move)
            like = getattr(game.position, "format_as", None)
            text += "\t" + (like(st, args.position) if like and args.position is not None else game.position_text(st))
            game.undo(st, move, info)
        print(text)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = _load(args.game, _options(args.option))
    st = _start(game, args.position)
    seats = [args.white, args.black] + ["random"] * (len(game.players) - 2)
    for number, who in args.seats:
        if number > len(seats):
            raise SpielwerkError(f"--seat {number}={who}: {game.name} has {len(seats)} players here")
        seats[number - 1] = who
    if "human" in seats and (sys.stdin is None or sys.stdin.closed):
        raise SpielwerkError("a human player types his moves on standard input, which is closed: "
                             "give --white random (or --black random) to let the program play")
    agents: list[Any] = []
    for i, who in enumerate(seats):
        agents.append(None if who == "human" else make_agent(who, None if args.seed is None else args.seed + i))
    if args.games > 1 and game.series_games is None:
        raise SpielwerkError(f"{game.name} is not played in series: --games does not apply")
    dice = random.Random(args.seed)
    print(f"{game.title}: " + " against ".join(f"{name} ({who})" for name, who in zip(game.players, seats)))
    won = [0] * (len(seats) + 1)
    for number in range(1, args.games + 1):
        if args.games > 1:
            print(f"\nGame {number}")
        outcome = _play_one(game, st, agents, dice, args.max_plies)
        if args.save:
            with open(args.save, "a", encoding="utf-8") as f:
                f.write(st.record({"Event": f"spielwerk play, game {number}"}) + "\n")
        if outcome is None:
            return 0
        if outcome.winner is not None:
            won[outcome.winner] += outcome.value if outcome.value is not None else 1
        if number < args.games:
            st = game.next_game(st, carry_over=args.carry_over)
    if args.games > 1:
        print("\nseries: " + ", ".join(f"{name} {won[p]}" for p, name in enumerate(game.players, start=1)))
    return 0


_HELP = """commands:
  MOVE      a move in the game's notation (e.g. as `moves` lists it)
  N         the move numbered N in the list `moves` prints
  moves, ?  the legal moves, numbered
  undo      back to your last turn (the dice you rolled stay)
  board     the board again
  help      this text
  quit      stop the game"""


def _legend(game: Game) -> str:
    """What the letters of the board mean."""
    letters = (game.spec.data.get("notation") or {}).get("position", {}).get("pieces") or {}
    parts = []
    for kind in game.kind_names:
        letter = letters.get(kind, game.spec.data["pieces"][kind].get("letter", kind[:1].upper()))
        parts.append(f"{letter} {kind}" if letter else f"{kind} (the owner's number alone)")
    for k, kind in enumerate(game.kind_names):
        if game.oriented[k]:
            letter = letters.get(kind, game.spec.data["pieces"][kind].get("letter", kind[:1].upper()))
            parts.append(f"(1{letter}54: player 1's {kind} with 5 on top and 4 facing the higher ranks)")
    regions = list((game.spec.data.get("board") or {}).get("regions") or {})
    text = "pieces: " + ", ".join(parts)
    topo = game.topology
    if hasattr(topo, "coords"):
        first = topo.name(topo.rows()[0][0])
        text += (f"; a cell is named by its rank and its place in the rank, counted from the left "
                 f"({first} is the first cell of the lowest rank)")
    if regions:
        text += "; regions: " + ", ".join(regions)
    if game.options:
        text += "; options: " + ", ".join(f"{k}={v}" for k, v in game.options.items())
    return text


def _show(game: Game, st: Any) -> None:
    print(st)
    names = list((game.spec.data.get("reserves") or {}))
    if names and st.result is None:
        print("in hand: " + "; ".join(f"{game.players[p - 1]} " + ", ".join(
            f"{n} {st.reserves[p][i]}" for i, n in enumerate(names)) for p in range(1, len(game.players) + 1)))
    if game.cube is not None:
        owner = "centred" if st.cube_owner == 0 else f"owned by {game.players[st.cube_owner - 1]}"
        print(f"cube: {st.cube_value} ({owner})")


def _undo_turn(game: Game, st: Any, player: int) -> bool:
    """Take back moves until ``player`` is to choose again at his last turn, with the dice he had
    then (no new roll). False when he has made no move yet."""
    if not any(move[0] != game.roll_index for move, _ in st.stack):
        return False
    st.undo_turn((player,))
    return True


class _Thinking:
    """While an agent thinks for longer than :attr:`after` seconds, a bar on a terminal's standard
    error says who thinks and how much of his budget (iterations, depth, time) he has used; it goes
    away with the move. Off a terminal nothing is shown (the output stays the same every run)."""

    #: seconds of thinking before the bar appears (a quick agent never shows one)
    after = 0.5

    def __init__(self, agent: Any, label: str, console: Any = None) -> None:
        self.agent, self.label = agent, label
        self.console = console
        self.bar: Any = None
        self.task: Any = None
        self.started = 0.0

    def __enter__(self) -> "_Thinking":
        import time
        self.started = time.perf_counter()
        if hasattr(self.agent, "progress"):
            if self.console is None:
                from rich.console import Console
                self.console = Console(stderr=True)
            if self.console.is_terminal:
                self.agent.progress = self.update
        return self

    def update(self, share: float) -> None:
        import time
        if self.bar is None:
            if time.perf_counter() - self.started < self.after:
                return
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
                                TimeElapsedColumn(), console=self.console, transient=True)
            self.task = self.bar.add_task(self.label, total=1.0)
            self.bar.start()
        self.bar.update(self.task, completed=share)

    def __exit__(self, *exc: Any) -> None:
        if hasattr(self.agent, "progress"):
            self.agent.progress = None
        if self.bar is not None:
            self.bar.stop()


def _play_one(game: Game, st: Any, agents: list[Any], dice: random.Random, max_plies: int) -> Any:
    """Play one game on the terminal from ``st`` (in place); return its outcome, or None when it
    stopped first (the ply limit, or the person at the keyboard quit)."""
    if any(a is None for a in agents):
        print(_legend(game))
        print("type `help` for the commands")
    _show(game, st)
    listed: list[Any] = []
    while True:
        if st.ply >= max_plies:
            print(f"result: * (unfinished: stopped after {max_plies} plies; --max-plies sets the limit)")
            return None
        outcome = game.outcome(st)
        if outcome is not None:
            who = "draw" if outcome.winner is None else f"{game.players[outcome.winner - 1]} wins"
            worth = f", {outcome.value} point(s)" if outcome.value is not None else ""
            print(f"result: {outcome.token} ({who}, {outcome.result}{worth})")
            return outcome
        if game.is_chance(st):
            roll = sample_chance(game, st, dice)
            st.push(roll)
            if st.dice is None:  # an opening that only decides who starts
                print(f"{game.players[st.to_move - 1]} wins the opening roll and starts")
            else:
                shown = f"{st.dice[0]}-{st.dice[1]}" if st.dice[1] else str(st.dice[0])
                print(f"{game.players[st.to_move - 1]} rolls {shown}")
            continue
        moves = game.legal_moves(st)
        agent = agents[st.to_move - 1]
        if agent is None:
            try:
                line = input(f"{game.players[st.to_move - 1]}> ").strip()
            except EOFError:
                print()
                return None
            if line in ("quit", "exit"):
                return None
            if line in ("help", "h"):
                print(_HELP)
                continue
            if line == "board":
                _show(game, st)
                continue
            if line in ("moves", "?"):
                listed = list(moves)
                texts = [f"{i}. {game.format_move(st, m)}" for i, m in enumerate(listed, 1)]
                width = max(len(t) for t in texts) + 2
                per_line = max(1, 96 // width)
                for i in range(0, len(texts), per_line):
                    print("".join(t.ljust(width) for t in texts[i:i + per_line]).rstrip())
                continue
            if line == "undo":
                if _undo_turn(game, st, st.to_move):
                    _show(game, st)
                else:
                    print("nothing to undo: you have made no move yet")
                continue
            if line.isdigit() and line.isascii():
                number = int(line)
                if listed and listed == moves and 1 <= number <= len(listed):
                    move = listed[number - 1]
                else:
                    print(f"no move numbered {line}: type `moves` for the numbered list")
                    continue
            else:
                try:
                    move = game.parse_move(st, line)
                except MoveError as exc:
                    print(f"illegal: {exc}  (type 'moves' for the legal moves, 'help' for the commands)")
                    continue
        else:
            with _Thinking(agent, f"{game.players[st.to_move - 1]} ({agent!r}) thinks"):
                move = agent.choose(st, moves)
        listed = []
        text = game.format_move(st, move)
        mover = st.to_move
        st.push(move)
        print(f"\n{st.ply}. {game.players[mover - 1]}: {text}")
        _show(game, st)


def cmd_build(args: argparse.Namespace) -> int:
    from .native import NativeBuildError, build
    try:
        build(progress=lambda line: print(line, file=sys.stderr, flush=True), jobs=args.jobs, quick=args.quick)
    except NativeBuildError as exc:
        print(f"spielwerk: warning: no compiled engine was built ({exc}); the pure-Python engine "
              "stays in use", file=sys.stderr)
        return 1
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    import platform
    from importlib.metadata import PackageNotFoundError, version

    from .native import build_folder, compiled_modules, compiler_problem, status
    print(f"spielwerk {__version__}")
    print(f"python {platform.python_version()} ({sys.executable})")
    print(f"engine: {status()}")
    problem = compiler_problem()
    print(f"build: {'possible (`spielwerk build`)' if problem is None else 'not possible here: ' + problem}")
    print(f"cache: {build_folder()}")
    found = []
    for dist in ("Cython", "numpy", "open_spiel", "pettingzoo", "gymnasium", "matplotlib", "distributed",
                 "psycopg", "rich", "starlette", "uvicorn"):
        try:
            found.append(f"{dist} {version(dist)}")
        except PackageNotFoundError:
            found.append(f"{dist} -")
    print(f"libraries: {', '.join(found)}")
    from . import kernel as kernels
    mode = kernels.choice()
    typed = mode == "typed" or (mode == "auto" and bool(compiled_modules()))
    print("kernels: " + ("off (SPIELWERK_KERNEL=0)" if mode == "off" else
                         f"typed, built per game in {kernels.folder()}" if typed else
                         "plain Python (SPIELWERK_KERNEL=python)" if mode == "python" else
                         "plain Python with the pure-Python engine, for every game but a dice race "
                         "(SPIELWERK_KERNEL=python: for every game)"))
    for name in args.games:
        game = _load(name, {})
        made = kernels.kernel(game, progress=_say)
        print(f"{name}: " + (f"kernel ({'typed' if made.typed else 'plain Python'})" if made is not None
                             else f"no kernel: {kernels.why_not(game)}"))
    return 0


def _say(line: str) -> None:
    print(f"spielwerk: {line}", file=sys.stderr, flush=True)


def cmd_games(args: argparse.Namespace) -> int:
    names = args.games or (gallery_games() if args.gallery else bundled_games())
    if args.names:
        for name in names:
            print(name)
        return 0
    if args.actions:
        from .learning.observation import describe as describe_observation
        for i, name in enumerate(names):
            game = _load(name, _options(args.option))
            print(("\n" if i else "") + f"{name}{''.join(f' {k}={v}' for k, v in game.options.items())}")
            print(textwrap.indent(game.action_space.describe(), "  "))
            print(textwrap.indent(describe_observation(game), "  "))
        return 0
    for i, name in enumerate(names):
        if i:
            print()
        print(describe_game(load_spec_for(name), name, full=bool(args.games)))
    return 0


def describe_game(spec: Any, name: str, full: bool = False) -> str:
    """A game's title, the rule texts it follows, its options (type, range, default) and its
    named pictures; with ``full``, its description and the pictures drawn row by row."""
    data = spec.data
    lines = [f"{name}\t{data.get('title', name)}"]
    if full and data.get("description"):
        lines += ["  " + line for line in textwrap.wrap(" ".join(str(data["description"]).split()), 96)]
    for source in data.get("rules", []):
        lines.append(f"  rules: {source}")
    for key, opt in (data.get("options") or {}).items():
        kind = opt.get("type", "int")
        if kind == "choice":
            values = opt.get("values") or _pictures_named(data, opt.get("values_from"))
            what = "one of " + ", ".join(str(v) for v in values)
        elif kind == "int" and opt.get("values"):
            what = "int, one of " + ", ".join(str(v) for v in opt["values"])
        elif kind == "int":
            what = f"int {opt.get('min', '...')} to {opt.get('max', '...')}"
        else:
            what = str(kind)
        default = opt.get("default")
        shown = default if not isinstance(default, dict) else "depends on " + str(default.get("by", "another option"))
        if isinstance(shown, bool):
            shown = str(shown).lower()
        lines.append(f"  -o {key}=...  {what}; default {shown}")
        if opt.get("description"):
            lines += textwrap.wrap(" ".join(str(opt["description"]).split()), 100,
                                   initial_indent="      ", subsequent_indent="      ")
    for where, pictures in _pictures(data):
        if full:
            lines.append(f"  pictures ({where}):")
            for pname, rows in pictures.items():
                lines.append(f"    {pname}:")
                lines += [f"      {row}" for row in rows]
        else:
            lines.append(f"  pictures ({where}): {', '.join(pictures)}")
    return "\n".join(lines)


def _pictures(data: Any, path: tuple[str, ...] = ()) -> list[tuple[str, dict[str, list[str]]]]:
    """Every ``pictures`` table in a spec, with where it stands (``predicates.job.pattern``)."""
    found: list[tuple[str, dict[str, list[str]]]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "pictures" and isinstance(value, dict):
                found.append((".".join(path), value))
            else:
                found += _pictures(value, path + (str(key),))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _pictures(value, path + (str(i),))
    return found


def _pictures_named(data: Any, source: Any) -> list[str]:
    """The names an option's ``values_from`` takes: a pattern predicate's pictures or a table's keys."""
    pattern = (data.get("predicates", {}).get(source) or {}).get("pattern") or {}
    names = pattern.get("pictures") or data.get("tables", {}).get(source) or {}
    return list(names)


def cmd_schema(args: argparse.Namespace) -> int:
    print(schema_path())
    return 0


def _who(text: str) -> str:
    """An argparse type: ``human`` or an agent's text."""
    if text == "human":
        return text
    try:
        parse_agent(text)
    except SpielwerkError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _seat(text: str) -> tuple[int, str]:
    """An argparse type: ``N=WHO``, who plays player N."""
    number, _, who = text.partition("=")
    if not number.isdigit() or not 1 <= int(number) <= 6 or not who:
        raise argparse.ArgumentTypeError(f"{text!r}: write the player's number and who plays him, as 3=random")
    return int(number), _who(who)


def _agent_pair(text: str) -> tuple[str, str]:
    """An argparse type: two agents, ``A,B``."""
    parts = [t.strip() for t in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise argparse.ArgumentTypeError(f"give two agents separated by a comma, e.g. mcts:iterations=500,random; "
                                         f"not {text!r}")
    for part in parts:
        _who(part) if part != "human" else None
        if part == "human":
            raise argparse.ArgumentTypeError("simulate plays agents only, not human")
    return parts[0], parts[1]


def _progress(total: int, already: int, label: str, quiet: bool = False) -> Any:
    """A rich progress bar on standard error: games done, rate, time left (nothing with ``quiet``)."""
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)
    from rich.console import Console
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("left"),
                   TimeRemainingColumn(), console=Console(stderr=True, quiet=quiet), transient=False)
    task = bar.add_task(label, total=total, completed=already, rate="")
    return bar, task


def _rate(games_a_second: float) -> str:
    """The bar's rate: games a second, or how often a game ends when that is less than once a second."""
    from .forecast import duration
    if games_a_second >= 1:
        return f"{games_a_second:.1f} games/s"
    return f"a game every {duration(1 / max(1e-9, games_a_second))}"


def _workers(jobs: int, games: int, cluster: Any) -> tuple[int, tuple[str, str]]:
    """Who plays ``games`` games, for the expected time: the local processes started, or the
    threads of the cluster's workers (singular and plural names)."""
    if cluster is not None:
        threads = sum(cluster.nthreads().values())
        return threads, ("thread on the cluster", "threads on the cluster")
    from .batch import processes
    return processes(jobs, games), ("process", "processes")


def _run_simulation(games: Sequence[Game], outs: Sequence[str], args: argparse.Namespace, label: str,
                    names: Sequence[str] = ()) -> list[list[dict[str, Any]]]:
    """Play the run of simulate, or compare's two (base and variant, together on the same
    processes), each appending to its file in ``outs`` (continued where it stopped). Once the first
    games are timed, say on standard error what the whole is expected to take; meanwhile a bar
    shows the games done. Return each run's records."""
    import time
    from .forecast import Forecast
    from .simulate import Run, finished_indices, play_runs
    dones = [finished_indices(out, game, args.agents, args.seed) for game, out in zip(games, outs)]
    records = getattr(args, "records", None)
    if records is not None:
        _records_folder(records)
    cluster = None
    if args.cluster:  # reached before anything is written or drawn
        from .batch import connect
        cluster = connect(args.cluster)
    files: list[TextIO] = []
    try:
        for out in outs:
            files.append(open(out, "a", encoding="utf-8"))
    except OSError as exc:
        for f in files:
            f.close()
        if cluster is not None:
            cluster.close()
        raise SpielwerkError(f"cannot write {out}: {exc.strerror or exc}") from None
    try:
        runs = [Run(game, args.agents, args.games, args.seed, args.max_plies, f, done, records)
                for game, f, done in zip(games, files, dones)]
        todos = [run.todo() for run in runs]
        total, left = args.games * len(games), sum(len(todo) for todo in todos)
        bar, task = _progress(total, total - left, label, args.quiet)
        workers, where = _workers(args.jobs, left, cluster)
        forecast = Forecast(todos, workers, where, max(len(game.players) for game in games), names)
        t0 = time.perf_counter()
        count = 0

        def finished(number: int, rec: dict[str, Any]) -> None:
            nonlocal count
            count += 1
            rate = _rate(count / max(1e-9, time.perf_counter() - t0))
            bar.update(task, completed=total - left + count, rate=rate)
            line = forecast.add(number, rec["index"], float(rec["time"]))
            if line is not None:
                bar.console.print(line, markup=False, highlight=False, soft_wrap=True)

        with bar:
            play_runs(runs, jobs=args.jobs, cluster=cluster, finished=finished)
    finally:
        for f in files:
            f.close()
        if cluster is not None:
            cluster.close()
    from .report import load_records
    return [[r for r in load_records(out) if r["index"] < args.games] for out in outs]


def _records_folder(path: str) -> None:
    """Make the ``--records`` folder now (before any game is played), or say why it cannot be."""
    import os
    if os.path.exists(path) and not os.path.isdir(path):
        raise SpielwerkError(f"--records {path}: a file is there; give a folder (made if missing)")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise SpielwerkError(f"--records {path}: cannot make the folder: {exc.strerror or exc}") from None


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _load(args.game, _options(args.option))
    _run_simulation([game], [args.out], args, f"{game.name} {args.agents[0]} v {args.agents[1]}")
    print(f"{args.games} games of {game.name} in {args.out}; `spielwerk report {args.out}` summarizes them")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from .svg import board_svg
    game = _load(args.game, _options(args.option))
    st = _start(game, args.position)
    if args.roll:
        _roll(game, st, args.roll)
    sys.stdout.write(board_svg(st, size=args.size, arrows=args.arrows) + "\n")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .web import serve
    from .web.security import WILDCARDS
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Spielwerk at http://{shown}:{args.port}/ (Ctrl-C stops it)", flush=True)
    if args.host.strip("[]") in WILDCARDS:
        print("warning: every address of this machine serves the app: anyone who can reach it on the network "
              "may play, start agents and type game files (there is no login), and whoever has a game's "
              "address or an invite link may play that game or seat; the connection is plain HTTP, "
              "readable on the way (invite links included)", file=sys.stderr, flush=True)
    if args.db:
        serve(args.host, args.port, allow_hosts=args.allow_host or (), db=args.db)
    else:
        serve(args.host, args.port, allow_hosts=args.allow_host or ())
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from .report import load_records, render_html, render_table, summarize
    summary = summarize(load_records(args.file))
    print(render_table(summary))
    if args.html:
        render_html(summary, args.html)
        print(f"report written to {args.html}")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    import os
    from .report import compare, render_comparison, render_table, summarize
    runs = [(label, name, _load(name, _options((args.option or []) + (extra or []))))  # both, before playing
            for label, name, extra in (("base", args.base, args.base_option),
                                       ("variant", args.variant, args.variant_option))]
    outs = [os.path.join(args.dir, f"{label}-{os.path.splitext(os.path.basename(name))[0]}.jsonl")
            for label, name, _ in runs]
    os.makedirs(args.dir, exist_ok=True)
    games = [game for _, _, game in runs]
    played = _run_simulation(games, outs, args, f"base {games[0].name} and variant {games[1].name}",
                             ("base", "variant"))
    sides = [summarize(records) for records in played]
    for side in sides:
        print(render_table(side))
    print(render_comparison(compare(sides[0], sides[1]), args.base, args.variant))
    return 0


def _count(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value
    return read


def _jobs(text: str) -> int:
    """An argparse type: a number of worker processes, 0 (one per core) to four per core."""
    from .batch import most_jobs
    value = _count(0)(text)
    most = most_jobs()
    if value > most:
        raise argparse.ArgumentTypeError(f"at most {most} processes here (four per core), not {value}")
    return value


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME", help="a bundled game's name (see `spielwerk games`) or a "
                   "path to a YAML game file")
    p.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                   help="set an option the game declares (repeatable), e.g. -o size=6; default: "
                        "each option's default (see `spielwerk games GAME`)")


def _rule_commands(sub: Any) -> None:
    """The commands that read rules and records: validate, perft, replay, moves."""
    p = sub.add_parser("validate", help="check game files; print file:line:col: message per problem",
                       description="Check game files: exit 0 when all are valid, else print one "
                                   "file:line:col: message per problem and exit 1.")
    p.add_argument("files", nargs="+", metavar="FILE", help="game files (YAML) to check")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("perft", help="count the leaves of the move tree, one line per depth",
                       description="Count the leaves of the move tree: one line depth<TAB>count per "
                                   "depth from 1 to N.")
    _game_args(p)
    p.add_argument("--depth", type=_count(1), required=True, metavar="N", help="the deepest depth to count (1 or more)")
    p.add_argument("--position", metavar="POS", help="start from this position text (default: the start)")
    p.add_argument("--divide", action="store_true", help="print the count below each legal move at depth N instead "
                   "(at a roll to come: below each roll and move)")
    p.add_argument("--jobs", "-j", type=_jobs, default=1, metavar="K",
                   help="share the root's moves among K processes, 0 for one per core, at most four per core "
                        "(default: 1; a game's kernel counts on one)")
    p.add_argument("--no-kernel", action="store_true",
                   help="count on the engine, not on the game's kernel (see docs/reference/speed.md)")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("replay", help="replay records, checking every move; print each game's result",
                       description="Replay records in the game's notation, checking every move: one line "
                                   "`result: R` per game, or `move N: TEXT: why` where a game goes wrong "
                                   "(exit status 1). Record tags set options, as -o does.")
    _game_args(p)
    p.add_argument("records", nargs="+", metavar="RECORD", help="record files; a file may hold several games")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("moves", help="list the legal moves of a position in the game's notation",
                       description="List the legal moves, one per line in the game's notation.")
    _game_args(p)
    p.add_argument("--position", metavar="POS", help="the position text (default: the start)")
    p.add_argument("--roll", metavar="R", help="the dice, for dice games, e.g. 3-1 (where the player may "
                   "double first, the roll means he does not); default: none, and a position before the "
                   "roll then asks for one")
    p.add_argument("--after", action="store_true", help="add a tab and the position after each move "
                   "(written in the form --position was given in)")
    p.set_defaults(func=cmd_moves)


def _play_commands(sub: Any) -> None:
    """The commands that play games: play, simulate, report, compare."""
    p = sub.add_parser("play", help="play on the terminal (a person types moves, or random agents play)",
                       description="Play on the terminal. A person types moves in the game's notation, "
                                   "`moves` to list them, `undo`, or `quit`.")
    _game_args(p)
    p.add_argument("--position", metavar="POS", help="start from this position text (default: the start)")
    p.add_argument("--white", "--first", dest="white", type=_who, default="human", metavar="WHO",
                   help="who plays the first player: human, or an agent such as random, greedy, "
                        "mcts:iterations=500, alphabeta:depth=3 (default: human)")
    p.add_argument("--black", "--second", dest="black", type=_who, default="random", metavar="WHO",
                   help="who plays the second player, as --white (default: random)")
    p.add_argument("--seat", dest="seats", action="append", type=_seat, default=[], metavar="N=WHO",
                   help="who plays player N (any player of a game of more than two; repeat it; "
                        "default for the third and later: random)")
    p.add_argument("--seed", type=int, metavar="N", help="seed for the random agents and the dice "
                   "(default: a fresh seed each run)")
    p.add_argument("--max-plies", type=_count(0), default=DEFAULT_MAX_PLIES, metavar="N",
                   help=f"stop a game after this many plies, as unfinished (default: {DEFAULT_MAX_PLIES})")
    p.add_argument("--games", type=_count(1), default=1, metavar="N",
                   help="play a series of N games (games whose scoring declares a series; default: 1)")
    p.add_argument("--save", metavar="FILE", help="append each game to FILE as a record in the game's "
                   "notation, which replay reads back (default: not kept)")
    p.add_argument("--carry-over", action="store_true",
                   help="in a series, each winner goes on from the position reached, keeping his points "
                        "above the target (default: every game starts afresh)")
    p.set_defaults(func=cmd_play)

    def run_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--agents", type=_agent_pair, required=True, metavar="A,B",
                       help="the two agents, e.g. mcts:iterations=500,random; A plays first in the even "
                            "games, B in the odd ones")
        p.add_argument("--games", type=_count(1), required=True, metavar="N", help="how many games")
        p.add_argument("--jobs", "-j", type=_jobs, default=0, metavar="K",
                       help="worker processes, 0 for one per core, at most four per core; never more than "
                            "the games (default: 0)")
        p.add_argument("--seed", type=int, default=0, metavar="S",
                       help="the run's seed: game i's dice and agents are seeded from (S, i) (default: 0)")
        p.add_argument("--max-plies", type=_count(1), default=DEFAULT_MAX_PLIES, metavar="N",
                       help=f"stop a game after this many plies, as unfinished (default: {DEFAULT_MAX_PLIES})")
        p.add_argument("--cluster", metavar="ADDRESS", help="run the games on a Dask distributed cluster, "
                       "e.g. tcp://10.0.0.5:8786 (needs spielwerk[cluster]; default: local processes)")
        p.add_argument("--quiet", "-q", action="store_true", help="show neither the expected time nor "
                       "the progress bar on standard error")

    p = sub.add_parser("simulate", help="play many games between two agents; one JSON line per game",
                       description="Play N games between two agents, both seatings, on K processes, "
                                   "writing one JSON line per game to --out. Run again with the same "
                                   "--out, it goes on where it stopped.")
    _game_args(p)
    run_args(p)
    p.add_argument("--out", required=True, metavar="FILE.jsonl", help="where the games are written")
    p.add_argument("--records", metavar="DIR", help="also keep every game's record, in the game's notation "
                   "(readable by replay), as DIR/GAME-000012.txt (default: none)")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("report", help="summarize a simulate file: win rates, lengths, branching, endings",
                       description="Per seat and per agent win rates with 95%% confidence intervals "
                                   "(Wilson), draws, unfinished games, game length, branching factor by "
                                   "ply and how games end.")
    p.add_argument("file", metavar="FILE.jsonl", help="a file written by simulate")
    p.add_argument("--html", metavar="FILE.html", help="also write a self-contained HTML page with plots")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("compare", help="play a base and a variant and say which differences are significant",
                       description="Simulate BASE and VARIANT (game names or files) with the same agents "
                                   "and seeds, then compare first-player edge, score rates, draws and "
                                   "lengths with significance tests.")
    p.add_argument("base", metavar="BASE", help="the base game (a bundled name or a path)")
    p.add_argument("variant", metavar="VARIANT", help="the variant (a name or a path; may be BASE again "
                   "with other options)")
    p.add_argument("-o", "--option", action="append", metavar="KEY=VALUE", help="an option for both")
    p.add_argument("--base-option", action="append", metavar="KEY=VALUE", help="an option for the base only")
    p.add_argument("--variant-option", action="append", metavar="KEY=VALUE",
                   help="an option for the variant only")
    run_args(p)
    p.add_argument("--dir", default="spielwerk-compare", metavar="DIR",
                   help="where the two runs' files go, kept to continue a stopped run (default: "
                        "spielwerk-compare)")
    p.set_defaults(func=cmd_compare)


def _tool_commands(sub: Any) -> None:
    """The tools around the games: show, serve, games, build, doctor, schema."""
    p = sub.add_parser("show", help="draw a position as an SVG picture (on standard output)",
                       description="Draw the board as SVG: pieces by kind and owner, stacks from the "
                                   "side, the declared regions, the last move; `> board.svg`.")
    _game_args(p)
    p.add_argument("--position", metavar="POS", help="the position text (default: the start)")
    p.add_argument("--roll", metavar="R", help="roll these dice first, e.g. 3-1 (default: none)")
    p.add_argument("--arrows", action="store_true", help="draw the legal moves as arrows")
    p.add_argument("--size", type=_count(100), default=480, metavar="PX",
                   help="about how wide the picture is, in pixels (default: 480)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("serve", help="a web app: play any game against a person or an agent, edit rules",
                       description="Serve the web app: the bundled games, a play page (click pieces, "
                                   "agents as opponents, undo, records in and out, invite links to "
                                   "play with a friend) and a rule editor that checks a game file as "
                                   "it is typed and plays it. Games and variants are stored, each "
                                   "with its own address.")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, "
                   "this machine only; 0.0.0.0: every address, reachable by anyone on the network)")
    p.add_argument("--port", type=_count(1), default=8000, help="the port (default: 8000)")
    p.add_argument("--allow-host", action="append", metavar="NAME",
                   help="also answer requests sent to this host name (repeatable), such as the machine's "
                        "name on the network or a proxy's; other names are refused")
    p.add_argument("--db", metavar="URL",
                   help="where games and variants are kept: an SQLite file's path (default: web.sqlite3 in "
                        "spielwerk's folder of the user's data folder, $XDG_DATA_HOME or ~/.local/share) or "
                        "postgresql://user:password@host/name (pip install 'spielwerk[postgres]')")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("games", help="list the bundled games with their options and pictures",
                       description="Each game's name and title, the rule texts it follows, its options "
                                   "(type, range, default) and its named pictures.")
    p.add_argument("games", nargs="*", metavar="GAME", help="games to describe in full, with their "
                   "description and pictures (default: every bundled game, in short)")
    p.add_argument("--names", action="store_true", help="print only the names, one per line")
    p.add_argument("--gallery", action="store_true", help="the gallery's games instead: example files "
                   "checked against outside engines (docs/gallery.md)")
    p.add_argument("--actions", action="store_true", help="print each game's action ids block by block "
                   "and its observation vector's layout (see docs/reference/actions.md)")
    p.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                   help="an option value for --actions (repeatable)")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("build", help="compile the engine with Cython for this machine (once per version)",
                       description="Compile the engine's play-time modules with Cython into the user's "
                                   "cache folder; later runs load them (docs/reference/speed.md). Needs "
                                   "pip install 'spielwerk[native]' and a C compiler; without them, or if "
                                   "the build fails, the pure-Python engine stays in use.")
    p.add_argument("--jobs", "-j", type=_jobs, default=0, metavar="K",
                   help="compiler processes, 0 for one per core (the default), at most four per core")
    p.add_argument("--quick", action="store_true", help="leave out the C optimiser: built in about half "
                   "the time, runs slower (for checking the compiled engine, as CI does)")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("doctor", help="say which engine runs (compiled or pure Python) and what is installed",
                       description="Print the version, the Python, the engine in use (native: compiled "
                                   "by `spielwerk build`; or pure Python, and why), whether a build is "
                                   "possible here, the cache folder and the optional libraries found; "
                                   "with games, whether each has a kernel, and why not.")
    p.add_argument("games", nargs="*", metavar="GAME", help="a bundled game's name or a game file")
    p.set_defaults(func=cmd_doctor)

    p = sub.add_parser("schema", help="print the path of the installed JSON Schema (for editors)",
                       description="Print the path of the JSON Schema that game files follow, e.g. "
                                   "for an editor's YAML language server.")
    p.set_defaults(func=cmd_schema)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="spielwerk", description="Board-game rules as YAML: validate, "
                                     "count, replay and play them. Exit status: 0 done, 1 a problem "
                                     "(printed), 2 a usage error, 130 interrupted.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    for commands in (_rule_commands, _play_commands, _tool_commands):
        commands(sub)
    return parser


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: TextIO | None = None, line: str | None = None) -> None:
    """Warnings as the command's own lines: ``spielwerk: warning: file:line:col: message``."""
    print(f"spielwerk: warning: {message}", file=sys.stderr)


#: the commands whose speed matters, where a terminal is told once how to get the compiled engine
_LONG_RUNS = ("perft", "simulate", "compare", "play")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    warnings.showwarning = _show_warning
    if args.command in _LONG_RUNS and sys.stderr.isatty():
        from .native import hint_once
        hint = hint_once()
        if hint:
            print(hint, file=sys.stderr)
    try:
        status: int = args.func(args)
        return status
    except SpecErrors as exc:
        for e in exc.errors:
            print(e.located(), file=sys.stderr)
    except SpielwerkError as exc:
        print(f"spielwerk: error: {exc}", file=sys.stderr)
    return 1


if __name__ == "__main__":  # pragma: no cover - `python -m spielwerk.cli` is `python -m spielwerk`
    import runpy
    runpy.run_module("spielwerk", run_name="__main__", alter_sys=True)
