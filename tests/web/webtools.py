"""Helpers of the web app's tests: a test client of a fresh app, the real server in a thread,
screenshots."""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
import time
import warnings

import pytest
from starlette.testclient import TestClient

from spielwerk.web import create_app

#: the address the test client sends requests to (the Host header the app checks)
BASE = "http://127.0.0.1:8000"
SHOTS = os.environ.get("SPIELWERK_SHOTS")  # a folder to keep the screenshots in, to look at them
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def scratch_db() -> str:
    """A fresh SQLite file for one app (never the user's own store)."""
    return os.path.join(tempfile.mkdtemp(prefix="spielwerk-test-"), "web.sqlite3")


def make_client(**options):
    """A test client of a fresh app with a store of its own, its workers started and ended with it
    (use it in ``with``)."""
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    options.setdefault("db", scratch_db())
    return TestClient(create_app(port=8000, **options), base_url=BASE)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The app served by uvicorn in a thread, on a free port of 127.0.0.1."""

    def __init__(self, port: int | None = None, **options) -> None:
        uvicorn = pytest.importorskip("uvicorn")
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        options.setdefault("db", scratch_db())
        self.db = options["db"]
        self.app = create_app(port=self.port, **options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "Server":
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                break
            time.sleep(0.05)
        assert self.server.started, "uvicorn did not start"
        return self

    def __exit__(self, *exc) -> None:
        self.app.state.server.end_streams()
        self.server.should_exit = True
        self.thread.join(10)

    def games(self) -> int:
        """How many games the server keeps."""
        return len(self.app.state.server.games.matches)


def shot(page, tmp_path, name, full_page=True):
    path = os.path.join(SHOTS or str(tmp_path), f"{name}.png")
    page.screenshot(path=path, full_page=full_page)
    assert os.path.getsize(path) > 5_000


#: the least a wait gives the page before it fails: on a loaded machine the browser and the server
#: may take long to answer a click (a passing run never waits so long)
PATIENCE = 120.0


def wait_until(page, expression: str, timeout: float = 30.0):
    """Poll ``expression`` in the page until it is true (Playwright's ``wait_for_function`` runs
    its text with ``eval``, which the pages' Content-Security-Policy forbids, as it should); fail
    after ``timeout`` seconds, or :data:`PATIENCE` where that is longer."""
    timeout = max(timeout, PATIENCE)
    end = time.monotonic() + timeout
    problem = ""
    while True:
        try:
            value = page.evaluate(expression)
        except Exception as exc:  # the page is still loading (its script not yet run), or navigating
            value, problem = None, str(exc).splitlines()[0]
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"still not true after {timeout} s: {expression} {problem}")
        page.wait_for_timeout(50)


#: texts that run script wherever they are written into a page unescaped
PAYLOADS = [
    "</script><script>window.__pwned=1;alert(1)</script>",
    "\"><img src=x onerror=\"window.__pwned=2\">",
    "'-alert(1)-'\u2028\u2029<!--<script>",
    "javascript:alert(1)",
]

HOSTILE = PAYLOADS[0] + PAYLOADS[1]


def hostile_game() -> str:
    q = json.dumps
    return f"""extends: tak
game: hostile
title: {q(HOSTILE)}
description: {q(HOSTILE)}
players: [{q(HOSTILE + " 1")}, {q(HOSTILE + " 2")}]
notation:
  fields:
    piece: {{flat: {q("<b>F")}, wall: {q('"S')}, cap: C}}
  results:
    road: [{q("<img src=x onerror=alert(1)>")}, "0-R"]
    flat: ["F-0", "0-F", "1/2-1/2"]
"""
