"""The "act" command: do something to what is beside you: a door, a trap, a trapped
companion, an event marker (retry its Wits check), a foe (attack or a special maneuver), a
companion (give things); on your own square also get up, pick up your weapon, bank
treasure, search the walls again, expose trap squares.

With one square to act on, its menu opens at once; with several, a direction key picks the
square ('.' or '5' your own). Bumping into a locked door or a trapped companion opens the
same menu, as DCSS asks before forcing a door. The menu lists each way with its odds
(engine/helpers/interact.py), so the disarm prompt shows the chance before the dice are rolled.
"""

from __future__ import annotations

from roguelike.core.components import Door, Position
from roguelike.core.explore_components import Marker, SecretDoor
from roguelike.engine.base.stats import chebyshev, name_of
from roguelike.engine.helpers import interact
from roguelike.engine.traps import confine
from roguelike.ui.screens.info import ChoiceScreen
from roguelike.ui.screens.placing import map_rows, subject_words
from roguelike.ui.screens.surface import Surface

HERE_KEYS = (".", "5", "full_stop", "enter")
OTHER = "other"  # the act menu's entry for choosing another square
ACT_HINT = "Act on which side? A direction key, '.' for your own square, Escape to cancel."


class Acting:
    def __init__(self, screen: Surface) -> None:
        self.screen = screen
        self.choosing = False  # asking which square to act on: keys go to side_key

    def beside(self, dx: int, dy: int) -> tuple[int, int, int] | None:
        """(the acting character, x, y) of the square (dx, dy) from it; None when no
        character is to act."""
        game = self.screen.game
        eid = game.awaiting
        if eid is None:
            return None
        pos = game.store.get(eid, Position)
        return eid, pos.x + dx, pos.y + dy

    def start(self) -> None:
        """The `a` command: the menu at once for the one square with choices, else ask."""
        g = self.screen.game
        eid = g.awaiting
        if eid is None:
            return
        squares = interact.squares_with_choices(g, eid)
        if len(squares) == 1:
            self.menu(*squares[0], other=True)
            return
        self.choose_side()

    def choose_side(self) -> None:
        """Ask which square to act on: a direction key, '.' for your own."""
        screen = self.screen
        eid = screen.game.awaiting
        if eid is None:
            return
        self.choosing = True
        screen.map.cursor = screen.game.store.get(eid, Position).xy
        screen.status.hint = ACT_HINT
        screen.refresh_all()

    def _done_choosing(self) -> None:
        screen = self.screen
        self.choosing = False
        screen.map.cursor = None
        screen.map.path = set()
        screen.status.hint = ""
        screen.refresh_all()

    def side_key(self, key: str, character: str | None) -> None:
        """A key while choosing the square to act on."""
        screen = self.screen
        found = screen.keymap.lookup(key, character)
        if key == "escape":
            self._done_choosing()
        elif found is not None and isinstance(found[1], tuple):
            self._done_choosing()
            self.menu(*found[1])
        elif key in HERE_KEYS or character in HERE_KEYS:
            self._done_choosing()
            self.menu(0, 0)
        else:
            screen.status.hint = ACT_HINT
            screen.refresh_all()

    def click(self, square: tuple[int, int]) -> None:
        """A click while choosing: the square clicked, if it is beside the character."""
        screen = self.screen
        eid = screen.game.awaiting
        if eid is None:
            self._done_choosing()
            return
        pos = screen.game.store.get(eid, Position)
        dx, dy = square[0] - pos.x, square[1] - pos.y
        if max(abs(dx), abs(dy)) <= 1:
            self._done_choosing()
            self.menu(dx, dy)
        else:
            screen.status.hint = "Too far: click a square beside you. " + ACT_HINT
            screen.refresh_all()

    def menu(self, dx: int, dy: int, other: bool = False) -> None:
        """The menu of what to do at the square (dx, dy); `other` adds a way to pick
        another square (the menu opened by itself, the one square that called for it)."""
        screen = self.screen
        g = screen.game
        eid = g.awaiting
        if eid is None:
            return
        options = interact.choices(g, eid, dx, dy) + interact.more_choices(g, eid, dx, dy)
        if not options:
            screen.say("There is nothing to do there.")
            return
        who = name_of(g.store, eid)

        def chosen(picked: str | None) -> None:
            if picked == OTHER:
                self.choose_side()
            elif picked is not None:
                screen.act(options[int(picked)].action)

        note = interact.hint(g, eid, dx, dy)
        here = g.store.get(eid, Position).xy
        there = (here[0] + dx, here[1] + dy)
        title = f"What does {who} do?" + (f" ({note})" if note else "")
        if (dx, dy) != (0, 0):  # the dialog names its subject, and keeps clear of it
            title = f"{subject_words(g, here, there)}: {title[0].lower()}{title[1:]}"
        choice = ChoiceScreen(title, [(str(i), c.label) for i, c in enumerate(options)]
                              + ([(OTHER, "Something else: choose another square...")]
                                 if other else []))
        screen.app.push_screen(choice.keep_clear(map_rows(screen.map, [here, there])), chosen)

    def bump_menu(self, dx: int, dy: int) -> bool:
        """A step into a locked door or a trapped companion opens the act menu instead
        (the step would only be refused). True when it did."""
        g = self.screen.game
        target = self.beside(dx, dy)
        if target is None:
            return False
        eid, x, y = target
        door = g.door_at(x, y)
        if door is not None and not g.store.has(door, SecretDoor):
            state = g.store.get(door, Door)
            if not (state.locked and not state.open):
                return False
        else:
            other = g.creature_at(x, y)
            if other is None or other not in g.party or confine.top(g, other) is None:
                return False
        if not interact.choices(g, eid, dx, dy):
            return False
        self.menu(dx, dy)
        return True

    def marker_menu(self) -> bool:
        """The act menu at an event marker on or beside the acting delver (`,` finds
        nothing to pick up but a marker that holds hidden treasure); True when shown."""
        g = self.screen.game
        eid = g.awaiting
        if eid is None:
            return False
        here = g.store.get(eid, Position)
        for mid, _mark, pos in g.store.query(Marker, Position):
            if pos.depth == here.depth and chebyshev(pos, here) <= 1 and g.is_drawn(mid):
                self.menu(pos.x - here.x, pos.y - here.y)
                return True
        return False
