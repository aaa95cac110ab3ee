"""A player's abandonment record (Board Game Arena's "karma"): matches played to the end against
matches where the player's time ran out, shown on challenges and player pages so others can see
who stays.

Read from what is stored anyway: the player's seats (``player_seats``) and each match's clock
(``live_match.clock``: the seats flagged out of time), so the record can never disagree with the
matches. An aborted match (nobody had moved) counts for nobody.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from turnbuckle.store import Database
from turnbuckle.store.live_models import LiveMatchRow
from turnbuckle.store.player_models import PlayerSeat


def records(session: Session, player_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """Per player: (matches finished without running out of time, matches abandoned)."""
    ids = set(player_ids)
    if not ids:
        return {}
    out: dict[int, list[int]] = {pid: [0, 0] for pid in ids}
    rows = session.execute(
        select(PlayerSeat.player_id, PlayerSeat.seat, LiveMatchRow.finished, LiveMatchRow.clock)
        .join(LiveMatchRow, LiveMatchRow.id == PlayerSeat.match_id)
        .where(PlayerSeat.player_id.in_(ids))
    )
    for player_id, seat, finished, clock in rows:
        clock = clock or {}
        if seat in (clock.get("flagged") or []):
            out[player_id][1] += 1
        elif finished and clock.get("ended") != "aborted":
            out[player_id][0] += 1
    return {pid: (kept, left) for pid, (kept, left) in out.items()}


def record_of(db: Database, player_id: int) -> tuple[int, int]:
    with db.read() as session:
        return records(session, [player_id]).get(player_id, (0, 0))


def describe(record: tuple[int, int] | list[int] | None) -> str:
    """``"12 finished, 1 abandoned"``."""
    kept, left = record or (0, 0)
    return f"{kept} finished, {left} abandoned"


__all__ = ["describe", "record_of", "records"]
