"""The host's challenge rules, over the store: making challenges (the daily and weekly by
itself), starting attempts, taking submissions (with their limits), taking the games the
host witnessed, ending attempts left for good and publishing a hidden seed's games when
its window closes. Every refusal is a `Refused` with a message for the player.

No call here re-simulates anything: that is the workers' (verify_job.py). The host calls
these from a thread, never on its event loop (each is a few short queries).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from roguelike import __version__
from roguelike.challenges import files, model
from roguelike.challenges.limits import Limits, RateLimits
from roguelike.challenges.model import Challenge, ChallengeError, iso, utc_now
from roguelike.challenges.publish import log_record, publish, replay_address
from roguelike.challenges.store import Attempt, Entry, Store
from roguelike.content.loader import default_content


class Refused(Exception):
    """A request refused; str() is for the player, `status` the HTTP status it maps to."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


CREATE_PER_DAY = 5  # custom challenges an account may make in a day
KEEP_CLOSED = timedelta(days=14)  # closed challenges still listed


class Service:
    def __init__(self, data: Path, store: Store, limits: Limits | None = None,
                 rates: RateLimits | None = None,
                 clock: Callable[[], datetime] = utc_now) -> None:
        self.data = Path(data)
        self.store = store
        self.limits = limits or Limits()
        self.rates = rates or RateLimits()
        self.clock = clock
        self.version = __version__
        self.digest = default_content().digest

    # ----- challenges ---------------------------------------------------------------------
    def make_regular(self) -> list[Challenge]:
        """Today's and this week's challenges (UTC), made if they are not yet."""
        now = self.clock()
        made = []
        for make in (model.daily, model.weekly):
            ch = make(now.date(), self.version, self.digest, now)
            if self.store.challenge(ch.code) is None:
                added = self.store.add_challenge(ch)
                if added is not None:
                    made.append(added)
        return made

    def create(self, account: int, **fields: Any) -> Challenge:
        """A player's challenge (model.custom's fields); Refused says what to change."""
        now = self.clock()
        if self.store.made_since(account, iso(now - timedelta(days=1))) >= CREATE_PER_DAY:
            raise Refused(f"You have made {CREATE_PER_DAY} challenges today: try again "
                          "tomorrow.", 429)
        try:
            draft = model.custom(game_version=self.version, content_digest=self.digest,
                                 now=now, created_by=account, **fields)
        except ChallengeError as err:
            raise Refused(str(err)) from None
        for _ in range(20):  # a code is 30**6: a clash is rare, and retried
            added = self.store.add_challenge(model.with_code(draft, model.new_code()))
            if added is not None:
                return added
        raise Refused("No free code was found: try again.", 503)

    def find(self, code: str) -> Challenge:
        ch = self.store.challenge(code.strip().lower()) if model.code_ok(
            code.strip().lower()) else None
        if ch is None:
            raise Refused(f"There is no challenge {code[:30]!r} on this host.", 404)
        return ch

    def listing(self) -> list[Challenge]:
        now = self.clock()
        return self.store.challenges(iso(now), iso(now - KEEP_CLOSED))

    def seed_known(self, ch: Challenge, account: int | None) -> bool:
        """May this viewer see the seed? (Public, or their attempt has started.)"""
        if ch.seed_public(self.clock()):
            return True
        return account is not None and bool(self.store.attempts_of(account, ch.id))

    def view(self, ch: Challenge, account: int | None) -> dict[str, Any]:
        out = ch.public(self.clock(), self.seed_known(ch, account))
        out["url"] = f"/c/{ch.code}"
        return out

    # ----- attempts -----------------------------------------------------------------------
    def can_start(self, ch: Challenge) -> None:
        now = self.clock()
        if now < ch.opens:
            raise Refused(f"Challenge {ch.code} opens at {iso(ch.opens)}.", 409)
        if now >= ch.closes:
            raise Refused(f"Challenge {ch.code} closed at {iso(ch.closes)}.", 409)
        if (ch.game_version, ch.content_digest) != (self.version, self.digest):
            raise Refused(f"Challenge {ch.code} is played with game version "
                          f"{ch.game_version} (content {ch.content_digest}); this host runs "
                          f"{self.version} (content {self.digest}).", 409)

    def next_is_ranked(self, ch: Challenge, account: int) -> bool:
        return ch.attempts == "best" or not any(
            a.ranked and a.state != "void" for a in self.store.attempts_of(account, ch.id))

    def start(self, ch: Challenge, account: int, player: str, source: str) -> Attempt:
        """An attempt starts: the seed is the player's from now. A local player asking
        again gets the attempt already open (the same seed, told again)."""
        self.can_start(ch)
        if source == "local":
            for attempt in self.store.attempts_of(account, ch.id):
                if attempt.source == "local" and attempt.state == "open":
                    return attempt
        return self.store.start_attempt(ch, account, player, source, iso(self.clock()))

    def open_witnessed(self, account: int) -> tuple[Attempt, Challenge] | None:
        """The account's attempt being played on the host (its save slot holds it)."""
        for attempt in reversed(self.store.open_attempts("witnessed", account)):
            ch = self.store.challenge_by_id(attempt.challenge)
            if ch is not None:
                return attempt, ch
        return None

    def end_attempt(self, attempt: Attempt, origin: str) -> int:
        """An attempt its player leaves for good (or whose window closed while it was
        saved): a 'close' job makes its replay from the save and proves it."""
        now = iso(self.clock())
        return self.store.add_game(
            account=attempt.account, player=attempt.player, source="witnessed",
            challenge=attempt.challenge, attempt=attempt.id, ranked=attempt.ranked,
            replay="", size=0, sha256="", addr="", now=now, ended_at=now, origin=origin,
            job="close")

    # ----- games --------------------------------------------------------------------------
    def witnessed(self, account: int, player: str, replay: Path, origin: str,
                  seed: str) -> int:
        """A finished game the host ran (its replay in the account's folder, `origin`
        relative to the data folder; `seed` as the game reported it): kept and queued,
        as the attempt it ends when the account had one open on that seed."""
        now = iso(self.clock())
        attempt = None
        found = self.open_witnessed(account)
        if found is not None and found[1].seed == seed:
            attempt = found[0]
        rel, size, digest, status, reason = "", 0, "", "pending", ""
        try:
            raw = files.read_at_most(replay, self.limits.max_bytes)
        except (files.TooBig, OSError) as err:
            why = str(err) if isinstance(err, files.TooBig) else err.strerror or str(err)
            status, reason = "refused", f"the replay cannot be taken: {why}"
        else:
            rel, digest = files.keep(self.data, raw)
            size = len(raw)
        return self.store.add_game(
            account=account, player=player, source="witnessed",
            challenge=attempt.challenge if attempt else None,
            attempt=attempt.id if attempt else None, ranked=bool(attempt and attempt.ranked),
            replay=rel, size=size, sha256=digest, addr="", now=now, ended_at=now, seed=seed,
            origin=origin, status=status, reason=reason)

    def submit(self, account: int, player: str, addr: str, raw: bytes,
               code: str | None) -> Entry:
        """A replay played elsewhere: checked for size and rate, kept and queued. The
        same bytes sent again get the game they made the first time."""
        if len(raw) > self.limits.max_bytes:
            raise Refused(f"The replay is over {self.limits.max_bytes // 1024} KiB, this "
                          "host's limit.", 413)
        if not raw.strip():
            raise Refused("The replay is empty.")
        ch = self.find(code) if code else None
        digest = files.sha256(raw)
        same = self.store.game_with_sha(digest)
        if same is not None and same.account == account and same.challenge == (
                ch.id if ch else None):
            return same
        self._rate(account, addr)
        now = self.clock()
        attempt = None
        if ch is not None:
            attempt = self._submission_attempt(ch, account, player, now)
        rel, _ = files.keep(self.data, raw)
        game_id = self.store.add_game(
            account=account, player=player, source="local", challenge=ch.id if ch else None,
            attempt=attempt.id if attempt else None, ranked=bool(attempt and attempt.ranked),
            replay=rel, size=len(raw), sha256=digest, addr=addr, now=iso(now),
            ended_at=iso(now))
        entry = self.store.game(game_id)
        assert entry is not None
        return entry

    def _submission_attempt(self, ch: Challenge, account: int, player: str,
                            now: datetime) -> Attempt:
        if not ch.is_open(now):
            raise Refused(f"Challenge {ch.code} is not open now (it runs from "
                          f"{iso(ch.opens)} to {iso(ch.closes)}).", 409)
        mine = self.store.attempts_of(account, ch.id)
        for attempt in mine:
            if attempt.source == "local" and attempt.state == "open":
                return attempt
        if ch.hidden and not mine:
            raise Refused(f"Challenge {ch.code} hides its seed until your attempt starts: "
                          f"start it with `roguelike play --challenge {ch.code} --host URL`, "
                          "then send the replay of that game.", 409)
        return self.store.start_attempt(ch, account, player, "local", iso(now))

    def _rate(self, account: int, addr: str) -> None:
        r = self.rates
        since = iso(self.clock() - timedelta(seconds=r.window))
        by_account, by_addr, pending = self.store.submitted_since(account, addr, since)
        minutes = max(1, r.window // 60)
        if by_account >= r.per_account:
            raise Refused(f"Too many submissions from this account: at most {r.per_account} "
                          f"in {minutes} minutes. Try again later.", 429)
        if by_addr >= r.per_addr:
            raise Refused(f"Too many submissions from this address: at most {r.per_addr} in "
                          f"{minutes} minutes. Try again later.", 429)
        if pending >= r.pending:
            raise Refused(f"You have {pending} replays waiting to be verified: wait for "
                          "them first.", 429)

    # ----- windows closing ----------------------------------------------------------------
    def publish_closed(self) -> int:
        """Hidden challenges whose window has closed: their verified games go public."""
        n = 0
        for ch in self.store.to_publish(iso(self.clock())):
            for entry in self.store.unpublished(ch.id):
                publish(self.store, self.data, entry, ch)
                n += 1
            self.store.mark_published(ch.id)
        return n

    # ----- what a player is told ----------------------------------------------------------
    def status(self, entry: Entry, viewer: int | None) -> dict[str, Any]:
        """A game's state (the API, `roguelike submit`): what it scored once verified; a
        hidden seed's game before its window closes tells its results only to its
        player."""
        code = None
        if entry.challenge is not None:
            ch = self.store.challenge_by_id(entry.challenge)
            code = ch.code if ch else None
        job = self.store.job_of(entry.id)
        out: dict[str, Any] = {
            "game": entry.id, "status": entry.status, "challenge": code,
            "ranked": entry.ranked, "witnessed": entry.source == "witnessed",
            "reason": entry.reason or None, "note": entry.note or None,
            "verifying": bool(job and job[0] == "running"), "page": f"/g/{entry.id}"}
        if entry.diverged_at is not None:
            out["diverged_at"] = {"index": entry.diverged_at, "round": entry.diverged_round}
        if entry.status == "verified" and (entry.published or viewer == entry.account):
            out.update(log_record(entry, code))
            out["replay"] = replay_address(entry.id)
        return out
