"""Using and throwing items.

`U` (or `q`) lists what the acting delver can use; a Healing Salve asks whom (yourself or a
companion beside you) and which hit location, a Crystal Ball aims at an event marker, a
flask is thrown. `t` (or `v`) throws straight away: the targeting view shows the line and
the range. (The choices after a target are choices.py's.)
"""

from __future__ import annotations

from collections.abc import Callable

from roguelike.content.explore import ItemDef
from roguelike.core.components import Position
from roguelike.engine.base.stats import name_of
from roguelike.engine.items.item_use import AIMS, UseItem, throw_reach, usable
from roguelike.engine.items.supplies import fuel_for
from roguelike.ui.screens.choices import Choices
from roguelike.ui.screens.cursor import Aim, Cursor
from roguelike.ui.screens.info import ChoiceScreen
from roguelike.ui.screens.surface import Surface


class Using:
    def __init__(self, screen: Surface, cursor: Cursor, choices: Choices) -> None:
        self.screen = screen
        self.cursor = cursor
        self.choices = choices

    def use(self) -> None:
        """The `U` command: what the acting delver can use."""
        self._offer("Use what?", lambda _d: True, "has nothing to use. (Lockpicks work at a "
                    "door: a. Weapons by attacking.)")

    def throw(self) -> None:
        """The `t` command: what the acting delver can throw."""
        self._offer("Throw what?", lambda d: AIMS[d.effect] == "square", "has nothing to "
                    "throw (Flasks of Oil and Holy Water are thrown).")

    def _offer(self, title: str, fits: Callable[[ItemDef], bool], none: str) -> None:
        """A menu of the acting delver's usable items that `fits`; `none` when there are none."""
        screen = self.screen
        eid = screen.game.awaiting
        if eid is None:
            return
        items = [(i, d) for i, d in usable(screen.game, eid) if fits(d)]
        who = name_of(screen.game.store, eid)
        if not items:
            screen.say(f"{who} {none}")
            return
        labels = _grouped(items, lambda item: fuel_for(screen.game, item))
        screen.app.push_screen(ChoiceScreen(f"{title} ({who})", labels),
                               lambda picked: self.use_item(int(picked)) if picked else None)

    def use_item(self, item: int) -> None:
        """Use `item` of the acting delver, asking what its effect needs."""
        screen = self.screen
        game = screen.game
        eid = game.awaiting
        found = dict(usable(game, eid)) if eid is not None else {}
        idef = found.get(item)
        if eid is None or idef is None:
            return
        aim = AIMS[idef.effect]
        if aim == "square":
            self.cursor.begin_aim(Aim("throw", throw_reach(game, idef), item=item,
                                      spell_name=idef.name))
        elif aim == "marker":
            self.cursor.begin_aim(Aim("use", idef.range, item=item, spell_name=idef.name))
        elif aim == "character":
            def on(target: int) -> None:
                x, y = game.store.get(target, Position).xy
                self.choices.location(target, f"{idef.name}: heal which location of "
                                      f"{name_of(game.store, target)}?",
                                      lambda loc: screen.act(UseItem(item, x, y, loc)))

            self.choices.character(eid, max(1, idef.range), f"{idef.name} for whom?", on)
        else:
            screen.act(UseItem(item))


def _grouped(items: list[tuple[int, ItemDef]], note: Callable[[int], str]
             ) -> list[tuple[str, str]]:
    """One menu entry a kind of item (the first one carried), with how many, and what it
    is to the party's lights (`note`: a Flask of Oil is the lantern's fuel)."""
    counts: dict[str, int] = {}
    first: dict[str, tuple[int, ItemDef]] = {}
    for item, idef in items:
        counts[idef.id] = counts.get(idef.id, 0) + 1
        first.setdefault(idef.id, (item, idef))
    out = []
    for item, idef in first.values():
        about = [f"{counts[idef.id]} carried"] if counts[idef.id] > 1 else []
        about += [fuel] if (fuel := note(item)) else []
        out.append((str(item), f"{idef.name}" + (f" ({'; '.join(about)})" if about else "")
                    + f": {idef.text}"))
    return out
