"""The game screen's commands: one `cmd_<id>` per command id of content/keymap.toml.

Commands whose rules are written elsewhere (pick up, drop, search, fire, cast, rest, save)
look their engine action up by kind (roguelike.ui.hooks) and say plainly when it is not
there yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.engine import travel
from roguelike.engine.abandon import Quit
from roguelike.engine.actions import EndMove, Lead, Step, TakeStairs, Wait
from roguelike.engine.autoexplore import Explorer
from roguelike.engine.autofight import fight_step
from roguelike.engine.checks import fight_state
from roguelike.engine.components import Actor, Character, Position
from roguelike.engine.events import Event
from roguelike.engine.fight_actions import RecoverWeapon
from roguelike.engine.luck import PledgeInitiative
from roguelike.engine.stats import name_of
from roguelike.engine.watch import known_hazards
from roguelike.ui import hooks
from roguelike.ui.autorun import AutoRun, rest_until_healed
from roguelike.ui.screens.acting import ActMixin
from roguelike.ui.screens.cursor import Aim
from roguelike.ui.screens.dialogs import Confirm, HelpScreen
from roguelike.ui.screens.info import (
    CharacterSheet,
    ChoiceScreen,
    InventoryScreen,
    MessageHistory,
    ScoresScreen,
)
from roguelike.ui.screens.options_screen import OptionsScreen
from roguelike.ui.screens.placing import map_rows
from roguelike.ui.screens.using import UseMixin

if TYPE_CHECKING:
    from roguelike.ui.screens.game_screen import GameScreen

QUIT_QUESTION = ("Quit this game? It ends here as if the party fell: scored, with a morgue "
                 "file and a replay, and it cannot be continued.")


TRAVEL_NAMES = {"down": "the stairs down", "up": "the stairs up", "camp": "the Camp"}


def command_ids() -> set[str]:
    """Every command the game screen can run (the keymap may bind only these)."""
    return {name[4:] for name in dir(CommandsMixin) if name.startswith("cmd_")} - {"move"}


class CommandsMixin(ActMixin, UseMixin):
    # ----- moving ----------------------------------------------------------------------
    def cmd_move(self: GameScreen, dx: int, dy: int) -> None:
        if self.bump_menu(dx, dy):
            return
        reason = self.danger(dx, dy) if self.options.confirm_danger else None
        if reason is None:
            self.act(Step(dx, dy))
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.act(Step(dx, dy))

        mover = self.beside(dx, dy)
        rows = None
        if mover is not None:
            here = self.game.store.get(mover[0], Position).xy
            rows = map_rows(self.map, [here, (mover[1], mover[2])])
        self.app.push_screen(Confirm(f"{reason} Step there anyway?").keep_clear(rows), answer)

    def danger(self: GameScreen, dx: int, dy: int) -> str | None:
        """Why a step deserves a second thought: a known trap, or darkness."""
        g = self.game
        target = self.beside(dx, dy)
        if target is None:
            return None
        _eid, x, y = target
        if not g.level.is_walkable(x, y) or g.creature_at(x, y) is not None:
            return None
        if (x, y) in known_hazards(g):
            return "There is a known trap there."
        if not g.visible[y, x]:
            return "That square is dark."
        return None

    def cmd_rest_or_end(self: GameScreen) -> None:
        eid = self.game.awaiting
        if eid is not None and self.game.store.get(eid, Actor).move_points > 0:
            self.act(EndMove())
        else:
            self.act(Wait())

    def cmd_next_leader(self: GameScreen) -> None:
        g = self.game
        order = g.store.get(g.led, Character).order
        evs: list[Event] = []
        for step in range(1, len(g.party)):
            evs = g.perform(Lead((order + step) % len(g.party)))
            if evs and evs[0].kind != "fail":
                break
        self.show(evs)

    def lead(self: GameScreen, eid: int) -> None:
        self.show(self.game.perform(Lead(self.game.store.get(eid, Character).order)))

    def cmd_pledge_luck(self: GameScreen) -> None:
        """1 luck of the delver asked on its next initiative roll in a fight (DungeonPunk)."""
        self.act(PledgeInitiative(1))

    def cmd_descend(self: GameScreen) -> None:
        self.act(TakeStairs("down"))

    def cmd_ascend(self: GameScreen) -> None:
        self.act(TakeStairs("up"))

    # ----- automatic movement ----------------------------------------------------------
    def cmd_explore(self: GameScreen) -> None:
        search = self.search_next == self.game.depth  # a second `o` on a level done
        last = self.explorer  # (it remembers a broken rest from one press to the next)
        self.explorer = last.again(search) if last is not None else Explorer(search=search)
        self.start_auto(AutoRun(self, self.explorer, self.options.reduced_motion))

    def cmd_autofight(self: GameScreen) -> None:
        """One action of a plain fight (DCSS's Tab): see engine/autofight.py."""
        eid = self.game.awaiting
        if eid is None:
            return
        action = fight_step(self.game, eid)
        if isinstance(action, str):
            self.say(action)
        else:
            self.act(action)

    def cmd_travel(self: GameScreen) -> None:
        self.begin_cursor("travel")

    def travel_to(self: GameScreen, goal: tuple[int, int], name: str = "") -> None:
        started = [False]  # a step has been asked for: being there is arriving, not "already"

        def step(game: object, eid: int) -> object:
            if started[0] and self.game.store.get(eid, Position).xy == goal:
                return f"You reach {name}." if name else "You are there."
            started[0] = True
            return travel.travel_step(self.game, eid, goal)

        self.start_auto(AutoRun(self, step, self.options.reduced_motion))  # type: ignore[arg-type]

    def travel_named(self: GameScreen, where: str) -> None:
        goal = travel.named_goal(self.game, where)
        if isinstance(goal, str):
            self.say(goal)
        else:
            self.travel_to(goal, TRAVEL_NAMES.get(where, ""))

    def cmd_rest(self: GameScreen) -> None:
        cls = hooks.action_class("rest")
        if cls is None:
            self.say(hooks.not_available("Resting"))
            return
        action = hooks.build_action(cls)
        if isinstance(action, str):
            self.say(action)
            return
        self.start_auto(AutoRun(self, rest_until_healed(lambda: action),
                                self.options.reduced_motion))

    # ----- things ----------------------------------------------------------------------
    def cmd_pickup(self: GameScreen) -> None:
        cls = hooks.action_class("pickup")
        if cls is None:
            self.say(hooks.not_available("Picking things up"))
            return
        eid = self.game.awaiting
        if eid is None:
            return
        here = self.game.store.get(eid, Position).xy
        items = hooks.items_at(self.game, *here)
        if not items:
            if fight_state(self.game, eid).disarmed:  # the weapon a Disarm knocked away
                self.act(RecoverWeapon())
            elif not self.marker_menu():  # hidden treasure: retry the marker's check
                self.say("There is nothing here to pick up.")
            return
        self._with_item("Pick up what?", items, lambda it: hooks.build_action(cls, item=it))

    def cmd_drop(self: GameScreen) -> None:
        cls = hooks.action_class("drop")
        if cls is None:
            self.say(hooks.not_available("Dropping things"))
            return
        eid = self.game.awaiting
        if eid is None:
            return
        items = hooks.carried(self.game, eid)
        if not items:
            self.say(f"{name_of(self.game.store, eid)} carries nothing.")
            return
        self._with_item("Drop what?", items, lambda it: hooks.build_action(cls, item=it))

    def _with_item(self: GameScreen, title: str, items: list[int], make: object) -> None:
        def go(item: int) -> None:
            action = make(item)  # type: ignore[operator]
            if isinstance(action, str):
                self.say(action)
            else:
                self.act(action)

        if len(items) == 1:
            go(items[0])
            return
        options = [(str(it), hooks.entity_name(self.game, it)) for it in items]
        self.app.push_screen(ChoiceScreen(title, options),
                             lambda chosen: go(int(chosen)) if chosen else None)

    def cmd_inventory(self: GameScreen) -> None:
        self.app.push_screen(InventoryScreen(self.game, self.game.awaiting or self.game.led))

    def cmd_search(self: GameScreen) -> None:
        cls = hooks.action_class("search")
        if cls is None:
            self.say(hooks.not_available("Searching"))
            return
        action = hooks.build_action(cls)
        if isinstance(action, str):
            self.say(action)
        else:
            self.act(action)

    # ----- shots and spells ------------------------------------------------------------
    def cmd_fire(self: GameScreen) -> None:
        if hooks.action_class("fire") is None:
            self.say(hooks.not_available("Firing"))
            return
        eid = self.game.awaiting
        if eid is None:
            return
        reach = hooks.ranged_reach(self.game, eid)
        if reach <= 0:
            self.say(f"{name_of(self.game.store, eid)} has no ranged weapon.")
            return
        self.begin_aim(Aim("fire", reach))

    def cmd_cast(self: GameScreen) -> None:
        if hooks.action_class("cast") is None:
            self.say(hooks.not_available("Casting"))
            return
        eid = self.game.awaiting
        if eid is None:
            return
        spells = hooks.known_spells(self.game, eid)
        if not spells:
            self.say(f"{name_of(self.game.store, eid)} knows no spells.")
            return
        by_id = {sid: (name, reach) for sid, name, reach in spells}

        def chosen(sid: str | None) -> None:
            if sid in by_id:
                name, reach = by_id[sid]
                self.begin_aim(Aim("cast", reach, spell=sid, spell_name=name))

        if len(spells) == 1:
            chosen(spells[0][0])
        else:
            self.app.push_screen(ChoiceScreen("Cast which spell?", [
                (sid, f"{name} (range {reach})") for sid, name, reach in spells]), chosen)

    def cmd_look(self: GameScreen) -> None:
        self.begin_cursor("look")

    # ----- screens ---------------------------------------------------------------------
    def cmd_character(self: GameScreen) -> None:
        self.app.push_screen(CharacterSheet(self.game, self.game.awaiting or self.game.led))

    def cmd_messages(self: GameScreen) -> None:
        self.app.push_screen(MessageHistory([e.text for e in self.game.log if e.text]))

    def cmd_help(self: GameScreen) -> None:
        self.app.push_screen(HelpScreen(self.keymap.help_rows(), self.game))

    def cmd_options(self: GameScreen) -> None:
        self.app.push_screen(OptionsScreen(self.options))

    def cmd_scores(self: GameScreen) -> None:
        self.app.push_screen(ScoresScreen(hooks.top_scores()))

    def cmd_save_quit(self: GameScreen) -> None:
        problem = hooks.save_and_quit(self.game, getattr(self.app, "data_dir", None))
        if problem:
            self.say(problem)
            return
        self.app.pop_screen()
        self.app.notify("Game saved.")

    def cmd_quit(self: GameScreen) -> None:
        """Give up: the game ends as a death does (end screen, score, morgue, replay)."""
        def answer(yes: bool | None) -> None:
            if yes:
                self.act(Quit())  # recorded; the end's own path records the game

        self.app.push_screen(Confirm(QUIT_QUESTION), answer)
