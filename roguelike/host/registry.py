"""The host's shared state: accounts, running games, session counts, and spawning."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from roguelike.host import recordings
from roguelike.host.accounts import Account, AccountError, Accounts, name_problem, password_problem
from roguelike.host.cast import CastWriter
from roguelike.host.challenge_host import ChallengeHost
from roguelike.host.child import DEFAULT_TERM, PtyChild, child_env, drop_user, sane_term
from roguelike.host.claims import BEAT, STALE, Claims, Elsewhere
from roguelike.host.config import HostConfig
from roguelike.host.forks import Zygote
from roguelike.host.gate import Gate
from roguelike.host.hub import Hub
from roguelike.host.lockout import Lockout
from roguelike.host.paths import account_dir, make_account_dirs
from roguelike.host.private import DIR_MODE, private_dir, tighten
from roguelike.host.relay import Mirrors
from roguelike.host.score_import import new_replays
from roguelike.host.spare import Spare
from roguelike.storage.database import Database

T = TypeVar("T")

log = logging.getLogger("roguelike.host")


def made_private_note(fixed: list[str]) -> str:
    shown = ", ".join(fixed[:5]) + (f" and {len(fixed) - 5} more" if len(fixed) > 5 else "")
    return (f"made {len(fixed)} path(s) in the data folder private to this user "
            f"(they were open to other users): {shown}")


@dataclass
class LiveGame:
    account: Account
    hub: Hub
    term: str
    detach_timer: asyncio.TimerHandle | None = None
    seed: str = ""
    started: float = field(default_factory=time.time)

    @property
    def depth(self) -> int:
        return int(self.hub.status.get("depth", 1) or 1)


class LoginRefused(Exception):
    """A login or registration refused; str() is a message for the player."""


WRONG = "Wrong name or password."
LOCKED = "Too many failed logins: try again later."


class GameTaken(Exception):
    """The account's one game is already running or being started by another session."""


TAKEN = "Your game is already running on another connection: take it over here or watch it."
ELSEWHERE = ("Your game is running on host {host}: take it over here (that host saves it and "
             "ends it, and it goes on here).")


class Host:
    def __init__(self, config: HostConfig) -> None:
        self.config = config
        self.user, self.user_note = drop_user(config.drop_to)
        # private before anything is read or written (private.py)
        fixed = tighten(config.data, passage=self.user is not None)
        self.notes = [made_private_note(fixed)] if fixed else []
        self.accounts = Accounts(config.accounts_where, config.scrypt_n)
        self.lockout = Lockout(config.max_failures, config.fail_window, config.lockout,
                               max_entries=config.lockout_entries)
        self.gate = Gate(config.max_sessions, config.max_per_ip, config.max_startups,
                         config.max_startups_per_ip)
        # scrypt needs 128 MiB and half a second: a login burst waits its turn here
        self.hashing = asyncio.Semaphore(max(1, config.hash_workers))
        self.games: dict[int, LiveGame] = {}
        self.spares: set[Spare] = set()  # games forked ahead, held for lobbies (spare.py)
        self.starting: dict[int, object] = {}  # account id -> the session starting its game
        self.imported: set[str] = set()
        self.background: set[asyncio.Task[object]] = set()
        self.listeners: set[asyncio.Event] = set()  # lobbies waiting for a live-list change
        # called with the account id when a password changes (the website logs that
        # account's browsers out)
        self.password_hooks: list[Callable[[int], None]] = []
        self.challenges = ChallengeHost(self)  # seed challenges and the proving queue
        # every game and lobby is forked from it (forks.py); its environment is a child's
        self.zygote = Zygote(child_env(DEFAULT_TERM, Path("/")))
        # hosts sharing one database (PostgreSQL): the one-game claim is a row there, and
        # the other hosts' live games are read from it every few seconds (claims.py)
        self.claims = Claims(self.accounts.db, config.host_name) \
            if self.accounts.db.shared else None
        self.elsewhere: dict[int, Elsewhere] = {}
        # other hosts' games watched here, followed through their recordings (relay.py)
        self.mirrors = Mirrors(config.data, config.frame_interval,
                               lambda account_id: account_id in self.elsewhere)

    @property
    def scores(self) -> Path | Database:
        """Where the host's score table is (its data folder, or the shared database)."""
        return self.challenges.store.scores(self.config.data)

    async def start(self) -> None:
        """The zygote first (it loads the game before the first player comes), then the
        challenges' clock and workers."""
        await self.zygote.start()
        await self.challenges.start()
        if self.claims is not None:
            self.in_background(self._keep_claims(self.claims))

    def in_background(self, work: Coroutine[Any, Any, object]) -> None:
        """Run `work` on the event loop, kept until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def hash_work(self, fn: Callable[..., T], *args: object) -> T:
        """Run a password check or hash off the event loop, a few at a time."""
        async with self.hashing:
            return await asyncio.to_thread(fn, *args)

    # ----- logging in (SSH and the web alike) ----------------------------------------
    async def log_in(self, name: str, password: str, addr: str,
                     register: bool | None = None) -> Account:
        """The account for `name` and `password` from address `addr`, or LoginRefused.

        register=None (SSH): a free name registers with this password; True (the web's
        register form): only a free name; False (the web's login form): only an existing
        one. One lock-out table for both transports: five failures in the window lock the
        name and the address, and a refused registration counts as a failure."""
        if self.lockout.locked(name, addr):
            raise LoginRefused(LOCKED)
        existing = self.accounts.find(name)
        if existing is None and register is False:
            self.lockout.failed(name, addr)
            raise LoginRefused(WRONG)
        if existing is None:
            problem = name_problem(name) or password_problem(password)
            if problem:
                self.lockout.failed(name, addr)
                raise LoginRefused(problem)
            try:
                account = await self.hash_work(self.accounts.register, name, password)
            except AccountError as err:
                raise LoginRefused(str(err)) from None
            log.info("registered account %d", account.id)
            return account
        if register:
            raise LoginRefused(f"The name {existing.name} is taken.")
        verified = await self.hash_work(self.accounts.verify, name, password)
        if verified is None:
            self.lockout.failed(name, addr)
            raise LoginRefused(WRONG)
        self.lockout.succeeded(name, addr)
        return verified

    def password_changed(self, account_id: int) -> None:
        for hook in self.password_hooks:
            hook(account_id)

    # ----- one game per account -------------------------------------------------------
    def reserve(self, account_id: int, owner: object) -> bool:
        """Claim the account's one game for `owner` (a session) before it starts.

        The check and the claim are one step with no await between them, so of two logins
        choosing Play at the same instant exactly one gets True."""
        if account_id in self.games:
            return False
        won = self.starting.setdefault(account_id, owner) is owner
        self.changed()
        return won

    def unreserve(self, account_id: int, owner: object) -> None:
        if self.starting.get(account_id) is owner:
            del self.starting[account_id]
            self.changed()

    def game_of(self, account_id: int) -> str:
        """'' (none), 'starting', 'attached' (played on a connection) or 'detached'."""
        game = self.games.get(account_id)
        if game is None:
            if account_id in self.starting:
                return "starting"
            return "elsewhere" if account_id in self.elsewhere else ""
        return "attached" if game.hub.player is not None else "detached"

    async def look_elsewhere(self, account_id: int) -> None:
        """Read from the shared database whether another host runs the account's game, at
        a login: its row carries that host from the moment the game is claimed there,
        while `elsewhere` is read only every BEAT seconds."""
        if self.claims is None or account_id in self.games:
            return
        try:
            other = await asyncio.to_thread(self.claims.one, account_id)
        except Exception as err:  # the database away for a moment: the next beat reads it
            log.warning("live game of account %d not read: %s", account_id, err)
            return
        if other is not None and self.elsewhere.get(account_id) != other:
            self.elsewhere = {**self.elsewhere, account_id: other}
            self.changed()

    def where_else(self, account_id: int) -> str:
        """The message for a game running on another host, or ''."""
        other = self.elsewhere.get(account_id)
        return ELSEWHERE.format(host=other.host) if other else ""

    # ----- more than one host (claims.py) ---------------------------------------------
    async def _keep_claims(self, claims: Claims) -> None:
        """Stamp this host's claims, end the games other hosts ask for, and read theirs."""
        while True:
            games = [(g.account.id, str(g.hub.status.get("seed", g.seed)), g.depth,
                      g.account.allow_watch and not self.challenges.hides(g.account))
                     for g in self.games.values()]
            try:
                wanted = await asyncio.to_thread(claims.beat, games)
                others = await asyncio.to_thread(claims.elsewhere)
            except Exception as err:  # the database away for a moment: try again
                log.warning("live games not stamped: %s", err)
            else:
                seen = {e.account: e for e in others}
                if seen != self.elsewhere:
                    self.elsewhere = seen
                    self.changed()
                for account_id in wanted:
                    game = self.games.get(account_id)
                    if game is not None:
                        log.info("account %d's game is taken over on another host",
                                 account_id)
                        self.in_background(self._give_up(game))
            await asyncio.sleep(BEAT)

    async def _give_up(self, game: LiveGame) -> None:
        seat = game.hub.player
        taken = getattr(seat.viewer, "taken_over", None) if seat is not None else None
        if taken:
            taken()
        await game.hub.child.hang_up(self.config.hangup_wait)  # it saves as it ends

    async def _claim(self, claims: Claims, account: Account, take_over: bool) -> None:
        """Take the account's claim in the shared database; with `take_over`, ask the host
        holding it to end the game and wait for it to let go (or to be found dead)."""
        holder = await asyncio.to_thread(claims.take, account.id, account.name)
        if holder and take_over:
            await asyncio.to_thread(claims.want, account.id)
            deadline = time.monotonic() + STALE + 2 * BEAT
            while holder and time.monotonic() < deadline:
                await asyncio.sleep(0.5)
                holder = await asyncio.to_thread(claims.take, account.id, account.name)
        if holder:
            raise GameTaken(ELSEWHERE.format(host=holder))

    # ----- children -------------------------------------------------------------------
    def account_dir(self, account: Account) -> Path:
        return make_account_dirs(self.config.data, account.id, self.user)

    async def spawn(self, args: list[str], account: Account, cols: int, rows: int, term: str,
                    pass_fds: tuple[int, ...] = ()) -> PtyChild:
        home = self.account_dir(account)
        kind = "spare" if "--go-fd" in args else args[0]  # (a game held until Play: spare.py)
        return await PtyChild.spawn(
            self.zygote, args, cols=cols, rows=rows, env=child_env(term, home), cwd=home,
            user=self.user, memory_limit=self.config.memory_limit,
            name=f"rl-{kind}-{account.id}", pass_fds=pass_fds)

    async def start_game(self, account: Account, seed: str | None, cols: int, rows: int,
                         term: str, owner: object, party: str | None = None,
                         take_over: bool = False, spare: Spare | None = None) -> LiveGame:
        """Start the account's game for `owner` (with `party`, 'warrior,rogue,mage', a
        challenge's fixed party: no party screen); GameTaken if another session has it, or
        another host (unless `take_over`: then that host ends it and it goes on here)."""
        if not self.reserve(account.id, owner):
            raise GameTaken(TAKEN)
        try:
            if self.claims is not None:
                # (a saved game continued is the one the other host runs: taken over too;
                # a new game is not started over a running one)
                await self._claim(self.claims, account, take_over or seed is None)
            try:
                return await self._start_game(account, seed, cols, rows, term, party, spare)
            except BaseException:
                if self.claims is not None:
                    await asyncio.to_thread(self.claims.release, account.id)
                raise
        finally:
            self.unreserve(account.id, owner)

    async def _start_game(self, account: Account, seed: str | None, cols: int, rows: int,
                          term: str, party: str | None = None,
                          spare: Spare | None = None) -> LiveGame:
        if spare is not None and not party and await spare.take(seed):
            self.spares.discard(spare)
            hub = spare.hub  # (forked ahead and held: its first screen is drawn)
            hub.cast = self._cast(account, hub.child.pid, *hub.screen_size_sent, term)
            hub.cast.output(hub.screen.repaint())
        else:
            hub = await self._fork_game(account, seed, cols, rows, term, party)
        child = hub.child
        game = LiveGame(account, hub, term, seed=seed or "")

        def on_status() -> None:
            self.changed()
            self.challenges.status_seen(game)

        hub.on_status = on_status
        self.games[account.id] = game
        self.challenges.started(game)
        asyncio.get_running_loop().create_task(self._after_game(game))
        self.changed()
        log.info("game started: account %d pid %d", account.id, child.pid)
        return game

    async def _fork_game(self, account: Account, seed: str | None, cols: int, rows: int,
                         term: str, party: str | None = None, go_fd: int | None = None) -> Hub:
        """Fork the account's game (held until told on `go_fd`, if given: a spare)."""
        read_fd, write_fd = os.pipe()
        args = ["play", "--data", str(self.config.data), "--player-id", str(account.id),
                "--player-name", account.name, "--status-fd", str(write_fd)]
        if seed:
            args += ["--seed", seed]
        if party:
            args += ["--party", party]
        if go_fd is not None:
            args += ["--go-fd", str(go_fd)]
        given = (write_fd,) if go_fd is None else (write_fd, go_fd)
        try:
            child = await self.spawn(args, account, cols, rows, term, pass_fds=given)
        except BaseException:
            os.close(read_fd)
            raise
        finally:
            os.close(write_fd)
        cast = None if go_fd is not None else self._cast(account, child.pid, cols, rows, term)
        hub = Hub(child, cols, rows, self.config.frame_interval, cast)
        hub.read_status(read_fd)
        return hub

    def _cast(self, account: Account, pid: int, cols: int, rows: int,
              term: str) -> CastWriter:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        return CastWriter(self.account_dir(account) / "casts" / f"{stamp}-{pid}.cast",
                          cols, rows, sane_term(term), f"{account.name} (Traps & Treasure)")

    async def make_spare(self, account: Account, cols: int, rows: int, term: str) -> Spare:
        """A game forked ahead for the account's lobby, held until Play (spare.py)."""
        go_read, go_write = os.pipe()
        try:
            hub = await self._fork_game(account, None, cols, rows, term, go_fd=go_read)
        except BaseException:
            os.close(go_write)
            raise
        finally:
            os.close(go_read)
        assert isinstance(hub.child, PtyChild)
        spare = Spare(hub.child, hub, go_write, f"rl-play-{account.id}")
        self.spares.add(spare)
        hub.ended.add_done_callback(lambda _: self.spares.discard(spare))
        return spare

    async def _after_game(self, game: LiveGame) -> None:
        await game.hub.ended
        if game.detach_timer is not None:
            game.detach_timer.cancel()
        cast = game.hub.cast
        if cast is not None and not game.hub.status:
            # no game ever began in it (the party screen left with Escape): a recording of
            # a menu is no game's, and a guest collected one for every such try
            with contextlib.suppress(OSError):
                cast.path.unlink()
            log.info("no game began: account %d's recording %s removed", game.account.id,
                     cast.path.name)
        if self.games.get(game.account.id) is game:
            del self.games[game.account.id]
            if self.claims is not None:
                with contextlib.suppress(Exception):  # (a stale row expires by itself)
                    await asyncio.to_thread(self.claims.release, game.account.id)
        self.changed()
        await self.collect_scores(game.account, game)

    async def collect_scores(self, account: Account, game: LiveGame | None = None) -> None:
        """Queue the account's new replays for their proof (challenge_host.py: the
        workers verify each, then it goes on the boards and the score table); note which
        casts record each (recordings.py): the casts of `game`, the process that just
        ended."""
        data = self.config.data
        seed = str(game.hub.status.get("seed", game.seed)) if game is not None else ""
        cast = game.hub.cast.path if game is not None and game.hub.cast is not None else None
        cast_name = cast.relative_to(data).as_posix() if cast and cast.is_relative_to(data) \
            else None
        finished = False
        folder = account_dir(data, account.id)
        queued: list[tuple[Path, str]] = []
        for replay in new_replays(folder):
            key = str(replay)
            if key in self.imported or self._ledger(replay).exists():
                continue
            self.imported.add(key)
            casts: list[str] = []
            if cast_name is not None and not finished:
                finished = True
                casts = [*recordings.claim_open(data, account.id, seed), cast_name]
            with contextlib.suppress(OSError):
                self._ledger(replay).write_text(recordings.entry(True, casts))
            queued.append((replay, replay.relative_to(data).as_posix()))
        if cast_name is not None and not finished:
            recordings.note_open(data, account.id, cast_name, seed)
        try:
            await self.challenges.ended(account, queued, seed)
        except Exception as err:  # a bad replay must not break the host
            log.warning("replays of account %d not queued: %s", account.id, err)

    def _ledger(self, replay: Path) -> Path:
        # the host's note of imported replays lives outside the child-writable folder
        ledger = self.config.data / "imported" / replay.parent.parent.name
        private_dir(self.config.data / "imported", DIR_MODE)
        return private_dir(ledger, DIR_MODE) / replay.name

    # ----- detach / reattach ----------------------------------------------------------
    def detach(self, game: LiveGame, grace: float | None = None) -> None:
        """The player's connection is gone: keep the game headless for the grace time."""
        wait = self.config.detach_grace if grace is None else grace
        if game.detach_timer is not None:
            game.detach_timer.cancel()
        loop = asyncio.get_running_loop()
        game.detach_timer = loop.call_later(
            wait, lambda: loop.create_task(self.hang_up(game)))
        self.changed()

    async def hang_up(self, game: LiveGame) -> None:
        if game.hub.player is None:  # nobody came back in time
            await game.hub.child.hang_up(self.config.hangup_wait)

    def claim(self, game: LiveGame) -> None:
        if game.detach_timer is not None:
            game.detach_timer.cancel()
            game.detach_timer = None

    # ----- watching -------------------------------------------------------------------
    def watchable(self, viewer: Account) -> list[dict[str, object]]:
        out = []
        for game in sorted(self.games.values(), key=lambda g: g.started):
            if game.account.id == viewer.id or not game.hub.running:
                continue
            if not self.allows_watch(game.account):
                continue
            out.append({"id": game.account.id, "player": game.account.name,
                        "seed": str(game.hub.status.get("seed", game.seed)),
                        "depth": game.depth, "idle": int(game.hub.idle),
                        "watchers": len(game.hub.watchers),
                        "detached": game.hub.player is None})
        # the other hosts' games (`host` says which), watched here through a mirror
        out += [{"id": e.account, "player": f"{e.player} (on {e.host})", "seed": e.seed,
                 "depth": e.depth, "idle": 0, "detached": False,
                 "watchers": len(m.watchers) if (m := self.mirrors.hubs.get(e.account)) else 0,
                 "host": e.host} for e in self.elsewhere.values()
                if e.watchable and e.account != viewer.id]
        return out

    def allows_watch(self, account: Account) -> bool:
        """May others watch the account's game? Not while it is an attempt at a
        challenge whose seed is still hidden."""
        fresh = self.accounts.get(account.id)
        return bool(fresh and fresh.allow_watch) and not self.challenges.hides(account)

    def set_allow_watch(self, account: Account, allow: bool) -> None:
        self.accounts.set_allow_watch(account.id, allow)
        game = self.games.get(account.id)
        if game is not None and not allow:
            for seat in list(game.hub.watchers.values()):
                stop = getattr(seat.viewer, "stop_watching", None)
                if stop:
                    stop("The player turned watching off.")
        self.changed()

    def changed(self) -> None:
        for event in self.listeners:
            event.set()

    async def shutdown(self) -> None:
        await self.challenges.stop()
        self.mirrors.stop_all()
        await asyncio.gather(*(g.hub.child.hang_up(self.config.hangup_wait)
                               for g in list(self.games.values())),
                             *(s.end() for s in list(self.spares)), return_exceptions=True)
        if self.claims is not None:  # its games saved and ended: another host may take them
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.claims.release_all)
        await self.zygote.close()
