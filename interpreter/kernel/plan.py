"""A kernel's plan: what of a compiled game its kernel is made of.

:func:`plan` reads a compiled :class:`~spielwerk.game.Game` and either returns the :class:`Plan`
of its kernel (the board's tables, each block's tables from the engine block's own, the
conditions written as kernel code) or raises :class:`NotKernel` saying which part of the game the
kernel does not play yet. Each block's part of the plan is made by its module in
:mod:`.parts`; the conditions by :class:`.conditions.Conditions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..dsl.expr import parse_expr
from ..effects import Bridge, Fill, Gather, Outflank, RemoveGroups, SetCounters, Sweep
from .conditions import Conditions
from .model import TEMPLATE, BlockPlan, End, NotKernel, Plan
from .parts import PARTS
from .parts.common import from_code, landing_code
from .parts.place import bridge, fill, outflank, remove_groups

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["NotKernel", "Plan", "plan", "TEMPLATE", "LANDS_ONLY"]

#: the parts whose moves take a piece from one square to another and change nothing else
LANDS_ONLY = frozenset({"step", "slide", "ranged", "leap", "fly"})


def plan(game: "Game") -> Plan:
    """The kernel plan of ``game``, or :class:`NotKernel` with the first reason it has none."""
    t, rules = game.t, game.rules
    if t.num_players != 2:
        raise NotKernel(f"{t.num_players} players (the kernel plays two)")
    for cause, what in ((rules.effects, "effects after every move"),
                        (game.repetition and (rules.again or t.counter_start or t.hash_captures or t.hash_reserves
                                              or game._roll_again), "repetition with counters or another turn"),
                        (rules.trim is not None, "`trim`"),
                        (game._roll_again and game.dice is None and not rules.again, "another turn for the same player")):
        if cause:
            raise NotKernel(what)
    for number, (before, after) in rules.block_effects.items():
        if any(not isinstance(e, SetCounters) or e.when is not None for e in after):
            raise NotKernel("effects")
        name = game.blocks[number].name
        if len(before) > 1 or any(getattr(e, "keep_if", None) is not None and not isinstance(e, Sweep)
                                  for e in before) or any(
                e.when is not None and not isinstance(e, (Gather, Sweep)) for e in before):
            raise NotKernel("effects")
        if any(not (name == "place" and ((isinstance(e, Outflank) and e.flip and not t.stacking)
                                         or isinstance(e, (RemoveGroups, Fill, Bridge))))
               and not (name == "sow" and isinstance(e, (Gather, Sweep)) and (not isinstance(e, Sweep)
                                                                             or e.target is not None))
               for e in before):
            raise NotKernel("effects")
    if t.stacking and t.max_stack:
        raise NotKernel("a stack limit")
    if any(number not in (b.index for phase in game.phases for b in phase.blocks) for number in rules.again):
        raise NotKernel("`again` on an entry of a turn of several parts")
    if game.no_moves not in ("lose", "draw", "pass"):
        raise NotKernel(f"no_moves: {game.no_moves}")
    if rules.series is not None or "scoring" in game.spec.data:
        raise NotKernel("points (`scoring`)")
    from ..blocks.track import Track
    raced = t.roll_index >= 0 and any(isinstance(b, Track) for phase in game.phases for b in phase.blocks)
    # the chance phases the game begins with (setting pieces out at random), of a fixed number of
    # plies, are the engine's; the kernel plays the phases after them
    openers = 0
    while not raced and openers < len(game.phases) and game.phases[openers].chance \
            and game.phases[openers].plies is not None and game.phases[openers].until is None:
        openers += 1
    for i, phase in enumerate(game.phases):
        if i < openers:
            continue
        if phase.chance or phase.until is not None or (phase.first is not None and i != openers) \
                or (phase.plies is None and i < len(game.phases) - 1):
            raise NotKernel("a phase that ends or begins by a rule")
        if phase.prefer:
            raise NotKernel("preferences in a phase")
    n = t.topology.size
    if rules.prefer_if and not raced:
        raise NotKernel("`prefer_if`")
    if raced:  # a dice race: a kernel of its own
        from .race import ends as race_ends, race_conditions, race_plan
        out = race_plan(game, Plan(n, t.num_codes, 0, 0, [], [], [], [], [], game.no_moves, [], list(t.code_owner), []))
        out.counters, out.counter_slots = list(t.counter_start), dict(t.counter_slots)
        conditions = Conditions(game, out)
        race_ends(game, out, conditions)
        race_conditions(game, out, conditions)
        return out
    reserves = len(t.reserve_counts)  # each player's reserves, as a position keeps them
    enemy = [0] * (3 * (t.num_codes + 1))
    for p in (1, 2):
        for code in range(t.num_codes):
            enemy[p * (t.num_codes + 1) + code + 1] = int(bool(t.enemy[p][code]))
    out = Plan(n, t.num_codes, reserves, t.topology.full_mask.bit_count(), [], [], [], [], [], game.no_moves,
               list(t.reserve_of_kind[t.code_kind[c]] for c in range(t.num_codes)),
               list(t.code_owner), enemy)
    out.stacking, out.height = t.stacking, t.max_height
    out.full = t.topology.full_mask
    out.openers = t.phase_end[openers - 1] if openers else 0
    from ..blocks.shuffle import Shuffle
    if openers and not t.stacking and all(len(game.phases[i].blocks) == 1 and isinstance(game.phases[i].blocks[0], Shuffle)
                                          for i in range(openers)):
        out.shuffles = [(t.phase_end[i], [[], *cast(Any, game.phases[i].blocks[0]).squares[1:3]])
                        for i in range(openers)]
        if openers < len(game.phases) and game.phases[openers].first is not None:
            out.first = int(game.phases[openers].first)
    if t.roll_index >= 0:  # a die rolled before each move of a board game
        dice = game.dice
        if dice is None or dice.count != 1 or dice.numbers is not None or dice.weigh is not None \
                or dice.cube is not None or dice.opening is not None or game._roll_again:
            raise NotKernel("dice other than one plain die on a board")
        out.dice = dice.faces
    if rules.track_boards or game.repetition:  # earlier boards, or positions: the engine's hash keys
        if any(t.oriented):
            raise NotKernel("conditions on earlier boards of oriented pieces")
        out.zobrist, out.stride = list(t.zobrist), t.zobrist_stride
    if game.repetition:
        out.repetition = int(game.repetition)
        out.turn_keys = [0, t.turn_keys[1], t.turn_keys[2]]
    out.passing = game.no_moves == "pass"
    out.counters, out.counter_slots = list(t.counter_start), dict(t.counter_slots)
    conditions = Conditions(game, out)
    for ph, (phase, end) in enumerate(zip(game.phases, t.phase_end)):
        if ph < openers:  # the engine's
            continue
        numbers = []
        for block in phase.blocks:
            number = len(out.blocks)
            numbers.append(number)
            out.blocks.append(cast(BlockPlan, None))  # its place, before the blocks of its parts
            made = _block(game, block, conditions)
            whole = game.spec.data["phases"][ph].get("legal_if")
            if whole is not None:  # the phase's `legal_if`, read after each of its moves with the block's own
                also = conditions.truth(parse_expr(str(whole)), "legal")
                made.legal = also if made.legal is None else f"({made.legal} and {also})"
            j = phase.blocks.index(block)
            if phase.whens is not None and phase.whens[j] is not None:  # the `when` of the phase's entry
                (entry,) = game.spec.data["phases"][ph]["moves"][j].values()
                made.when = conditions.truth(parse_expr(str(entry["when"])))
            made.compulsory = bool(phase.compulsory) and block in phase.compulsory
            for effect in (rules.block_effects.get(block.index) or ([], []))[0]:
                entry = block.params["effects"][0]
                if "keep_if" in entry:
                    made.keep = conditions.truth(parse_expr(str(entry["keep_if"])))
                if isinstance(effect, Sweep):
                    made.sweep = sweep(conditions, entry)
                    made.tables["after"] = list(effect.after)
                elif isinstance(effect, Gather):
                    made.gather = gather(conditions, block.params["effects"][0])
                elif isinstance(effect, Bridge):
                    bridge(game, effect, made.tables)
                elif isinstance(effect, Fill):
                    fill(game, effect, made.tables)
                    where = block.params["effects"][0]["fill"].get("where")
                    made.fill_where = conditions.truth(parse_expr(str(where)), "square") if where is not None else "1"
                else:
                    (outflank if isinstance(effect, Outflank) else remove_groups)(game, effect, made.tables)
            if block.index in rules.again:
                made.again = conditions.truth(parse_expr(str(block.params["again"])))
            out.blocks[number] = made
        out.phases.append((min(end, 1 << 30), numbers))
    if out.attacks:  # `attacked` lists a player's moves as the blocks of the one phase give them
        if len(out.phases) > 1 or any(b.compulsory for b in out.blocks) \
                or any(b.kind not in LANDS_ONLY for b in out.blocks):
            raise NotKernel("`attacked` where a move may do more than go from one square to another")
    from .growing import grows
    out.grows = grows(out)
    out.slot = max([t.num_codes * (n + 1) * n] + [b.tables.get("room", [0])[0] for b in out.blocks])
    out.bound = max(sum(out.blocks[i].bound for i in numbers) for _, numbers in out.phases) + 1
    if len(out.blocks) * out.slot >= 1 << 62:
        raise NotKernel("a board too large for moves as 64-bit ints")
    ends = game.spec.data.get("end", [])
    if game.repetition:  # the repetition rule: an end rule read after the others
        ends = ends + [dict(game.spec.data["repetition"], when="true")]
    repetition = rules.ending.repetition_rule
    for i, rule in enumerate(list(game.end_rules) + ([repetition] if game.repetition and repetition else [])):
        if rule.winner not in ("mover", "opponent", None, "draw") and not isinstance(rule.winner, int):
            raise NotKernel(f"end rule {i + 1}: winner {rule.winner!r}")
        winner = rule.winner if rule.winner in ("mover", "opponent") else str(rule.winner or 0)
        if winner == "draw":
            winner = "0"
        decl = ends[i]
        when = conditions.truth(parse_expr(decl["when"])) if i < len(game.end_rules) else f"(reps() >= {out.repetition})"
        out.ends.append(End(when, winner,
                            conditions.number(parse_expr(decl["score"]), "score") if "score" in decl else None,
                            conditions.number(parse_expr(decl["value"]), "value") if "value" in decl else None))
    return out


def _block(game: "Game", block: Any, conditions: "Conditions", entry: bool = False) -> BlockPlan:
    """A block's part of the plan, made by its module in :mod:`.parts` (``entry``: the block of
    an entry of a turn of several parts, whose keys for the turn its turn reads)."""
    kind = type(block).__name__.lower()
    if kind == "move":  # a move along lines of an exact length, or over pieces: its own part
        from .parts import ranged
        if ranged.fits(game, block):
            kind = "ranged"
    if kind == "sequence":
        from .parts.then import turn_plan
        return turn_plan(game, block, conditions, lambda b: _entry_block(game, b, conditions))
    part = PARTS.get(kind)
    if part is None:
        raise NotKernel(f"a `{block.name}` block of this shape")
    extra = set(block.params) - part.KEYS - {"again", "when"} - ({"then", "then_optional"} if entry else set())
    if extra:
        raise NotKernel(f"`{sorted(extra)[0]}` on a `{block.name}` block")
    text = block.params.get("legal_if")
    legal = conditions.truth(parse_expr(text), "legal") if text is not None else None
    sets = [conditions.counter_set(key, value) for key, value in (block.params.get("sets") or {}).items()]
    tables: dict[str, list[int]] = {}
    bound = part.tables(game, block, tables, conditions.out)
    made = BlockPlan(kind, block.index, tables, legal, max(bound, 1), sets)
    if kind == "take":
        for key in ("where", "avoid"):
            if key in block.params:
                setattr(made, f"take_{key}", conditions.truth(parse_expr(str(block.params[key])), "square"))
    if kind == "ranged":
        from .parts.ranged import distance_code
        made.distance = distance_code(conditions, block)
    if kind in ("ranged", "leap"):
        made.lands = landing_code(conditions, game, block)
        made.from_ok = from_code(conditions, block)
    if kind == "sow" and "skip" in block.params:
        made.skip = conditions.truth(parse_expr(str(block.params["skip"])), "square")
    origin = getattr(block, "line_from", None)
    if origin is not None:  # a `place` along lines from a square: only an entry after another reads one
        if not entry:
            raise NotKernel("a `place` along lines from a square, outside a turn of several parts")
        made.origin = conditions.number(parse_expr(str(block.params["from"])))
    return made


def gather(conditions: "Conditions", entry: dict[str, Any]) -> tuple[str, list[str], str]:
    """A ``gather`` effect as kernel code: its condition, its sources, its target (squares written
    as names become their numbers)."""
    spec = entry["gather"]
    when = conditions.truth(parse_expr(str(entry["when"]))) if "when" in entry else "1"
    sources = spec["from"] if isinstance(spec["from"], list) else [spec["from"]]
    return (when, [conditions.square(parse_expr(str(x))) for x in sources], conditions.square(parse_expr(str(spec["to"]))))


def sweep(conditions: "Conditions", entry: dict[str, Any]) -> tuple[str, str, str, str]:
    """A ``sweep`` effect as kernel code: its condition, its first square, its condition on each
    square (reading ``square``), the square swept to."""
    spec = entry["sweep"]
    when = conditions.truth(parse_expr(str(entry["when"]))) if "when" in entry else "1"
    return (when, conditions.square(parse_expr(str(spec["from"]))),
            conditions.truth(parse_expr(str(spec["while"])), "square"), conditions.square(parse_expr(str(spec["to"]))))


def _entry_block(game: "Game", block: Any, conditions: "Conditions") -> int:
    """The plan's number of the block of a turn's entry (made and added to the plan's blocks)."""
    out = conditions.out
    number = len(out.blocks)
    out.blocks.append(cast(BlockPlan, None))
    made = _block(game, block, conditions, entry=True)
    if made.sets:
        raise NotKernel("`sets` on an entry of a turn of several parts")
    out.blocks[number] = made
    return number
