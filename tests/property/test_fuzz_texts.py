"""Fuzzing every text reader: mutated move texts, position texts (TPS, the gnubg position ID, XGID,
every game's own format) and records (PTN-like movetext, dice match records), through the API and
the command line. Every outcome is a result or the library's own error (a record replay: always a
result), never a traceback, never a hang; what is accepted is consistent (see fuzz_texts_helpers).

The inputs start from real texts (the legal moves and positions of random reachable states, records
of random games and tests/data) and are mutated: characters deleted, inserted, duplicated,
swapped; numbers replaced by huge, negative or non-ASCII ones; separators swapped; repeat counts
(``8/5(30000000)``, ``30000000 x ...``); a BOM, NUL bytes, 10,000-character texts, empty texts.

Script mode, without hypothesis (saves each distinct bug's input to /tmp/fuzz-bugs/texts/)::

    python tests/property/test_fuzz_texts.py 3000 [PARSER ...]
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":  # the script mode needs the helpers that conftest.py puts on the path
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import fuzz_texts_helpers as H
import pytest
from fuzzing import scaled
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

payloads = st.one_of(*(st.sampled_from(kind) for kind in H.PAYLOAD_KINDS), st.text(max_size=6))
mutations = st.lists(st.tuples(st.sampled_from(H.OPS), st.integers(0, (1 << 16) - 1),
                               st.integers(0, (1 << 16) - 1), payloads), max_size=5)
indexes = st.integers(0, 10_000)


def fuzz(n: int) -> settings:
    """``n`` examples (ten times as many in the slow profile). No shrinking: a hang costs ten seconds
    an attempt, and the notes of a failure already give its input and the call that reproduces it."""
    return settings(max_examples=scaled(n), deadline=None, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check(parser: str, cfg: str, index: int, ops: list[H.Op]) -> None:
    text = H.mutate(H.base_text(parser, cfg, index), ops)
    note(f"input: {text[:300]!r}{' ...' if len(text) > 300 else ''} ({len(text)} characters)")
    note(f"call: {H.describe(parser, cfg, index, text)}")
    H.run(parser, cfg, index, text)


# -- the API --------------------------------------------------------------------------------------------
@fuzz(250)
@given(st.sampled_from(list(H.CONFIGS)), indexes, mutations)
def test_move_texts(cfg, index, ops):
    """push_text: a legal move (and the state as it was after pop), or a refusal leaving the state alone."""
    check("move", cfg, index, ops)


@fuzz(250)
@given(st.sampled_from(H.STACK_ROWS), indexes, mutations)
def test_position_texts(cfg, index, ops):
    """parse_position (TPS and every game's own rows): refused, or playable and read back as written."""
    check("position", cfg, index, ops)


@fuzz(120)
@given(st.sampled_from(H.GNUBG), indexes, mutations)
def test_gnubg_ids(cfg, index, ops):
    check("gnubg", cfg, index, ops)


@fuzz(150)
@given(st.sampled_from(H.GNUBG), indexes, mutations)
def test_xgids(cfg, index, ops):
    """An accepted XGID reads back from the XGID written of it, and so does its gnubg ID."""
    check("xgid", cfg, index, ops)


@fuzz(100)
@given(st.sampled_from(H.BOARD), indexes, mutations)
def test_ptn_records(cfg, index, ops):
    """replay_text never raises: a bad record ends its game with an error."""
    check("record-ptn", cfg, index, ops)


@fuzz(80)
@given(st.sampled_from(H.DICE), indexes, mutations)
def test_match_records(cfg, index, ops):
    check("record-match", cfg, index, ops)


@fuzz(100)
@given(st.sampled_from(list(H.CONFIGS)), indexes, mutations)
def test_record_tags(cfg, index, ops):
    """A record whose tag (an option, the start position, the starter) holds a mutated value."""
    check("record-tags", cfg, index, ops)


# -- the command line -------------------------------------------------------------------------------------
@fuzz(80)
@given(st.sampled_from(list(H.CONFIGS)), indexes, mutations)
def test_cli_moves_position(cfg, index, ops):
    """`spielwerk moves GAME --position P [--after]`: an exit code and a message, no traceback."""
    check("cli-moves", cfg, index, ops)


@fuzz(60)
@given(st.sampled_from(H.PARSERS["cli-roll"][0]), indexes, mutations)
def test_cli_moves_roll(cfg, index, ops):
    check("cli-roll", cfg, index, ops)


@fuzz(60)
@given(st.sampled_from(list(H.CONFIGS)), indexes, mutations)
def test_cli_perft_position(cfg, index, ops):
    check("cli-perft", cfg, index, ops)


@fuzz(40)
@given(st.sampled_from(list(H.CONFIGS)), indexes, mutations)
def test_cli_play_position(cfg, index, ops):
    check("cli-play", cfg, index, ops)


@fuzz(50)
@given(st.sampled_from(list(H.CONFIGS)), indexes, mutations)
def test_cli_replay(cfg, index, ops):
    check("cli-replay", cfg, index, ops)


# -- long texts -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cfg", ["backgammon", "tak"])
def test_long_blank_records_are_read_quickly(cfg):
    """A record file may hold 64 MB (the CLI's limit): 60,000 blank lines (a record with blank lines
    between its games) are read in well under the time limit of a call. Reproducer:
    ``replay_text(spielwerk.load_spec_for(cfg), "\\n" * 60_000 + " Game 1\\n 1) 31: 8/5 6/5\\n")``."""
    H.check_record(cfg, 0, "\n" * 60_000 + " Game 1\n 1) 31: 8/5 6/5\n")


# -- inputs the fuzzing found (each failed when found; they pass once the engine is fixed) -------------------
FOUND = [
    # a run of trailing-mark characters not at the end: exponential backtracking in
    # normalize_move_text's regular expression (every game's move texts, records, `play`)
    ("move", "tak", 0, "!" * 30 + "a1"),
    # a trailer field of two minus signs passes the check `v.lstrip("-").isdigit()`, then int() fails
    ("position", "tak", 0, "x5/x5/x5/x5/x5 --1 1"),
    ("position", "plakoto", 0, "2222222222222,x2,2,x9,2,x4,11,1,x3,111111111111,x2 1 --1"),
    ("cli-moves", "tak", 0, "x5/x5/x5/x5/x5 1 --1"),
    ("record-ptn", "tak", 0, '[TPS "x5/x5/x5/x5/x5 --1 1"]\n\n1. a1 e5\n'),
    # a Komi tag of nan or infinity: float() reads it, int() fails (ValueError, OverflowError)
    ("record-ptn", "tak", 0, '[Komi "nan"]\n\n1. a1 e5\n'),
    ("record-ptn", "tak", 0, '[Komi "-1e400"]\n\n1. a1 e5\n'),
    ("cli-replay", "tak", 0, '[Size "3"]\n[Komi "inf"]\n\n1. a1 c3\n'),
]


@pytest.mark.parametrize("parser,cfg,index,text", FOUND)
def test_found_inputs(parser, cfg, index, text):
    H.run(parser, cfg, index, text)


# -- the texts the mutations start from are good ones -------------------------------------------------------
@pytest.mark.parametrize("cfg", list(H.CONFIGS))
def test_unmutated_texts_are_accepted(cfg):
    """The records written and read from tests/data replay cleanly, and every pool state's position
    text and moves are accepted: the mutations start from valid input."""
    for i, text in enumerate(H.record_texts(cfg)):
        assert H.run("record-ptn" if cfg in H.BOARD else "record-match", cfg, i, text) == H.ACCEPTED, text
    for i, text in enumerate(H.position_texts(cfg)):
        assert H.run("gnubg" if cfg in H.GNUBG else "position", cfg, i, text) == H.ACCEPTED, text
    for i in range(len(H.WALKS)):
        for text in H._own_move_texts(cfg, i)[:5]:
            assert H.check_move(cfg, i, text) == H.ACCEPTED, text
    if cfg in H.GNUBG:
        for i, text in enumerate(H.xgid_texts(cfg)):
            if cfg != "backgammon" or text not in H.XGID_CUBE:  # cube states need the cube
                assert H.run("xgid", cfg, i, text) == H.ACCEPTED, text


# -- the script mode ----------------------------------------------------------------------------------------
def _script(argv: list[str]) -> int:
    """Run ``count`` random mutations per parser; print the figures and each distinct bug."""
    import hashlib
    import random
    import resource
    import time
    import traceback

    count = int(argv[0]) if argv else 1000
    chosen = argv[1:] or list(H.PARSERS)
    out_dir = "/tmp/fuzz-bugs/texts"
    os.makedirs(out_dir, exist_ok=True)
    limit = 6 << 30  # runaway memory becomes a MemoryError (a bug) instead of swapping the machine
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    bugs: dict[tuple[str, str, str], dict[str, object]] = {}
    lines = []
    for parser in chosen:
        cfgs = H.PARSERS[parser][0]
        tried = accepted = refused = found = 0
        start = time.time()
        for i in range(count):
            rng = random.Random(f"{parser}:{i}")
            cfg = cfgs[i % len(cfgs)]
            index = rng.randrange(10_000)
            ops = H.random_ops(rng)
            text = H.mutate(H.base_text(parser, cfg, index), ops)
            tried += 1
            try:
                if H.run(parser, cfg, index, text) == H.ACCEPTED:
                    accepted += 1
                else:
                    refused += 1
                continue
            except Exception as exc:  # noqa: BLE001 - every other exception is the finding
                found += 1
                tb = traceback.extract_tb(exc.__traceback__)
                engine = [f for f in tb if "/interpreter/" in f.filename or "/dsl/" in f.filename]
                where = H.where(tb[-1])
                if isinstance(exc, H.Hang):  # where the alarm interrupted it
                    kind, what = "hang", ""
                    where = str(exc).rpartition("interrupted in ")[2].rstrip(")") or where
                elif isinstance(exc, AssertionError):  # a broken invariant: the message tells it
                    kind, what = "AssertionError", str(exc).split(":")[0][:80]
                    where = H.where(engine[-1]) if engine else where
                else:
                    kind, what = type(exc).__name__, ""
                key = (kind, where, what)
                entry = bugs.setdefault(key, {"count": 0, "parsers": {}, "first": None})
                entry["count"] = int(entry["count"]) + 1
                entry["parsers"][parser] = entry["parsers"].get(parser, 0) + 1  # type: ignore[index]
                if entry["first"] is None or len(text) < len(entry["first"][2]):  # keep the shortest
                    digest = hashlib.sha1(repr(key).encode()).hexdigest()[:10]
                    path = os.path.join(out_dir, f"{kind}-{digest}.txt")
                    with open(path, "wb") as f:
                        f.write(text.encode("utf-8", "surrogatepass"))
                    with open(path[:-4] + ".call", "w", encoding="utf-8") as f:
                        f.write(f"# parser {parser}, game {cfg}\n{H.describe(parser, cfg, index, text)}\n"
                                f"# TEXT = {text[:2000]!r}\n# {kind}: {str(exc)[:500]}\n"
                                + "".join(traceback.format_exception(exc)))
                    entry["first"] = (parser, cfg, text, index, str(exc)[:300], path)
        line = (f"{parser}: tried {tried}, accepted {accepted}, refused {refused}, bugs {found}"
                f"  ({time.time() - start:.0f} s)")
        lines.append(line)
        print(line, flush=True)
    print()
    print("\n".join(lines))
    print(f"\n{len(bugs)} distinct bug(s)")
    for (kind, where, what), entry in sorted(bugs.items(), key=lambda kv: -int(kv[1]["count"])):
        parser, cfg, text, index, message, path = entry["first"]  # type: ignore[misc]
        shown = text if len(text) <= 160 else text[:160] + f"... ({len(text)} characters)"
        print(f"\n{kind} at {where}{' - ' + what if what else ''}: {entry['count']}x {dict(entry['parsers'])}")
        print(f"  message: {message}")
        print(f"  input:   {shown!r}  (saved: {path})")
        print(f"  call:    {H.describe(parser, cfg, index, text)}")
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(_script(sys.argv[1:]))
