"""The engine's work for the web app, done in worker processes (see :mod:`.workers`).

The server's own process keeps no compiled game: a game being played is its source (a bundled
game's name, or the text of a game file typed in the editor), its options and its record (the
position it began from and the moves played). Each job here gets that, rebuilds the position in the
worker (from a compiled game and a position the worker keeps from its last jobs, when it has them),
does its work and answers with plain data: the moves it played with their texts, and the view the
page shows. Every job is bounded by the time the pool gives it; a worker that overruns is killed.

A job is a function of one ``dict`` and answers a ``dict``; it refuses bad input with a
``SpielwerkError`` (its message goes to the page) or a :class:`GameFileProblems` (located problems
of a typed game file).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import tempfile
from collections import OrderedDict
from importlib import resources
from typing import Any, Callable

from ..agents import make_agent, parse_agent, sample_chance
from ..api import load_spec, load_spec_for
from ..dsl.errors import MoveLimitError, SpecError, SpecErrors, SpielwerkError
from ..dsl.loader import bundled_games
from ..dsl.spec import Spec
from ..game import Game, State
from ..svg import board_svg, move_squares
from .limits import Limits, estimate, problems

__all__ = ["JOBS", "GameFileProblems", "game_key", "typed_problems"]

#: the name a typed game file has in its temporary folder (messages about it show no folder)
TYPED_NAME = "typed.yaml"
#: compiled games a worker keeps, and their estimated memory together; positions it keeps
KEEP_GAMES = 8
KEEP_MEMORY = 256 * 1024 * 1024
KEEP_STATES = 32
#: rolls of the dice one request may need before somebody moves (an opening that rolls again)
MOST_ROLLS = 200

_games: OrderedDict[str, tuple[Game, int]] = OrderedDict()
_states: OrderedDict[str, tuple[str, str | None, State]] = OrderedDict()


class GameFileProblems(SpielwerkError):
    """A typed game file's located problems (``line``, ``col``, ``message`` each)."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        shown = "; ".join(f"line {p['line']}: {p['message']}" for p in problems[:3])
        super().__init__(f"the game file has problems: {shown}")


def game_key(source: tuple[str, str], options: dict[str, Any]) -> str:
    """A name for a compiled game: its source and its options."""
    text = json.dumps([source[0], source[1], sorted((str(k), str(v)) for k, v in options.items())])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _problem(exc: SpecError) -> dict[str, Any]:
    inside = os.path.basename(exc.file) == TYPED_NAME
    where = "" if inside else f"(in {os.path.basename(exc.file)}) "
    return {"line": exc.line if inside else 1, "col": exc.col if inside else 1, "message": where + exc.message}


def _located(exc: SpecError | SpecErrors) -> list[dict[str, Any]]:
    return [_problem(e) for e in exc.errors] if isinstance(exc, SpecErrors) else [_problem(exc)]


def _typed_spec(text: str) -> Spec:
    """A game file typed in the editor, read alone from a fresh temporary folder (so that its
    ``extends`` reaches only bundled games); its problems as :class:`GameFileProblems`."""
    with tempfile.TemporaryDirectory(prefix="spielwerk-") as folder:
        path = os.path.join(folder, TYPED_NAME)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            return load_spec(path)
        except (SpecError, SpecErrors) as exc:
            raise GameFileProblems(_located(exc)) from None


def _spec(source: tuple[str, str]) -> Spec:
    kind, text = source
    if kind == "bundled":
        if text not in bundled_games():
            raise SpielwerkError(f"no bundled game {text!r}")
        return load_spec_for(text)
    return _typed_spec(text)


def _compile(spec: Spec, options: dict[str, Any], limits: Limits, typed: bool) -> tuple[Game, int]:
    """The game compiled, once its estimated cost is within ``limits`` (refused before compiling
    otherwise, located in a typed file), and its first position's moves no more than the limit."""
    found = problems(spec, options, limits)
    if found:
        if typed:
            raise GameFileProblems([_problem(e) for e in found])
        raise SpielwerkError(found[0].message)
    cost = estimate(spec, options).memory
    try:
        game = Game(spec, options, move_limit=limits.moves)  # the engine stops at this server's bound
        st = game.initial()
        try:
            game.is_chance(st) or game.legal_moves(st)
        except MoveLimitError as exc:  # located at the block that makes too many
            raise SpecError(f"the first position has more than {limits.moves:,} legal moves: this server "
                            f"plays positions of at most {limits.moves:,}", exc.file, exc.line, exc.col,
                            exc.excerpt) from None
    except (SpecError, SpecErrors) as exc:
        if typed:
            raise GameFileProblems(_located(exc)) from None
        raise SpielwerkError("; ".join(p["message"] for p in _located(exc))) from None
    return game, cost


def _game(job: dict[str, Any]) -> Game:
    """The job's game, compiled here or kept from an earlier job."""
    source, options, limits = tuple(job["source"]), job["options"], job["limits"]
    key = game_key(source, options)
    kept = _games.get(key)
    if kept is not None:
        _games.move_to_end(key)
        return kept[0]
    game, cost = _compile(_spec(source), options, limits, source[0] == "typed")
    _games[key] = (game, cost)
    while len(_games) > 1 and (len(_games) > KEEP_GAMES or sum(c for _, c in _games.values()) > KEEP_MEMORY):
        gone, _ = _games.popitem(last=False)
        for match in [m for m, (k, _, _) in _states.items() if k == gone]:
            del _states[match]
    return game


def _state(job: dict[str, Any], game: Game) -> State:
    """The job's position: its start (``root``, a position text, or the game's start) and its
    moves, rebuilt from the position kept for the same game, or from the start."""
    match, root, moves = job["match"], job.get("root"), job.get("moves", [])
    key = game_key(tuple(job["source"]), job["options"])
    kept = _states.get(match)
    st: State | None = None
    if kept is not None and kept[0] == key and kept[1] == root:
        st = kept[2]
        played = [m for m, _ in st.stack]
        same = 0
        for a, b in zip(played, moves):
            if a != b:
                break
            same += 1
        for _ in range(len(played) - same):
            st.pop()
        for move in moves[same:]:
            st.push(move)
    if st is None:
        st = game.initial() if root is None else game.parse_position(root)
        for move in moves:
            st.push(move)
    _states[match] = (key, root, st)
    _states.move_to_end(match)
    while len(_states) > KEEP_STATES:
        _states.popitem(last=False)
    return st


def _view(game: Game, st: State, limits: Limits) -> dict[str, Any]:
    """What the page shows of ``st``: the picture, who is to move, the dice, the result, and the
    legal moves (at most ``limits.listed`` of them, with the squares each takes pieces from and
    changes). A position with more than ``limits.moves`` legal moves is refused."""
    chance = game.is_chance(st)
    try:
        over = None if chance else game.outcome(st)
        moves = [] if over is not None or chance else game.legal_moves(st)
    except MoveLimitError:  # the engine's bound is this server's (see _compile)
        raise SpielwerkError(f"this position has more than {limits.moves:,} legal moves: this server plays "
                             f"positions of at most {limits.moves:,}") from None
    name = game.topology.name
    listed = []
    for move in moves[:limits.listed]:
        lost, _, changed = move_squares(st, move)
        listed.append({"text": game.format_move(st, move), "from": [name(sq) for sq in lost],
                       "to": [name(sq) for sq in changed]})
    return {
        "title": str(game.title), "players": [str(p) for p in game.players], "to_move": st.to_move,
        "ply": st.ply, "svg": board_svg(st), "chance": over is None and chance,
        "dice": list(st.dice) if st.dice else None,
        "result": None if over is None else {"token": over.token, "winner": over.winner, "rule": over.result,
                                              "value": over.value},
        "moves": listed, "more_moves": max(0, len(moves) - len(listed)), "position": game.position_text(st),
    }


def _played(game: Game, st: State, move: Any) -> tuple[Any, str | None]:
    """``move`` (about to be played in ``st``) with its text for the list of moves played (none
    for a roll of the dice)."""
    return move, None if move[0] == game.roll_index else game.format_move(st, move)


def _push(game: Game, st: State, moves: list[Any], limits: Limits) -> dict[str, Any]:
    """Play ``moves`` in ``st`` and answer them with the new view; when the position they lead to
    is refused (too many moves), they are taken back and the refusal stands."""
    pushed = []
    for move in moves:
        pushed.append(_played(game, st, move))
        st.push(move)
    try:
        view = _view(game, st, limits)
    except SpielwerkError as exc:
        for _ in pushed:
            st.pop()
        raise SpielwerkError(f"not played: after it, {exc}") from None
    return {"pushed": pushed, "view": view}


# -- the jobs ------------------------------------------------------------------------------------

def catalogue(job: dict[str, Any]) -> dict[str, Any]:
    """The bundled games for the front page: name, title, description and options of each."""
    games = []
    for name in bundled_games():
        spec = load_spec_for(name)
        options = {}
        for key, decl in (spec.data.get("options") or {}).items():
            if not decl:
                continue
            full = spec.option_decl(key)
            options[str(key)] = {"type": str(full.get("type", "int")), "default": full.get("default"),
                                 "values": [v for v in full.get("values", [])]}
        games.append({"name": name, "title": str(spec.data.get("title", name)),
                      "description": str(spec.data.get("description", "")), "options": options})
    return {"games": games}


def source(job: dict[str, Any]) -> dict[str, Any]:
    """A bundled game's file, to edit."""
    name = job["game"]
    if name not in bundled_games():
        raise SpielwerkError(f"no bundled game {name!r}")
    return {"game": name, "text": (resources.files("spielwerk.games") / f"{name}.yaml").read_text(encoding="utf-8")}


def typed_problems(text: str, limits: Limits) -> tuple[list[dict[str, Any]], str | None]:
    """A typed game file's located problems (as ``spielwerk validate`` finds them, and the
    server's limits at the default options), and its game's name."""
    try:
        spec = _typed_spec(text)
        _compile(spec, {}, limits, True)
    except GameFileProblems as exc:
        return exc.problems, None
    except SpielwerkError as exc:  # an option's default the file cannot take
        return [{"line": 1, "col": 1, "message": str(exc)}], None
    return [], str(spec.data.get("game"))


def validate(job: dict[str, Any]) -> dict[str, Any]:
    errors, game = typed_problems(job["spec"], job["limits"])
    return {"errors": errors, "game": game}


def new(job: dict[str, Any]) -> dict[str, Any]:
    """A new game: compiled (or kept), its start, its view; its label and estimated memory."""
    game = _game(job)
    st = _state(dict(job, root=None, moves=[]), game)
    view = _view(game, st, job["limits"])
    key = game_key(tuple(job["source"]), job["options"])
    return {"view": view, "label": str(game.spec.data.get("game", "typed")), "memory": _games[key][1]}


def move(job: dict[str, Any]) -> dict[str, Any]:
    """A person's move, as text in the game's notation."""
    game = _game(job)
    st = _state(job, game)
    if game.is_chance(st):
        raise SpielwerkError("roll the dice first")
    if game.outcome(st) is not None:
        raise SpielwerkError("the game is over")
    return _push(game, st, [game.parse_move(st, job["move"])], job["limits"])


def roll(job: dict[str, Any]) -> dict[str, Any]:
    """One roll of the dice, drawn with the job's seed."""
    game = _game(job)
    st = _state(job, game)
    if not game.is_chance(st):
        raise SpielwerkError("no roll is due now")
    return _push(game, st, [sample_chance(game, st, random.Random(job["seed"]))], job["limits"])


def timed_agent(text: str, seconds: float) -> str:
    """The agent ``text`` with a time per move of at most ``seconds`` where it takes one."""
    name, settings = parse_agent(text)
    if name == "random":
        return text
    settings["time"] = min(settings.get("time") or seconds, seconds)
    return ":".join([name] + [f"{k}={v}" for k, v in settings.items()])


def agent(job: dict[str, Any]) -> dict[str, Any]:
    """The agent to move plays, after the rolls of the dice due before it (seeded by the job);
    the rolls alone when a person is to move after them, nothing when the game is over."""
    game = _game(job)
    st = _state(job, game)
    limits: Limits = job["limits"]
    dice = random.Random(job["seed"])
    rolls: list[Any] = []
    try:
        while game.is_chance(st) and len(rolls) < MOST_ROLLS:
            rolls.append(sample_chance(game, st, dice))
            st.push(rolls[-1])
        if game.is_chance(st):
            raise SpielwerkError(f"the dice were rolled {MOST_ROLLS} times and still nobody is to move")
        who = job["seats"][st.to_move - 1]
        if who == "human" or game.outcome(st) is not None:
            chosen = []
        else:
            moves = game.legal_moves(st)
            if not moves:
                raise SpielwerkError("the agent has no legal move here")
            agent_ = make_agent(timed_agent(who, job["seconds"]), job["agent_seed"])
            chosen = [agent_.choose(st, moves)]
    finally:
        for _ in rolls:  # played again, with their texts, below
            st.pop()
    return _push(game, st, rolls + chosen, limits)


def undo(job: dict[str, Any]) -> dict[str, Any]:
    """Back to the last turn of one of ``humans`` (with his dice); answers how many moves stay."""
    game = _game(job)
    st = _state(job, game)
    st.undo_turn(job["humans"])
    return {"length": len(st.stack), "view": _view(game, st, job["limits"])}


def import_(job: dict[str, Any]) -> dict[str, Any]:
    """A position text, or a record, read into the game: its start, its moves and their texts."""
    game = _game(job)
    limits: Limits = job["limits"]
    if job.get("position"):
        st = game.parse_position(job["position"])
        problem = game.position_problem(st)
        if problem:
            raise SpielwerkError(problem)
        root: str | None = game.position_text(st)
        played: list[tuple[Any, str | None]] = []
    else:
        from ..replay import replay_text
        try:
            games = replay_text(game.spec, job["record"], dict(game.options))
        except (MemoryError, OverflowError):
            raise SpielwerkError("that record asks for a game too large for this server") from None
        if not games:
            raise SpielwerkError("no game in that record")
        done = games[0]
        if done.error is not None:
            raise SpielwerkError(f"the record stops at {done.error}")
        assert done.state is not None
        if done.state.game.options != game.options:
            raise SpielwerkError("the record's tags ask for other options: start a game with them")
        start = done.state.root()
        root = game.position_text(start)
        if root == game.position_text(game.initial()):
            root = None
        st = game.initial() if root is None else game.parse_position(root)
        played = []
        for move_, _ in done.state.stack:
            played.append(_played(game, st, move_))
            st.push(move_)
    view = _view(game, st, limits)
    _states[job["match"]] = (game_key(tuple(job["source"]), job["options"]), root, st)
    return {"root": root, "pushed": played, "view": view}


def export(job: dict[str, Any]) -> dict[str, Any]:
    game = _game(job)
    st = _state(job, game)
    return {"record": st.record(), "position": game.position_text(st)}


#: the jobs by name
JOBS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "catalogue": catalogue, "source": source, "validate": validate, "new": new, "move": move, "roll": roll,
    "agent": agent, "undo": undo, "import": import_, "export": export,
}
