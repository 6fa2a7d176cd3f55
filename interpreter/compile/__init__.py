"""The compile stage: a checked spec and option values become the frozen rules of one game.

:func:`compile_rules` runs the steps in order, each a short function with one job over the
:class:`~.context.Compiler` they share:

1. option tables, piece kinds (:mod:`.pieces`); the board and its regions (:mod:`.board`);
2. the named predicates (:mod:`spielwerk.predicates`); the reserves; the hash keys (:mod:`.hashing`);
3. the phases and their move blocks (:mod:`.phases`, :mod:`spielwerk.blocks`); the dice and the
   cube (:mod:`.dice`);
4. what follows a move and how the game ends (:mod:`.ends`); the setup.

The result, :class:`Rules`, holds flat tables (:class:`spielwerk.tables.Tables`, frozen) and
compiled functions; nothing in it reads the game file's dicts while playing. A
:class:`spielwerk.game.Game` plays by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ..blocks import BLOCKS
from ..dsl.expr import names_in
from ..dsl.spec import check_blocks
from ..predicates import PREDICATES
from . import board, dice, ends, hashing, memory, phases, pieces
from .context import Compiler

if TYPE_CHECKING:  # pragma: no cover
    from ..blocks.base import Block
    from ..dice import Dice
    from ..dsl.spec import Spec
    from ..effects import Effect, Trim
    from ..tables import Tables
    from ..turns import Phase
    from .conditions import Conditions

__all__ = ["Rules", "compile_rules", "Compiler"]


@dataclass
class Rules:
    """The compiled rules of one game with fixed option values (see the module docstring)."""

    spec: "Spec"
    options: dict[str, Any]
    fast_paths: bool
    t: "Tables"
    cond: "Conditions"
    #: every block, its index its place here (a move's first item)
    blocks: list["Block"]
    phases: list["Phase"]
    dice: "Dice | None"
    effects: list["Effect"]
    #: per block index, the effects that follow its moves only: (its ``effects``, before the game's;
    #: its ``sets``, after them)
    block_effects: dict[int, tuple[list["Effect"], list["Effect"]]]
    #: per block index, the condition on the result of a move that makes it legal (``legal_if``),
    #: and the one that gives the mover another turn (``again``)
    legal_if: dict[int, Callable[[Any], Any]]
    again: dict[int, Callable[[Any], Any]]
    #: per block index, the conditions on the result that make a move preferred (``prefer_if``), in
    #: order of priority
    prefer_if: dict[int, list[Callable[[Any], Any]]]
    trim: "Trim | None"
    ending: ends.Ending
    evaluation: list[tuple[float, Callable[[Any], Any]]]
    #: ``scoring.series``, where the game is played in series
    series: ends.Series | None
    #: a rule reads the boards of earlier positions (``board_repeats``, ``board_was``): the states keep them
    track_boards: bool
    #: the setup as placements (square, code, count, orientation)
    setup: list[tuple[int, int, int, int]]
    predicates: dict[str, Any]
    #: the names an expression reads without a position (options, tables, piece kinds, regions)
    constants: dict[str, Any]
    #: problems of the game file found while playing (shared with the compiler that reports them)
    problems: list[str]
    #: what the compiler knows, for the compile steps that come after the rules (the notation)
    compiler: Compiler


def compile_rules(spec: "Spec", options: dict[str, Any] | None = None, *, fast_paths: bool = True) -> Rules:
    """Compile ``spec`` with ``options`` (see the module docstring)."""
    check_blocks(spec, BLOCKS)  # where the spec was loaded without the blocks' own checks
    c = Compiler(spec, options, fast_paths=fast_paths)
    pieces.option_tables(c)
    pieces.pieces(c)
    memory.counters(c)
    board.board(c)
    board.regions(c)
    _predicates(c)
    pieces.reserves(c)
    rng = hashing.keys(c)
    board.region_names(c)
    ends.score_target(c)
    hashing.hashed_counters(c)
    phases.move_limit(c)
    blocks: list["Block"] = []
    compiled = phases.phases(c, blocks)
    phases.phase_ends(c, compiled, rng)
    chance = dice.dice(c, blocks, rng)
    ending = ends.ending(c, blocks)
    effects, trim = ends.effects(c)
    evaluation = ends.evaluation(c)
    series = ends.series(c)
    _position_format(c, blocks)
    setup = pieces.setup(c)
    track_boards = any({"board_repeats", "board_was"} & names_in(node) for node in spec.expressions.values())
    return Rules(spec, c.options, fast_paths, c.t, c.cond, blocks, compiled, chance, effects, c.block_effects,
                 c.legal_if, c.again, c.prefer_if, trim, ending, evaluation, series, track_boards, setup, c.predicates,
                 c.constants, c.problems, c)


def _predicates(c: Compiler) -> None:
    """``predicates``: named questions about a position (a road, a pattern...), each compiled."""
    for pname, pspec in c.data.get("predicates", {}).items():
        kind, params = next((k, v) for k, v in pspec.items() if k != "description")
        if kind not in PREDICATES:
            raise c.error(("predicates", pname, kind), f"the predicate {kind!r} is designed but not implemented yet")
        with c.compiling(("predicates", pname, kind)):
            c.predicates[pname] = PREDICATES[kind](c, params, ("predicates", pname, kind))
    for name in c.predicates:
        c.constants.setdefault(name, name)


def _position_format(c: Compiler, blocks: list["Block"]) -> None:
    """``notation.position.format: gnubg`` describes a race: the game needs a ``track``."""
    position = (c.data.get("notation") or {}).get("position") or {}
    if position.get("format") == "gnubg" and not any(b.name == "track" for b in blocks):
        raise c.error(("notation", "position", "format"), "a gnubg position ID describes a race "
                      "on a `track`: this game has none")
