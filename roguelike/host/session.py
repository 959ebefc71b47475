"""One SSH session: login banner, lobby, game or watching, and back to the lobby.

What a dropped connection does (decided here): the game keeps running headless on its
PTY for `detach_grace` (10 minutes); logging in again within that time reattaches to it
with a full repaint from the host's screen copy, and the game says so. After the grace
time, or at once for a guest or an idle-timed-out player, the game gets SIGHUP, saves and
exits. A login whose game is being played on another connection gets the lobby, which
offers to take the game over here or to watch it (one game per account).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Protocol

import asyncssh

from roguelike.challenges.service import Refused
from roguelike.host import banner
from roguelike.host.child import clamp_size
from roguelike.host.claims import Elsewhere
from roguelike.host.forks import ZygoteGone
from roguelike.host.hub import Hub
from roguelike.host.lobby_link import LobbyRun
from roguelike.host.play_trace import PlayTrace
from roguelike.host.registry import TAKEN, GameTaken
from roguelike.host.spare import SPARE_AFTER, Spare
from roguelike.records.account import has_save

if TYPE_CHECKING:
    from roguelike.host.accounts import Account
    from roguelike.host.registry import Host, LiveGame

log = logging.getLogger("roguelike.host")
RESET = b"\x1b[0m\x1b[?25h\x1b[2J\x1b[H"
QUIT_WATCH = (b"q", b"Q", b"\x03", b"\x1b")


class LoggedIn(Protocol):
    """Who the session is: the SSH connection's login (server.py), or a web login."""

    def account_for_session(self) -> Account: ...


class HostSession(asyncssh.SSHServerSession[bytes]):
    """One player's connection, over SSH (asyncssh calls the methods below) or from a
    browser (web/terminal.py calls the same ones, with an Outbox as the channel)."""

    def __init__(self, host: Host, server: LoggedIn) -> None:
        self.host = host
        self.server = server
        self.chan: Any = None
        self.term = ""
        self.cols, self.rows = 80, 24
        self.has_pty = False
        self.mode = ""  # "lobby", "play", "watch" or ""
        self.hub: Hub | None = None
        self.game: LiveGame | None = None
        self.gone = asyncio.Event()  # the connection is lost, taken over or timed out
        self.watch_done = asyncio.Event()
        self.last_input = time.monotonic()
        self.task: asyncio.Task[None] | None = None
        self.idle_task: asyncio.Task[None] | None = None
        self.trace: PlayTrace | None = None  # the Play under way (play_trace.py)
        # a game forked ahead while the player is in the lobby, taken at Play (spare.py)
        self.spare: Spare | None = None
        self.spare_task: asyncio.Task[Spare | None] | None = None

    # ----- asyncssh callbacks ---------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: object) -> bool:
        self.has_pty = True
        self.term = term_type
        if term_size[0] and term_size[1]:
            self.cols, self.rows = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True  # the "shell" is the lobby and the game; nothing else runs

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp

    def session_started(self) -> None:
        if not self.has_pty:
            self.chan.write(b"This server needs a terminal: connect with `ssh -t`.\r\n")
            self.chan.exit(1)
            return
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self.run())
        self.idle_task = loop.create_task(self._idle_watch())

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.mode in ("play", "lobby") and self.hub is not None:
            self.hub.input(data)
        elif self.mode == "watch":
            if any(k in data for k in QUIT_WATCH):
                self.watch_done.set()
            else:  # keys do nothing here: say again whose game this is and how to leave
                self.show_banner()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width and height:
            self.cols, self.rows = clamp_size(width, height)
            if self.mode in ("play", "lobby") and self.hub is not None:
                self.hub.resize(self.cols, self.rows)
            if self.spare is not None:
                self.spare.resize(self.cols, self.rows)
            if self.mode == "watch" and self.hub is not None:
                self.hub.watcher_resized(self, self.cols, self.rows)

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost()

    # ----- Viewer (hub output) --------------------------------------------------------
    def send(self, data: bytes) -> None:
        if not self.gone.is_set() and self.chan is not None:
            if self.mode == "watch" and self.hub is not None:
                extra, stays = banner.banner(self.watching, self.hub.screen.size,
                                             (self.cols, self.rows))
                if stays or time.monotonic() < self.banner_until:
                    data += extra
            self.chan.write(data)

    watching = ""  # whose game this session watches (for the banner)
    banner_until = 0.0

    def show_banner(self) -> None:
        """Show the watch banner for a while; a repaint then takes it off the game."""
        self.banner_until = time.monotonic() + banner.SHOW_FOR
        self.send(b"")
        loop = asyncio.get_running_loop()
        loop.call_later(banner.SHOW_FOR + 0.05, self._banner_expired)

    def _banner_expired(self) -> None:
        if self.mode == "watch" and self.hub is not None \
                and time.monotonic() >= self.banner_until:
            self.hub.repaint_viewer(self)

    def backlog(self) -> int:
        return int(self.chan.get_write_buffer_size()) if self.chan else 0

    titled = False  # the window title says how many watch (pushed on xterm's title stack)

    def watchers(self, count: int) -> None:
        """The hub: `count` people watch this player's game now. Said in the window title
        (a browser's page shows it above the terminal), never drawn into the game."""
        if self.mode != "play" or self.gone.is_set() or self.chan is None:
            return
        if not self.titled:
            self.titled = True
            self.chan.write(banner.TITLE_PUSH)
        self.chan.write(banner.watched_title(count))

    # ----- flow -----------------------------------------------------------------------
    def enter(self, hub: Hub, mode: str) -> None:
        self.hub, self.mode = hub, mode

    def leave(self, hub: Hub) -> None:
        if self.hub is hub:
            self.hub, self.mode = None, ""

    async def until(self, *waits: Awaitable[Any]) -> None:
        """Wait for any of `waits` or for this session to end."""
        mine = [asyncio.ensure_future(self.gone.wait())]
        shared = []  # futures owned by others (a hub's `ended`) must not be cancelled
        for w in waits:
            if isinstance(w, asyncio.Future):
                shared.append(w)
            else:
                mine.append(asyncio.ensure_future(w))
        try:
            await asyncio.wait([*mine, *shared], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in mine:
                task.cancel()

    async def run(self) -> None:
        account = self.server.account_for_session()
        notice = ""
        try:
            await self.host.look_elsewhere(account.id)
            state = self.host.game_of(account.id)
            if state == "detached":  # back after a dropped connection
                await self.play(self.host.games[account.id], reattached=True)
            elif state == "elsewhere":  # on another host sharing the database
                notice = self.host.where_else(account.id)
            elif state:
                notice = TAKEN
            while not self.gone.is_set():
                self._start_spare(account)
                choice = await LobbyRun(self.host, account, self, notice).run()
                notice = ""
                if self.gone.is_set():
                    break
                self.send(RESET)
                op = choice.get("op")
                spare = self._take_spare(account, choice) if op == "play" else None
                self._end_spare()
                if op in ("play", "continue"):
                    if self.trace is not None:
                        self.trace.mark("fork_asked")
                    try:
                        game = await self.host.start_game(account, choice.get("seed"),
                                                          self.cols, self.rows, self.term, self,
                                                          spare=spare)
                    except GameTaken as taken:
                        notice = str(taken)
                        self._end_spare(spare)
                        continue
                    if spare is not None and game.hub is not spare.hub:
                        self._end_spare(spare)  # (it had ended: the game was forked anew)
                    await self.play(game)
                elif op == "attempt":  # a challenge's attempt (challenge_host.py)
                    try:
                        game = await self.host.challenges.start_game(
                            account, choice, self.cols, self.rows, self.term, self)
                    except (GameTaken, Refused) as refused:
                        self.host.unreserve(account.id, self)
                        notice = str(refused)
                        continue
                    await self.play(game)
                elif op == "reattach" and account.id in self.host.games:
                    await self.play(self.host.games[account.id], reattached=True)
                elif op == "reattach" and account.id in self.host.elsewhere:
                    try:  # that host saves and ends it; it goes on here from the save
                        self.send(RESET + b"Taking your game over from the other host...\r\n")
                        game = await self.host.start_game(account, None, self.cols,
                                                          self.rows, self.term, self,
                                                          take_over=True)
                    except GameTaken as taken:
                        notice = str(taken)
                        continue
                    await self.play(game)
                elif op == "watch" and int(choice.get("id", 0)) in self.host.elsewhere:
                    other = self.host.elsewhere[int(choice.get("id", 0))]
                    if not await self.watch_elsewhere(other):
                        notice = (f"{other.player}'s game on host {other.host} cannot be "
                                  "watched from here now.")
                elif op == "watch":
                    await self.watch(int(choice.get("id", 0)))
                elif op != "reattach":
                    break
            if not self.gone.is_set():
                self.send(RESET + b"Farewell.\r\n")
                self.chan.exit(0)
        except ZygoteGone as gone:  # the host is shutting down, or cannot fork games
            log.info("session ended: %s", gone)
            if not self.gone.is_set():
                self.send(RESET + b"The server cannot start games now; try again later.\r\n")
                self.chan.exit(1)
        except Exception:
            log.exception("session failed")
            if not self.gone.is_set():
                self.chan.exit(1)
        finally:
            self.host.unreserve(account.id, self)  # a Play chosen but never started
            self._end_spare()

    # ----- the spare: a game forked ahead while the player is in the lobby --------------
    def _start_spare(self, account: Account) -> None:
        if not self.host.config.spare or self.spare_task is not None \
                or self.host.game_of(account.id) \
                or has_save(self.host.account_dir(account)):
            return  # (a saved game is resumed at Play, not a new one started)
        self.spare_task = asyncio.get_running_loop().create_task(self._make_spare(account))

    async def _make_spare(self, account: Account) -> Spare | None:
        await asyncio.sleep(SPARE_AFTER)  # the lobby's own first screen first
        if self.gone.is_set():
            return None
        try:
            spare = await self.host.make_spare(account, self.cols, self.rows, self.term)
        except (ZygoteGone, OSError) as err:
            log.info("no spare game: %s", err)
            return None
        spare.resize(self.cols, self.rows)  # (a window changed while it was forked)
        if self.spare_task is asyncio.current_task():  # (not ended while it was forked)
            self.spare = spare
        return spare

    def _take_spare(self, account: Account, choice: dict[str, Any]) -> Spare | None:
        """The spare for this Play, if it is there and fits it: a new game (a seed chosen, or
        no save to resume)."""
        task = self.spare_task
        if task is None or not task.done():
            return None  # (not made yet: a fresh fork is no slower than waiting for it)
        self.spare_task = None
        spare, self.spare = self.spare, None
        if spare is None:
            return None
        if not spare.running or (not choice.get("seed")
                                 and has_save(self.host.account_dir(account))):
            self._end_spare(spare)
            return None
        return spare

    def _end_spare(self, spare: Spare | None = None) -> None:
        """Hang up the spare not taken (or `spare`), now or once it is made."""
        task, self.spare_task = self.spare_task, None
        made, self.spare = self.spare, None
        for one in (made, spare if spare is not made else None):
            if one is not None:
                self.host.in_background(one.end())
        if task is not None and not task.done():
            self.host.in_background(self._end_when_made(task))

    @staticmethod
    async def _end_when_made(task: asyncio.Task[Spare | None]) -> None:
        spare = await task
        if spare is not None:
            await spare.end()

    async def play(self, game: LiveGame, reattached: bool = False) -> None:
        trace, self.trace = self.trace, None
        if trace is not None and not reattached:
            trace.mark("forked" if game.hub.cast is None or game.hub.bytes_in == 0
                       else "spare_taken")
            trace.pid = game.hub.child.pid
            game.hub.trace = trace
            trace.log_later()
        self.host.claim(game)
        self.game = game
        self.enter(game.hub, "play")
        old = game.hub.attach(self, self.cols, self.rows)
        if old is not None and old is not self:
            taken = getattr(old, "taken_over", None)
            if taken:
                taken()
        if reattached:
            game.hub.tell_reattached(moved=old is not None)
        await self.until(game.hub.ended)
        self.leave(game.hub)
        self.game = None
        if self.titled and not self.gone.is_set():
            self.titled = False
            self.chan.write(banner.TITLE_POP)
        if not game.hub.running:
            self.send(RESET)

    def taken_over(self) -> None:
        """Another login of this account attached to the game."""
        self.mode, self.hub, self.game = "", None, None
        if self.chan is not None and not self.gone.is_set():
            self.chan.write(RESET + b"Your game was attached from another connection.\r\n")
            self.gone.set()
            self.chan.exit(0)

    async def watch(self, account_id: int) -> None:
        game = self.host.games.get(account_id)
        viewer = self.server.account_for_session()
        own = account_id == viewer.id  # one's own game, played on another connection
        if game is None or not (own or self.host.allows_watch(game.account)):
            return
        await self._watch_hub(game.hub, "your game" if own else game.account.name)

    async def watch_elsewhere(self, other: Elsewhere) -> bool:
        """Watch a game running on another host (relay.py); False if it cannot be."""
        own = other.account == self.server.account_for_session().id
        hub = self.host.mirrors.get(other.account) if own or other.watchable else None
        if hub is None:
            return False
        await self._watch_hub(hub, "your game" if own else other.player)
        self.host.mirrors.unwatched(hub)
        return True

    async def _watch_hub(self, hub: Hub, whose: str) -> None:
        self.watch_done.clear()
        self.watching = whose
        self.send(banner.title(self.watching))
        self.enter(hub, "watch")
        hub.add_watcher(self, self.cols, self.rows)
        self.show_banner()
        self.host.changed()
        try:
            await self.until(hub.ended, self.watch_done.wait())
        finally:
            hub.remove_watcher(self)
            self.leave(hub)
            self.host.changed()
        self.send(banner.TITLE_POP + RESET)

    def stop_watching(self, why: str) -> None:
        self.send(RESET + why.encode() + b"\r\n")
        self.watch_done.set()

    # ----- endings --------------------------------------------------------------------
    def _lost(self) -> None:
        if self.gone.is_set():
            return
        self.gone.set()
        if self.idle_task is not None:
            self.idle_task.cancel()
        game, mode = self.game, self.mode
        self.mode = ""
        if mode == "play" and game is not None and game.hub.detach(self):
            guest = game.account.guest
            self.host.detach(game, grace=0.0 if guest or self.idle_out else None)

    idle_out = False

    async def _idle_watch(self) -> None:
        limit = self.host.config.idle_timeout
        while True:
            await asyncio.sleep(min(limit, 5.0))
            if time.monotonic() - self.last_input >= limit:
                self.idle_out = True
                self.send(RESET + b"Idle too long: your game was saved. Goodbye.\r\n")
                self._lost()
                self.chan.close()
                return
