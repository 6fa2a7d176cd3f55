"""The ``spielwerk`` command: validate, perft, replay, moves, play, games.

Output forms are a contract other tools rely on (see README): ``validate`` prints
``file:line:col: message`` per problem; ``perft`` prints ``depth<TAB>count`` per depth; ``replay``
prints ``result: R`` per game or ``move N: TEXT: why``; ``moves`` prints one move per line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

import random

from .agents import RandomAgent, sample_chance
from .dsl.errors import MoveError, SpecError, SpecErrors, SpielwerkError
from .dsl.loader import bundled_games, read_file_text
from .dsl.spec import load_spec
from .game import Game
from .replay import replay_text

__all__ = ["main"]

#: the largest record file ``replay`` reads (a file of many thousand games fits)
RECORD_BYTES = 64 << 20


def _options(pairs: list[str] | None) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SpielwerkError(f"-o takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _load(name: str, options: dict[str, str]) -> Game:
    from . import load
    return load(name, **options)


def cmd_validate(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            spec = load_spec(path)
            Game(spec)  # compile with default options: catches what only compiling can see
        except SpecErrors as exc:
            for e in exc.errors:
                print(e.located())
            status = 1
        except SpecError as exc:
            print(exc.located())
            status = 1
        except SpielwerkError as exc:
            print(f"{path}:1:1: {exc}")
            status = 1
    return status


def cmd_perft(args: argparse.Namespace) -> int:
    game = _load(args.game, _options(args.option))
    st = game.parse_position(args.position) if args.position else game.initial()
    if args.divide:
        total = 0
        for move in game.legal_moves(st):
            text = game.format_move(st, move)
            info = game.apply(st, move)
            n = game.perft(st, args.depth - 1)
            game.undo(st, move, info)
            total += n
            print(f"{text}\t{n}")
        print(f"total\t{total}")
        return 0
    for depth in range(1, args.depth + 1):
        print(f"{depth}\t{game.perft(st, depth)}", flush=True)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from . import load_spec_for
    spec = load_spec_for(args.game)
    options = _options(args.option)
    status = 0
    for path in args.records:
        try:
            text = read_file_text(path, RECORD_BYTES).removeprefix("\ufeff")
        except SpecError as exc:  # not a file, too large, not UTF-8: the other files are still read
            print(f"spielwerk: error: {exc.located()}", file=sys.stderr)
            status = 1
            continue
        for game in replay_text(spec, text, options):
            if game.error is not None:
                print(str(game.error))
                status = 1
            else:
                print(f"result: {game.result}")
    return status


def _roll(game: Game, st: Any, text: str) -> None:
    """Set the dice from ``3-1``, ``31`` or ``3 1`` (see :meth:`State.roll`: where the player on
    roll may double first, the roll means he does not double)."""
    if game.roll_index < 0:
        raise SpielwerkError(f"{game.name} has no dice: --roll does not apply")
    digits = [c for c in text if not c.isspace() and c not in "-,"]
    example = "3-1" if game.dice_count == 2 else "4"
    if len(digits) != game.dice_count or not all(c in "0123456789" for c in digits):
        raise SpielwerkError(f"--roll takes {game.dice_count} dice such as {example}, not {text!r}")
    if st.result is not None:
        raise SpielwerkError("the game is over in this position: --roll does not apply")
    if st.dice is not None:
        raise SpielwerkError("the dice are already rolled in this position")
    if st.cube_step == 1:
        raise SpielwerkError("a double is pending in this position: the answer is take or drop, "
                             "not a roll (leave out --roll to list them)")
    st.roll(*(int(c) for c in digits))


def cmd_moves(args: argparse.Namespace) -> int:
    game = _load(args.game, _options(args.option))
    st = game.parse_position(args.position) if args.position else game.initial()
    if args.roll:
        _roll(game, st, args.roll)
    elif game.is_chance(st):
        example = "3-1" if game.dice_count == 2 else "4"
        raise SpielwerkError(f"the dice are not rolled yet: give --roll, e.g. --roll {example}")
    for move in game.legal_moves(st):
        text = game.format_move(st, move)
        if args.after:
            info = game.apply(st, move)
            like = getattr(game.position, "format_as", None)
            text += "\t" + (like(st, args.position) if like and args.position else game.position_text(st))
            game.undo(st, move, info)
        print(text)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = _load(args.game, _options(args.option))
    st = game.parse_position(args.position) if args.position else game.initial()
    agents: list[Any] = []
    for i, who in enumerate((args.white, args.black)):
        agents.append(None if who == "human" else RandomAgent(None if args.seed is None else args.seed + i))
    if args.games > 1 and game.series_games is None:
        raise SpielwerkError(f"{game.name} is not played in series: --games does not apply")
    dice = random.Random(args.seed)
    print(f"{game.title}: {game.players[0]} ({args.white}) against {game.players[1]} ({args.black})")
    won = [0, 0, 0]
    for number in range(1, args.games + 1):
        if args.games > 1:
            print(f"\nGame {number}")
        outcome = _play_one(game, st, agents, dice, args.max_plies)
        if outcome is None:
            return 0
        if outcome.winner is not None:
            won[outcome.winner] += outcome.value if outcome.value is not None else 1
        if number < args.games:
            st = game.next_game(st, carry_over=args.carry_over)
    if args.games > 1:
        print(f"\nseries: {game.players[0]} {won[1]}, {game.players[1]} {won[2]}")
    return 0


def _play_one(game: Game, st: Any, agents: list[Any], dice: random.Random, max_plies: int | None) -> Any:
    """Play one game on the terminal from ``st`` (in place); return its outcome, or None when it
    stopped first (the ply limit, or the person at the keyboard quit)."""
    print(st)
    while True:
        if max_plies is not None and st.ply >= max_plies:
            print(f"result: * (stopped after {max_plies} plies)")
            return None
        outcome = game.outcome(st)
        if outcome is not None:
            who = "draw" if outcome.winner is None else f"{game.players[outcome.winner - 1]} wins"
            worth = f", {outcome.value} point(s)" if outcome.value is not None else ""
            print(f"result: {outcome.token} ({who}, {outcome.result}{worth})")
            return outcome
        if game.is_chance(st):
            roll = sample_chance(game, st, dice)
            st.push(roll)
            if st.dice is None:  # an opening that only decides who starts
                print(f"{game.players[st.to_move - 1]} wins the opening roll and starts")
            else:
                shown = f"{st.dice[0]}-{st.dice[1]}" if st.dice[1] else str(st.dice[0])
                print(f"{game.players[st.to_move - 1]} rolls {shown}")
            continue
        moves = game.legal_moves(st)
        agent = agents[st.to_move - 1]
        if agent is None:
            try:
                line = input(f"{game.players[st.to_move - 1]}> ").strip()
            except EOFError:
                print()
                return None
            if line in ("quit", "exit"):
                return None
            if line in ("moves", "?"):
                print(" ".join(game.format_move(st, m) for m in moves))
                continue
            if line == "undo" and st.stack:
                st.pop()
                print(st)
                continue
            try:
                move = game.parse_move(st, line)
            except MoveError as exc:
                print(f"illegal: {exc}  (type 'moves' for the legal moves, 'quit' to stop)")
                continue
        else:
            move = agent.choose(st, moves)
        text = game.format_move(st, move)
        mover = st.to_move
        st.push(move)
        print(f"\n{st.ply}. {game.players[mover - 1]}: {text}")
        print(st)


def cmd_games(args: argparse.Namespace) -> int:
    for name in bundled_games():
        print(name)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="spielwerk", description="Board-game rules as YAML: validate, "
                                     "count, replay and play them.")
    sub = parser.add_subparsers(dest="command", required=True)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="a bundled game name (see `spielwerk games`) or a YAML file")
        p.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                       help="set an option declared by the game (repeatable), e.g. -o size=6")

    p = sub.add_parser("validate", help="check game files; print file:line:col: message per problem")
    p.add_argument("files", nargs="+")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("perft", help="count the leaves of the move tree, one line per depth")
    game_args(p)
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--position", help="start from this position text instead of the start")
    p.add_argument("--divide", action="store_true", help="print the count below each legal move")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("replay", help="replay records, checking every move; print each game's result")
    game_args(p)
    p.add_argument("records", nargs="+", help="record files; a file may hold several games")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("moves", help="list the legal moves of a position in the game's notation")
    game_args(p)
    p.add_argument("--position", help="position text (default: the start)")
    p.add_argument("--roll", help="the dice roll, for dice games (e.g. 3-1)")
    p.add_argument("--after", action="store_true", help="add a tab and the position after each move")
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("play", help="play on the terminal (a person types moves, or random agents play)")
    game_args(p)
    p.add_argument("--position", help="start from this position text")
    p.add_argument("--white", "--first", dest="white", choices=["human", "random"], default="human")
    p.add_argument("--black", "--second", dest="black", choices=["human", "random"], default="random")
    p.add_argument("--seed", type=int, help="seed for the random agents")
    p.add_argument("--max-plies", type=int, help="stop after this many plies")
    p.add_argument("--games", type=int, default=1,
                   help="play a series of this many games (games whose scoring declares a series)")
    p.add_argument("--carry-over", action="store_true",
                   help="in a series, each winner goes on from the position reached, keeping his points "
                        "above the target (default: every game starts afresh)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("games", help="list the bundled games")
    p.set_defaults(func=cmd_games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except SpecErrors as exc:
        for e in exc.errors:
            print(e.located(), file=sys.stderr)
    except SpielwerkError as exc:
        print(f"spielwerk: error: {exc}", file=sys.stderr)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # `spielwerk moves GAME | head`
        return 0
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
