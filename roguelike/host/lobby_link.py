"""Host side of the lobby: runs `roguelike lobby` on the session's PTY and answers it.

The lobby talks to the host over a socketpair (the child's --link-fd) in JSON lines, so
the lobby process never opens the accounts database: it asks, the host checks and acts.

  host -> lobby  {"type": "state", ...}            at start and when anything changes
                 {"type": "reply", "ok", "message", "scores"?}
  lobby -> host  {"op": "passwd", "old", "new"}    {"op": "allow_watch", "value"}
                 {"op": "add_key", "line"}         {"op": "remove_key", "id"}
                 {"op": "scores", "seed"?}
                 {"op": "challenges"} {"op": "challenge", "code"}
                 {"op": "create_challenge", ...} {"op": "end_attempt"}  (challenge_host.py)
                 {"op": "play", "seed"?} {"op": "continue"} {"op": "watch", "id"}
                 {"op": "attempt", "code", "practice"?}
                 {"op": "reattach"} {"op": "quit"}  (these end the lobby: the choice)

Play and Continue claim the account's one game at once (Host.reserve): of two logins
choosing Play at the same instant one is refused here, and its lobby then offers to take
the game over ("reattach") or to watch it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roguelike.engine.base.seeds import SeedError, daily_seed, normalise_seed, utc_today
from roguelike.host.accounts import Account, AccountError
from roguelike.host.challenge_host import LOBBY_OPS
from roguelike.host.hub import Hub
from roguelike.host.paths import account_dir
from roguelike.host.play_trace import PlayTrace
from roguelike.host.registry import TAKEN
from roguelike.records.account import has_save
from roguelike.records.scores import top_scores
from roguelike.storage.database import Database

if TYPE_CHECKING:
    from roguelike.host.child import PtyChild
    from roguelike.host.registry import Host
    from roguelike.host.session import HostSession

CHOICES = ("play", "continue", "watch", "reattach", "quit", "attempt")
MAX_LINE = 32768
SCORE_FIELDS = ("player", "seed", "score", "depth", "turns", "outcome", "party")


def score_rows(data: Path | Database, seed: str | None, limit: int = 10
               ) -> list[dict[str, Any]]:
    """The best games (of `seed`), only the fields the lobby shows."""
    return [{k: row.get(k) for k in SCORE_FIELDS} for row in top_scores(data, seed, limit)]


class LobbyRun:
    def __init__(self, host: Host, account: Account, session: HostSession,
                 notice: str = "") -> None:
        self.host = host
        self.account = account
        self.session = session
        self.notice = notice  # shown once when the lobby opens
        self.told_running = False  # the last state sent named the account's running game
        self.choice: dict[str, Any] = {"op": "quit"}
        self.chosen = asyncio.Event()  # a choice that leaves the lobby was accepted
        self.writer: asyncio.StreamWriter | None = None

    async def run(self) -> dict[str, Any]:
        ours, theirs = socket.socketpair()
        fd = theirs.fileno()
        args = ["lobby", "--data", str(self.host.config.data), "--player-id",
                str(self.account.id), "--link-fd", str(fd)]
        s = self.session
        try:
            child = await self.host.spawn(args, self.account, s.cols, s.rows, s.term,
                                          pass_fds=(fd,))
        finally:
            theirs.close()
        hub = Hub(child, s.cols, s.rows, self.host.config.frame_interval)
        reader, self.writer = await asyncio.open_unix_connection(sock=ours, limit=MAX_LINE)
        changed = asyncio.Event()
        self.host.listeners.add(changed)
        tasks = [asyncio.create_task(self._read(reader)),
                 asyncio.create_task(self._push_state(changed))]
        try:
            s.enter(hub, "lobby")
            hub.attach(s, s.cols, s.rows)
            await s.until(hub.ended, self.chosen.wait())
            if hub.running and self.chosen.is_set():
                # The game starts now, while the lobby winds down unseen (Textual's exit
                # takes a fifth of a second; the player's terminal is reset for the game)
                hub.detach(s)
                if s.trace is not None:
                    s.trace.mark("lobby_left")
                self.host.in_background(self._wind_down(child, s.trace))
            elif hub.running:  # the connection went away: end the lobby
                await child.hang_up(2.0)
        finally:
            s.leave(hub)
            self.host.listeners.discard(changed)
            for task in tasks:
                task.cancel()
            self.writer.close()
        return self.choice

    @staticmethod
    async def _wind_down(child: PtyChild, trace: PlayTrace | None) -> None:
        await child.hang_up(2.0)
        if trace is not None:
            trace.mark("lobby_ended")

    async def _push_state(self, changed: asyncio.Event) -> None:
        while True:
            changed.clear()
            state = self.state()
            if state["running"] and not self.told_running and not state["notice"]:
                state["notice"] = TAKEN  # (its game started elsewhere while this lobby is open)
            self.told_running = bool(state["running"])
            self._send(state)
            self.notice = ""
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), 2.0)  # idle times tick anyway

    def state(self) -> dict[str, Any]:
        fresh = self.host.accounts.get(self.account.id) or self.account
        keys = [] if fresh.guest else [
            {"id": kid, "key": f"{key[:24]}...{key[-8:]}", "comment": comment}
            for kid, key, comment in self.host.accounts.keys(fresh.id)]
        return {"type": "state", "id": fresh.id, "name": fresh.name, "guest": fresh.guest,
                "allow_watch": fresh.allow_watch,
                "has_save": has_save(account_dir(self.host.config.data, fresh.id)),
                "running": self.host.game_of(fresh.id),
                "running_on": e.host if (e := self.host.elsewhere.get(fresh.id)) else "",
                "daily": daily_seed(utc_today()),
                "live": self.host.watchable(fresh), "keys": keys,
                "notice": self.notice, **self.host.challenges.lobby_state(fresh)}

    def _send(self, message: dict[str, Any]) -> None:
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write((json.dumps(message) + "\n").encode())

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while True:
            try:
                line = await reader.readline()
            except (ValueError, asyncio.LimitOverrunError):
                return  # an over-long line: the lobby is misbehaving; ignore it from now
            if not line:
                return
            try:
                request = json.loads(line)
                if not isinstance(request, dict):
                    raise ValueError
            except ValueError:
                continue
            reply = await self.handle(request)
            self._send({"type": "reply", **reply})

    async def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        accounts = self.host.accounts
        acc = self.account
        try:
            if op in CHOICES:
                return self._choose(op, req)
            if op in LOBBY_OPS:
                return await self.host.challenges.lobby_op(acc, req)
            if op == "scores":
                seed = req.get("seed") if isinstance(req.get("seed"), str) else None
                rows = await asyncio.to_thread(score_rows, self.host.scores, seed or None)
                return {"ok": True, "message": "", "scores": rows}
            if acc.guest:
                return {"ok": False, "message": "Guests have no account settings."}
            if op == "passwd":
                await self.host.hash_work(accounts.set_password, acc.id,
                                          str(req.get("old", "")), str(req.get("new", "")))
                self.host.password_changed(acc.id)
                return {"ok": True, "message": "Password changed."}
            if op == "allow_watch":
                self.host.set_allow_watch(acc, bool(req.get("value")))
                return {"ok": True, "message": "Saved."}
            if op == "add_key":
                accounts.add_key(acc.id, str(req.get("line", "")))
                self.host.changed()
                return {"ok": True, "message": "Key added."}
            if op == "remove_key":
                ok = accounts.remove_key(acc.id, int(req.get("id", 0)))
                self.host.changed()
                return {"ok": ok, "message": "Key removed." if ok else "No such key."}
        except AccountError as err:
            return {"ok": False, "message": str(err)}
        except (TypeError, ValueError):
            pass
        return {"ok": False, "message": "Unknown request."}

    def _choose(self, op: str, req: dict[str, Any]) -> dict[str, Any]:
        choice: dict[str, Any] = {"op": op}
        if op == "reattach" and self.account.id not in self.host.games \
                and self.account.id not in self.host.elsewhere:
            starting = self.account.id in self.host.starting
            return {"ok": False, "message": "Your game is still starting on the other "
                    "connection; try again in a moment." if starting else "Your game has ended."}
        if op == "play" and req.get("seed"):
            try:
                choice["seed"] = normalise_seed(str(req["seed"]))
            except SeedError as err:
                return {"ok": False, "message": str(err)}
        if op == "watch":
            choice["id"] = int(req.get("id", 0))
        if op == "attempt":
            choice.update(code=str(req.get("code", ""))[:30], practice=bool(req.get("practice")))
        if op == "continue" and self.host.challenges.is_closing(self.account):
            return {"ok": False, "message": "Your attempt is being scored as it stands: it "
                    "cannot be continued."}
        if op in ("play", "continue", "attempt") \
                and not self.host.reserve(self.account.id, self.session):
            return {"ok": False, "message": TAKEN}
        self.choice = choice
        if op in ("play", "continue", "attempt"):
            self.session.trace = PlayTrace(self.session.last_input)
            self.session.trace.mark("chosen")
        self.chosen.set()
        return {"ok": True, "message": ""}
