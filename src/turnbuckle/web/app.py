"""The FastAPI application: the JSON API, the pages and the static files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.web import api, odds, pages, review
from turnbuckle.web.errors import ApiError
from turnbuckle.web.live import MatchService
from turnbuckle.web.replays import ReplayStore
from turnbuckle.web.repository import MatchRepository, MemoryRepository

HERE = Path(__file__).parent


def create_app(
    repository: MatchRepository | None = None,
    *,
    think_cap: float = 5.0,
    computer_delay: float = 0.0,
    service: MatchService | None = None,
) -> FastAPI:
    """The app around a repository (default: in memory). The worker starts with the app."""
    if service is None:
        service = MatchService(repository or MemoryRepository(), think_cap=think_cap, computer_delay=computer_delay)

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
        docs_url="/api/docs",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.service = service
    # views carry SVG pictures (a skirmish move's clickable destinations run to hundreds of KB);
    # Starlette leaves the event stream (text/event-stream) uncompressed, so it still streams
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.state.replays = ReplayStore()
    app.state.reviews = review.ReviewJobs()
    app.include_router(api.router)
    app.include_router(review.router)
    app.include_router(pages.router)
    app.include_router(odds.api_router)
    app.include_router(odds.page_router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    def error(status: int, message: str, request: Request) -> Response:
        if not request.url.path.startswith("/api") and "text/html" in request.headers.get("accept", ""):
            return pages.error_page(request, status, message)
        return JSONResponse({"error": message, "status": status}, status_code=status)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        return error(exc.status, exc.message, request)

    @app.exception_handler(TurnbuckleError)
    async def turnbuckle_error(request: Request, exc: TurnbuckleError) -> Response:
        return error(400, str(exc), request)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        return error(422, "; ".join(_describe(e) for e in exc.errors()[:5]) or "invalid request", request)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return error(exc.status_code, str(exc.detail), request)

    return app


def _describe(err: Any) -> str:
    where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
    return f"{where}: {err.get('msg', 'invalid')}"
