"""Compile steps: the board (its shape, size, stacking rule and topology) and its regions."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..tables import union
from ..topology import BoardKeyError, make_topology

if TYPE_CHECKING:  # pragma: no cover
    from .context import Compiler

__all__ = ["board", "regions", "region_names"]


def board(c: "Compiler") -> None:
    """``board``: stacking and its height limit, the size, and the topology's flat tables."""
    t = c.t
    spec = c.data["board"]
    shape = spec.get("shape", "square")
    for key in spec:
        if key not in _SHAPE_KEYS[shape] and key not in _ANY_SHAPE:
            other = next(s for s, keys in _SHAPE_KEYS.items() if key in keys)
            raise c.error(("board", key), f"`{key}` belongs to a {other} board; a {shape} board does not "
                          "read it (docs/reference/board.md)")
    stacking = spec.get("stacking", False)
    t.stacking = bool(stacking)
    rule = stacking if isinstance(stacking, dict) else {}
    t.max_stack = c.number(("board", "stacking", "max_height"), rule["max_height"], 1, 1000) \
        if "max_height" in rule else 0
    t.overflow = (rule.get("own", "reserve"), rule.get("others", "capture"))
    width = c.number(("board", "width"), spec.get("width", 8), 1, 26, "a square board has 1 to 26 files (a-z)")
    height = c.number(("board", "height"), spec.get("height", width), 1, 99, "a square board has 1 to 99 ranks")
    if spec.get("shape") == "hex":
        ranks = spec.get("ranks", [])
        if not 1 <= len(ranks) <= 26:
            raise c.error(("board", "ranks"), f"a hex board has 1 to 26 ranks (a-z), not {len(ranks)}")
        spec = dict(spec, ranks=[c.number(("board", "ranks", i), n, 1, 26) for i, n in enumerate(ranks)])
    if "vertices" in spec and not spec.get("sides"):
        raise c.error(("board", "vertices"), "vertices are where the sides of cells meet: give `sides` too")
    if "facing" in spec:
        spec = dict(spec, facing=c.per_seat(("board", "facing"), spec["facing"]))
    if spec.get("shape") == "track":
        spec = _track(c, spec)
        for key in ("paths", "travel"):  # per player: those of the seats of the players who play
            if key in spec:
                spec[key] = c.per_seat(("board", key), spec[key])
        if t.num_players > 2 and "paths" not in spec and "travel" not in spec:
            raise c.error(("board",), f"with {t.num_players} players a track needs each player's `paths` "
                          "(or `travel`)")
        spec["players"] = t.num_players
    try:
        t.topology = make_topology(spec, width, height)
    except BoardKeyError as exc:
        raise c.error(("board",) + exc.where, str(exc)) from None
    except ValueError as exc:
        raise c.error(("board", "missing") if "missing" in spec else ("board",), str(exc)) from None
    if spec.get("shape") == "hex" and not all(re.fullmatch(r"[a-z][0-9]+", n) for n in t.topology.names):
        raise c.error(("board", "ranks"), "the points of this hex board would need more letters than a-z "
                      "for their lines")


#: the keys of the board each shape reads, and those every shape reads
_SHAPE_KEYS = {
    "square": {"width", "height", "squares", "missing", "directions", "links", "facing", "sides", "vertices",
               "bridges"},
    "hex": {"ranks", "names"},
    "track": {"points", "point_names", "travel", "paths", "places"},
}
_ANY_SHAPE = {"shape", "regions", "stacking", "control", "description"}


def _track(c: "Compiler", spec: dict[str, Any]) -> dict[str, Any]:
    """A track board's points and their names (checked: every point named once, apart from the
    names of the places)."""
    spec = dict(spec, points=c.number(("board", "points"), spec.get("points", 24), 2, 200))
    names = [str(n) for n in spec.get("point_names") or range(1, spec["points"] + 1)]
    if len(names) != spec["points"]:
        raise c.error(("board", "point_names"), f"{len(names)} point names for {spec['points']} "
                      "points: name every point once")
    taken = [n.lower() for n in names] + [f"{pl}{i}".lower() for pl in spec.get("places") or {}
                                          for i in ("", *map(str, c.t.player_numbers))]
    twice = sorted({n for n in taken if taken.count(n) > 1})
    if twice:
        raise c.error(("board", "point_names"), f"the names of points and places must differ "
                      f"(ignoring case): {', '.join(twice)} twice")
    if "paths" in spec and "travel" in spec:
        raise c.error(("board", "paths"), "`paths` lists each player's points, `travel` gives each a "
                      "direction along all of them: give one of the two")
    return spec


def regions(c: "Compiler") -> None:
    """``board.regions``: named sets of squares, some with a half per player."""
    t = c.t
    t.regions, t.player_regions = {}, {}
    for name, r in c.data["board"].get("regions", {}).items():
        with c.compiling(("board", "regions", name)):
            if isinstance(r, dict) and "per_player" in r:
                parts = tuple(_region_mask(c, part) for part in c.per_seat(
                    ("board", "regions", name, "per_player"), r["per_player"]))
                t.player_regions[name] = parts
                t.regions[name] = union(parts)
            elif isinstance(r, dict):
                t.regions[name] = _region_mask(c, r["include"]) & ~_region_mask(c, r.get("exclude", []))
            else:
                t.regions[name] = _region_mask(c, r)


def _region_mask(c: "Compiler", region: Any) -> int:
    """The squares a region's items name: squares, rectangles ``a1-c3`` (square boards), regions."""
    t = c.t
    topo = t.topology
    mask = 0
    for item in region if isinstance(region, list) else [region]:
        text = str(item)
        if "-" in text and hasattr(topo, "width") and topo.__class__.__name__ == "SquareTopology":
            a, b = (topo.parse_square(s) for s in text.split("-", 1))
            w = topo.width
            f0, f1 = sorted((a % w, b % w))
            r0, r1 = sorted((a // w, b // w))
            for r in range(r0, r1 + 1):
                for f in range(f0, f1 + 1):
                    mask |= 1 << (r * w + f)
        elif text in topo.regions or text in t.regions:
            mask |= t.region_mask(text)
        else:
            mask |= 1 << topo.parse_square(text)
    return mask


def region_names(c: "Compiler") -> None:
    """The regions' and places' names are constants of the expressions (``pieces_in(goal)``)."""
    for name in c.data["board"].get("regions", {}):
        c.constants.setdefault(name, name)
    for name in c.t.topology.regions:
        c.constants.setdefault(name, name)
    for name in getattr(c.t.topology, "places", {}):
        c.constants.setdefault(name, name)
