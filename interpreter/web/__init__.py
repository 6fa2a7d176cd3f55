"""``spielwerk serve``: a web app that plays and edits any game file (Starlette on uvicorn).

Pages: the bundled games with their options (``/``), a game against a person or an agent
(``/play``), and a rule editor that checks a game file as it is typed and plays it (``/edit``);
their scripts and style sheet are files (``/static/``). The pages talk to a small JSON API
(``/api/...``). The pieces:

- :mod:`.app`: the routes and the games being played (their records; no engine work),
- :mod:`.security`: what every request must pass (its host, origin, content type, size) and the
  headers every answer carries,
- :mod:`.workers` and :mod:`.jobs`: the engine's work in worker processes, each job with a time
  limit (agents think there; a hostile game file is read there),
- :mod:`.limits`: what one game may cost, estimated before it is compiled,
- :mod:`.store`: the games and variants kept (SQLite by default, PostgreSQL for a shared host),
- :mod:`.pages`: the HTML, every text in it escaped for where it lands.

See docs/reference/web.md for what the server exposes and how.
"""

from __future__ import annotations

from typing import Iterable

from .app import AGENTS, create_app
from .limits import Limits

__all__ = ["AGENTS", "Limits", "create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, allow_hosts: Iterable[str] = (),
          limits: Limits | None = None, db: str | None = None) -> None:
    """Run the app with uvicorn until stopped (``db``: where games are stored, see
    :func:`~spielwerk.web.store.open_store`)."""
    import uvicorn
    app = create_app(host=host, port=port, allow_hosts=allow_hosts, limits=limits, db=db)
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False, proxy_headers=False,
                timeout_graceful_shutdown=3)
