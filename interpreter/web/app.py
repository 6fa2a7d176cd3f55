"""The web app's routes: the pages, the JSON API, and the games being played.

The server's process keeps, for each game being played, its source (a bundled game's name, or a
game file typed in the editor), its options, its record (the position it began from and the moves
played, with their texts for the list of moves played) and the last view the page was sent. All the
engine's work (compiling, working out positions, agents thinking) is done by worker processes
(:mod:`.jobs`, :mod:`.workers`) with a time limit each, so the event loop answers every request
at once: two pools, one for quick work (reading game files, moves, rolls, views) and one for
agents, so that an agent's thinking never makes a person's move wait.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from collections import OrderedDict
from contextlib import asynccontextmanager, contextmanager
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Iterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..agents import parse_agent
from ..dsl.errors import SpielwerkError
from ..dsl.loader import bundled_games
from . import jobs
from .limits import Limits
from .pages import edit_page, index_page, play_page
from .security import Guard, HostRule
from .workers import Handle, JobError, Pool

__all__ = ["AGENTS", "create_app"]

log = logging.getLogger("spielwerk.web")

#: agents the page offers; what an agent text may ask for at most (besides the time per move)
AGENTS = ["random", "greedy:playouts=2", "mcts:iterations=300", "mcts:iterations=1000", "alphabeta:depth=2",
          "alphabeta:depth=3"]
_CAPS = {"iterations": 3000, "depth": 5, "playouts": 16, "plies": 2000, "table": 1_000_000}


class Refused(Exception):
    """A request refused: its message and HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class _Match:
    """One game being played: what it is, who plays it, its record and its last view."""

    def __init__(self, source: tuple[str, str], options: dict[str, Any], seats: tuple[str, str], seed: int) -> None:
        self.key = secrets.token_hex(8)
        self.source = source
        self.options = options
        self.seats = seats
        self.seed = seed
        self.dice = random.Random(seed)
        self.label = "typed"
        self.root: str | None = None
        self.moves: list[Any] = []
        #: the text of each move for the list of moves played (None for a roll of the dice)
        self.texts: list[str | None] = []
        self.view: dict[str, Any] = {}
        self.game_key = jobs.game_key(source, options)
        #: the estimated memory of the compiled game, and of what is kept here
        self.game_memory = 0
        self.size = 0
        #: what the server is doing for this game (one thing at a time), and the agent's job
        self.busy: str | None = None
        self.thinking: Handle | None = None

    def payload(self, limits: Limits, **extra: Any) -> dict[str, Any]:
        return dict(match=self.key, source=self.source, options=self.options, root=self.root, moves=self.moves,
                    limits=limits, **extra)

    def commit(self, view: dict[str, Any], pushed: Iterable[Any] = ()) -> None:
        for move, text in pushed:
            self.moves.append(move)
            self.texts.append(text)
        self.view = view
        self.size = (2048 + (len(self.source[1]) if self.source[0] == "typed" else 0) + len(view.get("svg", ""))
                     + len(view.get("position", "")) + 160 * len(view.get("moves", ())) + 120 * len(self.moves))

    def client_view(self, **extra: Any) -> dict[str, Any]:
        view = self.view
        over = view.get("result") is not None
        agent_to_move = not over and not view.get("chance") and self.seats[view.get("to_move", 1) - 1] != "human"
        return dict(view, id=self.key, label=self.label, seats=list(self.seats), agent_to_move=agent_to_move,
                    history=[t for t in self.texts if t is not None], thinking=self.thinking is not None, **extra)


class _Games:
    """The games kept, oldest first: at most ``limits.games``, and together at most
    ``limits.kept_memory`` of estimated memory (each compiled game counted once); the oldest
    that is not busy is closed to make room."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.matches: OrderedDict[str, _Match] = OrderedDict()

    def memory(self) -> int:
        games = {m.game_key: m.game_memory for m in self.matches.values()}
        return sum(m.size for m in self.matches.values()) + sum(games.values())

    def add(self, match: _Match) -> None:
        self.matches[match.key] = match
        self.trim()

    def trim(self) -> None:
        while len(self.matches) > 1 and (len(self.matches) > self.limits.games
                                         or self.memory() > self.limits.kept_memory):
            oldest = next((k for k, m in self.matches.items() if not m.busy), None)
            if oldest is None or oldest == next(reversed(self.matches)):
                return
            del self.matches[oldest]

    def find(self, data: dict[str, Any]) -> _Match:
        key = data.get("id")
        match = self.matches.get(key) if isinstance(key, str) else None
        if match is None:
            raise Refused("no such game here (it may have been closed to make room): start a new one", 404)
        self.matches.move_to_end(match.key)
        return match


@contextmanager
def _working(match: _Match, what: str) -> Iterator[None]:
    """One piece of work at a time for a game: another request meanwhile is refused (409)."""
    if match.busy is not None:
        raise Refused(f"wait: {match.busy}" + (" (or cancel it)" if match.thinking is not None else ""), 409)
    match.busy = what
    try:
        yield
    finally:
        match.busy = None


def check_agent(text: Any, limits: Limits) -> str:
    """A seat's player: ``human`` or an agent text within the server's caps."""
    if not isinstance(text, str) or len(text) > 200:
        raise Refused("a player is human or an agent such as mcts:iterations=300")
    if text == "human":
        return text
    name, settings = parse_agent(text)
    for key, cap in _CAPS.items():
        if settings.get(key, 0) > cap:
            raise Refused(f"{name}: {key} at most {cap} here")
    if settings.get("time", 0) > limits.agent_time:
        raise Refused(f"{name}: time at most {limits.agent_time:g} here")
    return text


def _text(data: dict[str, Any], key: str, most: int, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise Refused(f"give {key}")
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise Refused(f"{key}: a text")
    value = str(value)
    if len(value) > most:
        raise Refused(f"{key}: at most {most:,} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:  # JSON may carry a lone surrogate (\udcff), which no file can hold
        raise Refused(f"{key}: character {exc.start + 1} is half of a UTF-16 pair, not a character") from None
    return value


def _options(data: dict[str, Any]) -> dict[str, Any]:
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise Refused("options: a mapping of option names to values")
    if len(options) > 64:
        raise Refused("options: at most 64")
    out = {}
    for key, value in options.items():
        if value is not None and not isinstance(value, (str, int, float, bool)):
            raise Refused(f"options: {str(key)[:40]!r} takes a number, a word or true/false")
        if len(str(key)) > 100 or len(str(value)) > 200:
            raise Refused("options: names and values are short")
        out[str(key)] = value
    return out


def _seed(data: dict[str, Any]) -> int:
    seed = data.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < 2**63:
        return seed
    if isinstance(seed, str) and seed.lstrip("-").isdigit() and len(seed) < 19:
        return int(seed)
    return secrets.randbits(31)


class _Server:
    """The state of one app: its limits, its worker pools, its games."""

    def __init__(self, limits: Limits, workers: int, agent_workers: int) -> None:
        self.limits = limits
        self.quick = Pool(workers, name="spielwerk-worker", memory=limits.worker_memory)
        self.think = Pool(agent_workers, name="spielwerk-agent", memory=limits.worker_memory)
        self.games = _Games(limits)
        self.catalogue: list[dict[str, Any]] | None = None

    def close(self) -> None:
        self.quick.close()
        self.think.close()

    async def body(self, request: Request) -> dict[str, Any]:
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > self.limits.body:
                raise Refused(f"a request here holds at most {self.limits.body // 1024} KiB", 413)
        try:
            data = json.loads(bytes(raw) or b"{}")
        except (ValueError, RecursionError):
            raise Refused("the request is not JSON") from None
        if not isinstance(data, dict):
            raise Refused("the request must be a JSON object")
        return data

    async def job(self, name: str, payload: dict[str, Any], what: str, handle: Handle | None = None) -> Any:
        """Run a job on a game in a worker: an agent's move in the agents' pool, anything else in
        the quick one. A worker may have to read and compile the game first (``read_time``);
        then the work itself has ``move_time``, or the agent ``agent_time`` and ``grace``."""
        limits = self.limits
        if name == "agent":
            return await self.think.run(name, payload, limits.read_time + limits.agent_time + limits.grace, handle,
                                        what)
        return await self.quick.run(name, payload, limits.read_time + limits.move_time, handle, what)

    # -- the API ---------------------------------------------------------------------------------

    async def new(self, data: dict[str, Any]) -> dict[str, Any]:
        limits = self.limits
        options = _options(data)
        if data.get("spec") is not None:
            source = ("typed", _text(data, "spec", limits.body))
        else:
            name = _text(data, "game", 100, "")
            if name not in bundled_games():
                raise Refused(f"no bundled game {name!r}")
            source = ("bundled", name)
        seats = (check_agent(data.get("white", "human"), limits), check_agent(data.get("black", "random"), limits))
        match = _Match(source, options, seats, _seed(data))
        out = await self.job("new", match.payload(limits), "reading and compiling this game")
        match.label, match.game_memory = out["label"], out["memory"]
        match.commit(out["view"])
        self.games.add(match)
        return match.client_view()

    async def state(self, data: dict[str, Any]) -> dict[str, Any]:
        return self.games.find(data).client_view()

    async def move(self, data: dict[str, Any]) -> dict[str, Any]:
        match = self.games.find(data)
        text = _text(data, "move", 500, "")
        view = match.view
        if view["result"] is not None:
            raise Refused("the game is over", 409)
        if view["chance"]:
            raise Refused("roll the dice first", 409)
        if match.seats[view["to_move"] - 1] != "human":
            raise Refused("it is the agent's turn", 409)
        with _working(match, "the server is still working on this game"):
            out = await self.job("move", match.payload(self.limits, move=text), "working out this move")
            match.commit(out["view"], out["pushed"])
        self.games.trim()
        return match.client_view()

    async def roll(self, data: dict[str, Any]) -> dict[str, Any]:
        match = self.games.find(data)
        if not match.view["chance"]:
            raise Refused("no roll is due now", 409)
        with _working(match, "the server is still working on this game"):
            out = await self.job("roll", match.payload(self.limits, seed=match.dice.getrandbits(64)),
                                 "rolling the dice")
            match.commit(out["view"], out["pushed"])
        self.games.trim()
        return match.client_view()

    async def agent(self, data: dict[str, Any]) -> dict[str, Any]:
        """The agent to move plays (after the rolls due); a roll or nothing where a person is to move."""
        match = self.games.find(data)
        view = match.view
        if view["result"] is not None or (not view["chance"] and match.seats[view["to_move"] - 1] == "human"):
            return match.client_view()
        limits = self.limits
        with _working(match, "the agent is thinking"):
            handle = match.thinking = Handle()
            try:
                seat = view["to_move"]
                payload = match.payload(limits, seats=list(match.seats), seed=match.dice.getrandbits(64),
                                        agent_seed=(match.seed * 1_000_003 + 2 * len(match.moves) + seat) % 2**31,
                                        seconds=limits.agent_time)
                out = await self.job("agent", payload, "the agent's move", handle)
            finally:
                match.thinking = None
            match.commit(out["view"], out["pushed"])
        self.games.trim()
        return match.client_view()

    async def cancel(self, data: dict[str, Any]) -> dict[str, Any]:
        """Stop the agent thinking about this game's move; the game stays as it was."""
        match = self.games.find(data)
        handle = match.thinking
        if handle is not None:
            handle.cancel()
        return match.client_view(cancelled=handle is not None)

    async def undo(self, data: dict[str, Any]) -> dict[str, Any]:
        match = self.games.find(data)
        humans = [p for p in (1, 2) if match.seats[p - 1] == "human"]
        with _working(match, "the server is still working on this game"):
            out = await self.job("undo", match.payload(self.limits, humans=humans), "taking the move back")
            del match.moves[out["length"]:]
            del match.texts[out["length"]:]
            match.commit(out["view"])
        return match.client_view()

    async def import_(self, data: dict[str, Any]) -> dict[str, Any]:
        match = self.games.find(data)
        extra: dict[str, Any] = {}
        if data.get("position"):
            extra["position"] = _text(data, "position", self.limits.body)
        elif data.get("record"):
            extra["record"] = _text(data, "record", self.limits.body)
        else:
            raise Refused("give a record or a position")
        with _working(match, "the server is still working on this game"):
            out = await self.job("import", match.payload(self.limits, **extra), "reading this in")
            match.root, match.moves, match.texts = out["root"], [], []
            match.commit(out["view"], out["pushed"])
        self.games.trim()
        return match.client_view()

    async def export(self, data: dict[str, Any]) -> dict[str, Any]:
        match = self.games.find(data)
        out: dict[str, Any] = await self.job("export", match.payload(self.limits), "writing the record")
        return out

    async def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        text = _text(data, "spec", self.limits.body, "")
        out: dict[str, Any] = await self.job("validate", {"spec": text, "limits": self.limits},
                                             "reading and checking this game file")
        return out

    async def source(self, data: dict[str, Any]) -> dict[str, Any]:
        name = _text(data, "game", 100, "")
        if name not in bundled_games():
            raise Refused(f"no bundled game {name!r}", 404)
        return jobs.source({"game": name})

    async def games_list(self) -> list[dict[str, Any]]:
        if self.catalogue is None:
            out = await self.quick.run("catalogue", {}, 60.0, what="reading the bundled games")
            self.catalogue = list(out["games"])
        return self.catalogue


Handler = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]


def _error(message: str, status: int, **extra: Any) -> Response:
    return JSONResponse(dict(extra, error=message), status_code=status)


def _api(server: _Server, handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """An API route: the JSON body (POST) or the query (GET) in, JSON out; every failure a JSON
    message with its status."""
    async def endpoint(request: Request) -> Response:
        try:
            data = await server.body(request) if request.method == "POST" else dict(request.query_params)
            return JSONResponse(await handler(data))
        except Refused as exc:
            return _error(exc.message, exc.status)
        except JobError as exc:
            extra: dict[str, Any] = {"cancelled": True} if exc.cancelled else {}
            if exc.problems is not None:
                extra["errors"] = exc.problems
            return _error(exc.message, exc.status, **extra)
        except SpielwerkError as exc:
            return _error(str(exc), 400)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the server failed on %s %s", request.method, request.url.path)
            return _error("the server failed on this request", 500)
    return endpoint


def create_app(max_games: int | None = None, *, host: str = "127.0.0.1", port: int | None = None,
               allow_hosts: Iterable[str] = (), limits: Limits | None = None, workers: int = 2,
               agent_workers: int = 2) -> Guard:
    """The ASGI app. ``host`` and ``port`` are where it is served (the ``Host`` a request must
    name, see :class:`~spielwerk.web.security.HostRule`; ``port`` None: any), ``allow_hosts``
    more names it answers to; ``limits`` what one game and one request may cost
    (``max_games`` sets ``limits.games``); ``workers`` and ``agent_workers`` the worker
    processes for quick work and for agents. The app's ``state.server`` holds its games and
    pools; the pools' workers end with the app's lifespan (or ``state.server.close()``)."""
    limits = limits or Limits()
    if max_games is not None:
        from dataclasses import replace
        limits = replace(limits, games=max_games)
    server = _Server(limits, workers, agent_workers)

    async def index(request: Request) -> Response:
        try:
            games = await server.games_list()
        except JobError as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)
        return HTMLResponse(index_page(games))

    async def play(request: Request) -> Response:
        query = request.query_params
        options = {k: v for k, v in query.items() if k not in ("game", "white", "black")}
        config = {"game": query.get("game", ""), "options": options, "agents": AGENTS,
                  "white": query.get("white", "human"), "black": query.get("black", "random"),
                  "budget": limits.agent_time}
        return HTMLResponse(play_page(config))

    async def edit(request: Request) -> Response:
        first = bundled_games()[0]
        config = {"from": request.query_params.get("from", ""), "agents": AGENTS,
                  "starter": f"extends: {first}\ngame: my-variant\ntitle: My variant\n"}
        return HTMLResponse(edit_page(config))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(str(exc.detail), exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        return _error("the server failed on this request", 500)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        for pool in (server.quick, server.think):  # the workers start while the first page loads
            loop.run_in_executor(None, pool.warm)
        try:
            yield
        finally:
            server.close()

    def post(path: str, handler: Handler) -> Route:
        return Route(path, _api(server, handler), methods=["POST"])

    def get(path: str, handler: Handler) -> Route:
        return Route(path, _api(server, handler), methods=["GET"])

    routes = [
        Route("/", index), Route("/play", play), Route("/edit", edit),
        post("/api/new", server.new), get("/api/state", server.state), post("/api/move", server.move),
        post("/api/roll", server.roll), post("/api/agent", server.agent), post("/api/cancel", server.cancel),
        post("/api/undo", server.undo), post("/api/validate", server.validate), get("/api/export", server.export),
        post("/api/import", server.import_), get("/api/source", server.source),
        Mount("/static", StaticFiles(packages=[("spielwerk.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: server_error})
    app.state.server = server
    return Guard(app, HostRule(host, port, allow_hosts), limits.body)
