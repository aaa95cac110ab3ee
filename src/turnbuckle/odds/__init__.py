"""Exact odds shared by every front end: the calculations behind ``turnbuckle odds`` and the web's
``/odds`` page and ``/api/odds/...``, free of any command-line or web machinery.

``turnbuckle.odds.calculators`` holds the pure functions; each returns the ``odds`` message
(``turnbuckle.engine.shapes.odds_message``) and raises ``OddsParamError`` for a bad input.
"""
