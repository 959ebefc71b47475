"""The game screen's commands: one `cmd_<id>` per command id of content/keymap.toml.

Commands whose rules are written elsewhere (pick up, drop, search, fire, cast, rest, save)
look their engine action up by kind (roguelike.ui.hooks) and say plainly when it is not
there yet.
"""

from __future__ import annotations

from collections.abc import Callable

from roguelike.core.components import Actor, Character, Position
from roguelike.core.events import Event
from roguelike.engine.actions.abandon import Quit
from roguelike.engine.actions.basic import EndMove, Lead, Step, TakeStairs, Wait
from roguelike.engine.actions.fight_actions import RecoverWeapon
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import is_disabled, name_of
from roguelike.engine.base.words import direction_words
from roguelike.engine.helpers.autoexplore import EXPLORED, Explorer
from roguelike.engine.helpers.fight_round import FightRun
from roguelike.engine.helpers.scuffle import FightThenExplore, pillager_scuffle
from roguelike.engine.helpers.watch import step_risk
from roguelike.engine.items.spells import harmful
from roguelike.engine.items.supplies import with_fuel
from roguelike.engine.status.checks import fight_state
from roguelike.engine.status.luck import PledgeInitiative
from roguelike.ui import hooks
from roguelike.ui.autorun import AutoRun, rest_until_healed
from roguelike.ui.log_digest import log_lines
from roguelike.ui.screens.acting import Acting
from roguelike.ui.screens.cursor import Aim, Cursor
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
from roguelike.ui.screens.surface import Surface
from roguelike.ui.screens.travelling import Travelling
from roguelike.ui.screens.using import Using

QUIT_QUESTION = ("Quit this game? It ends here as if the party fell: scored, with a morgue "
                 "file and a replay, and it cannot be continued.")


def command_ids() -> set[str]:
    """Every command the game screen can run (the keymap may bind only these)."""
    return {name[4:] for name in dir(Commands) if name.startswith("cmd_")} - {"move"}


class Commands:
    """The commands of the game screen, built from its parts: the cursor, the act menu,
    using items, travel. `run(id)` runs the command a key is bound to."""

    def __init__(self, screen: Surface, cursor: Cursor, acting: Acting, using: Using,
                 travelling: Travelling) -> None:
        self.screen = screen
        self.cursor = cursor
        self.acting = acting
        self.using = using
        self.travelling = travelling
        self.search_next: int | None = None  # the depth whose next `o` searches the walls
        self.explorer: Explorer | None = None  # the last `o`'s decider (Explorer.again)
        # the Pillagers keeping their distance the player was told of (watch.Watch.told):
        # one set for `o`, `G` and `R`, so each stops one of them once
        self.told = travelling.told

    def run(self, command: str) -> None:
        getattr(self, f"cmd_{command}")()

    def explore_ended(self, reason: str) -> None:
        """A run ended: a level explored but for its secret doors makes the next `o`
        search the walls."""
        self.search_next = self.screen.game.depth if reason.startswith(EXPLORED) else None

    # ----- moving ----------------------------------------------------------------------
    def cmd_move(self, dx: int, dy: int) -> None:
        if self.acting.bump_menu(dx, dy):
            return
        reason = self.danger(dx, dy) if self.screen.options.confirm_danger else None
        if reason is None:
            self.screen.act(Step(dx, dy))
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.screen.act(Step(dx, dy))

        mover = self.acting.beside(dx, dy)
        rows = None
        if mover is not None:
            here = self.screen.game.store.get(mover[0], Position).xy
            rows = map_rows(self.screen.map, [here, (mover[1], mover[2])])
        confirm = Confirm(f"{reason} Step there anyway?").keep_clear(rows)
        self.screen.app.push_screen(confirm, answer)

    def danger(self, dx: int, dy: int) -> str | None:
        """Why a step deserves a second thought, in words: an armed trap or a harmful
        lasting effect's reach (engine/helpers/watch.py step_risk), or darkness."""
        g = self.screen.game
        target = self.acting.beside(dx, dy)
        if target is None:
            return None
        eid, x, y = target
        if not g.level.is_walkable(x, y) or g.creature_at(x, y) is not None:
            return None
        risk = step_risk(g, eid, (x, y))
        if risk:
            return risk
        if not g.visible[y, x]:
            return "That square is dark."
        return None

    def cmd_rest_or_end(self) -> None:
        eid = self.screen.game.awaiting
        if eid is not None and self.screen.game.store.get(eid, Actor).move_points > 0:
            self.screen.act(EndMove())
        else:
            self.screen.act(Wait())

    def cmd_next_leader(self) -> None:
        g = self.screen.game
        order = g.store.get(g.led, Character).order
        evs: list[Event] = []
        for step in range(1, len(g.party)):
            evs = g.perform(Lead((order + step) % len(g.party)))
            if evs and evs[0].kind != "fail":
                break
        self.screen.show(evs)

    def lead(self, eid: int) -> None:
        game = self.screen.game
        self.screen.show(game.perform(Lead(game.store.get(eid, Character).order)))

    def cmd_pledge_luck(self) -> None:
        """1 luck of the delver asked on its next initiative roll in a fight (DungeonPunk)."""
        self.screen.act(PledgeInitiative(1))

    def cmd_descend(self) -> None:
        self._stairs("down")

    def cmd_ascend(self) -> None:
        self._stairs("up")

    def _stairs(self, direction: str) -> None:
        """Take the stairs; but ask first when that leaves delvers behind on this level (a
        single `>` left two knocked-out companions on depth 1 in the lead's own game)."""
        screen = self.screen
        game = screen.game
        actor = game.awaiting if game.awaiting is not None else game.led
        left = game.left_at_stairs(actor)
        if not left:
            screen.act(TakeStairs(direction))
            return
        here = game.store.get(actor, Position).xy
        names = "; ".join(
            f"{name_of(game.store, e)} ({'down' if is_disabled(game.store, e) else 'held'}, "
            f"{direction_words(here, game.store.get(e, Position).xy)})" for e in left)

        def answer(yes: bool | None) -> None:
            if yes:
                screen.act(TakeStairs(direction))

        screen.app.push_screen(Confirm(
            f"Go {direction} and leave {names} behind on this level? The stairs carry only "
            "those within 3 squares of them."), answer)

    # ----- automatic movement ----------------------------------------------------------
    def cmd_explore(self) -> None:
        screen = self.screen
        search = self.search_next == screen.game.depth  # a second `o` on a level done
        last = self.explorer  # (it remembers a broken rest from one press to the next)
        explorer = last.again(search) if last is not None else Explorer(search=search,
                                                                         told=self.told)
        self.explorer = explorer
        # (with Pillagers alone to fight: fought out with F's choices, then on: scuffle)
        decide: Explorer | FightThenExplore = explorer
        if screen.game.threats_in_view() and pillager_scuffle(screen.game):
            decide = FightThenExplore(screen.game, explorer, self.told)
        screen.start_auto(AutoRun(screen, decide, screen.options.reduced_motion, self.told))

    def cmd_autofight(self) -> None:
        """The party's round of a fight (DCSS's Tab, for the whole party): see
        engine/helpers/fight_round.py and engine/helpers/autofight.py."""
        screen = self.screen
        screen.start_auto(AutoRun(screen, FightRun(screen.game), screen.options.reduced_motion))

    def cmd_travel(self) -> None:
        self.cursor.begin("travel")

    def cmd_rest(self) -> None:
        cls = hooks.action_class("rest")
        action = hooks.build_action(cls, dark=self.screen.options.rest_in_dark)
        if isinstance(action, str):
            self.screen.say(action)
            return
        self.screen.start_auto(AutoRun(self.screen, rest_until_healed(lambda: action),
                                       self.screen.options.reduced_motion, self.told))

    # ----- things ----------------------------------------------------------------------
    def cmd_pickup(self) -> None:
        cls = hooks.action_class("pickup")
        eid = self.screen.game.awaiting
        if eid is None:
            return
        game = self.screen.game
        here = game.store.get(eid, Position).xy
        items = hooks.items_at(game, *here)
        if not items and fight_state(game, eid).disarmed:  # the weapon a Disarm knocked away
            self.screen.act(RecoverWeapon())
            return
        # (003's Pick up reaches a thing next to you too: no step onto it first)
        items = items or hooks.items_beside(game, *here)
        if not items:
            if not self.acting.marker_menu():  # hidden treasure: retry the marker's check
                self.screen.say("There is nothing here or next to you to pick up.")
            return
        self._with_item("Pick up what?", items, lambda it: hooks.build_action(cls, item=it),
                        here)

    def cmd_drop(self) -> None:
        cls = hooks.action_class("drop")
        eid = self.screen.game.awaiting
        if eid is None:
            return
        items = hooks.carried(self.screen.game, eid)
        if not items:
            self.screen.say(f"{name_of(self.screen.game.store, eid)} carries nothing.")
            return
        self._with_item("Drop what?", items, lambda it: hooks.build_action(cls, item=it))

    def _with_item(self, title: str, items: list[int],
                   make: Callable[[int], Action | str],
                   here: tuple[int, int] | None = None) -> None:
        """Do `make(item)` for the one item, or the item chosen from a menu (each named
        with where it lies from `here`, when given: things on the ground)."""
        def go(item: int) -> None:
            action = make(item)
            if isinstance(action, str):
                self.screen.say(action)
            else:
                self.screen.act(action)

        if len(items) == 1:
            go(items[0])
            return
        game = self.screen.game
        options = [(str(it), with_fuel(game, it) + ("" if here is None
                                                    else hooks.lying_words(game, it, here)))
                   for it in items]
        self.screen.app.push_screen(ChoiceScreen(title, options),
                             lambda chosen: go(int(chosen)) if chosen else None)

    def cmd_inventory(self) -> None:
        game = self.screen.game
        self.screen.app.push_screen(InventoryScreen(game, game.awaiting or game.led))

    def cmd_search(self) -> None:
        cls = hooks.action_class("search")
        action = hooks.build_action(cls)
        if isinstance(action, str):
            self.screen.say(action)
        else:
            self.screen.act(action)

    # ----- shots and spells ------------------------------------------------------------
    def cmd_fire(self) -> None:
        eid = self.screen.game.awaiting
        if eid is None:
            return
        reach = hooks.ranged_reach(self.screen.game, eid)
        if reach <= 0:
            self.screen.say(f"{name_of(self.screen.game.store, eid)} has no ranged weapon.")
            return
        self.cursor.begin_aim(Aim("fire", reach))

    def cmd_cast(self) -> None:
        eid = self.screen.game.awaiting
        if eid is None:
            return
        spells = hooks.known_spells(self.screen.game, eid)
        if not spells:
            self.screen.say(f"{name_of(self.screen.game.store, eid)} knows no spells.")
            return
        by_id = {sid: (name, reach) for sid, name, reach in spells}

        def chosen(sid: str | None) -> None:
            if sid in by_id:
                name, reach = by_id[sid]
                self.cursor.begin_aim(Aim("cast", reach, spell=sid, spell_name=name,
                                          harmful=harmful(self.screen.game, sid)))

        if len(spells) == 1:
            chosen(spells[0][0])
        else:
            self.screen.app.push_screen(ChoiceScreen("Cast which spell?", [
                (sid, f"{name} (range {reach})") for sid, name, reach in spells]), chosen)

    def cmd_act(self) -> None:
        self.acting.start()

    def cmd_use(self) -> None:
        self.using.use()

    def cmd_throw(self) -> None:
        self.using.throw()

    def cmd_look(self) -> None:
        self.cursor.begin("look")

    # ----- screens ---------------------------------------------------------------------
    def cmd_character(self) -> None:
        game = self.screen.game
        self.screen.app.push_screen(CharacterSheet(game, game.awaiting or game.led))

    def cmd_messages(self) -> None:
        lines = log_lines(list(self.screen.game.log))  # (empty rounds folded)
        self.screen.app.push_screen(MessageHistory(lines))

    def cmd_help(self) -> None:
        self.screen.app.push_screen(HelpScreen(self.screen.keymap.help_rows(), self.screen.game))

    def cmd_options(self) -> None:
        self.screen.app.push_screen(OptionsScreen(self.screen.options))

    def cmd_scores(self) -> None:
        self.screen.app.push_screen(ScoresScreen(hooks.top_scores()))

    def cmd_save_quit(self) -> None:
        problem = hooks.save_and_quit(self.screen.game, getattr(self.screen.app, "data_dir", None))
        if problem:
            self.screen.say(problem)
            return
        self.screen.app.pop_screen()
        self.screen.app.notify("Game saved.")

    def cmd_quit(self) -> None:
        """Give up: the game ends as a death does (end screen, score, morgue, replay)."""
        def answer(yes: bool | None) -> None:
            if yes:
                self.screen.act(Quit())  # recorded; the end's own path records the game

        self.screen.app.push_screen(Confirm(QUIT_QUESTION), answer)
