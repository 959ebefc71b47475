"""The map cursor of the game screen: look, pick a travel square, aim a shot or a spell.

Targeting shows the line of fire and the range band before anything is done; Tab cycles
through the foes in reach, Enter commits, Escape cancels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from roguelike.engine import targeting
from roguelike.engine.components import Position
from roguelike.engine.stats import name_of
from roguelike.engine.words import plural
from roguelike.ui import hooks
from roguelike.ui.look import describe_square

if TYPE_CHECKING:
    from roguelike.ui.screens.game_screen import GameScreen

CANCEL = ("escape",)
COMMIT = ("enter", "full_stop", ".")


@dataclass
class Aim:
    command: str  # "fire" or "cast"
    reach: int
    spell: str = ""
    spell_name: str = ""
    candidates: list[int] = field(default_factory=list)
    index: int = -1


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
        aim.candidates = targeting.targets(self.game, eid, aim.reach)
        if aim.command == "cast":  # friends can be targets of spells (Heal)
            here = self._origin()
            aim.candidates += [p for p in self.game.party if p != eid and max(
                abs(self.game.store.get(p, Position).x - here[0]),
                abs(self.game.store.get(p, Position).y - here[1])) <= aim.reach]
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
        if there == here and aim.command == "fire":
            self.cursor_path = set()
            return (f"{what}: no target in sight. Move the cursor to aim, Escape cancel.")
        squares, clear = targeting.line_of_fire(g, here, there)
        self.cursor_path = set(squares[:-1]) if squares else set()
        dist = max(abs(there[0] - here[0]), abs(there[1] - here[1]))
        who = g.creature_at(*there)
        name = name_of(g.store, who) if who is not None and g.visible[there[1], there[0]] \
            else describe_square(g, *there).rstrip(".")
        band = targeting.bands_for(g, aim.reach).band(dist)
        # the d6 pips the attack roll really gets (RULES "Range bands")
        reach = "out of range" if band is None else f"{band[0]} range, {band[1]:+d} to hit"
        line = "line clear" if clear else "line BLOCKED"
        return (f"{what} at {name}: {plural(dist, 'square')}, {reach}, {line}. "
                f"Tab next target, Enter {'fire' if aim.command == 'fire' else 'cast'}, "
                f"Escape cancel.")

    def _target_key(self: GameScreen, key: str, character: str | None) -> None:
        aim = self.aim
        assert aim is not None
        if key == "tab":
            if aim.candidates:
                aim.index = (aim.index + 1) % len(aim.candidates)
                there = self.game.store.get(aim.candidates[aim.index], Position).xy
                self.move_cursor_to(there)
            return
        if key in COMMIT or character in ("f", "z"):
            self._commit_aim()

    def _commit_aim(self: GameScreen) -> None:
        aim = self.aim
        assert aim is not None and self.map.cursor is not None
        x, y = self.map.cursor
        if (x, y) == self._origin() and aim.command == "fire":
            self.say("Move the cursor onto a target first (Escape cancels).")
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
