"""Auto-explore (`o`): the next action toward unexplored ground, as a DCSS player expects.

What it does, in order:
1. free a delver caught by a trap (a cage, a net, a sealed room): the nearest free delver
   walks over and the player is asked how (struggle, free, disarm; each by whom);
2. walk to the nearest frontier (known ground next to unseen ground) it can reach;
3. else walk next to the nearest locked or stuck door with unexplored ground beyond and ask
   what to do there (pick the lock, break the door down, force it: each by whom, with its
   odds, the best first);
4. else search the likely walls for secret doors, each standing delver once at each spot (at
   once while the stairs down are unknown; once they are found, only when asked: a second
   `o` on a level with nothing else left);
5. else say it is done, and where the stairs down are.

A chosen way is tried again until it works ("keep trying"). A whole action wanted with only
movement points left ends the move first, so the turn passes by itself. With only Pillagers
in view (they keep away unless engaged), the delver led explores and the others keep up.

Headless: the UI's `o` and the harness (roguelike/tools/explore_rate.py) both run an
Explorer through travel.Run, so they make the same decisions. It reads only what the party
knows (explored squares, doors found locked or stuck, traps known), never the real map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from roguelike.core.components import Character, Door, Position
from roguelike.core.explore_components import Marker, SecretDoor, Stuck
from roguelike.engine.actions.basic import Lead, Step, Wait
from roguelike.engine.actions.marching import cut_off, held_fast, line
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import direction_words, the_name
from roguelike.engine.creatures.helpless import can_act, lost
from roguelike.engine.creatures.inventory import PickUp, ledger
from roguelike.engine.doors.doorways import (
    BreakDoor,
    ForceDoor,
    PickLock,
    force_need,
    lockpicks_refusal,
)
from roguelike.engine.game import Game
from roguelike.engine.helpers import interact
from roguelike.engine.helpers.autoexplore_held import (
    a_trap_name,
    break_away_step,
    free_ways,
    hand_over,
    held_fast_by_trap,
)
from roguelike.engine.helpers.autoexplore_loot import (
    LOOT_NEAR,
    bearers,
    checker,
    is_treasure,
    loot_seen,
    marker_ahead,
    nearest_loot,
    thing_words,
)
from roguelike.engine.helpers.autoexplore_search import best_spot, suspect_walls, unsearched
from roguelike.engine.helpers.carry_habit import CarryHabit
from roguelike.engine.helpers.come_round import (
    beyond_reach,
    in_hazards,
    in_reach_words,
    no_rest_left,
    pillager_refusal,
    wait_for_them,
)
from roguelike.engine.helpers.crossing import Crossing
from roguelike.engine.helpers.door_habit import DoorHabit
from roguelike.engine.helpers.give_way import GiveWay, way_round
from roguelike.engine.helpers.interact import d6_odds
from roguelike.engine.helpers.parked_walk import WalkUp
from roguelike.engine.helpers.travel import (
    FOES_IN_VIEW,
    NEIGHBOURS,
    Question,
    Sightings,
    blocker_words,
    blockers,
    downhill,
    effect_in_the_way,
    frontier,
    held_squares,
    in_the_way,
    route_to,
    shut_effects,
    travel_cost,
    whole_action,
)
from roguelike.engine.rest.resting_turn import RestRun, present, rest_needs, rest_refusal
from roguelike.engine.traps import confine
from roguelike.engine.traps.trap_actions import Disarm, Search, Struggle
from roguelike.world.paths import UNREACHABLE, distance_map

DOOR_ACTIONS: dict[str, type[PickLock | BreakDoor | ForceDoor]] = {
    "pick_lock": PickLock, "break_door": BreakDoor, "force_door": ForceDoor}
# Odds in 6 from which a quiet way through a door (picking the lock) is offered first.
QUIET_ODDS = 2
# Steps one press of `o` walks away from Pillagers in reach to rest before it stops and
# says why it cannot (one following the party would lead it round the level for ever).
RETREAT_STEPS = 20
# how `o` names ground it will not walk to, past a lasting effect that strikes (travel)
PAST = "Ground still to explore lies past"
EXPLORED = "Explored all the open ways."  # how `o` says the level is done but its walls


@dataclass(frozen=True)
class Plan:
    """One way past an obstacle (a door, a trapped delver): who does what, and the words
    offered. `kind` is an action kind; `slow` tells the two disarms apart."""

    worker: int
    kind: str
    label: str
    slow: int = 0


# The ways past one obstacle, and the question's words (door_plans, rescue_plans).
PlansFor = Callable[[Game, int], tuple[list[Plan], str]]


@dataclass
class Explorer:
    """The decider behind `o` (a travel.Decider that remembers the answers it was given)."""

    search: bool = False  # search for secret doors even once the stairs down are known
    plans: dict[int, Plan] = field(default_factory=dict)  # obstacle id -> the chosen way
    offered: dict[int, list[Plan]] = field(default_factory=dict)
    resting: RestRun | None = None  # the rests under way (a new one each time: its lights)
    rest_due: int = 0  # the clock round the rest just begun ends on (0: none begun)
    no_rest_before: int = 0  # after a broken rest, no rest before this clock round
    told: set[int] = field(default_factory=set)  # keep-away foes announced (watch.Watch)
    # The delver the player leads, who walks in front (RULES.md, "The party moves
    # together"), and the one this decider last handed the lead to for a job (a door, a
    # captive, a search): the lead goes back once the job is done. 0: none yet.
    chosen: int = 0
    handed: int = 0
    started: bool = False
    left: set[int] = field(default_factory=set)  # loot the player chose to leave lying
    checking: int = 0  # the marker the best checker is walking to (0: none)
    sightings: Sightings = field(default_factory=Sightings)  # Pillagers seen: gone round
    retreat: int = 0  # steps walked away from Pillagers in reach to rest (this press)
    news: str = ""  # what the player should be told as the walk goes on (travel.Run)
    # the levels on which it said why it explores on instead of resting (once a level:
    # the same line every press was bookkeeping found in play)
    unrested: set[int] = field(default_factory=set)
    unrested_news: str = ""  # that line, told once the walk does explore on
    give_way: GiveWay = field(default_factory=GiveWay)  # creatures on the way (a press)
    habit: DoorHabit = field(default_factory=DoorHabit)  # the way chosen at the last door
    door_kinds: dict[int, str] = field(default_factory=dict)  # door asked about -> kind
    carry: CarryHabit = field(default_factory=CarryHabit)  # who carried the last treasure
    parked: WalkUp = field(default_factory=WalkUp)  # a walk up to a parked Pillager
    crossing: Crossing = field(default_factory=Crossing)  # a lasting effect walked through

    def again(self, search: bool = False) -> Explorer:
        """The decider for the next press of `o`: asked afresh about every door, but it
        remembers a broken rest (so a Pillager passing by does not break rest after rest),
        the Pillagers already announced (so one stepping in and out of view does not
        stop every press) and whom the player leads (a run stopped while a worker led)."""
        return Explorer(search=search, rest_due=self.rest_due,
                        no_rest_before=self.no_rest_before, told=self.told,
                        chosen=self.chosen, handed=self.handed, left=self.left,
                        sightings=self.sightings, give_way=self.give_way.again(),
                        habit=self.habit, crossing=self.crossing.again(),
                        carry=self.carry, unrested=self.unrested,
                        parked=self.parked.again())

    def answer(self, question: Question, index: int) -> None:
        """The player chose option `index` of a question (Enter: 0)."""
        if self.crossing.answer(question, index) or self.parked.answer(question, index):
            return
        ways = self.offered.get(question.about, [])
        if 0 <= index < len(ways):
            self.plans[question.about] = ways[index]
            what = self.door_kinds.get(question.about)
            if what:  # (kept for the next door of its kind: door_habit)
                self.habit.remember(what, ways[index])
            elif ways[-1].kind == "leave":  # (a treasure: kept for the next, carry_habit)
                self.carry.remember(index, ways)

    # a companion cut off from the party by a door is this decider's job (door_between):
    # the walk does not stop for it (travel.Run._together)
    rejoins: ClassVar[bool] = True

    def __call__(self, game: Game, eid: int) -> Action | Question | str:
        if not self.started:  # whom the player leads, unless a job of ours put it there
            self.started = True
            if game.led != self.handed or not self.chosen:
                self.chosen, self.handed = game.led, 0
        decision = self._decide(game, eid)
        if self.unrested_news and isinstance(decision, Action):  # (else the stop says)
            self.news = f"{self.news} {self.unrested_news}".strip()
        self.unrested_news = ""
        if isinstance(decision, Lead):
            orders = game.store.table(Character)
            to = next(e for e in game.party if orders[e].order == decision.order)
            self.handed = 0 if to == self.chosen else to
        elif isinstance(decision, str):
            back = self._give_back(game, None)  # (done: the lead goes back first)
            if back is not None:
                return back
        return decision

    def _decide(self, game: Game, eid: int) -> Action | Question | str:
        combat = game.mode == "combat"  # (then only Pillagers in view, keeping away)
        if combat and game.threats_in_view():
            return FOES_IN_VIEW
        barriers = barrier_doors(game)
        self.sightings.update(game)
        cost = _open_cost(game, eid, self.sightings.squares(game))
        parked = self.give_way.parked_squares(game)  # (said once: explored round)
        self._shut(game, cost)
        shut_out = False  # a captive nobody can reach yet: explore on to find the way
        for captive in captives(game):
            rescue = self._rescue(game, eid, captive, cost)
            if rescue is not None:
                return rescue
            shut_out = True
        if shut_out and not _can_work(game, eid):  # (a captive itself: another goes on)
            # (or wait for one to come round)
            return self._rest(game, eid) or _lead_free(game, self.chosen)
        if not combat:  # (one held fast by a Monstrous Hand: freed before any rest)
            for held, trap in held_fast_by_trap(game):
                freeing = self._free_held(game, eid, held, trap, cost)
                if freeing is not None:
                    return freeing
        crossing = self.crossing.step(game, eid, cost)  # (through a fire, as the player chose)
        if crossing is not None:
            return crossing
        resting = self._rest(game, eid)
        if resting is not None:
            return resting
        if self.give_way.passing:  # (backing off to let a Pillager by: give_way)
            making = self.give_way.making(game, eid, cost)
            if making is not None:
                return making
        if combat and eid != game.led:  # (no Lead in combat: the chosen one goes itself)
            door = next((d for d, p in self.plans.items()
                         if p.worker == eid and d in barriers.values()), None)
            if door is None:
                return follow(game, eid)
            return self._obstacle(game, eid, door, cost, door_plans)
        if not combat:  # a companion cut off by a door found locked: open it first
            between = door_between(game, cost, barriers)
            if between is not None:
                return self._obstacle(game, eid, between, cost, parting_plans)
        if not combat:  # (a marker's best checker on its way; items on the way picked up)
            aside = self._marker(game, eid, cost) or self._loot(game, eid, cost, LOOT_NEAR)
            if aside is not None:
                return aside
        edge = frontier(game)
        here = game.store.get(eid, Position).xy
        open_goals = [g for g in edge if g not in barriers and g != here]
        shut = {xy for _e, xy in shut_effects(game, eid)}  # (route_to opens its goals)
        shut.update(xy for _e, xy in parked)
        goals = [g for g in open_goals if g not in shut]
        if goals and not held_fast(game, eid):  # (a held one's steps are its tries)
            back = self._give_back(game, goals)
            if back is not None:
                return back
        if goals:
            dist = route_to(game, goals, cost)
            step = downhill(game, eid, dist)
            if step is not None:
                return (None if combat else self._checker_first(game, eid, step)) or step
            if in_the_way(game, eid, dist):  # (round it, or let it pass: give_way)
                if self.give_way.parked(game, blockers(game, eid, dist)):
                    return self._give_way(game, eid, goals, cost, dist)  # (why: stop)
                return self._away_to_rest(game, eid, cost) \
                    or self._give_way(game, eid, goals, cost, dist)
            other = hand_over(game, eid, goals, _open_cost)
            if other is not None:  # (a companion held fast in the way, or eid cut off)
                return other
        gather = None if combat else self._loot(game, eid, cost)
        if gather is not None:  # (the open ground explored: the loot seen, then doors)
            return gather
        door = door_to_open(game, eid, cost, edge, barriers)
        if door is not None:
            return self._obstacle(game, eid, door, cost, door_plans)
        # (a door found locked counts: the way to it may be what is through the effect)
        ahead = [g for g in edge if g != here]
        through = effect_in_the_way(game, eid, ahead, cost, PAST) if ahead else ""
        down = game.level.stairs_down
        known = down is not None and bool(game.level.explored[down[1], down[0]])
        if through and not known:  # (the way on is through a buzz saw: the player's call)
            return self.crossing.ask(game, eid, ahead, cost, PAST) or through
        if not through and not known and ahead:  # (the way on is past a parked Pillager)
            onward = self.parked.step(game, eid, cost,
                                      parked_on_the_way(game, eid, ahead, cost, parked),
                                      parked_past(game, eid, ahead, cost, parked))
            if onward is not None:
                return onward
        through = through or (parked_past(game, eid, ahead, cost, parked) if ahead else "")
        if through and not known:  # (left where it stands: the line alone)
            return through
        if self.search or not known:
            searching = self._search(game, eid, cost)
            if searching is not None:
                return searching
        where = direction_words(here, down) if known and down is not None else ""
        unrested = pillager_refusal(game) if rest_needs(game, healing_only=True) else ""
        if unrested:  # (done but for a rest a Pillager in reach forbids: away, or say so)
            return self._away_to_rest(game, eid, cost) or no_rest_left(unrested, where)
        past = f" {through}" if through else ""
        if known and not self.search and self._search_left(game, cost):
            return (f"{EXPLORED} Stairs down: {where} (G then > goes there; o again "
                    f"searches the walls for secret doors).{past}")
        if known:  # (the same line at every press: o again searched nothing, found in play)
            return (f"Nothing left to explore or search here. Stairs down: {where} (G then > "
                    f"goes there).{past}")
        return "Nothing left to explore or search here, and no stairs down found."

    def _away_to_rest(self, game: Game, eid: int, cost: np.ndarray) -> Step | None:
        """With wounds to rest off and a Pillager in reach forbidding the rest ("Move
        away from it first"), a step away beyond its reach, where the rest begins (the
        player pressed `o` again and again on the same line); None otherwise."""
        if game.mode == "combat" or not rest_needs(game, healing_only=True) \
                or not pillager_refusal(game):
            return None
        if self.retreat >= RETREAT_STEPS:  # (it keeps coming: the player's to decide)
            return None
        goals = beyond_reach(game, cost)
        step = downhill(game, eid, route_to(game, goals, cost)) if goals else None
        if step is not None:  # (moving away, not exploring on: said instead)
            self.unrested_news = ""
        if step is not None and not self.retreat:  # (said only when it does move away)
            self.news = f"{in_reach_words(pillager_refusal(game))} Moving away from it to rest."
        self.retreat += 1
        return step

    def _give_back(self, game: Game, goals: list[tuple[int, int]] | None
                   ) -> Action | None:
        """The lead back to the delver the player chose (no time), once the job it was
        handed over for is done (a door, a captive, a search) and that one can walk in
        front again: toward `goals` when given (or it would be handed straight back);
        None otherwise."""
        chosen = self.chosen
        if not chosen or game.led == chosen or game.mode == "combat" \
                or chosen not in game.party or not _can_work(game, chosen):
            return None
        cost = self._shut(game, _open_cost(game, chosen)) if goals is not None else None
        if cost is not None and goals is not None and downhill(
                game, chosen, route_to(game, goals, cost)) is None:
            return None
        return Lead(game.store.get(chosen, Character).order)

    def _shut(self, game: Game, cost: np.ndarray) -> np.ndarray:
        """`cost` with the squares of the creatures this walk went round (not back to them)
        and of those said to be parked (explored round, not named again) shut."""
        for x, y in self.give_way.closed(game):
            cost[y, x] = 0
        for _e, (x, y) in self.give_way.parked_told.items():
            cost[y, x] = 0
        return cost

    def _rest(self, game: Game, eid: int) -> Action | str | None:
        """Rest first while anyone is wounded or down (DCSS's explore_auto_rest): R's rests
        (RestRun) for the wounds alone, so a knock-out is waited out and a fight is not
        walked into hurt. None when there is nothing to heal, resting is refused (foes in
        view) or a delver lies in a lasting trap effect that hurts (an acid pool: one who
        came round there would be hurt again and break every rest); a Wait while a rest
        broken less than an exploration turn ago keeps it from resting again and a
        companion is down; a stop (a light gone out) as R says it."""
        clock = ledger(game).clock
        turn = game.content.explore.rounds_per_turn
        if self.rest_due and clock < self.rest_due:  # the last rest was broken: explore a
            self.no_rest_before = clock + turn  # turn before the next (Classic: 1 in 6)
        self.rest_due = 0
        refused = rest_refusal(game)
        if refused or not rest_needs(game, healing_only=True) or in_hazards(game):
            self.resting = None
            if not refused:
                return None
            waiting = wait_for_them(game)  # (a Pillager in reach: wait, do not rest)
            if waiting is None and rest_needs(game, healing_only=True) \
                    and game.depth not in self.unrested:  # (exploring on: say why, once)
                self.unrested.add(game.depth)
                self.unrested_news = (f"{in_reach_words(pillager_refusal(game))} Exploring on: o "
                             "rests once the party is out of its reach.")
            return waiting
        if clock < self.no_rest_before:  # a companion down is not left behind: its
            self.resting = None  # knock-out is waited out
            return Wait() if any(is_disabled(game.store, e) for e in present(game)) else None
        if self.resting is None:
            self.resting = RestRun(healing_only=True)
        step = self.resting.next(game, eid)
        if isinstance(step, str):
            self.resting = None
        else:
            self.rest_due = clock + turn
        return step

    def _free_held(self, game: Game, eid: int, held: int, trap: int, cost: np.ndarray
                   ) -> Action | Question | None:
        """The next action of freeing `held` from `trap` (autoexplore_held.free_ways), the
        way asked once; None when there is no way (the others explore on)."""
        store = game.store
        plan = self.plans.get(trap)
        if plan is not None and not _can_work(game, plan.worker, held=plan.worker == held):
            del self.plans[trap]
            plan = None
        tx, ty = store.get(trap, Position).xy
        if plan is None:
            ways = [Plan(w, "disarm" if slow >= 0 else "break_away", words, max(slow, 0))
                    for w, slow, _chance, words in free_ways(game, held, trap,
                                                             _workers(game, (tx, ty)))]
            if not ways:
                return None
            self.offered[trap] = ways
            where = direction_words(store.get(eid, Position).xy, (tx, ty))
            return Question(f"{name_of(store, held)} is held fast by {a_trap_name(game, trap)} "
                            f"({where}). What now? (tried again until it works; Escape "
                            "stops)", tuple(w.label for w in ways), trap)
        if plan.worker != eid:
            return Lead(store.get(plan.worker, Character).order)
        wpos = store.get(eid, Position)
        if plan.kind == "break_away":
            return break_away_step(game, eid) or Wait()
        if max(abs(tx - wpos.x), abs(ty - wpos.y)) > 1:
            step = self._walk_to(game, eid, (tx, ty), cost)
            return step if not isinstance(step, str) else None
        return Disarm(tx - wpos.x, ty - wpos.y, plan.slow)

    # ----- what lies in the rooms: markers and loot (autoexplore_loot) ----------------
    def _marker(self, game: Game, eid: int, cost: np.ndarray) -> Action | None:
        """The next step of the checker handed the front for a marker (_checker_first)
        toward it; None when there is no such job, or it is done or cannot go on."""
        store, marker = game.store, self.checking
        if not marker or not store.alive(marker) or not store.has(marker, Marker) \
                or store.get(marker, Marker).state != "unchecked" or held_fast(game, eid):
            self.checking = 0
            return None
        step = self._walk_to(game, eid, store.get(marker, Position).xy, cost)
        if isinstance(step, str):  # (a creature in the way: explore on, not back and forth)
            self.checking = 0
            return None
        return step

    def _checker_first(self, game: Game, eid: int, step: Step) -> Action | None:
        """Before the one in front steps within a square of an unchecked event marker (the
        free check falls to it, 003): the front to the delver best placed to check it
        (autoexplore_loot.checker), who walks to it; None to step on as planned."""
        here = game.store.get(eid, Position).xy
        marker = marker_ahead(game, here, (here[0] + step.dx, here[1] + step.dy))
        if marker is None:
            return None
        at = game.store.get(marker, Position).xy
        workers = [w for w in _workers(game, at) if not held_fast(game, w)]
        if eid not in workers:
            return None
        best = checker(game, workers)
        if best == eid:
            return None
        self.checking = marker
        return Lead(game.store.get(best, Character).order)

    def _loot(self, game: Game, eid: int, cost: np.ndarray, within: int = UNREACHABLE
              ) -> Action | Question | None:
        """The next step or pick-up of the nearest loot seen (less than `within` steps
        away); a treasure is asked about first (who carries it, or leave it lying: each
        carried costs its bearer 1 Speed until banked, 003). None when there is none."""
        if held_fast(game, eid):
            return None
        store = game.store
        while True:  # (near the way: only what costs no Speed to carry, 003)
            seen = loot_seen(game, self.left, treasure=within >= UNREACHABLE)
            thing = nearest_loot(game, eid, seen, cost, within)
            if thing is None:
                return None
            plan = self.plans.get(thing)
            if plan is not None and (plan.kind == "leave" or not _can_work(game, plan.worker)):
                self.left.add(thing)  # (left lying, or its bearer can no longer go)
                continue
            break
        at = store.get(thing, Position).xy
        if plan is None and is_treasure(game, thing):
            ways = [Plan(w, "pick_up", f"{name_of(store, w)} picks it up (Speed {pace} -> "
                         f"{pace - 1})") for w, pace in bearers(game, _workers(game, at))]
            if not ways:  # (nobody can carry it and keep up: left lying, unasked)
                self.left.add(thing)
                return self._loot(game, eid, cost, within)
            where = direction_words(store.get(eid, Position).xy, at)
            usual = self.carry.pick(thing, ways)
            if usual is not None:  # (as the player answered at the last treasure: unasked)
                self.plans[thing] = usual
                self.news = self.carry.words(thing_words(game, thing), where, usual)
                return self._loot(game, eid, cost, within)
            ways.append(Plan(eid, "leave", "Leave it lying"))
            self.offered[thing] = ways
            return Question(f"{thing_words(game, thing)} lies {where}. Pick it up? (each "
                            "treasure carried costs its bearer 1 Speed until banked)",
                            tuple(w.label for w in ways), thing)
        worker = eid if plan is None else plan.worker
        if worker != eid:
            return Lead(store.get(worker, Character).order)
        if chebyshev(store.get(eid, Position), store.get(thing, Position)) <= 1:
            return whole_action(game, eid, PickUp(thing))
        step = self._walk_to(game, eid, at, cost)
        if isinstance(step, str):
            self.left.add(thing)  # (no way there now: not walked back and forth for)
            return self._loot(game, eid, cost, within)
        return step

    # ----- obstacles: doors and trapped delvers ----------------------------------------
    def _rescue(self, game: Game, eid: int, captive: int, cost: np.ndarray
                ) -> Action | Question | str | None:
        """The next action of freeing `captive`; None when nobody can get at it yet (no
        free delver can walk beside it over known ground, and it cannot struggle). One
        out for a while (unconscious, not down) with no other way offered is waited for:
        it struggles when it comes to (before, its struggle was offered, dropped as it could
        not act, and offered again, the question over and over with no time passing:
        explore-17 D2 R159, 4,005 questions)."""
        if coming_to(game, captive) and not rescue_plans(game, captive)[0]:
            return Wait()
        if captive in self.plans:
            return self._obstacle(game, eid, captive, cost, rescue_plans)
        struggles = _struggles(game, captive)
        workers = _workers(game, game.store.get(captive, Position).xy)
        if not workers and not struggles:
            return None
        if eid in workers or struggles or eid == captive:
            if eid == captive and not struggles:  # it cannot help itself: a worker goes
                return self._send(game, eid, workers[0])
            return self._obstacle(game, eid, captive, cost, rescue_plans)
        return self._send(game, eid, workers[0])

    @staticmethod
    def _send(game: Game, eid: int, worker: int) -> Action:
        """Hand over to `worker` (it leads: no time), or in a fight wait for its turn."""
        if worker == eid:
            return Wait()
        if game.mode == "combat":
            return Wait()
        return Lead(game.store.get(worker, Character).order)

    def _obstacle(self, game: Game, eid: int, subject: int, cost: np.ndarray,
                  plans_for: PlansFor) -> Action | Question | str:
        """Walk the chosen worker next to `subject` and do the chosen way, or ask."""
        store = game.store
        plan = self.plans.get(subject)
        if plan is not None and (not _can_work(game, plan.worker, plan.kind == "struggle")
                                 or not _still_fits(game, subject, plan)):
            del self.plans[subject]  # its worker is down or gone, or the door changed: anew
            plan = None
        worker = eid if plan is None else plan.worker
        if worker != eid:
            if game.mode == "combat":  # each acts on its own initiative: wait for its turn
                return Wait()
            return Lead(store.get(worker, Character).order)  # takes no time
        sx, sy = store.get(subject, Position).xy
        wpos = store.get(worker, Position)
        dx, dy = sx - wpos.x, sy - wpos.y
        if plan is None and max(abs(dx), abs(dy)) > 1 \
                and worker in _workers(game, (sx, sy)):
            return self._walk_to(game, worker, (sx, sy), cost, wait=True)  # next to it, then ask
        if plan is None:
            ways, text = plans_for(game, subject)
            if not ways:  # (strangers crowding it are the reason, if there are any)
                return blocker_words(game, eid, _crowding(game, (sx, sy))) or text
            what = door_kind(game, subject)
            usual = self.habit.pick(what, ways) if what else None
            if usual is not None:  # (the way chosen at the last such door: unasked)
                self.plans[subject] = usual
                self.news = self.habit.words(what, usual)
                return self._obstacle(game, eid, subject, cost, plans_for)
            self.offered[subject] = ways
            self.door_kinds[subject] = what
            again = f", and taken at the next {what} door" if what else ""
            return Question(f"{text} ({direction_words(wpos.xy, (sx, sy))}). What now? "
                            f"(tried again until it works{again}; Escape stops)",
                            tuple(w.label for w in ways), subject)
        if max(abs(dx), abs(dy)) > 1 or (plan.kind != "struggle" and (dx, dy) == (0, 0)):
            return self._walk_to(game, worker, (sx, sy), cost, wait=True)
        action = _plan_action(game, plan, dx, dy)
        if action is None:
            del self.plans[subject]
            return f"{name_of(store, worker)} can no longer do that."
        return whole_action(game, worker, action)

    def _walk_to(self, game: Game, worker: int, at: tuple[int, int], cost: np.ndarray,
                 wait: bool = False) -> Action | str:
        """A step of `worker` toward the squares beside `at`; with creatures on the way,
        round them, or with `wait` (a job only there: a door, a captive) wait for them
        to move on (give_way); else why not."""
        goals = _beside(game, at, cost)
        if not goals:
            return "There is no known way there."
        dist = route_to(game, goals, cost)
        step = downhill(game, worker, dist)
        if step is not None:
            return step
        if not wait:
            around = blockers(game, worker, dist)
            step = way_round(game, worker, goals, cost, around)
            if step is None:
                return in_the_way(game, worker, dist) or "There is no known way there."
            self.give_way.went_round(game, around)
            return step
        way = self._give_way(game, worker, goals, cost, dist)
        return way or "There is no known way there."

    def _give_way(self, game: Game, eid: int, goals: list[tuple[int, int]], cost: np.ndarray,
                  dist: np.ndarray) -> Action | str:
        """give_way.GiveWay's choice with creatures on the way, what it says passed on."""
        way = self.give_way.step(game, eid, goals, cost, dist)
        if self.give_way.news:
            self.news, self.give_way.news = self.give_way.news, ""
        return way

    # ----- secret doors ----------------------------------------------------------------
    def _search_left(self, game: Game, cost: np.ndarray) -> bool:
        """Whether a delver has walls left to search (an offer of `o` again means it)."""
        return any(True for _m, _s in self._spots(game, game.led, cost))

    def _spots(self, game: Game, eid: int, cost: np.ndarray
               ) -> Iterator[tuple[int, tuple[int, int]]]:
        """(delver, the square it searches from next), `eid` first."""
        radius = game.content.explore.doors.search_radius
        walls = suspect_walls(game)
        if not walls:
            return
        store = game.store
        members = [eid] if game.mode == "combat" else sorted(
            (e for e in game.party if _can_work(game, e)),
            key=lambda e: (e != eid, store.get(e, Character).order))
        for member in members:
            spot = best_spot(game, member, cost, unsearched(game, member, walls, radius),
                             radius)
            if spot is not None:
                yield member, spot

    def _search(self, game: Game, eid: int, cost: np.ndarray) -> Action | None:
        """The next step or search of the hunt for secret doors; None when it is done."""
        store = game.store
        for member, spot in self._spots(game, eid, cost):
            if member != eid:
                return Lead(store.get(member, Character).order)
            if spot == store.get(eid, Position).xy:
                return whole_action(game, eid, Search())
            step = downhill(game, eid, route_to(game, [spot], cost))
            if step is not None:
                return step
        return None


def _crowding(game: Game, at: tuple[int, int]) -> list[int]:
    """The creatures in view, not the party's, standing next to `at` (a door, a captive):
    where nobody can get beside it, they are why."""
    store = game.store
    return [e for e in game.hostiles_in_view()
            if chebyshev(store.get(e, Position), Position(game.depth, *at)) <= 1]


def parked_on_the_way(game: Game, eid: int, goals: list[tuple[int, int]], cost: np.ndarray,
                      parked: list[tuple[int, tuple[int, int]]]
                      ) -> tuple[int, tuple[int, int]] | None:
    """When the only way over `cost` to `goals` is past a creature said to be parked on
    it (give_way.GiveWay.parked_squares, shut in `cost`): the nearest such one and its
    square; None otherwise."""
    if not parked:
        return None
    here = game.store.get(eid, Position).xy
    opened = cost.copy()
    for _e, (x, y) in parked:
        opened[y, x] = 1
    if int(route_to(game, goals, opened)[here[1], here[0]]) >= UNREACHABLE:
        return None
    return min(parked, key=lambda p: (max(abs(p[1][0] - here[0]), abs(p[1][1] - here[1])),
                                      p[0]))


def parked_past(game: Game, eid: int, goals: list[tuple[int, int]], cost: np.ndarray,
                parked: list[tuple[int, tuple[int, int]]]) -> str:
    """parked_on_the_way's creature, and what the player can do, in words; '' when none."""
    found = parked_on_the_way(game, eid, goals, cost, parked)
    if found is None:
        return ""
    e, xy = found
    here = game.store.get(eid, Position).xy
    return (f"{PAST} {the_name(game, e)} parked {direction_words(here, xy)}, "
            "which stays there: walk into it to fight it, or wait for it to move on.")


def _lead_free(game: Game, chosen: int = 0) -> Action | str:
    """Lead the delver the player chose if it is free, else the first free one in marching
    order (no time); why not, when nobody is free or in a fight."""
    free = sorted((e for e in game.party if _can_work(game, e)), key=lambda e: e != chosen)
    if not free:
        return "Nobody is free to explore."
    if game.mode == "combat":
        return Wait()
    return Lead(game.store.get(free[0], Character).order)


def _can_work(game: Game, eid: int, held: bool = False) -> bool:
    """Whether `eid` stands on this level, able to act (not asleep), and is free (or may
    be held: `held`)."""
    store = game.store
    return not is_disabled(store, eid) and store.get(eid, Position).depth == game.depth \
        and (held or confine.top(game, eid) is None) and can_act(game, eid)


def _workers(game: Game, at: tuple[int, int]) -> list[int]:
    """The free delvers who can walk next to `at` over known ground, the one led first,
    then in marching order."""
    store = game.store
    maps: dict[int | None, np.ndarray] = {}
    # (a companion held fast shuts its square to the others, not to itself: then a map each)
    each = bool(held_squares(game))
    out = []
    for e in game.party:
        if not _can_work(game, e):
            continue
        mover = e if each else None
        if mover not in maps:
            cost = _open_cost(game, mover)
            near = _beside(game, at, cost)
            maps[mover] = distance_map(cost, near) if near else np.full(
                cost.shape, UNREACHABLE, dtype=np.int64)
        pos = store.get(e, Position)
        if maps[mover][pos.y, pos.x] < UNREACHABLE:
            out.append(e)
    return sorted(out, key=lambda e: (e != game.led, store.get(e, Character).order))


def _open_cost(game: Game, mover: int | None = None,
               avoid: Sequence[tuple[int, int]] = ()) -> np.ndarray:
    """travel_cost with the known locked and stuck doors shut: the ground a worker walks."""
    cost = travel_cost(game, mover, avoid)
    for x, y in barrier_doors(game):
        cost[y, x] = 0
    return cost


def _beside(game: Game, at: tuple[int, int], cost: np.ndarray) -> list[tuple[int, int]]:
    """The walkable known squares next to `at` that no stranger is seen standing on."""
    sx, sy = at
    seen = game.visible
    return [(x, y) for x, y in ((sx + ax, sy + ay) for ax, ay in NEIGHBOURS)
            if game.level.in_bounds(x, y) and cost[y, x] > 0
            and (not seen[y, x] or game.creature_at(x, y) in (None, *game.party))]


def _still_fits(game: Game, subject: int, plan: Plan) -> bool:
    """Whether a door's chosen way still fits the door: a lock picked that turns out
    stuck on opening (a door a trap's seal locked is met for the first time only then)
    is forced or broken, never picked again ("That door is not locked.", found in play)."""
    state = game.store.try_get(subject, Door)
    if state is None or plan.kind not in DOOR_ACTIONS:
        return True
    if plan.kind == "pick_lock":
        return state.locked
    if plan.kind == "force_door":
        return not state.locked and game.store.has(subject, Stuck)
    return True


def _plan_action(game: Game, plan: Plan, dx: int, dy: int) -> Action | None:
    """The action of a plan, from where its worker stands; None when it no longer fits."""
    if plan.kind in DOOR_ACTIONS:
        return DOOR_ACTIONS[plan.kind](dx, dy)
    if plan.kind == "struggle":
        return Struggle()
    for choice in interact.choices(game, plan.worker, dx, dy):
        act = choice.action
        if act.kind == plan.kind and getattr(act, "slow", 0) == plan.slow:
            return act
    return None


# ----- doors ---------------------------------------------------------------------------
def barrier_doors(game: Game) -> dict[tuple[int, int], int]:
    """Closed doors the party knows to be locked or stuck, by square: a walk stops there."""
    store = game.store
    out: dict[tuple[int, int], int] = {}
    for xy, door in game.level.door_ids.items():
        if store.has(door, SecretDoor):
            continue
        state = store.get(door, Door)
        if not state.open and (state.locked or store.has(door, Stuck)):
            out[xy] = door
    return out


def door_to_open(game: Game, eid: int, cost: np.ndarray, edge: list[tuple[int, int]],
                 barriers: dict[tuple[int, int], int]) -> int | None:
    """The nearest barrier door with unexplored ground beyond it, or None."""
    if not barriers or not edge:
        return None
    reach = distance_map(cost, [game.store.get(eid, Position).xy])
    through = cost.copy()
    for x, y in barriers:
        through[y, x] = 2
    beyond = route_to(game, edge, through)
    best: tuple[int, int, int, int] | None = None
    for (x, y), door in barriers.items():
        if beyond[y, x] >= UNREACHABLE:
            continue
        near = min((int(reach[y + dy, x + dx]) for dx, dy in NEIGHBOURS
                    if game.level.in_bounds(x + dx, y + dy)), default=UNREACHABLE)
        if near < UNREACHABLE and (best is None or (near, y, x) < best[:3]):
            best = (near, y, x, door)
    return None if best is None else best[3]


def door_between(game: Game, cost: np.ndarray, barriers: dict[tuple[int, int], int]
                 ) -> int | None:
    """A known locked or stuck door between the one led and a companion who has no other
    way to it over known ground (a door found locked as it followed; the one led thrown
    past one by a trap), nearest the one led; None when there is none."""
    if not barriers:
        return None
    shut = [e for e in line(game)[1:] if cut_off(game, e)]
    if not shut:
        return None
    positions = game.store.table(Position)
    mine = distance_map(cost, [positions[game.led].xy])
    for other in shut:
        theirs = distance_map(cost, [positions[other].xy])
        best: tuple[int, int, int, int] | None = None
        for (x, y), door in barriers.items():
            near = [(x + dx, y + dy) for dx, dy in NEIGHBOURS
                    if game.level.in_bounds(x + dx, y + dy)]
            to_me = min(int(mine[b, a]) for a, b in near)
            if to_me < UNREACHABLE and min(int(theirs[b, a]) for a, b in near) < UNREACHABLE \
                    and (best is None or (to_me, y, x) < best[:3]):
                best = (to_me, y, x, door)
        if best is not None:
            return best[3]
    return None


def door_kind(game: Game, subject: int) -> str:
    """'locked' or 'stuck' for a door the party knows so; '' for any other obstacle."""
    state = game.store.try_get(subject, Door)
    if state is None:
        return ""
    return "locked" if state.locked else "stuck" if game.store.has(subject, Stuck) else ""


def parting_plans(game: Game, door: int) -> tuple[list[Plan], str]:
    """door_plans for a door a companion is cut off by."""
    return door_plans(game, door, "The party is parted by")


def door_plans(game: Game, door: int, why: str = "The way on is through"
               ) -> tuple[list[Plan], str]:
    """Every way each free delver has through a locked or stuck door, and the words of
    the question (`why`: what the door is to the party). First the quiet ways at odds of
    QUIET_ODDS in 6 or better (picking a lock), the best odds first, then the rest by
    odds (then the one led): breaking or forcing a door keeps the dungeon noisy for an
    exploration turn, 2 in 6 for a wandering monster instead of 1 (doorways.make_noise,
    DungeonPunk 004), and leaves a broken door that never shuts again, where a Rogue's
    pick at 3 in 6 against a Warrior's break at 4 in 6 costs half a try more."""
    store = game.store
    state = store.get(door, Door)
    stuck = store.has(door, Stuck) and not state.locked
    what = "stuck" if stuck else "locked"
    ranked: list[tuple[int, int, int, Plan]] = []
    for rank, eid in enumerate(_workers(game, store.get(door, Position).xy)):
        who = name_of(store, eid)
        ways: list[tuple[str, int, int, str]] = []
        if state.locked and lockpicks_refusal(game, eid) is None:
            need, chance = d6_odds(game, eid, "wits")
            ways.append(("pick_lock", chance, 0, f"pick the lock (Wits, d6 {need}+"))
        need, chance = d6_odds(game, eid, "might")
        ways.append(("break_door", chance, 1, f"break it down (Might, d6 {need}+"))
        if stuck:
            need, chance = d6_odds(game, eid, "might", force_need(game, eid))
            ways.append(("force_door", chance, 1, f"force it (d6 {need}+"))
        for kind, chance, noisy, words in ways:
            if chance > 0:
                label = f"{who}: {words}, {chance} in 6{'; noisy' if noisy else ''})"
                loud = noisy if chance >= QUIET_ODDS else 1
                ranked.append((loud, -chance, rank, Plan(eid, kind, label)))
    ranked.sort(key=lambda p: p[:3])
    text = f"{why} a {what} door"
    if not ranked:
        return [], f"{text}, and nobody can open it."
    return [p[3] for p in ranked], text


# ----- trapped delvers -----------------------------------------------------------------
def captives(game: Game) -> list[int]:
    """Delvers on this level held by a trap (cage, net, pit lid...), standing or down."""
    store = game.store
    return [e for e in game.party if store.get(e, Position).depth == game.depth
            and confine.top(game, e) is not None]


def _struggles(game: Game, captive: int) -> bool:
    """Whether `captive` could struggle free of its trap itself (not down)."""
    return not is_disabled(game.store, captive) and bool(
        confine.escape_ways(game, captive, captive, inside=True))


def coming_to(game: Game, captive: int) -> bool:
    """Whether `captive` could struggle but cannot act for now, and will again by itself
    (unconscious for some rounds, not down nor held for good: helpless.lost)."""
    return _struggles(game, captive) and not can_act(game, captive) \
        and not lost(game, captive)


def rescue_plans(game: Game, captive: int) -> tuple[list[Plan], str]:
    """The ways to free a captive: its own struggle, then each free delver's (led first)
    freeing and slow then quick disarming, as the act menu offers them."""
    store = game.store
    held = confine.top(game, captive)
    kind = held[1]["kind"].replace("_", " ") if held else "trap"
    name = name_of(store, captive)
    plans: list[Plan] = []
    if _struggles(game, captive) and can_act(game, captive):
        plans.append(Plan(captive, "struggle", f"{name} struggles to get free, until free"))
    cx, cy = store.get(captive, Position).xy
    for eid in _workers(game, (cx, cy)):
        pos = store.get(eid, Position)
        choices = interact.choices(game, eid, cx - pos.x, cy - pos.y) \
            if (cx, cy) != pos.xy else []
        order = {"free": 0, "disarm": 1}
        wanted = sorted((c for c in choices if c.action.kind in order),
                        key=lambda c: (order[c.action.kind], -getattr(c.action, "slow", 0)))
        for c in wanted:
            plans.append(Plan(eid, c.action.kind, f"{name_of(store, eid)}: {c.label}",
                              getattr(c.action, "slow", 0)))
    text = f"{name} is caught ({kind})"
    return plans, text if plans else f"{text}, and nobody here can help."


def follow(game: Game, eid: int) -> Action:
    """A delver's own turn while the one led explores (foes in view, none a threat): keep
    within 2 squares of the one led, or wait."""
    store = game.store
    me, led = store.get(eid, Position), store.get(game.led, Position)
    if chebyshev(me, led) > 2:
        step = downhill(game, eid, game.route_near(led.xy, me.xy))
        if step is not None:
            return step
    return Wait()
