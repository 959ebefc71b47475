"""`F` in a fight: the party's round, each delver on its count, one press a round.

A FightRun asks auto-fight (autofight.fight_step) for the action of whichever delver's
turn it is and performs it, as any key would (so records and replays see ordinary
actions), until the round is played or something new happens: a foe newly in view, a
delver down or newly a wound from going down, a condition on a delver, a trap going off,
luck to decide, the fight over. The UI drives it a timer tick at a time (ui/autorun.py,
which any key stops); `play_round` drives it headless for tests and tools.

A fight with Pillagers alone is played on round after round to its end (found in play:
copper hare 9's depth 1, where a dozen Pillagers loot, took an `F` a round, 21 of 60
presses, each the same answer): more Pillagers joining it are no news; anything else
that stops a round stops it (a monster in view, a delver down or a box from it, a
condition, a trap, luck to decide), and so does any key.
"""

from __future__ import annotations

from collections.abc import Callable

from roguelike.core.components import Actor, Position
from roguelike.core.events import Event
from roguelike.engine.actions.basic import Step, Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import is_disabled, name_of
from roguelike.engine.game import Game
from roguelike.engine.helpers.autofight import fight_step, no_foe
from roguelike.engine.helpers.fight_sense import fight_foes
from roguelike.engine.helpers.stalemate import drag_out, stalemate_words
from roguelike.engine.helpers.travel import after_refusal, run
from roguelike.engine.helpers.watch import direction_words, low_health
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.status.luck import pending_entity

ACTION_CAP = 120  # actions in one press at most (a round of three delvers takes a dozen;
# rounds of waiting, IDLE_ROUNDS, three or fewer each)
# event kinds that stop the round when they happen to a delver, or at all
STOP_KINDS = frozenset({"condition", "trap", "luck_offer", "level", "gameover"})
ROUND_DONE = "Round played: F plays the next."
FIGHT_OVER = "The fight is over."
IDLE_ROUND = ("Nobody could reach a foe this round, nor strike one from afar: the party "
              "waited.")
IDLE_ADVICE = "Walk round, or fight by hand."  # (when stalemate_words has nothing better)
# Rounds in a row one press waits on while nobody can reach a foe and nothing happens (a
# foe beyond a knocked-out delver in a corridor: one press a round for sixty rounds was
# bookkeeping); anything new stops it sooner, as any key does.
IDLE_ROUNDS = 30
# Rounds one press plays on in a fight with Pillagers alone (a scuffle takes two or three;
# one that lasts this long is worth a look).
PILLAGER_ROUNDS = 12


class FightRun:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.round = game.round
        self.depth = game.depth
        self.seen = set(game.hostiles_in_view())
        self.down = {e for e in game.party if is_disabled(game.store, e)}
        self.low = {e for e in game.party if low_health(game, e) is not None}
        self.actions = 0
        self.waits = 0  # of them, turns that only waited (nothing to reach or do)
        self.idle_rounds = 0  # rounds waited through in a row with nothing to reach
        self.rounds = 0  # rounds played on in a fight with Pillagers alone
        self.news = ""  # (a fight's round has no waiting to tell of: travel.Stepper)
        self.retried = False

    def refusal(self) -> str | None:
        """Why `F` cannot start."""
        game = self.game
        if pending_entity(game) is not None:
            return "Luck first: answer the question."
        if game.awaiting is None:
            return "Nobody is waiting to act."
        if not fight_foes(game):
            return no_foe(game)
        return None

    def advance(self, perform: Callable[[Action], list[Event]]) -> str | None:
        """Do the next delver's action through `perform`; why the run stops, or None."""
        game = self.game
        eid = game.awaiting
        if eid is None or pending_entity(game) is not None:
            return "Nobody is waiting to act." if eid is None else "Luck first."
        action = fight_step(game, eid)
        if isinstance(action, str):
            return action
        if isinstance(action, Wait):  # (nothing to reach: a companion down to drag out?)
            action = drag_out(game, eid) or action
        events = perform(action)
        self.actions += 1
        self.waits += isinstance(action, Wait)
        if events and events[0].kind == "fail":
            instead = after_refusal(game, eid) or _held_fast(game, eid, action)
            if instead is None or self.retried:
                return events[0].text
            self.retried = True
            events = perform(instead)
        else:
            self.retried = False
        return self._news(events) or (
            "Stopped: the round took too many actions." if self.actions >= ACTION_CAP
            else None)

    def _news(self, events: list[Event]) -> str | None:
        """What is new after these events, worth giving the player back the keys."""
        game = self.game
        store = game.store
        if game.over:
            return "The game is over."
        if game.depth != self.depth:
            return "A new level."
        if pending_entity(game) is not None:  # (the offer's own words, when it said them)
            return next((e.text for e in events if e.kind == "luck_offer" and e.text),
                        "Luck is asked.")
        told = [e.text for e in events if e.text and e.kind in STOP_KINDS
                and (e.kind in ("level", "gameover", "luck_offer") or e.actor in game.party
                     or e.target in game.party)]
        for eid in game.party:
            if eid not in self.down and is_disabled(store, eid):
                return f"{name_of(store, eid)} is down!"
            if eid in self.down and not is_disabled(store, eid):
                return f"{name_of(store, eid)} is back on their feet."
        if told:
            return told[0]
        for eid in game.party:
            if eid not in self.low and low_health(game, eid) is not None:
                return f"{name_of(store, eid)}'s {low_health(game, eid)} has one box left!"
        if not fight_foes(game):
            return FIGHT_OVER
        threats = game.threats_in_view()
        new = [f for f in threats if f not in self.seen]
        self.seen.update(game.hostiles_in_view())
        if new and not pillagers_only(game, threats):  # (more Pillagers: no news)
            here = store.get(game.awaiting or game.led, Position).xy
            where = direction_words(here, store.get(new[0], Position).xy)
            return f"You see {name_of(store, new[0])}, {where}."
        if game.round != self.round:
            if self.waits < self.actions:
                return self._next_round()
            if self.idle_rounds + 1 < IDLE_ROUNDS:  # nobody could do anything: wait on
                self.idle_rounds += 1
                self.round = game.round
                return None
            waited = IDLE_ROUND if self.idle_rounds == 0 else (
                f"Nobody could reach a foe for {self.idle_rounds + 1} rounds, nor strike one "
                "from afar: the party waited.")
            # (the party can still act: how, where it can tell)
            return f"{waited} {stalemate_words(game) or IDLE_ADVICE}"
        return None


    def _next_round(self) -> str | None:
        """A round played: with Pillagers alone to fight, on to the next (up to
        PILLAGER_ROUNDS); else the keys go back."""
        game = self.game
        if self.rounds + 1 >= PILLAGER_ROUNDS or not pillagers_only(game, fight_foes(game)):
            return ROUND_DONE
        self.rounds += 1
        self.round = game.round
        self.actions = self.waits = 0  # (ACTION_CAP is a round's)
        return None


def pillagers_only(game: Game, foes: list[int]) -> bool:
    """Whether every one of `foes` is a Pillager (none: False)."""
    actors = game.store.table(Actor)
    return bool(foes) and all(actors[f].side == "pillager" for f in foes)


def play_round(game: Game) -> tuple[list[Event], str]:
    """`F` headless: the run until it stops; (the events, why it stopped)."""
    return run(game, FightRun(game), limit=ACTION_CAP + 1)


def _held_fast(game: Game, eid: int, action: Action) -> Action | None:
    """A step refused because `eid` is held fast (grabbed, entangled, a trap's hold): it
    holds its ground this turn and the others fight on. (Before, `F` gave the keys back on
    every press with "... is held fast and cannot move.", the lead's copper-hare-9 D4 R1811.)"""
    if not isinstance(action, Step):
        return None
    pos = game.store.get(eid, Position)
    return Wait() if move_blocked(game, eid, pos.x + action.dx, pos.y + action.dy) else None
