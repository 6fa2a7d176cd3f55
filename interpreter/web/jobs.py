"""The engine's work for the web app, done in worker processes (see :mod:`.workers`).

The server's own process keeps no compiled game: a game being played is its source (a bundled
game's name, or the text of a game file typed in the editor), its options and its record (the
position it began from, the moves played and the steps of a dice turn chosen so far). Each job
here gets that, rebuilds the position in the worker (from a compiled game and a position the worker
keeps from its last jobs, when it has them), does its work and answers with plain data: the moves
it played with their entries in the record (text, player, dice; a roll as the roll drawn), and the
view the page shows. A stored game is read back by replaying its entries (:func:`restore`). Every job is bounded by the time the pool gives it; a worker that overruns is killed.

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
from typing import Any, Callable

from ..agents import make_agent, parse_agent, sample_chance
from ..api import load_spec, load_spec_for
from ..dsl.errors import MoveLimitError, SpecError, SpecErrors, SpielwerkError
from ..dsl.loader import bundled_games, gallery_games, resolve_game_path
from ..dsl.spec import Spec
from ..game import Game, State
from ..svg import board_svg, move_squares
from .limits import Limits, estimate, problems

__all__ = ["JOBS", "GameFileProblems", "game_key", "playable_games", "typed_problems"]

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


def playable_games() -> list[str]:
    """The games the app plays by name: the bundled games, then the gallery's."""
    return list(dict.fromkeys(bundled_games() + gallery_games()))


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
        if text not in playable_games():
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


def _move_info(game: Game, st: State, move: Any) -> dict[str, Any]:
    """A listed move for the page: its text, the squares it takes pieces from (``from``) and adds
    them to or changes (``to``), how many it lifts off the first of those (``lift``) and the kind
    of piece it leaves on top of the last square it adds to (``kind``), so that a page can offer
    the moves that share a click as a choice of kinds or counts."""
    name = game.topology.name
    lost, gained, changed = move_squares(st, move)
    lift = 0
    kind = None
    if lost or gained:
        info = game.apply(st, move)
        if lost:
            left = len(st.stacks[lost[0]])
        if gained and st.stacks[gained[-1]]:
            kind = str(game.kind_names[game.t.code_kind[st.stacks[gained[-1]][-1]]])
        game.undo(st, move, info)
        if lost:
            lift = len(st.stacks[lost[0]]) - left
    return {"text": game.format_move(st, move), "from": [name(sq) for sq in lost],
            "to": [name(sq) for sq in changed], "lift": lift, "kind": kind}


def _done(job: dict[str, Any]) -> list[Any]:
    """The steps of the turn in progress chosen so far, as the step view takes them."""
    return [None if d is None else (int(d[0]), int(d[1])) for d in job.get("done") or []]


def _labels(game: Game) -> dict[str, dict[str, str]] | None:
    """Each square's label as each player's move texts name it, where the players' differ (a race
    track's own numbers); None where every player reads the board's names."""
    name, size = game.topology.name, game.topology.size
    labels = {str(p): {name(sq): game.square_label(p, sq) for sq in range(size)} for p in game.t.player_numbers}
    if all(own == labels["1"] for own in labels.values()):
        return None
    return labels


def _result(game: Game, st: State) -> dict[str, Any] | None:
    """How the game ended, for the page (the winner by number and by name), or None."""
    over = game.outcome(st)
    if over is None:
        return None
    return {"token": over.token, "winner": over.winner, "rule": over.result, "value": over.value,
            "winner_name": None if over.winner is None else str(game.players[over.winner - 1])}


def _view(game: Game, st: State, limits: Limits, done: list[Any] | None = None) -> dict[str, Any]:
    """What the page shows of ``st``: the picture, who is to move (and who rolls), the dice, the
    result, counts such as the pips, and the legal moves (at most ``limits.listed`` of them, with
    the squares each takes pieces from and changes). In a dice turn made step by step, also the
    next steps after the steps ``done`` (the picture shows those played). A position with more
    than ``limits.moves`` legal moves is refused."""
    chance = game.is_chance(st)
    try:
        over = None if chance else _result(game, st)
        moves = [] if over is not None or chance else game.legal_moves(st)
    except MoveLimitError:  # the engine's bound is this server's (see _compile)
        raise SpielwerkError(f"this position has more than {limits.moves:,} legal moves: this server plays "
                             f"positions of at most {limits.moves:,}") from None
    name = game.topology.name
    listed = [_move_info(game, st, move) for move in moves[:limits.listed]]
    shown = st
    steps: dict[str, Any] | None = None
    if over is None and not chance and game.stepwise(st):
        done = done or []
        try:
            choices = game.turn_steps(st, done)
        except Exception:  # steps that no longer fit the position: start the turn afresh
            done, choices = [], game.turn_steps(st, [])
        shown = game.turn_so_far(st, done)
        p = st.to_move
        label = game.square_label
        steps = {"done": [None if d is None else [d[0], d[1]] for d in done],
                 "played": [f"{label(p, d[0])}/{label(p, d[1])}" for d in done if d is not None],
                 "next": [{"from": name(c[0]), "to": name(c[1]), "text": f"{label(p, c[0])}/{label(p, c[1])}"}
                          for c in choices if c is not None],
                 "stop": any(c is None for c in choices) and bool(done)}
    players = [str(p) for p in game.players]
    on_roll = game.on_roll(st) if over is None else None
    return {
        "title": str(game.title), "players": players, "to_move": st.to_move,
        "to_move_name": players[st.to_move - 1], "on_roll": on_roll,
        "on_roll_name": None if on_roll is None else players[on_roll - 1],
        "ply": st.ply, "svg": board_svg(shown), "chance": over is None and chance,
        "draw": over is None and chance and game.phases[st.phase].chance,
        "dice": list(st.dice) if st.dice else None, "result": over,
        "moves": listed, "more_moves": max(0, len(moves) - len(listed)), "position": game.position_text(st),
        "steps": steps, "counts": game.counts(shown), "labels": _labels(game),
    }


def _played(game: Game, st: State, move: Any) -> tuple[Any, dict[str, Any]]:
    """``move`` (about to be played in ``st``) with its entry in the record: a roll of the dice as
    the roll drawn, any other move as its text, with who played it and with which dice."""
    if move[0] == game.roll_index:
        return move, {"roll": [int(x) for x in move]}
    dice = [int(d) for d in st.dice if d] if st.dice else None
    return move, {"text": game.format_move(st, move), "player": st.to_move, "dice": dice}


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

def _option_fields(spec: Spec) -> dict[str, Any]:
    """A game file's options for a form: each one's type, default and values."""
    options = {}
    for key, decl in (spec.data.get("options") or {}).items():
        if not decl:
            continue
        full = spec.option_decl(key)
        options[str(key)] = {"type": str(full.get("type", "int")), "default": full.get("default"),
                             "values": [v for v in full.get("values", [])],
                             "min": full.get("min"), "max": full.get("max")}
    return options


def catalogue(job: dict[str, Any]) -> dict[str, Any]:
    """The bundled games and the gallery's for the front page: name, title, description and
    options of each, and whether it is the gallery's."""
    games = []
    bundled = set(bundled_games())
    for name in playable_games():
        spec = load_spec_for(name)
        games.append({"name": name, "title": str(spec.data.get("title", name)),
                      "description": str(spec.data.get("description", "")), "options": _option_fields(spec),
                      "gallery": name not in bundled})
    return {"games": games}


def source(job: dict[str, Any]) -> dict[str, Any]:
    """A bundled or gallery game's file, to edit."""
    name = job["game"]
    if name not in playable_games():
        raise SpielwerkError(f"no bundled game {name!r}")
    with open(resolve_game_path(name), encoding="utf-8") as f:
        return {"game": name, "text": f.read()}


def typed_problems(text: str, limits: Limits, options: dict[str, Any] | None = None
                   ) -> tuple[list[dict[str, Any]], str | None, dict[str, Any], list[str]]:
    """A typed game file's located problems (as ``spielwerk validate`` finds them, and the
    server's limits at the ``options`` given, each option's default otherwise: exactly what
    playing it checks), its game's name, its options for a form and the names of the players who
    play at those options (none where the file has problems)."""
    fields: dict[str, Any] = {}
    try:
        spec = _typed_spec(text)
        fields = _option_fields(spec)
        game, _ = _compile(spec, options or {}, limits, True)
    except GameFileProblems as exc:
        return exc.problems, None, fields, []
    except SpielwerkError as exc:  # an option the file cannot take
        return [{"line": 1, "col": 1, "message": str(exc)}], None, fields, []
    return [], str(spec.data.get("game")), fields, [str(p) for p in game.players]


def validate(job: dict[str, Any]) -> dict[str, Any]:
    errors, game, fields, players = typed_problems(job["spec"], job["limits"], job.get("options"))
    return {"errors": errors, "game": game, "options": fields, "players": players}


def new(job: dict[str, Any]) -> dict[str, Any]:
    """A new game: compiled (or kept), its start, its view; its label and estimated memory."""
    game = _game(job)
    st = _state(dict(job, root=None, moves=[]), game)
    view = _view(game, st, job["limits"])
    key = game_key(tuple(job["source"]), job["options"])
    return {"view": view, "label": str(game.spec.data.get("game", "typed")), "memory": _games[key][1]}


def restore(job: dict[str, Any]) -> dict[str, Any]:
    """A stored game read back: its moves rebuilt from their texts (a roll from the roll drawn),
    from its start; its view, label and estimated memory."""
    game = _game(job)
    root = job.get("root")
    st = game.initial() if root is None else game.parse_position(root)
    moves: list[Any] = []
    for i, entry in enumerate(job["entries"]):
        if "roll" in entry:
            wanted = list(entry["roll"])
            found = [m for m, _ in game.chance_outcomes(st) if list(m) == wanted]
            if not found:
                raise SpielwerkError(f"the stored game's roll {i + 1} is no roll of this position")
            move_: Any = found[0]
        else:
            move_ = game.parse_move(st, entry["text"])
        moves.append(move_)
        st.push(move_)
    key = game_key(tuple(job["source"]), job["options"])
    _states[job["match"]] = (key, root, st)
    view = _view(game, st, job["limits"], _done(job))
    return {"moves": moves, "view": view, "label": str(game.spec.data.get("game", "typed")),
            "memory": _games[key][1]}


def view(job: dict[str, Any]) -> dict[str, Any]:
    """The view of the game as it stands, with the steps ``done`` of the turn in progress."""
    game = _game(job)
    return {"view": _view(game, _state(job, game), job["limits"], _done(job))}


def view_at(job: dict[str, Any]) -> dict[str, Any]:
    """The position after the first ``upto`` moves of the record, to look at (no moves listed)."""
    game = _game(job)
    upto = int(job["upto"])
    st = _state(dict(job, moves=job["moves"][:upto]), game)
    return {"svg": board_svg(st), "to_move": st.to_move, "to_move_name": str(game.players[st.to_move - 1]),
            "dice": list(st.dice) if st.dice else None, "position": game.position_text(st),
            "counts": game.counts(st), "result": None if game.is_chance(st) else _result(game, st)}


def step(job: dict[str, Any]) -> dict[str, Any]:
    """One step of a dice turn chosen (``step``: the from and to squares' names, or None to end
    the turn where that is allowed): answers the steps chosen so far, or the whole turn played
    once it is complete."""
    game = _game(job)
    st = _state(job, game)
    if game.is_chance(st) or game.outcome(st) is not None or not game.stepwise(st):
        raise SpielwerkError("no turn is being played step by step now")
    done = _done(job)
    choices = game.turn_steps(st, done)
    wanted = job["step"]
    name = game.topology.name
    if wanted is None:
        if None not in choices:
            raise SpielwerkError("the turn cannot end here: play the dice")
        chosen: Any = None
    else:
        fits = [c for c in choices if c is not None and [name(c[0]), name(c[1])] == list(wanted)]
        if not fits:
            p = st.to_move
            got = "/".join(str(w) for w in wanted)
            raise SpielwerkError(f"no step {got} now: the steps are "
                                 + (", ".join(f"{game.square_label(p, c[0])}/{game.square_label(p, c[1])}"
                                              for c in choices if c is not None) or "none"))
        chosen = fits[0]
    done = done + [chosen]
    if chosen is not None and game.turn_steps(st, done):
        return {"done": [None if d is None else [d[0], d[1]] for d in done], "pushed": [],
                "view": _view(game, st, job["limits"], done)}
    out = _push(game, st, [game.turn_move(st, done)], job["limits"])
    out["done"] = []
    return out


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
        played: list[tuple[Any, dict[str, Any]]] = []
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
    "agent": agent, "undo": undo, "import": import_, "export": export, "restore": restore, "view": view,
    "view_at": view_at, "step": step,
}
