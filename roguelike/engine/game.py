"""The game: one seed, one party, the levels; the composition root that builds a game
from the rules and runs the turn loop (engine/turns/turn_loop.py) on it.

`perform(action)` applies the player's action for whoever is to act and then runs every
creature the player does not control, stopping at the next decision the player must make.
It returns the events that happened, for the UI to show and tests to inspect. Its rule
state is one object, `game.state` (engine/base/rule_state.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from roguelike.content.loader import Content, default_content
from roguelike.core.components import (
    Actor,
    Character,
    Position,
)
from roguelike.core.ecs import EntityStore
from roguelike.core.events import Event
from roguelike.core.rng import Streams
from roguelike.engine.actions import marching
from roguelike.engine.base.action import Action, Result, end_move, fail
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.kept import Kept
from roguelike.engine.base.luck_queue import LuckQueue, then
from roguelike.engine.base.rule_calls import RuleCalls
from roguelike.engine.base.rule_state import RuleState, in_state
from roguelike.engine.base.seeds import normalise_seed
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import plural
from roguelike.engine.combat import morale
from roguelike.engine.creatures import experience, helpless
from roguelike.engine.creatures.spawn import make_character
from roguelike.engine.creatures.starting_party import member_name, party_problem
from roguelike.engine.levels.stock import stock_level
from roguelike.engine.monsters.pillagers import threats
from roguelike.engine.rest import healing
from roguelike.engine.routing import cost_maps as routes
from roguelike.engine.rule_registry import REGISTRY
from roguelike.engine.state import DIGEST_VERSION, state_digest
from roguelike.engine.status import conditions
from roguelike.engine.traps import trap_actions
from roguelike.engine.traps.chart import spring_tt_trap
from roguelike.engine.traps.hazards import holds_left_behind
from roguelike.engine.traps.trigger import knowledge as trap_known
from roguelike.engine.traps.trigger import on_moved as traps_on_moved
from roguelike.engine.traps.trigger import step_blocked
from roguelike.engine.turns import explore_hooks as explore
from roguelike.engine.turns import fight_hooks, turn_loop
from roguelike.engine.turns.occupants import Occupants
from roguelike.engine.turns.party_sight import PartySight
from roguelike.world import tiles as T
from roguelike.world.level import Level
from roguelike.world.mapgen import generate

DEFAULT_PARTY: tuple[tuple[str, str], ...] = (
    ("leader", "warrior"), ("mercenary", "rogue"), ("apprentice", "mage"),
)

LOG_KEEP = 500
BANKINGS = ("bank", "victory")  # the events that add gp to the banked score (their roll)


# What exploration calls in the other rule areas (base/rule_calls.py): handed in here, as
# they import exploration.
RULE_CALLS = RuleCalls(
    add_condition=conditions.add_condition, has_condition=conditions.has_condition,
    heal_box=healing.heal_box, award_xp=experience.award_xp,
    treasure_dropped=morale.on_treasure_dropped, spring_tt_trap=spring_tt_trap)


class Game(PartySight, Occupants):
    """One game: see the module's docstring; the party's sight and who stands where are
    its mixins' (engine/turns/party_sight.py, engine/turns/occupants.py)."""

    state: RuleState
    # the rule state's values, by their own names (engine/base/rule_state.py); its objects
    # that stay for the game's life (the store, levels ...) the game holds as well
    # (__init__)
    seed: str = in_state("seed")
    options: GameOptions = in_state("options")
    depth: int = in_state("depth")
    deepest: int = in_state("deepest")
    round: int = in_state("round")
    order: list[int] = in_state("order")
    turn_index: int = in_state("turn_index")
    current: int | None = in_state("current")
    party_turn: list[int] = in_state("party_turn")
    led: int = in_state("led")
    mode: str = in_state("mode")
    over: bool = in_state("over")
    outcome: str = in_state("outcome")
    stuck_rounds: int = in_state("stuck_rounds")
    actions_taken: int = in_state("actions_taken")
    kills: int = in_state("kills")
    luck_queue: LuckQueue = in_state("luck_queue")

    def __init__(self, seed: str, party: tuple[tuple[str, ...], ...] = DEFAULT_PARTY,
                 content: Content | None = None, first_level: Level | None = None,
                 options: GameOptions | None = None) -> None:
        seed = normalise_seed(seed)
        # everything that decides the game's future or its score (engine/base/rule_state.py);
        # its values are read and written by their own names (the in_state fields above)
        state = self.state = RuleState(seed, options or GameOptions(), Streams(seed),
                                       EntityStore())
        # The state's objects that stay for the game's life, held by the game too: read
        # through a property they cost 40 ns more a read, and a bot action reads the store
        # some 300 times (benchmarks/engine.py). Never rebound: always the state's own
        # (tests/test_kept.py holds them to it after play).
        self.store = state.store
        self.streams = state.streams
        self.levels = state.levels
        self.party = state.party
        self.last_squares = state.last_squares
        self.party_spec = tuple(party)
        self.content = content or default_content()
        # every kept answer of the rule modules (engine/base/kept.py): derived, never state
        self.kept = Kept()
        self.rule_calls = RULE_CALLS
        self.registry = REGISTRY  # the actions, resumers and trap ops by name
        self.log: list[Event] = []
        # Every banking as it happened: (round, depth, its event, whose roll is the gp).
        # The log keeps the last LOG_KEEP messages only, so it cannot account for the
        # banked score; the end screen and the morgue list these, which add up to it.
        self.bankings: list[tuple[int, int, Event]] = []
        # The game is its seed, party and these (round, action) pairs: saves and replays.
        self.history: list[tuple[int, dict[str, Any]]] = []
        # Watchers called after each recorded action and after each change of level
        # (records hooks autosave and checksums here; the engine knows nothing of files).
        self.on_action: list[Callable[[Game], None]] = []
        self.on_level_change: list[Callable[[Game], None]] = []
        # Rules that hide entities from the party (traps, secret doors) add a check here.
        self.knowledge_checks: list[Callable[[Game, int], bool | None]] = [trap_known]
        if first_level is not None:  # a hand-made level (scenario tests)
            self.levels[1] = first_level
        level = self._level(1)
        x, y = level.stairs_up
        problem = party_problem(self.party_spec, self.content)
        if problem:
            raise ValueError(problem)
        for order, member in enumerate(self.party_spec):
            self.party.append(make_character(self.store, self.content, member[0], member[1],
                                             order, Position(1, x, y), member_name(member)))
        # The live tables the game and its parts read on every move (a store keeps one
        # dict per type for its whole life; the party has made all three by now).
        self._positions = self.store.table(Position)
        self._actors = self.store.table(Actor)
        self._characters = self.store.table(Character)
        self._tables = self.store.by_type  # other tables, for types that may have none yet
        explore.on_start(self)  # inventories, start kits, the ledger
        self._gather_party(level.stairs_up)
        self.led = self.party[0]
        events = [Event("start", f"The party enters the dungeon. Seed: {self.seed}.")]
        events += turn_loop.run(self)
        self._record(events)

    # ----- levels and view -------------------------------------------------------------
    def _level(self, depth: int) -> Level:
        if depth not in self.levels:
            level = generate(self.seed, depth)
            stock_level(self.store, self.content, level, self.seed)
            self.levels[depth] = level
        return self.levels[depth]

    @property
    def level(self) -> Level:
        return self.levels[self.state.depth]

    # ----- what changed: the kept answers told of it go (engine/base/kept.py) -------------------
    def door_changed(self, at: tuple[int, int] | None = None) -> None:
        """A door's state changed: the kept routes price doors (a locked one is a wall);
        sight changes only if it opened or shut, at `at` (None: only its lock changed).
        The FOVs and transparency are keyed by the closed doors and keep themselves."""
        self.kept.changed("doors")
        if at is not None:
            self.view_changed(at)

    def invalidate_terrain(self) -> None:
        """Call when tiles change (walls raised or removed); doors are tracked on their own.
        Every answer told of "tiles" goes (the view, transparency, routes among them)."""
        self.kept.changed("tiles")

    @property
    def terrain_version(self) -> int:
        """Counts invalidate_terrain calls (tiles may change in place): keys may hold it."""
        return self.kept.changes["tiles"]

    def changed_depth(self) -> None:
        """A rule (not the party's walk) moved a creature to another level (a chute): the
        level's creatures are looked for again, and the view may differ."""
        self.kept.changed("depths")
        self.view_changed()

    def is_drawn(self, eid: int) -> bool:
        """Whether the party knows of this entity (hidden things are not drawn)."""
        return eid in self.party or self.store.has(eid, Actor) or not any(
            check(self, eid) is False for check in self.knowledge_checks)

    def door_at(self, x: int, y: int) -> int | None:
        return self.level.door_ids.get((x, y))

    # ----- paths: engine/routing/cost_maps.py ----------------------------------------------------
    def cost_map(self, mover: int | None = None, creatures_block: bool = True) -> np.ndarray:
        """Movement cost for pathing: 0 = impassable. Closed doors cost more."""
        return routes.cost_map(self, mover, creatures_block)

    def remembered(self, key: object, make: Callable[[], np.ndarray]) -> np.ndarray:
        """A distance map kept until the terrain or a door changes; `key` must hold
        everything else the map depends on (routes.remembered)."""
        return routes.remembered(self, key, make)

    def route_map(self, goal: tuple[int, int]) -> np.ndarray:
        """Steps to `goal` over terrain and doors (creatures are dodged step by step)."""
        return routes.route_map(self, goal)

    def route_near(self, goal: tuple[int, int], near: tuple[int, int]) -> np.ndarray:
        """route_map(goal), exact on `near` and the squares round it (routes.route_near)."""
        return routes.route_near(self, goal, near)

    # ----- the turn loop ---------------------------------------------------------------
    def player_controls(self, eid: int) -> bool:
        if eid not in self._characters:
            return False
        return self.mode == "combat" or eid == self.led

    @property
    def awaiting(self) -> int | None:
        """The party member whose action the game waits for, if any."""
        if self.over:
            return None
        pending = fight_hooks.pending_entity(self)
        if pending is not None:
            return pending
        if self.current is None:
            return None
        return self.current if self.player_controls(self.current) else None

    def perform(self, action: Action) -> list[Event]:
        """Do the player's action for the character to act, then run until input is needed."""
        if self.over:
            return [Event("info", "The game is over.")]
        actor = self.awaiting
        if actor is None:
            return [Event("info", "Nobody is waiting to act.")]
        round_, depth = self.round, self.depth
        draws = self.streams.play.draws
        # (nothing is refused while no roll waits on luck: refuse_while_pending's answer)
        refused = fight_hooks.refuse_while_pending(self, action) \
            if self.state.luck_queue.items else ""
        # (the companions follow an action of the one led that takes time: a change of
        # lead, a pledge or an answer to a luck offer moves nobody; the following that an
        # offer held up is queued behind it, marching.follow_later)
        led = actor == self.led and self.mode == "explore" and action.uses_time \
            and not self.state.luck_queue.items
        before = self._positions[actor].xy
        result = fail(refused) if refused else self.try_action(action, actor)
        ended: list[Event] = []
        if not result.ok and result.fresh and self.mode == "explore" \
                and self.streams.play.draws == draws:
            ended, result = self._after_the_move(action, actor)
        if not result.ok:
            if self.streams.play.draws == draws:
                return [Event("fail", result.reason)]
            # A refusal that rolled dice has changed the game (a door found locked): it
            # stays in the record so a replay rolls the same dice.
            result = Result(True, [Event("fail", result.reason)])
        self.actions_taken += 1
        self.history.append((round_, action.to_dict()))
        events = ended + result.events
        if led and actor in self._positions:
            # (outside a fight the companions follow the one led in step: marching.py)
            if self.state.luck_queue.items:
                marching.follow_later(self, {actor: before})
            else:
                events += marching.follow(self, {actor: before})
        events += turn_loop.run(self)
        self._record(events, round_)
        # Fired only here, once the action is recorded and the state settled, so a save
        # made by a watcher holds the whole action.
        for watcher in list(self.on_action):
            watcher(self)
        if self.depth != depth:
            for watcher in list(self.on_level_change):
                watcher(self)
        return events

    def _after_the_move(self, action: Action, actor: int) -> tuple[list[Event], Result]:
        """With no foe in view, an action refused only because the move under way holds
        the turn's last action (base.action.spend_action): the move ends by itself, the
        turn passes when nothing is left of it, and the action is taken when the same
        delver is asked again with still no foe in view (RULES.md, "The party moves
        together"). The events of the move's end and the turn passing, and the action's
        result (a refusal now is recorded: the move has ended)."""
        act = self._actors[actor]
        points = act.move_points
        end_move(self, actor)
        events = [Event("end_move", f"{name_of(self.store, actor)} ends the move "
                        f"({plural(points, 'movement point')} unused).", actor)]
        if act.actions_left <= 0:
            events += turn_loop.run(self)
            if self.awaiting != actor or self.mode != "explore" or self.over \
                    or self.state.luck_queue.items:
                return events, Result(True)  # (something came up: the player decides)
        result = self.try_action(action, actor)
        if not result.ok:
            result = Result(True, [Event("fail", result.reason)])
        return events, result

    def try_action(self, action: Action, actor: int) -> Result:
        for _ in range(4):  # an action may turn into another, but not forever
            result = action.perform(self, actor)
            if result.alternate is None:
                if result.ok and actor in self._characters:
                    self.take_in_view()  # (an explicit step after a delver's action)
                return result
            action = result.alternate
        return fail("That action cannot be done.")

    def _record(self, events: list[Event], round_: int | None = None) -> None:
        """Into the log; a banking also into `bankings`, with the round its action was
        taken in (`round_`, default now) and the depth the party is on after it."""
        log = self.log
        log += [e for e in events if e.text]
        if len(log) > LOG_KEEP:
            del log[:-LOG_KEEP]
        when = self.round if round_ is None else round_
        self.bankings += [(when, self.depth, e) for e in events if e.kind in BANKINGS]

    def restart_round(self) -> list[Event]:
        """Forget the current order and start a fresh round (after setting up a scene)."""
        self.order, self.turn_index, self.current = [], 0, None
        self.view_changed()
        events = turn_loop.run(self)
        self._record(events)
        return events

    # ----- consequences ----------------------------------------------------------------
    def on_moved(self, eid: int) -> list[Event]:
        # (after every square of every walk: the kept tables, not the store's lookups)
        self.kept.note_move(eid)
        if eid in self._characters:
            self.view_changed()
        events = traps_on_moved(self, eid)
        if self.state.luck_queue.items:  # a trap's roll waits on luck: so does the rest
            then(self, "explore_moved", [eid, 0])
        elif eid in self._positions:  # a trap may have killed or removed the mover
            events += explore.on_moved(self, eid)
        return events

    def step_blocked(self, eid: int, x: int, y: int) -> str:
        """Why a step to (x, y) is refused by something other than the map, or ''."""
        return step_blocked(self, eid, x, y)

    def held_step(self, eid: int) -> Action | None:
        """What a step refused by a trap becomes instead (traps/actions.held_step)."""
        return trap_actions.held_step(self, eid)

    def on_disabled(self, eid: int, text: str) -> list[Event]:
        events = [Event("disabled", text, eid)]
        self.view_changed()
        if eid == self.led:
            events += helpless.lead_to_one_who_can_act(self)
        if helpless.party_lost(self):  # (all down, or Petrified for good)
            events += self.defeat("The whole party is down. The delve is over.")
        return events

    def defeat(self, text: str) -> list[Event]:
        """The delve is lost (the whole party down or helpless for good)."""
        self.over = True
        self.outcome = "defeat"
        return [Event("gameover", text)]

    def on_monster_killed(self, eid: int, source: str) -> list[Event]:
        name = name_of(self.store, eid)
        self.kills += 1
        # both before the body goes: morale hears of it, then treasure falls where it stood
        after = fight_hooks.on_monster_killed(self, eid) + explore.on_monster_killed(self, eid)
        self.withdraw(eid)
        return [Event("kill", f"{name} falls!", eid), *after]

    def withdraw(self, eid: int) -> None:
        """Take a monster off the board and out of the round's order (killed, or a trap's
        figure removed from play)."""
        self.store.destroy(eid)
        if eid in self.order:
            idx = self.order.index(eid)
            self.order.pop(idx)
            if idx <= self.turn_index:
                self.turn_index -= 1
        if self.current == eid:
            self.current = None

    def weapon_boxes(self, eid: int) -> int:
        char = self.store.try_get(eid, Character)
        if char is None:
            return 1
        return 2 if self.content.classes[char.klass].weapon == "special_melee" else 1

    # ----- party -----------------------------------------------------------------------
    def set_leader(self, order: int) -> Result:
        if not 0 <= order < len(self.party):
            return fail("There is no such party member.")
        eid = self.party[order]
        if is_disabled(self.store, eid):
            return fail(f"{name_of(self.store, eid)} is Disabled and cannot lead.")
        if not helpless.can_act(self, eid):
            return fail(f"{name_of(self.store, eid)} cannot act and cannot lead.")
        if self.mode == "combat":
            return fail("In combat every character acts on its own initiative.")
        self.led = eid
        marching.lead_in_turn(self, eid)
        return Result(True, [Event("lead", f"You now lead {name_of(self.store, eid)}.",
                                   eid)])

    def _gather_party(self, at: tuple[int, int], members: list[int] | None = None) -> None:
        """Place party members on and around a square (arrival on a level)."""
        level = self.level
        members = self.party if members is None else members
        free = [at] + [
            (at[0] + dx, at[1] + dy) for r in (1, 2, 3) for dy in range(-r, r + 1)
            for dx in range(-r, r + 1) if max(abs(dx), abs(dy)) == r
        ]
        spots = [p for p in free if level.is_walkable(*p) and level.tile(*p) != T.DOORWAY
                 and (self.creature_at(*p) is None or self.creature_at(*p) in members)]
        for eid, spot in zip(members, spots, strict=False):
            pos = self.store.get(eid, Position)
            pos.depth, pos.x, pos.y = self.depth, spot[0], spot[1]
        self.view_changed()

    def threats_in_view(self) -> list[int]:
        """The foes in view: any monster, but a Pillager only when engaged (walked into, or
        fighting a delver beside it: monsters.pillagers.threats). The one answer to "foes
        in view" that the mode (turn_loop.update_mode), rest, travel, auto-explore and the
        stairs all read; Pillagers keeping their distance avoid a fight (T&T 003), and one
        idling in sight of the stairs would otherwise bar them for good (RULES.md)."""
        return threats(self, self.hostiles_in_view())

    def _at_stairs(self, pos: Position) -> tuple[list[int], list[int]]:
        """The party on this level, and those of it within 3 squares of `pos` (the stairs:
        carried along by the stairs, RULES.md)."""
        here = [e for e in self.party if self.store.get(e, Position).depth == self.depth]
        return here, [e for e in here if chebyshev(self.store.get(e, Position), pos) <= 3]

    def left_at_stairs(self, actor: int) -> list[int]:
        """The delvers that `actor` taking the stairs from its square now would leave behind
        on this level (down, or lost, out of reach of the stairs), for the player to be
        asked first; [] when none would be, or the stairs would refuse anyway."""
        pos = self.store.get(actor, Position)
        if self.level.tile(pos.x, pos.y) not in (T.STAIRS_DOWN, T.STAIRS_UP) \
                or self.threats_in_view():
            return []
        here, near = self._at_stairs(pos)
        out = [e for e in here if e not in near]
        return out if all(helpless.lost(self, e) for e in out) else []

    def take_stairs(self, actor: int, direction: str) -> Result:
        level = self.level
        pos = self.store.get(actor, Position)
        want = T.STAIRS_DOWN if direction == "down" else T.STAIRS_UP
        if direction not in ("down", "up") or level.tile(pos.x, pos.y) != want:
            return fail(f"There are no stairs {direction} here.")
        if self.threats_in_view():
            return fail("Not with foes in view!")
        here, near = self._at_stairs(pos)
        if any(e not in near and not helpless.lost(self, e) for e in here):
            return fail("The party must gather within 3 squares of the stairs first.")
        if direction == "up" and self.depth == 1:
            return explore.leave_dungeon(self, actor)
        left = [e for e in here if e not in near]  # down (or stone) out of reach: not carried
        self.depth += 1 if direction == "down" else -1
        self.deepest = max(self.deepest, self.depth)
        new = self._level(self.depth)
        self._gather_party(new.stairs_up if direction == "down" else new.stairs_down
                           or new.stairs_up, near)
        released = [ev for e in near for ev in holds_left_behind(self, e)]
        if self.led not in near or not helpless.can_act(self, self.led):
            self.led = next((e for e in near if helpless.can_act(self, e)), actor)
        self.order, self.turn_index, self.current = [], 0, None
        events = [Event("level", f"The party goes {direction} to depth {self.depth}.", actor,
                        roll=self.depth)]
        events += [Event("left", f"{name_of(self.store, e)} is left behind, "
                         f"{'Disabled' if is_disabled(self.store, e) else 'helpless'}.", e)
                   for e in left]
        return Result(True, events + released)

    def score_parts(self) -> dict[str, int]:
        """Banked treasure gp + experience, with the parts (levels/depths.py)."""
        return explore.score_parts(self)

    # ----- hashing ---------------------------------------------------------------------
    def state_hash(self, version: int = DIGEST_VERSION) -> str:
        """A digest of everything that decides the future of the game (engine/state.py);
        `version`: an older digest, to check a record made with it."""
        return state_digest(self, version)
