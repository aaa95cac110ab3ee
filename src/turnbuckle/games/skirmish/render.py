"""Pictures of the ring: a terminal character grid and an SVG for the browser."""

from __future__ import annotations

from typing import Any


def render_text(observation: dict[str, Any]) -> str:
    return str(observation.get("round"))


def render_svg(observation: dict[str, Any]) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
