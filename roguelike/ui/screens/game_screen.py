"""The dungeon screen: map, party hit boxes, initiative, log and status.

Data flows down (after each action the screen pushes the widgets a model of the game,
view_models.py; they never see the game) and messages come up (a map square or a delver
clicked); the player's keys become engine actions; the engine's events become log lines.
The screen composes its commands rather than inheriting them: the commands
(game_commands.py) with the cursor (cursor.py), the act menu (acting.py), items (using.py),
the choices after a target (choices.py) and travel (travelling.py), each handed the screen
as a `Surface`.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.geometry import Offset
from textual.screen import Screen
from textual.timer import Timer

from roguelike.core.components import Character
from roguelike.core.events import Event
from roguelike.engine.base.action import Action
from roguelike.engine.base.luck_queue import Offer
from roguelike.engine.base.stats import name_of
from roguelike.engine.game import Game
from roguelike.engine.helpers.travel import Question
from roguelike.engine.status.luck import KeepRoll, SpendLuck, offer_waiting
from roguelike.records.score import banking_lines
from roguelike.ui import local_records
from roguelike.ui.accessible import Announcer
from roguelike.ui.animate import Frame, frames_for
from roguelike.ui.autorun import AutoRun
from roguelike.ui.keymap import Keymap
from roguelike.ui.layout import DungeonWidgets, layout_css
from roguelike.ui.log_digest import log_lines
from roguelike.ui.look import describe_square
from roguelike.ui.luck_asks import asked, rolled_words
from roguelike.ui.map_view import MapView
from roguelike.ui.options import Options
from roguelike.ui.party_panel import PartyPanel
from roguelike.ui.screens.acting import Acting
from roguelike.ui.screens.choices import Choices
from roguelike.ui.screens.cursor import Cursor
from roguelike.ui.screens.dialogs import GameOver
from roguelike.ui.screens.game_commands import Commands
from roguelike.ui.screens.howto import offer_howto
from roguelike.ui.screens.info import ChoiceScreen
from roguelike.ui.screens.luck_prompt import LuckPrompt
from roguelike.ui.screens.placing import show_the_fallen
from roguelike.ui.screens.travelling import Travelling
from roguelike.ui.screens.using import Using
from roguelike.ui.theme import Styles
from roguelike.ui.view_models import dungeon_model

FRAME_SECONDS = 0.04


class GameScreen(Screen[None], inherit_bindings=False):
    # Textual binds Tab to focus cycling; here Tab leads the next character or target.
    DEFAULT_CSS = layout_css("GameScreen")

    def __init__(self, game: Game, styles: Styles, keymap: Keymap,
                 options: Options | None = None) -> None:
        super().__init__()
        self.game = game
        self.styles_ = styles
        self.keymap = keymap
        self.options = options or Options()
        self.widgets = DungeonWidgets(dungeon_model(game), styles)
        w = self.widgets
        self.map, self.party_panel, self.tracker = w.map, w.party_panel, w.tracker
        self.log_view, self.status = w.log_view, w.status
        self.announcer = Announcer()
        self.auto: AutoRun | None = None
        self.frames: list[Frame] = []
        self.frame_timer: Timer | None = None
        self.hover: tuple[int, int] | None = None
        self._ended = False
        self._asking_luck = False
        self.choices = Choices(self)
        self.travelling = Travelling(self, set())
        self.cursor = Cursor(self, self.choices, self.travelling)
        self.acting = Acting(self)
        self.using = Using(self, self.cursor, self.choices)
        self.commands = Commands(self, self.cursor, self.acting, self.using, self.travelling)

    @property
    def cursor_mode(self) -> str | None:
        """What the map cursor is for: "look", "travel", "target", "act" (choosing the
        square to act on), or None."""
        return "act" if self.acting.choosing else self.cursor.mode

    def compose(self) -> ComposeResult:
        yield from self.widgets.compose()

    def on_mount(self) -> None:
        # shared out before the first layout, which else lays the screen out twice (the
        # style sheet's sizes, then the window's) and draws the map at both
        self.widgets.fit(self.app.size.width, self.app.size.height)
        self.log_view.add([e.text for e in self.game.log[-5:]])
        self.set_options(self.options)
        self.call_after_refresh(self.refresh_all)
        if self.game.over:  # recovered after a crash that came between its end and records
            self.call_after_refresh(self.show, [])
        else:
            offer_howto(self)

    def on_resize(self, event: events.Resize) -> None:
        self.widgets.fit(event.size.width, event.size.height)

    def set_options(self, options: Options) -> None:
        """Apply changed options: palette, accessible log and cursor (others are read live)."""
        self.options = options
        self.log_view.plain = options.accessible
        if options.accessible:
            self.log_view.add(self.announcer.news(self.game))
        self.log_view.update_lines()
        self._show_cursor(options.accessible)

    def restyle(self, styles: Styles) -> None:
        self.styles_ = styles
        for widget in (self.party_panel, self.widgets.supplies, self.tracker, self.status):
            widget.styles_ = styles
            widget.update_lines()
        self.map.set_palette(styles)

    def refresh_all(self) -> None:
        self.widgets.set_model(dungeon_model(self.game))
        if self.options.accessible:
            self._place_cursor()
        self._offer_luck()

    def _offer_luck(self) -> None:
        """A failed roll waits on the player's luck (option 'ask'): ask, then act. Offers
        come one at a time (a volley of darts makes one for each failed save): the answer's
        refresh asks the next."""
        pending = offer_waiting(self.game)
        if pending is None or self._asking_luck or self.game.over:
            return
        if self.unasked(pending):
            if self.auto is None:  # (a run keeps it itself, and goes on)
                self._asking_luck = True
                self.call_later(self.keep_unasked)
            return
        eid = pending.eid
        luck = self.game.store.get(eid, Character).luck
        self._asking_luck = True

        def answer(spend: bool | None) -> None:
            self._asking_luck = False
            self.act(SpendLuck(pending.cost) if spend else KeepRoll())

        self.app.push_screen(LuckPrompt(name_of(self.game.store, eid), pending.label,
                                        rolled_words(pending), pending.need, pending.cost,
                                        luck), answer)

    def unasked(self, offer: Offer) -> bool:
        """Whether `offer` is kept without asking: a harmless roll under the luck option
        "harm" (ui/luck_asks.py), or a failed try of a door job tried until it works."""
        return (not asked(offer, self.options.luck_prompt)
                or (self.auto is not None and self.auto.answers(offer)))

    def keep_unasked(self) -> None:
        """Keep the roll waiting on luck, as `n` would, and say only what follows."""
        self._asking_luck = False
        if offer_waiting(self.game) is None or self.game.over:
            return
        evs = self.game.perform(KeepRoll())
        self.show([e for e in evs if e.kind != "luck"], animate=False)

    # ----- accessible mode: the terminal cursor follows the newest message ------------
    def _show_cursor(self, show: bool) -> None:
        driver = getattr(self.app, "_driver", None)  # Textual hides the cursor at start
        if driver is not None and not self.app.is_headless:
            driver.write("\x1b[?25h" if show else "\x1b[?25l")

    def _place_cursor(self) -> None:
        region = self.log_view.region
        row, col = self.log_view.last_text_end()
        self.app.cursor_position = Offset(region.x + col, region.y + row)

    # ----- input -----------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        if self.auto is not None:  # any key stops a run
            event.stop()
            self.auto.stop("Stopped.")
            return
        self.skip_animation()
        if self.acting.choosing:
            event.stop()
            self.acting.side_key(event.key, event.character)
            return
        if self.cursor.mode is not None:
            event.stop()
            self.cursor.key(event.key, event.character)
            return
        found = self.keymap.lookup(event.key, event.character)
        if found is None:
            if event.is_printable:
                self.say(f"Unknown key '{event.character}'. Press ? for help.")
            return
        event.stop()
        _kind, what = found
        if isinstance(what, tuple):
            self.commands.cmd_move(*what)
        else:
            self.commands.run(what)

    def say(self, text: str) -> None:
        self.status.hint = text
        self.status.update_lines()
        if self.options.accessible and text:
            self.log_view.add([text])
            self._place_cursor()

    def note(self, text: str) -> None:
        """A line for the log that no event of the game carries (an automatic walk
        waiting for a companion), shown on the status line too."""
        self.log_view.add([text])
        self.status.hint = text
        self.status.update_lines()
        if self.options.accessible:
            self._place_cursor()

    def act(self, action: Action) -> list[Event]:
        if self.game.over:
            return []
        self.status.hint = ""
        evs = self.game.perform(action)
        self.show(evs)
        return evs

    def perform_quietly(self, action: Action) -> list[Event]:
        """An automatic step: shown like any action, without animations."""
        if self.game.over:
            return [Event("fail", "The game is over.")]
        evs = self.game.perform(action)
        self.show(evs, animate=False)
        return evs

    def show(self, evs: list[Event], animate: bool = True) -> None:
        refusals = [e.text for e in evs if e.kind in ("fail", "info")]
        if refusals:  # a refused command costs nothing: say why on the status line
            self.status.hint = refusals[-1]
        pending = offer_waiting(self.game)
        quiet = pending is not None and self.unasked(pending)  # (no question: no offer)
        lines = log_lines([e for e in evs if e.kind not in ("fail", "info")
                           and not (quiet and e.kind == "luck_offer")])
        if self.options.accessible:
            lines += refusals + self.announcer.news(self.game)
        self.log_view.add(lines)
        self.refresh_all()
        if animate and not self.options.reduced_motion:
            self.play_frames(frames_for(self.game, evs))
        if self.game.over and not self._ended:
            self._ended = True
            where = self._record_finish()
            over = GameOver(self.summary() + where, banking_lines(self.game)).keep_clear(
                show_the_fallen(self.game, self.map))
            self.app.push_screen(over, self._back_to_menu)

    def _back_to_menu(self, _result: None) -> None:
        if self.is_attached and self.app.screen is self:  # (only ever this screen)
            self.app.pop_screen()

    def _record_finish(self) -> str:
        """Morgue, replay and score table for a finished local game (a hosted game is
        recorded by its host); the line to show, or why it failed."""
        if getattr(self.app, "data_dir", None) is not None:
            return ""
        try:
            done = local_records.finish(self.game)
        except Exception as err:  # a failed record must never lose the end screen
            return f"\n\n[red]The game could not be recorded: {err}[/]"
        return f"\n\nMorgue: {done.morgue}\nReplay: {done.replay}"

    def summary(self) -> str:
        g = self.game
        verdict = {
            "defeat": "[b red]The party has fallen.[/]",
            "victory": "[b green]Victory! The Heart of the Deep is carried into the light.[/]",
            "retired": "[b]The party retires alive, its treasure banked.[/]",
            "quit": "[b]The party gives up the delve.[/]",
        }.get(g.outcome, f"[b]{g.outcome or 'The delve ends.'}[/]")
        parts = g.score_parts()
        score = (f"Score {parts.get('total', 0)} = treasure {parts.get('treasure_gp', 0)} gp"
                 f" + experience {parts.get('experience', 0)}"
                 + (" (the Heart of the Deep among it)" if parts.get("artifact") else "")
                 + ("\n[dim]Each banking that made the treasure is listed below (arrows "
                    "scroll).[/dim]" if g.bankings else ""))
        return (f"{verdict}\n\n{score}\nSeed: {g.seed}\nDeepest level: {g.deepest}\n"
                f"Rounds: {g.round}   Actions: {g.actions_taken}   Foes felled: {g.kills}")

    # ----- animations ------------------------------------------------------------------
    def play_frames(self, frames: list[Frame]) -> None:
        if not frames:
            return
        self.skip_animation()
        self.frames = list(frames)
        self.frame_timer = self.set_interval(FRAME_SECONDS, self._next_frame)
        self._next_frame()

    def _next_frame(self) -> None:
        if not self.frames:
            self.skip_animation()
            return
        self.map.path = set(self.frames.pop(0))
        self.map.redraw()

    def skip_animation(self) -> None:
        if self.frame_timer is None:
            return
        self.frame_timer.stop()
        self.frame_timer = None
        self.frames = []
        self.map.path = set(self.cursor.path)
        self.map.redraw()

    # ----- automatic runs --------------------------------------------------------------
    def start_auto(self, run: AutoRun) -> None:
        problem = run.refusal()
        if problem:
            self.say(problem)
            return
        self.auto = run
        run.start()

    def auto_finished(self, reason: str) -> None:
        self.auto = None
        self.commands.explore_ended(reason)
        if reason in self.log_view.newest():
            reason = ""  # the log's newest lines say it already: not twice
        self.say(reason)
        self.refresh_all()

    def auto_question(self, question: Question, answer: Callable[[int | None], None]
                      ) -> None:
        """A run asks the player (which way through a door): a menu, Enter the first."""
        self.refresh_all()
        self.app.push_screen(
            ChoiceScreen(question.text, [(str(i), label) for i, label in
                                         enumerate(question.options)]),
            lambda picked: answer(None if picked is None else int(picked)))

    # ----- mouse: the map and the party panel say what was pointed at ------------------
    def on_click(self, event: events.Click) -> None:
        """A click anywhere (a map square and a delver's rows come as their messages)
        stops a run."""
        if self.auto is not None:
            self.auto.stop("Stopped.")

    def on_map_view_pointed(self, message: MapView.Pointed) -> None:
        square = (message.x, message.y)
        if not message.clicked:
            self._hovered(square)
        elif self.auto is not None:
            self.auto.stop("Stopped.")
        elif self.acting.choosing:
            self.acting.click(square)
        elif self.cursor.mode is not None:
            self.cursor.move_to(square)
        else:
            self.travelling.to(square)

    def on_party_panel_chosen(self, message: PartyPanel.Chosen) -> None:
        if self.auto is not None:
            self.auto.stop("Stopped.")
        else:
            self.commands.lead(message.eid)

    def _hovered(self, square: tuple[int, int]) -> None:
        if square == self.hover or self.cursor_mode is not None:
            return
        self.hover = square
        if self.game.level.explored[square[1], square[0]]:
            self.status.hint = describe_square(self.game, *square)
            self.status.update_lines()
