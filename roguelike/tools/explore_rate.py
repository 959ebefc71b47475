"""How often auto-explore finds the stairs down: `o` pressed again and again, Enter at its
questions (and at the luck prompt: spend), and the fights it stops for fought by a plain
stand-in.

It drives the same objects as the UI's `o` (travel.Run over an autoexplore.Explorer), with
game.perform in place of the screen's. The fight stand-in is auto-fight's choice for each
delver fighting on however hurt (StandIn), and a Wait when no foe can be reached.

    python -m roguelike.tools.explore_rate --seeds 120 [--prefix explore] [--levels 1]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass, field

from roguelike.core.components import Position
from roguelike.engine.actions.basic import Step, TakeStairs, Wait
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.game import Game
from roguelike.engine.helpers.autoexplore import PAST, Explorer
from roguelike.engine.helpers.autofight import fight_step, foes_in_view
from roguelike.engine.helpers.parked_walk import BESIDE
from roguelike.engine.helpers.travel import (
    HAZARD_COST,
    Question,
    Run,
    downhill,
    frontier,
    route_to,
    shut_effects,
    travel_cost,
    travel_step,
)
from roguelike.engine.helpers.travel import run as travel_run
from roguelike.engine.rest.resting_turn import REST_CAP, RestRun
from roguelike.engine.status.luck import SpendLuck, offer_waiting

DEBUG = False
WAIT_ROUNDS = 3
IDLE_RESTS = 4  # waits in a row, with `o` doing nothing between, before giving up
IDLE_WAIT = 30  # turns waited each time
CHASE_STEPS = 12  # steps toward a foe last seen, closed in on, before `o` again
ACTION_CAP = 4000  # actions a level may take before it counts as not found
IN_THE_WAY = " is in the way ("  # travel.in_the_way's words
BLOCKER_ACTIONS = 12  # fight actions toward a creature in the way, before `o` again
STEP_IN_STEPS = 40  # steps toward a lasting effect on the only way on, to step into it


@dataclass
class LevelResult:
    seed: str
    depth: int
    found: bool
    why: str  # the last reason auto-explore gave (or how the level ended)
    actions: int
    presses: int  # times `o` was pressed
    questions: int  # door questions answered with Enter
    fight_actions: int
    rests: int = 0  # times it waited for `o` to have something to do
    stops: Counter[str] = field(default_factory=Counter)


def stairs_known(game: Game) -> bool:
    down = game.level.stairs_down
    return down is not None and bool(game.level.explored[down[1], down[0]])


def enter_at_luck(game: Game) -> None:
    """Enter at the luck prompt (the game's default asks after a failed roll): spend it."""
    for _ in range(64):  # (offers come one at a time: a volley of darts makes several)
        offer = offer_waiting(game)
        if offer is None:
            return
        game.perform(SpendLuck(offer.cost))


@dataclass
class StandIn:
    """The plain player's fight, one action at a time: auto-fight's choice for each delver
    (`F` plays them a round at a time), fighting on however hurt and every foe in view (a
    Pillager in the way too). It lets the foes come (a careful player's way): a step back
    is taken, but one closing in only on a foe that stays put for WAIT_ROUNDS rounds; a
    foe it closed in on that steps out of view is followed to where it was last seen (a
    player walks there: the arrow keys), up to
    CHASE_STEPS steps, so a foe lurking at the edge of sight is not left to stop `o` at
    every step (seen in play: o stepped toward the frontier, the foe came into view, F
    stepped back toward it, it went out of view, and so on for good)."""

    waited: dict[int, int] = field(default_factory=dict)  # delver -> round it began waiting
    chase: tuple[int, tuple[int, int]] | None = None  # (foe, where last seen)
    chased: int = 0  # steps taken toward a foe out of view

    def fight(self, game: Game) -> bool:
        """One action of the fight; False when nobody awaits an action."""
        enter_at_luck(game)
        eid = game.awaiting
        if eid is None:
            return False
        action = fight_step(game, eid, careful=False)
        if isinstance(action, Step) and self._closes(game, eid, action):
            start = self.waited.setdefault(eid, game.round)
            if game.round - start < WAIT_ROUNDS:
                action = Wait()
            else:
                self.waited.pop(eid, None)
                self._remember(game, eid)
        events = game.perform(Wait() if isinstance(action, str) else action)
        if events and events[0].kind == "fail":
            if DEBUG:
                print("refused", action, events[0].text)
            game.perform(Wait())  # a refused step (a foe in the way): the turn passes
        return True

    @staticmethod
    def _closes(game: Game, eid: int, step: Step) -> bool:
        """Whether the step brings `eid` nearer the nearest foe (a step back, or off a
        trap's square, is taken at once: only closing in waits for the foe to come)."""
        here = game.store.get(eid, Position)
        there = Position(here.depth, here.x + step.dx, here.y + step.dy)
        foes = [game.store.get(f, Position) for f in foes_in_view(game)]
        return bool(foes) and min(chebyshev(f, there) for f in foes) < \
            min(chebyshev(f, here) for f in foes)

    def _remember(self, game: Game, eid: int) -> None:
        store = game.store
        here = store.get(eid, Position)
        foes = foes_in_view(game)
        if foes:
            foe = min(foes, key=lambda f: (chebyshev(store.get(f, Position), here), f))
            self.chase, self.chased = (foe, store.get(foe, Position).xy), 0

    def follow_up(self, game: Game) -> bool:
        """A step toward where the foe closed in on was last seen; False when there is
        none to take (no such foe, it fell, the spot reached, or CHASE_STEPS taken)."""
        if self.chase is None:
            return False
        foe, spot = self.chase
        eid = game.awaiting
        pos = game.store.try_get(foe, Position)
        if eid is None or pos is None or pos.depth != game.depth \
                or self.chased >= CHASE_STEPS:
            self.chase = None
            return False
        step = travel_step(game, eid, spot)
        if isinstance(step, str):
            self.chase = None
            return False
        self.chased += 1
        before = game.actions_taken
        game.perform(step)
        return game.actions_taken > before


def explore_level(game: Game, cap: int = ACTION_CAP, stand_in: StandIn | None = None
                  ) -> LevelResult:
    """Press `o` (Enter at questions, fights fought) until the stairs down are seen."""
    stand_in = StandIn() if stand_in is None else stand_in
    start = game.actions_taken
    result = LevelResult(game.seed, game.depth, False, "", 0, 0, 0, 0)
    idle = 0
    depth = game.depth
    explorer: Explorer | None = None
    while game.actions_taken - start < cap:
        enter_at_luck(game)
        if game.over:
            result.why = f"game over ({game.outcome})"
            break
        if game.depth != depth:
            result.why = "left the level (a trap or chute)"
            break
        if stairs_known(game):
            result.found = True
            break
        if game.threats_in_view():
            before = game.actions_taken
            if not stand_in.fight(game) or game.actions_taken == before:
                result.why = "the fight stand-in could not act"
                break
            result.fight_actions += 1
            continue
        if stand_in.follow_up(game):
            result.fight_actions += 1
            continue
        before = game.actions_taken
        why, explorer = press_o(game, result, explorer)
        result.why = why
        result.stops[_kind(why)] += 1
        if why.startswith(PAST) and step_in(game):  # (as its words say: the player's call)
            continue
        if why.startswith(BESIDE) and walk_into(game):  # (walked up to it: as it says)
            continue
        if IN_THE_WAY in why:  # a creature at rest on the only way on: go and fight it
            for _ in range(BLOCKER_ACTIONS):
                if game.over or game.threats_in_view() or not stand_in.fight(game):
                    break
                result.fight_actions += 1
        idle = idle + 1 if game.actions_taken == before else 0
        if idle >= IDLE_RESTS:
            break
        if idle:  # `o` can do nothing now: R (rest until healed, which waits out a
            # knock-out), as a player would; `.` a few times when R has nothing to do
            if press_r(game) == game.actions_taken:
                for _ in range(IDLE_WAIT):
                    game.perform(Wait())
            result.rests += 1
    result.actions = game.actions_taken - start
    if not result.found and game.actions_taken - start >= cap:
        result.why = f"cap of {cap} actions ({result.why})"
    return result


def walk_into(game: Game) -> bool:
    """Walk into the parked creature `o` walked up to ("walk into it to fight it"), as a
    player would: a Step into the nearest creature in view beside the one awaiting."""
    eid = game.awaiting
    if eid is None:
        return False
    here = game.store.get(eid, Position)
    beside = [c for c in game.hostiles_in_view()
              if chebyshev(game.store.get(c, Position), here) == 1]
    if not beside:
        return False
    there = game.store.get(min(beside), Position)
    before = game.actions_taken
    game.perform(Step(there.x - here.x, there.y - here.y))
    return game.actions_taken > before


def step_in(game: Game) -> bool:
    """Walk into the lasting effect `o` stopped before, the only way on to unexplored
    ground ("Step in yourself if you must"), as a player must; once inside, `o` walks out
    on the far side (travel.shut_effects). False when no step was taken."""
    eid = game.awaiting
    if eid is None:
        return False
    opened = travel_cost(game, eid)
    shut = shut_effects(game, eid)
    for _e, (x, y) in shut:
        if game.level.explored[y, x] and game.level.is_walkable(x, y):
            opened[y, x] = HAZARD_COST
    inside = {xy for _e, xy in shut}
    goals = frontier(game)
    for _ in range(STEP_IN_STEPS):
        eid = game.awaiting
        if eid is None or game.threats_in_view() or game.over:
            break
        step = downhill(game, eid, route_to(game, goals, opened)) if goals else None
        if step is None:
            break
        before = game.actions_taken
        game.perform(step)
        enter_at_luck(game)
        if game.actions_taken == before or game.store.get(eid, Position).xy in inside:
            break
    return eid is not None and game.store.get(eid, Position).xy in inside


def press_r(game: Game) -> int:
    """One press of `R` (rest until healed or disturbed: the UI's rest_until_healed over
    the engine's RestRun); the action count before it."""
    before = game.actions_taken
    travel_run(game, RestRun().next, limit=REST_CAP + 1)
    return before


def press_o(game: Game, result: LevelResult, last: Explorer | None = None
            ) -> tuple[str, Explorer]:
    """One press of `o` (after the press that used `last`, as the game screen keeps it):
    run until it stops; questions answered with Enter (the first)."""
    result.presses += 1
    explorer = last.again() if last is not None else Explorer()
    walk = Run(game, explorer)
    problem = walk.refusal()
    if problem:
        return problem, explorer
    for _ in range(ACTION_CAP):
        why = walk.advance(game.perform)
        if isinstance(why, Question):
            result.questions += 1
            explorer.answer(why, 0)
            continue
        if why:
            return why, explorer
    return "a run that never stopped", explorer


def _kind(why: str) -> str:
    """A stop reason without its names and distances, for counting."""
    for head in ("You see", "You notice", "Explored", "Nothing left", "The way on",
                 "Not with foes"):
        if why.startswith(head):
            return head
    if IN_THE_WAY in why:
        return "in the way"
    return why[:40]


def descend(game: Game, stand_in: StandIn | None = None) -> bool:
    """Travel to the known stairs down and take them; False when that failed."""
    stand_in = StandIn() if stand_in is None else stand_in
    down = game.level.stairs_down
    if down is None:
        return False
    for _ in range(ACTION_CAP):
        enter_at_luck(game)
        if game.over:
            return False
        if game.threats_in_view():
            if not stand_in.fight(game):
                return False
            continue
        eid = game.awaiting
        if eid is None:
            return False
        step = travel_step(game, eid, down)
        if isinstance(step, str):
            depth = game.depth
            game.perform(TakeStairs("down"))
            if game.depth != depth:
                return True
            game.perform(Wait())  # the party gathers, then try again
            continue
        game.perform(step)
    return False


def measure(seeds: list[str], levels: int = 1) -> list[LevelResult]:
    out = []
    for seed in seeds:
        game = Game(seed, options=GameOptions(luck_prompt="ask"))  # (the game's default)
        stand_in = StandIn()
        for _ in range(levels):
            res = explore_level(game, stand_in=stand_in)
            out.append(res)
            if not res.found or not descend(game, stand_in):
                break
    return out


def summary(results: list[LevelResult]) -> dict[str, object]:
    """The rate over all levels, and over those the party was not defeated on (the way
    found, the fights aside: the stand-in is a plain one)."""
    found = sum(r.found for r in results)
    misses = Counter(r.why[:60] for r in results if not r.found)
    standing = [r for r in results if not r.why.startswith("game over")]
    return {"levels": len(results), "found": found,
            "rate": round(found / len(results), 3) if results else 0.0,
            "standing": len(standing),
            "rate_standing": round(sum(r.found for r in standing) / len(standing), 3)
            if standing else 0.0,
            "questions": sum(r.questions for r in results),
            "presses": sum(r.presses for r in results),
            "fight_actions": sum(r.fight_actions for r in results),
            "rests": sum(r.rests for r in results),
            "actions": sum(r.actions for r in results),
            "misses": dict(misses.most_common())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=120, help="how many seeds")
    parser.add_argument("--prefix", default="explore", help="seeds are PREFIX-0, PREFIX-1...")
    parser.add_argument("--levels", type=int, default=1, help="levels a seed goes down")
    parser.add_argument("--verbose", action="store_true", help="a line for each level")
    args = parser.parse_args(argv)
    results = measure([f"{args.prefix}-{i}" for i in range(args.seeds)], args.levels)
    if args.verbose:
        for r in results:
            print(f"{r.seed} d{r.depth} {'found' if r.found else 'MISS '} "
                  f"actions={r.actions} presses={r.presses} q={r.questions} "
                  f"fight={r.fight_actions} {r.why}")
    print(json.dumps(summary(results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
