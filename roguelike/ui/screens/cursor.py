"""The map cursor of the game screen: look, pick a travel square, aim a shot or a spell.

Targeting shows the line of fire and the range band before anything is done; Tab cycles
through the foes in reach, Enter commits, Escape cancels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from roguelike.engine import targeting
from roguelike.engine.components import Position
from roguelike.engine.explore import spells
from roguelike.engine.explore.items import UseItem
from roguelike.engine.explore.markers import markers_on
from roguelike.engine.explore.spells import Cast
from roguelike.engine.game import Game
from roguelike.engine.stats import chebyshev, name_of
from roguelike.engine.words import plural
from roguelike.ui import hooks
from roguelike.ui.look import describe_square

if TYPE_CHECKING:
    from roguelike.ui.screens.game_screen import GameScreen

CANCEL = ("escape",)
COMMIT = ("enter", "full_stop", ".")


@dataclass
class Aim:
    command: str  # "fire", "cast", "throw" (an item) or "use" (an item aimed at a marker)
    reach: int
    spell: str = ""
    spell_name: str = ""  # the spell's or the item's name
    candidates: list[int] = field(default_factory=list)
    index: int = -1
    item: int = 0  # the item thrown or used


VERBS = {"fire": "fire", "cast": "cast", "throw": "throw", "use": "use"}


class CursorMixin:
    def init_cursor(self: GameScreen) -> None:
        self.cursor_mode: str | None = None  # "look", "travel", "target" or "act"
        self.aim: Aim | None = None
        self.cursor_path: set[tuple[int, int]] = set()

    def _origin(self: GameScreen) -> tuple[int, int]:
        eid = self.game.awaiting or self.game.led
        return self.game.store.get(eid, Position).xy

    def begin_cursor(self: GameScreen, mode: str, at: tuple[int, int] | None = None) -> None:
        self.cursor_mode = mode
        self.map.cursor = at or self._origin()
        self.cursor_changed()

    def end_cursor(self: GameScreen, hint: str = "") -> None:
        self.cursor_mode = None
        self.aim = None
        self.cursor_path = set()
        self.map.cursor = None
        self.map.path = set()
        self.status.hint = hint
        self.refresh_all()

    def move_cursor_to(self: GameScreen, square: tuple[int, int]) -> None:
        level = self.game.level
        x = min(max(0, square[0]), level.width - 1)
        y = min(max(0, square[1]), level.height - 1)
        self.map.cursor = (x, y)
        self.cursor_changed()

    def cursor_key(self: GameScreen, key: str, character: str | None) -> None:
        mode = self.cursor_mode
        if key in CANCEL or (mode == "look" and character in ("x", ";", "q")):
            self.end_cursor()
            return
        if mode == "act":  # a direction picks the square, it does not move the cursor
            self.act_key(key, character)
            return
        found = self.keymap.lookup(key, character)
        if found is not None and found[0] == "move":
            dx, dy = found[1]  # type: ignore[misc]
            assert self.map.cursor is not None
            self.move_cursor_to((self.map.cursor[0] + dx, self.map.cursor[1] + dy))
            return
        if mode == "travel":
            self._travel_key(key, character)
        elif mode == "target":
            self._target_key(key, character)

    # ----- look and travel -------------------------------------------------------------
    def cursor_changed(self: GameScreen) -> None:
        assert self.map.cursor is not None
        x, y = self.map.cursor
        words = describe_square(self.game, x, y)
        if self.cursor_mode == "travel":
            self.status.hint = ("Travel: > stairs down, < up, c Camp, Enter this square: "
                                + words)
        elif self.cursor_mode == "target":
            self.status.hint = self._aim_words()
        else:
            self.status.hint = words
        self.map.path = set(self.cursor_path)
        self.refresh_all()

    def _travel_key(self: GameScreen, key: str, character: str | None) -> None:
        named = {">": "down", "<": "up", "c": "camp"}.get(character or "")
        if named is not None:
            self.end_cursor()
            self.travel_named(named)
        elif key in COMMIT or character in ("G", "."):
            assert self.map.cursor is not None
            goal = self.map.cursor
            self.end_cursor()
            self.travel_to(goal)

    # ----- aiming ----------------------------------------------------------------------
    def begin_aim(self: GameScreen, aim: Aim) -> None:
        eid = self.game.awaiting
        if eid is None:
            self.say("Nobody is waiting to act.")
            return
        aim.candidates = aim_candidates(self.game, eid, aim)
        self.aim = aim
        aim.index = 0 if aim.candidates else -1
        start = (self.game.store.get(aim.candidates[0], Position).xy if aim.candidates
                 else self._origin())
        self.cursor_mode = "target"
        self.map.cursor = start
        self.cursor_changed()

    def _aim_words(self: GameScreen) -> str:
        aim = self.aim
        assert aim is not None and self.map.cursor is not None
        g = self.game
        here, there = self._origin(), self.map.cursor
        what = aim.spell_name or "Shot"
        if there == here and aim.command in ("fire", "throw", "use"):
            self.cursor_path = set()
            return (f"{what}: no target in sight. Move the cursor to aim, Escape cancel.")
        squares, clear = targeting.line_of_fire(g, here, there)
        self.cursor_path = set(squares[:-1]) if squares else set()
        dist = max(abs(there[0] - here[0]), abs(there[1] - here[1]))
        who = g.creature_at(*there)
        name = name_of(g.store, who) if who is not None and g.visible[there[1], there[0]] \
            else describe_square(g, *there).rstrip(".")
        if aim.command in ("fire", "cast"):
            band = targeting.bands_for(g, aim.reach).band(dist)
            # the d6 pips the attack roll really gets (RULES "Range bands")
            reach = "out of range" if band is None else \
                f"{band[0]} range, {band[1]:+d} to hit"
        else:  # a throw or a Crystal Ball: only the reach limits it
            reach = "out of range" if dist > aim.reach else f"reach {aim.reach}"
        line = "line clear" if clear else "line BLOCKED"
        return (f"{what} at {name}: {plural(dist, 'square')}, {reach}, {line}. "
                f"Tab next target, Enter {VERBS[aim.command]}, Escape cancel.")

    def _target_key(self: GameScreen, key: str, character: str | None) -> None:
        aim = self.aim
        assert aim is not None
        if key == "tab":
            if aim.candidates:
                aim.index = (aim.index + 1) % len(aim.candidates)
                there = self.game.store.get(aim.candidates[aim.index], Position).xy
                self.move_cursor_to(there)
            return
        if key in COMMIT or character in ("f", "z", "t", "v"):
            self._commit_aim()

    def _commit_aim(self: GameScreen) -> None:
        aim = self.aim
        assert aim is not None and self.map.cursor is not None
        x, y = self.map.cursor
        if (x, y) == self._origin() and aim.command in ("fire", "throw", "use"):
            self.say("Move the cursor onto a target first (Escape cancels).")
            return
        if aim.item:
            self.end_cursor()
            self.act(UseItem(aim.item, x, y))
            return
        if aim.command == "cast" and self._cast_with_option(aim, x, y):
            return
        cls = hooks.action_class(aim.command)
        if cls is None:
            self.end_cursor(hooks.not_available(aim.command.capitalize()))
            return
        values: dict[str, Any] = {"x": x, "y": y}
        who = self.game.creature_at(x, y)
        if who is not None:
            values["target"] = who
        if aim.spell:
            values["spell"] = aim.spell
        action = hooks.build_action(cls, **values)
        if isinstance(action, str):
            self.say("There is no one there to aim at." if "target" not in values
                     else action)
            return
        self.end_cursor()
        self.act(action)

    def _cast_with_option(self: GameScreen, aim: Aim, x: int, y: int) -> bool:
        """A spell that needs a choice after its target (Heal: the location; a wall: its
        direction) asks it, then casts; False for the others."""
        eid = self.game.awaiting
        if eid is None:
            return False
        info = spells.spell_targets(self.game, eid, aim.spell)
        if info["option"] == "location":
            who = self.game.creature_at(x, y)
            if who is None or who not in self.game.party:
                self.say(f"{aim.spell_name} mends a delver: move the cursor onto one.")
                return True
            self.end_cursor()
            self.choose_location(who, f"{aim.spell_name}: mend which location of "
                                 f"{name_of(self.game.store, who)}?",
                                 lambda loc: self.act(Cast(aim.spell, x, y, loc)))
            return True
        if info["option"] == "direction":
            self.end_cursor()
            self.choose_direction(aim.spell_name, int(info["size"]), (x, y),
                                  lambda d: self.act(Cast(aim.spell, x, y, d)))
            return True
        return False


def aim_candidates(game: Game, eid: int, aim: Aim) -> list[int]:
    """What Tab cycles through: foes in reach with a clear line; for Heal the delvers in
    reach (yourself too), for other spells the companions after the foes; for a Crystal
    Ball the unchecked event markers in reach."""
    store = game.store
    here = store.get(eid, Position)

    def party_near(with_self: bool) -> list[int]:
        return [p for p in game.party if (with_self or p != eid)
                and store.get(p, Position).depth == here.depth
                and chebyshev(store.get(p, Position), here) <= aim.reach]

    if aim.command == "use":
        return [m for m in markers_on(game, game.depth, "unchecked") if game.is_drawn(m)
                and game.level.explored[store.get(m, Position).y, store.get(m, Position).x]
                and chebyshev(store.get(m, Position), here) <= aim.reach]
    if aim.command == "cast" and \
            spells.spell_targets(game, eid, aim.spell)["option"] == "location":
        return party_near(True)
    found = targeting.targets(game, eid, aim.reach)
    return found + party_near(False) if aim.command == "cast" else found
