"""Statistics of self-play games: read the JSON lines that ``spielwerk simulate`` writes, summarize them,
print them as tables, write them as one HTML page with plots, and compare two runs.

Each line of the input is one finished (or stopped) game between two agents, A and B, who take turns
sitting in the seats (with more than two players, each sits in several: A, B, A, ...)::

    {"game": ..., "options": {...}, "index": 12, "seed": 123456789,
     "agents": [A, B], "seats": [agent in seat 1, agent in seat 2, ...],
     "result": "...", "winner": 1 | 2 | ... | null, "finished": true | false, "value": 27 | null,
     "plies": 41, "end": "rule name" | null, "branching": [choices at each ply], "time": 0.52}

Rates count a draw as half a win: an agent's (or a seat's) score is ``(wins + draws / 2) / finished``,
where ``finished`` counts the games that ended with a winner or a draw. Games stopped by the ply cap
count in the number of games, the game lengths, the branching factor and the mean time, never in a rate
other than the unfinished rate.

The tables need ``rich``; the HTML page needs ``matplotlib`` as well. Both are imported only when a
report is drawn, so reading and summarizing games needs neither.
"""

from __future__ import annotations

import html
import io
import json
import math
import os
import statistics
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .dsl.errors import SpielwerkError

__all__ = [
    "AgentStats",
    "Bin",
    "Difference",
    "LengthStats",
    "Rate",
    "SeatStats",
    "Summary",
    "compare",
    "load_records",
    "render_comparison",
    "render_html",
    "render_table",
    "summarize",
    "wilson",
]

#: the number of games that must reach a ply for its mean branching factor to be listed
MIN_GAMES_PER_PLY = 5
#: the most bars of the game-length histogram
MAX_BINS = 20
#: the significance level of :func:`compare`
ALPHA = 0.05
#: the most rows of the branching-by-ply table (the plot shows every ply)
PLY_ROWS = 12

_MISSING_RICH = "the report's tables need rich: pip install rich"
_MISSING_MATPLOTLIB = "the HTML report needs matplotlib: pip install 'spielwerk[report]'"


# ---------------------------------------------------------------------------------------------------
# Reading and checking records
# ---------------------------------------------------------------------------------------------------

#: every key a record must have
KEYS = ("game", "options", "index", "seed", "agents", "seats", "result", "winner", "finished", "value",
        "plies", "end", "branching", "time")


def _is_int(value: Any) -> bool:
    """True for a JSON integer (``true`` and ``false`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    """True for a finite JSON number (integer or not)."""
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _check_names(record: Mapping[str, Any], key: str) -> str | None:
    """What is wrong with ``record[key]`` as a list of agent descriptions (two agents; two to six
    seats), or None."""
    names = record[key]
    most = 2 if key == "agents" else 6
    if not isinstance(names, list) or not 2 <= len(names) <= most or not all(isinstance(n, str) for n in names):
        what = "two agent names" if key == "agents" else "two to six agent names, one a seat"
        return f"{key!r} must be a list of {what}, not {json.dumps(names)}"
    return None


def _problem(record: Any) -> str | None:
    """What is wrong with one record, or None when it can be counted."""
    if not isinstance(record, dict):
        return f"a game must be a JSON object, not {type(record).__name__}"
    missing = [key for key in KEYS if key not in record]
    if missing:
        return "missing key" + ("s " if len(missing) > 1 else " ") + ", ".join(repr(k) for k in missing)
    if not isinstance(record["game"], str) or not record["game"]:
        return f"'game' must be a game name, not {json.dumps(record['game'])}"
    if not isinstance(record["options"], dict):
        return f"'options' must be an object, not {json.dumps(record['options'])}"
    if not _is_int(record["index"]):
        return f"'index' must be an integer, not {json.dumps(record['index'])}"
    if record["seed"] is not None and not _is_int(record["seed"]):
        return f"'seed' must be an integer or null, not {json.dumps(record['seed'])}"
    for key in ("agents", "seats"):
        wrong = _check_names(record, key)
        if wrong:
            return wrong
    seats, agents = record["seats"], record["agents"]
    if len(agents) != 2 or len(seats) < 2 or set(seats) != set(agents) or (
            len(seats) == 2 and sorted(seats) != sorted(agents)):
        return (f"'seats' {json.dumps(seats)} must seat the two agents {json.dumps(agents)}, each at least "
                "once, one a seat")
    if not isinstance(record["result"], str):
        return f"'result' must be a text, not {json.dumps(record['result'])}"
    if not isinstance(record["finished"], bool):
        return f"'finished' must be true or false, not {json.dumps(record['finished'])}"
    winner = record["winner"]
    if winner is not None and (not _is_int(winner) or not 1 <= winner <= len(seats)):
        return f"'winner' must be a seat (1 to {len(seats)}) or null, not {json.dumps(winner)}"
    if winner is not None and not record["finished"]:
        return f"'winner' is {winner} but the game is not finished"
    if record["value"] is not None and not _is_number(record["value"]):
        return f"'value' must be a number or null, not {json.dumps(record['value'])}"
    if not _is_int(record["plies"]) or record["plies"] < 0:
        return f"'plies' must be a whole number of at least 0, not {json.dumps(record['plies'])}"
    if record["end"] is not None and not isinstance(record["end"], str):
        return f"'end' must be the name of an end rule or null, not {json.dumps(record['end'])}"
    branching = record["branching"]
    if not isinstance(branching, list) or not all(_is_int(b) and b >= 0 for b in branching):
        return "'branching' must be a list of whole numbers of at least 0"
    if not _is_number(record["time"]) or record["time"] < 0:
        return f"'time' must be a number of seconds of at least 0, not {json.dumps(record['time'])}"
    return None


def load_records(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The games of a JSON-lines file, one object a line, each checked; empty lines are skipped.

    A line that is not JSON, not an object, lacks a key or has a value of the wrong type raises
    :class:`SpielwerkError` naming ``path:line: what is wrong``; so does a file without games.
    """
    name = os.fspath(path)
    try:
        with open(name, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as exc:
        raise SpielwerkError(f"{name}: cannot read the games: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise SpielwerkError(f"{name}: not a text file (UTF-8) of games") from None
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SpielwerkError(f"{name}:{number}: not JSON: {exc.msg} (column {exc.colno})") from None
        wrong = _problem(record)
        if wrong:
            raise SpielwerkError(f"{name}:{number}: {wrong}")
        records.append(record)
    if not records:
        raise SpielwerkError(f"{name}: no games")
    return records


# ---------------------------------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------------------------------

def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` out of ``n`` trials, ``z`` standard
    errors wide (1.96 for 95 %). With ``n == 0`` nothing is known: ``(0.0, 1.0)``.

    ``successes`` may be fractional: callers that count a draw as half a win pass
    ``wins + draws / 2`` (and ``n`` = wins + losses + draws), which is what every rate here does.
    """
    if n < 0:
        raise SpielwerkError(f"wilson: the number of trials must be at least 0, not {n}")
    if not 0 <= successes <= n:
        raise SpielwerkError(f"wilson: successes must lie between 0 and {n}, not {successes}")
    if z <= 0:
        raise SpielwerkError(f"wilson: z must be above 0, not {z}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """A proportion with its Wilson 95 % interval; ``rate`` is None when ``trials`` is 0."""

    successes: float
    trials: int
    rate: float | None
    low: float
    high: float


def _rate(successes: float, trials: int) -> Rate:
    low, high = wilson(successes, trials)
    return Rate(successes, trials, successes / trials if trials else None, low, high)


@dataclass(frozen=True)
class AgentStats:
    """One agent's games, whichever seat it took; ``score`` counts a draw as half a win."""

    name: str
    wins: int
    losses: int
    draws: int
    unfinished: int
    score: Rate


@dataclass(frozen=True)
class SeatStats:
    """One seat's games, whoever sat there (seat 1 moves first); ``score`` counts a draw as half a win."""

    seat: int
    wins: int
    score: Rate


@dataclass(frozen=True)
class Bin:
    """One bar of the game-length histogram: the games of ``low`` to ``high`` plies (both included)."""

    low: int
    high: int
    count: int


@dataclass(frozen=True)
class LengthStats:
    """Game lengths in plies, over every game (finished or not); ``std`` is the sample deviation."""

    mean: float
    std: float
    min: int
    median: float
    max: int
    bins: tuple[Bin, ...]


@dataclass(frozen=True)
class Summary:
    """The statistics of a set of games between agents A and B (see :func:`summarize`).

    ``branching_by_ply[i]`` is the mean number of choices at ply ``i + 1`` over the games that reached
    it, listed while at least :data:`MIN_GAMES_PER_PLY` games did (every ply when there are fewer games).
    ``draw_rate`` and ``decisiveness`` (the share of finished games that have a winner) are None when
    no game finished; ``branching_mean`` is None when no ply was recorded.
    """

    game: str
    options: dict[str, Any]
    games: int
    agent_a: str
    agent_b: str
    agents: tuple[AgentStats, AgentStats]
    seats: tuple[SeatStats, ...]
    finished: int
    draws: int
    unfinished: int
    draw_rate: float | None
    decisiveness: float | None
    length: LengthStats
    branching_mean: float | None
    branching_by_ply: tuple[float, ...]
    ends: dict[str, int]
    mean_time: float


def _histogram(lengths: Sequence[int]) -> tuple[Bin, ...]:
    """At most :data:`MAX_BINS` bars of equal whole-ply width from the shortest to the longest game."""
    shortest, longest = min(lengths), max(lengths)
    span = longest - shortest + 1
    width = math.ceil(span / min(MAX_BINS, span))
    counts = [0] * math.ceil(span / width)
    for length in lengths:
        counts[(length - shortest) // width] += 1
    return tuple(Bin(shortest + i * width, shortest + (i + 1) * width - 1, count)
                 for i, count in enumerate(counts))


def _length_stats(lengths: Sequence[int]) -> LengthStats:
    return LengthStats(mean=statistics.fmean(lengths),
                       std=statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
                       min=min(lengths), median=float(statistics.median(lengths)), max=max(lengths),
                       bins=_histogram(lengths))


def _branching(records: Sequence[Mapping[str, Any]]) -> tuple[float | None, tuple[float, ...]]:
    """The mean number of choices over every recorded ply, and by ply (see :class:`Summary`)."""
    sums: list[int] = []
    reached: list[int] = []
    for record in records:
        for ply, choices in enumerate(record["branching"]):
            if ply == len(sums):
                sums.append(0)
                reached.append(0)
            sums[ply] += choices
            reached[ply] += 1
    plies = sum(reached)
    mean = sum(sums) / plies if plies else None
    enough = MIN_GAMES_PER_PLY if len(records) >= MIN_GAMES_PER_PLY else 1
    by_ply: list[float] = []
    for total, games in zip(sums, reached):
        if games < enough:
            break
        by_ply.append(total / games)
    return mean, tuple(by_ply)


def summarize(records: Sequence[Mapping[str, Any]]) -> Summary:
    """The statistics of the games of one file (see :func:`load_records`).

    All games must be of the same game with the same options, between the same two agents; anything
    else raises :class:`SpielwerkError`. When both agents have the same description the seats cannot
    tell them apart, and agent A is taken to be the one in the first seat.
    """
    if not records:
        raise SpielwerkError("no games")
    first = records[0]
    for number, record in enumerate(records, start=1):
        wrong = _problem(record)
        if wrong:
            raise SpielwerkError(f"game {number}: {wrong}")
        if record["game"] != first["game"]:
            raise SpielwerkError(f"game {number} is of {record['game']!r}, game 1 of {first['game']!r}: "
                                 "summarize the games of one game at a time")
        if record["options"] != first["options"]:
            raise SpielwerkError(f"game {number} has options {json.dumps(record['options'], sort_keys=True)}, "
                                 f"game 1 {json.dumps(first['options'], sort_keys=True)}: "
                                 "summarize one set of options at a time")
        if record["agents"] != first["agents"]:
            raise SpielwerkError(f"game {number} is between {json.dumps(record['agents'])}, game 1 between "
                                 f"{json.dumps(first['agents'])}: summarize one pair of agents at a time")
        if len(record["seats"]) != len(first["seats"]):
            raise SpielwerkError(f"game {number} has {len(record['seats'])} seats, game 1 "
                                 f"{len(first['seats'])}: summarize one number of players at a time")
    agent_a, agent_b = first["agents"]
    # per agent (0 = A, 1 = B) and per seat (0 = first seat, ...)
    agent_wins = [0, 0]
    seat_wins = [0] * len(first["seats"])
    draws = unfinished = 0
    ends: dict[str, int] = {}
    for number, record in enumerate(records, start=1):
        if not record["finished"]:
            unfinished += 1
        elif record["winner"] is None:
            draws += 1
        else:
            seat = record["winner"] - 1
            seat_wins[seat] += 1
            # where both agents have the same description, the first seat's is A's
            same = agent_a == agent_b and record["seats"].index(agent_a) == seat
            agent_wins[0 if record["seats"][seat] == agent_a and (agent_a != agent_b or same) else 1] += 1
        if record["end"] is not None:
            ends[record["end"]] = ends.get(record["end"], 0) + 1
    finished = len(records) - unfinished
    agents = tuple(AgentStats(name=name, wins=agent_wins[i], losses=agent_wins[1 - i], draws=draws,
                              unfinished=unfinished, score=_rate(agent_wins[i] + draws / 2, finished))
                   for i, name in enumerate((agent_a, agent_b)))
    seats = tuple(SeatStats(seat=i + 1, wins=seat_wins[i], score=_rate(seat_wins[i] + draws / 2, finished))
                  for i in range(len(seat_wins)))
    branching_mean, branching_by_ply = _branching(records)
    return Summary(
        game=first["game"], options=dict(first["options"]), games=len(records),
        agent_a=agent_a, agent_b=agent_b,
        agents=(agents[0], agents[1]), seats=seats,
        finished=finished, draws=draws, unfinished=unfinished,
        draw_rate=draws / finished if finished else None,
        decisiveness=(finished - draws) / finished if finished else None,
        length=_length_stats([record["plies"] for record in records]),
        branching_mean=branching_mean, branching_by_ply=branching_by_ply,
        ends=dict(sorted(ends.items(), key=lambda item: (-item[1], item[0]))),
        mean_time=statistics.fmean(float(record["time"]) for record in records),
    )


# ---------------------------------------------------------------------------------------------------
# Tests of a difference between two runs
# ---------------------------------------------------------------------------------------------------

def _normal_cdf(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function, evaluated by Lentz's method."""
    tiny = 1e-300
    c = 1.0
    d = 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    value = d
    for m in range(1, 1000):
        # the even step, then the odd step, of the fraction's terms
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            value *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return value


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    # the fraction converges fast below the mean of the distribution; above it, use the symmetry
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1 - math.exp(log_front) * _beta_fraction(b, a, 1 - x) / b


def _student_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t distribution with ``df`` degrees of freedom:
    I_{df / (df + t^2)}(df / 2, 1 / 2)."""
    return _incomplete_beta(df / 2, 0.5, df / (df + t * t))


def _two_proportions(x1: float, n1: int, x2: float, n2: int) -> tuple[float, float] | None:
    """The pooled two-proportion z-test of x1/n1 against x2/n2: (z, two-sided p), or None without data."""
    if n1 == 0 or n2 == 0:
        return None
    pooled = (x1 + x2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:  # both all successes or both all failures: no difference
        return 0.0, 1.0
    z = (x2 / n2 - x1 / n1) / spread
    return z, 2 * (1 - _normal_cdf(abs(z)))


def _welch(mean1: float, sd1: float, n1: int, mean2: float, sd2: float, n2: int) -> tuple[float, float] | None:
    """Welch's t-test of two means: (t, two-sided p) with the Welch-Satterthwaite degrees of freedom and
    the Student t distribution, or None when a side has fewer than two games."""
    if n1 < 2 or n2 < 2:
        return None
    v1, v2 = sd1 * sd1 / n1, sd2 * sd2 / n2
    if v1 + v2 == 0:  # no spread on either side: the means are equal or plainly different
        return (0.0, 1.0) if mean1 == mean2 else (math.copysign(math.inf, mean2 - mean1), 0.0)
    t = (mean2 - mean1) / math.sqrt(v1 + v2)
    df = (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
    return t, _student_two_sided(t, df)


@dataclass(frozen=True)
class Difference:
    """One measure of two runs: its values, the p-value of the test that they differ (None when a run has
    no data for it), whether that is below 0.05, and a short text."""

    measure: str
    base: float | None
    variant: float | None
    p_value: float | None
    significant: bool
    text: str


def _difference(measure: str, base: float | None, variant: float | None,
                test: tuple[float, float] | None, statistic: str, digits: int = 3) -> Difference:
    if test is None or base is None or variant is None:
        return Difference(measure, base, variant, None, False, "not enough games to test")
    value, p = test
    significant = p < ALPHA
    if not significant:
        verdict = "no significant difference"
    else:
        verdict = "higher in the variant" if variant > base else "lower in the variant"
    text = f"{verdict} ({statistic} = {value:.2f})"
    return Difference(measure, base, variant, p, significant, text)


def _proportion(measure: str, base: Rate, variant: Rate) -> Difference:
    test = _two_proportions(base.successes, base.trials, variant.successes, variant.trials)
    return _difference(measure, base.rate, variant.rate, test, "z")


def compare(base: Summary, variant: Summary) -> list[Difference]:
    """The measures of two runs side by side, each with a test of whether they differ.

    Rates (the first seat's score, agent A's score, draws, decisiveness, unfinished games) use the
    pooled two-proportion z-test, with draws as half a win in scores; the mean game length uses Welch's
    t-test, its p-value from Student's t distribution (through the regularized incomplete beta function)
    with the Welch-Satterthwaite degrees of freedom. Significant means p < 0.05, one test at a time
    (no correction for testing several measures).
    """
    return [
        _proportion("player 1 score rate", base.seats[0].score, variant.seats[0].score),
        _proportion("agent A score rate", base.agents[0].score, variant.agents[0].score),
        _proportion("draw rate", _rate(base.draws, base.finished), _rate(variant.draws, variant.finished)),
        _proportion("decisiveness", _rate(base.finished - base.draws, base.finished),
                    _rate(variant.finished - variant.draws, variant.finished)),
        _proportion("unfinished rate", _rate(base.unfinished, base.games),
                    _rate(variant.unfinished, variant.games)),
        _difference("mean game length", base.length.mean, variant.length.mean,
                    _welch(base.length.mean, base.length.std, base.games,
                           variant.length.mean, variant.length.std, variant.games), "t", digits=1),
    ]


# ---------------------------------------------------------------------------------------------------
# Tables (shared by the terminal and the HTML report)
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Section:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _interval(rate: Rate) -> str:
    return "-" if rate.rate is None else f"[{_pct(rate.low)}, {_pct(rate.high)}]"


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _sampled(count: int, most: int) -> list[int]:
    """At most ``most`` indices of ``range(count)``, evenly spread, the first and the last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def _sections(summary: Summary) -> list[_Section]:
    """The report's tables as plain text cells."""
    options = json.dumps(summary.options, sort_keys=True) if summary.options else "(none)"
    overview = _Section("Games", ("measure", "value"), (
        ("game", summary.game),
        ("options", options),
        ("games", str(summary.games)),
        ("finished", str(summary.finished)),
        ("unfinished", str(summary.unfinished)),
        ("draws", str(summary.draws)),
        ("draw rate", _pct(summary.draw_rate)),
        ("decisiveness", _pct(summary.decisiveness)),
        ("mean time per game", f"{summary.mean_time:.3f} s"),
    ))
    agents = _Section("Agents (a draw counts as half a win)",
                      ("agent", "name", "wins", "losses", "draws", "unfinished", "score", "95% interval"),
                      tuple((label, a.name, str(a.wins), str(a.losses), str(a.draws), str(a.unfinished),
                             _pct(a.score.rate), _interval(a.score))
                            for label, a in zip(("A", "B"), summary.agents)))
    seats = _Section("Seats (whoever sits there; a draw counts as half a win)",
                     ("seat", "wins", "score", "95% interval"),
                     tuple((f"player {s.seat}", str(s.wins), _pct(s.score.rate), _interval(s.score))
                           for s in summary.seats))
    length = summary.length
    lengths = _Section("Game length (plies)", ("mean", "std. dev.", "min", "median", "max"),
                       ((_num(length.mean, 1), _num(length.std, 1), str(length.min), _num(length.median, 1),
                         str(length.max)),))
    tallest = max(b.count for b in length.bins)
    histogram = _Section("Game length histogram", ("plies", "games", ""),
                         tuple((str(b.low) if b.low == b.high else f"{b.low}-{b.high}", str(b.count),
                                "#" * round(30 * b.count / tallest)) for b in length.bins))
    by_ply = summary.branching_by_ply
    branching = _Section("Branching factor (choices per ply)", ("ply", "mean choices"),
                         (("all plies", _num(summary.branching_mean)),)
                         + tuple((str(i + 1), _num(by_ply[i])) for i in _sampled(len(by_ply), PLY_ROWS)))
    ends = _Section("How games end", ("end", "games", "share"),
                    tuple((name, str(count), _pct(count / summary.games)) for name, count in summary.ends.items())
                    + ((("(unfinished)", str(summary.unfinished), _pct(summary.unfinished / summary.games)),)
                       if summary.unfinished else ()))
    return [overview, agents, seats, lengths, histogram, branching, ends]


def _rich_text(sections: Sequence[_Section], heading: str) -> str:
    """The sections as rich tables, rendered to plain text 100 columns wide."""
    try:
        from rich.console import Console  # type: ignore[import-not-found, unused-ignore]
        from rich.table import Table  # type: ignore[import-not-found, unused-ignore]
        from rich.text import Text  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise SpielwerkError(_MISSING_RICH) from None
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, force_terminal=False, highlight=False)
    console.print(Text(heading))
    for section in sections:
        # Text cells: names are shown as they are, never read as rich markup
        console.print()
        console.print(Text(section.title, style="bold"))
        table = Table()
        for name in section.header:
            table.add_column(Text(name))
        for row in section.rows:
            table.add_row(*(Text(cell) for cell in row))
        console.print(table)
    return buffer.getvalue()


def render_table(summary: Summary) -> str:
    """The summary as terminal tables (plain text, 100 columns, drawn with rich)."""
    return _rich_text(_sections(summary), f"Self-play report: {summary.game} ({summary.games} games, "
                                          f"A = {summary.agent_a}, B = {summary.agent_b})")


def render_comparison(diffs: Sequence[Difference], base_label: str, variant_label: str) -> str:
    """The differences of :func:`compare` as a terminal table (plain text, drawn with rich)."""
    rows = tuple((d.measure, _num(d.base, 3), _num(d.variant, 3),
                  "-" if d.p_value is None else f"{d.p_value:.3g}", "yes" if d.significant else "no", d.text)
                 for d in diffs)
    section = _Section(f"{base_label} (base) against {variant_label} (variant)",
                       ("measure", base_label, variant_label, "p-value", "p < 0.05", "summary"), rows)
    return _rich_text([section], "Comparison of two runs")


# ---------------------------------------------------------------------------------------------------
# The HTML page
# ---------------------------------------------------------------------------------------------------

_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em 0; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; text-align: left; }
th { background: #eee; }
figure { margin: 1em 0; }
figcaption { font-weight: bold; }
"""


def _html_table(section: _Section) -> str:
    parts = [f"<h2>{html.escape(section.title)}</h2>", "<table>", "<tr>"]
    parts += [f"<th>{html.escape(name)}</th>" for name in section.header]
    parts.append("</tr>")
    for row in section.rows:
        parts.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>")
    parts.append("</table>")
    return "\n".join(parts)


def _svg(figure: Any) -> str:
    """A figure as an SVG element (without the XML prologue), ready to put inside HTML."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Creator": None, "Date": None, "Format": None, "Type": None})
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _plots(summary: Summary) -> list[tuple[str, str]]:
    """The plots as (caption, inline SVG)."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise SpielwerkError(_MISSING_MATPLOTLIB) from None
    plots: list[tuple[str, str]] = []
    # names are drawn as they are: no "$...$" formulas; distinct id salts keep the SVGs' ids apart
    with matplotlib.rc_context({"text.parse_math": False, "svg.fonttype": "path"}):
        figure, axes = plt.subplots(figsize=(7, 3.5))
        try:
            matplotlib.rcParams["svg.hashsalt"] = "length"
            bins = summary.length.bins
            axes.bar([b.low for b in bins], [b.count for b in bins], width=[b.high - b.low + 1 for b in bins],
                     align="edge", color="#4a7ab5", edgecolor="#ffffff")
            axes.set_xlabel("plies")
            axes.set_ylabel("games")
            plots.append(("Game length", _svg(figure)))
        finally:
            plt.close(figure)

        if summary.branching_by_ply:
            figure, axes = plt.subplots(figsize=(7, 3.5))
            try:
                matplotlib.rcParams["svg.hashsalt"] = "branching"
                plies = range(1, len(summary.branching_by_ply) + 1)
                axes.plot(plies, summary.branching_by_ply, color="#4a7ab5")
                axes.set_xlabel("ply")
                axes.set_ylabel("mean choices")
                axes.set_ylim(bottom=0)
                plots.append(("Branching factor by ply", _svg(figure)))
            finally:
                plt.close(figure)

        rates = [(f"{label}: {a.name}", a.score) for label, a in zip(("A", "B"), summary.agents)]
        rates += [(f"player {s.seat}", s.score) for s in summary.seats]
        shown = [(label, rate) for label, rate in rates if rate.rate is not None]
        if shown:
            figure, axes = plt.subplots(figsize=(7, 3.5))
            try:
                matplotlib.rcParams["svg.hashsalt"] = "rates"
                values = [rate.rate or 0.0 for _, rate in shown]
                errors = [[max(0.0, v - rate.low) for v, (_, rate) in zip(values, shown)],
                          [max(0.0, rate.high - v) for v, (_, rate) in zip(values, shown)]]
                places = list(range(len(shown)))
                axes.bar(places, values, yerr=errors, capsize=6, color="#4a7ab5")
                axes.axhline(0.5, color="#888", linestyle="--", linewidth=1)
                axes.set_xticks(places, [_shorten(label) for label, _ in shown])
                axes.set_ylim(0, 1)
                axes.set_ylabel("score (draw = half), 95% interval")
                plots.append(("Win rates", _svg(figure)))
            finally:
                plt.close(figure)
    return plots


def _shorten(label: str, most: int = 28) -> str:
    return label if len(label) <= most else label[:most - 3] + "..."


def render_html(summary: Summary, path: str | os.PathLike[str]) -> None:
    """Write the summary as one self-contained HTML page: the tables of :func:`render_table` and
    the plots (game lengths, branching factor by ply, score rates with their intervals) as inline SVG."""
    plots = _plots(summary)
    title = f"Self-play report: {summary.game}"
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             f"<title>{html.escape(title)}</title>", f"<style>{_STYLE}</style>", "</head>", "<body>",
             f"<h1>{html.escape(title)}</h1>",
             f"<p>{summary.games} games between A = <b>{html.escape(summary.agent_a)}</b> and "
             f"B = <b>{html.escape(summary.agent_b)}</b>. A draw counts as half a win in every score.</p>"]
    parts += [_html_table(section) for section in _sections(summary)]
    for caption, svg in plots:
        parts.append(f"<figure><figcaption>{html.escape(caption)}</figcaption>\n{svg}</figure>")
    parts += ["</body>", "</html>", ""]
    name = os.fspath(path)
    try:
        with open(name, "w", encoding="utf-8") as handle:
            handle.write("\n".join(parts))
    except OSError as exc:
        raise SpielwerkError(f"{name}: cannot write the report: {exc.strerror or exc}") from None
