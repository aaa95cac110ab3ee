"""Errors the web layer answers with a 4xx JSON body ``{"error": "...", "status": N}``."""

from __future__ import annotations


class ApiError(Exception):
    """A request the server refuses; ``status`` is the HTTP status, the message names the problem."""

    status = 400

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class BadRequest(ApiError):
    status = 400


class Unauthorized(ApiError):
    status = 401


class Forbidden(ApiError):
    status = 403


class NotFound(ApiError):
    status = 404


class Conflict(ApiError):
    status = 409


class TooManyRequests(ApiError):
    """A client over its rate limit; ``retry_after`` seconds is sent as ``Retry-After``."""

    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
