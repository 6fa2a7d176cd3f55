"""Fuzzing the game-file boundary: mutated copies of the bundled games.

The promise (the fuzzing issue): every outcome is either a game or the library's own error with a
location (``file:line:col: message``); never a traceback, never a hang, and a game that loaded never
fails later. A mutated file that loads is played: perft to depth 1 or 2 from the start, then a
random walk on which every move text and every position text must read back.

The mutations (``tests/fuzz_specs_helpers.py``) work on the parsed data (keys deleted, renamed or
added, values of another type, huge and negative numbers, deep nesting, parts grafted from other
games, expressions that are deep, huge, dividing by zero or naming nothing) and on the raw text
(duplicate keys, aliases, billion laughs, ``!!python/object`` and other tags, deep flow nesting,
binary bytes, byte-order marks, truncation, files and texts past the size limits).

Loading, and each ply of play, runs under ``signal.alarm(20)``: a step that does not end is a hang
and fails the test (a perft to depth 2 that takes over 5 s is merely given up: legal dice games can
have a hundred thousand moves in one position). The address space is capped at what is in use plus
3 GiB (``RLIMIT_AS``, lifted again afterwards; this does not disturb pytest), so runaway memory is a
``MemoryError`` and fails the test too.

Script mode counts what happens to many mutations and keeps a reproducer per kind of bug::

    python tests/property/test_fuzz_specs.py 3000 [SEED [FOLDER]]

prints ``tried N, refused with a location R, loaded L, played P plies, bugs B`` and each kind of bug
with the file it was found with (``FOLDER/KIND.yaml``, default ``/tmp/fuzz-bugs/specs``; what was
done and the traceback beside it in ``KIND.txt``).
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":  # script mode: the helpers live in tests/
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import fuzz_specs_helpers as fz  # noqa: E402
from fuzzing import SLOW, scaled  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

# no `explain` phase: its line tracing slows the engine twentyfold, and the alarm would call that a hang
FUZZ = dict(deadline=None, derandomize=not SLOW, database=None, print_blob=True,
            phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                   HealthCheck.filter_too_much])


def _judge(raw: bytes, what: str, seed: int = 0, plies: int = 30) -> fz.Verdict:
    verdict = fz.try_bytes(raw, seed=seed, plies=plies)
    if verdict.bugs:
        text = raw[:3000].decode("utf-8", "replace")
        details = "\n\n".join(f"{b.summary}\n{b.trace}" for b in verdict.bugs)
        raise AssertionError(f"mutation: {what}\n\n{details}\n\n--- the file (first 3000 bytes) ---\n{text}")
    return verdict


def _mutate_and_judge(data: st.DataObject, ops: tuple[str, ...] | None, flow_sometimes: bool) -> None:
    """Draw a bundled game, mutate its data with ``ops`` (all kinds when None), judge the result."""
    ch = fz.HypothesisChooser(data)
    name = ch.choice(sorted(fz.bases()))
    new, done = fz.mutate_data(ch, name, fz.bases()[name][1], ops=ops)
    raw = fz.dump(new, flow=flow_sometimes and ch.integer(0, 4) == 0).encode("utf-8")
    _judge(raw, f"{name}: {'; '.join(done)}", seed=ch.integer(0, 2**16))


@settings(max_examples=scaled(80), **FUZZ)
@given(st.data())
def test_mutated_data_loads_or_is_refused_with_a_location(data):
    """Keys deleted, renamed, added; values retyped, grafted, nested; numbers and expressions."""
    _mutate_and_judge(data, None, flow_sometimes=True)


@settings(max_examples=scaled(60), **FUZZ)
@given(st.data())
def test_mutated_expressions_load_or_are_refused_with_a_location(data):
    """Only expressions: in every place one stands, and new conditions where one may stand."""
    _mutate_and_judge(data, ("expr",), flow_sometimes=False)


@settings(max_examples=scaled(80), **FUZZ)
@given(st.data())
def test_mutated_text_loads_or_is_refused_with_a_location(data):
    """YAML-level attacks on the file's text: aliases, tags, duplicate keys, nesting, bytes."""
    ch = fz.HypothesisChooser(data)
    name = ch.choice(sorted(fz.bases()))
    raw, what = fz.mutate_text(ch, fz.bases()[name][0])
    _judge(raw, f"{name}: {what}", plies=10)


def test_the_bundled_games_pass_the_oracle():
    """The oracle itself: every unmutated game loads and plays without a complaint."""
    for path in fz.GAME_FILES:
        verdict = fz.check_file(path, seed=1, plies=30)
        assert not verdict.bugs, [b.summary for b in verdict.bugs]
        assert verdict.loaded, verdict.message


if __name__ == "__main__":
    sys.exit(fz.main(sys.argv[1:]))
