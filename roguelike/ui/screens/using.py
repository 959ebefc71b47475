"""Using and throwing items, and the choices a spell or item needs after its target.

`U` (or `q`) lists what the acting delver can use; a Healing Salve asks whom (yourself or a
companion beside you) and which hit location, a Crystal Ball aims at an event marker, a
flask is thrown. `t` (or `v`) throws straight away: the targeting view shows the line and
the range. Heal asks the location to mend; Fire Wall and Stone Wall ask the wall's
direction (a direction key, or the menu), each with what it would do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events

from roguelike.engine.actions import DIRECTIONS
from roguelike.engine.components import Character, HitBoxes, Position
from roguelike.engine.explore.data import ItemDef
from roguelike.engine.explore.items import AIMS, UseItem, throw_reach, usable
from roguelike.engine.explore.spells import wall_squares
from roguelike.engine.stats import chebyshev, is_disabled, name_of
from roguelike.engine.words import COMPASS, plural
from roguelike.ui.screens.cursor import Aim
from roguelike.ui.screens.info import ChoiceScreen

if TYPE_CHECKING:
    from roguelike.ui.screens.game_screen import GameScreen

# engine direction names (actions.DIRECTIONS) in compass order, with the words for each
COMPASS_ORDER = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
DIRECTION_WORDS = {d: COMPASS[DIRECTIONS[d]] for d in COMPASS_ORDER}


class DirectionChoice(ChoiceScreen):
    """A menu of the eight directions that also takes a direction key at once (the letter
    and keypad keys; the arrows move the highlight, Enter chooses)."""

    def __init__(self, title: str, options: list[tuple[str, str]],
                 keys: dict[str, tuple[int, int]]) -> None:
        super().__init__(title, options)
        self.keys = keys

    def on_key(self, event: events.Key) -> None:
        if event.key.startswith(("up", "down", "left", "right")) or event.key == "enter":
            return  # the menu's own keys
        step = self.keys.get(event.character or "") or self.keys.get(event.key)
        if step is None:
            return
        name = next((d for d, xy in DIRECTIONS.items() if xy == step), None)
        if name is not None:
            event.stop()
            self.dismiss(name)


class UseMixin:
    # ----- commands ----------------------------------------------------------------------
    def cmd_use(self: GameScreen) -> None:
        eid = self.game.awaiting
        if eid is None:
            return
        items = usable(self.game, eid)
        who = name_of(self.game.store, eid)
        if not items:
            self.say(f"{who} has nothing to use. (Lockpicks work at a door: a. Weapons "
                     "by attacking.)")
            return
        self.app.push_screen(ChoiceScreen(f"Use what? ({who})", _grouped(items)),
                             lambda picked: self.use_item(int(picked)) if picked else None)

    def cmd_throw(self: GameScreen) -> None:
        eid = self.game.awaiting
        if eid is None:
            return
        items = [(i, d) for i, d in usable(self.game, eid) if AIMS[d.effect] == "square"]
        who = name_of(self.game.store, eid)
        if not items:
            self.say(f"{who} has nothing to throw (Flasks of Oil and Holy Water are thrown).")
            return
        self.app.push_screen(ChoiceScreen(f"Throw what? ({who})", _grouped(items)),
                             lambda picked: self.use_item(int(picked)) if picked else None)

    def use_item(self: GameScreen, item: int) -> None:
        """Use `item` of the acting delver, asking what its effect needs."""
        eid = self.game.awaiting
        found = dict(usable(self.game, eid)) if eid is not None else {}
        idef = found.get(item)
        if eid is None or idef is None:
            return
        aim = AIMS[idef.effect]
        if aim == "square":
            self.begin_aim(Aim("throw", throw_reach(self.game, idef), item=item,
                               spell_name=idef.name))
        elif aim == "marker":
            self.begin_aim(Aim("use", idef.range, item=item, spell_name=idef.name))
        elif aim == "character":
            def on(target: int) -> None:
                x, y = self.game.store.get(target, Position).xy
                self.choose_location(target, f"{idef.name}: heal which location of "
                                     f"{name_of(self.game.store, target)}?",
                                     lambda loc: self.act(UseItem(item, x, y, loc)))

            self.choose_character(eid, max(1, idef.range), f"{idef.name} for whom?", on)
        else:
            self.act(UseItem(item))

    # ----- the choices after a target ------------------------------------------------------
    def choose_character(self: GameScreen, eid: int, reach: int, title: str,
                         then: Callable[[int], None]) -> None:
        """Yourself or a companion within `reach` (the most wounded first); no menu when
        only you are in reach."""
        store = self.game.store
        here = store.get(eid, Position)
        near = [p for p in self.game.party if store.get(p, Position).depth == here.depth
                and chebyshev(store.get(p, Position), here) <= reach]
        near.sort(key=lambda p: (-_crossed(self, p), store.get(p, Character).order))
        if len(near) == 1:
            then(near[0])
            return
        self.app.push_screen(ChoiceScreen(title, [
            (str(p), f"{'yourself' if p == eid else name_of(store, p)}: {_crossed(self, p)} "
             f"box{'es' if _crossed(self, p) != 1 else ''} crossed"
             + (" (down)" if is_disabled(store, p) else "")) for p in near]),
            lambda picked: then(int(picked)) if picked else None)

    def choose_location(self: GameScreen, target: int, title: str,
                        then: Callable[[str], None]) -> None:
        """A wounded hit location of `target`'s, the most wounded first, with its boxes
        (an unwounded one would waste the salve or the spell)."""
        boxes = self.game.store.get(target, HitBoxes)
        locs = sorted((loc for loc in boxes.locations if loc.crossed),
                      key=lambda loc: -loc.crossed)
        if not locs:
            self.say(f"{name_of(self.game.store, target)} has no wounds to mend.")
            return
        self.app.push_screen(ChoiceScreen(title, [
            (loc.id, f"{loc.name}: {loc.crossed} of {len(loc.boxes)} boxes crossed "
             f"({loc.attribute.capitalize()} {loc.value})") for loc in locs]),
            lambda picked: then(picked) if picked else None)

    def choose_direction(self: GameScreen, spell_name: str, length: int,
                         at: tuple[int, int], then: Callable[[str], None]) -> None:
        """The direction a wall runs from `at`, each with how long it would stand."""
        options = []
        for d in COMPASS_ORDER:
            n = len(wall_squares(self.game, at[0], at[1], d, length))
            options.append((d, f"{DIRECTION_WORDS[d]}: {plural(n, 'square')}"
                            + ("" if n else " (no room)")))
        self.app.push_screen(DirectionChoice(
            f"{spell_name}: which way does the wall run? (a direction key, or choose)",
            options, self.keymap.moves),
            lambda picked: then(picked) if picked else None)


def _crossed(screen: GameScreen, eid: int) -> int:
    return sum(loc.crossed for loc in screen.game.store.get(eid, HitBoxes).locations)


def _grouped(items: list[tuple[int, ItemDef]]) -> list[tuple[str, str]]:
    """One menu entry a kind of item (the first one carried), with how many."""
    counts: dict[str, int] = {}
    first: dict[str, tuple[int, ItemDef]] = {}
    for item, idef in items:
        counts[idef.id] = counts.get(idef.id, 0) + 1
        first.setdefault(idef.id, (item, idef))
    return [(str(item), f"{idef.name}{f' ({counts[idef.id]})' if counts[idef.id] > 1 else ''}"
             f": {idef.text}") for item, idef in first.values()]
