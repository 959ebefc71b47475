"""The map cursor of the game screen: look, pick a travel square, aim a shot or a spell.

The screen owns one `Cursor`; while its `mode` is set, keys go to it. Targeting shows the
line of fire and the range band before anything is done; Tab cycles through the foes in
reach, Enter commits, Escape cancels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from roguelike.core.components import Position
from roguelike.engine.base.stats import chebyshev, name_of
from roguelike.engine.base.words import plural
from roguelike.engine.combat import targeting
from roguelike.engine.creatures.inventory import item_def_of
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel_targets
from roguelike.engine.items import aim as aim_rules
from roguelike.engine.items import spells
from roguelike.engine.items.item_use import UseItem
from roguelike.engine.items.spells import Cast
from roguelike.engine.markers.event_markers import markers_on
from roguelike.ui import hooks
from roguelike.ui.look import describe_square
from roguelike.ui.screens.choices import Choices
from roguelike.ui.screens.surface import Surface
from roguelike.ui.screens.travelling import Travelling

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
    harmful: bool = True  # it strikes whom it reaches: never aimed at a delver by itself
    warned: tuple[int, int] | None = None  # the square whose warning Enter showed


VERBS = {"fire": "fire", "cast": "cast", "throw": "throw", "use": "use"}
TRAVEL_KEYS = ("i item, m marker, d door, s stairs, x unexplored (again: the next); "
               "> stairs down, < up, c Camp go at once.")


@dataclass
class Jump:
    """Where travel's jump keys have taken the cursor: the targets of one kind, nearest
    first, and which of them it is on (-1: none yet)."""

    kind: str = ""
    words: str = ""  # the kind in words ("doors")
    squares: list[tuple[int, int]] = field(default_factory=list)
    index: int = -1

    def words_now(self) -> str:
        return f"{self.index + 1} of {len(self.squares)} {self.words}: " \
            if self.index >= 0 else ""


class Cursor:
    def __init__(self, screen: Surface, choices: Choices, travelling: Travelling) -> None:
        self.screen = screen
        self.choices = choices
        self.travelling = travelling
        self.mode: str | None = None  # "look", "travel" or "target"
        self.aim: Aim | None = None
        self.path: set[tuple[int, int]] = set()
        self.jump = Jump()  # travel's jumps to the next item, marker, door ...

    def origin(self) -> tuple[int, int]:
        game = self.screen.game
        eid = game.awaiting or game.led
        return game.store.get(eid, Position).xy

    def at(self) -> tuple[int, int]:
        where = self.screen.map.cursor
        assert where is not None, "the cursor is shown while a mode is on"
        return where

    def begin(self, mode: str, at: tuple[int, int] | None = None) -> None:
        self.mode = mode
        self.jump = Jump()
        self.screen.map.cursor = at or self.origin()
        self.changed()

    def end(self, hint: str = "") -> None:
        screen = self.screen
        self.mode = None
        self.aim = None
        self.path = set()
        screen.map.cursor = None
        screen.map.path = set()
        screen.status.hint = hint
        screen.refresh_all()

    def move_to(self, square: tuple[int, int]) -> None:
        level = self.screen.game.level
        x = min(max(0, square[0]), level.width - 1)
        y = min(max(0, square[1]), level.height - 1)
        self.screen.map.cursor = (x, y)
        self.changed()

    def key(self, key: str, character: str | None) -> None:
        mode = self.mode
        if key in CANCEL or (mode == "look" and character in ("x", ";", "q")):
            self.end()
            return
        found = self.screen.keymap.lookup(key, character)
        if found is not None and isinstance(found[1], tuple):
            dx, dy = found[1]
            x, y = self.at()
            self.jump = Jump()
            self.move_to((x + dx, y + dy))
            return
        if mode == "travel":
            self._travel_key(key, character)
        elif mode == "target":
            self._target_key(key, character)

    # ----- look and travel -------------------------------------------------------------
    def changed(self) -> None:
        screen = self.screen
        x, y = self.at()
        words = describe_square(screen.game, x, y)
        if self.mode == "travel":
            screen.status.hint = f"Travel: {self.jump.words_now()}{words} Enter goes there; " \
                + TRAVEL_KEYS
        elif self.mode == "target":
            screen.status.hint = self._aim_words()
        else:
            screen.status.hint = words
        screen.map.path = set(self.path)
        screen.refresh_all()

    def _travel_key(self, key: str, character: str | None) -> None:
        named = {">": "down", "<": "up", "c": "camp"}.get(character or "")
        jump = travel_targets.KINDS.get(character or "")
        if jump is not None:
            self._jump_to(*jump)
        elif named is not None:
            self.end()
            self.travelling.named(named)
        elif key in COMMIT or character in ("G", "."):
            goal = self.at()
            self.end()
            self.travelling.to(goal)

    def _jump_to(self, kind: str, plural_words: str) -> None:
        """The cursor on the next target of `kind`, nearest first; the same key again
        takes the next one, round again after the last."""
        jump = self.jump
        if jump.kind != kind:
            found = travel_targets.targets(self.screen.game, kind, self.origin())
            self.jump = jump = Jump(kind, plural_words, found, -1)
        if not jump.squares:
            self.screen.say(f"No known {plural_words} on this level. {TRAVEL_KEYS}")
            return
        jump.index = (jump.index + 1) % len(jump.squares)
        self.move_to(jump.squares[jump.index])

    # ----- aiming ----------------------------------------------------------------------
    def begin_aim(self, aim: Aim) -> None:
        game = self.screen.game
        eid = game.awaiting
        if eid is None:
            self.screen.say("Nobody is waiting to act.")
            return
        aim.candidates = aim_candidates(game, eid, aim)
        self.aim = aim
        aim.index = 0 if aim.candidates else -1
        start = (game.store.get(aim.candidates[0], Position).xy if aim.candidates
                 else self.origin())
        self.mode = "target"
        self.screen.map.cursor = start
        self.changed()

    def _aim_words(self) -> str:
        aim = self.aim
        assert aim is not None
        g = self.screen.game
        here, there = self.origin(), self.at()
        what = aim.spell_name or "Shot"
        if there == here and (aim.command in ("fire", "throw", "use") or aim.harmful):
            self.path = set()
            none = "no marker in reach" if aim.command == "use" else "no foe in sight"
            return f"{what}: {none}. Move the cursor to aim, Escape cancel."
        squares, clear = targeting.line_of_fire(g, here, there)
        self.path = set(squares[:-1]) if squares else set()
        dist = max(abs(there[0] - here[0]), abs(there[1] - here[1]))
        who = aim_rules.seen_at(g, *there)
        name = name_of(g.store, who) if who is not None \
            else describe_square(g, *there).rstrip(".")
        if aim.command in ("fire", "cast"):
            band = targeting.bands_for(g, aim.reach).band(dist)
            # the d6 pips the attack roll really gets (RULES "Range bands")
            reach = "out of range" if band is None else \
                f"{band[0]} range, {band[1]:+d} to hit"
        else:  # a throw or a Crystal Ball: only the reach limits it
            reach = "out of range" if dist > aim.reach else f"reach {aim.reach}"
        verdict = self._verdict(there)
        if verdict is None:  # a Crystal Ball: only walls stand in its way
            line = "line clear" if clear else "line BLOCKED"
        else:  # what the action itself will say (a foe too close to shoot is not "clear")
            line = verdict.refusal.rstrip(".") if verdict.refusal else "line clear"
            if verdict.friends:
                who_words = aim_rules.names(g, verdict.friends).rsplit(" ", 1)[0]
                line += f", would {self._hits()} {who_words}"
        enter = "" if verdict is not None and verdict.refusal \
            else f", Enter {VERBS[aim.command]}"
        return (f"{what} at {name}: {plural(dist, 'square')}, {reach}, {line}. "
                f"Tab next target{enter}, Escape cancel.")

    def _verdict(self, square: tuple[int, int]) -> aim_rules.Verdict | None:
        """What the aimed action would do at `square` (None for a Crystal Ball)."""
        aim = self.aim
        game = self.screen.game
        eid = game.awaiting
        if aim is None or eid is None:
            return None
        return verdict_of(game, eid, aim, square)

    def _hits(self) -> str:
        """What a harmful action does to whom it reaches, in the warning's words."""
        aim = self.aim
        assert aim is not None
        if aim.command == "throw":
            return "splash"
        if aim.command == "cast" and spells.spell_targets(
                self.screen.game, self.screen.game.awaiting or 0, aim.spell)["area"] == "radius":
            return "catch"
        return "strike"

    def _target_key(self, key: str, character: str | None) -> None:
        aim = self.aim
        assert aim is not None
        if key == "tab":
            if aim.candidates:
                aim.index = (aim.index + 1) % len(aim.candidates)
                there = self.screen.game.store.get(aim.candidates[aim.index], Position).xy
                self.move_to(there)
            return
        if key in COMMIT or character in ("f", "z", "t", "v"):
            self._commit_aim()

    def _commit_aim(self) -> None:
        screen = self.screen
        aim = self.aim
        assert aim is not None
        x, y = self.at()
        if (x, y) == self.origin() and (aim.command in ("fire", "throw", "use")
                                        or aim.harmful):
            screen.say("Move the cursor onto a target first (Escape cancels).")
            return
        verdict = self._verdict((x, y))
        if verdict is not None and verdict.friends and aim.warned != (x, y):
            aim.warned = (x, y)  # said once; Enter again on the same square goes ahead
            screen.say(aim_rules.warning(screen.game, aim.spell_name or "The shot",
                                         self._hits(), VERBS[aim.command], verdict))
            return
        if aim.item:
            self.end()
            screen.act(UseItem(aim.item, x, y))
            return
        if aim.command == "cast" and self._cast_with_option(aim, x, y):
            return
        cls = hooks.action_class(aim.command)
        values: dict[str, Any] = {"x": x, "y": y}
        who = screen.game.creature_at(x, y)
        if who is not None:
            values["target"] = who
        if aim.spell:
            values["spell"] = aim.spell
        action = hooks.build_action(cls, **values)
        if isinstance(action, str):
            screen.say("There is no one there to aim at." if "target" not in values
                       else action)
            return
        self.end()
        screen.act(action)

    def _cast_with_option(self, aim: Aim, x: int, y: int) -> bool:
        """A spell that needs a choice after its target (Heal: the location; a wall: its
        direction) asks it, then casts; False for the others."""
        screen = self.screen
        game = screen.game
        eid = game.awaiting
        if eid is None:
            return False
        info = spells.spell_targets(game, eid, aim.spell)
        if info["option"] == "location":
            who = game.creature_at(x, y)
            if who is None or who not in game.party:
                screen.say(f"{aim.spell_name} mends a delver: move the cursor onto one.")
                return True
            self.end()
            self.choices.location(who, f"{aim.spell_name}: mend which location of "
                                  f"{name_of(game.store, who)}?",
                                  lambda loc: screen.act(Cast(aim.spell, x, y, loc)))
            return True
        if info["option"] == "direction":
            self.end()
            self.choices.direction(aim.spell_name, int(info["size"]), (x, y),
                                   lambda d: screen.act(Cast(aim.spell, x, y, d)))
            return True
        return False


def verdict_of(game: Game, eid: int, aim: Aim, square: tuple[int, int]
               ) -> aim_rules.Verdict | None:
    """What `aim`'s action by `eid` would do at `square` (None for a Crystal Ball)."""
    x, y = square
    if aim.command == "fire":
        return aim_rules.shot(game, eid, x, y)
    if aim.command == "cast":
        return aim_rules.cast(game, eid, aim.spell, x, y)
    if aim.command == "throw":
        idef = item_def_of(game, aim.item)
        return aim_rules.throw(game, eid, idef, x, y) if idef is not None else None
    return None


def aim_candidates(game: Game, eid: int, aim: Aim) -> list[int]:
    """What Tab cycles through: the foes in view, those the action reaches without
    striking a delver first (aim.foe_targets); for a spell that is not harmful (Heal,
    Climb, Fly) the delvers in reach (yourself too); for a Crystal Ball the unchecked
    event markers in reach. A harmful spell, a shot or a throw never starts on a delver."""
    store = game.store
    here = store.get(eid, Position)
    if aim.command == "use":
        return [m for m in markers_on(game, game.depth, "unchecked") if game.is_drawn(m)
                and game.level.explored[store.get(m, Position).y, store.get(m, Position).x]
                and chebyshev(store.get(m, Position), here) <= aim.reach]
    if aim.command == "cast" and not aim.harmful \
            and spells.spell_targets(game, eid, aim.spell)["area"] != "wall":
        return [p for p in game.party if store.get(p, Position).depth == here.depth
                and chebyshev(store.get(p, Position), here) <= aim.reach]
    return aim_rules.foe_targets(game, eid, lambda x, y: verdict_of(game, eid, aim, (x, y))
                                 or aim_rules.Verdict())
