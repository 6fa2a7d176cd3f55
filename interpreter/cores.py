"""How many processes to start: one count for every part of the engine that starts workers (the
batches, perft's root shared out, the compiled engine's build)."""

from __future__ import annotations

import os

__all__ = ["most_jobs", "processes"]


def most_jobs() -> int:
    """The most worker processes worth starting on this machine: four per core (more only cost
    memory and time to start)."""
    return 4 * (os.cpu_count() or 1)


def processes(jobs: int | None, work: int | None = None) -> int:
    """The number of processes to start for ``jobs``: ``None`` or 0 means one per core; never more
    than :func:`most_jobs`, nor than the tasks there are (``work``); one plays them in this process."""
    if jobs is None or jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs < 0:
        raise ValueError(f"jobs: a count of processes (0 for one per core), not {jobs}")
    jobs = min(jobs, most_jobs())
    return jobs if work is None else max(1, min(jobs, work))
