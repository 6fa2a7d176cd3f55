"""Compile steps: the option tables, the piece kinds and their codes, the reserves, the setup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..orientation import DieModel

if TYPE_CHECKING:  # pragma: no cover
    from ..topology import Board, TrackTopology
    from .context import Compiler

__all__ = ["option_tables", "pieces", "placements", "reserves", "setup"]


def option_tables(c: "Compiler") -> None:
    """``tables``: per option value, a named constant (a count of pieces by the board size, say)."""
    for tname, table in c.data.get("tables", {}).items():
        key = c.options.get(table["by"])
        values = {str(k): v for k, v in table["values"].items()}
        if str(key) not in values and "default" in table:
            values[str(key)] = table["default"]
        if str(key) not in values:
            raise c.error(("tables", tname, "values"), f"table {tname!r} of {c.spec.name} has no entry "
                          f"for {table['by']}={key!r}")
        c.constants[tname] = values[str(key)]


def pieces(c: "Compiler") -> None:
    """The piece kinds: a piece's code is ``kind * num_players + owner - 1``; neutral pieces and dice.
    Also the turn order."""
    t = c.t
    n = t.num_players
    t.next_player = [0, *range(2, n + 1), 1]
    decls = c.data.get("pieces", {})
    t.kind_names = list(decls)
    t.kind_index = {k: i for i, k in enumerate(t.kind_names)}
    t.num_codes = n * len(t.kind_names)
    for name in t.kind_names:
        c.constants.setdefault(name, name)
    t.neutral = [bool(decls[k].get("neutral")) for k in t.kind_names]
    t.code_kind = [code // n for code in range(t.num_codes)]
    t.code_owner = [0 if t.neutral[code // n] else code % n + 1 for code in range(t.num_codes)]
    t.enemy = [[False] * t.num_codes, *([owner not in (0, p) for owner in t.code_owner] for p in t.player_numbers)]
    t.value = [int(decls[t.kind_names[code // n]].get("value", 1)) for code in range(t.num_codes)]
    t.oriented = [decls[k].get("orientation") == "die" for k in t.kind_names]
    t.die = None
    if any(t.oriented):
        hands = {decls[k].get("handedness", "right") for k in t.kind_names if decls[k].get("orientation")}
        if len(hands) > 1:
            raise c.error(("pieces",), "all dice of a game have the same handedness")
        t.die = DieModel(hands.pop())


def reserves(c: "Compiler") -> None:
    """The reserves, and the most pieces the game can have: every piece the setup and the
    reserves bring in, or four per square where a kind that is placed has no reserve."""
    t, d = c.t, c.data
    t.reserve_names = list(d.get("reserves", {}))
    for name in t.reserve_names:
        c.constants.setdefault(name, name)
    t.reserve_counts = [c.number(("reserves", r, "count"), spec_r["count"], 0, 10_000)
                        for r, spec_r in d.get("reserves", {}).items()]
    t.reserve_of_kind = [-1] * len(t.kind_names)
    for r, spec_r in enumerate(d.get("reserves", {}).values()):
        for kind in spec_r["pieces"]:
            t.reserve_of_kind[t.kind_index[kind]] = r
    # the highest a stack can be: every piece the game can bring in on one square (kinds that
    # belong to no reserve have an unlimited supply: then four pieces per square); a position
    # text with a higher stack is refused
    on_board = sum(c.number(("setup", i, "count"), g.get("count", 1), 1, 1000)
                   * (t.num_players if g.get("owner", "each") == "each" else 1)
                   * sum(t.regions[n].bit_count() if isinstance(n, str) and n in t.regions else 1
                         for n in g.get("at", []))
                   for i, g in enumerate(d.get("setup", [])) if _chosen(c, i, g))
    placed = {k for params in placements(c)
              for k in params.get("pieces", t.kind_names)}
    # a game that declares no pieces at all (no setup, no reserve) is played from position texts
    unlimited = any(t.reserve_of_kind[t.kind_index[k]] < 0 for k in placed) or (
        not on_board and not any(t.reserve_counts))
    t.total_pieces = on_board + t.num_players * sum(t.reserve_counts) + (4 * t.topology.size if unlimited else 0)
    t.max_height = max(t.total_pieces, 1) if t.stacking else 1
    t.unlimited_supply = unlimited


def setup(c: "Compiler") -> list[tuple[int, int, int, int]]:
    """The ``setup`` groups as placements (square, code, count, orientation), player 2's copy of
    `each` turned by 180 degrees; also the pieces each player starts with (``start_counts``)."""
    t = c.t
    topo = t.topology
    out: list[tuple[int, int, int, int]] = []
    filled: dict[int, int] = {}
    for i, group in enumerate(c.data.get("setup", [])):
        if not _chosen(c, i, group):
            continue
        kind = t.kind_index[group["piece"]]
        owner = group.get("owner", "each")
        owners = list(t.player_numbers) if owner == "each" else [0] if owner == "neutral" else \
            [c.player_number(("setup", i, "owner"), owner)]
        if owners == [0] and owner != "neutral":
            continue  # the seat of a player who does not play with these options
        count = c.number(("setup", i, "count"), group.get("count", 1), 1, 1000)
        for p in owners:
            for j, name, sq in _setup_squares(c, p, owner, group["at"], ("setup", i, "at")):
                if (filled.get(sq) or count > 1) and not t.stacking:
                    raise c.error(("setup", i, "at", j), f"{topo.name(sq)} would hold more than one "
                                  "piece, and pieces do not stack in this game (board.stacking)")
                filled[sq] = filled.get(sq, 0) + count
                orient = 0
                if t.oriented[kind]:
                    try:
                        orient = cast(DieModel, t.die).from_faces(group.get("orientation", {"top": 1, "north": 5}),
                                                                 owner_faces_south=p != 2)
                    except ValueError as exc:
                        raise c.error(("setup", i, "orientation"), str(exc)) from None
                out.append((sq, t.code(kind, p), count, orient))
    counts = [[0] * len(t.kind_names) for _ in range(t.num_players + 1)]
    for _, code, count, _ in out:
        counts[t.code_owner[code]][t.code_kind[code]] += count
    t.start_counts = counts
    return out


def _chosen(c: "Compiler", i: int, group: dict[str, Any]) -> bool:
    """Whether setup group ``i`` is on the board with these options (its ``when``, of options alone)."""
    return "when" not in group or bool(c.constant(("setup", i, "when"), group["when"]))


def placements(c: "Compiler") -> list[dict[str, Any]]:
    """The keys of every ``place`` entry of every phase (the parts of turns included)."""
    return [params for ph in c.data["phases"] for params in _uses(ph.get("moves", []), "place")]


def _uses(items: list[dict[str, Any]], block: str) -> list[dict[str, Any]]:
    """The keys of every use of ``block`` among the move entries ``items``, the parts that
    follow them (``then``) included."""
    out = []
    for item in items:
        for kind, params in item.items():
            params = params or {}
            if kind == block:
                out.append(params)
            out += _uses(params.get("then", []), block)
    return out


def _setup_squares(c: "Compiler", p: int, owner: Any, items: list[Any],
                   where: tuple[Any, ...]) -> list[tuple[int, Any, int]]:
    """The squares a setup group's ``at`` names for player ``p``, each with its item's index and
    name: a region's name stands for its squares (for a per-player region, the player's own)."""
    t = c.t
    out = []
    for j, name in enumerate(items):
        if isinstance(name, str) and name in t.regions:
            mask = t.player_region_mask(name, p)
            out += [(j, t.topology.name(sq), sq) for sq in range(t.topology.size) if mask >> sq & 1]
        else:
            out.append((j, name, _setup_square(c, p, owner, name, where + (j,))))
    return out


def _setup_square(c: "Compiler", p: int, owner: Any, name: Any, where: tuple[Any, ...]) -> int:
    """The square a setup group names for player ``p``: a position along his path (a number), a
    place, or a square name (turned round for player 2 where both get the group)."""
    topo = c.t.topology
    paths = getattr(topo, "paths", None)
    track = cast("TrackTopology", topo)  # read only where the board has paths
    if paths is not None and isinstance(name, int):
        if not 1 <= name <= len(paths[p]):
            raise c.error(where, f"a path has the positions 1 to {len(paths[p])}, not {name}")
        return int(paths[p][name - 1])  # a position along the owner's own path
    if paths is not None and name in track.places:
        return track.places[name][p]
    try:
        sq = topo.parse_square(str(name))
    except ValueError as exc:
        raise c.error(where, str(exc)) from None
    if p > 1 and owner == "each" and paths is None:
        if p > 2:
            raise c.error(where, "with more than two players, `each` places no square names: give each "
                          "player's squares in a group of its own (`owner: NAME`)")
        sq = cast("Board", topo).opposite(sq)
        if sq < 0:
            raise c.error(where, f"{name}: turned round for player 2 it falls on no square of this board")
    elif p > 1 and owner == "each" and track.position[1][sq]:
        # a point named for player 1: the same position along the player's own path
        sq = track.paths[p][track.position[1][sq] - 1]
    return sq
