"""Things named by ``"package.module:attribute"`` and imported only when asked for.

How a lower layer reaches a part of a higher one without importing it: the game registry names
each ruleset's class, a ruleset names its agents (the agents import the rules, so the rules must
not import them), the league names each game's roster model. The layer test reads these names
as imports (``tests/test_layers.py``), so a name is no way round the layering.
"""

from __future__ import annotations

import importlib
from typing import Any


def load_target(target: str) -> Any:
    """The attribute ``target`` names, ``"package.module:attribute"``, its module imported now."""
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)
