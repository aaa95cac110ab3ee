"""Leagues: promotions that sign wrestlers, hold titles, book cards and run seasons, stored in
the turnbuckle database (``turnbuckle.store``). See docs/league.md."""
