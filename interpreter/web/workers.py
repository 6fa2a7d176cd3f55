"""Worker processes for the web app's costly work: reading and compiling game files, working out
positions, and agents thinking.

A :class:`Pool` keeps up to ``size`` worker processes (started with ``forkserver`` where the
system has it, else ``spawn``: never forked from the server's threads), each serving one job at a
time over a pipe. The server's event loop awaits a job without blocking: a thread of the pool's
own waits for the worker's answer, so the server answers other requests meanwhile. A job that
overruns its time is ended by killing its worker, and so is a job cancelled through its
:class:`Handle`; a fresh worker takes the place of a killed one when it is next needed.

Errors come back as :class:`JobError`: a message for the page and an HTTP status. The traceback of
a job that failed unexpectedly stays in the server's log.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["Handle", "JobError", "Pool"]

log = logging.getLogger("spielwerk.web")


class JobError(Exception):
    """A job that did not give its answer: the message for the page, the HTTP status, and the
    located problems of a typed game file, if that is why."""

    def __init__(self, message: str, status: int = 400, problems: list[dict[str, Any]] | None = None,
                 cancelled: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.problems = problems
        self.cancelled = cancelled


def _serve(conn: Connection, memory: int) -> None:
    """A worker's life: answer jobs until the pipe closes. An answer is ``("ok", result)``,
    ``("refused", message, problems)`` for bad input, ``("ended", message)`` when the worker
    ends after answering (it ran out of memory), or ``("failed", message, traceback)``."""
    if memory:
        try:
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        except (ImportError, ValueError, OSError):  # not on this system: the pool's time limit still holds
            pass
    from ..dsl.errors import SpielwerkError
    from .jobs import JOBS, GameFileProblems
    while True:
        try:
            name, payload = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        stop = False
        try:
            answer: tuple[Any, ...] = ("ok", JOBS[name](payload))
        except GameFileProblems as exc:
            answer = ("refused", str(exc), exc.problems)
        except SpielwerkError as exc:
            answer = ("refused", str(exc), None)
        except (MemoryError, RecursionError) as exc:
            stop = True  # what is left of this process is not to be trusted: it ends after answering
            answer = ("ended", "this needs more memory than the server gives one piece of work"
                      if isinstance(exc, MemoryError) else "this is nested too deeply to work out")
        except Exception as exc:
            answer = ("failed", f"{type(exc).__name__}: {exc}", traceback.format_exc())
        try:
            conn.send(answer)
        except Exception as exc:  # an answer that does not pickle, or a pipe gone
            try:
                conn.send(("failed", f"the answer could not be sent back: {type(exc).__name__}", traceback.format_exc()))
            except Exception:
                return
        if stop:
            return


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["spielwerk.web.jobs"])
        return ctx
    return multiprocessing.get_context("spawn")


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, ctx: Any, memory: int, name: str) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, memory), name=name, daemon=True)
        self.process.start()
        child.close()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()

    def close(self) -> None:
        self.kill()
        self.process.join(5)
        self.conn.close()


class Handle:
    """A job that can be cancelled from another request: its worker is killed, and the job ends
    with a ``JobError`` (status 409, ``cancelled``)."""

    def __init__(self) -> None:
        self.cancelled = False
        self.started = time.monotonic()
        self._worker: _Worker | None = None
        self._lock = threading.Lock()

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            if self._worker is not None:
                self._worker.kill()

    def _attach(self, worker: _Worker | None) -> None:
        with self._lock:
            self._worker = worker
            if worker is not None and self.cancelled:
                worker.kill()


class Pool:
    """Up to ``size`` worker processes; at most ``queue`` jobs wait for one (more are refused
    as busy, 503)."""

    def __init__(self, size: int, *, name: str = "spielwerk-worker", memory: int = 0, queue: int = 32) -> None:
        if size < 1:
            raise ValueError(f"a pool has at least one worker, not {size}")
        self.size, self.name, self.memory, self.queue = size, name, memory, queue
        self._ctx = _context()
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._cond = threading.Condition()
        self._waiting = 0
        self._closed = False
        self._threads = ThreadPoolExecutor(max_workers=size + queue, thread_name_prefix=name)

    async def run(self, job: str, payload: dict[str, Any], timeout: float, handle: Handle | None = None,
                  what: str = "this") -> Any:
        """Run ``job`` on ``payload`` in a worker and return its answer; at most ``timeout``
        seconds of work (``what`` names the work in the message when it overruns)."""
        with self._cond:
            if self._closed:
                raise JobError("the server is stopping", 503)
            if self._waiting >= self.size + self.queue:
                raise JobError("the server is busy: try again in a moment", 503)
            self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._threads, self._run, job, payload, timeout, handle, what)
        finally:
            with self._cond:
                self._waiting -= 1

    def _take(self, handle: Handle | None) -> _Worker:
        with self._cond:
            while True:
                if self._closed:
                    raise JobError("the server is stopping", 503)
                if handle is not None and handle.cancelled:
                    raise JobError("stopped before it began", 409, cancelled=True)
                if self._idle:
                    return self._idle.pop()
                if len(self._all) < self.size:
                    worker = _Worker(self._ctx, self.memory, self.name)
                    self._all.add(worker)
                    return worker
                self._cond.wait(0.25)

    def _give_back(self, worker: _Worker, healthy: bool) -> None:
        with self._cond:
            if healthy and not self._closed and worker.process.is_alive():
                self._idle.append(worker)
            else:
                self._all.discard(worker)
                threading.Thread(target=worker.close, daemon=True).start()
            self._cond.notify()

    def _run(self, job: str, payload: dict[str, Any], timeout: float, handle: Handle | None, what: str) -> Any:
        worker = self._take(handle)
        healthy = False
        try:
            if handle is not None:
                handle._attach(worker)
            try:
                worker.conn.send((job, payload))
                ready = worker.conn.poll(timeout)
                answer = worker.conn.recv() if ready else None
            except (EOFError, OSError, BrokenPipeError):
                answer = None
                ready = True  # the worker died (killed by a cancel, or out of memory)
            if handle is not None and handle.cancelled:
                raise JobError("stopped: the game is as it was", 409, cancelled=True)
            if not ready:
                raise JobError(f"{what} took longer than {timeout:g} s and was stopped", 503)
            if answer is None:
                raise JobError(f"{what} stopped the worker working on it (out of memory?)", 503)
            healthy = answer[0] != "ended"
            if answer[0] == "ok":
                return answer[1]
            if answer[0] in ("refused", "ended"):
                raise JobError(answer[1], 400, answer[2] if answer[0] == "refused" else None)
            log.error("a %s job failed: %s\n%s", job, answer[1], answer[2])
            raise JobError(f"the server failed while working on this ({answer[1].split(':')[0]})", 500)
        finally:
            if handle is not None:
                handle._attach(None)
            self._give_back(worker, healthy)

    def warm(self) -> None:
        """Start the workers now rather than at the first job (they take a moment to start)."""
        with self._cond:
            while len(self._all) < self.size and not self._closed:
                worker = _Worker(self._ctx, self.memory, self.name)
                self._all.add(worker)
                self._idle.append(worker)

    def close(self) -> None:
        """Kill every worker; jobs still running end as stopped."""
        with self._cond:
            self._closed = True
            workers = list(self._all)
            self._all.clear()
            self._idle.clear()
            self._cond.notify_all()
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.process.join(5)
        self._threads.shutdown(wait=False)

    def __len__(self) -> int:
        return len(self._all)

