"""The bot's decisions: fight what it sees, explore to the edge of the known map, and take
the stairs down when a level is explored or it has spent long enough on it."""

from __future__ import annotations

from collections.abc import Callable

from roguelike.bot.routes import Routes, around, best_step
from roguelike.engine.actions import (
    DIRECTIONS,
    Action,
    Attack,
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
    HitBoxes,
    PendingLuck,
    Position,
)
from roguelike.engine.conditions import move_blocked
from roguelike.engine.events import Event
from roguelike.engine.explore.clock import Rest
from roguelike.engine.explore.components import (
    Fatigue,
    Inventory,
    Item,
    LightSource,
    SpellHealed,
    Treasure,
)
from roguelike.engine.explore.doors import BreakDoor, PickLock
from roguelike.engine.explore.inventory import PickUp, find_item, load_penalty, may_use
from roguelike.engine.explore.items import UseItem
from roguelike.engine.explore.spells import Cast, known_spells
from roguelike.engine.fight_actions import RangedAttack, can_shoot, ranged_reach
from roguelike.engine.game import DEFAULT_PARTY, Game
from roguelike.engine.luck import KeepRoll
from roguelike.engine.options import GameOptions
from roguelike.engine.stats import chebyshev, is_disabled
from roguelike.engine.traps import confine
from roguelike.engine.traps.actions import Free, Search, Struggle
from roguelike.engine.traps.hazards import breakaway_chance
from roguelike.world.paths import UNREACHABLE

_STEPS = list(DIRECTIONS.values())
LEVEL_BUDGET = 500
BOT_LUCK_PROMPT = "never"


def bot_game(seed: str, party: tuple[tuple[str, str], ...] | None = None) -> Game:
    """A new game for the bot, with the options it plays under (`sim`, the balance report):
    luck offers are left unasked ("never") unless the bot answers them."""
    return Game(seed, party or DEFAULT_PARTY, options=GameOptions(luck_prompt=BOT_LUCK_PROMPT))


class Bot:
    def __init__(self) -> None:
        self.level_actions: dict[int, int] = {}
        self.routes = Routes()
        # (member, effect) -> (the store's Item id list, the items carried, find_item's)
        self._found: dict[tuple[int, str], tuple[list[int], tuple[int, ...], int | None]] = {}

    def choose(self, game: Game) -> Action:
        eid = game.awaiting
        if eid is None:
            return Wait()
        if game.store.has(eid, PendingLuck):
            return KeepRoll()  # the bot never buys a roll back
        self.level_actions[game.depth] = self.level_actions.get(game.depth, 0) + 1
        pos = game.store.get(eid, Position)
        if game.mode == "combat":
            return self._fight(game, eid, pos)
        return self._explore(game, eid, pos)

    def _fight(self, game: Game, eid: int, pos: Position) -> Action:
        store = game.store
        positions, actors = store.table(Position), store.table(Actor)
        # Pillagers only fight when engaged: leave them be unless they are next to us.
        foes = [e for e in game.hostiles_in_view()
                if actors[e].side != "pillager" or chebyshev(positions[e], pos) <= 1]
        if not foes:
            return self._explore(game, eid, pos)
        near = next((f for f in foes if chebyshev(positions[f], pos) <= 1), None)
        if near is not None:
            if actors[eid].actions_left > 0:
                return Attack(near)
            return Wait()
        if actors[eid].actions_left > 0 and ranged_reach(game, eid) > 0:
            # (can_shoot refuses every foe without a ranged weapon: asked only with one)
            shot = next((f for f in foes if not can_shoot(game, eid, f)), None)
            if shot is not None:
                return RangedAttack(shot)
        goals = [positions[f].xy for f in foes]
        return self._towards(game, eid, pos, goals, creatures_block=False) or Wait()

    def _explore(self, game: Game, eid: int, pos: Position) -> Action:
        level = game.level
        down = level.stairs_down
        if down and pos.xy == down:
            return TakeStairs("down") if self._gathered(game, pos) else Wait()
        budget_left = self.level_actions.get(game.depth, 0) < LEVEL_BUDGET
        loot = self._loot(game, pos)  # (mostly none in sight: the load asked only then)
        if loot is not None and load_penalty(game.store, eid) < 2:
            near = chebyshev(game.store.get(loot, Position), pos) <= 1
            act = game.store.get(eid, Actor)
            if near and act.actions_left > 0:
                return PickUp(loot)
            step = self._towards(game, eid, pos, [game.store.get(loot, Position).xy], False)
            if step is not None:
                return step
        light = self._relight(game, eid) or self._heal(game, eid, pos) \
            or self._rescue(game, eid, pos)
        if light is not None:
            return light
        tired = game.store.try_get(eid, Fatigue)
        if tired is not None and tired.level > 0 and game.mode == "explore":
            return Rest()
        if budget_left:
            frontier = self.routes.frontier_from(game, pos.xy)
            step = self._towards(game, eid, pos, frontier, False)
            if step is not None:
                return step
        if (down and level.explored[down[1], down[0]]) or not budget_left:
            step = self._towards(game, eid, pos, [down] if down else [], False)
            if step is not None:
                return step
        if not budget_left:
            # out of time here, but no known way to the stairs yet: explore on towards them
            # (waiting would never end)
            frontier = self.routes.frontier_from(game, pos.xy)
            step = self._towards(game, eid, pos, frontier, False)
            if step is not None:
                return step
        # Nowhere left to go: the way on may be a secret door. Search here (once a place;
        # a refused search ends the turn in play()).
        return Search()

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

    def _heal(self, game: Game, eid: int, pos: Position) -> Action | None:
        """Bring a Disabled companion back with a salve or the Heal spell."""
        store = game.store
        disabled = store.peek(Disabled)
        if not disabled:
            return None  # (nobody down: every step asks)
        positions = store.table(Position)
        down = [e for e in game.party if e in disabled and positions[e].depth == game.depth]
        if not down or store.get(eid, Actor).actions_left <= 0:
            return None
        patient = down[0]
        salve = self._find(game, eid, "heal_box")
        spell = "heal" in known_spells(game, eid) and not store.has(patient, SpellHealed)
        if salve is None and not spell:
            for member in game.party:
                if member != eid and member not in disabled \
                        and self._find(game, member, "heal_box") is not None:
                    return Lead(store.get(member, Character).order)
            return None
        ppos = positions[patient]
        if chebyshev(ppos, pos) > 1:
            goal = [(ppos.x + dx, ppos.y + dy) for dx, dy in _STEPS
                    if game.level.is_walkable(ppos.x + dx, ppos.y + dy)]
            return self._towards(game, eid, pos, goal, False)
        boxes = store.get(patient, HitBoxes)
        spent = [lid for lid in game.content.rules.disabling_locations
                 if boxes.location(lid).spent]
        where = spent[0] if spent else game.content.rules.disabling_locations[0]
        if spell:
            return Cast("heal", ppos.x, ppos.y, where)
        assert salve is not None
        return UseItem(salve, ppos.x, ppos.y, where)

    def _find(self, game: Game, member: int, effect: str) -> int | None:
        """find_item, kept per member and effect while the member carries the same items
        and the store hands out the same Item id list (a new one whenever an Item row is
        made, replaced or removed; an item's kind never changes): asked on every step
        while a companion is down."""
        inv = game.store.try_get(member, Inventory)
        carried = tuple(inv.items) if inv is not None else ()
        items = game.store.ids(Item)
        kept = self._found.get((member, effect))
        if kept is not None and kept[0] is items and kept[1] == carried:
            return kept[2]
        found = find_item(game, member, effect)
        self._found[(member, effect)] = (items, carried, found)
        return found

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
            # a companion the Monstrous Hand holds breaks away only by trying: lead it
            for member in game.party:
                mpos = store.get(member, Position)
                if member != eid and mpos.depth == game.depth \
                        and not is_disabled(store, member) \
                        and move_blocked(game, member, mpos.x, mpos.y) \
                        and breakaway_chance(game, member) is not None:
                    return Lead(store.get(member, Character).order)
        for member in _caught(game):
            if member == eid or store.get(member, Position).depth != game.depth \
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
            return self._towards(game, eid, pos, goal, False)
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


    def _towards(self, game: Game, eid: int, pos: Position, goals: list[tuple[int, int]],
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
        if self._held_at(game, pos.x + best[1], pos.y + best[2]):
            # a companion held by a trap cannot swap places: the next best way downhill
            best = best_step(near, here,
                                   lambda dx, dy: self._held_at(game, pos.x + dx, pos.y + dy))
            if best is None:
                return None
        if (pos.x + best[1], pos.y + best[2]) in locked:
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
