"""The bot's decisions: fight what it sees, explore to the edge of the known map, and take
the stairs down when a level is explored or it has spent long enough on it."""

from __future__ import annotations

import copy
from collections.abc import Callable

import numpy as np

from roguelike.bot.care import (
    heal_plan,
    hurt,
    in_danger,
    luck_choice,
    state_of,
    waits_for,
)
from roguelike.bot.fight import fight
from roguelike.bot.routes import Routes, around, best_step, hazard_squares
from roguelike.engine.actions import (
    DIRECTIONS,
    Action,
    Lead,
    Step,
    TakeStairs,
    Wait,
)
from roguelike.engine.components import (
    Actor,
    Character,
    Conditions,
    Confined,
    Disabled,
    PendingLuck,
    Position,
    Searched,
)
from roguelike.engine.conditions import move_blocked
from roguelike.engine.events import Event
from roguelike.engine.explore.clock import Rest
from roguelike.engine.explore.components import (
    Inventory,
    Item,
    LightSource,
    Treasure,
)
from roguelike.engine.explore.data import explore_data
from roguelike.engine.explore.doors import BreakDoor, PickLock
from roguelike.engine.explore.inventory import (
    PickUp,
    find_item,
    item_def_of,
    ledger,
    load_penalty,
    may_use,
)
from roguelike.engine.explore.items import UseItem
from roguelike.engine.explore.spells import Cast
from roguelike.engine.game import DEFAULT_PARTY, Game
from roguelike.engine.options import GameOptions
from roguelike.engine.stats import chebyshev, is_disabled
from roguelike.engine.traps import confine
from roguelike.engine.traps.actions import SEARCH_REACH, Free, Search, Struggle
from roguelike.engine.traps.hazards import breakaway_chance
from roguelike.world import tiles as T
from roguelike.world.masks import dilate
from roguelike.world.paths import UNREACHABLE

_STEPS = list(DIRECTIONS.values())
LEVEL_BUDGET = 500
STUCK = 3000  # actions without new ground on a level before the party hurries on
DOOR_TRIES = 12  # tries at picking or breaking one locked door before another way
MAX_LEADS = 3  # changes of lead in a row before the bot lets time pass instead
WAIT_BUDGET = 200  # the most actions a level the party waits for its fallen to wake
BOT_LUCK_PROMPT = "ask"  # the bot answers each luck offer (care.luck_choice)


def bot_game(seed: str, party: tuple[tuple[str, str], ...] | None = None) -> Game:
    """A new game for the bot, with the options it plays under (`sim`, the balance report):
    the engine asks it about luck after each failed roll that luck could turn."""
    return Game(seed, party or DEFAULT_PARTY, options=GameOptions(luck_prompt=BOT_LUCK_PROMPT))


class Bot:
    # the kept answers (each remade the same from the game); all else is the bot's memory
    # of the game (actions a level, waits, rests, angry Pillagers, the log read)
    CACHES = ("routes", "_found", "_camp", "_kept_loads")

    def __init__(self) -> None:
        self.level_actions: dict[int, int] = {}
        self.routes = Routes()
        # (member, effect, kind) -> (the store's Item id list, the items carried, the item)
        self._found: dict[tuple[int, str, str], tuple[list[int], tuple[int, ...],
                                                      int | None]] = {}
        self.angry_pillagers: set[int] = set()  # Pillagers that struck at the party
        self._leads = 0  # changes of lead in a row
        self.door_tries: dict[tuple[int, int, int], int] = {}  # (depth, x, y) -> tries
        # (depth, squares explored there, gp banked) and the action it was first seen at
        self._progress: tuple[tuple[int, int, int], int] = ((0, 0, 0), 0)
        self.hurried: set[int] = set()  # depths where the party made no progress for long
        self.retiring = False  # stuck for good: the party climbs out and retires
        self._camp: tuple[object, list[tuple[int, int]]] | None = None  # (level, its squares)
        # (the Treasure id list, each delver's items, _loads' answer)
        self._kept_loads: tuple[list[int], tuple[tuple[int, ...], ...],
                                list[tuple[bool, bool]]] | None = None
        self.waited: dict[int, int] = {}  # depth -> actions spent waiting for the fallen
        self._last_event: Event | None = None  # the newest log entry read
        # the party's state before the last rest, and one a rest was seen to leave as it
        # was (no rest again until something changes: the old engine's rest heals nothing)
        self._rested_from: tuple[object, ...] | None = None
        self._futile_rest: tuple[object, ...] | None = None

    def without_caches(self) -> Bot:
        """A bot with this one's memory and none of its kept answers (the tests hold the
        caches to it)."""
        new = Bot()
        new.__dict__.update({k: copy.copy(v) for k, v in self.__dict__.items()
                             if k not in self.CACHES})
        new.routes.barred = set(self.routes.barred)
        return new

    def choose(self, game: Game) -> Action:
        eid = game.awaiting
        if eid is None:
            return Wait()
        if game.store.has(eid, PendingLuck):
            return luck_choice(game, eid)
        self._read_log(game)
        self.level_actions[game.depth] = self.level_actions.get(game.depth, 0) + 1
        self._watch_progress(game)
        pos = game.store.get(eid, Position)
        if game.mode == "combat":
            action = fight(self, game, eid, pos) or self._explore(game, eid, pos)
        else:
            action = self._explore(game, eid, pos)
        if isinstance(action, Lead):
            # a change of lead takes no time: never more than a few in a row
            self._leads += 1
            if self._leads > MAX_LEADS:
                self._leads = 0
                return Wait()
        else:
            self._leads = 0
        return action

    def _watch_progress(self, game: Game) -> None:
        """A level where the party has seen no new ground (nor banked) for STUCK actions
        is one to leave: from then on the bot hurries there (no rests, waits, searches or
        trips to the Camp; straight for the stairs); after twice as long it retires."""
        now = (game.depth, int(np.count_nonzero(game.level.explored)),
               ledger(game).banked_gp)
        if now != self._progress[0]:
            self._progress = (now, game.actions_taken)
        elif game.actions_taken - self._progress[1] > 2 * STUCK:
            self.retiring = True  # hurrying did not help either: out, with what is banked
        elif game.actions_taken - self._progress[1] > STUCK:
            self.hurried.add(game.depth)

    def _read_log(self, game: Game) -> None:
        """Note the Pillagers that struck at a delver since the last look (the newest
        entries, back to the one read last)."""
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
            if e.kind in ("hit", "miss") and e.target in party and e.actor not in party:
                actor = game.store.try_get(e.actor, Actor)
                if actor is not None and actor.side == "pillager":
                    self.angry_pillagers.add(e.actor)

    def _explore(self, game: Game, eid: int, pos: Position) -> Action:
        level = game.level
        store = game.store
        care = self._relight(game, eid) or self.heal(game, eid, pos) \
            or self._rescue(game, eid, pos)
        if care is not None:
            return care
        hazards = hazard_squares(game)
        hurry = game.depth in self.hurried
        if not hurry and waits_for(game, hazards) \
                and self.waited.get(game.depth, 0) < WAIT_BUDGET:
            # a Knocked-Out companion wakes in time: the party stays by them
            self.waited[game.depth] = self.waited.get(game.depth, 0) + 1
            return Wait()
        rest = None if hurry else self._rest(game, hazards)
        if rest is not None:
            return rest
        budget_left = self.level_actions.get(game.depth, 0) < LEVEL_BUDGET and not hurry
        if budget_left and self._unsearched(game, eid, pos):
            return Search()  # a new room: look for its traps before crossing it
        if self._homeward(game):
            return self._climb(game, eid, pos)
        goal = self._goal_here(game)
        if goal is not None:
            got = self._fetch(game, eid, pos, goal)
            if got is not None:
                return got
        bank = None if hurry else self._to_camp(game, eid, pos)
        if bank is not None:
            return bank
        down = level.stairs_down
        if down and pos.xy == down:
            return TakeStairs("down") if self._gathered(game, pos) else Wait()
        loot = self._loot(game, pos)  # (mostly none in sight: the load asked only then)
        if loot is not None and load_penalty(store, eid) < 2:
            got = self._fetch(game, eid, pos, loot)
            if got is not None:
                return got
        if budget_left:
            frontier = self.routes.frontier_from(game, pos.xy)
            step = self.towards(game, eid, pos, frontier, False)
            if step is not None:
                return step
        if (down and level.explored[down[1], down[0]]) or not budget_left:
            step = self.towards(game, eid, pos, [down] if down else [], False)
            if step is not None:
                return step
        if not budget_left:
            # out of time here, but no known way to the stairs yet: explore on towards them
            # (waiting would never end)
            frontier = self.routes.frontier_from(game, pos.xy)
            step = self.towards(game, eid, pos, frontier, False)
            if step is not None:
                return step
        # Nowhere left to go: the way on may be a secret door. Search along the walls,
        # from each place not yet searched from (a refused search ends the turn in play()).
        return self._seek_secret(game, eid, pos)

    def _seek_secret(self, game: Game, eid: int, pos: Position) -> Action:
        """Search here if no search of this delver reached here yet, else go to the
        nearest known square beside a wall that none reached (SEARCH_REACH each)."""
        searched = game.store.try_get(eid, Searched)
        spots = [(x, y) for d, x, y in (searched.spots if searched else []) if d == game.depth]
        if all(max(abs(x - pos.x), abs(y - pos.y)) > SEARCH_REACH for x, y in spots):
            return Search()
        level = game.level
        walk = T.WALKABLE[level.tiles]
        mask = level.explored & walk & dilate(~walk)
        h, w = mask.shape
        for x, y in spots:
            mask[max(0, y - SEARCH_REACH):min(h, y + SEARCH_REACH + 1),
                 max(0, x - SEARCH_REACH):min(w, x + SEARCH_REACH + 1)] = False
        ys, xs = np.nonzero(mask)
        goals = list(zip(xs.tolist(), ys.tolist(), strict=True))
        return self.towards(game, eid, pos, goals, False) or Wait()

    def _to_camp(self, game: Game, eid: int, pos: Position) -> Action | None:
        """On depth 1 with treasure carried: to the Camp room, where it banks (on arrival:
        explore.hooks)."""
        if game.depth != 1:
            return None
        store = game.store
        carriers = [m for m, (worth, _heart) in zip(game.party, self._loads(game), strict=True)
                    if worth and not is_disabled(store, m) and store.get(m, Position).depth == 1]
        if not carriers:
            return None
        if eid not in carriers:  # the one who carries it walks it in (a follower may not)
            if confine.top(game, eid) is not None or move_blocked(game, eid, pos.x, pos.y):
                return None  # (held: it tries to break away first)
            return Lead(store.get(carriers[0], Character).order)
        level = game.level
        if level.room_at(pos.x, pos.y) == level.camp_room:
            return None
        if self._camp is None or self._camp[0] is not level:
            ys, xs = np.nonzero(level.room_map == level.camp_room)
            self._camp = (level, list(zip(xs.tolist(), ys.tolist(), strict=True)))
        return self.towards(game, eid, pos, self._camp[1], False)

    @staticmethod
    def _unsearched(game: Game, eid: int, pos: Position) -> bool:
        """The delver stands in a room it has not searched for traps, with an action."""
        room = game.level.room_at(pos.x, pos.y)
        if room is None or game.store.get(eid, Actor).actions_left <= 0:
            return False
        searched = game.store.try_get(eid, Searched)
        return searched is None or f"{pos.depth}:{room}" not in searched.places

    def _fetch(self, game: Game, eid: int, pos: Position, item: int) -> Action | None:
        """Pick up `item` when beside it, else a step towards it."""
        where = game.store.get(item, Position)
        if chebyshev(where, pos) <= 1:
            if game.store.get(eid, Actor).actions_left > 0:
                return PickUp(item)
            return None
        return self.towards(game, eid, pos, [where.xy], False)

    def _rest(self, game: Game, hazards: tuple[tuple[int, int], ...]) -> Action | None:
        """Rest while anyone is hurt or tired, out of a fight and off any lasting hazard
        (`hazards`' squares), unless the last rest from this very state changed nothing
        (the engine's rest may only clear fatigue)."""
        if game.mode != "explore":
            return None
        before = self._rested_from
        store = game.store
        here = [m for m in game.party if not is_disabled(store, m)
                and store.get(m, Position).depth == game.depth]
        if before is None and not any(hurt(game, m) for m in here):
            return None  # (the usual case: nobody hurt, no rest just taken)
        now = state_of(game)
        if before is not None:
            self._rested_from = None
            if before == now:
                self._futile_rest = now
        if now == self._futile_rest or not any(hurt(game, m) for m in here) \
                or any(store.get(m, Position).xy in hazards for m in here):
            return None
        self._rested_from = now
        return Rest()

    def _homeward(self, game: Game) -> bool:
        """The Heart is carried (or the party gave up): it climbs out."""
        return self.retiring or any(goal for _treasure, goal in self._loads(game))

    def _loads(self, game: Game) -> list[tuple[bool, bool]]:
        """Per delver (party order): whether it carries treasure that banks, and the Heart;
        kept while the store hands out the same Treasure id list (a new one whenever a
        Treasure row is made or removed) and each inventory holds the same items."""
        store = game.store
        inventories = store.peek(Inventory)
        held = tuple(tuple(inv.items) if (inv := inventories.get(m)) is not None else ()
                     for m in game.party)
        treasure_ids = store.ids(Treasure)
        kept = self._kept_loads
        if kept is not None and kept[0] is treasure_ids and kept[1] == held:
            return kept[2]
        goal = explore_data(game.content).goal_item
        treasure, items = store.peek(Treasure), store.peek(Item)
        loads = []
        for carried_items in held:
            worth = [i for i in carried_items if i in treasure]
            heart = any(i in items and items[i].kind == goal for i in worth)
            loads.append((any(i not in items or items[i].kind != goal for i in worth), heart))
        self._kept_loads = (treasure_ids, held, loads)
        return loads

    def _climb(self, game: Game, eid: int, pos: Position) -> Action:
        """Up the stairs of each level (known: the party came down them) and out of the
        dungeon, passing through the Camp on depth 1 (treasure banks on arrival there)."""
        up = game.level.stairs_up
        if pos.xy == up:
            return TakeStairs("up") if self._gathered(game, pos) else Wait()
        step = self.towards(game, eid, pos, [up], False)
        if step is not None:
            return step
        frontier = self.routes.frontier_from(game, pos.xy)
        return self.towards(game, eid, pos, frontier, False) or Search()

    @staticmethod
    def _goal_here(game: Game) -> int | None:
        """The Heart of the Deep lying on this level where the party has seen it."""
        if game.depth < explore_data(game.content).depths:
            return None
        goal = explore_data(game.content).goal_item
        store = game.store
        explored = game.level.explored
        for item, it, ipos in store.query(Item, Position):
            if it.kind == goal and ipos.depth == game.depth and explored[ipos.y, ipos.x]:
                return item
        return None

    @staticmethod
    def _relight(game: Game, eid: int) -> Action | None:
        """With every light out, light the next one carried (or lead whoever carries one)."""
        lights, disabled = game.store.peek(LightSource), game.store.peek(Disabled)
        for e in game.party:
            if e in lights and e not in disabled:
                return None
        if game.store.get(eid, Actor).actions_left <= 0:
            return None
        for member in game.party:
            item = find_item(game, member, "light")
            if item is None:
                continue
            if member == eid:
                return UseItem(item)
            if not is_disabled(game.store, member):
                return Lead(game.store.get(member, Character).order)
        return None

    def heal(self, game: Game, eid: int, pos: Position, reach_only: bool = False
             ) -> Action | None:
        """Mend a fallen companion, or one a wound from going down (care.heal_plan), with
        the Heal spell or a salve; out of a fight, go to them or hand the lead to one who
        can. `reach_only` (in a fight): only a patient beside the healer."""
        store = game.store
        if store.get(eid, Actor).actions_left <= 0 or not in_danger(game):
            return None
        plan = heal_plan(game, eid, self.find(game, eid, "heal_box"))
        if plan is None:
            if reach_only or game.mode != "explore":
                return None
            for member in game.party:
                if member != eid and not is_disabled(store, member) \
                        and store.get(member, Position).depth == game.depth \
                        and heal_plan(game, member, self.find(game, member, "heal_box")):
                    return Lead(store.get(member, Character).order)
            return None
        patient, where, how = plan
        ppos = store.get(patient, Position)
        if chebyshev(ppos, pos) > 1:
            if reach_only:
                return None
            goal = [(ppos.x + dx, ppos.y + dy) for dx, dy in _STEPS
                    if game.level.is_walkable(ppos.x + dx, ppos.y + dy)]
            return self.towards(game, eid, pos, goal, False)
        if how == "spell":
            return Cast("heal", ppos.x, ppos.y, where)
        salve = self.find(game, eid, "heal_box")
        assert salve is not None
        return UseItem(salve, ppos.x, ppos.y, where)

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

    def _rescue(self, game: Game, eid: int, pos: Position) -> Action | None:
        """Caught in a cage, net or vines: struggle if that can work, else hand the lead to
        one who can help. A companion caught: go and free them."""
        store = game.store
        if confine.top(game, eid) is not None:
            if confine.escape_ways(game, eid, eid, inside=True):
                return Struggle() if store.get(eid, Actor).actions_left > 0 else None
            for member in game.party:
                if member != eid and not is_disabled(store, member) \
                        and confine.top(game, member) is None \
                        and store.get(member, Position).depth == game.depth:
                    return Lead(store.get(member, Character).order)
            return None
        # (move_blocked refuses only under a condition, confine.top finds only a stack:
        # most steps nobody else is under one and nobody is caught)
        if game.mode == "explore" and _conditioned(game, eid) \
                and not move_blocked(game, eid, pos.x, pos.y):
            # a companion the Monstrous Hand holds breaks away only by trying: lead it;
            # but one just broken free first steps out of the hand's reach (else it is
            # held again while the other tries, for ever)
            held = [m for m in game.party if m != eid
                    and store.get(m, Position).depth == game.depth
                    and not is_disabled(store, m)
                    and move_blocked(game, m, *store.get(m, Position).xy)
                    and breakaway_chance(game, m) is not None]
            if held:
                hazards = hazard_squares(game)
                act = store.get(eid, Actor)
                if pos.xy in hazards:
                    if act.move_points <= 0 and act.actions_left <= 0:
                        return Wait()  # (out of the hand's reach next turn)
                    for dx, dy in _STEPS:
                        x, y = pos.x + dx, pos.y + dy
                        if (x, y) not in hazards and game.level.is_walkable(x, y) \
                                and game.creature_at(x, y) is None \
                                and not game.step_blocked(eid, x, y):
                            return Step(dx, dy)
                return Lead(store.get(held[0], Character).order)
        for member in _caught(game):
            if member == eid or store.get(member, Position).depth != game.depth \
                    or is_disabled(store, member) \
                    or confine.top(game, member) is None \
                    or not confine.escape_ways(game, eid, member, inside=False):
                continue
            mpos = store.get(member, Position)
            if chebyshev(mpos, pos) <= 1:
                if store.get(eid, Actor).actions_left <= 0:
                    return None
                return Free(mpos.x - pos.x, mpos.y - pos.y)
            goal = [(mpos.x + dx, mpos.y + dy) for dx, dy in _STEPS
                    if game.level.is_walkable(mpos.x + dx, mpos.y + dy)]
            return self.towards(game, eid, pos, goal, False)
        return None

    @staticmethod
    def _loot(game: Game, pos: Position) -> int | None:
        """Visible treasure lying within 8 squares."""
        view = game.visible
        best = None
        store = game.store
        positions = store.table(Position)
        depth = game.depth
        for eid in store.ids(Treasure, Position):  # (treasure on every level: depth first)
            tpos = positions[eid]
            if tpos.depth != depth:
                continue
            d = chebyshev(tpos, pos)
            if d <= 8 and (best is None or d < best[0]) and view[tpos.y, tpos.x]:
                best = (d, eid)
        return best[1] if best else None

    @staticmethod
    def _gathered(game: Game, pos: Position) -> bool:
        here = [game.store.get(e, Position) for e in game.party
                if not is_disabled(game.store, e)]
        return all(p.depth != pos.depth or chebyshev(p, pos) <= 3 for p in here)


    def towards(self, game: Game, eid: int, pos: Position, goals: list[tuple[int, int]],
                 creatures_block: bool = True) -> Action | None:
        if not goals:
            return None
        locked, doors = self.routes.doors(game)
        dist = self.routes.route(game, eid, goals, locked, doors, creatures_block, pos.xy)
        here, near = around(dist, pos.x, pos.y)
        if here >= UNREACHABLE or here == 0:
            return None
        best = best_step(near, here)
        if best is None:
            return None
        hazards = hazard_squares(game)
        if pos.xy in hazards:
            # a swap would put the companion there into the hazard: not through them
            def barred(dx: int, dy: int) -> bool:
                other = game.creature_at(pos.x + dx, pos.y + dy)
                return other is not None and other in game.party

            if barred(best[1], best[2]):
                best = best_step(near, here, barred)
                if best is None:
                    return None
        if self._held_at(game, pos.x + best[1], pos.y + best[2]):
            # a companion held by a trap cannot swap places: the next best way downhill
            best = best_step(near, here,
                                   lambda dx, dy: self._held_at(game, pos.x + dx, pos.y + dy))
            if best is None:
                return None
        if (pos.x + best[1], pos.y + best[2]) in locked:
            door = (game.depth, pos.x + best[1], pos.y + best[2])
            self.door_tries[door] = tries = self.door_tries.get(door, 0) + 1
            if tries > DOOR_TRIES:  # it will not give: find another way
                self.routes.bar(game, door[1:])
                return None
            picks = find_item(game, eid, "lockpicks")
            if picks is not None and may_use(game, eid, picks):
                return PickLock(best[1], best[2])
            return BreakDoor(best[1], best[2])
        return Step(best[1], best[2])

    @staticmethod
    def _held_at(game: Game, x: int, y: int) -> bool:
        if not _troubled_at(game, x, y):
            return False  # (no need to look who stands there: every step asks)
        other = game.creature_at(x, y)
        if other is None or other not in game.party:
            return False
        return confine.top(game, other) is not None or bool(move_blocked(game, other, x, y))


def _caught(game: Game) -> list[int]:
    """The party members with a confinement on them (confine.top finds none on others),
    in the party's order."""
    confined = game.store.peek(Confined)
    return [m for m in game.party if (conf := confined.get(m)) is not None and conf.stack]


def _conditioned(game: Game, eid: int) -> bool:
    """Whether any of the party but `eid` is under a condition (move_blocked refuses a
    step only then)."""
    conditions = game.store.peek(Conditions)
    for member in game.party:
        conds = conditions.get(member)
        if conds is not None and conds.active and member != eid:
            return True
    return False


def _troubled_at(game: Game, x: int, y: int) -> bool:
    """Whether one of the party stands on (x, y) of this level caught (confine.top) or
    under a condition (move_blocked): only such a one may be held there."""
    store = game.store
    positions, depth = store.table(Position), game.depth
    confined, conditions = store.peek(Confined), store.peek(Conditions)
    for m in game.party:
        pos = positions[m]
        if pos.x == x and pos.y == y and pos.depth == depth:
            conf, conds = confined.get(m), conditions.get(m)
            if (conf is not None and conf.stack) or (conds is not None and conds.active):
                return True
    return False


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
