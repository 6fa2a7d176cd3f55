"""The web app's fixtures (helpers in webtools.py): the app through Starlette's test client,
the real server (uvicorn in a thread, on a free port of this machine), and Debian's headless
Chromium driven by Playwright (the system browser; no browser is downloaded)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from webtools import CHROMIUM, Server, make_client  # noqa: E402


@pytest.fixture(scope="session")
def client():
    with make_client() as c:
        yield c


@pytest.fixture(scope="session")
def live():
    """The real server (its ``url``, its ``app``)."""
    with Server() as s:
        yield s


@pytest.fixture(scope="session")
def server(live):
    return live.url


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        # rebound.test is a name of another site that its owner points at this machine (DNS rebinding)
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox",
                                                              "--host-resolver-rules=MAP rebound.test 127.0.0.1"])
        yield b
        b.close()
