"""The choices a spell or an item needs after its target: whom (yourself or a companion in
reach), which hit location to mend, which way a wall runs."""

from __future__ import annotations

from collections.abc import Callable

from textual import events

from roguelike.core.components import Character, HitBoxes, Position
from roguelike.engine.base.action import DIRECTIONS
from roguelike.engine.base.stats import chebyshev, is_disabled, name_of
from roguelike.engine.base.words import COMPASS, plural
from roguelike.engine.items.spells import wall_squares
from roguelike.ui.screens.info import ChoiceScreen
from roguelike.ui.screens.surface import Surface

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


class Choices:
    def __init__(self, screen: Surface) -> None:
        self.screen = screen

    def character(self, eid: int, reach: int, title: str,
                  then: Callable[[int], object]) -> None:
        """Yourself or a companion within `reach` (the most wounded first); no menu when
        only you are in reach."""
        game = self.screen.game
        store = game.store
        here = store.get(eid, Position)
        near = [p for p in game.party if store.get(p, Position).depth == here.depth
                and chebyshev(store.get(p, Position), here) <= reach]
        crossed = {p: sum(loc.crossed for loc in store.get(p, HitBoxes).locations)
                   for p in near}
        near.sort(key=lambda p: (-crossed[p], store.get(p, Character).order))
        if len(near) == 1:
            then(near[0])
            return

        def picked(choice: str | None) -> None:
            if choice:
                then(int(choice))

        self.screen.app.push_screen(ChoiceScreen(title, [
            (str(p), f"{'yourself' if p == eid else name_of(store, p)}: {crossed[p]} "
             f"box{'es' if crossed[p] != 1 else ''} crossed"
             + (" (down)" if is_disabled(store, p) else "")) for p in near]), picked)

    def location(self, target: int, title: str, then: Callable[[str], object]) -> None:
        """A wounded hit location of `target`'s, the most wounded first, with its boxes
        (an unwounded one would waste the salve or the spell)."""
        store = self.screen.game.store
        boxes = store.get(target, HitBoxes)
        locs = sorted((loc for loc in boxes.locations if loc.crossed),
                      key=lambda loc: -loc.crossed)
        if not locs:
            self.screen.say(f"{name_of(store, target)} has no wounds to mend.")
            return
        self.screen.app.push_screen(ChoiceScreen(title, [
            (loc.id, f"{loc.name}: {loc.crossed} of {len(loc.boxes)} boxes crossed "
             f"({loc.attribute.capitalize()} {loc.value})") for loc in locs]),
            _when_chosen(then))

    def direction(self, spell_name: str, length: int, at: tuple[int, int],
                  then: Callable[[str], object]) -> None:
        """The direction a wall runs from `at`, each with how long it would stand."""
        options = []
        for d in COMPASS_ORDER:
            n = len(wall_squares(self.screen.game, at[0], at[1], d, length))
            options.append((d, f"{DIRECTION_WORDS[d]}: {plural(n, 'square')}"
                            + ("" if n else " (no room)")))
        self.screen.app.push_screen(DirectionChoice(
            f"{spell_name}: which way does the wall run? (a direction key, or choose)",
            options, self.screen.keymap.moves), _when_chosen(then))


def _when_chosen(then: Callable[[str], object]) -> Callable[[str | None], None]:
    """A menu's answer: `then` the choice, nothing when the menu was cancelled."""
    def answer(choice: str | None) -> None:
        if choice:
            then(choice)

    return answer
