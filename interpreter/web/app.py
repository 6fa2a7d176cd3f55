"""The web app's routes: the pages, the JSON API, the event streams, and the games being played.

The server's process keeps in memory, for each game being played, its source (a bundled game's
name, or a game file typed in the editor, stored as a variant), its options, its seats, its record
(the position it began from and the moves played, each with its text, its player and its dice),
the steps of a dice turn chosen so far, its invite tokens and the last view it sent; each change
is written to the store (:mod:`.store`), from which a game not in memory is read back, and pushed
to the pages following the game (server-sent events). A game is named by its id (every seat) or
by a seat's invite token (that seat only). All the engine's work (compiling, working out
positions, replaying a stored game, agents thinking) is done by worker processes (:mod:`.jobs`,
:mod:`.workers`) with a time limit each, so the event loop answers every request at once: two
pools, one for quick work and one for agents, so that an agent's thinking never makes a person's
move wait.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import secrets
from collections import OrderedDict
from contextlib import asynccontextmanager, contextmanager
from importlib import resources
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Iterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..agents import parse_agent
from ..dsl.errors import SpielwerkError
from ..dsl.loader import bundled_games
from .jobs import playable_games
from . import jobs
from .limits import Limits
from .pages import edit_page, index_page, play_page
from .security import Guard, HostRule
from .store import Store, open_store
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
    """One game being played: what it is, who plays it, its record, the steps of the turn in
    progress, its invite tokens, its last view, and the pages listening for its changes."""

    def __init__(self, key: str, source: tuple[str, str], options: dict[str, Any], seats: tuple[str, ...],
                 seed: int, variant: str | None = None) -> None:
        self.key = key
        self.source = source
        self.variant = variant
        self.options = options
        self.seats = seats
        self.seed = seed
        self.dice = random.Random(seed)
        #: how many numbers the dice have drawn from the seed (to draw the same ones after a restart)
        self.draws = 0
        self.label = "typed"
        self.root: str | None = None
        self.moves: list[Any] = []
        #: each move's entry in the record: its text, who played it, with which dice (a roll: the roll)
        self.entries: list[dict[str, Any]] = []
        #: the steps of a dice turn chosen so far (kept until the turn is complete)
        self.done: list[Any] = []
        #: the invite token of each seat ("1", "2", ...) that has one
        self.tokens: dict[str, str] = {}
        self.view: dict[str, Any] = {}
        self.game_key = jobs.game_key(source, options)
        #: the estimated memory of the compiled game, and of what is kept here
        self.game_memory = 0
        self.size = 0
        #: what the server is doing for this game (one thing at a time), and the agent's job
        self.busy: str | None = None
        self.thinking: Handle | None = None
        #: the event streams of the pages showing this game: each gets a note of every change
        self.listeners: set[asyncio.Queue[int]] = set()
        self.version = 0

    def draw(self) -> int:
        self.draws += 1
        return self.dice.getrandbits(64)

    def payload(self, limits: Limits, **extra: Any) -> dict[str, Any]:
        return dict(dict(match=self.key, source=self.source, options=self.options, root=self.root, moves=self.moves,
                         done=self.done, limits=limits), **extra)

    def commit(self, view: dict[str, Any], pushed: Iterable[Any] = (), done: list[Any] | None = None) -> None:
        for move, entry in pushed:
            self.moves.append(move)
            self.entries.append(entry)
        if done is not None:
            self.done = done
        elif pushed:
            self.done = []
        self.view = view
        self.size = (2048 + (len(self.source[1]) if self.source[0] == "typed" else 0) + len(view.get("svg", ""))
                     + len(view.get("position", "")) + 200 * len(view.get("moves", ())) + 160 * len(self.moves))
        self.version += 1
        for queue in self.listeners:
            queue.put_nowait(self.version)

    def record(self) -> dict[str, Any]:
        """What the store keeps of this game: all that restores it."""
        source = ["variant", self.variant] if self.variant is not None else list(self.source)
        return {"source": source, "options": self.options, "seats": list(self.seats), "seed": self.seed,
                "draws": self.draws, "label": self.label, "root": self.root, "entries": self.entries,
                "done": self.done, "tokens": self.tokens, "version": self.version}

    def history(self) -> list[dict[str, Any]]:
        """The moves played (rolls left out), each with its place in the record (``upto``: how
        many moves of the record lead to the position after it)."""
        return [dict(e, upto=i + 1) for i, e in enumerate(self.entries) if "text" in e]

    def client_view(self, seat: int | None, credential: str, **extra: Any) -> dict[str, Any]:
        """The view for a page: ``seat`` None for the game's own address (every person's seat),
        a seat for an invite's (that seat only); ``credential`` what that page calls the game."""
        view = self.view
        over = view.get("result") is not None
        to_move = view.get("to_move", 1)
        agent_to_move = not over and not view.get("chance") and self.seats[to_move - 1] != "human"
        mine = not over and not view.get("chance") and self.seats[to_move - 1] == "human" and seat in (None, to_move)
        out = dict(view, id=credential, label=self.label, seats=list(self.seats), agent_to_move=agent_to_move,
                   your_turn=mine, you=seat, history=self.history(), thinking=self.thinking is not None,
                   version=self.version,
                   variant=self.variant, game=self.source[1] if self.source[0] == "bundled" else None,
                   options=self.options, **extra)
        if seat is None:
            out["invites"] = {s: f"/join/{t}" for s, t in self.tokens.items()}
        return out


class _Games:
    """The games kept in memory, oldest first: at most ``limits.games``, and together at most
    ``limits.kept_memory`` of estimated memory (each compiled game counted once); the oldest
    that is not busy and that no page listens to leaves memory to make room. It stays in the
    store, and is read back when it is next asked for."""

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
            oldest = next((k for k, m in self.matches.items() if not m.busy and not m.listeners), None)
            if oldest is None or oldest == next(reversed(self.matches)):
                return
            del self.matches[oldest]

    def get(self, key: str) -> _Match | None:
        match = self.matches.get(key)
        if match is not None:
            self.matches.move_to_end(key)
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


#: the most players a game has, and so the most seats
MOST_SEATS = 6


def requested_seats(data: dict[str, Any], limits: Limits) -> list[str]:
    """The players a request seats, in turn order, each ``human`` or an agent: its ``seats`` (a
    list), else its ``white`` and ``black`` (the first two seats; by default a person and the
    random agent). A game with more players seats the random agent in the seats not given."""
    given = data.get("seats")
    if given is None:
        return [check_agent(data.get("white", "human"), limits), check_agent(data.get("black", "random"), limits)]
    if not isinstance(given, list) or not 1 <= len(given) <= MOST_SEATS:
        raise Refused(f"seats: a list of at most {MOST_SEATS} players in turn order, each human or an agent")
    return [check_agent(who, limits) for who in given]


def fit_seats(seats: list[str], players: list[str]) -> tuple[str, ...]:
    """``seats`` fitted to the players of the game: the seats not given played by the random
    agent; more seats than players refused."""
    n = len(players)
    if len(seats) > n:
        raise Refused(f"this game has {n} players ({', '.join(players)}): give at most {n} seats")
    return tuple(seats + ["random"] * (n - len(seats)))


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


#: the characters of game ids, seat tokens and variant ids (URL-safe base64)
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _credential(data: dict[str, Any]) -> str:
    key = data.get("id")
    if not isinstance(key, str) or not 8 <= len(key) <= 64 or not set(key) <= _ID_CHARS:
        raise Refused("no such game here: start a new one", 404)
    return key


def variant_id(text: str) -> str:
    """A variant's id: made from its text (the same text, the same id), long enough that nobody
    finds a variant without its text or its address."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


class _Server:
    """The state of one app: its limits, its worker pools, its store, the games in memory."""

    def __init__(self, limits: Limits, workers: int, agent_workers: int, store: Store) -> None:
        self.limits = limits
        self.quick = Pool(workers, name="spielwerk-worker", memory=limits.worker_memory)
        self.think = Pool(agent_workers, name="spielwerk-agent", memory=limits.worker_memory)
        self.games = _Games(limits)
        self.store = store
        self.catalogue: list[dict[str, Any]] | None = None
        self.schema_text: str | None = None
        #: seat tokens read so far: token -> (game id, seat)
        self.seats: dict[str, tuple[str, int]] = {}
        #: games being read back from the store, so that two requests read one only once
        self.loading: dict[str, asyncio.Future[_Match]] = {}
        self.closing = False
        self.loop: asyncio.AbstractEventLoop | None = None

    def end_streams(self) -> None:
        """End every event stream (a server about to stop; safe from any thread)."""
        self.closing = True
        loop = self.loop
        if loop is None or loop.is_closed():
            return

        def poke() -> None:
            for match in list(self.games.matches.values()):
                for queue in match.listeners:
                    queue.put_nowait(-1)
        loop.call_soon_threadsafe(poke)

    def close(self) -> None:
        self.closing = True
        self.quick.close()
        self.think.close()
        self.store.close()

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

    # -- the store -------------------------------------------------------------------------------

    async def save(self, match: _Match) -> None:
        await asyncio.to_thread(self.store.put_game, match.key, match.record())

    async def find(self, data: dict[str, Any]) -> tuple[_Match, int | None]:
        """The game a request names by its ``id``: a game's own id (every seat), or a seat's
        invite token (that seat); read back from the store when it is not in memory."""
        key = _credential(data)
        seat: int | None = None
        if key in self.seats:
            key, seat = self.seats[key]
        match = self.games.get(key)
        if match is not None:
            return match, seat
        if seat is None:
            found = await asyncio.to_thread(self.store.seat, key)
            if found is not None:
                self.seats[key] = found
                key, seat = found
                match = self.games.get(key)
                if match is not None:
                    return match, seat
        return await self.load(key), seat

    async def load(self, key: str) -> _Match:
        """A stored game read back into memory (its moves replayed in a worker)."""
        waiting = self.loading.get(key)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[_Match] = asyncio.get_running_loop().create_future()
        self.loading[key] = future
        try:
            match = await self._load(key)
            future.set_result(match)
            return match
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self.loading[key]

    async def _load(self, key: str) -> _Match:
        record = await asyncio.to_thread(self.store.game, key)
        if record is None:
            raise Refused("no such game here: start a new one", 404)
        kind, name = record["source"]
        variant = None
        if kind == "variant":
            text = await asyncio.to_thread(self.store.variant, name)
            if text is None:
                raise Refused("this game's rules are no longer stored", 404)
            source, variant = ("typed", text), name
        else:
            source = (kind, name)
        match = _Match(key, source, record["options"], tuple(record["seats"]), record["seed"], variant)
        for _ in range(record.get("draws", 0)):
            match.draw()
        match.root, match.tokens, match.label = record.get("root"), dict(record.get("tokens") or {}), record["label"]
        match.version = int(record.get("version", 0))  # a page that followed it before takes what comes next
        for seat, token in match.tokens.items():
            self.seats[token] = (key, int(seat))
        payload = match.payload(self.limits, entries=record["entries"])
        payload["done"] = record.get("done") or []
        out = await self.job("restore", payload, "reading this game back")
        match.game_memory = out["memory"]
        match.commit(out["view"], zip(out["moves"], record["entries"]),
                     done=out["view"]["steps"]["done"] if out["view"].get("steps") else [])
        existing = self.games.get(key)
        if existing is not None:  # made meanwhile by another request
            return existing
        self.games.add(match)
        return match

    # -- the API ---------------------------------------------------------------------------------

    async def _source(self, data: dict[str, Any]) -> tuple[tuple[str, str], str | None]:
        """The game a request asks for: a bundled game, a stored variant, or a game file's text
        (stored as a variant)."""
        limits = self.limits
        if data.get("spec") is not None:
            text = _text(data, "spec", limits.body)
            key = variant_id(text)
            await asyncio.to_thread(self.store.put_variant, key, text)
            return ("typed", text), key
        if data.get("variant") is not None:
            key = _text(data, "variant", 64)
            text_or_none = await asyncio.to_thread(self.store.variant, key)
            if text_or_none is None:
                raise Refused("no such variant here", 404)
            return ("typed", text_or_none), key
        name = _text(data, "game", 100, "")
        if name not in playable_games():
            raise Refused(f"no bundled game {name!r}")
        return ("bundled", name), None

    async def new(self, data: dict[str, Any]) -> dict[str, Any]:
        limits = self.limits
        options = _options(data)
        source, variant = await self._source(data)
        seats = requested_seats(data, limits)
        match = _Match(secrets.token_urlsafe(12), source, options, tuple(seats), _seed(data), variant)
        out = await self.job("new", match.payload(limits), "reading and compiling this game")
        match.seats = fit_seats(seats, out["view"]["players"])
        match.label, match.game_memory = out["label"], out["memory"]
        match.commit(out["view"])
        await self.save(match)
        self.games.add(match)
        return match.client_view(None, match.key)

    async def variant(self, data: dict[str, Any]) -> dict[str, Any]:
        """A game file's text stored as a variant (checked first: a file with problems is not)."""
        text = _text(data, "spec", self.limits.body)
        options = _options(data)
        out = await self.job("validate", {"spec": text, "options": options, "limits": self.limits},
                             "reading and checking this game file")
        if out["errors"]:
            raise JobError("the game file has problems", 400, out["errors"])
        key = variant_id(text)
        await asyncio.to_thread(self.store.put_variant, key, text)
        return {"variant": key, "game": out["game"]}

    async def variant_text(self, data: dict[str, Any]) -> dict[str, Any]:
        key = _text(data, "variant", 64, "")
        text = await asyncio.to_thread(self.store.variant, key)
        if text is None:
            raise Refused("no such variant here", 404)
        return {"variant": key, "text": text}

    async def state(self, data: dict[str, Any]) -> dict[str, Any]:
        match, seat = await self.find(data)
        return match.client_view(seat, data["id"])

    def _may_move(self, match: _Match, seat: int | None) -> None:
        view = match.view
        if view["result"] is not None:
            raise Refused("the game is over", 409)
        if view["chance"]:
            raise Refused("roll the dice first", 409)
        if match.seats[view["to_move"] - 1] != "human":
            raise Refused(f"it is the agent's turn: {match.seats[view['to_move'] - 1]} plays "
                          f"{view['players'][view['to_move'] - 1]}", 409)
        if seat is not None and seat != view["to_move"]:
            raise Refused(f"it is {view['players'][view['to_move'] - 1]}'s turn", 409)

    async def _commit(self, match: _Match, out: dict[str, Any], done: list[Any] | None = None) -> None:
        match.commit(out["view"], out.get("pushed", ()), done)
        await self.save(match)
        self.games.trim()

    async def move(self, data: dict[str, Any]) -> dict[str, Any]:
        match, seat = await self.find(data)
        text = _text(data, "move", 500, "")
        self._may_move(match, seat)
        with _working(match, "the server is still working on this game"):
            out = await self.job("move", match.payload(self.limits, move=text, done=[]), "working out this move")
            await self._commit(match, out, [])
        return match.client_view(seat, data["id"])

    async def step(self, data: dict[str, Any]) -> dict[str, Any]:
        """One step of a dice turn (one checker for one number), or the end of the turn."""
        match, seat = await self.find(data)
        wanted = data.get("step")
        if wanted is not None and (not isinstance(wanted, list) or len(wanted) != 2
                                   or not all(isinstance(w, str) and len(w) < 100 for w in wanted)):
            raise Refused("step: [from square, to square], or null to end the turn")
        self._may_move(match, seat)
        with _working(match, "the server is still working on this game"):
            out = await self.job("step", match.payload(self.limits, step=wanted), "working out this step")
            await self._commit(match, out, out["done"])
        return match.client_view(seat, data["id"])

    async def roll(self, data: dict[str, Any]) -> dict[str, Any]:
        match, seat = await self.find(data)
        if not match.view["chance"]:
            raise Refused("no roll is due now", 409)
        roller = match.view.get("on_roll")
        if seat is not None and roller is not None and roller != seat:
            raise Refused(f"{match.view['players'][roller - 1]} rolls now", 409)
        with _working(match, "the server is still working on this game"):
            out = await self.job("roll", match.payload(self.limits, seed=match.draw()), "rolling the dice")
            await self._commit(match, out)
        return match.client_view(seat, data["id"])

    async def agent(self, data: dict[str, Any]) -> dict[str, Any]:
        """The agent to move plays (after the rolls due); a roll or nothing where a person is to move."""
        match, seat = await self.find(data)
        view = match.view
        if view["result"] is not None or (not view["chance"] and match.seats[view["to_move"] - 1] == "human"):
            return match.client_view(seat, data["id"])
        limits = self.limits
        with _working(match, "the agent is thinking"):
            handle = match.thinking = Handle()
            try:
                turn = view["to_move"]
                payload = match.payload(limits, seats=list(match.seats), seed=match.draw(),
                                        agent_seed=(match.seed * 1_000_003 + 2 * len(match.moves) + turn) % 2**31,
                                        seconds=limits.agent_time)
                out = await self.job("agent", payload, "the agent's move", handle)
            finally:
                match.thinking = None
            await self._commit(match, out)
        return match.client_view(seat, data["id"])

    async def cancel(self, data: dict[str, Any]) -> dict[str, Any]:
        """Stop the agent thinking about this game's move; the game stays as it was."""
        match, seat = await self.find(data)
        handle = match.thinking
        if handle is not None:
            handle.cancel()
        return match.client_view(seat, data["id"], cancelled=handle is not None)

    async def undo(self, data: dict[str, Any]) -> dict[str, Any]:
        """Take back the last step of the turn in progress, or else back to the last turn of a
        person (an invited seat: only its own move, before another player has moved since)."""
        match, seat = await self.find(data)
        with _working(match, "the server is still working on this game"):
            if match.done:
                done = match.done[:-1]
                out = await self.job("view", match.payload(self.limits, done=done), "taking the step back")
                await self._commit(match, out, done)
                return match.client_view(seat, data["id"])
            humans = [p for p, who in enumerate(match.seats, 1) if who == "human" and seat in (None, p)]
            out = await self.job("undo", match.payload(self.limits, humans=humans), "taking the move back")
            length = out["length"]
            if seat is not None and any(e.get("player", seat) != seat for e in match.entries[length:]):
                raise Refused("only your own last move can be taken back, before another player moves", 409)
            del match.moves[length:]
            del match.entries[length:]
            await self._commit(match, out, [])
        return match.client_view(seat, data["id"])

    async def invite(self, data: dict[str, Any]) -> dict[str, Any]:
        """An invite link for each person's seat: a token that plays that seat only."""
        match, seat = await self.find(data)
        if seat is not None:
            raise Refused("only the game's own page can invite", 403)
        seats = [p for p, who in enumerate(match.seats, 1) if who == "human"]
        if not seats:
            raise Refused("every seat is an agent's: nobody to invite", 409)
        for p in seats:
            if str(p) not in match.tokens:
                token = secrets.token_urlsafe(18)
                await asyncio.to_thread(self.store.put_seat, token, match.key, p)
                match.tokens[str(p)] = token
                self.seats[token] = (match.key, p)
        await self.save(match)
        return match.client_view(None, data["id"])

    async def at(self, data: dict[str, Any]) -> dict[str, Any]:
        """The position after the first ``upto`` moves of the record, to look at."""
        match, _ = await self.find(data)
        upto = data.get("upto")
        if not isinstance(upto, str) or not upto.isdigit() or not 0 <= int(upto) <= len(match.moves):
            raise Refused(f"upto: a number of moves from 0 to {len(match.moves)}")
        out: dict[str, Any] = await self.job("view_at", match.payload(self.limits, upto=int(upto)),
                                             "working out that position")
        return out

    async def import_(self, data: dict[str, Any]) -> dict[str, Any]:
        match, seat = await self.find(data)
        if seat is not None:
            raise Refused("only the game's own page can read a record in", 403)
        extra: dict[str, Any] = {}
        if data.get("position"):
            extra["position"] = _text(data, "position", self.limits.body)
        elif data.get("record"):
            extra["record"] = _text(data, "record", self.limits.body)
        else:
            raise Refused("give a record or a position")
        with _working(match, "the server is still working on this game"):
            out = await self.job("import", match.payload(self.limits, **extra), "reading this in")
            match.root, match.moves, match.entries = out["root"], [], []
            await self._commit(match, out, [])
        return match.client_view(seat, data["id"])

    async def export(self, data: dict[str, Any]) -> dict[str, Any]:
        match, _ = await self.find(data)
        out: dict[str, Any] = await self.job("export", match.payload(self.limits), "writing the record")
        return out

    async def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        text = _text(data, "spec", self.limits.body, "")
        out: dict[str, Any] = await self.job("validate", {"spec": text, "options": _options(data),
                                                          "limits": self.limits},
                                             "reading and checking this game file")
        return out

    async def source(self, data: dict[str, Any]) -> dict[str, Any]:
        name = _text(data, "game", 100, "")
        if name not in playable_games():
            raise Refused(f"no bundled game {name!r}", 404)
        return jobs.source({"game": name})

    async def schema(self, data: dict[str, Any]) -> dict[str, Any]:
        """The game file schema, for the editor's completion of keys."""
        if self.schema_text is None:
            self.schema_text = (resources.files("spielwerk.schema") / "game.schema.json").read_text(encoding="utf-8")
        out: dict[str, Any] = json.loads(self.schema_text)
        return out

    async def games_list(self) -> list[dict[str, Any]]:
        if self.catalogue is None:
            out = await self.quick.run("catalogue", {}, 60.0, what="reading the bundled games")
            self.catalogue = list(out["games"])
        return self.catalogue

    async def events(self, request: Request) -> Response:
        """The game's changes as server-sent events: its view now, then after every change."""
        try:
            match, seat = await self.find(dict(request.query_params))
        except Refused as exc:
            return _error(exc.message, exc.status)
        except JobError as exc:
            return _error(exc.message, exc.status)
        credential = request.query_params["id"]
        if len(match.listeners) >= MOST_LISTENERS:
            return _error(f"at most {MOST_LISTENERS} pages follow one game: close some", 503)
        queue: asyncio.Queue[int] = asyncio.Queue()
        match.listeners.add(queue)

        async def stream() -> AsyncIterator[str]:
            try:
                seen = -1
                while not self.closing:
                    if match.version != seen:
                        seen = match.version
                        yield "data: " + json.dumps(match.client_view(seat, credential)) + "\n\n"
                    try:
                        await asyncio.wait_for(queue.get(), EVENT_PING)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
            finally:
                match.listeners.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"x-accel-buffering": "no"})


#: seconds between the comments an event stream sends while nothing changes (so proxies keep it)
EVENT_PING = 15.0
#: event streams one game may have open at once
MOST_LISTENERS = 32


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


#: the query keys of the play page that seat a player: seat1 to seat6 (white and black: the first two)
_SEAT_KEYS = frozenset([f"seat{p}" for p in range(1, MOST_SEATS + 1)] + ["white", "black"])


def _query_seats(query: Any) -> list[str]:
    """The seats a play page's query asks for, in turn order (``seatN``, or ``white`` and
    ``black`` for the first two; a person first and the random agent by default; the seats after
    the last one given are left to the game's number of players)."""
    seats = ["human", "random"]
    aliases = {1: "white", 2: "black"}
    for p in range(1, MOST_SEATS + 1):
        who = query.get(f"seat{p}")
        if who is None and p in aliases:
            who = query.get(aliases[p])
        if who is None:
            continue
        seats += ["random"] * (p - len(seats))
        seats[p - 1] = who
    return seats


def create_app(max_games: int | None = None, *, host: str = "127.0.0.1", port: int | None = None,
               allow_hosts: Iterable[str] = (), limits: Limits | None = None, workers: int = 2,
               agent_workers: int = 2, db: str | Store | None = None) -> Guard:
    """The ASGI app. ``host`` and ``port`` are where it is served (the ``Host`` a request must
    name, see :class:`~spielwerk.web.security.HostRule`; ``port`` None: any), ``allow_hosts``
    more names it answers to; ``limits`` what one game and one request may cost
    (``max_games`` sets ``limits.games``, the games kept in memory); ``workers`` and
    ``agent_workers`` the worker processes for quick work and for agents; ``db`` where games and
    variants are stored (:func:`~spielwerk.web.store.open_store`'s address, or a store; by default
    a file in the user's data folder). The app's ``state.server`` holds its games, pools and store;
    they end with the app's lifespan (or ``state.server.close()``)."""
    limits = limits or Limits()
    if max_games is not None:
        from dataclasses import replace
        limits = replace(limits, games=max_games)
    store = db if isinstance(db, Store) else open_store(db)
    server = _Server(limits, workers, agent_workers, store)

    async def index(request: Request) -> Response:
        try:
            games = await server.games_list()
        except JobError as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)
        return HTMLResponse(index_page(games))

    def play_config(**extra: Any) -> dict[str, Any]:
        return dict({"agents": AGENTS, "budget": limits.agent_time, "seats": ["human", "random"]}, **extra)

    async def play(request: Request) -> Response:
        query = request.query_params
        options = {k: v for k, v in query.items() if k not in _SEAT_KEYS and k not in ("game", "variant")}
        config = play_config(game=query.get("game", ""), variant=query.get("variant", ""), options=options,
                             seats=_query_seats(query))
        return HTMLResponse(play_page(config))

    async def game_page(request: Request) -> Response:
        return HTMLResponse(play_page(play_config(id=request.path_params["key"])))

    async def edit(request: Request) -> Response:
        first = bundled_games()[0]
        config = {"from": request.query_params.get("from", ""), "agents": AGENTS,
                  "variant": request.path_params.get("key", ""),
                  "starter": f"extends: {first}\ngame: my-variant\ntitle: My variant\n"}
        return HTMLResponse(edit_page(config))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(str(exc.detail), exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        return _error("the server failed on this request", 500)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = server.loop = asyncio.get_running_loop()
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
        Route("/", index), Route("/play", play), Route("/game/{key}", game_page), Route("/join/{key}", game_page),
        Route("/edit", edit), Route("/edit/{key}", edit),
        post("/api/new", server.new), get("/api/state", server.state), post("/api/move", server.move),
        post("/api/step", server.step), post("/api/roll", server.roll), post("/api/agent", server.agent),
        post("/api/cancel", server.cancel), post("/api/undo", server.undo), post("/api/invite", server.invite),
        get("/api/at", server.at), post("/api/validate", server.validate), get("/api/export", server.export),
        post("/api/import", server.import_), get("/api/source", server.source),
        post("/api/variant", server.variant), get("/api/variant", server.variant_text),
        get("/api/schema", server.schema),
        Route("/api/events", server.events, methods=["GET"]),
        Mount("/static", StaticFiles(packages=[("spielwerk.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: server_error})
    app.state.server = server
    return Guard(app, HostRule(host, port, allow_hosts), limits.body)
