"""A runner's match store: a played match stored (its result, the records and ratings, then
titles, injuries and feuds through the bookkeeper) and its card closed (a tournament's next
round, or the injury countdown and the grade) once no match of it is left.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm.attributes import set_committed_value

from turnbuckle.engine.result import MatchResult
from turnbuckle.league.booking import MatchSpec
from turnbuckle.league.cards import book_match
from turnbuckle.league.played import MatchOutcome, PlayedMatch, side_ranks
from turnbuckle.league.quality import card_grade
from turnbuckle.league.run_bookkeeping import Bookkeeper
from turnbuckle.league.run_session import RunSession
from turnbuckle.league.seasons import next_streak
from turnbuckle.league.sql import BookedMatch, insert_booked, insert_object
from turnbuckle.league.team_games import winner_names
from turnbuckle.league.wording import match_line
from turnbuckle.ratings.model import MODEL
from turnbuckle.store.base import utcnow
from turnbuckle.store.league_models import Injury, LeagueEvent, LeagueMatch, MatchEntrant


class MatchStore:
    """Storing played matches and closing their card."""

    def __init__(self, run: RunSession, books: Bookkeeper) -> None:
        self.run = run
        self.books = books

    def store(self, event: LeagueEvent, played: PlayedMatch, last: bool) -> MatchOutcome:
        """Store one played match in the open transaction; ``last``: the card may close after it."""
        run, books = self.run, self.books
        session = run.session
        match, params, result, quality = played.match, played.params, played.result, played.quality
        books.pair_counts()  # loaded before this match counts as played
        books.feud_map()
        now = utcnow()
        stars = quality.stars()
        winners = winner_names(run.league.game, result)
        match_values: dict[str, Any] = {
            "params": params,
            "seed": played.seed,
            "agents": played.agents,
            "actions": played.actions,
            "result": result.to_dict(),
            "method": result.method.value,
            "steps": played.steps,
            "stars": stars,
            "quality": quality.summary(),
            "played_at": now,
            "status": "done",
            "winner_side": next((i for i, s in enumerate(match.sides) if winners and set(s) == winners), None),
        }
        by_name = {e.wrestler.name: e for e in match.entrants}
        entrant_rows: list[dict[str, Any]] = []
        records: dict[str, dict[str, Any]] = {}
        for entrant in match.entrants:
            wrestler = entrant.wrestler
            record = {"wins": wrestler.wins, "losses": wrestler.losses, "draws": wrestler.draws}
            won = wrestler.name in winners
            outcome = "draw" if result.winner is None else "win" if won else "loss"
            key = {"win": "wins", "loss": "losses", "draw": "draws"}[outcome]
            record[key] += 1
            record["streak"] = next_streak(wrestler.streak, key)
            records[wrestler.name] = record
            entrant_rows.append({"e_id": entrant.id, "e_outcome": outcome, "e_injured": wrestler.injured_cards > 0})
        rating_rows = self._rate(match, result, by_name, records)
        run.queue_result(match, match_values, entrant_rows, by_name, records, rating_rows)
        title_change = books.title(event, match, result, winners) if match.title_id is not None else None
        injuries: list[tuple[str, int]] = []
        for name, cards in played.injuries:
            entrant_hurt = by_name.get(name)
            if entrant_hurt is None:
                continue
            injury = Injury(wrestler_id=entrant_hurt.wrestler_id, match_id=match.id, cards=cards, remaining=cards)
            insert_object(session, injury)
            books.add_injury(injury, event.id)
            hurt = entrant_hurt.wrestler
            set_committed_value(hurt, "injured_cards", max(hurt.injured_cards, cards))
            run.touch(hurt)
            injuries.append((name, cards))
        books.feuds(event, match, stars, title_change is not None, bool(getattr(played.game, "feud", False)))
        if last:
            self.finish_if_complete(event)
        line = match_line(match.sides, match_values["winner_side"], match_values["method"])
        return MatchOutcome(event.number, match.id, result.describe(), stars, title_change, injuries, line)

    def _rate(
        self,
        match: LeagueMatch,
        result: MatchResult,
        by_name: dict[str, MatchEntrant],
        records: dict[str, dict[str, Any]],
    ) -> list[dict[str, Any]]:
        """openskill updates into ``records``; the rating-history rows to insert."""
        teams = [
            [MODEL.rating(mu=by_name[n].wrestler.mu, sigma=by_name[n].wrestler.sigma) for n in side]
            for side in match.sides
        ]
        ranks = [float(r) for r in side_ranks(match.sides, result, winner_names(self.run.league.game, result))]
        rated = MODEL.rate(teams, ranks=ranks)
        rows: list[dict[str, Any]] = []
        for side, new in zip(match.sides, rated, strict=True):
            for name, rating in zip(side, new, strict=True):
                mu, sigma = float(rating.mu), float(rating.sigma)
                records[name]["mu"], records[name]["sigma"] = mu, sigma
                rows.append({"wrestler_id": by_name[name].wrestler_id, "match_id": match.id, "mu": mu, "sigma": sigma})
        return rows

    def finish_if_complete(self, event: LeagueEvent) -> None:
        """When no match of ``event`` is left: book a tournament's next round, or close the card
        (injury countdown, grade) in the same transaction as its last match."""
        run, books = self.run, self.books
        session = run.session
        if event.status == "done":
            return
        matches = sorted(event.matches, key=lambda m: m.position)  # in memory: this runner keeps them current
        if any(m.status != "done" for m in matches):  # booked, or in the browser
            return
        if event.kind == "tournament" and matches:
            last_round = max(m.round or 1 for m in matches)
            finals = [m for m in matches if (m.round or 1) == last_round]
            if len(finals) > 1:
                advancing = [self._advancer(m) for m in finals]
                taken: dict[str, int] = {}
                booked: list[BookedMatch] = []
                for i in range(0, len(advancing), 2):
                    spec = MatchSpec(sides=[[advancing[i]], [advancing[i + 1]]])
                    book_match(
                        session,
                        run.league,
                        event,
                        len(matches) + i // 2 + 1,
                        spec,
                        taken,
                        None,
                        books.feud_map(),
                        books.reign_map(),
                        round_=last_round + 1,
                        defer=booked,
                    )
                insert_booked(session, event, booked)
                return
        books.countdown(event)
        mean, _letter = card_grade([m.stars or 0.0 for m in matches])
        run.set(event, grade=mean, status="done", ran_at=utcnow())

    def _advancer(self, match: LeagueMatch) -> str:
        if match.winner_side is not None:
            return match.sides[match.winner_side][0]
        wrestlers = {e.wrestler.name: e.wrestler for e in match.entrants}
        return max((s[0] for s in match.sides), key=lambda n: (wrestlers[n].ordinal, n))
