"""Mutated texts for every text reader of the library: move texts, position texts (TPS, the gnubg
position ID, XGID and every game's own format), records (PTN-like movetext and dice match records),
through the API and the command line.

The contract checked: every call ends in a value or a :class:`spielwerk.SpielwerkError` (for a
record replay: always a value, a bad record ending its game with an error), never another
exception, never a hang; what is accepted is consistent (an accepted move is legal, an accepted
position is playable and its text reads back as written).

Used by ``tests/property/test_fuzz_texts.py`` (hypothesis drives the mutations) and by the script
mode there (plain random mutations, many per parser).
"""

from __future__ import annotations

import contextlib
import glob
import io
import os
import random
import re
import signal
import tempfile
import traceback
from functools import lru_cache
from typing import Any, Callable

from walking import random_walk

import spielwerk
from spielwerk import SpielwerkError
from spielwerk.agents import sample_chance
from spielwerk.cli import main as cli_main
from spielwerk.replay import Replayed, ReplayError, replay_text

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")

#: the most one library call may take (seconds) before it counts as a hang
CALL_SECONDS = 10

ACCEPTED, REFUSED = "accepted", "refused"

# -- the games: a configuration is a bundled name with options ---------------------------------------
#: name -> (bundled game, options as values, options on the command line, options for a replay)
CONFIGS: dict[str, tuple[str, dict[str, Any], list[str], dict[str, Any]]] = {
    "tak": ("tak", {}, [], {}),
    "tak-3": ("tak", {"size": 3}, ["-o", "size=3"], {}),
    "tak-8": ("tak", {"size": 8, "komi": 4}, ["-o", "size=8", "-o", "komi=4"], {}),
    "tak-2caps": ("tak-2caps", {"size": 6}, ["-o", "size=6"], {}),
    "tackle": ("tackle", {}, [], {}),
    "tackle-turm3": ("tackle", {"job": "Turm3"}, ["-o", "job=Turm3"], {}),
    "tackle-anker": ("tackle-anker", {}, [], {}),
    "tackle-goldcourt": ("tackle-goldcourt", {}, [], {}),
    "attangle": ("attangle", {}, [], {}),
    "attangle-square": ("attangle-square", {}, [], {}),
    "tactix": ("tactix", {}, [], {}),
    "backgammon": ("backgammon", {}, [], {}),
    "backgammon-money": ("backgammon", {"money": True}, ["-o", "money=true"], {"money": True}),
    "trictrac": ("trictrac", {}, [], {}),
    "puff": ("puff", {}, [], {}),
    "plakoto": ("plakoto", {}, [], {}),
    "focus": ("focus", {}, [], {}),
    "lasca": ("lasca", {}, [], {}),
    "dvonn": ("dvonn", {}, [], {}),
}
DICE = ["backgammon", "backgammon-money", "trictrac", "puff", "plakoto"]
GNUBG = ["backgammon", "backgammon-money"]
BOARD = [c for c in CONFIGS if c not in DICE]
STACK_ROWS = [c for c in CONFIGS if c not in GNUBG]

#: the random walks whose end states the move texts are read in: (seed, plies)
WALKS = [(0, 0), (1, 1), (2, 2), (3, 4), (4, 8), (5, 15), (6, 30), (7, 60), (8, 120)]
#: Puff generates whole turns of up to eight numbers: short walks keep the pool quick to build
SHORT = {"puff": 14}


@lru_cache(maxsize=None)
def game(cfg: str) -> Any:
    name, options, _, _ = CONFIGS[cfg]
    return spielwerk.load(name, **options)


@lru_cache(maxsize=None)
def spec(cfg: str) -> Any:
    return spielwerk.load_spec_for(CONFIGS[cfg][0])


def walks(cfg: str) -> list[tuple[int, int]]:
    most = SHORT.get(cfg)
    return [(seed, min(plies, most) if most else plies) for seed, plies in WALKS]


@lru_cache(maxsize=None)
def _states(cfg: str) -> tuple[Any, ...]:
    return tuple(random_walk(game(cfg), seed, plies) for seed, plies in walks(cfg))


def state(cfg: str, index: int) -> Any:
    """A fresh copy of pool state ``index`` (taken modulo the pool size)."""
    pool = _states(cfg)
    return pool[index % len(pool)].copy()


def state_call(cfg: str, index: int) -> str:
    name, options, _, _ = CONFIGS[cfg]
    seed, plies = walks(cfg)[index % len(WALKS)]
    args = "".join(f", {k}={v!r}" for k, v in options.items())
    return f"s = random_walk(spielwerk.load({name!r}{args}), {seed}, {plies})"


# -- the texts to start from --------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _own_move_texts(cfg: str, index: int) -> tuple[str, ...]:
    """The texts of (at most 40 of) the legal moves of pool state ``index``."""
    s = _states(cfg)[index]
    moves = s.legal_moves()
    return tuple(s.move_text(m) for m in random.Random(index).sample(moves, min(40, len(moves))))


@lru_cache(maxsize=None)
def move_texts(cfg: str) -> tuple[str, ...]:
    """Texts of legal moves in all pool states, and of the cube decisions and usual spellings."""
    out = [t for i in range(len(WALKS)) for t in _own_move_texts(cfg, i)]
    if game(cfg).roll_index >= 0:
        out += ["pass", "bar/22", "13/7*", "8/5(2)", "6/off", "24/18(4)", "13/11 13/7", "1 A - 7 A",
                "2 x 8 - 7", "1/5 5/10", "3A/off", "out/24 out/22"]
    if game(cfg).cube is not None:
        out += ["roll", "double", "take", "drop"]
    return tuple(dict.fromkeys(out))


def move_base(cfg: str, index: int) -> str:
    """A move text to read in pool state ``index % len(WALKS)``: mostly one of its own legal moves."""
    own = _own_move_texts(cfg, index % len(WALKS))
    k = index // len(WALKS)
    if own and k % 4:
        return own[k % len(own)]
    every = move_texts(cfg)
    return every[k % len(every)]


@lru_cache(maxsize=None)
def position_texts(cfg: str) -> tuple[str, ...]:
    """The position texts of the pool states and of the start."""
    g = game(cfg)
    out = [g.initial().text()] + [s.text() for s in _states(cfg)]
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=None)
def xgid_texts(cfg: str) -> tuple[str, ...]:
    g = game(cfg)
    out = [g.position.format_as(s, "XGID=") for s in (g.initial(),) + _states(cfg)]
    out += list(XGID_CUBE) + ["XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
                              "XGID=aa-BBBBA----------a-bbbbB-:0:0:1:63:0:0:0:0:10"]
    return tuple(dict.fromkeys(out))


#: XGIDs of the cube's states (only a game with the cube accepts them)
XGID_CUBE = ("XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:0:0:10",  # a double waits for its answer
             "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:--:0:0:0:0:10",  # taken, dice still to roll
             "XGID=-b----E-C---eE---c-e----B-:2:0:1:P:0:0:0:0:10")  # passed


#: position texts of other games, for every reader (a text of the wrong format must be refused)
FOREIGN = ("x5/x2,2S,x2/x2,121,x2/x5/x5 1 4", "4HPwATDgc/ABMA",
           "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "x3/x3/x3 1 1", "1D54")


def _record_non_dice(cfg: str, seed: int, plies: int) -> str:
    g = game(cfg)
    name, options, _, _ = CONFIGS[cfg]
    tags = {"Site": "fuzz", "Event": f"{cfg} seed {seed}"}
    if name.startswith("tak"):
        tags["Size"] = str(options.get("size", 5))
        if options.get("komi"):
            tags["Komi"] = str(options["komi"] // 2)
    if name.startswith("tackle") and "job" in options:
        tags["Job"] = options["job"]
    rng = random.Random(seed)
    s = g.initial()
    texts = []
    for _ in range(plies):
        moves = s.legal_moves()
        if not moves:
            break
        m = rng.choice(moves)
        texts.append(s.move_text(m))
        s.push(m)
    out = s.outcome()
    lines = [f'[{k} "{v}"]' for k, v in tags.items()] + [""]
    for i in range(0, len(texts), 2):
        lines.append(f"{i // 2 + 1}. " + " ".join(texts[i:i + 2]))
    if out is not None:
        lines.append(out.token)
    return "\n".join(lines) + "\n"


def _record_dice(cfg: str, seed: int, plies: int) -> str:
    """A match record, one roll or cube action a line (``12) 31: 8/5 6/5``, ``13) Doubles => 2``)."""
    g = game(cfg)
    rng = random.Random(seed)
    s = g.initial()
    lines = [" Game 1"]
    n = 0
    while s.outcome() is None and n < plies:
        while s.is_chance():
            s.push(sample_chance(g, s, rng))
            if len(lines) == 1:
                lines.append(f' ; [Starter "{s.to_move}"]')
        if s.outcome() is not None:
            break
        m = rng.choice(s.legal_moves())
        text = s.move_text(m)
        n += 1
        if text == "roll":
            pass
        elif text == "double":
            lines.append(f"{n:4d}) Doubles => {s.cube_value * 2}")
        elif text in ("take", "drop"):
            lines.append(f"{n:4d}) {'Takes' if text == 'take' else 'Drops'}")
        else:
            lines.append(f"{n:4d}) {s.dice[0]}{s.dice[1]}: {'' if text == 'pass' else text}")
        s.push(m)
    out = s.outcome()
    if out is not None and out.value:
        lines.append(f"      Wins {out.value} point{'s' if out.value > 1 else ''}")
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=None)
def record_texts(cfg: str) -> tuple[str, ...]:
    """Records written from random games, and the real records of tests/data for this game."""
    dice = cfg in DICE
    plies, seeds = (8, (1, 2)) if cfg == "puff" else (40, (0, 1, 2))  # Puff's turns are slow to list
    out = [(_record_dice if dice else _record_non_dice)(cfg, seed, plies) for seed in seeds]
    name = CONFIGS[cfg][0]
    if cfg == "tak":
        for path in sorted(glob.glob(os.path.join(DATA, "tak-games", "*.ptn")))[:6]:
            with open(path, encoding="utf-8") as f:
                out.append(f.read())
    path = os.path.join(DATA, f"{name}-game.txt")
    if os.path.exists(path) and cfg == name:
        with open(path, encoding="utf-8") as f:
            out.append(f.read())
    if cfg == "backgammon-money":
        out.append('; [Site "fuzz"]\n 1 point match\n\n Game 1\n White : 0                            Black : 0\n'
                   '  1) 31: 8/5 6/5                      52: 13/11 13/8\n'
                   '  2) 64: 24/18 13/9                   Doubles => 2\n'
                   '  3)  Takes                           66: 24/18(2) 13/7(2)\n')
    return tuple(out)


@lru_cache(maxsize=None)
def tag_names(cfg: str) -> tuple[str, ...]:
    """The tags the game's notation declares (options, a start position), and common ones."""
    declared = list(spec(cfg).data.get("notation", {}).get("tags", {}))
    return tuple(dict.fromkeys(declared + ["Starter", "Result", "Size", "Komi", "TPS", "Position"]))


@lru_cache(maxsize=None)
def tag_values(cfg: str) -> tuple[str, ...]:
    """Values to start a tag's value from: numbers, the game's position texts, option words."""
    return NUMBERS + position_texts(cfg)[:4] + ("", "true", "false", "core", "court", "Turm3", "Blüte", "1.5",
                                                "2.5", "0-1", "R-0")


def tag_name(cfg: str, index: int) -> str:
    names = tag_names(cfg)
    return names[(index // 7) % len(names)]


def tagged_record(cfg: str, index: int, value: str) -> str:
    """A record of the game with the tag ``tag_name(cfg, index)`` set to ``value``."""
    records = record_texts(cfg)
    record = records[index % len(records)]
    line = f'[{tag_name(cfg, index)} "{value}"]'
    if cfg in DICE:  # a match record states tags in comments after its "Game" line
        head, _, rest = record.partition("\n")
        return f"{head}\n ; {line}\n{rest}"
    return f"{line}\n{record}"


def check_record_tag(cfg: str, index: int, text: str) -> str:
    return check_record(cfg, index, tagged_record(cfg, index, text))


ROLL_TEXTS = ("3-1", "31", "3 1", "6-6", "4", "1,2", "0-0", "7-1", "")


# -- mutations ----------------------------------------------------------------------------------------
#: numbers to write in place of a number: huge, negative, non-ASCII digits, floats
NUMBERS = ("0", "00", "-1", "-0", "1", "2", "7", "9", "10", "15", "16", "17", "25", "26", "99", "255", "256",
           "65536", "2147483648", "99999999999", "9" * 4400, "-" + "9" * 60, "30000000", "²", "٣", "١٢",
           "３", "①", "𝟡", "nan", "inf", "-inf", "1e400", "0x10", "1_0", "+5", "--1", "5.5", "½", "1/2", "07")
SEPARATORS = ("/", ",", ":", "-", " ", "  ", "\t", "\n", "\r\n", ".", ";", "=", "x", "*", "|", "\u2013",
              "\u3000", "\xa0", "\x1c", "\u2028", "\x85", "")
#: runs of one character or group (repeated marks, dashes, white space)
RUNS = ("!" * 30, "?" * 30, "'" * 30, '"' * 30, "?!" * 15, "(!)" * 12, "-" * 30, " " * 40, "\n" * 40, "x" * 30,
        "/" * 30, "," * 30, "*" * 30, "(" * 30, ")" * 30, "9" * 30, "{" * 30, "}" * 30)
#: words, marks and notation pieces of the games' texts, and odd characters
WORDS = (
    "\ufeff", "\x00", "(2)", "(30000000)", "(" + "9" * 4400 + ")", "30000000 x ", "9999 x ", "(0)", "(-1)",
    "{", "}", "[", "]", '"', "\\", "bar", "off", "out", "pass", "roll", "double", "take", "drop", "XGID=",
    "Doubles => 4", "Doubles => 0", "Takes", "Drops", "Wins 1 point", "Wins 99999999999 points", "1)",
    "9999999) ", "1.", "1...", "R-0", "0-R", "F-0", "1-0", "1/2-1/2", "'", "!", "?", "?!", "(!)", "xx", "(w)",
    "(>)", "S", "C", "F", "D", "K", "O", "G", "+", ">", "<", "e", "é", "\u0130", "ß", "ﬀ", "\u00d7", "und",
    "and", "A", "a", "z", "Z", "Ω", "#", "□", "out/24", "bar/off", "25/0", "24/-1", "13/7/4/1",
    "\x1b[31m", "\U0001F600", "a0", "a99", "z1", "aa1", " Game 1\n", "\n ; [Starter \"2\"]\n",
)
#: tag lines of records
TAG_LINES = ("[Size \"6\"]\n", "[TPS \"x3/x3/x3 1 1\"]\n", "[Komi \"nan\"]\n", "[Komi \"-1e400\"]\n",
             "[Starter \"x\"]\n", "[Job \"Turm3\"]\n", "[Target \"99\"]\n", "[Size \"²\"]\n", "[Result \"*\"]\n",
             "[Position \"x\"]\n", "[Gold \"court\"]\n")
PAYLOAD_KINDS = (NUMBERS, SEPARATORS, RUNS, WORDS, TAG_LINES)
PAYLOADS = tuple(x for kind in PAYLOAD_KINDS for x in kind)
#: small changes that often keep a text valid (another digit, two tokens or cells swapped)
GENTLE = ("digit", "tokens", "cell")
OPS = ("delete", "delete_span", "insert", "replace", "duplicate", "swap", "number", "separator",
       "repeat_count", "times", "bom", "long", "truncate", "case", "empty", "lines", "whitespace",
       "concat", "stutter") + GENTLE

Op = tuple[str, int, int, str]


def _runs(pattern: str, text: str) -> list[re.Match[str]]:
    return list(re.finditer(pattern, text))


def apply_op(text: str, op: Op) -> str:
    kind, a, b, payload = op
    n = len(text)
    i = a % (n + 1)
    if kind == "delete":
        return text[:i] + text[i + 1:]
    if kind == "delete_span":
        return text[:i] + text[i + 1 + b % 20:]
    if kind == "insert":
        return text[:i] + payload + text[i:]
    if kind == "replace":
        return text[:i] + payload + text[i + 1:]
    if kind == "duplicate":
        span = text[i:i + 1 + b % 20]
        return text[:i] + span + span + text[i + len(span):]
    if kind == "swap":
        if n < 2:
            return text
        i, j = a % n, b % n
        chars = list(text)
        chars[i], chars[j] = chars[j], chars[i]
        return "".join(chars)
    if kind == "number":
        runs = _runs(r"\d+", text)
        new = payload if payload and (payload in NUMBERS or payload.lstrip("-").isdigit()) else NUMBERS[b % len(NUMBERS)]
        if not runs:
            return text[:i] + new + text[i:]
        m = runs[a % len(runs)]
        return text[:m.start()] + new + text[m.end():]
    if kind == "separator":
        runs = _runs(r"[/,:\- .;=()x*\n]", text)
        new = SEPARATORS[b % len(SEPARATORS)]
        if not runs:
            return text + new
        m = runs[a % len(runs)]
        return text[:m.start()] + new + text[m.end():]
    if kind in ("repeat_count", "times"):
        count = ("30000000", "17", "16", "0", "9" * 4400, "٣", "2")[b % 7]
        ends = [m.end() for m in _runs(r"\S+", text)] or [n]
        starts = [m.start() for m in _runs(r"\S+", text)] or [0]
        if kind == "repeat_count":
            k = ends[a % len(ends)]
            return text[:k] + f"({count})" + text[k:]
        k = starts[a % len(starts)]
        return text[:k] + f"{count} x " + text[k:]
    if kind == "digit":
        runs = _runs(r"[0-9]", text)
        if not runs:
            return text
        m = runs[a % len(runs)]
        return text[:m.start()] + str(b % 10) + text[m.end():]
    if kind in ("tokens", "cell"):
        parts = re.split(r"(\s+)" if kind == "tokens" else r"([,/\s]+)", text)
        words = list(range(0, len(parts), 2))
        if len(words) < 2:
            return text
        i, j = words[a % len(words)], words[b % len(words)]
        parts[i], parts[j] = parts[j], parts[i]
        return "".join(parts)
    if kind == "stutter":  # one character repeated: 2 to 65 times
        if not n:
            return text
        j = a % n
        return text[:j] + text[j] * (2 + b % 64) + text[j + 1:]
    if kind == "bom":
        return "\ufeff" + text
    if kind == "long":
        unit = (text or payload or "x") + ("", " ", "\n", "/")[b % 4]
        return (unit * (10_000 // max(1, len(unit)) + 1))[:10_000]
    if kind == "truncate":
        return text[:i]
    if kind == "case":
        return (text.upper(), text.lower(), text.swapcase())[b % 3]
    if kind == "empty":
        return ("", " ", "\n", "\x00", "\ufeff")[b % 5]
    if kind == "lines":
        lines = text.split("\n")
        if not lines:
            return text
        j = a % len(lines)
        how = b % 4
        if how == 0:
            del lines[j]
        elif how == 1:
            lines.insert(j, lines[j])
        elif how == 2:
            lines[j], lines[-1] = lines[-1], lines[j]
        else:
            lines.insert(j, payload)
        return "\n".join(lines)
    if kind == "whitespace":
        return re.sub(r" ", ("", "\t", "\n", "  ", "\u3000", "\x00")[b % 6], text)
    if kind == "concat":
        return text + ("", " ", "\n", "\n\n")[b % 4] + (payload or text)
    raise ValueError(kind)  # pragma: no cover


def mutate(text: str, ops: list[Op]) -> str:
    for op in ops:
        text = apply_op(text, op)
        if len(text) > 12_000:  # a bound on the inputs: some ops grow them
            text = text[:12_000]
    return text


def random_ops(rng: random.Random) -> list[Op]:
    """1 to 4 mutations (sometimes up to 10), for the script mode."""
    count = rng.choice((1, 1, 1, 2, 2, 3, 4, rng.randint(1, 10)))
    ops = []
    if rng.random() < 0.3:  # near misses: one or two small changes
        return [(rng.choice(GENTLE), rng.randrange(1 << 16), rng.randrange(1 << 16), "")
                for _ in range(rng.choice((1, 1, 2)))]
    for _ in range(count):
        if rng.random() < 0.15:
            payload = "".join(_random_char(rng) for _ in range(rng.randint(1, 4)))
        else:
            payload = rng.choice(rng.choice(PAYLOAD_KINDS))
        ops.append((rng.choice(OPS), rng.randrange(1 << 16), rng.randrange(1 << 16), payload))
    return ops


def _random_char(rng: random.Random) -> str:
    while True:
        c = rng.choice((rng.randrange(32, 127), rng.randrange(0x80, 0x800), rng.randrange(0x110000)))
        if not 0xD800 <= c <= 0xDFFF:
            return chr(c)


# -- calls with a time limit --------------------------------------------------------------------------
class _Alarm(BaseException):
    """Raised by the alarm signal; a BaseException so that no ``except Exception`` swallows it."""


class Hang(AssertionError):
    pass


def where(frame: traceback.FrameSummary) -> str:
    """``file:line function``, the file relative to the project."""
    name = os.path.relpath(frame.filename, os.path.dirname(HERE))
    return f"{name}:{frame.lineno} {frame.name}"


def _on_alarm(signum: int, frame: Any) -> None:
    raise _Alarm()


def call(fn: Callable[..., Any], *args: Any, what: str = "") -> Any:
    """``fn(*args)``, failing with "hang" when it takes more than CALL_SECONDS."""
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(CALL_SECONDS)
    try:
        return fn(*args)
    except _Alarm as alarm:
        frames = traceback.extract_tb(alarm.__traceback__)[:-1]  # the last one is _on_alarm
        engine = [f for f in frames if "/interpreter/" in f.filename or "/dsl/" in f.filename] or frames
        at = f" (interrupted in {where(engine[-1])})" if engine else ""
        raise Hang(f"hang: {what or getattr(fn, '__name__', fn)} took more than {CALL_SECONDS} s{at}") from None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refusing(fn: Callable[..., Any], *args: Any, what: str = "") -> tuple[bool, Any]:
    """(True, value) or (False, the SpielwerkError); any other exception propagates (a bug)."""
    try:
        return True, call(fn, *args, what=what)
    except SpielwerkError as exc:
        str(exc)  # the message itself must be writable
        return False, exc


# -- the checks, one per reader -----------------------------------------------------------------------
def exercise(g: Any, s: Any, what: str) -> None:
    """An accepted position is playable: its outcome, picture, hash, moves and their texts."""
    assert call(g.rehash, s) == s.hash, f"{what}: the hash of the state read differs from a fresh rehash"
    call(s.outcome)
    call(str, s, what="render")
    if call(s.is_chance):
        ok, roll = refusing(sample_chance, g, s, random.Random(0))
        assert ok, f"{what}: a chance node without a roll: {roll}"
        call(s.push, roll)
    moves = call(s.legal_moves, what="legal_moves")
    for m in moves[:4]:
        text = call(s.move_text, m)
        ok, back = refusing(g.parse_move, s, text)
        assert ok and back == m, f"{what}: the move text {text!r} of a legal move reads back as {back!r}"
        key, h = s.key(), s.hash
        call(s.push, m)
        call(s.text)
        call(s.pop)
        assert s.key() == key and s.hash == h, f"{what}: push then pop of {text!r} changed the state"


def round_trip(g: Any, s: Any, what: str) -> None:
    t = call(s.text)
    ok, again = refusing(g.parse_position, t)
    assert ok, f"{what}: the game's own position text {t!r} is refused: {again}"
    t2 = call(again.text)
    assert t2 == t, f"{what}: position text {t!r} reads back as {t2!r}"


def check_move(cfg: str, index: int, text: str) -> str:
    g = game(cfg)
    s = state(cfg, index)
    key, h = s.key(), s.hash
    legal = call(s.legal_moves)
    ok, m = refusing(s.push_text, text)
    if not ok:
        assert s.key() == key and s.hash == h, "a refused move text changed the state"
        return REFUSED
    assert m in legal, f"accepted move {m!r} is not among the legal moves"
    call(s.text)
    call(s.pop)
    assert s.key() == key and s.hash == h, "push_text then pop did not restore the state"
    return ACCEPTED


def check_position(cfg: str, index: int, text: str) -> str:
    g = game(cfg)
    ok, s = refusing(g.parse_position, text)
    if not ok:
        return REFUSED
    round_trip(g, s, "position")
    exercise(g, s, "position")
    return ACCEPTED


def check_xgid(cfg: str, index: int, text: str) -> str:
    g = game(cfg)
    ok, s = refusing(g.parse_position, text)
    if not ok:
        return REFUSED
    x = call(g.position.format_as, s, "XGID=")
    ok, again = refusing(g.parse_position, x)
    assert ok, f"the game's own XGID {x!r} is refused: {again}"
    x2 = call(g.position.format_as, again, "XGID=")
    assert x2 == x, f"XGID {x!r} reads back as {x2!r}"
    round_trip(g, s, "XGID")
    exercise(g, s, "XGID")
    return ACCEPTED


def check_record(cfg: str, index: int, text: str) -> str:
    options = CONFIGS[cfg][3]
    games = call(replay_text, spec(cfg), text, dict(options), what="replay_text")  # never raises at all
    assert isinstance(games, list)
    clean = True
    for r in games:
        assert isinstance(r, Replayed)
        assert isinstance(call(lambda: r.result, what="result"), str)
        if r.error is not None:
            clean = False
            e = r.error
            assert isinstance(e, ReplayError) and isinstance(e.number, int) and isinstance(e.text, str) \
                and isinstance(e.reason, str), f"a malformed replay error {e!r}"
            str(e)
        if r.state is not None:
            round_trip(r.state.game, r.state, "record's last position")
    return ACCEPTED if clean and games else REFUSED


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``spielwerk ARGV`` in this process: (exit code, stdout, stderr); a usage error is exit 2."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = call(cli_main, argv, what="spielwerk " + " ".join(argv[:2]))
        except SystemExit as exc:
            assert exc.code == 2, f"SystemExit({exc.code!r}) besides a usage error"
            code = 2
    assert isinstance(code, int) and not isinstance(code, bool), f"exit code {code!r}"
    o, e = out.getvalue(), err.getvalue()
    assert "Traceback" not in o + e, "a traceback in the output"
    if code != 0:
        assert (o + e).strip(), f"exit code {code} without a message"
    return code, o, e


def _cli_result(code: int) -> str:
    return ACCEPTED if code == 0 else REFUSED


def check_cli_moves(cfg: str, index: int, text: str) -> str:
    name, _, opts, _ = CONFIGS[cfg]
    after = ["--after"] if index % 2 else []
    roll = ["--roll=6-5"] if cfg in DICE and "XGID" not in text.upper() else []
    return _cli_result(run_cli(["moves", name, *opts, f"--position={text}", *roll, *after])[0])


def roll_position(cfg: str, index: int) -> str:
    """A position text before a roll (a pool state's text), or '' for the start."""
    if index % 3 == 0:
        return ""
    texts = position_texts(cfg)
    return texts[index % len(texts)]


def check_cli_roll(cfg: str, index: int, text: str) -> str:
    name, _, opts, _ = CONFIGS[cfg]
    pos = roll_position(cfg, index)
    where = [f"--position={pos}"] if pos else []
    return _cli_result(run_cli(["moves", name, *opts, *where, f"--roll={text}", "--after"])[0])


def check_cli_perft(cfg: str, index: int, text: str) -> str:
    name, _, opts, _ = CONFIGS[cfg]
    divide = ["--divide"] if index % 2 else []
    return _cli_result(run_cli(["perft", name, *opts, "--depth", "1", f"--position={text}", *divide])[0])


def check_cli_play(cfg: str, index: int, text: str) -> str:
    name, _, opts, _ = CONFIGS[cfg]
    return _cli_result(run_cli(["play", name, *opts, f"--position={text}", "--white", "random", "--black",
                                "random", "--seed", str(index % 5), "--max-plies", "4"])[0])


def check_cli_replay(cfg: str, index: int, text: str) -> str:
    name, _, _, options = CONFIGS[cfg]
    opts = [x for k, v in options.items() for x in ("-o", f"{k}={str(v).lower()}")]
    fd, path = tempfile.mkstemp(prefix="fuzz-record-", suffix=".txt")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8", "surrogatepass"))
        return _cli_result(run_cli(["replay", name, *opts, path])[0])
    finally:
        os.unlink(path)


# -- the parsers: where the inputs come from and how they are checked ----------------------------------
#: parser -> (the configurations it covers, the base texts of a configuration, the check, the call)
PARSERS: dict[str, tuple[list[str], Callable[[str], tuple[str, ...]], Callable[[str, int, str], str], str]] = {
    "move": (list(CONFIGS), move_texts, check_move, "{state}; s.push_text(TEXT)"),
    "position": (STACK_ROWS, lambda c: position_texts(c) + FOREIGN, check_position, "{game}.parse_position(TEXT)"),
    "gnubg": (GNUBG, lambda c: position_texts(c) + FOREIGN, check_position, "{game}.parse_position(TEXT)"),
    "xgid": (GNUBG, xgid_texts, check_xgid, "{game}.parse_position(TEXT)"),
    "record-ptn": (BOARD, record_texts, check_record, "replay_text(spielwerk.load_spec_for({name!r}), TEXT, {ropts})"),
    "record-match": (DICE, record_texts, check_record,
                     "replay_text(spielwerk.load_spec_for({name!r}), TEXT, {ropts})"),
    "record-tags": (list(CONFIGS), tag_values, check_record_tag,
                    "replay_text(spielwerk.load_spec_for({name!r}), tagged_record({cfg!r}, {index}, TEXT), {ropts})"
                    "  # the tag {tag}"),
    "cli-moves": (list(CONFIGS), lambda c: position_texts(c) + (xgid_texts(c) if c in GNUBG else ()) + FOREIGN,
                  check_cli_moves, "main(['moves', {name!r}, *{opts}, '--position=' + TEXT{roll}{after}])"),
    "cli-roll": (DICE + ["tak", "tactix"], lambda c: ROLL_TEXTS, check_cli_roll,
                 "main(['moves', {name!r}, *{opts}, {rollpos}'--roll=' + TEXT, '--after'])"),
    "cli-perft": (list(CONFIGS), lambda c: position_texts(c) + (xgid_texts(c) if c in GNUBG else ()),
                  check_cli_perft, "main(['perft', {name!r}, *{opts}, '--depth', '1', '--position=' + TEXT{divide}])"),
    "cli-play": (list(CONFIGS), lambda c: position_texts(c) + (xgid_texts(c) if c in GNUBG else ()),
                 check_cli_play, "main(['play', {name!r}, *{opts}, '--position=' + TEXT, '--white', 'random', "
                                 "'--black', 'random', '--seed', '{seed}', '--max-plies', '4'])"),
    "cli-replay": (list(CONFIGS), record_texts, check_cli_replay,
                   "main(['replay', {name!r}, ...options, FILE])  # FILE holds TEXT"),
}


def base_text(parser: str, cfg: str, index: int) -> str:
    if parser == "move":
        return move_base(cfg, index)
    texts = PARSERS[parser][1](cfg)
    return texts[index % len(texts)]


def describe(parser: str, cfg: str, index: int, text: str = "") -> str:
    """The call that reproduces a run of ``parser`` (TEXT stands for the input)."""
    name, options, opts, ropts = CONFIGS[cfg]
    args = "".join(f", {k}={v!r}" for k, v in options.items())
    pos = roll_position(cfg, index) if parser == "cli-roll" else ""
    return PARSERS[parser][3].format(
        state=state_call(cfg, index), game=f"spielwerk.load({name!r}{args})", name=name, opts=opts,
        ropts=ropts, roll=", '--roll=6-5'" if cfg in DICE and "XGID" not in text.upper() else "", after=", '--after'" if index % 2 else "", divide=", '--divide'" if index % 2 else "",
        seed=index % 5, cfg=cfg, index=index, tag=tag_name(cfg, index) if parser == "record-tags" else "",
        rollpos=f"'--position={pos}', " if pos else "")


def run(parser: str, cfg: str, index: int, text: str) -> str:
    """Check one input; ACCEPTED or REFUSED, or an exception for a bug."""
    return PARSERS[parser][2](cfg, index, text)
