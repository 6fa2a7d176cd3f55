"""Where the web app keeps its games and variants: SQLite by default, PostgreSQL for a shared host.

What is stored restores a game exactly: its source (a bundled game's name, or the id of a stored
variant: a game file's text), its options, its seats, its seed and how many numbers of it the dice
have drawn, its record (the position it began from and the moves played, each as its text in the
game's notation, a roll of the dice as the roll drawn), the steps of a dice turn chosen so far, and
the invite tokens of its seats. A variant is a game file's text under an id made from the text.

One small interface, :class:`Store`, with two back ends over the same SQL: the standard library's
``sqlite3`` (a file, by default in the user's data folder), and PostgreSQL through ``psycopg``
(``pip install 'spielwerk[postgres]'``). :func:`open_store` chooses by the address given.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any, Callable

__all__ = ["Store", "default_path", "open_store"]

_TABLES = [
    "CREATE TABLE IF NOT EXISTS spielwerk_variants (id TEXT PRIMARY KEY, text TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS spielwerk_games (id TEXT PRIMARY KEY, record TEXT NOT NULL, "
    "created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS spielwerk_seats (token TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER NOT NULL)",
]


def default_path() -> str:
    """The default database file: ``spielwerk/web.sqlite3`` in the user's data folder
    (``$XDG_DATA_HOME``, else ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "spielwerk", "web.sqlite3")


class Store:
    """Games, variants and seat tokens in an SQL database, reached through one DB-API connection
    (``connect`` makes it; ``mark`` is its parameter mark). Each method is one short transaction;
    a lock keeps the connection to one thread at a time (the app calls them from threads)."""

    def __init__(self, connect: Callable[[], Any], mark: str, where: str) -> None:
        self.where = where
        self._mark = mark
        self._conn = connect()
        self._lock = threading.Lock()
        for statement in _TABLES:
            self._run(statement)

    def _run(self, sql: str, args: tuple[Any, ...] = (), fetch: bool = False) -> Any:
        sql = sql.replace("?", self._mark)
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute(sql, args)
                row = cur.fetchone() if fetch else None
                self._conn.commit()
            except BaseException:
                self._conn.rollback()
                raise
            finally:
                cur.close()
        return row

    def put_variant(self, key: str, text: str) -> None:
        self._run("INSERT INTO spielwerk_variants (id, text, created) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING",
                  (key, text, time.time()))

    def variant(self, key: str) -> str | None:
        row = self._run("SELECT text FROM spielwerk_variants WHERE id = ?", (key,), fetch=True)
        return None if row is None else str(row[0])

    def put_game(self, key: str, record: dict[str, Any]) -> None:
        now = time.time()
        self._run("INSERT INTO spielwerk_games (id, record, created, updated) VALUES (?, ?, ?, ?) "
                  "ON CONFLICT (id) DO UPDATE SET record = excluded.record, updated = excluded.updated",
                  (key, json.dumps(record, separators=(",", ":")), now, now))

    def game(self, key: str) -> dict[str, Any] | None:
        row = self._run("SELECT record FROM spielwerk_games WHERE id = ?", (key,), fetch=True)
        if row is None:
            return None
        record: dict[str, Any] = json.loads(row[0])
        return record

    def put_seat(self, token: str, game: str, seat: int) -> None:
        self._run("INSERT INTO spielwerk_seats (token, game, seat) VALUES (?, ?, ?) ON CONFLICT (token) DO NOTHING",
                  (token, game, seat))

    def seat(self, token: str) -> tuple[str, int] | None:
        row = self._run("SELECT game, seat FROM spielwerk_seats WHERE token = ?", (token,), fetch=True)
        return None if row is None else (str(row[0]), int(row[1]))

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _sqlite(path: str) -> Store:
    import sqlite3
    if path != ":memory:":
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)

    def connect() -> Any:
        conn = sqlite3.connect(path, check_same_thread=False, timeout=10)
        if path != ":memory:":
            conn.execute("PRAGMA journal_mode=WAL")
        return conn
    return Store(connect, "?", f"SQLite {path}")


def _postgres(url: str) -> Store:
    import importlib
    try:
        psycopg = importlib.import_module("psycopg")
    except ImportError:
        raise SystemExit("a PostgreSQL address needs psycopg: pip install 'spielwerk[postgres]'") from None

    def connect() -> Any:
        return psycopg.connect(url)
    shown = url.split("@")[-1]  # no password in messages
    return Store(connect, "%s", f"PostgreSQL {shown}")


def open_store(address: str | None = None) -> Store:
    """The store at ``address``: ``postgresql://...`` (or ``postgres://``) a PostgreSQL database,
    ``sqlite:///PATH`` or a plain path an SQLite file, ``:memory:`` one kept in memory; by default
    the file :func:`default_path`."""
    if address is None:
        return _sqlite(default_path())
    if address.startswith(("postgresql://", "postgres://")):
        return _postgres(address)
    if address.startswith("sqlite:///"):
        return _sqlite(address[len("sqlite:///"):] or ":memory:")
    if address.startswith("sqlite://"):
        return _sqlite(address[len("sqlite://"):] or ":memory:")
    return _sqlite(address)
