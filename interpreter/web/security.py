"""What every request must pass before the app sees it, and the headers every answer carries.

- **Host**: the name the request was sent to must be the server's own (:class:`HostRule`), so a
  page of another site cannot reach this server through a name of its own that it points at this
  machine (DNS rebinding): 421 otherwise.
- **Origin**: a request that changes something (any method but GET, HEAD and OPTIONS), and any
  request of the API (its event streams included), sent by a page of another origin is refused
  (403), and so is one a browser marks as cross-site (``Sec-Fetch-Site``). A request without
  ``Origin`` (a script, curl) passes.
- **Content type**: such a request carries JSON (``application/json``), 415 otherwise: a form or a
  ``text/plain`` body, which a page of another site may send without asking, never reaches the API.
- **Size**: a body that says it is longer than the limit is refused at once (413).
- **Headers**: a strict Content-Security-Policy (scripts from this server's files only, no inline
  script, no framing), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer``,
  ``Cross-Origin-Opener-Policy`` and ``-Resource-Policy``; API answers are not cached. No CORS
  header is ever sent.
- **Errors**: an exception that reaches this far is logged and answered as a JSON message with
  status 500; no traceback reaches a client.
"""

from __future__ import annotations

import ipaddress
import json
import logging
from dataclasses import dataclass, field
from typing import Any, Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CSP", "Guard", "HostRule", "SECURITY_HEADERS", "split_host"]

log = logging.getLogger("spielwerk.web")

#: Scripts and style sheets come from this server's files; nothing may be loaded from elsewhere,
#: no page may frame these, forms post here. ``style-src-attr 'unsafe-inline'``: the board's
#: SVG marks a point with a ``style`` attribute, which cannot run script or load anything.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]

#: methods that only read: they may come from anywhere (their answers are not readable by another
#: origin's page, as no CORS header allows it)
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def split_host(value: str) -> tuple[str, int | None] | None:
    """A ``Host`` header's name (lower case, IPv6 without brackets) and port, or None when it is
    not one."""
    value = value.strip().lower()
    if not value or any(c in value for c in " /\\@?#"):
        return None
    port: str | None = None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1:]
        if rest:
            if not rest.startswith(":"):
                return None
            port = rest[1:]
        try:
            ipaddress.IPv6Address(name)
        except ValueError:
            return None
    elif value.count(":") == 1:
        name, port = value.split(":")
    elif ":" in value:
        return None  # an IPv6 address without brackets
    else:
        name = value
    name = name.rstrip(".")
    if not name:
        return None
    if port is None:
        return name, None
    if not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return name, int(port)


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("0.0.0.0", "::", "")


@dataclass
class HostRule:
    """Which ``Host`` headers the server answers: the address it is bound to (with its port); for
    a loopback address also ``localhost``, ``127.0.0.1`` and ``[::1]``; bound to every address
    (``0.0.0.0`` or ``::``) any IP address and ``localhost`` (a page cannot make a browser send an
    address or ``localhost`` as the host of a name it controls); and the names in ``allow`` (with
    any port: for a proxy in front). ``port`` None takes any port."""

    host: str = "127.0.0.1"
    port: int | None = None
    allow: Iterable[str] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        self.host = self.host.strip().strip("[]").lower()
        self.allow = frozenset(a.strip().strip("[]").lower().rstrip(".") for a in self.allow if a.strip())
        loopback = self.host in LOOPBACK_NAMES or (_is_ip(self.host) and ipaddress.ip_address(self.host).is_loopback)
        self.wildcard = self.host in WILDCARDS
        self.names = {self.host} | (set(LOOPBACK_NAMES) if loopback else set())
        if self.wildcard:
            self.names = {"localhost"}

    def accepts(self, header: str | None, default_port: int) -> bool:
        got = split_host(header or "")
        if got is None:
            return False
        name, port = got
        if name in self.allow:
            return True
        if self.port is not None and (port if port is not None else default_port) != self.port:
            return False
        return name in self.names or (self.wildcard and _is_ip(name))


def _origin_is_own(origin: str, scheme: str, host: str) -> bool:
    """Whether the ``Origin`` header names the origin the request was sent to."""
    default = 443 if scheme == "https" else 80
    origin = origin.strip().lower()
    if "://" not in origin:
        return False
    their_scheme, rest = origin.split("://", 1)
    theirs = split_host(rest)
    ours = split_host(host)
    if theirs is None or ours is None or their_scheme != scheme:
        return False
    their_default = 443 if their_scheme == "https" else 80
    return (theirs[0], theirs[1] or their_default) == (ours[0], ours[1] or default)


class Guard:
    """ASGI middleware: the checks and headers above, in front of ``app``."""

    def __init__(self, app: ASGIApp, hosts: HostRule,
                 max_body: int) -> None:
        self.app = app
        self.hosts = hosts
        self.max_body = max_body
        #: the app's state, where it has one (Starlette's)
        self.state: Any = getattr(app, "state", None)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """Why the request is refused (status and message), or None."""
        headers: dict[str, str] = {}
        for key, value in scope.get("headers", []):
            name = key.decode("latin-1").lower()
            if name in headers and name in ("host", "origin", "content-type", "content-length"):
                return 400, f"the request has two {name} headers"
            headers[name] = value.decode("latin-1")
        scheme = scope.get("scheme", "http")
        secure = scheme in ("https", "wss")
        if not self.hosts.accepts(headers.get("host"), 443 if secure else 80):
            return 421, ("this server does not answer to the host name "
                         f"{headers.get('host', '(none)')[:100]!r} (see `spielwerk serve --allow-host`)")
        method = scope.get("method", "GET") if scope["type"] == "http" else "WEBSOCKET"
        api = scope.get("path", "").startswith("/api/")
        if method in SAFE_METHODS and not api:
            return None
        origin = headers.get("origin")
        if origin is not None and not _origin_is_own(origin, "https" if secure else "http", headers["host"]):
            return 403, "requests from pages of other sites are refused"
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "requests from pages of other sites are refused"
        if scope["type"] != "http" or method in SAFE_METHODS:
            return None
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return 415, "send the request as JSON (Content-Type: application/json)"
        length = headers.get("content-length")
        if length is not None and not length.strip().isdigit():
            return 400, "the Content-Length header is not a number"
        if length is not None and int(length) > self.max_body:
            return 413, f"a request here holds at most {self.max_body // 1024} KiB"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if scope["type"] == "websocket":
            if refused is not None:
                await receive()
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.app(scope, receive, send)
            return
        api = scope.get("path", "").startswith("/api/")
        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                kept = [(k, v) for k, v in message.get("headers", [])
                        if not k.lower().startswith(b"access-control-")]
                kept += SECURITY_HEADERS
                if api:
                    kept.append((b"cache-control", b"no-store"))
                message = dict(message, headers=kept)
            await send(message)

        if refused is not None:
            await _answer(with_headers, refused[0], refused[1], api)
            return
        try:
            await self.app(scope, receive, with_headers)
        except Exception:
            log.exception("the server failed on %s %s", scope.get("method"), scope.get("path"))
            if not started:
                await _answer(with_headers, 500, "the server failed on this request", True)


async def _answer(send: Send, status: int, message: str, as_json: bool) -> None:
    if as_json:
        body = json.dumps({"error": message}).encode()
        kind = b"application/json"
    else:
        body = (message + "\n").encode()
        kind = b"text/plain; charset=utf-8"
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
