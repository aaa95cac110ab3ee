"""The WRASSLIN' State machine: turns (5.4), response chains (8.x, 9.x), Holds, Pins and counts (10.x),
unique situations (11.x), tag teams (12.x), battle royals (13.x) and tournaments (14.x).

Everything pending is plain data: ``phase`` says whose decision it is and of what kind, ``chain`` holds
the responses to the base play (``base_*`` fields), ``responders`` the seats still to be asked,
``draws`` the seats owed a card, ``resume`` where a resolved chain returns to.

``WrasslinState`` is the engine contract (whose decision, legal actions, applying one, observation,
determinization, explanations); the fields live in ``core`` and each rule family in its own mixin module.
"""


from __future__ import annotations

import random
from typing import Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.engine.result import MatchResult, Method, method_from_text
from turnbuckle.games.wrasslin.chains import ChainsMixin
from turnbuckle.games.wrasslin.core import E_FACEDOWN
from turnbuckle.games.wrasslin.deck import DeckMixin
from turnbuckle.games.wrasslin.holds import HoldsMixin
from turnbuckle.games.wrasslin.matchtypes import POSITION_NAMES, RING
from turnbuckle.games.wrasslin.options import LegalOptionsMixin
from turnbuckle.games.wrasslin.plays import MainPlaysMixin
from turnbuckle.games.wrasslin.results import ResultsMixin
from turnbuckle.games.wrasslin.turns import TurnsMixin


class WrasslinState(
    LegalOptionsMixin, DeckMixin, TurnsMixin, MainPlaysMixin, ChainsMixin, HoldsMixin, ResultsMixin
):
    """One moment of a WRASSLIN' match."""

    # -- the contract ----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        ph = self.phase
        if ph == "draw" or ph == "enter":
            return CHANCE
        if ph == "respond":
            return self.responders[0]
        if ph == "initiative":
            return self.callers[0]
        if ph == "draft":
            return sum(len(d) for d in self.drafted) % self.g.players  # 14.6: drafting in turn
        return self.turn

    def returns(self) -> list[float]:
        return self.result.copy() if self.result is not None else [0.0] * self.g.players

    def match_result(self) -> MatchResult | None:
        """The winning team, how (5.7 submission, 10.x pin, 9.42/12.41 DQ, 11.x count-out, 13.x
        elimination, 5.8 deck draw) and, in battle royals and tournaments, the finishing order."""
        if self.result is None:
            return None
        game = self.g
        method = Method.ELIMINATION if game.royal else method_from_text(self.end_reason)
        order: tuple[str, ...] = ()
        if game.royal or game.match_type == "tournament":
            ranked = sorted(range(game.players), key=lambda s: -self.result[s] if self.result else 0)
            first = [s for s in ranked if s not in self.out_order]
            seats = first + [s for s in reversed(self.out_order) if s not in first]
            order = tuple(game.player_label(s) for s in seats)
        return MatchResult.from_returns(
            game.sides(), self.result, method=method, detail=self.end_reason, finishing_order=order
        )

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.result is not None:
            return []
        if self.phase == "draw":
            total = self.deck_n
            a = self.g.a_draw
            return [(a[i], c / total) for i, c in enumerate(self.deck) if c]
        if self.phase == "enter":
            stack = self.stacks[self.enter_queue[0]]
            return [(self.g.a_arrive[w], 1.0 / len(stack)) for w in sorted(stack)]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Same distribution as ``chance_outcomes``, without building the list (fast playouts)."""
        if self.phase == "draw":
            point = rng.randrange(self.deck_n)
            for i, c in enumerate(self.deck):
                if point < c:
                    return self.g.a_draw[i]
                point -= c
        if self.phase == "enter":
            return self.g.a_arrive[rng.choice(sorted(self.stacks[self.enter_queue[0]]))]
        return super().sample_chance(rng)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = sorted(self._compute_legal(), key=_action_id)
        return self._legal.copy()

    def _is_allowed(self, action: Action) -> bool:
        player = self.current_player()
        if player == TERMINAL:
            return False
        if player == CHANCE:
            if self.phase == "draw":
                i = action.id
                return 0 <= i < len(self.deck) and self.deck[i] > 0 and action == self.g.a_draw[i]
            return any(a == action for a, _ in self.chance_outcomes())
        if self._legal is None:
            self._legal = sorted(self._compute_legal(), key=_action_id)
        return action in self._legal

    def _illegal_message(self, action: Action) -> str:
        return f"{action.name!r} refused: {self.explain(action)}"

    def _compute_legal(self) -> list[Action]:
        acts = self._decisions()
        if self.g.match_type == "tournament" and self.phase not in ("initiative", "draft") and acts:
            acts.append(self.g.a_concede)  # 14.3: at any time a Wrestler may voluntarily concede
        return acts

    def _decisions(self) -> list[Action]:
        p = self.current_player()
        if p < 0:
            return []
        g = self.g
        ph = self.phase
        if ph == "main" or ph == "dt_hold":
            acts = self._main_actions(p)
            if self.refused:
                acts = [a for a in acts if a.id not in self.refused] or [g.a_end]
            if g.void and self.hand[p][self.C_WILD]:
                return [a for a in acts if not self._void_wild(a)]
            return acts
        if ph == "respond":
            acts = self._responses(p)
            if g.void and self.hand[p][self.C_WILD]:
                acts = [a for a in acts if not self._void_wild(a)]
            acts.append(g.a_pass)
            return acts
        if ph == "initiative":
            return [g.a_call[ci] for ci, c in enumerate(self.hand[p]) if c]
        if ph == "penalty":
            return [g.a_serve, g.a_ignore]
        if ph == "upkeep":
            acts = [g.a_release]
            if self.hand[p][self.C_PS]:
                acts.append(g.a_play[self.C_PS])
            if self.hand[p][self.C_WILD]:
                acts.append(g.a_wild[self.C_PS])
            return acts
        if ph == "accumulate":
            return [g.a_accumulate[ci] for ci, c in enumerate(self.hand[p]) if c]
        if ph == "target":
            assert self.pending is not None
            kind, _phys, ref = self.pending
            spec = self.spec(p, ref)
            return [g.a_target[t] for t in self.hold_targets(p, spec, dt=kind == "dt")]
        if ph == "stay":
            return [g.a_stay, g.a_apron]
        if ph == "draft":
            return [g.a_draft[w] for w in self.pool]
        return []

    # -- applying actions ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._legal = None
        ph = self.phase
        if ph == "draw":
            self._do_draw(action.id)
            return
        if ph == "enter":
            self._do_enter(action.id - len(self.g.cards))
            return
        kind, arg = self.g.decode[action.id]
        p = self.current_player()
        if ph == "draft":
            self._do_draft(p, arg)
            return
        if kind == "concede":
            self._concede(p)
            return
        if ph == "main" or ph == "dt_hold":
            self.plays.append(action.id)
        if ph == "initiative":
            self._do_call(p, arg)
        elif ph == "penalty":
            self._do_penalty(p, kind == "serve")
        elif ph == "upkeep":
            if kind == "release":
                for r in [r for r in self.holds if r[0] == p]:
                    self._break_hold(r, "released")
            else:
                self._surge(p, self.C_PS if kind == "play" else self.C_WILD)
            self._upkeep(p)
        elif ph == "accumulate":
            self._accumulate(p, arg)
        elif ph == "respond":
            self._do_response(p, kind, arg)
        elif ph == "target":
            assert self.pending is not None
            pk, phys, ref = self.pending
            self.pending = None
            self.phase = "main"
            self._play_hold(p, phys, ref, arg, self.dt_card if pk == "dt" else -1)
        elif ph == "stay":
            self.stay_pending = False
            if kind == "stay":
                self.pos[p] = RING
                self.illegal_in[p] = 0
                self.emit("stays_in", seat=p, wrestler=self.name(p))
            self._end_turn()
        else:
            self._do_main(p, kind, arg)

    def _do_draft(self, p: int, widx: int) -> None:
        """14.6: a player drafts a Wrestler for his team; once all are drafted the bouts begin, each
        player's Wrestlers entering in random, secret order."""
        self.pool.remove(widx)
        self.drafted[p].append(widx)
        self.stacks[p].append(widx)
        self.emit("drafted", seat=p, wrestler=self.g.wrestlers[widx].name, pick=len(self.drafted[p]))
        if not self.pool:
            self.enter_queue = list(range(self.g.players))
            self.phase = "enter"

    # -- information -----------------------------------------------------------------------------
    def card_total(self) -> int:
        """Every physical card, wherever it is (property tests: always 180)."""
        total = self.deck_n + sum(self.discard) + sum(self.aside) + sum(sum(h) for h in self.hand)
        total += sum(1 for es in self.entries for e in es if e[0] >= 0)
        total += sum(1 for r in self.holds if r[4] and r[3] >= 0)
        total += len(self.br)
        total += sum(1 for it in self.chain if it[1] >= 0)
        if self.base_kind in ("hold", "exit", "tag", "refcall"):
            total += (self.base_phys >= 0) + (self.base_dt >= 0)
        if self.phase in ("dt_hold",) or (self.phase == "target" and self.pending and self.pending[0] == "dt"):
            total += self.dt_card >= 0
        return total

    def observation(self, player: int) -> dict[str, Any]:
        g = self.g
        cards = g.cards

        def counts(row: list[int]) -> dict[str, int]:
            return {cards[i].name: c for i, c in enumerate(row) if c}

        wrestlers: list[dict[str, Any]] = []
        for s in range(g.players):
            if self.wid[s] < 0:
                wrestlers.append({"seat": s, "team": self.team[s], "wrestler": None})
                continue
            a = self.abilities(s)
            wrestlers.append({
                "seat": s,
                "team": self.team[s],
                "wrestler": self.name(s),
                "alignment": "dirty" if self.w(s).dirty else "good",
                "position": POSITION_NAMES[self.pos[s]],
                "damage": self.dmg[s],
                "strength": a[0],
                "agility": a[1],
                "skill": a[2],
                "power_surge": a[3],
                "recovery": a[4],
                "weight": self.w(s).weight,
                "surge_bonus": self.surge[s],
                "mobile": self.mobile(s),
                "penalty": self.penalty[s],
                "ignoring_warning": self.warned[s],
                "ring_count": self.out_count[s],
                "hand_size": sum(self.hand[s]),
                "cards_in_play": [
                    {
                        "card": cards[e[0]].name
                        if e[0] >= 0 and (e[3] != E_FACEDOWN or e[4] == player or e[4] < 0)
                        else ("face-down" if e[0] >= 0 else "-"),
                        "damage": e[2],
                        "kind": ("damage", "face-down", "exit")[e[3]],
                    }
                    for e in self.entries[s]
                ],
                "wrestlers_left": len(self.stacks[s]) if self.stacks else None,
            })
        obs: dict[str, Any] = {
            "game": "wrasslin",
            "match_type": g.match_type,
            "player": player,
            "phase": self.phase,
            "current_player": self.current_player(),
            "turn": self.turn,
            "turn_number": self.turn_no,
            "hand": counts(self.hand[player]) if 0 <= player < g.players else {},
            "hand_sizes": [sum(h) for h in self.hand],
            "deck_size": self.deck_n,
            "passes": self.passes,
            "discard": counts(self.discard),
            "set_aside": counts(self.aside),
            "wrestlers": wrestlers,
            "holds": [
                {"attacker": r[0], "defender": r[1], "hold": self.hold_name(r[0], r[2]), "pin": bool(r[4]),
                 "count": r[5], "limit": r[6]}
                for r in self.holds
            ],
            "battle_royal_holds": [
                {"attacker": b[0], "victim": b[1], "hold": self.hold_name(b[0], b[2])} for b in self.br
            ],
            "play": None if not self.base_kind else {
                "kind": self.base_kind, "by": self.base_att, "on": self.base_def,
                "card": self.card_name(self.base_phys),
                "hold": self.hold_name(self.base_att, self.base_ref) if self.base_kind in ("hold", "reapply")
                else None,
                "responses": [{"kind": k, "card": self.card_name(c), "by": q} for k, c, q, _t in self.chain],
            },
            "calls": [list(c) for c in self.calls],
            "free_for_all": self.free_for_all,
            "result": self.result,
        }
        if g.draft:
            names = g.wrestlers
            obs["draft"] = {
                "pool": [names[w].name for w in self.pool],
                "drafted": [[names[w].name for w in d] for d in self.drafted],
            }
        return obs

    def determinize(self, player: int, rng: random.Random) -> WrasslinState:
        """Re-deal every card ``player`` cannot see (other hands, face-down Hold cards, the deck) from the
        unseen multiset, keeping hand sizes and every public card in place."""
        st = self.clone()
        assert isinstance(st, WrasslinState)
        st.record_events = False
        pool = list(st.deck)
        others = [s for s in range(self.g.players) if s != player]
        for s in others:
            for ci, c in enumerate(st.hand[s]):
                pool[ci] += c
        hidden: list[tuple[int, int]] = []
        for s in range(self.g.players):
            for j, e in enumerate(st.entries[s]):
                if e[3] == E_FACEDOWN and e[4] >= 0 and e[4] != player and e[0] >= 0:
                    pool[e[0]] += 1
                    hidden.append((s, j))
        total = sum(pool)
        k = len(pool)

        def deal() -> int:
            nonlocal total
            point = rng.randrange(total)
            for ci, c in enumerate(pool):
                if point < c:
                    pool[ci] -= 1
                    total -= 1
                    return ci
                point -= c
            raise AssertionError("empty pool")

        for s in others:
            size = sum(st.hand[s])
            new = [0] * k
            # keep a first player's called card in his hand (5.3: it was announced)
            ob = st.obligation
            if ob >= 0 and s == st.turn and st.turn_no == 1 and st.hand[s][ob] and pool[ob]:
                pool[ob] -= 1
                total -= 1
                new[ob] += 1
                size -= 1
            for _ in range(size):
                new[deal()] += 1
            st.hand[s] = new
        for s, j in hidden:
            e = st.entries[s][j]
            st.entries[s][j] = (deal(), e[1], e[2], e[3], e[4])
        st.deck = pool
        st.deck_n = total
        st._legal = None
        return st

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, in one line with the rule behind it."""
        p = self.current_player()
        if p == TERMINAL:
            return "the match is over"
        if p == CHANCE:
            return "a card is being drawn (chance); no player decides now"
        g = self.g
        decoded = g.decode.get(action.id)
        if decoded is None or g.actions.by_name(action.name) != action:
            return f"{action.name!r} is not a decision of this game"
        kind, arg = decoded
        who = self.name(p)
        responding = kind in ("react", "react_wild", "react_spec", "long", "short", "long_wild", "short_wild",
                              "pass", "challenge")
        if responding and self.phase != "respond":
            return (f"there is no just-played card to answer: it is {who}'s turn to play "
                    f"(5.6: Reactions and Outside Influences answer an opponent's play before the next turn)")
        if not responding and self.phase == "respond":
            att = self.base_att
            return (f"{who} may only react to {self.name(att) if att >= 0 else 'the last play'}'s "
                    f"{self.base_kind or 'play'} or pass now (5.4 A)")
        if kind in ("play", "wild", "discard", "react", "react_wild"):
            phys = arg if kind in ("play", "discard", "react") else self.C_WILD
            card = g.cards[arg]
            if self.hand[p][phys] == 0:
                return f"{who} holds no {g.cards[phys].name}"
            if kind == "react" or kind == "react_wild":
                if arg == self.C_BLOCK or arg == self.C_REVERSE:
                    if p != self.base_def:
                        return f"only the Wrestler the Hold was played on may {card.name} it (8.1, 12.1)"
                    if not self.can_react(p):
                        return f"{who} has no Strength, Agility or Skill left to react (3.12, 8.1)"
                    if arg == self.C_REVERSE:
                        return "a Pin, Continuing Hold, Specialty or Double Team cannot be Reversed (8.33, 12.4)"
                return f"{card.name} cannot answer this play (8.x, 9.x)"
            if card.hold is not None and self.phase in ("main", "dt_hold"):
                if card.hold.illegal and not self.w(p).dirty:
                    return f"{who} is a good Wrestler and may not play blue Illegal Holds (7.1)"
                if self.held(p):
                    return f"{who} is under a Pin or Continuing Hold and may not apply Holds (10.12, 10.21)"
                opps = [t for t in self.opponents(p)]
                reasons = []
                for t in opps:
                    if not self._location_ok(p, t, card.hold, self.phase == "dt_hold"):
                        reasons.append(f"{self.name(t)} is not where a Hold can reach (11.31)")
                        continue
                    if self.penalty[t] > 0 or self.unfilled[t]:
                        reasons.append(f"{self.name(t)} is being penalized (9.41)")
                        continue
                    if card.hold.pin and self.dmg[t] < 1:
                        reasons.append(
                            f"a Pin needs an opponent with at least 1 damage; {self.name(t)} has none (10.2)"
                        )
                        continue
                    r = self.meets(p, card.hold, t)
                    if r:
                        reasons.append(f"{who} cannot play {card.name} on {self.name(t)}: {r} (4.3)")
                if reasons:
                    return reasons[0]
                if card.hold.pin and self.g.royal:
                    return "there are no Pins in a Battle Royal (13.2)"
            if self.obligation >= 0 and self.turn_no == 1 and self.phase == "main":
                called = g.cards[self.obligation]
                return (f"{who} must first play or discard the card he called for initiative, "
                        f"{called.name} ({called.initiative}) (5.3)")
            if self.acted and self.phase == "main":
                return f"{who} has already made his play this turn (5.4 A)"
        if self.phase == "initiative":
            return f"{who} must call the Initiative Number of a card in his hand (5.3)"
        return f"{action.name!r} is not allowed for {who} in phase {self.phase!r}"


def _action_id(action: Action) -> int:
    return action.id
