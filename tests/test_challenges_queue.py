"""The verification queue (issue 29, part 2): jobs in the database, run by workers; every
kind of bad replay refused with its reason (a tampered one with its first diverging
action); another game version's replay left waiting; limits on size, length, time and
rate; a worker process that dies leaves its job to the next."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

import pytest
from challenge_kit import bot_replay, edited, first_step, swap_action

from roguelike.challenges.limits import Limits, RateLimits
from roguelike.challenges.model import iso, this_engine
from roguelike.challenges.service import Refused, Service
from roguelike.challenges.store import Store
from roguelike.challenges.worker import work_one
from roguelike.records.replay import verify_file

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    return bot_replay(tmp_path_factory.mktemp("r") / "a.replay.json", actions=300)


def host(tmp_path, limits=None, rates=None):
    svc = Service(tmp_path, Store.in_folder(tmp_path), limits, rates, clock=lambda: NOW)
    svc.make_regular()
    return svc


def drain(svc: Service, limits: Limits | None = None) -> list[str]:
    out = []
    while (done := work_one(svc.store, svc.data, "t", this_engine(), limits or Limits())):
        out.append(done[1])
    return out


def test_a_submitted_replay_is_queued_verified_and_public(tmp_path, replay):
    svc = host(tmp_path)
    entry = svc.submit(1, "ann", "10.0.0.1", replay.read_bytes(), None)
    assert entry.status == "pending" and svc.store.queue_counts() == {"pending": 1}
    assert svc.status(entry, 1)["status"] == "pending"
    assert drain(svc) == ["verified"]
    done = svc.store.game(entry.id)
    want = verify_file(replay)
    assert done.status == "verified" and done.published
    assert (done.score, done.turns, done.depth) == (want["score"], want["turns"],
                                                    want["depth"])
    assert svc.store.queue_counts() == {"done": 1}
    rows, total = svc.store.seed_board("amber-wolf-17", 0, 10)
    assert total == 1 and rows[0].id == entry.id and rows[0].source == "local"
    [(n, line)] = svc.store.log_after(0, 10)
    assert n == 1
    logged = json.loads(line)
    assert logged["game"] == entry.id and logged["score"] == want["score"]
    assert logged["witnessed"] is False and logged["replay"] == f"/g/{entry.id}/replay"
    # the same bytes again: the same game, not a second one
    assert svc.submit(1, "ann", "10.0.0.1", replay.read_bytes(), None).id == entry.id


def test_a_tampered_replay_is_refused_at_its_first_diverging_action(tmp_path, replay):
    svc = host(tmp_path)
    i = first_step(replay)
    bad = edited(replay, tmp_path / "bad.json", swap_action(i))
    entry = svc.submit(1, "ann", "a", bad.read_bytes(), None)
    assert drain(svc) == ["refused"]
    done = svc.store.game(entry.id)
    assert done.status == "refused" and done.diverged_at == i
    said = svc.status(done, None)
    assert said["diverged_at"]["index"] == i and said["diverged_at"]["round"] >= 1
    assert "differs from the recording" in said["reason"] or "refused" in said["reason"]


@pytest.mark.parametrize(("make", "says"), [
    (lambda raw: raw[: len(raw) // 2], "truncated or damaged"),
    (lambda raw: raw.replace(b'"kind":"step"', b'"kind":"stepp"', 1), "checksum"),
    (lambda raw: b"<html><script>alert(1)</script></html>", "not valid JSON"),
])
def test_bad_bytes_are_refused_with_their_reason(tmp_path, replay, make, says):
    svc = host(tmp_path)
    entry = svc.submit(1, "ann", "a", make(replay.read_bytes()), None)
    assert drain(svc) == ["refused"]
    assert says in svc.store.game(entry.id).reason


def test_escape_sequences_are_refused_and_html_is_only_text(tmp_path, replay):
    svc = host(tmp_path)

    def evil(body):
        body["player"] = "\x1b]0;owned\x07\x1b[31mann"

    escaped = edited(replay, tmp_path / "esc.json", evil)
    entry = svc.submit(1, "ann", "a", escaped.read_bytes(), None)
    assert drain(svc) == ["refused"]
    assert "control character U+001B" in svc.store.game(entry.id).reason


def test_a_save_is_not_a_replay(tmp_path, replay):
    svc = host(tmp_path)

    def as_save(body):
        body["kind"] = "save"

    entry = svc.submit(1, "ann", "a", edited(replay, tmp_path / "s", as_save).read_bytes(),
                       None)
    drain(svc)
    assert "a save (a game in progress), not a replay" in svc.store.game(entry.id).reason


def test_another_versions_replay_waits_for_a_host_that_runs_it(tmp_path, replay):
    svc = host(tmp_path)

    def newer(body):
        body["game_version"] = "9.9.9"

    entry = svc.submit(1, "ann", "a", edited(replay, tmp_path / "n", newer).read_bytes(),
                       None)
    assert drain(svc) == ["waiting"]  # taken once, put back, not taken again by us
    waiting = svc.store.game(entry.id)
    assert waiting.status == "pending" and "9.9.9" in waiting.note
    assert "cannot verify it" in svc.status(waiting, 1)["note"]
    assert svc.store.queue_counts() == {"pending": 1}
    assert svc.store.claimable([this_engine()]) == 0  # (no worker is started for it)
    # a host that runs 9.9.9 takes it (the queue is shared through the database)
    job = svc.store.claim("other", ["9.9.9+" + waiting.content_digest], 0, 60, "now")
    assert job is not None and job.game == entry.id


def test_a_challenge_refuses_another_version_saying_which(tmp_path, replay):
    svc = host(tmp_path)
    ch = svc.create(1, seed="amber wolf 17", title="", party="", closes="2d",
                    attempts="one", hidden=False)

    def older(body):
        body["game_version"] = "0.0.9"

    entry = svc.submit(1, "ann", "a", edited(replay, tmp_path / "o", older).read_bytes(),
                       ch.code)
    assert drain(svc) == ["refused"]
    reason = svc.store.game(entry.id).reason
    assert "played with game version 0.1.0" in reason and "made with version 0.0.9" in reason


def test_a_challenge_checks_its_seed_and_party(tmp_path, replay):
    svc = host(tmp_path)
    other = svc.create(1, seed="other seed", title="", party="", closes="2d",
                       attempts="one", hidden=False)
    mages = svc.create(1, seed="amber wolf 17", title="", party="mage,mage,mage",
                       closes="2d", attempts="one", hidden=False)
    a = svc.submit(1, "ann", "a", replay.read_bytes(), other.code)
    b = svc.submit(2, "bob", "b", replay.read_bytes(), mages.code)
    drain(svc)
    assert "not on the seed of challenge" in svc.store.game(a.id).reason
    assert "played with the party mage, mage, mage" in svc.store.game(b.id).reason


def test_limits_on_length_and_time(tmp_path, replay):
    svc = host(tmp_path, limits=Limits(max_actions=100))
    entry = svc.submit(1, "ann", "a", replay.read_bytes(), None)
    drain(svc, Limits(max_actions=100))
    assert "holds 300 actions; this host verifies at most 100" in svc.store.game(
        entry.id).reason
    svc2 = host(tmp_path / "2")
    entry = svc2.submit(1, "ann", "a", replay.read_bytes(), None)
    drain(svc2, Limits(cpu_seconds=0.000001))
    assert "processor time" in svc2.store.game(entry.id).reason


def test_size_and_rate_limits_answer_at_once(tmp_path, replay):
    svc = host(tmp_path, limits=Limits(max_bytes=1000),
               rates=RateLimits(per_account=2, per_addr=3, pending=10))
    with pytest.raises(Refused) as big:
        svc.submit(1, "ann", "a", replay.read_bytes(), None)
    assert big.value.status == 413 and "over 0 KiB" in str(big.value)
    for n in range(2):
        svc.submit(1, "ann", "a", b"x%d" % n, None)
    with pytest.raises(Refused, match="from this account") as many:
        svc.submit(1, "ann", "b", b"x9", None)
    assert many.value.status == 429
    svc.submit(2, "bob", "a", b"y", None)
    with pytest.raises(Refused, match="from this address"):
        svc.submit(3, "cy", "a", b"z", None)
    pending = host(tmp_path / "p", rates=RateLimits(pending=1))
    pending.submit(1, "ann", "a", b"one", None)
    with pytest.raises(Refused, match="waiting to be verified"):
        pending.submit(1, "ann", "a", b"two", None)


def test_one_game_counts_once(tmp_path, replay):
    svc = host(tmp_path)
    first = svc.submit(1, "ann", "a", replay.read_bytes(), None)

    def renamed(body):
        body["player"] = "not ann"

    copy = svc.submit(2, "bob", "b", edited(replay, tmp_path / "c", renamed).read_bytes(),
                      None)
    assert drain(svc) == ["verified", "refused"]
    assert f"on the host already (game {first.id})" in svc.store.game(copy.id).reason


def test_a_hidden_challenge_takes_submissions_only_after_the_attempt_starts(tmp_path, replay):
    svc = host(tmp_path)
    week = svc.find("week-2026-49")
    with pytest.raises(Refused, match="hides its seed until your attempt starts"):
        svc.submit(1, "ann", "a", replay.read_bytes(), week.code)


def test_one_ranked_attempt_and_practice_on_the_board(tmp_path, replay):
    svc = host(tmp_path)
    ch = svc.create(1, seed="amber wolf 17", title="", party="", closes="2d",
                    attempts="one", hidden=False)
    short = bot_replay(tmp_path / "short.json", actions=120)
    ranked = svc.submit(1, "ann", "a", short.read_bytes(), ch.code)
    practice = svc.submit(1, "ann", "a", replay.read_bytes(), ch.code)
    other = svc.submit(2, "bob", "b", edited(replay, tmp_path / "b", lambda b: b.update(
        player="bob")).read_bytes(), ch.code)
    assert ranked.ranked and not practice.ranked and other.ranked
    drain(svc)
    board, total = svc.store.board(ch.id, 0, 10)
    assert total == 1 and [e.id for e in board] == [ranked.id]  # bob's is a copy
    assert [e.id for e in svc.store.practice(ch.id, 0, 10)[0]] == [practice.id]


def test_a_dead_workers_job_is_taken_again_and_given_up_after_three_tries(tmp_path, replay):
    svc = host(tmp_path)
    entry = svc.submit(1, "ann", "a", replay.read_bytes(), None)
    for n in range(3):  # a worker takes it and dies: the host puts it back
        assert svc.store.claim(f"dead{n}", [this_engine()], 0, 60, "now") is not None
        assert svc.store.recover(f"dead{n}") == 1
    assert svc.store.job_of(entry.id) == ("pending", 3)
    assert drain(svc) == ["refused"]
    assert "stopped 3 times" in svc.store.game(entry.id).reason
    # a lease that ran out frees the job for anyone
    other = svc.submit(2, "bob", "b", b"{}", None)
    svc.store.claim("slow", [this_engine()], 100, 60, "now")
    assert svc.store.recover(now=150) == 0 and svc.store.recover(now=161) == 1
    assert svc.store.job_of(other.id)[0] == "pending"


def test_a_worker_process_runs_the_queue_and_ends_when_idle(tmp_path, replay):
    svc = host(tmp_path)
    entry = svc.submit(1, "ann", "a", replay.read_bytes(), None)
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "roguelike.challenges.worker", "--data",
                           str(tmp_path), "--name", "w1", "--idle", "0.5"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert svc.store.game(entry.id).status == "verified"
    assert "verified" in proc.stderr and time.monotonic() - started < 60


def test_the_public_log_reads_from_an_offset(tmp_path, replay):
    svc = host(tmp_path)
    for n, actions in enumerate((50, 60, 70)):
        svc.submit(1, "ann", "a", bot_replay(tmp_path / f"{n}.json",
                                             actions=actions).read_bytes(), None)
    drain(svc)
    lines = svc.store.log_after(0, 10)
    assert [n for n, _ in lines] == [1, 2, 3]
    assert [n for n, _ in svc.store.log_after(2, 10)] == [3]
    assert svc.store.log_after(3, 10) == []


def test_the_rate_window_moves_on(tmp_path):
    late = NOW + timedelta(minutes=11)
    store = Store.in_folder(tmp_path)
    early = Service(tmp_path, store, rates=RateLimits(per_account=1), clock=lambda: NOW)
    early.submit(1, "ann", "a", b"one", None)
    with pytest.raises(Refused):
        early.submit(1, "ann", "a", b"two", None)
    Service(tmp_path, store, rates=RateLimits(per_account=1, pending=9),
            clock=lambda: late).submit(1, "ann", "a", b"two", None)
    assert iso(late) > iso(NOW)
