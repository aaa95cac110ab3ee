"""The FastAPI application: the JSON API, the pages and the static files, behind the guards.

``create_app`` builds it around a repository; ``app_from_settings`` around ``turnbuckle serve``'s
settings, and ``from_environment`` is the factory each worker process calls (``uvicorn --factory
turnbuckle.web.app:from_environment``, settings in ``$TURNBUCKLE_SERVE``).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from turnbuckle.engine.errors import TurnbuckleError, quoted
from turnbuckle.store import Database, StoreError, open_database
from turnbuckle.web import api, guards, league_pages, lessons, odds, pages, player_pages, puzzle_pages, review
from turnbuckle.web.errors import ApiError, TooManyRequests
from turnbuckle.web.league_common import form_limit
from turnbuckle.web.leases import LEASE_SECONDS
from turnbuckle.web.limits import ClientRates, Limits
from turnbuckle.web.replays import ReplayStore
from turnbuckle.web.repository import MatchRepository, MemoryRepository
from turnbuckle.web.service import MatchService
from turnbuckle.web.settings import ServeSettings, redact_access_log
from turnbuckle.web.setup import clip

HERE = Path(__file__).parent
REPLAY_UPLOADS = frozenset({"/replay", "/api/replays"})
"""Paths whose request body is a replay file (``Limits.replay_bytes``, not ``body_bytes``)."""
DEFAULT_HOSTS = ("localhost", "127.0.0.1", "::1")


def body_limit(limits: Limits, path: str) -> int:
    """Bytes a request body to ``path`` may hold: replay uploads their own cap, a league form its
    own (never above the server's), everything else the server's."""
    if path in REPLAY_UPLOADS:
        return limits.replay_bytes
    return min(limits.body_bytes, form_limit(path) or limits.body_bytes)


def create_app(
    repository: MatchRepository | None = None,
    *,
    think_cap: float = 5.0,
    computer_delay: float = 0.0,
    thinkers: int = 2,
    service: MatchService | None = None,
    limits: Limits | None = None,
    allowed_hosts: Iterable[str] | None = None,
    lease_seconds: float = LEASE_SECONDS,
    clock_scale: float = 1.0,
) -> FastAPI:
    """The app around a repository (default: in memory). The thinkers start with the app.

    ``limits``: body sizes and rates per client address (default ``Limits()``); ``allowed_hosts``:
    the Host names the server answers to (``None``: any, for embedding and tests; ``turnbuckle
    serve`` always passes a list); ``lease_seconds``: how long a claim on a match's computer seats
    stands without renewal (several processes on one PostgreSQL database)."""
    if service is None:
        service = MatchService(repository or MemoryRepository(), think_cap=think_cap, computer_delay=computer_delay,
                               thinkers=thinkers, lease_seconds=lease_seconds, clock_scale=clock_scale)
    limits = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service.start()
        try:
            yield
        finally:
            service.stop()
            app.state.reviews.stop()

    app = FastAPI(
        title="turnbuckle",
        summary="Play, watch and replay tabletop wrestling games",
        version="1",
        openapi_url="/api/openapi.json",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.limits = limits
    app.state.rates = ClientRates(limits)
    # views carry SVG pictures (a skirmish move's clickable destinations run to hundreds of KB);
    # Starlette leaves the event stream (text/event-stream) uncompressed, so it still streams
    app.add_middleware(GZipMiddleware, minimum_size=1024)

    def error(status: int, message: str, request: Request, headers: dict[str, str] | None = None) -> Response:
        if not request.url.path.startswith("/api") and "text/html" in request.headers.get("accept", ""):
            page = pages.error_page(request, status, message)
            page.headers.update(headers or {})
            return page
        return JSONResponse({"error": message, "status": status}, status_code=status, headers=headers)

    async def last_resort(scope: Scope, exc: Exception) -> Response:
        """The 500 of an exception no handler took (``guards.LastResort``): a page or JSON like any error."""
        request = Request(scope)
        request.scope.setdefault("app", app)
        return error(500, "the server failed to answer this request (the failure is logged)", request)

    guards.install(
        app,
        allowed_hosts=allowed_hosts,
        limit_for=lambda path: body_limit(limits, path),
        answer=last_resort,
    )
    app.state.replays = ReplayStore()
    app.state.lessons = lessons.LessonSessions()
    app.state.reviews = review.ReviewJobs()
    app.include_router(api.router)
    app.include_router(review.router)
    app.include_router(pages.router)
    app.include_router(lessons.router)
    app.include_router(lessons.api_router)
    app.include_router(puzzle_pages.router)
    app.include_router(puzzle_pages.api_router)
    league_pages.install(app)  # the leagues' pages and admin, and their browser matches' store-back
    player_pages.install(app)  # accounts, the lobby, player pages and ratings (settled as a match ends)
    app.include_router(odds.api_router)
    app.include_router(odds.page_router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @app.get("/api/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return api_docs()

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooManyRequests) else None
        return error(exc.status, exc.message, request, headers)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError) -> Response:
        return error(503, clip(f"the database is unavailable: {exc}"), request, {"Retry-After": "5"})

    @app.exception_handler(TurnbuckleError)
    async def turnbuckle_error(request: Request, exc: TurnbuckleError) -> Response:
        return error(400, clip(str(exc)), request)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        return error(422, "; ".join(_describe(e) for e in exc.errors()[:5]) or "invalid request", request)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return error(exc.status_code, clip(str(exc.detail)), request)

    return app


def app_from_settings(settings: ServeSettings, database: Database | None = None) -> FastAPI:
    """The app ``turnbuckle serve`` runs: on ``database`` if given (already open), else on
    ``settings.db`` (opened, and migrated if needed, here)."""
    repository: MatchRepository
    if settings.db == "memory":
        repository = MemoryRepository()
    else:
        from turnbuckle.web.sql_repository import SqlRepository

        repository = SqlRepository(database or open_database(settings.db))
    if settings.access_log:
        redact_access_log()
    return create_app(repository, think_cap=settings.think, thinkers=settings.thinkers, limits=settings.limits,
                      allowed_hosts=list(settings.allowed_hosts), lease_seconds=settings.lease_seconds,
                      clock_scale=settings.clock_scale)


def from_environment() -> FastAPI:
    """The app factory of each worker process (``uvicorn.run("turnbuckle.web.app:from_environment",
    factory=True, workers=N)``): settings from ``$TURNBUCKLE_SERVE`` (``turnbuckle.web.settings``)."""
    return app_from_settings(ServeSettings.from_environment())


def api_docs() -> HTMLResponse:
    """The Swagger UI page, with a CSP of its own: its script and style come from a CDN, and its one
    inline script is allowed by its hash (still no 'unsafe-inline')."""
    page = get_swagger_ui_html(openapi_url="/api/openapi.json", title="turnbuckle API")
    html = bytes(page.body).decode("utf-8")
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(script.encode('utf-8')).digest()).decode()}'"
        for script in re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    )
    cdn = "https://cdn.jsdelivr.net"
    page.headers["Content-Security-Policy"] = (
        f"default-src 'self'; script-src 'self' {cdn} {hashes}; style-src 'self' {cdn}; "
        "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
    return page


def _describe(err: Any) -> str:
    where = ".".join(quoted(p, 40) if isinstance(p, str) and len(p) > 40 else str(p)
                     for p in err.get("loc", ()) if p != "body") or "body"
    return f"{where}: {clip(str(err.get('msg', 'invalid')))}"
