"""The host's shared state: accounts, running games, session counts, and spawning."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from roguelike.host import records_link
from roguelike.host.accounts import Account, Accounts
from roguelike.host.cast import CastWriter
from roguelike.host.child import PtyChild, child_env, drop_user, sane_term
from roguelike.host.config import HostConfig
from roguelike.host.hub import Hub
from roguelike.host.lockout import Lockout
from roguelike.host.paths import account_dir, make_account_dirs

log = logging.getLogger("roguelike.host")


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


class Host:
    def __init__(self, config: HostConfig) -> None:
        self.config = config
        config.data.mkdir(parents=True, exist_ok=True)
        self.accounts = Accounts(config.accounts_db)
        self.lockout = Lockout(config.max_failures, config.fail_window, config.lockout)
        self.games: dict[int, LiveGame] = {}
        self.sessions: Counter[str] = Counter()
        self.user, self.user_note = drop_user(config.drop_to)
        self.imported: set[str] = set()
        self.listeners: set[asyncio.Event] = set()  # lobbies waiting for a live-list change

    # ----- session caps ---------------------------------------------------------------
    def admit(self, addr: str) -> str | None:
        """None if a new connection from `addr` may come in, else why not."""
        if sum(self.sessions.values()) >= self.config.max_sessions:
            return "The server is full; try again later."
        if self.sessions[addr] >= self.config.max_per_ip:
            return "Too many sessions from your address."
        self.sessions[addr] += 1
        return None

    def release(self, addr: str) -> None:
        self.sessions[addr] -= 1
        if self.sessions[addr] <= 0:
            del self.sessions[addr]

    # ----- children -------------------------------------------------------------------
    def account_dir(self, account: Account) -> Path:
        return make_account_dirs(self.config.data, account.id, self.user)

    async def spawn(self, args: list[str], account: Account, cols: int, rows: int, term: str,
                    pass_fds: tuple[int, ...] = ()) -> PtyChild:
        home = self.account_dir(account)
        return await PtyChild.spawn(
            args, cols=cols, rows=rows, env=child_env(term, home), cwd=home, user=self.user,
            memory_limit=self.config.memory_limit, pass_fds=pass_fds)

    async def start_game(self, account: Account, seed: str | None, cols: int, rows: int,
                         term: str) -> LiveGame:
        running = self.games.get(account.id)
        if running is not None:  # one running game per account
            return running
        read_fd, write_fd = os.pipe()
        args = ["play", "--data", str(self.config.data), "--player-id", str(account.id),
                "--player-name", account.name, "--status-fd", str(write_fd)]
        if seed:
            args += ["--seed", seed]
        try:
            child = await self.spawn(args, account, cols, rows, term, pass_fds=(write_fd,))
        except BaseException:
            os.close(read_fd)
            raise
        finally:
            os.close(write_fd)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        cast = CastWriter(self.account_dir(account) / "casts" / f"{stamp}-{child.pid}.cast",
                          cols, rows, sane_term(term), f"{account.name} (Traps & Treasure)")
        hub = Hub(child, cols, rows, self.config.frame_interval, cast)
        hub.read_status(read_fd)
        game = LiveGame(account, hub, term, seed=seed or "")
        hub.on_status = self.changed
        self.games[account.id] = game
        asyncio.get_running_loop().create_task(self._after_game(game))
        self.changed()
        log.info("game started: account %d pid %d", account.id, child.pid)
        return game

    async def _after_game(self, game: LiveGame) -> None:
        await game.hub.ended
        if game.detach_timer is not None:
            game.detach_timer.cancel()
        if self.games.get(game.account.id) is game:
            del self.games[game.account.id]
        self.changed()
        await self.collect_scores(game.account)

    async def collect_scores(self, account: Account) -> None:
        folder = account_dir(self.config.data, account.id)
        for replay in records_link.new_replays(folder):
            key = str(replay)
            if key in self.imported or self._ledger(replay).exists():
                continue
            self.imported.add(key)
            try:
                ok = await asyncio.to_thread(records_link.import_score, self.config.data,
                                             replay, account.name)
            except Exception as err:  # a bad replay must not break the host
                log.warning("replay %s not imported: %s", replay, err)
                continue
            with contextlib.suppress(OSError):
                self._ledger(replay).write_text("verified\n" if ok else "refused\n")

    def _ledger(self, replay: Path) -> Path:
        # the host's note of imported replays lives outside the child-writable folder
        ledger = self.config.data / "imported" / replay.parent.parent.name
        ledger.mkdir(parents=True, exist_ok=True)
        return ledger / replay.name

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
        return out

    def allows_watch(self, account: Account) -> bool:
        fresh = self.accounts.get(account.id)
        return bool(fresh and fresh.allow_watch)

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
        await asyncio.gather(*(g.hub.child.hang_up(self.config.hangup_wait)
                               for g in list(self.games.values())), return_exceptions=True)
