"""OpenSpiel adapter: any compiled game as a ``pyspiel`` game, registered under ``spielwerk_<name>``.

:func:`load` turns a bundled game name, a path to a game file or a compiled :class:`spielwerk.Game`
into a Python OpenSpiel game (a subclass of ``pyspiel.Game`` whose states subclass
``pyspiel.State``, like OpenSpiel's own Python games), and registers it, so that afterwards
``pyspiel.load_game("spielwerk_<name>")`` also works, with the game's options as parameters
(``pyspiel.load_game("spielwerk_<name>(option=value)")``). :func:`register` only registers.

Importing this module (which importing ``spielwerk.learning`` does where OpenSpiel is installed)
registers every bundled game's name, read from its options alone (the game itself is read and
compiled when first loaded), and ``spielwerk``, a game whose parameters name a game file:
``pyspiel.load_game("spielwerk(file=path/to/game.yaml,options=size:5;komi:2)")``. So a worker
process that imports ``spielwerk.learning`` loads any game by its game string. Nothing here knows
any game: all comes from the action API (``num_actions``, ``legal_actions``, ``apply_action``,
``chance_actions``, ``returns``) and the observations (``spielwerk.learning.observation``).

The mapping (see docs/reference/openspiel.md):

* players 1 to n are OpenSpiel's players 0 to n - 1 (``num_players()`` is n, the players who
  play with the game's options); a chance node (dice to roll) is ``PlayerId.CHANCE``, a finished
  game ``PlayerId.TERMINAL``; a turn of several actions is several decision nodes of the same
  player;
* returns are ``state.returns()``, one per player (terminal rewards, zero-sum: the winner gets
  n - 1 times the outcome's value, every other player minus the value; 0 while the game goes on);
* a game is cut off, as a draw (returns 0), once ``max_game_length`` actions (decisions and
  chance outcomes together) are played: the rules have no move limit, OpenSpiel needs a bound,
  and a cut makes the declared bound true (parameter ``max_game_length``, default
  :data:`DEFAULT_MAX_GAME_LENGTH`);
* utilities lie within -(the largest value an end rule can give) and n - 1 times it, that value
  worked out from the rules' ``value`` expressions by interval arithmetic (:func:`value_bound`);
* a game file whose option ``players`` chooses how many play (``seating``) gives OpenSpiel its
  usual integer parameter ``players``: ``pyspiel.load_game("spielwerk_<name>(players=3)")``; the
  game type's ``min_num_players`` and ``max_num_players`` are the fewest and most its seating
  allows.
"""

from __future__ import annotations

import re
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..dsl.errors import IllegalMoveError, OptionError, SpielwerkError
from .values import FALLBACK_VALUE_BOUND, player_range, return_bound, value_bound

if TYPE_CHECKING:  # pragma: no cover
    from ..dsl.spec import Spec
    from ..game import Game
    from ..game import State

try:
    pyspiel: Any = import_module("pyspiel")
except ImportError as exc:  # pragma: no cover - the adapter needs OpenSpiel
    raise ImportError("spielwerk.learning.openspiel needs OpenSpiel, in the rl extra: pip install 'spielwerk[rl]'") from exc

__all__ = ["load", "register", "register_all", "short_name", "value_bound", "SpielwerkGame",
           "SpielwerkState", "DEFAULT_MAX_GAME_LENGTH", "LENGTH_PARAMETER", "PREFIX", "FILE_GAME",
           "SCALE_PARAMETER"]

#: the start of every registered short name
PREFIX = "spielwerk_"
#: the adapter's own parameter: actions after which a game is cut off as a draw
LENGTH_PARAMETER = "max_game_length"
#: its default: far beyond the length of any game between sensible players (see the docs)
DEFAULT_MAX_GAME_LENGTH = 10_000
#: the adapter's parameter that scales the returns to [-1, 1] by the game's value bound
SCALE_PARAMETER = "scale_returns"
#: the game whose parameters name a game file (a bundled name or a path) and its options
FILE_GAME = "spielwerk"
#: the parameter value of an option whose default follows another option (or has none)
_UNSET = ""
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


# -- sources: what each short name compiles ------------------------------------------------------
class _Source:
    """A registered game file: its spec, the pyspiel game type, compiled games by options."""

    def __init__(self, spec: "Spec", name: str) -> None:
        self.spec = spec
        self.name = name
        self.defaults = _parameters(spec.name, spec.options)
        self.compiled: dict[tuple[tuple[str, Any], ...], "Game"] = {}
        self.title = str(spec.data.get("title", spec.name))
        dice = any(phase.get("dice") for phase in spec.data.get("phases", []))
        #: the fewest and the most players the game file seats
        self.players = player_range(spec.data)
        self.game_type = _game_type(name, self.title, dice, self.defaults, self.players)

    def compile(self, options: dict[str, Any]) -> "Game":
        """The game with these option values (compiled once per set of values)."""
        key = tuple(sorted(options.items()))
        got = self.compiled.get(key)
        if got is None:
            from ..game import Game
            got = self.compiled[key] = Game(self.spec, options)
        return got


_SOURCES: dict[str, _Source] = {}


def _parameters(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters of a game with these option declarations, and their defaults."""
    for key in options:
        if key in (LENGTH_PARAMETER, SCALE_PARAMETER):
            raise OptionError(f"{game} declares an option {key!r}, which the OpenSpiel adapter uses for "
                              "its own parameter of that name")
    defaults: dict[str, Any] = {key: _parameter_default(decl or {}) for key, decl in options.items()}
    defaults[LENGTH_PARAMETER] = DEFAULT_MAX_GAME_LENGTH
    defaults[SCALE_PARAMETER] = False
    return defaults


def _parameter_default(decl: dict[str, Any]) -> Any:
    """An option's default as an OpenSpiel parameter: a bool, an int (an int option, or a choice
    among whole numbers, such as how many play) or a text (``""`` where the default depends on
    another option)."""
    default = decl.get("default")
    kind = decl.get("type", "int")
    if default is None or isinstance(default, dict):
        return _UNSET
    if kind == "bool":
        return bool(default)
    if kind == "int" and isinstance(default, int):
        return int(default)
    if kind == "choice" and _whole(default) and all(_whole(v) for v in decl.get("values") or ()):
        return int(default)
    return str(default)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def short_name(name: str) -> str:
    """The OpenSpiel short name of a game named ``name`` (its ``game:`` key): ``spielwerk_`` and
    the name in lower case, each character other than a letter, digit or ``_`` made ``_``."""
    return PREFIX + re.sub(r"[^a-z0-9_]", "_", name.lower())


def _game_type(name: str, title: str, chance: bool, parameters: dict[str, Any],
               players: tuple[int, int] = (2, 2)) -> Any:
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=name,
        long_name=f"Spielwerk {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance else mode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters))


def _source_of(game: "str | Game", register: bool = True) -> tuple[_Source, "Game | None"]:
    """The source of a game name, file path or compiled game (registered with pyspiel, unless
    ``register`` is false: the name is registered already and its game is being made)."""
    from ..game import Game
    compiled = game if isinstance(game, Game) else None
    if compiled is not None:
        spec = compiled.spec
    else:
        from ..api import load_spec_for
        spec = load_spec_for(str(game))
    name = short_name(spec.name)
    source = _SOURCES.get(name)
    if source is None or source.spec is not spec:
        source = _SOURCES[name] = _Source(spec, name)
        if register:
            pyspiel.register_game(source.game_type, _factory(name))
    if compiled is not None:
        source.compiled[tuple(sorted(compiled.options.items()))] = compiled
    return source, compiled


def _factory(name: str, file: str = "") -> type:
    """The class pyspiel makes the games of the short name ``name`` with: a class of its own per
    name, as OpenSpiel's Python games register theirs (a plain function held by pyspiel's registry
    crashes the interpreter as it exits); ``file``, where the name is registered before its game
    file is read."""
    return type(f"SpielwerkGame_{name[len(PREFIX):]}", (SpielwerkGame,), {"source_name": name, "source_file": file})


def _read_options(name: str, depth: int = 0) -> dict[str, Any] | None:
    """A bundled game's title, phases and option declarations as its file and the files it extends
    write them, read without the checks (None where it cannot be read so)."""
    import yaml
    from ..dsl.loader import resolve_game_path
    try:
        with open(resolve_game_path(name), encoding="utf-8") as f:
            data = yaml.load(f.read(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, ValueError, yaml.YAMLError):
        return None
    if not isinstance(data, dict) or depth > 8:
        return None
    parent = _read_options(str(data["extends"]), depth + 1) if data.get("extends") else \
        {"title": None, "phases": [], "options": {}, "players": None, "seating": None}
    if parent is None:
        return None
    options = dict(parent["options"])
    for key, decl in (data.get("options") or {}).items():
        if decl is None:
            options.pop(key, None)
        else:
            options[key] = {**(options.get(key) or {}), **decl} if isinstance(decl, dict) else decl
    return {"game": data.get("game", name), "title": data.get("title", parent["title"]),
            "phases": data.get("phases", parent["phases"]), "options": options,
            "players": data.get("players", parent["players"]), "seating": data.get("seating", parent["seating"])}


def _register_bundled() -> None:
    """Register every bundled game's short name from its options alone (see the module docstring)."""
    from ..dsl.loader import bundled_games
    registered = set(pyspiel.registered_names())
    for file in bundled_games():
        data = _read_options(file)
        if data is None:
            continue
        name = short_name(str(data["game"]))
        if name in registered or name in _SOURCES:
            continue
        try:
            defaults = _parameters(str(data["game"]), data["options"])
        except OptionError:
            continue
        dice = any(isinstance(phase, dict) and phase.get("dice") for phase in data["phases"] or [])
        pyspiel.register_game(_game_type(name, str(data["title"] or file), dice, defaults, player_range(data)),
                              _factory(name, file))
    if FILE_GAME not in registered:
        pyspiel.register_game(_game_type(FILE_GAME, "Spielwerk: a game file", False, {
            "file": "", "options": "", LENGTH_PARAMETER: DEFAULT_MAX_GAME_LENGTH, SCALE_PARAMETER: False}),
            SpielwerkFileGame)


def _file_options(text: str) -> dict[str, str]:
    """The ``options`` parameter of the ``spielwerk`` game: ``size:5;komi:2``."""
    out = {}
    for part in str(text).split(";"):
        if not part.strip():
            continue
        key, sep, value = part.partition(":")
        if not sep or not key.strip():
            raise OptionError(f"options: write key:value pairs separated by ';' (size:5;komi:2), not {part!r}")
        out[key.strip()] = value.strip()
    return out


def register(game: "str | Game") -> str:
    """Register a game (bundled name, path to a game file, or compiled game) with pyspiel and
    return its short name, which ``pyspiel.load_game`` then accepts (with the game's options as
    parameters). A later game file of the same name takes the name over."""
    return _source_of(game)[0].name


def register_all() -> list[str]:
    """Register every bundled game (read and checked now); their short names."""
    from ..dsl.loader import bundled_games
    return [register(name) for name in bundled_games()]


def load(game: "str | Game", **options: Any) -> Any:
    """The pyspiel game of a bundled name, a path to a game file or a compiled game, with option
    values (as :func:`spielwerk.load` takes them; ``max_game_length`` is the adapter's cut-off,
    ``scale_returns=True`` divides the returns by the most a player can win, into [-1, 1]).
    A compiled game brings its own option values; ``options`` may not be given with it."""
    source, compiled = _source_of(game)
    params: dict[str, Any] = {}
    own = {LENGTH_PARAMETER, SCALE_PARAMETER}
    if compiled is not None:
        if set(options) - own:
            raise OptionError("a compiled game has its option values already: give options to "
                              "spielwerk.load, or pass the game's name here")
        params.update((k, v) for k, v in compiled.options.items() if v is not None)
    for key, value in options.items():
        if key not in own and key not in source.spec.options:
            known = ", ".join(sorted(source.spec.options)) or "none"
            raise OptionError(f"{source.spec.name} has no option {key!r} (options: {known})")
        params[key] = value
    typed: dict[str, Any] = {}
    for key, value in params.items():
        default = source.defaults.get(key)
        if isinstance(default, bool):
            typed[key] = _as_bool(key, value)
        elif isinstance(default, int) and not isinstance(value, bool):
            try:
                typed[key] = int(value)
            except (TypeError, ValueError):
                raise OptionError(f"option {key}={value!r} of {source.spec.name}: expected int") from None
        else:
            typed[key] = str(value)
    return pyspiel.load_game(source.name, typed)


def _as_bool(key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"option {key}={value!r}: expected a bool")


# -- the game and its states --------------------------------------------------------------------
class SpielwerkGame(pyspiel.Game):  # type: ignore[misc]
    """A compiled game as a pyspiel game (made by :func:`load` or ``pyspiel.load_game``)."""

    #: the short name whose game this class makes (each registered name has a subclass), and the
    #: bundled game it was registered for before its file was read
    source_name = ""
    source_file = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        source = _SOURCES.get(self.source_name)
        if source is None and self.source_file:
            source = _source_of(self.source_file, register=False)[0]
        if source is None:
            raise SpielwerkError("make games with spielwerk.learning.openspiel.load or pyspiel.load_game")
        full = dict(source.defaults)
        for key, value in (params or {}).items():
            if key not in full:
                raise OptionError(f"{source.spec.name} has no option {key!r}")
            full[key] = value
        options = {k: v for k, v in full.items() if k not in (LENGTH_PARAMETER, SCALE_PARAMETER) and v != _UNSET}
        game = source.compile(options)
        limit = int(full[LENGTH_PARAMETER])
        if limit < 1:
            raise OptionError(f"{LENGTH_PARAMETER} must be at least 1, not {limit}")
        players = game.t.num_players
        bound, _ = value_bound(game)
        #: what the returns are divided by: the most a player can win (:func:`return_bound`) with
        #: ``scale_returns``, else 1
        self.return_scale = return_bound(game) if full[SCALE_PARAMETER] else 1.0
        bound /= self.return_scale
        chance = game.num_chance_outcomes > 0
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=game.num_chance_outcomes,
            num_players=players,
            min_utility=-bound,
            max_utility=(players - 1) * bound,
            utility_sum=0.0,
            max_game_length=limit)
        game_type = source.game_type
        low, high = source.players
        if chance != (game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) \
                or not low <= players <= high:
            game_type = _game_type(source.name, source.title, chance, source.defaults,
                                   (min(low, players), max(high, players)))
        super().__init__(game_type, info, full)
        #: the compiled game and its start position (copied for every new state)
        self.spielwerk_game = game
        self._start = game.initial()
        self._key = (source.name, source.spec.file, tuple(sorted(options.items())), limit)
        self._limit = limit
        self._chance = chance
        #: the returns of a game going on (or cut off): 0 for each player
        self._no_returns = [0.0] * players

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its file and its game string (loaded again, registered if need be)."""
        return (_unpickle_game, (self._key[1], str(self)))

    def new_initial_state(self, state: Any = None) -> "SpielwerkState":
        """The start of a game (OpenSpiel's structs are not read: ``state`` must be None)."""
        if state is not None:
            raise NotImplementedError("spielwerk games start from their setup; play actions to reach a position")
        return SpielwerkState(self, _Play(self._start, None, 0, self._limit, self._key, shared=True))

    def max_chance_nodes_in_history(self) -> int:
        """At most every action a chance outcome (the cut-off counts both kinds)."""
        return self._limit if self._chance else 0

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observation (tensor and text) for OpenSpiel's default observation type; for the
        information state (perfect recall) the history of actions, as for every game of perfect
        information."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self.spielwerk_game, params)
        observation = import_module("open_spiel.python.observation")
        return observation.IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Play:
    """The Python side of a state: the Spielwerk state, the actions played (a chain of pairs,
    shared by copies), their number and the cut-off. A copy copies the Spielwerk state only; a
    pickle is the game's key and the actions, replayed when read back."""

    __slots__ = ("st", "trail", "count", "limit", "key", "who", "shared", "scale")

    def __init__(self, st: "State", trail: tuple[int, Any] | None, count: int, limit: int,
                 key: tuple[Any, ...], who: int | None = None, shared: bool = False,
                 scale: tuple[float, list[float]] | None = None) -> None:
        self.st = st
        #: what the returns are divided by, and the returns of a game going on (the game's; set by
        #: the state that holds this play)
        self.scale = scale
        #: ``st`` is the game's start position, shared: copied before the first action (a clone
        #: makes a new initial state first, then puts a copy of the cloned state in its place)
        self.shared = shared
        self.trail = trail
        self.count = count
        self.limit = limit
        self.key = key
        #: ``st.current_player()`` once asked (-1 also once cut off), None until then: OpenSpiel
        #: asks for it several times per action, and the engine may list the moves to answer
        self.who = who

    def player(self) -> int:
        who = self.who
        if who is None:
            who = self.who = -1 if self.count >= self.limit else self.st.current_player()
        return who

    def actions(self) -> list[int]:
        out = []
        link = self.trail
        while link is not None:
            out.append(link[0])
            link = link[1]
        return out[::-1]

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Play":
        return _Play(self.st.copy(), self.trail, self.count, self.limit, self.key, self.who, scale=self.scale)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.key, self.actions()))


def _replay(key: tuple[Any, ...], actions: list[int]) -> _Play:
    """A pickled state read back: the game found (registered again from its file if this process
    has not seen it) and the actions played again."""
    name, path, options, limit = key
    source = _SOURCES.get(name)
    if source is None:
        source = _source_of(path)[0]
    play = _Play(source.compile(dict(options)).initial(), None, 0, limit, key)
    for a in actions:
        play.st.apply_action(a)
        play.trail = (a, play.trail)
        play.count += 1
    return play


class SpielwerkState(pyspiel.State):  # type: ignore[misc]
    """A position of a Spielwerk game as a pyspiel state; ``spielwerk_state`` is the engine's."""

    def __init__(self, game: SpielwerkGame, play: _Play) -> None:
        super().__init__(game)
        #: the only attribute, so that a clone (which deep-copies the attributes into a new initial
        #: state) copies one object; the game's returns scale is the play's
        self._play = play
        if play.scale is None:
            play.scale = (game.return_scale, game._no_returns)

    @property
    def spielwerk_state(self) -> "State":
        return self._play.st

    # OpenSpiel's API
    def current_player(self) -> int:
        p = self._play.player()
        return p - 1 if p > 0 else _CHANCE if p == 0 else _TERMINAL

    def is_terminal(self) -> bool:
        return self._play.player() < 0

    def _legal_actions(self, player: int) -> list[int]:
        return self._play.st.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._play.st.chance_actions()

    def _apply_action(self, action: int) -> None:
        play = self._play
        if play.shared:
            play.st = play.st.copy()
            play.shared = False
        play.st.apply_action(action)
        play.trail = (action, play.trail)
        play.count += 1
        play.who = None

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self._play.st.action_text(action)
        except (IllegalMoveError, SpielwerkError, ValueError):
            return f"{'chance' if player < 0 else 'action'} {action}"

    def returns(self) -> list[float]:
        play = self._play
        assert play.scale is not None
        scale, zero = play.scale
        if play.player() >= 0:
            return list(zero)
        # over, or cut off (the state's returns of a game going on are 0)
        return [float(r) / scale for r in play.st.returns()]

    def __str__(self) -> str:
        return str(self._play.st)

    def __reduce__(self) -> tuple[Any, ...]:
        """A state pickles as its game's file and OpenSpiel's serialization of game and state."""
        game = self.get_game()
        return (_unpickle_state, (game._key[1], pyspiel.serialize_game_and_state(game, self)))


def _registered(path: str, game_string: str) -> None:
    """Register the game file ``path`` unless the game string's short name is known already."""
    if game_string.split("(", 1)[0] not in _SOURCES:
        _source_of(path)


def _unpickle_game(path: str, game_string: str) -> Any:
    _registered(path, game_string)
    return pyspiel.load_game(game_string)


def _unpickle_state(path: str, text: str) -> Any:
    lines = text.splitlines()
    game_string = lines[lines.index("[Game]") + 1] if "[Game]" in lines else ""
    _registered(path, game_string)
    return pyspiel.deserialize_game_and_state(text)[1]


class _Observer:
    """OpenSpiel's Python observer protocol: ``tensor`` (flat float32), ``dict`` (the named
    segments of :func:`spielwerk.learning.observation.layout`, views of ``tensor``), ``set_from`` and
    ``string_from``."""

    def __init__(self, game: "Game", params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        import numpy as np
        observation = import_module(".observation", __package__)
        self._fill = observation.observation
        size = int(observation.observation_size(game))
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        offset = 0
        for name, shape in observation.layout(game):
            n = int(np.prod(shape, dtype=np.int64))
            if name in self.dict or offset + n > size:
                break
            self.dict[name] = self.tensor[offset:offset + n].reshape(shape)
            offset += n
        if offset != size or not self.dict:
            self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielwerkState, player: int) -> None:
        self._fill(state._play.st, player + 1, out=self.tensor)

    def string_from(self, state: SpielwerkState, player: int) -> str:
        return str(state._play.st.observation_text(player + 1))


class SpielwerkFileGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``spielwerk(file=...,options=...)``: the game file (a bundled name or a path) the
    game string names, with its options as ``key:value`` pairs separated by ``;`` (made by
    ``pyspiel.load_game``; the game it gives is the file's own, ``spielwerk_<name>(...)``)."""

    def __new__(cls, params: dict[str, Any] | None = None) -> Any:
        given = dict(params or {})
        file = str(given.get("file", ""))
        if not file:
            raise OptionError(f"{FILE_GAME}(file=...) names a bundled game or a game file")
        extra = {LENGTH_PARAMETER: given.get(LENGTH_PARAMETER, DEFAULT_MAX_GAME_LENGTH),
                 SCALE_PARAMETER: given.get(SCALE_PARAMETER, False)}
        return load(file, **_file_options(str(given.get("options", ""))), **extra)


_register_bundled()
