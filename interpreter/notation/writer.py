"""Game records out: a played game written in the game's own record notation, which ``replay``
reads back (``[Tag "value"]`` lines and numbered movetext; match records for games with dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from ..outcome import Outcome
    from ..state import Move, Position

#: the compiled game these texts belong to: a :class:`spielwerk.game.Game` (the notation sits below
#: the game, which builds it, so it names no class of the game)
GameLike = Any

__all__ = ["record_text"]


def _tags(game: "GameLike", start: "Position | None", extra: dict[str, str]) -> list[tuple[str, str]]:
    """The tags that give the game's options (as the file's ``notation.tags`` says), its start
    position where it is not the usual one, and ``extra``."""
    out: list[tuple[str, str]] = list(extra.items())
    declared = (game.spec.data.get("notation") or {}).get("tags") or {}
    for tag, how in declared.items():
        if "option" in how and how["option"] in game.options:
            value = game.options[how["option"]]
            scale = how.get("scale")
            if scale:
                number = value / scale
                value = int(number) if number == int(number) else number
            elif isinstance(value, bool):
                value = "true" if value else "false"
            out.append((tag, str(value)))
        elif how.get("position") and start is not None:
            out.append((tag, game.position_text(start)))
    return out


def record_text(game: "GameLike", moves: Sequence["Move"], outcome: "Outcome | None" = None,
                start: "Position | None" = None, tags: dict[str, str] | None = None, number: int = 1) -> str:
    """The game that ``moves`` (rolls included) play from ``start`` (default: the start), as a
    record of the game's notation; ``outcome`` gives its result (``*`` without one). ``number``
    is the game's number in a match record."""
    st = start.copy() if start is not None else game.initial()
    custom = start is not None and start.key() != game.initial().key()
    written = _tags(game, st if custom else None, tags or {})
    if game.roll_index >= 0:
        return _match_record(game, st, moves, outcome, written, number)
    token = outcome.token if outcome is not None else "*"
    lines = [f'[{k} "{v}"]' for k, v in written] + [f'[Result "{token}"]', ""]
    row: list[str] = []
    ply = 0
    players = len(game.players)  # a numbered line is a round: each player's move
    for move in moves:
        text = game.format_move(st, move)
        game.apply(st, move)
        if ply % players == 0:
            row = [f"{ply // players + 1}.", text]
        else:
            row.append(text)
        if ply % players == players - 1:
            lines.append(" ".join(row))
            row = []
        ply += 1
    if row:
        lines.append(" ".join(row))
    lines.append(token)
    return "\n".join(lines) + "\n"


def _match_record(game: "GameLike", st: "Position", moves: Sequence["Move"], outcome: "Outcome | None",
                  tags: list[tuple[str, str]], number: int) -> str:
    """A match record: per line a number, then the first player's turn (its roll and move, or a
    cube action), then the second player's, in two columns; with more than two players, one turn
    a line."""
    from ..blocks.cube import DOUBLE, DROP, TAKE
    items: list[tuple[int, str]] = []  # (player, text)
    for move in moves:
        if move[0] == game.roll_index:
            game.apply(st, move)
            continue
        player = st.to_move
        if move[0] == game.cube_index:
            kind = move[1]
            text = (f"Doubles => {st.cube_value * 2}" if kind == DOUBLE else "Takes" if kind == TAKE
                    else "Drops" if kind == DROP else "")
        else:
            dice = st.dice or (0, 0)
            body = game.format_move(st, move)
            text = f"{dice[0]}{dice[1]}: {'' if body == 'pass' else body}".rstrip()
        game.apply(st, move)
        if text:
            items.append((player, text))
    lines = [f" Game {number}"] + [f' ; [{k} "{v}"]' for k, v in tags]
    if len(game.players) > 2:  # the two columns are two players': with more, a turn a line
        for turn, (player, text) in enumerate(items, start=1):
            lines.append(f"{turn:3d}) {text}")
        if outcome is not None and outcome.winner is not None:
            points = outcome.value if outcome.value is not None else 1
            lines.append(f"{len(items) + 1:3d}) Wins {points} point{'s' if points != 1 else ''}")
        return "\n".join(lines) + "\n"
    width = 34
    turn = 1
    left: str | None = None  # the first player's turn, waiting for the second's on its line
    for player, text in items:
        if player == 1:
            if left is not None:  # he moves again (a double that rolls again): a line of its own
                lines.append(f"{turn:3d}) {left}")
                turn += 1
            left = text
        else:
            lines.append(f"{turn:3d}) {(left or '').ljust(width)}{text}")
            turn += 1
            left = None
    if outcome is not None and outcome.winner is not None:
        points = outcome.value if outcome.value is not None else 1
        won = f"Wins {points} point{'s' if points != 1 else ''}"
        if outcome.winner == 1:
            if left is not None:
                lines.append(f"{turn:3d}) {left.ljust(width)}")
                turn += 1
            lines.append(f"{turn:3d}) {won}")
        else:
            lines.append(f"{turn:3d}) {(left or '').ljust(width)}{won}")
    elif left is not None:
        lines.append(f"{turn:3d}) {left}")
    return "\n".join(lines) + "\n"
