"""``mypyc_attr`` for classes the compiled build (``turnbuckle.build``) turns into native classes.

mypyc reads the decorator from the type checker's view (``mypy_extensions.mypyc_attr``) while it
compiles; at run time it is a no-op, defined here so that the pure-Python install needs neither
mypy nor ``mypy_extensions``. This module itself is never compiled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*args, **kwargs):
        """What ``mypy_extensions.mypyc_attr`` does at run time: nothing."""
        return lambda cls: cls
