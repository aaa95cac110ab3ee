"""Dice with any faces, for chance nodes and exact odds."""

from turnbuckle.dice.die import D6, Die

__all__ = ["D6", "Die"]
