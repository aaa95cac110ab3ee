"""Checks every request passes before any route sees it, and headers every response carries.

They are plain ASGI middleware on the whole app, so a page or endpoint added later gets them
without asking:

- ``AllowedHosts``: a request for a Host the server was not told it is called is refused (400),
  which stops DNS rebinding, and links the server builds from the Host (invites) can only name an
  allowed host;
- ``BodyLimit``: a request body past its size limit is refused (413) before the route reads it;
- ``SameOrigin``: a state-changing request (anything but GET/HEAD/OPTIONS) from another site is
  refused (403): browsers say where a request comes from (``Sec-Fetch-Site``, ``Origin``), and a
  page on another site must not be able to post moves, create matches or submit the watch form;
- ``NoTokenInUrl``: a ``?token=`` is refused (400) everywhere but the event stream, where a browser
  cannot send a header: tokens in addresses end up in logs and histories;
- ``SecurityHeaders``: a Content-Security-Policy without inline script, no framing, no MIME
  sniffing, no Referer;
- ``LastResort``: an exception no handler took is logged and answered 500 inside the other guards,
  so the answer carries the same headers as any other, and the connection stays open.

Refusals are the API's JSON error body ``{"error": "...", "status": N}``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from turnbuckle.engine.errors import quoted
from turnbuckle.text import whole_number

log = logging.getLogger("turnbuckle.web")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
TOKEN_IN_URL_ALLOWED = "/stream"
"""The path ending where ``?token=`` is accepted (``EventSource`` cannot send headers)."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


async def refuse(send: Send, status: int, message: str, headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps({"error": message, "status": status}).encode("utf-8")
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                    *headers],
    })
    await send({"type": "http.response.body", "body": body})


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def split_host(host: str) -> tuple[str, int | None]:
    """``example.org:8000`` -> ("example.org", 8000); ``[::1]:80`` -> ("::1", 80); lower-cased."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif host.count(":") == 1:
        name, _, port_text = host.partition(":")
    else:
        name, port_text = host, ""
    port = whole_number(port_text, digits=5)
    return name.rstrip("."), port


def normal_hosts(hosts: Iterable[str]) -> frozenset[str]:
    """Allowed host names as compared: lower-case, no brackets, no port, no trailing dot."""
    return frozenset(split_host(h)[0] for h in hosts if h.strip())


class AllowedHosts:
    """Refuse a request whose Host header names no allowed host (any port)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = normal_hosts(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            given = header(scope, b"host") or ""
            name, _ = split_host(given)
            if name not in self.hosts:
                if scope["type"] == "http":
                    await refuse(send, 400, f"this server does not answer to the host {quoted(given)}; "
                                 "its operator can allow it with turnbuckle serve --allowed-host")
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """Refuse (413) a request body larger than ``limit_for(path)`` bytes; read it whole first, so a
    route never sees part of a body."""

    def __init__(self, app: ASGIApp, limit_for: Callable[[str], int]) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        too_large = f"the request body is larger than this server accepts here ({limit:,} bytes)"
        declared = header(scope, b"content-length")
        if declared is not None and (whole_number(declared, digits=18) or 0) > limit:
            await refuse(send, 413, too_large)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await refuse(send, 413, too_large)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def same_origin(origin: str, host: str, scheme: str | None = None) -> bool:
    """Does ``Origin`` name the host this request was sent to (scheme's default port filled in), by
    the scheme it was sent with (``scheme``: the server's, ``http`` or ``https``; an https page is
    another origin than the http one, and the other way round)?"""
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    if scheme is not None and parts.scheme != scheme.lower():
        return False
    default = 443 if parts.scheme == "https" else 80
    try:
        origin_port = parts.port or default
    except ValueError:
        return False
    name, port = split_host(host)
    return parts.hostname.lower().rstrip(".") == name and origin_port == (port or default)


class SameOrigin:
    """Refuse (403) a state-changing request a browser says comes from another site."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            site = header(scope, b"sec-fetch-site")
            origin = header(scope, b"origin")
            # Sec-Fetch-Site, where the browser sends it, is the answer: with "Referrer-Policy: no-referrer"
            # a same-origin form post carries "Origin: null" (Chromium), so Origin is only the fallback
            if site is not None:
                if site.lower() not in ("same-origin", "none"):
                    await refuse(send, 403, "refused: a request from another site cannot change anything here")
                    return
            elif origin is not None and not same_origin(origin, header(scope, b"host") or "", scope.get("scheme")):
                await refuse(send, 403, f"refused: a request from {quoted(origin)} cannot change anything here")
                return
        await self.app(scope, receive, send)


class NoTokenInUrl:
    """Refuse (400) a ``token`` query parameter except on the event stream."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope["path"].endswith(TOKEN_IN_URL_ALLOWED):
            query = scope.get("query_string", b"").decode("latin-1")
            if any(key == "token" for key, _ in parse_qsl(query, keep_blank_values=True)):
                await refuse(send, 400, "send the token in an 'Authorization: Bearer TOKEN' header, not in the "
                             "address (?token= is accepted only on the event stream)")
                return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Add the security headers to every response (a route may set its own CSP, as the API docs do)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[tuple[bytes, bytes]] = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                extra = dict(SECURITY_HEADERS)
                extra["content-security-policy"] = CSP
                for key, value in extra.items():
                    if key.encode() not in present:
                        headers.append((key.encode(), value.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


Answer = Callable[[Scope, Exception], Awaitable[ASGIApp]]
"""Makes the 500 answer of ``LastResort`` (a response: JSON or a page) from the request's scope."""


async def plain_500(scope: Scope, exc: Exception) -> ASGIApp:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": "the server failed to answer this request (the failure is logged)",
                         "status": 500}, status_code=500)


class LastResort:
    """Answer an exception that no handler took with a 500 (logged with its traceback) from inside
    the other guards: Starlette's own last resort sits outside every middleware, so its plain-text
    500 lacks the security headers, and it raises on, which makes the server drop the connection."""

    def __init__(self, app: ASGIApp, answer: Answer = plain_500) -> None:
        self.app = app
        self.answer = answer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            if started:  # part of an answer is out: nothing whole can follow, the connection must end
                raise
            log.exception("500 for %s %s", scope.get("method"), scope.get("path"))
            response = await self.answer(scope, exc)
            await response(scope, receive, send)


def install(app: Any, *, allowed_hosts: Iterable[str] | None, limit_for: Callable[[str], int],
            answer: Answer = plain_500) -> None:
    """Put the guards around ``app`` (a Starlette app; the last added runs first)."""
    app.add_middleware(LastResort, answer=answer)
    app.add_middleware(NoTokenInUrl)
    app.add_middleware(SameOrigin)
    app.add_middleware(BodyLimit, limit_for=limit_for)
    if allowed_hosts is not None:
        app.add_middleware(AllowedHosts, hosts=list(allowed_hosts))
    app.add_middleware(SecurityHeaders)


__all__ = ["CSP", "AllowedHosts", "BodyLimit", "LastResort", "NoTokenInUrl", "SameOrigin", "SecurityHeaders", "install",
           "same_origin", "split_host"]
