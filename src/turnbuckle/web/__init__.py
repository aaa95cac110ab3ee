"""The web app: ``turnbuckle serve`` (FastAPI, Jinja2 pages, a little static JavaScript).

``create_app`` builds the application around a ``MatchService`` (matches in progress, stored as
their action logs so a restart resumes them) and a repository (memory or the SQL store).
"""

from __future__ import annotations

from turnbuckle.web.app import create_app

__all__ = ["create_app"]
