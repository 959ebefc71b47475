"""One job of the verification queue, as a worker process runs it.

A `verify` job proves a replay: read (at most the size limit), decoded (every field
checked; text holding a control character refused), checked against its challenge (game
version and content, seed, party), then re-simulated action by action under a CPU-time
limit. A replay made by another version of the game than this host runs goes back to the
queue marked with the version it needs, for a host that runs it. A `close` job first
makes the replay of an attempt its player left for good, from the attempt's save.

Every outcome is written to the store: verified (with the score and the game's place on
its challenge's board, then made public unless its seed is still hidden), refused (with
the reason and, for a replay that does not replay, the first diverging action), void (an
attempt left before its first action) or waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roguelike import __version__
from roguelike.challenges import files
from roguelike.challenges.limits import Limits
from roguelike.challenges.model import Challenge, engine_key, iso, this_engine, utc_now
from roguelike.challenges.publish import may_publish, publish
from roguelike.challenges.store import Entry, Job, Store
from roguelike.content.loader import default_content
from roguelike.engine.game import Game
from roguelike.engine.party import party_words
from roguelike.records import account
from roguelike.records.atomic import atomic_write
from roguelike.records.capture import capture
from roguelike.records.codec import Record, RecordError, decode, encode
from roguelike.records.replay import verify_record
from roguelike.records.save import retire_save


class TooSlow(Exception):
    pass


def run_job(store: Store, data: Path, job: Job, limits: Limits,
            renew: Callable[[], None]) -> str:
    """Run `job` to an outcome in the store; returns that outcome ('verified', 'refused',
    'void', 'waiting' or 'gone')."""
    entry = store.game(job.game)
    if entry is None or entry.status != "pending":
        return "gone"
    if job.tries > limits.tries:
        return _refuse(store, entry, f"verification stopped {job.tries - 1} times without "
                       "an answer (the replay may make the verifier fail)")
    challenge = store.challenge_by_id(entry.challenge) if entry.challenge else None
    if job.kind == "close":
        made = _close(store, data, entry, challenge)
        if isinstance(made, str):
            return made
        raw = made
    else:
        try:
            raw = files.read_at_most(Path(data) / entry.replay, limits.max_bytes)
        except files.TooBig as err:
            return _refuse(store, entry, str(err))
        except OSError as err:
            return _refuse(store, entry, f"the replay cannot be read: {err.strerror}")
    return _prove(store, data, job, entry, challenge, raw, limits, renew)


def _prove(store: Store, data: Path, job: Job, entry: Entry, challenge: Challenge | None,
           raw: bytes, limits: Limits, renew: Callable[[], None]) -> str:
    try:
        record = decode(raw)
    except RecordError as err:
        return _refuse(store, entry, f"not a replay this game can read: {err}")
    store.described(entry.id, seed=record.seed, party=_party_words(record),
                    game_version=record.game_version, content_digest=record.content_digest,
                    actions=len(record.actions))
    problem = _rule_problem(record, challenge)
    if problem:
        return _refuse(store, entry, problem)
    needs = engine_key(record.game_version, record.content_digest)
    if needs != this_engine():
        store.job_waits(job.id, entry.id, needs,
                        f"made with game version {record.game_version} (content "
                        f"{record.content_digest}); this host runs {__version__} (content "
                        f"{default_content().digest}) and cannot verify it: it waits for "
                        "a host that runs that version")
        return "waiting"
    if len(record.actions) > limits.max_actions:
        return _refuse(store, entry, f"the replay holds {len(record.actions):,} actions; "
                       f"this host verifies at most {limits.max_actions:,} (about "
                       f"{limits.cpu_seconds:g} s of work)")
    try:
        result = verify_record(record, progress=_clock(limits.cpu_seconds, renew))
    except TooSlow:
        return _refuse(store, entry, f"verifying it took more than {limits.cpu_seconds:g} "
                       "s of processor time, this host's limit")
    if not result["verified"]:
        where = result.get("diverged_at") or {}
        return _refuse(store, entry, str(result.get("reason", "it does not verify")),
                       where.get("index"), where.get("round"))
    return _accept(store, data, entry, challenge, record, result)


def _accept(store: Store, data: Path, entry: Entry, challenge: Challenge | None,
            record: Record, result: dict[str, Any]) -> str:
    key = f"{record.seed}:{len(record.actions)}:{result['state_hash']}"
    now = iso(utc_now())
    public = may_publish(challenge, now)
    if not store.verified(entry.id, key=key, score=int(result["score"]),
                          parts=dict(result["score_parts"]), depth=int(result["depth"]),
                          turns=int(result["turns"]),
                          outcome=str(result["outcome"]) or "left",  # (scored as it stood)
                          now=now, published=False):
        first = store.game_with_key(key)
        return _refuse(store, entry, f"this very game is on the host already (game "
                       f"{first.id if first else '?'}): a game counts once")
    if public:
        fresh = store.game(entry.id)
        assert fresh is not None
        publish(store, data, fresh, challenge)
    return "verified"


def _rule_problem(record: Record, challenge: Challenge | None) -> str | None:
    if record.kind != "replay":
        return ("this is a save (a game in progress), not a replay: finish the game, or "
                "quit it with Q (scored as it stands), and send the replay it writes")
    if challenge is None:
        return None
    problem = challenge.version_problem(record.game_version, record.content_digest)
    if problem:
        return problem
    if record.seed != challenge.seed:
        return f"the game is not on the seed of challenge {challenge.code}"
    return challenge.party_problem(record.party)


def _close(store: Store, data: Path, entry: Entry, challenge: Challenge | None
           ) -> bytes | str:
    """The replay of an attempt left for good, from its save (then retired): its bytes,
    or the outcome already written ('refused', 'void')."""
    folder = Path(data) / "accounts" / str(entry.account)
    game, notes = account.resume(folder)
    if game is None:
        return _refuse(store, entry, "nothing of this attempt was saved"
                       + (f" ({' '.join(notes)})" if notes else ""))
    if challenge is not None and game.seed != challenge.seed:
        return _refuse(store, entry, "the saved game is not this challenge's")
    if not game.history:
        retire_save(account.save_dir(folder), account.SAVE_SLOT)
        store.void(entry.id, "left before its first action")
        return "void"
    raw = encode(capture(game, "replay", entry.player))
    if entry.origin:  # beside the replays its games wrote (the score table names it)
        origin = Path(data) / entry.origin
        origin.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(origin, raw)
    rel, digest = files.keep(data, raw)
    store.set_replay(entry.id, rel, len(raw), digest)
    retire_save(account.save_dir(folder), account.SAVE_SLOT)
    return raw


def _clock(limit: float, renew: Callable[[], None]) -> Callable[[Game, int], None]:
    """A progress hook: TooSlow past `limit` s of CPU, the job's lease renewed meanwhile."""
    start = time.process_time()
    last = time.monotonic()

    def check(_game: Game, n: int) -> None:
        nonlocal last
        if n & 127:
            return
        if time.process_time() - start > limit:
            raise TooSlow
        if time.monotonic() - last > 5.0:
            last = time.monotonic()
            renew()

    return check


def _party_words(record: Record) -> str:
    try:
        return party_words(record.party, default_content())
    except KeyError:
        return ", ".join("/".join(member) for member in record.party)


def _refuse(store: Store, entry: Entry, reason: str, index: int | None = None,
            round_: int | None = None) -> str:
    store.refused(entry.id, reason, index, round_)
    return "refused"

