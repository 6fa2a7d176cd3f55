"""Action ids: every decision of any game as an integer in a fixed range, for learning programs.

A game's action space is laid out block by block: each move block of the game file (and the
pass and the cube the engine adds) owns a run of ids, one per *action key* the block can ever
produce on this board (a square and a piece kind, a from square and a target, a route, a hop, a
die's step...), in a fixed order. What a key is, per block, is the block's ``action_doc``; the
ids depend only on the game file, its options and this code, never on the run or the machine.

Most moves are one action. A move of several parts takes one action per part, by the same
player: a capture chain is chosen hop by hop, and a dice turn number by number (the step view of
:meth:`Game.turn_steps <spielwerk.game.Game.turn_steps>`, with a ``stop`` action where a player
may end the turn early). The parts chosen so far are ``State.turn``; the turn is played when it
is complete.

Chance outcomes have ids of their own, ``range(game.num_chance_outcomes)``: the rolls of the
dice first, then the moves of the chance phases (``chance: true``), block by block, one id per
action key.

:class:`ActionSpace` is built once per compiled game (:func:`space_of`, also ``game.action_space``); the functions
below implement the ``State`` methods ``legal_actions``, ``apply_action`` and their kin.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..dsl.errors import IllegalMoveError
from ..moves import RollMove

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..blocks.base import Block as Primitive
    from ..game import State
    from ..state import Move

__all__ = ["ActionBlock", "ActionSpace", "STOP_KEY"]

#: the part chosen to end a turn of several parts early (the step view's STOP)
STOP_KEY = None

#: the most moves whose first action an action space remembers (a game with more moves than that
#: works out the others' each time)
FIRSTS_KEPT = 1 << 15


class ActionBlock(NamedTuple):
    """One block's run of ids: ``offset`` up to ``offset + size``."""

    name: str
    primitive: int  # the block's index in the game (-1: the stop action)
    offset: int
    size: int
    doc: str


_spaces: "weakref.WeakKeyDictionary[Game, ActionSpace]" = weakref.WeakKeyDictionary()


def space_of(game: "Game") -> "ActionSpace":
    """The action space of a compiled game, built on first use and kept while the game lives."""
    got = _spaces.get(game)
    if got is None:
        got = _spaces[game] = ActionSpace(game)
    return got


class ActionSpace:
    """The fixed action ids of a compiled game (see the module docstring)."""

    def __init__(self, game: "Game") -> None:
        self.game = game
        self.blocks: list[ActionBlock] = []
        #: per primitive index: action key -> id (None for the dice, which are chance)
        self._ids: list[dict[Any, int] | None] = []
        #: id -> (primitive index, action key)
        self._keys: list[tuple[int, Any]] = []
        #: per primitive index: whether its moves' parts are (block, key) pairs of other blocks (a turn)
        self._turned = [hasattr(prim, "turn_parts") for prim in game.blocks]
        #: move -> :meth:`first_part` of it (what a move's parts are depends on the move alone)
        self._firsts: dict[Any, tuple[int, int, Any]] = {}
        offset = 0
        chance_blocks = game.chance_blocks
        for prim in game.blocks:
            if prim.index == game.roll_index or prim.index in chance_blocks:
                self._ids.append(None)
                continue
            keys = prim.action_keys()
            self._ids.append({key: offset + i for i, key in enumerate(keys)})
            self._keys += [(prim.index, key) for key in keys]
            self.blocks.append(ActionBlock(_block_name(game, prim), prim.index, offset, len(keys),
                                           prim.action_doc))
            offset += len(keys)
        #: the id of ``stop`` (-1 when no move of the game has several parts)
        self.stop = -1
        if any(prim.multi_part for prim in game.blocks):
            self.stop = offset
            self._keys.append((-1, STOP_KEY))
            self.blocks.append(ActionBlock("stop", -1, offset, 1, "end a turn of several parts where "
                                           "the rules let the player stop"))
            offset += 1
        self.size = offset
        #: chance id -> roll move, and back
        self.chance: list["Move"] = []
        if game.roll_index >= 0:
            faces, r = game.faces, game.roll_index
            seconds = range(1, faces + 1) if game.dice_count == 2 else (0,)
            self.chance = [RollMove((r, a, b, starter)) for starter in (0, 1, 2) for a in range(1, faces + 1)
                           for b in seconds if b <= a]
            # an opening roll that decides only who starts
            self.chance += [RollMove((r, 0, 0, 1)), RollMove((r, 0, 0, 2))]
        self._chance_ids = {move: i for i, move in enumerate(self.chance)}
        #: (block index, action key) -> chance id, for the moves of the chance phases; the ids follow
        #: the rolls', block by block in the order of their action keys
        self._chance_keys: dict[tuple[int, Any], int] = {}
        self._chance_blocks = chance_blocks
        for index in sorted(chance_blocks):
            for key in game.blocks[index].action_keys():
                self._chance_keys[(index, key)] = len(self.chance)
                self.chance.append(cast("Move", (index, key)))
        #: (first roll, how many) -> the chance ids with float probabilities, per kind of roll, and
        #: each id's roll; not for a die weighed in the position, whose odds change from one to the next
        self._chance_floats: dict[tuple[Any, int], tuple[list[tuple[int, float]], dict[int, "Move"]]] = {}
        self._weighed = game.dice is not None and game.dice.weigh is not None

    def first_part(self, move: "Move") -> tuple[int, int, Any]:
        """(how many parts ``move`` has, the id of its first part, that part), -1 and None for a
        move of no parts; remembered for the first :data:`FIRSTS_KEPT` moves asked about."""
        b = move[0]
        parts = self.game.blocks[b].action_parts(move)
        if not parts:
            got: tuple[int, int, Any] = (0, -1, None)
        else:
            part = parts[0]
            block, key = part if self._turned[b] else (b, part)
            table = self._ids[block]
            assert table is not None
            got = (len(parts), table[key], part)
        if len(self._firsts) < FIRSTS_KEPT:
            try:
                self._firsts[move] = got
            except TypeError:  # a move that cannot be a key
                pass
        return got

    # -- encoding -----------------------------------------------------------------------------------
    def part_id(self, primitive: int, key: Any) -> int:
        """The id of one action key of a block (``STOP_KEY`` for stop)."""
        if key is STOP_KEY:
            return self.stop
        table = self._ids[primitive]
        got = None if table is None else table.get(key)
        if got is None:
            raise ValueError(f"{key!r} is no action of block {primitive} on this board")
        return got

    def chance_id(self, move: "Move") -> int:
        """The chance id of a roll, or of a move of a chance phase."""
        if move[0] == self.game.roll_index:
            got = self._chance_ids.get(move)
        else:
            (block, key), = self.parts_of(move)
            got = self._chance_keys.get((block, key))
        if got is None:
            raise ValueError(f"{move!r} is no chance outcome of this game")
        return got

    def move_ids(self, move: "Move") -> list[int]:
        """The ids of the actions that make ``move`` (a roll, a move of a chance phase: its chance
        id), in order."""
        if move[0] == self.game.roll_index or move[0] in self._chance_blocks:
            return [self.chance_id(move)]
        return [self.part_id(block, key) for block, key in self.parts_of(move)]

    def parts_of(self, move: "Move") -> list[tuple[int, Any]]:
        """(block index, action key) of each action that makes ``move``: its own block's, or, for
        a turn of several parts, each part's block's."""
        prim = self.game.blocks[move[0]]
        if hasattr(prim, "turn_parts"):
            return list(prim.action_parts(move))
        return [(move[0], key) for key in prim.action_parts(move)]

    def key(self, action: int) -> tuple[int, Any]:
        """(primitive index, action key) of a decision id."""
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside 0..{self.size - 1}")
        return self._keys[action]

    def block_of(self, action: int) -> ActionBlock:
        """The block an id belongs to (for messages about ids that are not legal)."""
        for b in self.blocks:
            if b.offset <= action < b.offset + b.size:
                return b
        raise ValueError(f"action {action} is outside 0..{self.size - 1}")

    def describe(self) -> str:
        """The layout as text: one line per block (what ``spielwerk games --actions`` prints)."""
        lines = [f"{self.size} actions"]
        for b in self.blocks:
            lines.append(f"  {b.offset:>6}-{b.offset + b.size - 1:<6} {b.name}: {b.size} ids, {b.doc}")
        rolls = len(self.chance) - len(self._chance_keys)
        if self.chance:
            lines.append(f"{len(self.chance)} chance outcomes")
        if rolls:
            lines.append(f"  {0:>6}-{rolls - 1:<6} roll: the player an opening roll makes start (none, 1, 2) x the "
                         f"higher die x the lower die, then an opening that only decides who starts")
        at = rolls
        for index in sorted(self._chance_blocks):
            block = self.game.blocks[index]
            n = sum(1 for b, _ in self._chance_keys if b == index)
            lines.append(f"  {at:>6}-{at + n - 1:<6} {_block_name(self.game, block)}: {n} ids, {block.action_doc}")
            at += n
        return "\n".join(lines)


def _block_name(game: "Game", prim: "Primitive") -> str:
    """A block's name for the layout: the phase it belongs to and its key in the game file."""
    path = prim.path
    if len(path) == 5 and path[0] == "phases":
        return f"{game.spec.data['phases'][path[1]].get('name', path[1])}: {path[4]}"
    return prim.name


# -- the decision at a state ----------------------------------------------------------------------
class _Menu:
    """What each legal id does at one state: complete a move, or add a part to the turn."""

    __slots__ = ("ids", "moves", "parts", "stepper")

    def __init__(self) -> None:
        self.ids: list[int] = []
        #: id -> the move it completes (None: it adds a part)
        self.moves: dict[int, Any] = {}
        #: id -> the part it adds (a step, a hop, or STOP_KEY)
        self.parts: dict[int, Any] = {}
        self.stepper: Any = None


def menu(st: "State") -> _Menu:
    """The legal actions of ``st`` and what each does (remembered for the position)."""
    cached = st.memo
    key = (st.hash, st.ply, st.turn)
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    game = st.game
    space = space_of(game)
    m = _Menu()
    if st.result is not None or game.is_chance(st):
        pass
    elif game.stepwise(st):
        _step_menu(st, m, game._stepper(st), game.turn_steps(st, st.turn))
    else:  # the moves whose parts so far are the turn's, by their next part
        turn = st.turn
        k = len(turn)
        prims, tables, stop, turned = game.blocks, space._ids, space.stop, space._turned
        moves, parts_of = m.moves, m.parts
        if not k:  # a turn begins: each move's first part, remembered by the move
            firsts = space._firsts
            for move in game.legal_moves(st):
                try:
                    first = firsts.get(move)
                except TypeError:  # a move that cannot be a key
                    first = None
                if first is None:
                    first = space.first_part(move)
                n, a, part = first
                if n == 0:  # a move of no parts: stopping plays it
                    moves[stop] = move
                elif n == 1:
                    if a in moves:
                        raise AssertionError(f"two legal moves share the action {a}: {moves[a]!r} and {move!r}")
                    moves[a] = move
                else:
                    parts_of[a] = part
            for a in parts_of.keys() & moves.keys():  # a move ends here and a longer one goes on
                del moves[a]
            m.ids = sorted(moves.keys() | parts_of.keys())
            st.memo = (key, m)
            return m
        for move in game.legal_moves(st):
            b = move[0]
            parts = prims[b].action_parts(move)
            if k and parts[:k] != turn:
                continue
            n = len(parts)
            if n == k:  # the turn so far is this whole move: stopping plays it
                moves[stop] = move
                continue
            if turned[b]:
                b, part = parts[k]
            else:
                part = parts[k]
            a = tables[b][part]
            if n == k + 1:
                if a in moves:
                    raise AssertionError(f"two legal moves share the action {a}: {moves[a]!r} and {move!r}")
                moves[a] = move
            else:
                parts_of[a] = parts[k]
        for a in parts_of.keys() & moves.keys():  # a move ends here and a longer one goes on
            del moves[a]
        m.ids = sorted(moves.keys() | parts_of.keys())
    st.memo = (key, m)
    return m


def _step_menu(st: "State", m: _Menu, prim: Any, choices: list[Any]) -> None:
    """Fill ``m`` with the step view's ``choices`` for the dice turn in ``st``."""
    game = st.game
    space = space_of(game)
    turn = st.turn
    m.stepper = prim
    if not choices:  # nothing can be played: the only action ends the turn (a pass)
        moves = game.legal_moves(st) if not turn else []
        m.moves[space.stop] = moves[0] if len(moves) == 1 else game.turn_move(st, turn)
    ids = space._ids[prim.index]
    assert ids is not None
    for c in choices:
        if c is None:
            m.moves[space.stop] = game.turn_move(st, turn)
        else:
            m.parts[ids[c]] = c
    m.ids = sorted(m.moves.keys() | m.parts.keys())


def decision(st: "State") -> tuple[int, list[int]]:
    """Who decides in ``st`` (what ``State.current_player`` answers: 1 to n, 0 when chance moves,
    -1 once the game is over) and the ids of his legal actions, ascending (the menu's own list, not
    to be changed; empty at a chance node and at the end)."""
    game = st.game
    if _at_chance(st):
        return 0, []
    if st.result is not None:
        return -1, []
    ids = menu(st).ids
    if st.turn or ids or game.outcome(st) is None:
        return st.to_move, ids
    return -1, ids


def legal_actions(st: "State") -> list[int]:
    chance = _chance_of(st)
    if chance is not None:
        return sorted(chance[1])
    return list(menu(st).ids)


def legal_action_mask(st: "State") -> list[bool]:
    mask = [False] * space_of(st.game).size
    if not _at_chance(st):
        for a in menu(st).ids:
            mask[a] = True
    return mask


def _rolls(st: "State", outcomes: list[tuple["Move", Any]]) -> tuple[list[tuple[int, float]], dict[int, "Move"]] | None:
    """The chance ids of the rolls ``outcomes`` (``st``'s chance outcomes) with float
    probabilities, and the roll of each id; None where chance draws a chance phase's move (or
    nothing)."""
    game = st.game
    if not outcomes or outcomes[0][0][0] != game.roll_index:
        return None
    space = space_of(game)
    key = (outcomes[0][0], len(outcomes))  # the kind of roll: an opening, a plain one
    got = space._chance_floats.get(key)
    if got is None:
        ids = space._chance_ids
        got = ([(ids[move], float(p)) for move, p in outcomes], {ids[move]: move for move, _ in outcomes})
        if not space._weighed:
            space._chance_floats[key] = got
    return got


def _at_chance(st: "State") -> bool:
    """Whether chance moves in ``st``: a chance phase's outcomes are worked out once per position
    (:func:`_chance_of`), a roll's due is the dice's own quick answer."""
    game = st.game
    if game._any_chance_phase and game._chance_phases[st.phase]:
        return _chance_of(st) is not None
    return game.is_chance(st)


def _chance_of(st: "State") -> tuple[list[tuple[int, float]], dict[int, "Move"]] | None:
    """At a chance node, its outcomes' ids with float probabilities and the outcome of each id
    (as :func:`_rolls`); None elsewhere. A chance phase's outcomes depend on the position and are
    found by listing its moves: they are worked out once per position and remembered in
    ``st.memo`` (as the menu of a decision is)."""
    game = st.game
    if not (game._any_chance_phase and game._chance_phases[st.phase]):
        if not game.is_chance(st):
            return None
        return _rolls(st, game.chance_outcomes(st)) or ([], {})
    key = (st.hash, st.ply, st.turn, None)  # not a menu's key: a chance node has no menu
    cached = st.memo
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    outcomes = game.chance_outcomes(st)
    got: tuple[list[tuple[int, float]], dict[int, "Move"]] | None = None
    if outcomes:
        space = space_of(game)
        ids = [space.chance_id(move) for move, _ in outcomes]
        got = ([(a, float(p)) for a, (_, p) in zip(ids, outcomes)], dict(zip(ids, (m for m, _ in outcomes))))
    st.memo = (key, got)
    return got


def chance_actions(st: "State") -> list[tuple[int, float]]:
    chance = _chance_of(st)
    return list(chance[0]) if chance is not None else []


def chance_at(st: "State", u: float) -> int:
    """The chance id that a uniform number ``u`` in [0, 1) draws at the chance node ``st``, each
    roll taking its probability's share of the interval, in the order of ``chance_actions``."""
    outcomes = chance_actions(st)
    x = u * sum(p for _, p in outcomes)
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]


def action_to_move(st: "State", action: int) -> Any:
    """The legal move ``action`` completes in ``st``, else the part (a step, a hop) it adds; at a
    chance node the roll."""
    chance = _chance_of(st)
    if chance is not None:
        got = chance[1].get(action)
        if got is None:
            raise IllegalMoveError(f"{action} is no chance outcome that can come now", str(action))
        return got
    m = menu(st)
    if action in m.moves:
        return m.moves[action]
    if action in m.parts:
        return m.parts[action]
    raise IllegalMoveError(_why_not(st, action), str(action))


def _why_not(st: "State", action: int) -> str:
    game = st.game
    if game.outcome(st) is not None:
        return "the game is over"
    if not 0 <= action < space_of(game).size:
        return f"no action has the id {action} (ids run 0..{space_of(game).size - 1})"
    return "not a legal action in this position"


def apply_action(st: "State", action: int) -> None:
    """Play ``action`` (a chance id at a chance node); a part is added to ``st.turn`` until the
    move it belongs to is complete, which is then pushed."""
    game = st.game
    if _at_chance(st):
        st.push(action_to_move(st, action))
        return
    m = menu(st)
    move = m.moves.get(action)
    if move is not None:
        st.push(move)
        return
    if action not in m.parts:
        raise IllegalMoveError(_why_not(st, action), str(action))
    turn = st.turn + (m.parts[action],)
    if m.stepper is not None:
        choices = game.turn_steps(st, turn)
        if not choices:  # the dice are used up
            st.push(game.turn_move(st, turn))
            return
        st.turn = turn
        nxt = _Menu()
        _step_menu(st, nxt, m.stepper, choices)
        st.memo = ((st.hash, st.ply, turn), nxt)
        return
    st.turn = turn


def action_text(st: "State", action: int) -> str:
    """An action in words: the move it completes in the game's notation, a part such as a step
    (``13/7``) or a hop, ``stop``, or a roll (``6-5``)."""
    game = st.game
    got = action_to_move(st, action)
    if _at_chance(st):
        if got[0] != game.roll_index:  # a chance phase's move: in the game's notation
            return game.format_move(st, got)
        _, a, b, starter = got
        text = f"{a}-{b}" if game.dice_count == 2 else str(a)
        return text if not starter else f"{text} (player {starter} starts)"
    m = menu(st)
    if action == space_of(game).stop:
        return "stop"
    if action in m.moves and not st.turn and m.stepper is None:
        return game.format_move(st, got)
    prim, key = space_of(game).key(action)
    return game.blocks[prim].part_text(st, key)


def move_to_actions(st: "State", move: "Move") -> list[int]:
    """The actions that play ``move`` (legal in ``st``) from ``st``, ``stop`` included where the
    turn could go on."""
    game = st.game
    ids = space_of(game).move_ids(move)
    if len(ids) == 1 and move[0] != game.roll_index and not game.stepwise(st):
        return ids
    probe = st.copy()
    for a in ids:
        apply_action(probe, a)
    if probe.turn or not ids:  # the turn could go on, or nothing can be played: stop ends it
        ids.append(space_of(game).stop)
    return ids


def preview(st: "State") -> "State":
    """``st`` with the parts of the turn in progress played on the board (for pictures and
    observations); ``st`` itself between turns."""
    if not st.turn:
        return st
    game = st.game
    m = menu(st)
    parts = tuple(p for p in st.turn if p is not STOP_KEY)
    if m.stepper is not None:
        prim, whole = m.stepper, None
    else:
        k = len(parts)
        whole = next((mv for mv in game.legal_moves(st)
                      if game.blocks[mv[0]].action_parts(mv)[:k] == parts), None)
        if whole is None:
            return st
        prim = game.blocks[whole[0]]
    partial = prim.partial_move(st, parts, whole)
    if partial is None:
        return st
    shown = st.copy()
    shown.turn = ()
    prim.apply(shown, partial)
    return shown


def returns(st: "State") -> tuple[float, ...]:
    """What the game paid each player, in turn order, zero-sum: each loser pays the winner the
    outcome's value (1 where none is declared), so with n players the winner gets (n - 1) x the
    value; every player 0 for a draw or a game still going on."""
    n = len(st.game.players)
    over = st.game.outcome(st)
    if over is None or over.winner is None:
        return (0.0,) * n
    v = float(over.value if over.value is not None else 1)
    return tuple((n - 1) * v if p == over.winner else -v for p in range(1, n + 1))
