"""The host's side of seed challenges: witnessed attempts, the lobby's challenge requests,
the games the host ran going to the verification queue, and the windows' clock.

A witnessed attempt: the lobby asks for it (`attempt`), the host records the attempt (the
seed is the player's from then on) and starts the game on the challenge's seed and party.
The game's process plays it like any other: a hang-up saves it and the lobby offers to
continue it; when it ends (death, victory, retirement, or quitting with Q) its replay goes
to the queue as the attempt's game. An attempt left for good (ended in the lobby, or
still saved when its window closes) is scored as it stands: a worker makes its replay
from the save. While a hidden seed's window is open, its attempts cannot be watched.

Everything that reads or writes the database runs in a thread, never on the event loop;
what the lobby's state needs every few seconds is kept in memory here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roguelike.challenges import board
from roguelike.challenges.model import Challenge, iso, utc_now
from roguelike.challenges.service import Refused, Service
from roguelike.challenges.store import Attempt, Store
from roguelike.host import recordings
from roguelike.host.paths import account_dir
from roguelike.host.verifiers import Verifiers
from roguelike.records.account import has_save

if TYPE_CHECKING:
    from roguelike.host.accounts import Account
    from roguelike.host.registry import Host, LiveGame

log = logging.getLogger("roguelike.host")
LOBBY_OPS = ("challenges", "challenge", "create_challenge", "end_attempt")
BOARD_ROWS = 10  # rows of a board the lobby shows


class ChallengeHost:
    def __init__(self, host: Host) -> None:
        cfg = host.config
        self.host = host
        self.data = Path(cfg.data)
        self.store = Store.in_folder(cfg.data)
        self.service = Service(cfg.data, self.store, cfg.verify, cfg.rates)
        self.verifiers = Verifiers(cfg.data, self.store, cfg.verify_workers, cfg.verify,
                                   cfg.worker_idle)
        # account id -> its attempt in the save slot (open, witnessed), kept in memory
        self.attempts: dict[int, tuple[Attempt, Challenge]] = {}
        self.live: set[int] = set()  # accounts whose live game is their attempt
        self.closing: set[int] = set()  # accounts whose attempt a worker is ending
        self.open_count = 0
        self.task: asyncio.Task[None] | None = None

    # ----- the clock ----------------------------------------------------------------------
    async def start(self) -> None:
        await asyncio.to_thread(self._load)
        await self.verifiers.start()
        self.task = asyncio.get_running_loop().create_task(self._ticking())

    def _load(self) -> None:
        self.service.make_regular()
        for attempt in self.store.open_attempts("witnessed"):
            ch = self.store.challenge_by_id(attempt.challenge)
            if ch is not None:
                self.attempts[attempt.account] = (attempt, ch)
        self._count_open()

    def _count_open(self) -> None:
        now = utc_now()
        self.open_count = sum(1 for c in self.service.listing() if c.is_open(now))

    async def _ticking(self) -> None:
        while True:
            await asyncio.sleep(self.host.config.challenge_tick)
            try:
                await self.tick()
            except Exception:  # a bad moment must not stop the clock
                log.exception("challenge clock")

    async def tick(self) -> None:
        """Make today's and this week's challenges, publish the games of hidden seeds
        whose window closed, end attempts still saved at their window's close, put back
        jobs whose worker went silent, and start workers for what waits."""
        def work() -> None:
            self.service.make_regular()
            self._count_open()
            self.service.publish_closed()
            self.store.recover(now=int(time.time()))

        await asyncio.to_thread(work)
        now = utc_now()
        for account_id, (attempt, ch) in list(self.attempts.items()):
            if now >= ch.closes and account_id not in self.live \
                    and account_id not in self.host.games:
                await self._end(account_id, attempt, ch)
        await self.verifiers.ensure()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        await self.verifiers.stop()

    # ----- witnessed attempts -------------------------------------------------------------
    async def begin(self, account: Account, code: str, practice: bool
                    ) -> tuple[str, str | None, Attempt, Challenge]:
        """Record the start of an attempt: its seed and party rule for the game to start.
        Refused (for the lobby) when it cannot start; a practice game only if asked."""
        if account.guest:  # (a guest's account is gone when it leaves: no board row)
            raise Refused("Guests cannot take part in challenges: register a name (log in "
                          "with a new name and a password).")

        def work() -> tuple[Attempt, Challenge]:
            ch = self.service.find(code)
            self.service.can_start(ch)
            if has_save(account_dir(self.data, account.id)):
                raise Refused("Finish your saved game first: Continue it from the lobby.")
            if not practice and not self.service.next_is_ranked(ch, account.id):
                raise Refused(f"Your ranked attempt at {ch.code} is done: play it again "
                              "for practice.")
            return self.service.start(ch, account.id, account.name, "witnessed"), ch

        attempt, ch = await asyncio.to_thread(work)
        self.attempts[account.id] = (attempt, ch)
        return ch.seed, ch.party_text or None, attempt, ch

    async def start_game(self, account: Account, choice: dict[str, Any], cols: int,
                         rows: int, term: str, owner: object) -> LiveGame:
        """The lobby's `attempt`: the attempt recorded, then its game started."""
        seed, party, attempt, _ch = await self.begin(account, str(choice.get("code", "")),
                                                     bool(choice.get("practice")))
        try:
            return await self.host.start_game(account, seed, cols, rows, term, owner,
                                              party=party)
        except BaseException:  # no game: the attempt never began
            self.attempts.pop(account.id, None)
            await asyncio.to_thread(self.store.end_attempt, attempt.id, "void", None,
                                    iso(utc_now()))
            raise

    def started(self, game: LiveGame) -> None:
        """A game of the account started: its attempt's, if the save slot holds one."""
        if game.account.id in self.attempts:
            self.live.add(game.account.id)

    def status_seen(self, game: LiveGame) -> None:
        """The game reported its status: note the attempt's first action."""
        found = self.attempts.get(game.account.id)
        if found is None or game.account.id not in self.live:
            return
        attempt, ch = found
        if attempt.first_action_at is None and int(game.hub.status.get("actions", 0) or 0):
            now = iso(utc_now())
            self.attempts[game.account.id] = (replace(attempt, first_action_at=now), ch)
            asyncio.get_running_loop().run_in_executor(None, self.store.first_action,
                                                       attempt.id, now)

    def hides(self, account: Account) -> bool:
        """Is the account's live game an attempt whose seed is still hidden?"""
        found = self.attempts.get(account.id)
        return bool(found and account.id in self.live and found[1].hidden
                    and not found[1].seed_public(utc_now()))

    async def ended(self, account: Account, replays: list[tuple[Path, str]], seed: str
                    ) -> None:
        """A game process of the account ended; `replays` are the finished games it left
        (each with its path relative to the data folder), queued for their proof."""
        self.live.discard(account.id)
        for path, origin in replays:
            game_seed = seed or _seed_of(path)
            await asyncio.to_thread(self.service.witnessed, account.id, account.name, path,
                                    origin, game_seed)
            found = self.attempts.get(account.id)
            if found and found[1].seed == game_seed:
                del self.attempts[account.id]
        found = self.attempts.get(account.id)
        if found is not None and utc_now() >= found[1].closes:
            await self._end(account.id, *found)
        await self.verifiers.ensure()

    async def _end(self, account_id: int, attempt: Attempt, ch: Challenge) -> None:
        """An attempt left for good: a worker makes its replay from the save and scores
        it as it stands (recorded beside the account's other replays, with the
        recordings of its games)."""
        self.attempts.pop(account_id, None)
        self.closing.add(account_id)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        name = f"game-{ch.seed}-{stamp}-left.replay.json"
        origin = f"accounts/{account_id}/replays/{name}"

        def work() -> None:
            casts = recordings.claim_open(self.data, account_id, ch.seed)
            with contextlib.suppress(OSError):
                (recordings.ledger_dir(self.data, account_id) / name).write_text(
                    recordings.entry(True, casts))
            self.service.end_attempt(attempt, origin)

        await asyncio.to_thread(work)
        await self.verifiers.ensure()

    def is_closing(self, account: Account) -> bool:
        if account.id in self.closing and not has_save(account_dir(self.data, account.id)):
            self.closing.discard(account.id)
        return account.id in self.closing

    # ----- the lobby ----------------------------------------------------------------------
    def lobby_state(self, account: Account) -> dict[str, Any]:
        found = self.attempts.get(account.id)
        attempt = None
        if found is not None:
            attempt = {"code": found[1].code, "title": found[1].title,
                       "ranked": found[0].ranked, "closes": iso(found[1].closes)}
        return {"challenges": self.open_count, "attempt": attempt,
                "closing": self.is_closing(account)}

    async def lobby_op(self, account: Account, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        try:
            if op == "challenges":
                rows = await asyncio.to_thread(self._listing, account)
                return {"ok": True, "message": "", "challenges": rows}
            if op == "challenge":
                detail = await asyncio.to_thread(self._detail, account,
                                                 str(req.get("code", "")))
                return {"ok": True, "message": "", **detail}
            if account.guest:
                return {"ok": False, "message": "Guests cannot make or end challenges."}
            if op == "create_challenge":
                ch = await asyncio.to_thread(self.create, account, req)
                return {"ok": True, "code": ch.code,
                        "message": f"Challenge {ch.code} made: share its code."}
            if op == "end_attempt":
                found = self.attempts.get(account.id)
                if found is None or account.id in self.host.games:
                    return {"ok": False, "message": "You have no saved attempt to end."}
                await self._end(account.id, *found)
                return {"ok": True, "message": f"Your attempt at {found[1].code} is ended "
                        "and being scored as it stands."}
        except Refused as refused:
            return {"ok": False, "message": str(refused)}
        return {"ok": False, "message": "Unknown request."}

    def create(self, account: Account, req: dict[str, Any]) -> Challenge:
        """A player's challenge from the lobby's or the website's form."""
        fields = {k: str(req.get(k, ""))[:200] for k in
                  ("seed", "title", "party", "closes", "attempts")}
        ch = self.service.create(account.id, hidden=bool(req.get("hidden")), **fields)
        self._count_open()
        return ch

    def _listing(self, account: Account) -> list[dict[str, Any]]:
        out = []
        for ch in self.service.listing():
            view = self.service.view(ch, account.id)
            view["mine"] = self.standing_words(account, ch)
            out.append(view)
        return out

    def standing_words(self, account: Account, ch: Challenge) -> str:
        """What the account has done on the challenge, in a few words."""
        attempts = self.store.attempts_of(account.id, ch.id)
        if any(a.state == "open" and a.source == "witnessed" for a in attempts):
            return "your attempt is saved"
        placed = self.store.rank_of(ch.id, account.id) if attempts else None
        if placed is not None:
            return f"you: #{placed[0]}, {placed[1].score}"
        return "you: tried" if attempts else ""

    def _detail(self, account: Account, code: str) -> dict[str, Any]:
        ch = self.service.find(code)
        view = self.service.view(ch, account.id)
        rows = board.challenge_board(self.store, ch, 0, BOARD_ROWS, practice=5)
        found = self.attempts.get(account.id)
        mine = found is not None and found[1].id == ch.id
        can = ""
        if ch.is_open(utc_now()) and not mine:
            can = "ranked" if self.service.next_is_ranked(ch, account.id) else "practice"
        return {"challenge": view, "board": rows, "can": can, "mine": mine,
                "you": self.standing_words(account, ch),
                "rule": ch.rule_words(), "party": ch.party_words()}


def _seed_of(path: Path) -> str:
    """A replay's seed from its file name (`<slot>-<seed>-<stamp>.replay.json`), when the
    game did not report one; '' if it cannot be told (the worker reads the real one)."""
    parts = path.name.split("-")
    return "-".join(parts[1:-2]) if len(parts) > 3 else ""
