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
from itertools import compress, repeat
from operator import attrgetter, is_, truediv
from typing import Any, Self

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.engine.result import MatchResult, Method, method_from_text
from turnbuckle.games.wrasslin.cards import HoldSpec
from turnbuckle.games.wrasslin.chains import ChainsMixin
from turnbuckle.games.wrasslin.core import E_FACEDOWN
from turnbuckle.games.wrasslin.deck import DeckMixin
from turnbuckle.games.wrasslin.describe import hold_effect, specialty_effect
from turnbuckle.games.wrasslin.holds import HoldsMixin
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, POSITION_NAMES, RING
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

    def is_terminal(self) -> bool:
        return self.result is not None

    def is_chance_node(self) -> bool:
        return self.result is None and (self.phase == "draw" or self.phase == "enter")

    def apply_action(self, action: Action | str) -> None:
        """The contract's ``apply_action`` with direct paths for the common cases (a card drawn from the
        deck, a decision from the cached legal list); anything else validates as ``State.apply_action``."""
        if action.__class__ is Action and self.result is None:
            assert isinstance(action, Action)
            if self.phase == "draw":
                i = action.id
                deck = self.deck
                if 0 <= i < len(deck) and deck[i] > 0 and self.g.a_draw[i] is action:
                    self._legal = None
                    self._do_draw(i)
                    self._history.append(action)
                    return
            else:
                legal = self._legal
                if legal is not None and any(map(is_, legal, repeat(action))):
                    self._apply(action)
                    self._history.append(action)
                    return
        super().apply_action(action)

    def clone(self) -> Self:
        """``State.clone`` without ``copy.copy``'s generic dispatch (searches clone a lot)."""
        other = self._shallow()
        other._history = self._history.copy()
        other._events = self._events.copy()
        other._event_cache = self._event_cache.copy()
        self._copy_into(other)
        return other

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
            deck = self.deck
            probabilities = map(truediv, compress(deck, deck), repeat(self.deck_n))
            return list(zip(compress(self.g.a_draw, deck), probabilities, strict=False))
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
        """The legal decisions; with the 11.5 errors rule, also the illegal plays a player may still make
        (``_errset``): they stand unless an opponent challenges before playing a card."""
        acts, lax = self._decision_lists(self.g.errors_rule and self.phase in ("main", "dt_hold", "target", "respond"))
        return self._with_errors(acts, lax)

    def _with_errors(self, acts: list[Action], lax: list[Action] | None) -> list[Action]:
        """``acts`` plus the 11.5 errors among ``lax`` (noted in ``_errset``) and, in a tournament, concede."""
        errs: frozenset[int] = frozenset()
        if lax is not None:
            have = set(map(_action_id, acts))
            extra = [a for a in lax if a.id not in have]
            if extra:
                acts += extra
                errs = frozenset(map(_action_id, extra))
        self._errset = errs
        if self.g.match_type == "tournament" and self.phase not in ("initiative", "draft") and acts:
            acts.append(self.g.a_concede)  # 14.3: at any time a Wrestler may voluntarily concede
        return acts

    def _prime_responses(self, q: int, answers: list[Action], lax: list[Action] | None) -> None:
        """``_next_responder`` just asked ``q`` (now to answer) for his ``_responses`` (and, with the errors
        rule, the ``lax`` ones): the legal list from them, without asking again."""
        if self.result is not None:
            return
        errors = self._respond_options(q, lax) if lax is not None else None
        self._legal = sorted(self._with_errors(self._respond_options(q, answers), errors), key=_action_id)

    def _respond_options(self, p: int, acts: list[Action]) -> list[Action]:
        """``p``'s answers (``_responses``) less those refused by a challenge or void as a Wild Card, and pass."""
        g = self.g
        if self.refused:
            acts = [a for a in acts if (p, a.id) not in self.refused]
        if g.void and self.hand[p][self.C_WILD]:
            void = g.void_wild
            acts = [a for a in acts if a.id not in void]
        acts.append(g.a_pass)
        return acts

    def _decisions(self, errors: bool = False) -> list[Action]:
        acts, lax = self._decision_lists(errors)
        return lax if lax is not None else acts

    def _decision_lists(self, lax: bool) -> tuple[list[Action], list[Action] | None]:
        """The legal decisions and, with ``lax``, the decisions an 11.5 error may also make (main-phase
        plays are worked out for both lists in one pass)."""
        ph = self.phase
        if ph == "respond" and self.result is None:
            q = self.responders[0]
            answers, errs = self._responses(q, lax)
            return self._respond_options(q, answers), self._respond_options(q, errs) if errs is not None else None
        if ph != "main" and ph != "dt_hold":
            return self._phase_decisions(), self._phase_decisions(errors=True) if lax else None
        p = self.current_player()
        if p < 0:
            return [], [] if lax else None
        g = self.g
        lists = self._main_actions(p, lax)
        out: list[list[Action]] = []
        for acts in lists:
            if acts is None:
                break
            if self.refused:
                acts = [a for a in acts if (p, a.id) not in self.refused] or [g.a_end]
            if g.void and self.hand[p][self.C_WILD]:
                void = g.void_wild
                acts = [a for a in acts if a.id not in void]
            out.append(acts)
        return out[0], out[1] if lax else None

    def _phase_decisions(self, errors: bool = False) -> list[Action]:
        """The decisions outside the main phase (``errors``: with the 11.5 errors among them)."""
        p = self.current_player()
        if p < 0:
            return []
        g = self.g
        ph = self.phase
        if ph == "respond":
            answers, errs = self._responses(p, errors)
            return self._respond_options(p, errs if errs is not None else answers)
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
            targets = [g.a_target[t] for t in self.hold_targets(p, spec, dt=kind == "dt", errors=errors)]
            return [a for a in targets if (p, a.id) not in self.refused]
        if ph == "stay":
            return [g.a_stay, g.a_apron]
        if ph == "draft":
            return [g.a_draft[w] for w in self.pool]
        return []

    # -- applying actions ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        ph = self.phase
        if self.g.errors_rule and ph in ("main", "dt_hold", "target", "respond"):
            if self._legal is None:
                self._legal = sorted(self._compute_legal(), key=_action_id)
            if action.id in self._errset:
                self._mark_error(self.current_player(), action)
        self._legal = None
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
                if self.record_events:
                    self.emit("stays_in", seat=p, wrestler=self.name(p))
            self._end_turn()
        else:
            self._do_main(p, kind, arg)

    def _error_reason(self, p: int, action: Action) -> str:
        if self.phase == "target" and self.pending is not None:
            pk, _phys, ref = self.pending
            return self.hold_fault(p, self.spec(p, ref), self.g.decode[action.id][1], pk == "dt")
        return self.explain(action)

    def _mark_error(self, p: int, action: Action) -> None:
        """11.5: ``p`` makes an illegal play. Keep the state from just before it (a challenge puts it back)
        and why it is illegal; an earlier error of his own side stays the one a challenge undoes."""
        if self.err_seat >= 0 and self.team[self.err_seat] == self.team[p]:
            return
        self._clear_error()  # an opposing error stands: this side has now played a card
        snap = self._shallow()
        self._copy_into(snap)
        snap._history, snap._events, snap._event_cache = [], [], []
        self.err_snap = snap
        self.err_seat = p
        self.err_action = action.id
        self._err_why = (snap, p, action)  # the reason is worded from the snapshot only if someone reads it

    def _do_draft(self, p: int, widx: int) -> None:
        """14.6: a player drafts a Wrestler for his team; once all are drafted the bouts begin, each
        player's Wrestlers entering in random, secret order."""
        self.pool.remove(widx)
        self.drafted[p].append(widx)
        self.stacks[p].append(widx)
        if self.record_events:
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
                "submits_at": self.w(s).submit_at,
                "manager": self.w(s).manager,
                "specialties": [specialty_effect(sp) for sp in self.w(s).specialties],
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
                 "count": r[5], "limit": r[6], "effect": hold_effect(self.spec(r[0], r[2]))}
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
                "effect": hold_effect(self.spec(self.base_att, self.base_ref))
                if self.base_kind in ("hold", "reapply") else None,
                "responses": [{"kind": k, "card": self.card_name(c), "by": q} for k, c, q, _t in self.chain],
            },
            "calls": [list(c) for c in self.calls],
            "free_for_all": self.free_for_all,
            "result": self.result,
        }
        obs["pending_error"] = None if self.err_seat < 0 else {
            "by": self.err_seat, "wrestler": self.name(self.err_seat), "reason": self.err_reason,
        }  # 11.5: an illegal play on the table, open to a challenge
        errors: dict[str, str] = {}
        if player == self.current_player() and g.errors_rule:
            self.legal_actions()
            for act in sorted(self._legal or [], key=_action_id):
                if act.id in self._errset:
                    errors[act.name] = self._error_reason(player, act)
        obs["errors"] = errors
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
        if st.err_snap is not None:
            # 11.5: the state a challenge would restore must not tell a searcher the true hands either
            assert isinstance(st.err_snap, WrasslinState)
            st.err_snap = st.err_snap.determinize(player, rng)
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
        if self.phase == "initiative":
            return f"{who} must call the Initiative Number of a card in his hand (5.3)"
        if self.phase == "draft":
            return f"{who} must draft a Wrestler still in the pool (14.6)"
        first = {
            "target": f"{who} must first choose whom to put the Hold on (`target seat N`)",
            "accumulate": f"{who} must first lay a card face down on his Continuing Hold (`accumulate CARD`, 10.11)",
            "penalty": f"{who} is penalized: `serve penalty` or `ignore warning` first (9.41, 9.42)",
            "stay": f"{who} must first say whether he stays in the ring or returns to the apron (12.41)",
            "upkeep": f"{who} must first keep his Hold with a Power Surge or release it (8.41)",
        }.get(self.phase)
        if first and kind not in ("target", "accumulate", "serve", "ignore", "stay", "apron", "release", "concede"):
            return first
        if kind == "accumulate":
            return "a card is laid face down only when a Continuing Hold is reapplied, by its attacker (10.11)"
        if arg == self.C_WILD and kind in ("wild", "react_wild", "play", "react"):
            return "a Wild Card is played as the card it becomes: `play Wild Card as CARD` (11.2)"
        if kind in ("play", "wild", "react", "react_wild") and arg == self.C_SPEC:
            how = "play Wild Card as Specialty N" if kind == "wild" else "play Specialty N"
            return f"a Specialty is played by its number on the Wrestler's card: `{how}` (11.4, 11.42)"
        if kind in ("spec", "spec_wild", "react_spec"):
            phys = self.C_SPEC if kind != "spec_wild" else self.C_WILD
            if self.hand[p][phys] == 0 and not (kind == "react_spec" and self.hand[p][self.C_WILD]):
                return f"{who} holds no {g.cards[phys].name}"
            specs = self.w(p).specialties
            if arg >= len(specs):
                return f"{who} has only {len(specs)} Specialt{'y' if len(specs) == 1 else 'ies'} (11.42)"
            sp = specs[arg]
            if sp.hold is not None:
                return self._hold_reason(p, sp.hold) or self._turn_reason(p)
            return self._effect_reason(p, sp.effect, sp.name) or self._turn_reason(p)
        if kind in ("play", "wild", "discard", "react", "react_wild"):
            phys = arg if kind in ("play", "discard", "react") else self.C_WILD
            card = g.cards[arg]
            if self.hand[p][phys] == 0:
                return f"{who} holds no {g.cards[phys].name}"
            if kind in ("wild", "react_wild") and arg in g.void:
                return f"this match has no {card.name} cards, so a Wild Card cannot become one (11.2)"
            if kind == "react" or kind == "react_wild":
                return self._answer_reason(p, arg)
            if kind in ("play", "wild") and card.hold is not None and self.phase in ("main", "dt_hold"):
                reason = self._hold_reason(p, card.hold)
                if reason:
                    return reason
            elif kind in ("play", "wild"):
                reason = self._effect_reason(p, card.name, card.name)
                if reason:
                    return reason
            return self._turn_reason(p)
        if kind in ("exit", "exit_wild", "reenter", "enter", "stay", "apron", "release", "end", "serve", "ignore"):
            return self._effect_reason(p, kind, action.name) or self._turn_reason(p)
        if kind in ("long", "short", "long_wild", "short_wild"):
            if p == self.turn or self.team[p] == self.team[self.turn]:
                return "a Long/Short Count discarded in your own side's turn has no effect (9.2)"
            return "a Long/Short Count changes a running count (a Pin, a count-out, an illegal man) (9.2)"
        if kind == "challenge":
            return "there is no illegal play of an opponent to challenge (11.5)"
        if kind == "concede":
            return "only in an elimination tournament may a Wrestler concede (14.3)"
        if kind == "target":
            return f"{who} may not put the Hold on seat {arg} now"
        return f"{action.name!r} is not allowed for {who} in phase {self.phase!r}"

    def _turn_reason(self, p: int) -> str:
        """The turn-level reasons a play is refused (5.3, 5.4 A)."""
        who = self.name(p)
        g = self.g
        if self.obligation >= 0 and self.turn_no == 1 and self.phase == "main":
            called = g.cards[self.obligation]
            return (f"{who} must first play or discard the card he called for initiative, "
                    f"{called.name} ({called.initiative}) (5.3)")
        if self.acted and self.phase == "main":
            return f"{who} has already made his play this turn (5.4 A)"
        if self.phase == "dt_hold":
            return f"{who} must now play the Hold of his Double Team, or end the turn (12.4)"
        if self.combo and self.phase == "main":
            return f"{who} is playing a Combination: a second Hold, or end the turn (11.1)"
        if any((p, a.id) in self.refused for a in self.g.actions.decisions):
            return f"{who} had that play refused by a challenge this turn (11.5)"
        return f"{who} may not do that now (phase {self.phase})"

    def _hold_reason(self, p: int, spec: HoldSpec) -> str:
        """Why no opponent can take ``spec`` from ``p`` now (the first reason found)."""
        if self.phase not in ("main", "dt_hold"):
            return ""
        if spec.pin and self.g.royal:
            return "there are no Pins in a Battle Royal (13.2)"
        if self.phase == "dt_hold" and (spec.pin or spec.continuous):
            return "a Double Team may not be used with a Pin or Continuing Hold (12.4)"
        if self.pos[p] == APRON and self.phase != "dt_hold":
            return f"{self.name(p)} is on the apron: only a Double Team puts a Hold on from there (12.1, 12.4)"
        reasons = [self.hold_fault(p, spec, t, self.phase == "dt_hold") for t in self.opponents(p)]
        reasons = [r for r in reasons if r]
        return reasons[0] if len(reasons) == len(self.opponents(p)) and reasons else ""

    def _effect_reason(self, p: int, what: str, label: str) -> str:
        """Why ``p`` may not use a non-Hold card or capability ``what`` now, or ''."""
        who = self.name(p)
        g = self.g
        held = self.held(p)
        mobile = self.mobile(p)
        if what == "Power Surge":
            if self.surge_turn[p] == self.turn_no:
                return f"{who} has already played a Power Surge this turn (8.4: one per turn)"
            if self.w(p).abilities(self.dmg[p])[3] < 1:
                return f"{who} has no Power Surge rating left (3.14)"
        elif what in ("Recovery 1", "Recovery 2", "recovery"):
            if self.dmg[p] < 1:
                return f"{who} has no damage to remove (6.2)"
            if held:
                return f"{who} is under a Pin or Continuing Hold and may not play a Recovery (10.12, 10.21)"
        elif what in ("Tag", "tag"):
            if g.match_type not in ("tag", "handicap"):
                return "Tag cards are used only in Tag Team matches (5.1, 12.3)"
            if self.pos[p] != RING:
                return f"only the Wrestler in the ring may play a Tag (12.3); {who} is not in it"
            if self.tagged:
                return f"{who} has already tagged this turn (12.3)"
            if held:
                return "a Tag may not be played by a Wrestler in a Pin or Continuing Hold (12.3)"
            if not mobile:
                return f"{who} is immobile: no Tag without a Power Surge (6.13)"
            if not any(self.pos[t] == APRON and self.mobile(t) for t in self.partners(p)):
                return f"{who}'s partner on the apron is not mobile (12.3)"
        elif what in ("Double Team", "double_team"):
            if g.match_type not in ("tag", "handicap"):
                return "Double Team cards are used only in Tag Team matches (5.1, 12.4)"
            if self.pos[p] != APRON:
                return "a Double Team is played from outside the ring, by the partner on the apron (12.4)"
            return f"{who} has no Hold he could put on with a Double Team (12.4)"
        elif what == "Combination":
            return f"a Combination needs a Hold {who} can play with it (11.1)"
        elif what == "Block":
            if not self.pinned(p):
                return (f"a Block answers a Hold in the opponent's turn; in his own turn {who} may Block only "
                        f"a Pin on him (8.1, 10.2 A)")
            if not self.can_react(p):
                return f"{who} has no Strength, Agility or Skill left to Block (3.12, 8.1)"
        elif what == "Referee":
            return "a Referee answers an illegal card, or catches an illegal man in the ring (9.4, 12.41)"
        elif what in ("Reverse", "Interference/Block", "Interference/Reverse", "Distraction", "Long/Short Count"):
            return f"{what} is played in answer to an opponent's play, never in your own turn (5.6)"
        elif what in ("exit", "exit_wild"):
            if self.pos[p] != RING:
                return f"{who} is not in the ring (11.3)"
            if g.royal:
                return "in a Battle Royal the Out of Ring card only throws an opponent out (13.3)"
            if held:
                return f"{who} is under a Pin or Continuing Hold and may not leave the ring (10.12)"
            if any(r[0] == p and r[4] for r in self.holds):
                return f"{who} is pinning and may not leave the ring (10.21)"
            if not mobile:
                return f"{who} is immobile: he may not leave the ring without a Power Surge (3.13)"
        elif what == "reenter":
            if self.pos[p] != FLOOR:
                return f"{who} is not outside the ring (11.32)"
            if not mobile:
                return f"{who} is immobile: he may not re-enter the ring without a Power Surge (3.13, 11.32)"
        elif what == "enter":
            return "a partner enters only when two opponents are in the ring against his partner (12.42)"
        elif what in ("stay", "apron"):
            return "only a Wrestler who Double Teamed may stay in the ring or return to the apron (12.41)"
        elif what == "release":
            return f"{who} has no Continuing Hold or Pin to release (8.41)"
        elif what in ("serve", "ignore"):
            return f"{who} is not being penalized (9.41, 9.42)"
        elif what == "end":
            return f"{who} must play or discard a card; a turn is not passed (5.5)"
        return ""

    def _answer_reason(self, p: int, ci: int) -> str:
        """Why ``p`` may not answer the play with card type ``ci`` now."""
        who = self.name(p)
        name = self.g.cards[ci].name
        bk = self.base_kind
        if self.chain and self.chain[-1][0] in ("block", "reverse"):
            return "there is no counter to a red Reaction card (8.32)"
        if ci in (self.C_BLOCK, self.C_REVERSE, self.C_PS):
            if bk not in ("hold", "reapply", "exit"):
                return f"a {name} answers a Hold (8.1)"
            if p != self.base_def:
                return f"only the Wrestler the Hold was played on may play {name} against it (8.1, 12.1)"
            if bk == "hold" and self.base_dt >= 0:
                return "barring Outside Influence, a Hold put on with a Double Team cannot be avoided (12.4)"
            if ci == self.C_PS:
                return self._effect_reason(p, "Power Surge", name) or "one Power Surge per answer (8.42)"
            if not self.can_react(p):
                return f"{who} has no Strength, Agility or Skill left to react (3.12, 8.1)"
            if ci == self.C_REVERSE:
                spec = self.spec(self.base_att, self.base_ref) if bk != "exit" else None
                if spec is not None and spec.pin:
                    return "a Pin cannot be Reversed (8.33, 10.2)"
                if spec is not None and spec.specialty:
                    return "a Specialty cannot be Reversed (8.33, 11.4)"
                if spec is not None and spec.continuous:
                    return "a Continuing Hold cannot be Reversed (8.33, 10.1)"
                if bk == "reapply":
                    return "a Continuing Hold cannot be Reversed (10.1)"
            return f"{name} cannot answer this play now (8.x)"
        if ci in (self.C_IB, self.C_IR, self.C_DIS):
            if self.g.royal:
                return f"there are no {name} cards in a Battle Royal (13.2)"
            if bk == "refcall" and ci == self.C_DIS:
                return ("a Distraction voids the Referee's call only for a team with a manager or a third mobile "
                        "Tag Team partner (12.41)")
            if not self.entitled(p):
                return f"{who} has no manager or mobile Tag Team partner for Outside Influence (3.5, 9.3, 9.5)"
            if ci == self.C_DIS:
                return "a Distraction voids a Referee aimed at your side, or an opponent's Tag (9.5)"
            return "Interference answers a Hold on your own side (9.3)"
        if ci == self.C_REF:
            return "a Referee needs an illegal card to catch: an Illegal Hold, a Double Team or Interference (9.4)"
        return f"{name} cannot answer this play (8.x, 9.x)"


_action_id = attrgetter("id")
