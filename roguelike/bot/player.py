"""The bot's decisions, in the order a careful party weighs them: answer luck, fight what
must be fought (bot/fight.py), tend its own (bot/rescue.py), wait for and heal the fallen
and rest the wounded (bot/resting.py), then go about the level: search new rooms, fetch the
treasure it saw, explore, and take the stairs down when the level is done, or climb out
with the Heart of the Deep (bot/journey.py). bot/guard.py keeps every game moving.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import numpy as np

from roguelike.bot import journey as J
from roguelike.bot.care import luck_choice
from roguelike.bot.fight import fight, strike_back
from roguelike.bot.guard import Guard
from roguelike.bot.heart import take_heart
from roguelike.bot.moves import leave_hazard, towards
from roguelike.bot.rescue import heal, relight, rescue
from roguelike.bot.resting import rest_plan, tend_fallen
from roguelike.bot.routes import Routes, hazard_squares
from roguelike.core.components import Actor, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import Inventory, Item
from roguelike.engine.actions.basic import Lead, Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.luck_queue import waiting
from roguelike.engine.base.stats import load_penalty
from roguelike.engine.creatures.inventory import item_def_of, ledger
from roguelike.engine.game import DEFAULT_PARTY, Game
from roguelike.engine.traps.trap_actions import Search

LEVEL_BUDGET = 500  # actions a level the bot explores for treasure before heading down
MAX_LEADS = 3  # changes of lead in a row before the bot lets time pass instead
BOT_LUCK_PROMPT = "ask"  # the bot answers each luck offer (care.luck_choice)


def bot_game(seed: str, party: tuple[tuple[str, str], ...] | None = None) -> Game:
    """A new game for the bot, with the options it plays under (`sim`, the balance report):
    the engine asks it about luck after each failed roll that luck could turn."""
    return Game(seed, party or DEFAULT_PARTY, options=GameOptions(luck_prompt=BOT_LUCK_PROMPT))


class Bot:
    # the kept answers (each remade the same from the game); all else is the bot's memory
    # of the game (actions a level, tries at doors and traps, rests, angry Pillagers ...)
    CACHES = ("routes", "_found", "camp", "kept_loads")

    def __init__(self) -> None:
        self.level_actions: dict[int, int] = {}
        self.routes = Routes()
        # (member, effect, kind) -> (the store's Item id list, the items carried, the item)
        self._found: dict[tuple[int, str, str], tuple[list[int], tuple[int, ...],
                                                      int | None]] = {}
        self.angry_pillagers: set[int] = set()  # Pillagers that struck at the party
        self._leads = 0  # changes of lead in a row
        self.door_tries: dict[tuple[int, int, int], int] = {}  # (depth, x, y) -> tries
        self.disarm_tries: dict[tuple[int, int, int], int] = {}  # (depth, x, y) -> tries
        self.guard = Guard()
        self.camp: tuple[object, list[tuple[int, int]]] | None = None  # (level, squares)
        # (the Treasure id list, each delver's items, journey.loads' answer)
        self.kept_loads: tuple[list[int], tuple[tuple[int, ...], ...],
                               list[tuple[bool, bool]]] | None = None
        self.seen_loot: dict[int, tuple[int, int, int]] = {}  # treasure -> where seen
        self.going_for: int | None = None  # the treasure the last look for loot chose
        self._last_event: Event | None = None  # the newest log entry read
        # (depth, the party's state) at the last rest; rests in a row that changed nothing
        self.rested_from: tuple[int, tuple[object, ...]] | None = None
        self.futile_rests: dict[int, int] = {}
        self.futile_at: dict[int, int] = {}  # depth -> the round of the last futile rest
        self.plan = ""  # what the last decision was for (guard.Guard's loops)
        self.stairs_waits = 0  # waits in a row on the stairs up for the party to gather

    @property
    def hurried(self) -> set[int]:
        return self.guard.hurried

    @property
    def retiring(self) -> bool:
        return self.guard.retiring

    def without_caches(self) -> Bot:
        """A bot with this one's memory and none of its kept answers (the tests hold the
        caches to it)."""
        new = Bot()
        new.__dict__.update({k: copy.deepcopy(v) for k, v in self.__dict__.items()
                             if k not in self.CACHES})
        new.routes.barred = set(self.routes.barred)
        new._last_event = self._last_event  # (found in the log by identity: not a copy)
        return new

    def choose(self, game: Game) -> Action:
        eid = game.awaiting
        if eid is None:
            return Wait()
        if waiting(game):  # a roll waits on luck: nothing else may be done first
            return luck_choice(game, eid)
        self._read_log(game)
        self.level_actions[game.depth] = self.level_actions.get(game.depth, 0) + 1
        self.guard.watch(game, int(np.count_nonzero(game.level.explored)),
                         ledger(game).banked_gp)
        pos = game.store.get(eid, Position)
        self.plan = "fight"
        # (a fight that walked a loop, stepping back and closing again on a foe that will
        # not come, is set aside a while like any plan: guard.Guard.note)
        action = None
        if game.mode == "combat":
            action = fight(self, game, eid, pos) if self.guard.allowed(game, "fight") \
                else strike_back(self, game, eid, pos)
        if action is None:
            action = self._explore(game, eid, pos)
        if isinstance(action, Lead):
            # a change of lead takes no time: never more than a few in a row
            self._leads += 1
            if self._leads > MAX_LEADS:
                self._leads = 0
                return Wait()
        else:
            self._leads = 0
        self.guard.note(game, eid, self.plan, action)
        return action

    def _read_log(self, game: Game) -> None:
        """Note the Pillagers that struck at a delver and the delvers that went down since
        the last look (the newest entries, back to the one read last)."""
        log = game.log
        last = self._last_event
        if not log or log[-1] is last:
            return
        self._last_event = log[-1]
        party = game.party
        for i in range(len(log) - 1, max(-1, len(log) - 200), -1):
            e = log[i]
            if e is last:
                break
            if e.kind == "disabled" and e.actor in party:
                self.guard.down(game)
            elif e.kind in ("hit", "miss") and e.target in party and e.actor not in party:
                actor = game.store.try_get(e.actor, Actor)
                if actor is not None and actor.side == "pillager":
                    self.angry_pillagers.add(e.actor)

    def _explore(self, game: Game, eid: int, pos: Position) -> Action:
        plans = self._plans(game, eid, pos)
        for plan, decide in plans:
            if not self.guard.allowed(game, plan):
                continue
            action = decide()
            if action is not None:
                self.plan = plan
                return action
        self.plan = "secret"
        # Nowhere left to go: the way on may be a secret door. Search along the walls,
        # from each place not yet searched from (a refused search ends the turn in play()).
        return leave_hazard(game, eid, pos) or J.seek_secret(self, game, eid, pos)

    def _plans(self, game: Game, eid: int, pos: Position
               ) -> list[tuple[str, Callable[[], Action | None]]]:
        """Each plan with what it would do now, in the order they are weighed."""
        level = game.level
        hazards = hazard_squares(game)
        hurry = game.depth in self.hurried
        scarce = J.light_scarce(game)
        # (exploring for treasure burns light the trip down and back needs: not when short)
        budget = self.level_actions.get(game.depth, 0) < LEVEL_BUDGET and not hurry \
            and not scarce
        down = level.stairs_down

        def stairs() -> Action | None:
            if not down or not (level.explored[down[1], down[0]] or not budget):
                return None
            if J.homeward(self, game):
                # (never down with the Heart: with the climb set aside a while by the
                # guard, the party went down and up the same stairs until it fell, s24-a-3)
                return None
            if pos.xy == down:
                return J.take_stairs(self, game, pos, "down")
            return towards(self, game, eid, pos, [down], False)

        def loot() -> Action | None:
            if hurry:  # (a level to leave: not back past what put the party down)
                return None
            seen = J.loot(self, game, pos)
            if seen is None or load_penalty(game.store, eid) >= 2:
                return None
            return J.fetch(self, game, eid, pos, *seen)

        def goal() -> Action | None:
            item = J.goal_here(game)
            return J.fetch(self, game, eid, pos, item) if item is not None else None

        def frontier(always: bool) -> Callable[[], Action | None]:
            def go() -> Action | None:
                if not (budget or always):
                    return None
                return towards(self, game, eid, pos, self.routes.frontier_from(game, pos.xy),
                               False)
            return go

        return [
            ("care", lambda: relight(game, eid) or heal(self, game, eid, pos)
             or rescue(self, game, eid, pos)),
            ("heart", lambda: take_heart(self, game, eid, pos)),
            ("fallen", lambda: tend_fallen(self, game, eid, pos, hazards)),
            ("rest", lambda: rest_plan(self, game, eid, pos, hazards, scarce, hurry)),
            # (a search, or a wait, stands in place: never in a pool that strikes there;
            # walking through one is the route's choice: routes.Routes.cost)
            ("search", lambda: (leave_hazard(game, eid, pos) or Search())
             if budget and J.unsearched(game, eid, pos) else None),
            ("climb", lambda: J.climb(self, game, eid, pos) if J.homeward(self, game)
             else None),
            ("goal", goal),
            ("camp", lambda: None if hurry else J.to_camp(self, game, eid, pos)),
            ("loot", loot),
            ("frontier", frontier(False)),
            ("stairs", stairs),
            ("explore", frontier(True)),  # no known way to the stairs: explore towards them
        ]

    # ----- for bot/fight.py and the tests ---------------------------------------------------
    def heal(self, game: Game, eid: int, pos: Position, reach_only: bool = False
             ) -> Action | None:
        return heal(self, game, eid, pos, reach_only)

    def towards(self, game: Game, eid: int, pos: Position, goals: list[tuple[int, int]],
                creatures_block: bool = True) -> Action | None:
        return towards(self, game, eid, pos, goals, creatures_block)

    def _loads(self, game: Game) -> list[tuple[bool, bool]]:
        return J.loads(self, game)

    def find(self, game: Game, member: int, effect: str, kind: str = "") -> int | None:
        """The first item `member` carries with that effect (and kind, if given), kept per
        member, effect and kind while the member carries the same items and the store hands
        out the same Item id list (a new one whenever an Item row is made, replaced or
        removed; an item's kind never changes): asked on every step."""
        inv = game.store.try_get(member, Inventory)
        carried = tuple(inv.items) if inv is not None else ()
        items = game.store.ids(Item)
        key = (member, effect, kind)
        kept = self._found.get(key)
        if kept is not None and kept[0] is items and kept[1] == carried:
            return kept[2]
        found = None
        for item in carried:
            idef = item_def_of(game, item)
            if idef is not None and idef.effect == effect and (not kind or idef.id == kind):
                found = item
                break
        self._found[key] = (items, carried, found)
        return found

    @staticmethod
    def kind_of(game: Game, item: int) -> str:
        it = game.store.try_get(item, Item)
        return it.kind if it is not None else ""


Watcher = Callable[[Game, Action, list[Event]], None]


def play(game: Game, actions: int, bot: Bot | None = None,
         watch: Watcher | None = None) -> Game:
    """Let the bot send `actions` actions (or stop when the game ends); `watch` hears each
    action sent and the events it brought (the balance report's tally)."""
    bot = bot or Bot()
    sent = 0
    while sent < actions and not game.over:
        action = bot.choose(game)
        before = game.actions_taken
        events = game.perform(action)
        if watch is not None:
            watch(game, action, events)
        if game.actions_taken == before:  # refused: end the turn so time moves on
            events = game.perform(Wait())
            if watch is not None:
                watch(game, Wait(), events)
        sent += 1
    return game


