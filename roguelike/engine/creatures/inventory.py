"""Carrying things: inventories, treasure load on Speed, pick up, drop, give, take from a
helpless companion, bank."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from roguelike.content.explore import ItemDef, roll_expr
from roguelike.core.components import Appearance, Character, Named, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.events import Event
from roguelike.core.explore_components import (
    Fatigue,
    Inventory,
    Item,
    Ledger,
    LightSource,
    Treasure,
)
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base import rule_calls as adapters
from roguelike.engine.base.action import Action, Result, done, fail, spend_action
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import direction_words, plural
from roguelike.engine.creatures.helpless import can_act

if TYPE_CHECKING:
    from roguelike.engine.base.views import Board, HasStore, StoreAndContent
    from roguelike.engine.game import Game


def ledger(game: HasStore) -> Ledger:
    found = game.store.ids(Ledger)  # the first by id, as a query would give it
    if found:
        return game.store.get(found[0], Ledger)
    led = Ledger()
    game.store.create(led)
    return led


def carried(store: EntityStore, eid: int) -> list[int]:
    inv = store.try_get(eid, Inventory)
    return list(inv.items) if inv else []


def item_def_of(game: StoreAndContent, item: int) -> ItemDef | None:
    it = game.store.try_get(item, Item)
    return game.content.explore.items.get(it.kind) if it else None


def find_item(game: Game, eid: int, effect: str) -> int | None:
    """The first carried item whose effect is `effect`."""
    for item in carried(game.store, eid):
        idef = item_def_of(game, item)
        if idef is not None and idef.effect == effect:
            return item
    return None


def may_use(game: Game, eid: int, item: int) -> bool:
    idef = item_def_of(game, item)
    char = game.store.try_get(eid, Character)
    return idef is not None and (not idef.classes or (char is not None
                                                      and char.klass in idef.classes))


def _recount(game: Game, eid: int) -> None:
    inv = game.store.get(eid, Inventory)
    bag = 0
    for item in inv.items:
        idef = item_def_of(game, item)
        if idef is not None and idef.effect == "bag_of_holding":
            bag += idef.capacity
    inv.bag = bag


def stow(game: Game, eid: int, item: int) -> None:
    inv = game.store.try_get(eid, Inventory)
    if inv is None:
        inv = Inventory()
        game.store.add(eid, inv)
    game.store.remove(item, Position)
    inv.items.append(item)
    _recount(game, eid)


def unstow(game: Game, eid: int, item: int) -> None:
    inv = game.store.get(eid, Inventory)
    inv.items.remove(item)
    _recount(game, eid)


def place(game: HasStore, item: int, depth: int, x: int, y: int) -> None:
    game.store.add(item, Position(depth, x, y))


def make_item(game: StoreAndContent, kind: str, pos: Position | None = None) -> int:
    idef = game.content.explore.items[kind]
    eid = game.store.create(Item(kind), Named(idef.name), Appearance(idef.glyph, "white", 0))
    if idef.gp:
        game.store.add(eid, Treasure(idef.gp))
    if pos is not None:
        game.store.add(eid, Position(pos.depth, pos.x, pos.y))
    return eid


TREASURE_GLYPH = "$"


def make_treasure(game: Game, depth: int, x: int, y: int) -> tuple[int, Event]:
    """One Treasure piece with a gp value from the depth table (content/explore.toml)."""
    band = game.content.explore.treasure_band(depth)
    gp = roll_expr(band.dice, game.streams.play) * band.multiplier
    eid = game.store.create(Position(depth, x, y), Appearance(TREASURE_GLYPH, "bright_yellow", 0),
                            Named(f"Treasure ({gp} gp)"), Treasure(gp))
    return eid, Event("treasure", f"Treasure worth {gp} gp ({band.dice} x "
                      f"{band.multiplier}) lies {_from_party(game, depth, x, y)}.", eid,
                      x=x, y=y)


def _from_party(game: Game, depth: int, x: int, y: int) -> str:
    """Where a square lies from the delver the player moves: the one led outside a fight
    (a companion following in step may be the one acting), the one acting in a fight;
    'here', '1 square east'; where no delver is on that level, 'there'."""
    eid = game.current if game.mode == "combat" and game.current in game.party \
        else game.led
    pos = game.store.try_get(eid, Position)
    if pos is None or pos.depth != depth:
        return "there"
    return direction_words(pos.xy, (x, y))


def roll_treasure(game: Game, faces: list[int], x: int, y: int, what: str) -> list[Event]:
    """Roll a d6 on a Treasure column; on a listed face a Treasure appears at x, y."""
    roll = game.streams.play.d(6)
    shown = ", ".join(str(f) for f in faces)
    if roll not in faces:
        return [Event("treasure", f"No treasure from {what} (rolled {roll}, needs {shown}).",
                      roll=roll)]
    _eid, event = make_treasure(game, game.depth, x, y)
    return [Event("treasure", f"Treasure from {what} (rolled {roll} of {shown})!", roll=roll),
            event]


def _owner_within(store: EntityStore, actor: int, item: int) -> int | None:
    """Who holds `item`, if it is a Disabled creature next to the actor (T&T: lootable)."""
    here = store.get(actor, Position)
    for eid, inv in store.query(Inventory):
        if item in inv.items and eid != actor and is_disabled(store, eid):
            pos = store.try_get(eid, Position)
            if pos is not None and pos.depth == here.depth and chebyshev(pos, here) <= 1:
                return eid
    return None


def bank(game: Game, eid: int, where: str = "at the Camp") -> list[Event]:
    led = ledger(game)
    goal = game.content.explore.goal_item
    pieces, total = 0, 0
    for item in carried(game.store, eid):
        tr = game.store.try_get(item, Treasure)
        it = game.store.try_get(item, Item)
        if tr is None or (it is not None and it.kind == goal):
            continue
        unstow(game, eid, item)
        game.store.destroy(item)
        pieces += 1
        total += tr.gp
    if not pieces:
        return []
    led.banked_gp += total
    led.banked_pieces += pieces
    return [Event("bank", f"{name_of(game.store, eid)} banks {plural(pieces, 'treasure')}"
                  f" ({total} gp) {where}. Banked: "
                  f"{led.banked_gp} gp.", eid, roll=total)]


def in_camp(game: Board, eid: int) -> bool:
    pos = game.store.get(eid, Position)
    return pos.depth == game.depth and game.level.room_at(pos.x, pos.y) == game.level.camp_room


@dataclass(frozen=True)
class PickUp(Action):
    """Pick up and stow a Treasure or item on or next to you, or from a Disabled neighbour."""

    kind: ClassVar[str] = "pick_up"
    item: int

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        if not store.alive(self.item) or not (store.has(self.item, Item)
                                              or store.has(self.item, Treasure)):
            return fail("There is no such thing to pick up.")
        pos, here = store.try_get(self.item, Position), store.get(actor, Position)
        owner = None
        if pos is None:
            owner = _owner_within(game.store, actor, self.item)
            if owner is None:
                return fail("Nobody Disabled next to you holds that.")
        elif pos.depth != here.depth or chebyshev(pos, here) > 1:
            return fail("That is out of reach.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        if owner is not None:
            unstow(game, owner, self.item)
        stow(game, actor, self.item)
        frm = f" from {name_of(store, owner)}" if owner is not None else ""
        return _and_banked(game, actor, Event(
            "pick_up", f"{name_of(store, actor)} picks up the {name_of(store, self.item)}"
            f"{frm}.", actor, self.item))


@dataclass(frozen=True)
class Drop(Action):
    """Drop a carried thing where you stand; takes no action (drop treasure to shake pursuers)."""

    kind: ClassVar[str] = "drop"
    item: int

    def perform(self, game: Game, actor: int) -> Result:
        if self.item not in carried(game.store, actor):
            return fail("You are not carrying that.")
        pos = game.store.get(actor, Position)
        unstow(game, actor, self.item)
        place(game, self.item, pos.depth, pos.x, pos.y)
        events = [Event("drop", f"{name_of(game.store, actor)} drops the "
                        f"{name_of(game.store, self.item)}.", actor, self.item,
                        x=pos.x, y=pos.y)]
        if game.store.has(self.item, Treasure):
            events += adapters.on_treasure_dropped(game, actor, pos.x, pos.y)
        return done(*events)


@dataclass(frozen=True)
class Give(Action):
    """Give one or more carried things (ids separated by commas) to an adjacent companion."""

    kind: ClassVar[str] = "give"
    to: int
    items: str

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        ids = _item_ids(self.items)
        if ids is None:
            return fail("Name the items by their numbers.")
        mine = carried(store, actor)
        if not ids or any(i not in mine for i in ids):
            return fail("You are not carrying that.")
        if self.to == actor or not store.has(self.to, Character):
            return fail("Give to another character.")
        if chebyshev(store.get(self.to, Position), store.get(actor, Position)) > 1:
            return fail("They must be next to you.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        names = _hand_over(game, actor, self.to, ids)
        return _and_banked(game, self.to, Event(
            "give", f"{name_of(store, actor)} gives {names} to {name_of(store, self.to)}.",
            actor, self.to))


def _and_banked(game: Game, holder: int, event: Event) -> Result:
    """A hand-over's event, and the treasure banked when the one who now holds it stands
    in the Camp and can act on it (a Disabled delver given treasure banks nothing)."""
    if in_camp(game, holder) and not is_disabled(game.store, holder):
        return done(event, *bank(game, holder))
    return done(event)


def _hand_over(game: Game, frm: int, to: int, ids: list[int]) -> str:
    """Move carried things from one delver to another (stowed as a pick-up is: its load
    counts the same); their names, for the message."""
    for item in ids:
        unstow(game, frm, item)
        stow(game, to, item)
    return ", ".join(name_of(game.store, i) for i in ids)


def _item_ids(items: str) -> list[int] | None:
    """The item ids of a Give or Take (numbers separated by commas); None if not numbers."""
    try:
        return [int(t) for t in items.split(",") if t.strip()]
    except ValueError:
        return None


@dataclass(frozen=True)
class Take(Action):
    """Take one or more things (ids separated by commas) from an adjacent companion who
    cannot act: down, turned to stone, asleep, unconscious... (helpless.can_act; RULES.md
    "Taking from a helpless companion"). One who can act is asked to Give instead."""

    kind: ClassVar[str] = "take"
    frm: int
    items: str

    def perform(self, game: Game, actor: int) -> Result:
        store = game.store
        ids = _item_ids(self.items)
        if ids is None:
            return fail("Name the items by their numbers.")
        if self.frm == actor or self.frm not in game.party:
            return fail("Take only from a companion.")
        name = name_of(store, self.frm)
        pos, here = store.try_get(self.frm, Position), store.get(actor, Position)
        if pos is None or pos.depth != here.depth or chebyshev(pos, here) > 1:
            return fail(f"{name} must be next to you.")
        theirs = carried(store, self.frm)
        if not ids or any(i not in theirs for i in ids):
            return fail(f"{name} is not carrying that.")
        if can_act(game, self.frm):
            return fail(f"{name} can act: ask them to give it.")
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        names = _hand_over(game, self.frm, actor, ids)
        return _and_banked(game, actor, Event(
            "take", f"{name_of(store, actor)} takes {names} from {name}.", actor, self.frm))


@dataclass(frozen=True)
class Bank(Action):
    """Bank the treasure you carry; only in the Camp room (also automatic on arrival there)."""

    kind: ClassVar[str] = "bank"
    uses_time: ClassVar[bool] = False

    def perform(self, game: Game, actor: int) -> Result:
        if not in_camp(game, actor):
            return fail("Treasure is banked at the Camp.")
        events = bank(game, actor)
        return done(*events) if events else fail("You carry no treasure to bank.")


def give_start_kit(game: Game) -> list[Event]:
    """Each character's class weapon and class items, and the role's kit (explore.toml)."""
    data = game.content.explore
    ledger(game)
    for eid in game.party:
        char = game.store.get(eid, Character)
        game.store.add(eid, Inventory())
        game.store.add(eid, Fatigue())
        klass = game.content.classes[char.klass]
        kinds = [i.id for i in data.items.values() if i.weapon and i.weapon == klass.weapon]
        kinds += [k for k in klass.items if k in data.items]
        kit = data.kits.get(char.role)
        if kit is not None:
            kinds += kit.items
            if kit.lit:
                light = data.lights[data.items[kit.lit].light]
                game.store.add(eid, LightSource(light.id, light.burn_turns
                                                * data.rounds_per_turn))
        for kind in kinds:
            stow(game, eid, make_item(game, kind))
    return []
