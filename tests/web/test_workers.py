"""Agents and costly work run in worker processes: the server answers other requests while an
agent thinks (the one timed test here: a median against a generous bound), a thinking agent is
cancelled and leaves the game as it was, and a job that overruns its time is killed."""

from __future__ import annotations

import asyncio
import statistics
import threading
import time

import httpx
import pytest

from spielwerk.web import Limits
from spielwerk.web.workers import Handle, JobError, Pool


def start_thinking(url: str, client: httpx.Client) -> tuple[str, threading.Thread, dict]:
    """A Tak 8x8 game whose agent (MCTS, 3,000 iterations, its full 5 s) is thinking."""
    game = client.post(f"{url}/api/new", json={"game": "tak", "options": {"size": 8}, "white": "human",
                                               "black": "mcts:iterations=3000", "seed": 7}).json()
    client.post(f"{url}/api/move", json={"id": game["id"], "move": "a1"}).raise_for_status()
    answer: dict = {}

    def think():
        with httpx.Client(timeout=60) as own:
            response = own.post(f"{url}/api/agent", json={"id": game["id"]})
            answer.update(status=response.status_code, body=response.json())

    thread = threading.Thread(target=think, daemon=True)
    thread.start()
    for _ in range(200):
        if client.get(f"{url}/api/state", params={"id": game["id"]}).json()["thinking"]:
            break
        time.sleep(0.02)
    else:
        pytest.fail("the agent never started thinking")
    return game["id"], thread, answer


def test_the_server_answers_while_an_agent_thinks(live):
    """While an agent thinks about a Tak 8x8 move in a worker process, another game's state comes
    back at once: the median of 15 requests is under 100 ms (a few milliseconds here; the agent
    runs in another process, so a loaded machine slows it, not the server's event loop)."""
    with httpx.Client(timeout=30) as client:
        other = client.post(f"{live.url}/api/new", json={"game": "tak", "options": {"size": 5}}).json()["id"]
        thinking, thread, answer = start_thinking(live.url, client)
        times = []
        for _ in range(15):
            t = time.perf_counter()
            response = client.get(f"{live.url}/api/state", params={"id": other})
            times.append(time.perf_counter() - t)
            assert response.status_code == 200
        still = client.get(f"{live.url}/api/state", params={"id": thinking}).json()["thinking"]
        client.post(f"{live.url}/api/cancel", json={"id": thinking})
        thread.join(30)
    median = statistics.median(times)
    print(f"median {median * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms while the agent thought")
    assert still, "the agent finished before the requests were measured"
    assert median < 0.1, times


def test_cancel_stops_the_agent_and_keeps_the_game(live):
    with httpx.Client(timeout=30) as client:
        game_id, thread, answer = start_thinking(live.url, client)
        busy = client.post(f"{live.url}/api/undo", json={"id": game_id})
        assert busy.status_code == 409 and "the agent is thinking" in busy.json()["error"]
        cancelled = client.post(f"{live.url}/api/cancel", json={"id": game_id}).json()
        assert cancelled["cancelled"]
        thread.join(30)
        assert answer["status"] == 409 and answer["body"]["cancelled"]
        state = client.get(f"{live.url}/api/state", params={"id": game_id}).json()
        assert [h["text"] for h in state["history"]] == ["a1"] and state["agent_to_move"] and not state["thinking"]
        assert not client.post(f"{live.url}/api/cancel", json={"id": game_id}).json()["cancelled"]
        # the game goes on: the agent moves when asked again (random this time, to be quick)
        other = client.post(f"{live.url}/api/new", json={"game": "tak", "options": {"size": 8}, "black": "random"})
        assert other.status_code == 200


def run(coroutine_function):
    """Run an async test body in a thread of its own (Playwright's sync API, in other tests of
    the session, leaves an event loop running in this one)."""
    out: dict = {}

    def target():
        try:
            out["value"] = asyncio.run(coroutine_function())
        except BaseException as exc:  # handed back to the test
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


def _agent_job(seconds: float) -> dict:
    return {"match": "m", "source": ("bundled", "tak"), "options": {"size": 8}, "root": None,
            "moves": [(0, 0, 0, 0)][:0], "limits": Limits(), "seats": ["human", "mcts:iterations=100000"],
            "seed": 1, "agent_seed": 1, "seconds": seconds}


def test_a_job_that_overruns_is_killed_and_the_pool_goes_on():
    pool = Pool(1, name="spielwerk-test")
    try:
        async def body():
            job = dict(_agent_job(1000.0), seats=["mcts:iterations=100000", "human"])
            with pytest.raises(JobError) as stopped:
                await pool.run("agent", job, timeout=1.0, what="the agent's move")
            assert stopped.value.status == 503 and "longer than 1 s" in stopped.value.message
            job = dict(_agent_job(1000.0), seats=["random", "human"])
            return await pool.run("agent", job, timeout=30.0)
        out = run(body)
        assert len(out["pushed"]) == 1 and out["view"]["to_move"] == 2
    finally:
        pool.close()


def test_a_handle_cancels_before_and_during_a_job():
    pool = Pool(1, name="spielwerk-test")
    try:
        async def body():
            early = Handle()
            early.cancel()
            with pytest.raises(JobError) as stopped:
                await pool.run("agent", dict(_agent_job(0.1), seats=["random", "human"]), 30.0, early)
            assert stopped.value.cancelled and stopped.value.status == 409
            late = Handle()
            job = dict(_agent_job(1000.0), seats=["mcts:iterations=100000", "human"])
            task = asyncio.ensure_future(pool.run("agent", job, 60.0, late))
            await asyncio.sleep(0.5)
            late.cancel()
            with pytest.raises(JobError) as stopped:
                await task
            assert stopped.value.cancelled
        run(body)
    finally:
        pool.close()


def test_bad_input_comes_back_as_a_message_and_failures_as_500s():
    pool = Pool(1, name="spielwerk-test")
    try:
        async def body():
            with pytest.raises(JobError) as refused:
                await pool.run("move", dict(_agent_job(1.0), move="zz9"), 30.0)
            assert refused.value.status == 400 and "zz9" in refused.value.message
            with pytest.raises(JobError) as failed:
                await pool.run("move", {"match": "m"}, 30.0)  # a job without its fields: a bug, not bad input
            assert failed.value.status == 500 and "Traceback" not in failed.value.message
        run(body)
    finally:
        pool.close()
