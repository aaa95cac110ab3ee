"""A runner's bookkeeper: what a stored match changes besides its own rows (title reigns, feuds
and their heat, the pairs that keep meeting, injuries and their countdown), each loaded once per
run and kept current as matches are stored.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm.attributes import set_committed_value

from turnbuckle.engine.result import MatchResult
from turnbuckle.league.cards import active_feuds, title_can_change
from turnbuckle.league.lookup import current_reign, pair_key
from turnbuckle.league.run_session import RunSession
from turnbuckle.league.sql import insert_object
from turnbuckle.store.base import utcnow
from turnbuckle.store.league_models import Feud, Injury, LeagueEvent, LeagueMatch, LeagueWrestler, Title, TitleReign

REPEATS_FOR_FEUD = 3
"""The third match between the same two sides (with no feud between them) starts one."""
CLASSIC_STARS = 4.0
"""A match this good starts a feud between its sides."""


class Bookkeeper:
    """Titles, feuds and injuries: each loaded once per run and kept current by this runner."""

    def __init__(self, run: RunSession) -> None:
        self.run = run
        self._injuries: list[tuple[Injury, int]] | None = None
        self._feud_map: dict[frozenset[tuple[str, ...]], Feud] | None = None
        self._pairs: dict[frozenset[tuple[str, ...]], int] | None = None
        self._reigns: dict[int, TitleReign | None] | None = None
        run.on_rollback.append(self._forget_injuries)

    def _forget_injuries(self) -> None:
        self._injuries = None

    def title(self, event: LeagueEvent, match: LeagueMatch, result: MatchResult, winners: set[str]) -> str | None:
        """The title match's reign after ``result``: a defence, or a change (returns its line)."""
        session = self.run.session
        title = session.get(Title, match.title_id)
        assert title is not None
        reigns = self.reign_map()
        reign = reigns[title.id] if title.id in reigns else current_reign(session, title)
        if not winners:
            if reign is not None:
                self.run.set(reign, defences=reign.defences + 1)  # a draw: the champions keep the title
            return None
        if reign is not None and set(reign.holders) == winners:
            self.run.set(reign, defences=reign.defences + 1)
            return None
        if not title_can_change(result.method.value, self.run.league.countout_dq_titles):
            if reign is not None:  # a count-out or DQ: the champions keep the title
                self.run.set(reign, defences=reign.defences + 1)
            return None
        now = utcnow()
        former = list(reign.holders) if reign is not None else []
        if reign is not None:
            self.run.set(reign, ended_at=now, lost_match_id=match.id, lost_event_id=event.id, ended_card=event.number)
        side = next(s for s in match.sides if set(s) == winners)
        new = TitleReign(
            title_id=title.id,
            holders=list(side),
            won_match_id=match.id,
            won_event_id=event.id,
            started_at=now,
            won_card=event.number,
            ended_card=None,
        )
        insert_object(session, new)
        reigns[title.id] = new
        self.run.set(match, title_changed=True)
        if former:
            return f"{' & '.join(side)} won the {title.name} from {' & '.join(former)}"
        return f"{' & '.join(side)} won the vacant {title.name}"

    def reign_map(self) -> dict[int, TitleReign | None]:
        """Each title's current reign (None: vacant), loaded once per run and kept current by this runner."""
        if self._reigns is None:
            self._reigns = {t.id: current_reign(self.run.session, t) for t in self.run.league.titles}
        return self._reigns

    def feud_map(self) -> dict[frozenset[tuple[str, ...]], Feud]:
        """Active feuds by their two sides, loaded once per run and kept current by this runner."""
        if self._feud_map is None:
            self._feud_map = active_feuds(self.run.session, self.run.league)
        return self._feud_map

    def pair_counts(self) -> dict[frozenset[tuple[str, ...]], int]:
        """Played singles matches per pair of wrestlers since a feud between them ended (loaded once)."""
        if self._pairs is None:
            session = self.run.session
            ended: dict[frozenset[tuple[str, ...]], int] = {}
            for f in session.scalars(select(Feud).where(Feud.league_id == self.run.league_id, Feud.active.is_(False))):
                key = pair_key([f.side_a, f.side_b])
                ended[key] = max(ended.get(key, 0), f.ended_event_id or 0)
            counts: dict[frozenset[tuple[str, ...]], int] = {}
            rows = session.execute(
                select(LeagueMatch.sides, LeagueMatch.event_id)
                .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
                .where(LeagueEvent.league_id == self.run.league_id, LeagueMatch.status == "done")
            )
            for sides, event_id in rows:
                if len(sides) == 2 and all(len(side) == 1 for side in sides):
                    key = pair_key(sides)
                    if event_id > ended.get(key, 0):
                        counts[key] = counts.get(key, 0) + 1
            self._pairs = counts
        return self._pairs

    def feuds(self, event: LeagueEvent, match: LeagueMatch, stars: float, title_change: bool, rivals: bool) -> None:
        """Feuds start from rivals on the cards, title changes, classic or repeated matches; a
        blow-off ends one. Every match between a feud's sides adds heat."""
        if len(match.sides) != 2:
            return
        key = pair_key(match.sides)
        singles = all(len(side) == 1 for side in match.sides)
        pairs = self.pair_counts()
        if singles:
            pairs[key] = pairs.get(key, 0) + 1
        feuds = self.feud_map()
        feud = feuds.get(key)
        now = utcnow()
        if feud is not None:
            self.run.set(feud, matches=feud.matches + 1, heat=round(feud.heat + stars / 5.0, 3))
            if match.blowoff:
                self.run.set(feud, active=False, ended_event_id=event.id, ended_at=now)
                del feuds[key]
                pairs[key] = 0
            return
        reason = None
        if rivals:
            reason = "rivals on their cards"
        elif title_change:
            reason = "title change"
        elif stars >= CLASSIC_STARS:
            reason = "a classic match"
        elif singles and pairs.get(key, 0) >= REPEATS_FOR_FEUD:
            reason = "repeated matches"
        if reason is None:
            return
        feud = Feud(
            league_id=self.run.league_id,
            side_a=list(match.sides[0]),
            side_b=list(match.sides[1]),
            reason=reason,
            heat=1.0 + stars / 5.0,
            matches=1,
            started_event_id=event.id,
            started_at=now,
        )
        insert_object(self.run.session, feud)
        feuds[key] = feud

    def add_injury(self, injury: Injury, event_id: int) -> None:
        """A new injury from a match of event ``event_id`` (in the list once it is loaded)."""
        if self._injuries is not None:
            self._injuries.append((injury, event_id))

    def injury_list(self) -> list[tuple[Injury, int]]:
        """Injuries still running, with the event of the match they happened in (loaded once per
        run and kept current by this runner)."""
        if self._injuries is None:
            rows = self.run.session.execute(
                select(Injury, LeagueMatch.event_id)
                .join(LeagueMatch, LeagueMatch.id == Injury.match_id)
                .join(LeagueWrestler, LeagueWrestler.id == Injury.wrestler_id)
                .where(Injury.remaining > 0, LeagueWrestler.league_id == self.run.league_id)
                .order_by(Injury.id)
            ).all()
            self._injuries = [(injury, event_id) for injury, event_id in rows]
        return self._injuries

    def countdown(self, event: LeagueEvent) -> None:
        """One card less for every injury from an earlier card; wrestlers' ``injured_cards`` follow."""
        running = self.injury_list()
        touched: dict[int, int] = {}
        for injury, event_id in running:
            if event_id == event.id or injury.remaining <= 0:
                continue
            if injury.remaining == 1:
                self.run.set(injury, remaining=0, healed_event_id=event.id)
            else:
                self.run.set(injury, remaining=injury.remaining - 1)
            touched[injury.wrestler_id] = 0
        if not touched:
            return
        for injury, _ in running:
            if injury.wrestler_id in touched and injury.remaining > 0:
                touched[injury.wrestler_id] = max(touched[injury.wrestler_id], injury.remaining)
        self._injuries = [(injury, event_id) for injury, event_id in running if injury.remaining > 0]
        for wrestler_id, left in touched.items():
            wrestler = self.run.session.get(LeagueWrestler, wrestler_id)
            assert wrestler is not None
            set_committed_value(wrestler, "injured_cards", left)
            self.run.touch(wrestler)
