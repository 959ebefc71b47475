"""What a character can do to the square beside it (or its own): the doors, traps and
trapped companions there, as a short menu of actions with their odds.

The UI's "act" command and a bump into a locked door show these; the bot uses them too.
Each entry is an ordinary action, so a refusal still explains itself when it is tried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from roguelike.content.fight_tables import fight_tables
from roguelike.core.components import Conditions, Door, Hazard, Position, Trap
from roguelike.core.explore_components import Listened, Marker, SecretDoor, Stuck, Treasure
from roguelike.engine.action_base import Action
from roguelike.engine.actions import Attack, OpenDoor
from roguelike.engine.checks import fatigue_penalty, fight_state
from roguelike.engine.combat import MANEUVERS
from roguelike.engine.explore.data import explore_data
from roguelike.engine.explore.doors import (
    BreakDoor,
    CloseDoor,
    ForceDoor,
    Listen,
    LockDoor,
    PickLock,
    force_need,
    lockpicks_refusal,
)
from roguelike.engine.explore.doors import Search as SearchDoors
from roguelike.engine.explore.drag import Drag, drag_steps
from roguelike.engine.explore.inventory import Bank, Give, Take, carried, in_camp
from roguelike.engine.explore.markers import RetryCheck
from roguelike.engine.explore.supplies import fuel_for
from roguelike.engine.fight_actions import GetUp, Maneuver, RecoverWeapon
from roguelike.engine.helpless import can_act
from roguelike.engine.stats import attribute, hostile, is_disabled, name_of, speed
from roguelike.engine.traps import confine
from roguelike.engine.traps.actions import Disarm, Expose, Free, Struggle, disarmable
from roguelike.engine.traps.describe import disarm_odds
from roguelike.engine.traps.hazards import hazards_at
from roguelike.engine.words import compass

if TYPE_CHECKING:
    from roguelike.engine.game import Game

SQUARES = ((0, 0), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


@dataclass(frozen=True)
class Choice:
    label: str
    action: Action


def d6_odds(game: Game, actor: int, attr: str, need: int | None = None) -> tuple[int, int]:
    """(the d6 face needed, the chance in 6) of a check as explore.checks.check rolls it."""
    base = attribute(game.store, actor, attr) if need is None else need
    target = base + fatigue_penalty(game, actor)
    return target, max(0, min(6, 7 - target))


def _d6_words(game: Game, actor: int, attr: str, need: int | None = None) -> str:
    """'d6 4+: 3 in 6' - a d6 check's odds as the log will roll it."""
    target, chance = d6_odds(game, actor, attr, need)
    return f"d6 {target}+: {chance} in 6"


def _door_choices(game: Game, actor: int, dx: int, dy: int, door: int) -> list[Choice]:
    store = game.store
    state = store.get(door, Door)
    out: list[Choice] = []
    if confine.top(game, door) is not None and confine.escape_ways(game, actor, door, False):
        out.append(Choice("Force the sealed door", Free(dx, dy)))
    if state.open:
        if not state.broken:
            out.append(Choice("Close the door", CloseDoor(dx, dy)))
        return out
    rules = explore_data(game.content).doors
    if state.locked:
        if lockpicks_refusal(game, actor) is None:
            out.append(Choice(f"Pick the lock (Wits, {_d6_words(game, actor, 'wits')})",
                              PickLock(dx, dy)))
        out.append(Choice(f"Break the door down (Might, {_d6_words(game, actor, 'might')}; "
                          "noisy)", BreakDoor(dx, dy)))
    elif store.has(door, Stuck):
        need = force_need(game, actor)
        out.append(Choice(f"Force the stuck door ({_d6_words(game, actor, 'might', need)}; "
                          "noisy)", ForceDoor(dx, dy)))
        out.append(Choice(f"Break the door down (Might, {_d6_words(game, actor, 'might')}; "
                          "noisy)", BreakDoor(dx, dy)))
    else:
        out.append(Choice("Open the door", OpenDoor(dx, dy)))
        if not state.broken and lockpicks_refusal(game, actor) is None:
            out.append(Choice(f"Lock the door (Wits, {_d6_words(game, actor, 'wits')})",
                              LockDoor(dx, dy)))
    heard = store.try_get(door, Listened)
    if heard is None or actor not in heard.by:
        need = rules.listen_target
        out.append(Choice(f"Listen at the door ({_d6_words(game, actor, 'wits', need)}, "
                          "once)", Listen(dx, dy)))
    return out


def _trap_choices(game: Game, actor: int, dx: int, dy: int, x: int, y: int) -> list[Choice]:
    store = game.store
    depth = store.get(actor, Position).depth
    out: list[Choice] = []
    for t in store.ids(Trap, Position):
        tpos = store.get(t, Position)
        trap = store.get(t, Trap)
        if (tpos.depth, tpos.x, tpos.y) != (depth, x, y) or not disarmable(game, t) \
                or actor not in trap.known_by:
            continue
        mk = game.content.trap_stocking.mage_knight  # type: ignore[union-attr]
        quick, _ = disarm_odds(game, actor, t, slow=False)
        slow, _ = disarm_odds(game, actor, t, slow=True)
        # (a Move pays for a disarm: one slower than the delver's Speed cannot be done,
        # and the menu says so rather than offer its odds)
        pace = speed(store, actor)
        for how, cost, odds, slowly in (
                ("quickly", mk.disarm_quick_cost, f"{quick} in 36", 0),
                ("slowly", mk.disarm_slow_cost,
                 f"+{mk.disarm_slow_bonus}; {slow} in 36", 1)):
            words = f"{cost} movement points; {odds}" if pace >= cost else \
                f"too slow now: it takes {cost} movement points, Speed {pace}"
            out.append(Choice(f"Disarm {how} ({words})", Disarm(dx, dy, slowly)))
        break
    return out


def _marker_choices(game: Game, actor: int, x: int, y: int) -> list[Choice]:
    """Retry the Wits check on an event marker there (hidden treasure shows on a success)."""
    out = []
    for eid, mark, pos in game.store.query(Marker, Position):
        if (pos.depth, pos.x, pos.y) == (game.depth, x, y) and game.is_drawn(eid):
            what = "search the marker for its hidden treasure" if mark.state == "hidden" \
                else "check the event marker"
            out.append(Choice(f"Retry the Wits check: {what} (Wits, "
                              f"{_d6_words(game, actor, 'wits')})", RetryCheck(eid)))
    return out


def _foe_choices(game: Game, actor: int, foe: int) -> list[Choice]:
    """A plain attack on a foe beside you, or one of the Classic special maneuvers."""
    store = game.store
    name = name_of(store, foe)
    tables = fight_tables(game.content)
    out = [Choice(f"Attack {name}", Attack(foe))]
    for mid in MANEUVERS[1:]:
        m = tables.maneuvers[mid]
        out.append(Choice(f"{m.name} {name} (an attack at {tables.d6.maneuver_attack_mod:+d};"
                          f" then it saves vs {m.save} or {m.on_fail.split(';')[0]})",
                          Maneuver(foe, mid)))
    return out


def choices(game: Game, actor: int, dx: int, dy: int) -> list[Choice]:
    """Everything `actor` can try at the square (dx, dy) from it; (0, 0) is its own."""
    store = game.store
    pos = store.get(actor, Position)
    x, y = pos.x + dx, pos.y + dy
    if not game.level.in_bounds(x, y):
        return []
    out: list[Choice] = []
    if (dx, dy) == (0, 0):
        if confine.top(game, actor) is not None and confine.escape_ways(game, actor, actor,
                                                                         True):
            out.append(Choice("Struggle to break free", Struggle()))
        conds = store.try_get(actor, Conditions)
        if conds is not None and "prone" in conds.active:
            out.append(Choice("Get up (one action)", GetUp()))
        if fight_state(game, actor).disarmed:
            out.append(Choice("Pick up your weapon (one action)", RecoverWeapon()))
    else:
        door = game.door_at(x, y)
        if door is not None and not store.has(door, SecretDoor):
            out += _door_choices(game, actor, dx, dy, door)
        other = game.creature_at(x, y)
        if other is not None and confine.top(game, other) is not None \
                and confine.escape_ways(game, actor, other, False):
            out.append(Choice(f"Free {name_of(store, other)}", Free(dx, dy)))
        if other is not None and hostile(store, actor, other) \
                and not is_disabled(store, other) and max(abs(dx), abs(dy)) \
                <= game.content.rules.melee_reach:
            out += _foe_choices(game, actor, other)
    out += _trap_choices(game, actor, dx, dy, x, y)
    out += _marker_choices(game, actor, x, y)
    return out


def more_choices(game: Game, actor: int, dx: int, dy: int) -> list[Choice]:
    """What the act menu adds once a square is chosen, though it never calls for the menu by
    itself: giving things to a companion there, or taking them from one who cannot act;
    on your own square, looking the squares around over for trap squares, banking treasure
    in the Camp, searching the walls again."""
    store = game.store
    pos = store.get(actor, Position)
    if (dx, dy) == (0, 0):
        out = [expose_choice()]
        if in_camp(game, actor) and any(store.has(i, Treasure)
                                        for i in carried(store, actor)):
            out.append(Choice("Bank the treasure you carry", Bank()))
        out.append(Choice("Search the walls here again for secret doors (one try a door "
                          "each)", SearchDoors()))
        return out
    other = game.creature_at(pos.x + dx, pos.y + dy)
    if other is None or other not in game.party or other == actor:
        return []
    name = name_of(store, other)
    # (from one who cannot act the dragging and taking come first: what a player turns
    # to them for)
    out = [] if can_act(game, other) else _drag_choices(game, actor, other) + \
        _pass_choices(game, other, f"from {name}", "Take", lambda ids: Take(other, ids))
    return out + _pass_choices(game, actor, f"to {name}", "Give", lambda ids: Give(other, ids))


def _drag_choices(game: Game, actor: int, other: int) -> list[Choice]:
    """An entry for each way `actor` may step back hauling `other` into its square, the
    safe ones first (neither square in a lasting effect), then the steps farthest from
    where `other` lies, the straight way back first: "Drag <name> to safety: step back
    west (one action)"."""
    store = game.store
    here, there = store.get(actor, Position), store.get(other, Position)
    name = name_of(store, other)
    stays = _effect_name(game, here.depth, here.xy)  # (where they are hauled to)
    out = []
    for dx, dy in drag_steps(game, actor, other):
        x, y = here.x + dx, here.y + dy
        into = _effect_name(game, here.depth, (x, y))
        warn = f"; both in the {into}" if into and into == stays else \
            "".join(f"; {who} the {what}" for who, what in
                    (("you into", into), ("they stay in", stays)) if what)
        label = f"Drag {name} {'after you' if into or stays else 'to safety'}: step back " \
            f"{compass(dx, dy)} (one action{warn})"
        far = max(abs(x - there.x), abs(y - there.y))
        # (then the straight way back, away from them)
        aside = max(abs(x - (2 * here.x - there.x)), abs(y - (2 * here.y - there.y)))
        out.append(((bool(into or stays), -far, aside), label, Drag(other, dx, dy)))
    out.sort(key=lambda e: e[0])
    return [Choice(label, action) for _key, label, action in out]


def _effect_name(game: Game, depth: int, xy: tuple[int, int]) -> str:
    """The trap whose lasting effect covers the square ('Noxious Acid Pool'), or ''."""
    found = hazards_at(game, depth, xy)
    return game.content.traps[game.store.get(found[0], Hazard).profile].name if found else ""


def _pass_choices(game: Game, holder: int, whom: str, verb: str,
                  make: Callable[[str], Action]) -> list[Choice]:
    """An entry for each thing `holder` carries, and one for all its treasure (2 or more):
    "Give the Torch to <name>", "Take all 3 treasures from <name>"; `make` makes the
    action from the item ids."""
    store = game.store
    items = carried(store, holder)
    out = [Choice(f"{verb} the {name_of(store, item)} {whom}" + (f" ({fuel})" if (
        fuel := fuel_for(game, item)) else ""), make(str(item))) for item in items]
    treasure = [i for i in items if store.has(i, Treasure)]
    if len(treasure) > 1:
        out.append(Choice(f"{verb} all {len(treasure)} treasures {whom}",
                          make(",".join(map(str, treasure)))))
    return out


def hint(game: Game, actor: int, dx: int, dy: int) -> str:
    """A word on what someone else could do there: a locked door a companion's lockpicks
    would open."""
    store = game.store
    pos = store.get(actor, Position)
    door = game.door_at(pos.x + dx, pos.y + dy)
    if door is None or store.has(door, SecretDoor) or (dx, dy) == (0, 0):
        return ""
    state = store.get(door, Door)
    if not state.locked or state.open or lockpicks_refusal(game, actor) is None:
        return ""
    for member in game.party:
        if member != actor and not is_disabled(store, member) \
                and lockpicks_refusal(game, member) is None:
            return f"{name_of(store, member)} could pick the lock."
    return ""


def squares_with_choices(game: Game, actor: int) -> list[tuple[int, int]]:
    """The directions (own square first) where `actor` has something to do."""
    return [d for d in SQUARES if choices(game, actor, *d)]


def expose_choice() -> Choice:
    """Looking over the squares around for trap squares is free (seed 001): always offered
    on the character's own square, since it cannot tell in advance where they are."""
    return Choice("Look over the squares around for trap squares (free)", Expose())
