"""Board pictures as SVG, drawn from the topology and the spec alone: square boards (with missing
squares), hex boards and race tracks (points, places such as the bar and the borne-off trays, the
doubling cube, the dice). Stacks are drawn from the side, bottom first, so their order reads; each
piece kind has its own shape; the regions the game file declares are shaded; the last move's
squares are marked; legal moves may be drawn as arrows. The game file's ``style`` sets colours and
shapes (docs/reference/pictures.md).

Every piece drawn is an element ``<g class="piece" data-owner=".." data-kind=".." data-square=".."
data-count="..">`` (``data-count`` where one mark stands for several checkers), so a picture can be
read back and checked against the position.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .game import State

__all__ = ["board_svg", "move_squares", "SHAPES", "DEFAULT_STYLE"]

#: the shapes a piece kind may take (``style.pieces.KIND.shape``)
SHAPES = ("disc", "square", "bar", "triangle", "diamond", "star", "die")

DEFAULT_STYLE: dict[str, Any] = {
    # player 1's pieces, player 2's, then those of players 3 to 6 (where more than two play)
    "players": ["#f3ede0", "#33302d", "#c0392b", "#2f6db5", "#3c9a4f", "#8a55b0"],
    "outline": ["#3b3129", "#0d0c0b", "#6b1d15", "#173b66", "#1d5429", "#4a2863"],
    "neutral": "#d9a521",
    "light": "#ecdcb8",                    # squares and points
    "dark": "#c49a6c",
    "line": "#5b4636",
    "background": "#faf6ec",
    "highlight": "#e4572e",
    "arrow": "#2e86de",
    "regions": ["#4a90d9", "#e0605a", "#45b36b", "#e6b422", "#9b59b6", "#1abc9c"],
}
#: the shape each kind gets by default, in the order the game file declares its kinds
_DEFAULT_SHAPES = ("disc", "bar", "triangle", "diamond", "square", "star")


class _Painter:
    """Colours and shapes of one game's pictures (its ``style`` over the defaults)."""

    def __init__(self, game: "Game") -> None:
        style = dict(DEFAULT_STYLE)
        given = game.style
        for key, value in given.items():
            if key != "pieces":
                style[key] = _escaped(value)
        style["players"], style["outline"] = _player_colours(style.get("players"), style.get("outline"),
                                                             game.t.num_players)
        self.style = style
        self.game = game
        self.kind_shape: list[str] = []
        self.kind_colour: list[str | None] = []
        pieces = given.get("pieces", {})
        for k, name in enumerate(game.kind_names):
            own = pieces.get(name, {})
            default = "die" if game.oriented[k] else _DEFAULT_SHAPES[k % len(_DEFAULT_SHAPES)]
            self.kind_shape.append(own.get("shape", default))
            self.kind_colour.append(_escaped(own.get("color")))

    def colour(self, player: int) -> tuple[str, str]:
        """The fill and outline of ``player``'s pieces (1..n; 0 neutral)."""
        if player == 0:
            return self.style["neutral"], self.style["outline"][1]
        return self.style["players"][player - 1], self.style["outline"][player - 1]

    def fill(self, code: int) -> tuple[str, str]:
        """The fill and outline of a piece code."""
        kind, owner = self.game.t.code_kind[code], self.game.code_owner[code]
        fill, outline = self.colour(owner)
        return self.kind_colour[kind] or fill, outline

    def piece(self, code: int, square: str, x: float, y: float, r: float, count: int = 1,
              orient: int = 0, label: str = "") -> str:
        """One piece (or a mark for ``count`` checkers) centred on (x, y), ``r`` its half size."""
        g = self.game
        kind, owner = g.t.code_kind[code], g.code_owner[code]
        fill, stroke = self.fill(code)
        shape = self.kind_shape[kind]
        attrs = (f'class="piece" data-owner="{owner}" data-kind="{escape(g.kind_names[kind])}" '
                 f'data-square="{escape(square)}"' + (f' data-count="{count}"' if count != 1 else ""))
        body = _shape(shape, x, y, r, fill, stroke)
        text = _ink(fill)
        if shape == "die" and orient:
            top, north = orient >> 3, orient & 7
            body += (f'<text x="{x:.1f}" y="{y + r * 0.35:.1f}" font-size="{r * 1.1:.1f}" text-anchor="middle" '
                     f'fill="{text}" font-family="sans-serif" font-weight="bold">{top}</text>'
                     f'<text x="{x:.1f}" y="{y - r * 0.55:.1f}" font-size="{r * 0.5:.1f}" text-anchor="middle" '
                     f'fill="{text}" font-family="sans-serif">{north}</text>')
        if label:
            body += (f'<text x="{x:.1f}" y="{y + r * 0.35:.1f}" font-size="{r:.1f}" text-anchor="middle" '
                     f'fill="{text}" font-family="sans-serif" font-weight="bold">{escape(label)}</text>')
        return f"<g {attrs}>{body}</g>"

    def layer(self, code: int, square: str, x: float, y: float, w: float, h: float) -> str:
        """A piece under others in a stack, seen from the side: a thin bar."""
        g = self.game
        kind, owner = g.t.code_kind[code], g.code_owner[code]
        fill, stroke = self.fill(code)
        return (f'<g class="piece" data-owner="{owner}" data-kind="{escape(g.kind_names[kind])}" '
                f'data-square="{escape(square)}"><rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" '
                f'height="{h:.1f}" rx="{h / 3:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="1"/></g>')


def _player_colours(fills: Any, outlines: Any, players: int) -> tuple[list[str], list[str]]:
    """The fill and the outline of each of ``players`` players: those the game file's ``style``
    lists, then default colours for the players beyond them (the default fills that no listed
    player has, in their order, each with its outline)."""
    fills = list(fills or [])
    outlines = list(outlines or [])
    defaults = DEFAULT_STYLE["players"]
    taken = {str(f).lower() for f in fills}
    spare = [i for i in range(len(fills), len(defaults)) if defaults[i].lower() not in taken]
    spare += [i for i in range(min(len(fills), len(defaults))) if defaults[i].lower() not in taken]
    shade = list(range(len(fills)))
    for i in spare:
        if len(fills) >= players:
            break
        fills.append(defaults[i])
        shade.append(i)
    # an outline the file does not give: the default outline of the colour's place
    for p in range(len(outlines), len(fills)):
        outlines.append(DEFAULT_STYLE["outline"][shade[p] % len(DEFAULT_STYLE["outline"])])
    return fills, outlines


#: CSS colour names dark enough that a text on them is written in white
_DARK_NAMES = frozenset("black navy darkblue mediumblue blue darkgreen green teal darkcyan indigo purple maroon "
                        "darkred brown darkslategray darkslategrey dimgray dimgrey midnightblue darkmagenta "
                        "darkolivegreen saddlebrown sienna firebrick crimson rebeccapurple darkviolet "
                        "darkslateblue seagreen forestgreen olive".split())


def _ink(fill: str) -> str:
    """The colour of a text written on ``fill``: white on a dark colour, else near black."""
    text = fill.strip().lower()
    if text.startswith("#") and len(text) in (4, 7):
        digits = text[1:] if len(text) == 7 else "".join(c * 2 for c in text[1:])
        try:
            r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            return "#111"
        return "#fff" if 0.299 * r + 0.587 * g + 0.114 * b < 140 else "#111"
    return "#fff" if text in _DARK_NAMES else "#111"


def _escaped(value: Any) -> Any:
    """A style value as it may stand in an attribute: its texts escaped (the schema allows only
    colour names and #hex, but a picture is put into web pages: nothing from a game file goes in
    unescaped)."""
    if isinstance(value, str):
        return escape(value, quote=True)
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    return value


def _shape(shape: str, x: float, y: float, r: float, fill: str, stroke: str) -> str:
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"'
    if shape == "disc":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}/>'
    if shape in ("square", "die"):
        return (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                f'rx="{r * (0.25 if shape == "die" else 0.1):.1f}" {paint}/>')
    if shape == "bar":
        return (f'<rect x="{x - r * 0.35:.1f}" y="{y - r:.1f}" width="{r * 0.7:.1f}" height="{2 * r:.1f}" '
                f'rx="{r * 0.1:.1f}" {paint} transform="rotate(-30 {x:.1f} {y:.1f})"/>')
    corners: list[tuple[float, float]]
    if shape == "triangle":
        corners = [(x, y - r), (x + r * 0.95, y + r * 0.8), (x - r * 0.95, y + r * 0.8)]
    elif shape == "diamond":
        corners = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    else:  # star
        corners = [(x + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                    y - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    points = " ".join(f"{a:.1f},{b:.1f}" for a, b in corners)
    return f'<polygon points="{points}" {paint}/>'


def _changed(before: "State", after: "State") -> list[int]:
    return [sq for sq, (a, b) in enumerate(zip(before.stacks, after.stacks)) if a != b]


def _last_move_squares(st: "State") -> list[int]:
    """The squares the last move (not a roll) changed."""
    game = st.game
    if not st.stack:
        return []
    before = st.copy()
    while before.stack and before.stack[-1][0][0] in (game.roll_index, game.cube_index):
        before.pop()
    if not before.stack:
        return []
    after = before.copy()
    before.pop()
    return _changed(before, after)


def move_squares(st: "State", move: Any) -> tuple[list[int], list[int], list[int]]:
    """What ``move`` does to the squares of ``st`` (played and taken back): those it takes pieces
    from, those it adds pieces to, and every square it changes without emptying it further (a
    stack rebuilt or a die turned included)."""
    game = st.game
    before = [list(s) for s in st.stacks]
    orient = list(st.orient)
    info = game.apply(st, move)
    after = [list(s) for s in st.stacks]
    turned = [o != orient[sq] for sq, o in enumerate(st.orient)]
    game.undo(st, move, info)
    lost = [sq for sq, s in enumerate(before) if len(after[sq]) < len(s)]
    gained = [sq for sq, s in enumerate(before) if len(after[sq]) > len(s)]
    changed = [sq for sq, s in enumerate(before) if len(after[sq]) >= len(s) and (after[sq] != s or turned[sq])]
    return lost, gained, changed


def _move_arrows(st: "State", most: int = 150) -> list[tuple[int, int]]:
    """(from, to) squares of the legal moves: where pieces left, where they arrived."""
    out: set[tuple[int, int]] = set()
    for move in st.game.legal_moves(st)[:most]:
        lost, gained, _ = move_squares(st, move)
        for a in lost[:1]:
            for b in gained:
                out.add((a, b))
    return sorted(out)


def board_svg(st: "State", *, size: int = 480, arrows: bool = False, last_move: bool = True,
              viewer: int | None = None) -> str:
    """The position ``st`` as an SVG picture about ``size`` pixels wide. A race track's points
    are labelled as ``viewer``'s move texts name them (:meth:`Game.square_label`; by default the
    player to move's)."""
    game = st.game
    painter = _Painter(game)
    topo = game.topology
    marked = set(_last_move_squares(st)) if last_move else set()
    pairs = _move_arrows(st) if arrows else []
    if getattr(topo, "paths", None) is not None:
        return _track(st, painter, size, marked, viewer or st.to_move)
    if hasattr(topo, "coords"):
        return _hex(st, painter, size, marked, pairs)
    if hasattr(topo, "cells_wide"):
        return _sides(st, painter, size, marked)
    return _square(st, painter, size, marked, pairs)


def _frame(width: float, height: float, body: Iterable[str], painter: _Painter, title: str) -> str:
    s = painter.style
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.1f} {height:.1f}" class="spielwerk-board">'
            f'<title>{escape(title)}</title>'
            f'<rect width="100%" height="100%" fill="{s["background"]}"/>' + "".join(body) + "</svg>")


def _status(st: "State") -> str:
    game = st.game
    if st.result is not None:
        return f"{game.title}: game over, {st.result.token}"
    return f"{game.title}: {game.players[st.to_move - 1]} to move, ply {st.ply}"


def _stack(painter: _Painter, st: "State", sq: int, name: str, x: float, y: float, cell: float) -> list[str]:
    """A stack seen from the side in a cell centred on (x, y): lower pieces as bars, bottom first,
    the top piece in its shape above them, and the height when it is more than one."""
    s = st.stacks[sq]
    if not s:
        return []
    out = []
    under = s[:-1]
    bar_h = min(cell * 0.09, cell * 0.42 / max(1, len(under)))
    base = y + cell * 0.42
    for i, code in enumerate(under):
        out.append(painter.layer(code, name, x, base - (i + 0.5) * bar_h, cell * 0.7, bar_h * 0.85))
    top_y = base - len(under) * bar_h - cell * 0.24 if under else y
    r = cell * (0.24 if under else 0.32)
    out.append(painter.piece(s[-1], name, x, top_y, r, orient=st.orient[sq]))
    if len(s) > 1:
        out.append(f'<text x="{x + cell * 0.44:.1f}" y="{y - cell * 0.3:.1f}" font-size="{cell * 0.22:.1f}" '
                   f'text-anchor="end" font-family="sans-serif" fill="{painter.style["line"]}">{len(s)}</text>')
    return out


def _regions(game: "Game") -> list[tuple[str, int]]:
    """The regions the game file declares (per-player ones as one), with their squares."""
    declared = (game.spec.data.get("board") or {}).get("regions") or {}
    out = []
    for name in declared:
        try:
            out.append((name, game.region_mask(name)))
        except (KeyError, ValueError):
            continue
    return out


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str) -> str:
    return (f'<line class="arrow" pointer-events="none" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="2" stroke-opacity="0.55" marker-end="url(#arrowhead)"/>')


_ARROW_HEAD = ('<defs><marker id="arrowhead" markerWidth="8" markerHeight="8" refX="6" refY="4" '
               'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#2e86de" fill-opacity="0.7"/></marker></defs>')


def _square(st: "State", painter: _Painter, size: int, marked: set[int], pairs: list[tuple[int, int]]) -> str:
    game = st.game
    topo: Any = game.topology
    w, h = topo.width, topo.height
    cell = max(24.0, min(72.0, (size - 40) / w))
    margin = cell * 0.6
    s = painter.style
    body = [_ARROW_HEAD] if pairs else []

    def centre(sq: int) -> tuple[float, float]:
        return margin + (sq % w + 0.5) * cell, margin + (h - 1 - sq // w + 0.5) * cell

    regions = _regions(game)
    squares = w * h  # the squares; a board's bridges come after them
    for sq in range(squares):
        if not topo.full_mask >> sq & 1:
            continue
        cx, cy = centre(sq)
        colour = s["light"] if (sq % w + sq // w) % 2 else s["dark"]
        body.append(f'<rect class="square" data-square="{escape(topo.name(sq))}" x="{cx - cell / 2:.1f}" '
                    f'y="{cy - cell / 2:.1f}" width="{cell:.1f}" height="{cell:.1f}" fill="{colour}" '
                    f'stroke="{s["line"]}" stroke-width="0.5"/>')
        body += _region_marks(regions, sq, cx - cell / 2, cy - cell / 2, cell, cell, s)
        if sq in marked:
            body.append(f'<rect class="last-move" pointer-events="none" x="{cx - cell / 2 + 2:.1f}" y="{cy - cell / 2 + 2:.1f}" '
                        f'width="{cell - 4:.1f}" height="{cell - 4:.1f}" fill="none" stroke="{s["highlight"]}" '
                        f'stroke-width="3"/>')
    for i, (a, b) in enumerate(getattr(topo, "ends", [])):  # a link on a bridge: a bar between its ends
        stack = st.stacks[squares + i]
        if stack:
            (x1, y1), (x2, y2) = centre(a), centre(b)
            body.append(f'<line class="link" data-square="{escape(topo.name(squares + i))}" x1="{x1:.1f}" '
                        f'y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{painter.fill(stack[-1])[0]}" '
                        f'stroke-width="{cell * 0.12:.1f}" stroke-linecap="round"/>')
    for sq in range(squares):
        if topo.full_mask >> sq & 1:
            cx, cy = centre(sq)
            body += _stack(painter, st, sq, topo.name(sq), cx, cy, cell)
    for a, b in pairs:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        body.append(_arrow(x1, y1, x2, y2, s["arrow"]))
    font = cell * 0.28
    for f, label in enumerate(topo.column_labels()):
        body.append(f'<text x="{margin + (f + 0.5) * cell:.1f}" y="{margin + h * cell + font * 1.2:.1f}" '
                    f'font-size="{font:.1f}" text-anchor="middle" font-family="sans-serif" '
                    f'fill="{s["line"]}">{escape(label)}</text>')
    for r in range(h):
        body.append(f'<text x="{margin * 0.5:.1f}" y="{margin + (h - 1 - r + 0.5) * cell + font * 0.35:.1f}" '
                    f'font-size="{font:.1f}" text-anchor="middle" font-family="sans-serif" '
                    f'fill="{s["line"]}">{escape(topo.row_label(r))}</text>')
    legend, extra = _legend(st, painter, margin, margin + h * cell + font * 1.4, cell, regions)
    width = 2 * margin + w * cell
    return _frame(width, margin + h * cell + font * 1.4 + extra, body + legend, painter, _status(st))


def _region_marks(regions: list[tuple[str, int]], sq: int, x: float, y: float, w: float, h: float,
                  style: dict[str, Any]) -> list[str]:
    """The tint of each region ``sq`` lies in, over the rectangle of the square."""
    return [f'<rect class="region" pointer-events="none" data-region="{escape(name)}" x="{x:.1f}" y="{y:.1f}" '
            f'width="{w:.1f}" height="{h:.1f}" fill="{style["regions"][i % len(style["regions"])]}" '
            f'fill-opacity="0.22"/>' for i, (name, mask) in enumerate(regions) if mask >> sq & 1]


def _sides(st: "State", painter: _Painter, size: int, marked: set[int]) -> str:
    """A square board whose sides (and vertices) are sites: cells as squares, the sides as bars
    between them, drawn in the colour of what stands there, the vertices as dots."""
    game = st.game
    topo: Any = game.topology
    fw, fh = topo.width, topo.height
    cell = max(24.0, min(72.0, (size - 40) / max(topo.cells_wide, 1)))
    thin = cell * 0.16
    margin = cell * 0.6
    s = painter.style
    # the left (bottom) edge of each column (row) of sites: a cell is ``cell`` wide, a side ``thin``
    xs = [margin + (x // 2) * (cell + thin) + (thin if x % 2 else 0) for x in range(fw)]
    ys = [margin + (fh - 1 - y) // 2 * (cell + thin) + (thin if (fh - 1 - y) % 2 else 0) for y in range(fh)]

    def extent(sq: int) -> tuple[float, float, float, float]:
        x, y = sq % fw, sq // fw
        return xs[x], ys[y], (cell if x % 2 else thin), (cell if y % 2 else thin)

    regions = _regions(game)
    body: list[str] = []
    for sq in range(topo.size):
        x0, y0, w, h = extent(sq)
        x, y = sq % fw, sq // fw
        name = escape(topo.name(sq))
        kind = x % 2 + y % 2  # 2 a cell, 1 a side, 0 a vertex
        exists = topo.full_mask >> sq & 1
        stack = st.stacks[sq]
        if kind == 0:  # the dots: always drawn, a site or not
            fill = painter.fill(stack[-1])[0] if stack else s["line"]
            body.append(f'<circle class="{"square" if exists else "dot"}" data-square="{name}" cx="{x0 + w / 2:.1f}" '
                        f'cy="{y0 + h / 2:.1f}" r="{thin * (0.9 if stack else 0.55):.1f}" fill="{fill}"/>')
            continue
        if not exists:
            continue
        if kind == 1:
            fill = painter.fill(stack[-1])[0] if stack else s["light"]
            body.append(f'<rect class="square side" data-square="{name}" x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" '
                        f'height="{h:.1f}" fill="{fill}" stroke="{s["line"]}" stroke-width="0.4" '
                        f'stroke-dasharray="{"none" if stack else "2,2"}"/>')
        else:
            body.append(f'<rect class="square" data-square="{name}" x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" '
                        f'height="{h:.1f}" fill="{s["dark"]}" fill-opacity="0.25"/>')
            body += _region_marks(regions, sq, x0, y0, w, h, s)
            if stack:
                body += _stack(painter, st, sq, topo.name(sq), x0 + w / 2, y0 + h / 2, cell)
        if sq in marked:
            body.append(f'<rect class="last-move" pointer-events="none" x="{x0 + 1:.1f}" y="{y0 + 1:.1f}" '
                        f'width="{max(w - 2, 1):.1f}" height="{max(h - 2, 1):.1f}" fill="none" '
                        f'stroke="{s["highlight"]}" stroke-width="2"/>')
    font = cell * 0.28
    bottom = ys[0] + thin
    for x, label in enumerate(topo.column_labels()):
        if label:
            body.append(f'<text x="{xs[x] + cell / 2:.1f}" y="{bottom + font * 1.2:.1f}" font-size="{font:.1f}" '
                        f'text-anchor="middle" font-family="sans-serif" fill="{s["line"]}">{escape(label)}</text>')
    for y in range(fh):
        label = topo.row_label(y)
        if label:
            body.append(f'<text x="{margin * 0.5:.1f}" y="{ys[y] + cell / 2 + font * 0.35:.1f}" font-size="{font:.1f}" '
                        f'text-anchor="middle" font-family="sans-serif" fill="{s["line"]}">{escape(label)}</text>')
    legend, extra = _legend(st, painter, margin, bottom + font * 1.4, cell, regions)
    width = xs[-1] + thin + margin
    return _frame(width, bottom + font * 1.4 + extra, body + legend, painter, _status(st))


def _hex(st: "State", painter: _Painter, size: int, marked: set[int], pairs: list[tuple[int, int]]) -> str:
    game = st.game
    topo: Any = game.topology
    xs = [x for x, _ in topo.coords]
    span = max(xs) - min(xs) + 2
    r = max(14.0, min(40.0, (size - 40) / (span * math.sqrt(3) / 2)))
    dx, dy = r * math.sqrt(3) / 2, r * 1.5
    margin = r * 1.2
    s = painter.style
    body = [_ARROW_HEAD] if pairs else []
    low = min(xs)

    def centre(sq: int) -> tuple[float, float]:
        x, y = topo.coords[sq]
        return margin + (x - low + 1) * dx, margin + (topo.height - 1 - y) * dy + r

    regions = _regions(game)
    for sq in range(topo.size):
        cx, cy = centre(sq)
        corners = " ".join(f"{cx + r * math.cos(math.radians(60 * i - 30)):.1f},"
                           f"{cy + r * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))
        body.append(f'<polygon class="square" data-square="{escape(topo.name(sq))}" points="{corners}" '
                    f'fill="{s["light"]}" stroke="{s["line"]}" stroke-width="1"/>')
        for i, (name, mask) in enumerate(regions):
            if mask >> sq & 1:
                body.append(f'<polygon class="region" pointer-events="none" data-region="{escape(name)}" points="{corners}" '
                            f'fill="{s["regions"][i % len(s["regions"])]}" fill-opacity="0.22"/>')
        if sq in marked:
            body.append(f'<polygon class="last-move" pointer-events="none" points="{corners}" fill="none" stroke="{s["highlight"]}" '
                        f'stroke-width="3"/>')
        body.append(f'<text class="name" pointer-events="none" x="{cx:.1f}" y="{cy + r * 0.8:.1f}" font-size="{r * 0.3:.1f}" '
                    f'text-anchor="middle" font-family="sans-serif" fill="{s["line"]}" fill-opacity="0.7">'
                    f'{escape(topo.name(sq))}</text>')
    for sq in range(topo.size):
        cx, cy = centre(sq)
        body += _stack(painter, st, sq, topo.name(sq), cx, cy, r * 1.3)
    for a, b in pairs:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        body.append(_arrow(x1, y1, x2, y2, s["arrow"]))
    width = 2 * margin + (span + 1) * dx
    top = margin + (topo.height - 1) * dy + 2 * r
    legend, extra = _legend(st, painter, margin, top, r * 1.3, regions)
    return _frame(width, top + extra, body + legend, painter, _status(st))


def _legend(st: "State", painter: _Painter, x: float, y: float, cell: float,
            regions: list[tuple[str, int]]) -> tuple[list[str], float]:
    """Who is to move, the players' colours (more than two players), each player's reserves, each
    player's captures (where the rules read them), and the regions' colours, a line each; and the
    height they take."""
    game = st.game
    s = painter.style
    font = max(10.0, cell * 0.24)
    lines = [escape(_status(st))]
    players = game.t.num_players
    if players > 2:  # which colour is whose (two players: the light pieces are the first's)
        lines.append(" ".join(f'<tspan fill="{painter.colour(p)[0]}" stroke="{painter.colour(p)[1]}" '
                              f'stroke-width="0.6">■</tspan> {escape(game.players[p - 1])}'
                              for p in range(1, players + 1)))
    names = list((game.spec.data.get("reserves") or {}))
    if names:
        for p in range(1, players + 1):
            counts = ", ".join(f"{n} {st.reserves[p][i]}" for i, n in enumerate(names))
            lines.append(escape(f"{game.players[p - 1]} in hand: {counts}"))
    if game.t.hash_captures:  # the rules read the captures: each player's count
        lines.append(escape("captured: " + ", ".join(f"{game.players[p - 1]} {st.captures[p]}"
                                                     for p in range(1, players + 1))))
    if regions:
        lines.append(" ".join(f'<tspan fill="{s["regions"][i % len(s["regions"])]}">■</tspan> {escape(n)}'
                              for i, (n, _) in enumerate(regions)))
    out = [f'<text class="legend" x="{x:.1f}" y="{y + (i + 1) * font * 1.4:.1f}" font-size="{font:.1f}" '
           f'font-family="sans-serif" fill="{s["line"]}">{line}</text>' for i, line in enumerate(lines)]
    return out, (len(lines) + 0.6) * font * 1.4


def _track(st: "State", painter: _Painter, size: int, marked: set[int], viewer: int) -> str:
    game = st.game
    topo: Any = game.topology
    s = painter.style
    n: int = topo.points
    half = (n + 1) // 2
    quarter = half // 2 if half >= 4 else 0
    pw = max(22.0, min(48.0, (size - 160) / (half + 1)))
    ph = pw * 5.2
    margin = pw * 0.8
    bar = pw if quarter else 0.0
    body: list[str] = []

    def column(i: int) -> float:  # the x of point column i (0 = left), the bar after `quarter`
        return float(margin + i * pw + (bar if quarter and i >= quarter else 0) + pw / 2)

    spots: list[tuple[int, float, bool]] = []  # (square, x, from the top?)
    for i in range(n):
        top = i < half
        spots.append((i, column(i if top else half - 1 - (i - half)), top))
    height = margin * 2 + ph * 2 + pw
    for sq, x, top in spots:
        base = margin if top else height - margin
        tip = base + ph * 0.92 if top else base - ph * 0.92
        colour = s["dark"] if sq % 2 else s["light"]
        body.append(f'<polygon class="square" data-square="{escape(topo.name(sq))}" '
                    f'points="{x - pw / 2:.1f},{base:.1f} {x + pw / 2:.1f},{base:.1f} {x:.1f},{tip:.1f}" '
                    f'fill="{colour}" stroke="{s["line"]}" stroke-width="0.6"'
                    + (f' style="stroke:{s["highlight"]};stroke-width:3"' if sq in marked else "") + "/>")
        label_y = base - pw * 0.2 if top else base + pw * 0.45
        body.append(f'<text class="label" data-label="{escape(topo.name(sq))}" x="{x:.1f}" y="{label_y:.1f}" '
                    f'font-size="{pw * 0.32:.1f}" text-anchor="middle" font-family="sans-serif" '
                    f'fill="{s["line"]}">{escape(game.square_label(viewer, sq))}</text>')
        body += _checkers(painter, st, sq, x, base, pw, top)
    board_right = column(half - 1) + pw / 2 + pw * 0.3
    if quarter:
        bx = margin + quarter * pw + bar / 2
        body.insert(0, f'<rect class="bar" x="{bx - bar / 2:.1f}" y="{margin:.1f}" width="{bar:.1f}" '
                       f'height="{height - 2 * margin:.1f}" fill="{s["dark"]}" fill-opacity="0.45"/>')
    # the places: one box per player and place; two players: player 2's at the top, player 1's at
    # the bottom; more: a column for each two players (the odd-numbered at the bottom)
    x = board_right + pw * 0.6
    players = game.t.num_players
    box = ph * 0.75
    for name, squares in topo.places.items():
        for p in range(1, players + 1):
            sq = squares[p]
            if sq < 0:
                continue
            top = p % 2 == 0
            bx = x + (p - 1) // 2 * pw * 1.3
            y0 = margin if top else height - margin - box
            body.append(f'<rect class="place" data-place="{escape(name)}" data-player="{p}" '
                        f'data-square="{escape(topo.name(sq))}" x="{bx - pw / 2:.1f}" '
                        f'y="{y0:.1f}" width="{pw:.1f}" height="{box:.1f}" fill="none" '
                        f'stroke="{s["highlight"] if sq in marked else s["line"]}" stroke-width="1"/>')
            if players > 2:  # whose box: a strip of the player's colour along its inner edge
                fill, stroke = painter.colour(p)
                sy = y0 + box + pw * 0.08 if top else y0 - pw * 0.26
                body.append(f'<rect class="owner" data-player="{p}" x="{bx - pw / 2:.1f}" y="{sy:.1f}" '
                            f'width="{pw:.1f}" height="{pw * 0.18:.1f}" fill="{fill}" stroke="{stroke}" '
                            f'stroke-width="0.8"/>')
            body.append(f'<text x="{bx:.1f}" y="{(y0 - 4) if top else (y0 + box + pw * 0.4):.1f}" '
                        f'font-size="{pw * 0.28:.1f}" text-anchor="middle" font-family="sans-serif" '
                        f'fill="{s["line"]}">{escape(name)}</text>')
            body += _checkers(painter, st, sq, bx, y0 if top else y0 + box, pw, top)
        x += pw * 1.3 * ((players + 1) // 2)
    # the cube and the dice, on the right
    mid = height / 2
    if game.cube is not None:
        owner = st.cube_owner
        cy = mid if owner == 0 else (margin + pw if owner == 2 else height - margin - pw)
        value = st.cube_value if owner else max(st.cube_value, 64)
        body.append(f'<g class="cube" data-value="{st.cube_value}" data-owner="{owner}">'
                    f'<rect x="{x - pw * 0.45:.1f}" y="{cy - pw * 0.45:.1f}" width="{pw * 0.9:.1f}" '
                    f'height="{pw * 0.9:.1f}" rx="4" fill="#fff" stroke="{s["line"]}" stroke-width="1.5"/>'
                    f'<text x="{x:.1f}" y="{cy + pw * 0.15:.1f}" font-size="{pw * 0.42:.1f}" text-anchor="middle" '
                    f'font-family="sans-serif" font-weight="bold">{value}</text></g>')
    if st.dice:
        faces = [d for d in st.dice if d] or []
        for i, d in enumerate(faces):
            dxp = x + pw * 1.2 + i * pw * 1.0
            fill, stroke = painter.colour(st.to_move)
            body.append(f'<g class="die" data-face="{d}"><rect x="{dxp - pw * 0.4:.1f}" y="{mid - pw * 0.4:.1f}" '
                        f'width="{pw * 0.8:.1f}" height="{pw * 0.8:.1f}" rx="5" fill="{fill}" stroke="{stroke}"/>'
                        f'<text x="{dxp:.1f}" y="{mid + pw * 0.15:.1f}" font-size="{pw * 0.45:.1f}" '
                        f'text-anchor="middle" font-family="sans-serif" font-weight="bold" '
                        f'fill="{_ink(fill)}">{d}</text></g>')
        x += pw * 2.2
    width = x + pw * 1.5
    legend, extra = _legend(st, painter, margin, height, pw, [])
    return _frame(width, height + extra, body + legend, painter, _status(st))


def _checkers(painter: _Painter, st: "State", sq: int, x: float, base: float, pw: float, top: bool) -> list[str]:
    """The checkers of a point or place, from its edge inwards: five at most, the fifth with the
    count of those it stands for. A pinned checker lies under its pinner."""
    stack = st.stacks[sq]
    if not stack:
        return []
    name = st.game.topology.name(sq)
    r = pw * 0.44
    step = 1 if top else -1
    out = []
    # group runs of the same code, bottom first (a pinned checker first)
    shown = stack if len(stack) <= 5 else stack[:4] + [stack[-1]]
    for i, code in enumerate(shown):
        y = base + step * (r + i * 2 * r * 0.95)
        if len(stack) > 5 and i == 4:
            out.append(painter.piece(code, name, x, y, r, count=len(stack) - 4, label=str(len(stack) - 4)))
        else:
            out.append(painter.piece(code, name, x, y, r))
    return out
