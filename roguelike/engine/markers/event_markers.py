"""Traps & Treasure event markers: one per room, a free Wits check when a character comes
within 1 square, then the success or failure chart (content/explore.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import numpy as np

from roguelike.content.explore import MarkerResult
from roguelike.content.loader import Content
from roguelike.core.components import Actor, Appearance, Character, Named, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.events import Event
from roguelike.core.explore_components import Marker
from roguelike.core.lean_dataclass import dataclass
from roguelike.core.rng import Stream
from roguelike.engine.base import rule_calls as adapters
from roguelike.engine.base.action import Action, Result, done, fail, spend_action
from roguelike.engine.base.kept import declare
from roguelike.engine.base.luck_queue import then, waiting
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import a_name, capital
from roguelike.engine.creatures.experience import award_xp
from roguelike.engine.creatures.inventory import make_treasure, roll_treasure
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.monsters import ai
from roguelike.engine.monsters.pillagers import arrive_after_reveal
from roguelike.engine.status.fatigue_checks import check, check_or_offer
from roguelike.engine.traps.make import trap_squares
from roguelike.engine.traps.trap_actions import DISARM_XP_PER_POINT
from roguelike.world import tiles as T
from roguelike.world.level import Level

if TYPE_CHECKING:
    from roguelike.engine.base.views import Board, BoardAndContent, HasStore
    from roguelike.engine.game import Game


# How a marker is drawn in each state: `?` a marker not yet checked, `=` one that holds hidden
# treasure (a retried Wits check finds it). Not `!`, which is the potions' glyph.
GLYPHS = {"unchecked": "?", "hidden": "="}


def place_markers(store: EntityStore, content: Content, level: Level, seed: str) -> None:
    """One marker per room, none in either Camp nor on a trap square (Mage Knight 001:25),
    from the level's own marker stream."""
    rng = Stream(seed, f"level/{level.depth}/markers")
    floor = level.tiles == T.FLOOR
    traps = trap_squares(store, content, level.depth)
    for x, y in traps:
        floor[y, x] = False
    for room in level.rooms:
        if room.id in (level.camp_room, level.pillager_camp_room):
            continue
        ys, xs = np.nonzero((level.room_map == room.id) & floor)
        if len(xs):
            i = rng.below(len(xs))
            x, y = int(xs[i]), int(ys[i])
            make_marker(store, level.depth, x, y, room.id)


def make_marker(store: EntityStore, depth: int, x: int, y: int, room: int) -> int:
    return store.create(Position(depth, x, y),
                        Appearance(GLYPHS["unchecked"], "bright_white", 1),
                        Named("event marker"), Marker(room))


def markers_on(game: HasStore, depth: int, state: str | None = None) -> list[int]:
    return [e for e, m, p in game.store.query(Marker, Position)
            if p.depth == depth and (state is None or m.state == state)]


def check_near(game: Game, eid: int) -> list[Event]:
    """A standing character within 1 square of an unchecked marker makes the free check."""
    if is_disabled(game.store, eid) or not game.store.has(eid, Character):
        return []
    here = game.store.get(eid, Position)
    if not _unchecked_near(game, here):
        return []  # the common case: nothing below could happen, so skip building the list
    return _check_markers(game, eid, markers_on(game, here.depth, "unchecked"))


def _check_markers(game: Game, eid: int, todo: list[int]) -> list[Event]:
    """The free check on each of `todo` next to the delver, in turn; one that waits on
    luck (the check, or what the marker holds) keeps the others behind it."""
    events: list[Event] = []
    here = game.store.get(eid, Position)
    for i, marker in enumerate(todo):
        if game.over or is_disabled(game.store, eid):
            break
        if game.store.alive(marker) and chebyshev(game.store.get(marker, Position), here) <= 1:
            face = game.streams.play.d(6)  # the chart's face first: see success_matters
            if success_matters(game, marker, face):
                ok, said = check_or_offer(game, eid, "wits", WHAT, "marker_check",
                                          [marker, eid, face])
            else:  # (no luck offered: it could buy nothing)
                ok, event = check(game, eid, "wits", WHAT)
                said = [event]
            events += said
            if ok is not None:
                events += resolve(game, marker, eid, ok, face=face)
            if waiting(game):
                then(game, "markers_near", [eid, *todo[i + 1:]])
                break
    return events


def continue_markers_near(game: Game, args: list[int]) -> list[Event]:
    eid, *todo = args
    if not game.store.has(eid, Position):
        return []
    return _check_markers(game, eid, todo)


def resume_marker_check(game: Game, args: list[int], ok: bool) -> list[Event]:
    marker, checker, *face = args  # (a game saved before the face came first has none)
    if not game.store.alive(marker):
        return []
    return resolve(game, marker, checker, ok, face=face[0] if face else 0)


WHAT = "the event marker check"


def success_matters(game: BoardAndContent, marker: int, face: int) -> bool:
    """Whether the free check's success changes what chart face `face` brings (003): on
    every row but the trap's it does (a monster away, not in contact; treasure at once, not
    hidden); on the trap row only where a standing Rogue beside the marker may try its
    disarm, which success alone allows. Elsewhere the trap springs either way, so luck is
    not offered for the check (RULES.md "Event markers": the face is rolled before the
    check, unseen, so an offer is made only where it can buy something)."""
    data = game.content.explore
    win, lose = data.chart("success", face).event, data.chart("failure", face).event
    traps = ("trap", "trap_disarmable")
    if win not in traps or lose not in traps:
        return True
    pos = game.store.get(marker, Position)
    return win == "trap_disarmable" and \
        _disarmer(game, pos.x, pos.y, data.markers.disarm_classes) is not None


def _unchecked_near(game: Game, here: Position) -> bool:
    """Whether an unchecked marker lies within 1 square of `here`: this runs after every
    step a delver takes, so only the markers _near_markers lists for the square are read."""
    store = game.store
    ids = store.ids(Marker, Position)
    if not ids:
        return False
    found = _near_markers(game, ids, here.depth).get((here.x, here.y))
    if found is None:
        return False
    marks = store.table(Marker)
    return any(marks[e].state == "unchecked" for e in found)


NEAR_MARKERS = declare("near_markers", __name__, ("entities", "level"),
                       "square -> placed markers within 1, keyed by the Marker ids and depth")


def _near_markers(game: Game, ids: list[int], depth: int
                  ) -> dict[tuple[int, int], list[int]]:
    """(x, y) -> the placed markers of level `depth` within 1 square of it, kept on the
    game while the store hands out the same id list `ids` (markers never move: a marker
    placed or taken away, or a Position row replaced, gives a new list) and the same
    level is asked; states change in place and are read at each ask."""
    return NEAR_MARKERS.by_ids(game, ids, depth, lambda: _near_made(game, ids, depth))


def _near_made(game: HasStore, ids: list[int], depth: int) -> dict[tuple[int, int], list[int]]:
    positions = game.store.table(Position)
    near: dict[tuple[int, int], list[int]] = {}
    for eid in ids:
        p = positions[eid]
        if p.depth == depth:
            for y in (p.y - 1, p.y, p.y + 1):
                for x in (p.x - 1, p.x, p.x + 1):
                    near.setdefault((x, y), []).append(eid)
    return near


def resolve(game: Game, marker: int, checker: int, success: bool, remote: bool = False,
            face: int = 0) -> list[Event]:
    """What the marker holds: the chart's row for `face` (0: rolled now) on the success or
    failure chart."""
    data = game.content.explore
    face = face or game.streams.play.d(6)
    row = data.chart("success" if success else "failure", face)
    mpos = game.store.get(marker, Position)
    x, y = mpos.x, mpos.y
    events = [Event("marker", f"The marker holds {_held_words(game, row, x, y)} (rolled "
                    f"{face} on the {row.chart} chart).", checker, x=x, y=y, roll=face)]
    if row.event == "hidden_treasure":
        game.store.get(marker, Marker).state = "hidden"
        app = game.store.try_get(marker, Appearance)
        if app is not None:
            app.glyph = GLYPHS["hidden"]
        return events
    game.store.destroy(marker)
    if row.event in ("monster_away", "monster_contact"):
        events += spawn_monster(game, checker, x, y, contact=row.event == "monster_contact"
                                and not remote)
    elif row.event in ("trap", "trap_disarmable"):
        events += spring_trap(game, checker, x, y, row.event == "trap_disarmable", remote)
    else:
        events.append(make_treasure(game, game.depth, x, y)[1])
    if waiting(game):  # what the marker held waits on luck: the Pillagers come after
        then(game, "marker_revealed", [])
        return events
    return events + arrive_after_reveal(game)


def _held_words(game: BoardAndContent, row: MarkerResult, x: int, y: int) -> str:
    """What the chart's row says the marker holds, true to what happens next: a trap a
    Rogue may disarm springs at once when no standing Rogue is beside the marker (003:
    "Rogues may make a Wits roll to disarm the trap"; RULES "Event markers")."""
    classes = game.content.explore.markers.disarm_classes
    if row.event != "trap_disarmable" or _disarmer(game, x, y, classes) is not None:
        return row.text
    return "a trap; a Rogue beside it could have disarmed it, but none stands there"

def continue_marker_revealed(game: Game, args: list[int]) -> list[Event]:
    return arrive_after_reveal(game)


def _free_square_near(game: Game, x: int, y: int, avoid: Position | None = None,
                      traps: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset()
                      ) -> tuple[int, int] | None:
    """The nearest free floor square (no doorway, no creature, no trap square in `traps`),
    not next to `avoid`."""
    level = game.level
    for r in range(0, 6):
        ring = [(x + dx, y + dy) for dy in range(-r, r + 1) for dx in range(-r, r + 1)
                if max(abs(dx), abs(dy)) == r]
        for sx, sy in ring:
            if not level.is_walkable(sx, sy) or level.tile(sx, sy) == T.DOORWAY:
                continue
            if game.creature_at(sx, sy) is not None or (sx, sy) in traps:
                continue
            if avoid is not None and max(abs(sx - avoid.x), abs(sy - avoid.y)) <= 1:
                continue
            return sx, sy
    return None


def spawn_monster(game: Game, checker: int, x: int, y: int, contact: bool) -> list[Event]:
    """A monster from the T&T Monsters chart: d6 against each monster's `roll` faces
    (1-2 Apprentice, 3-5 Mercenary, 6 Leader). The depth bestiary stocks rooms instead."""
    face = game.streams.play.d(6)
    chart = [m.id for m in game.content.monsters.values() if face in m.roll]
    if not chart:
        return []
    kind = chart[0]
    cpos = game.store.get(checker, Position)
    traps = trap_squares(game.store, game.content, game.depth)  # (001:25: not on one)
    spot = _free_square_near(game, cpos.x, cpos.y, traps=traps) if contact else \
        _free_square_near(game, x, y, cpos, traps) or _free_square_near(game, x, y, traps=traps)
    if contact:
        near = [(sx, sy) for sx, sy in _neighbours(cpos) if game.level.is_walkable(sx, sy)
                and game.level.tile(sx, sy) != T.DOORWAY and game.creature_at(sx, sy) is None
                and (sx, sy) not in traps]
        spot = min(near, key=lambda p: (max(abs(p[0] - x), abs(p[1] - y)), p[1], p[0])) \
            if near else spot
    if spot is None:
        return []
    mid = make_monster(game.store, game.content, kind, Position(game.depth, *spot), awake=True)
    where = "in contact with" if contact else "near"
    events = [Event("monster", f"{capital(a_name(game, mid))} appears {where} "
                    f"{name_of(game.store, checker)}!", mid, x=spot[0], y=spot[1])]
    game.view_changed()
    if contact:  # T&T: it takes one action at once, then rolls initiative with the rest
        actor = game.store.get(mid, Actor)
        actor.actions_left, actor.move_points = 1, 0
        events += ai.take_action(game, mid)
        if waiting(game):  # its blow's save waits on luck
            then(game, "contact_acted", [mid])
        else:
            continue_contact_acted(game, [mid])
    return events


def continue_contact_acted(game: HasStore, args: list[int]) -> list[Event]:
    """A monster met in contact has had its one action: nothing more this round."""
    [mid] = args
    if game.store.alive(mid):
        game.store.get(mid, Actor).actions_left = 0
        game.store.get(mid, Actor).move_points = 0
    return []


def _neighbours(pos: Position) -> list[tuple[int, int]]:
    return [(pos.x + dx, pos.y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def spring_trap(game: Game, checker: int, x: int, y: int, may_disarm: bool, remote: bool
                ) -> list[Event]:
    """T&T trap: a Rogue next to it may disarm (Wits); the trap is rolled and resolved,
    then its Treasure column is rolled."""
    data = game.content.explore
    roll = game.streams.play.d(6)
    trap = data.tt_traps[roll]
    events = [Event("trap", f"The marker hides a trap: {trap.name} (rolled {roll} on the "
                    "trap chart).", checker, x=x, y=y, roll=roll)]
    args = [checker, x, y, roll, 0, int(remote)]
    if may_disarm:
        rogue = _disarmer(game, x, y, data.markers.disarm_classes)
        if rogue is not None:
            args[4] = rogue
            disarmed, said = check_or_offer(game, rogue, "wits", f"disarming the {trap.name}",
                                            "marker_disarm", args)
            if disarmed is None:  # the player decides on luck first
                return events + said
            return events + said + resume_marker_disarm(game, args, disarmed)
    return events + resume_marker_disarm(game, args, False)


def resume_marker_disarm(game: Game, args: list[int], disarmed: bool) -> list[Event]:
    """A marker's trap after the Rogue's disarm roll (or with no Rogue to try): disarmed,
    the experience and the trap's treasure; else it springs."""
    checker, x, y, roll, rogue, remote = args
    trap = game.content.explore.tt_traps[roll]
    if disarmed:  # the same experience as any disarm: 10 x the trap's disarm value
        profile = game.content.traps.get(trap.id)
        xp = DISARM_XP_PER_POINT * profile.disarm_base if profile else 0
        return award_xp(game, rogue, xp, f"disarming the {trap.name}") + \
            roll_treasure(game, trap.treasure, x, y, f"the {trap.name}")
    victim = checker
    if remote:  # Crystal Ball: the trap only affects the area it is in
        near = [e for e in game.party if not is_disabled(game.store, e)
                and chebyshev(game.store.get(e, Position), Position(game.depth, x, y)) <= 1]
        victim = near[0] if near else 0
    # a sprung trap rolls its own Treasure column (traps.spring): not a second time here
    return adapters.spring_tt_trap(game, victim, x, y, roll)


def _disarmer(game: Board, x: int, y: int, classes: list[str]) -> int | None:
    spot = Position(game.depth, x, y)
    for eid in game.party:
        char = game.store.get(eid, Character)
        if char.klass in classes and not is_disabled(game.store, eid) \
                and chebyshev(game.store.get(eid, Position), spot) <= 1:
            return eid
    return None


@dataclass(frozen=True)
class RetryCheck(Action):
    """Retry the Wits check on a marker next to you (hidden treasure shows on a success)."""

    kind: ClassVar[str] = "retry_check"
    marker: int

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        if not store.alive(self.marker) or not store.has(self.marker, Marker):
            return fail("There is no marker there.")
        if chebyshev(store.get(self.marker, Position), store.get(actor, Position)) > 1:
            return fail("Step next to the marker first.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        args = [self.marker, actor]
        ok, events = check_or_offer(game, actor, "wits", WHAT, "marker_retry", args)
        return done(*events, *([] if ok is None else resume_marker_retry(game, args, ok)))


def resume_marker_retry(game: Game, args: list[int], ok: bool) -> list[Event]:
    """A retried marker check: an unchecked marker is resolved; hidden treasure shows on a
    success."""
    marker, actor = args
    store = game.store
    if not store.alive(marker):
        return []
    if store.get(marker, Marker).state == "unchecked":
        return resolve(game, marker, actor, ok)
    if not ok:
        return []
    pos = store.get(marker, Position)
    store.destroy(marker)
    return [Event("marker", "The hidden treasure is found!", actor),
            make_treasure(game, game.depth, pos.x, pos.y)[1], *arrive_after_reveal(game)]
