"""Witnessed attempts over SSH (issue 29, part 3), through the real keys of the lobby and
the game, on the host in-process on loopback: the attempt is recorded from its first
action, quitting ends it scored, the next game on the challenge is practice, a hidden
seed stays hidden (and unwatched) until the attempt starts, a hang-up keeps the attempt
to continue, and one left for good is scored as it stands."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from challenge_kit import ENTER, ESC, open_challenge, quit_game, start

from roguelike import __version__
from roguelike.challenges import board as boards
from roguelike.challenges import model
from roguelike.challenges.model import utc_now
from roguelike.content.loader import default_content
from roguelike.host import recordings
from roguelike.host.client import Terminal
from roguelike.host.paths import account_dir
from roguelike.records.account import has_save
from roguelike.records.scores import top_scores

pytest_plugins = ("host_server",)
pytestmark = pytest.mark.slow


async def attempts_done(host, account_id: int, n: int, timeout: float = 30) -> list:
    """The account's attempts once `n` of them have their game in (the host queues a
    game's replay as soon as its process has ended)."""
    for _ in range(int(timeout * 4)):
        attempts = await asyncio.to_thread(host.challenges.store.attempts_of, account_id)
        if sum(a.game is not None for a in attempts) >= n:
            return attempts
        await asyncio.sleep(0.25)
    raise AssertionError(f"not {n} attempts ended: {attempts}")


async def settled(host, game_id: int, timeout: float = 60, published: bool = False
                  ) -> object:
    """The game once proved (and, with `published`, once public too: the worker marks a
    game verified, then publishes it, in two steps)."""
    for _ in range(int(timeout * 4)):
        entry = await asyncio.to_thread(host.challenges.store.game, game_id)
        if entry is not None and entry.status != "pending" \
                and (entry.published or not published or entry.status != "verified"):
            return entry
        await asyncio.sleep(0.25)
    raise AssertionError(f"game {game_id} still pending")


async def published(host, game_id: int, timeout: float = 30) -> object:
    """The game once on the public log too: a worker marks it verified, then publishes it
    (the score table's row, the log's line), a moment later on a busy machine."""
    for _ in range(int(timeout * 4)):
        entry = await asyncio.to_thread(host.challenges.store.game, game_id)
        if entry is not None and entry.published:
            return entry
        await asyncio.sleep(0.25)
    raise AssertionError(f"game {game_id} verified but never published")


async def test_a_witnessed_attempt_counts_and_the_next_game_is_practice(server):
    host, port = await server()
    day = host.challenges.service.listing()[0]
    assert day.kind == "daily"
    t = await Terminal.connect(port, "alice", "secret1")
    await open_challenge(t, day.code)
    assert day.seed in t.text  # the daily's seed is public (it is `roguelike daily`'s)
    await start(t, "Start your ranked attempt")
    assert f"seed {day.seed}" in t.text
    alice = host.accounts.find("alice")
    [attempt] = host.challenges.store.attempts_of(alice.id)
    assert attempt.ranked and attempt.source == "witnessed" and attempt.first_action_at is None
    await quit_game(t)
    [attempt] = await attempts_done(host, alice.id, 1)
    assert attempt.first_action_at is not None and attempt.state == "ended"
    first = await settled(host, attempt.game, published=True)
    assert first.status == "verified" and first.source == "witnessed" and first.ranked
    first = await published(host, attempt.game)
    assert first.outcome == "quit" and first.actions >= 4 and first.published
    # in the host's score table too, whose game page plays its recording: the board's
    # "watch" link
    assert first.score_row is not None
    [row] = boards.challenge_board(host.challenges.store, day)["rows"]
    assert row["watch"] == f"/games/{first.score_row}" and row["witnessed"] is True
    scored = top_scores(host.config.data, day.seed)
    assert [(r["id"], r["player"], r["score"]) for r in scored] == [
        (first.score_row, "alice", first.score)]
    assert recordings.casts_of(host.config.data, scored[0]["replay"])  # its asciicast
    # its board, in the lobby
    await open_challenge(t, day.code)
    await t.wait_for("you: #1")
    assert "alice" in t.text and "witnessed" in t.text and "quit" in t.text
    # the second game on the challenge is practice, shown apart
    await start(t, "Play it for practice")
    await quit_game(t, "lljj")  # (another game: the same keys would make the same game)
    second = [a for a in await attempts_done(host, alice.id, 2) if a.id != attempt.id]
    assert len(second) == 1 and not second[0].ranked
    practice = await settled(host, second[0].game)
    assert practice.status == "verified" and not practice.ranked
    board, total = host.challenges.store.board(day.id, 0, 10)
    assert total == 1 and board[0].id == first.id
    assert [e.id for e in host.challenges.store.practice(day.id, 0, 10)[0]] == [practice.id]
    await open_challenge(t, day.code)
    await t.wait_for("Practice")
    t.close()


async def test_a_hidden_seed_stays_hidden_and_a_left_attempt_scores_as_it_stands(server):
    host, port = await server(detach_grace=0.3)
    week = next(c for c in host.challenges.service.listing() if c.kind == "weekly")
    assert week.hidden
    bob = await Terminal.connect(port, "bob", "secret2")
    await open_challenge(bob, week.code)
    assert "seed hidden until your attempt starts" in bob.text and week.seed not in bob.text
    alice = await Terminal.connect(port, "alice", "secret1")
    await open_challenge(alice, week.code)
    assert week.seed not in alice.text
    await start(alice, "Start your ranked attempt")
    # told as the attempt starts (on the status line, drawn with the first screen or,
    # on a busy machine, a frame after the quiet gap the start waited for)
    await alice.wait_for(f"seed {week.seed}", 10)
    # nobody watches a hidden seed's attempt while its window is open
    bob.send(ESC + ESC)
    await bob.wait_for("Watch (0 live)")
    assert host.watchable(host.accounts.find("bob")) == []
    for key in "jl":
        alice.send(key)
        await alice.quiet()
    # a hang-up keeps the attempt: saved, and the lobby offers it to continue
    account = host.accounts.find("alice")
    game = host.games[account.id]
    alice.close()
    await asyncio.wait_for(game.hub.ended, 20)
    await asyncio.sleep(0.5)
    alice = await Terminal.connect(port, "alice", "secret1")
    await alice.wait_for(f"Continue your attempt at {week.code}")
    # left for good: ended in the lobby, scored as it stands (a worker makes its replay
    # from the save)
    await open_challenge(alice, week.code)
    await alice.wait_for("End your saved attempt here")
    alice.send(ENTER)
    await alice.wait_for("being scored as it stands")
    [attempt] = await attempts_done(host, account.id, 1)
    left = await settled(host, attempt.game)
    assert left.status == "verified" and left.outcome == "left" and left.actions >= 1
    assert not left.published  # the seed is still hidden: off the public boards and log
    assert host.challenges.store.log_after(0, 10) == []
    alice.send(ESC + ESC)
    await alice.wait_for("Play (a new random seed)", 10)  # the save is retired
    # the board shows the row without the seed
    await open_challenge(bob, week.code)
    await bob.wait_for("alice")
    assert week.seed not in bob.text
    alice.close()
    bob.close()


async def test_an_attempt_still_saved_when_its_window_closes_is_scored_as_it_stands(server):
    host, port = await server(detach_grace=0.2)
    now = utc_now()
    ch = host.challenges.store.add_challenge(model.with_code(model.Challenge(
        code="", kind="custom", title="Short one", seed="amber-wolf-17",
        game_version=__version__, content_digest=default_content().digest, party=None,
        opens=now, closes=now + timedelta(seconds=20), attempts="one", hidden=False,
        created_at=now), "shrt01"))
    alice = await Terminal.connect(port, "alice", "secret1")
    await open_challenge(alice, ch.code)
    await start(alice, "Start your ranked attempt")
    for key in "jl":
        alice.send(key)
        await alice.quiet()
    account = host.accounts.find("alice")
    game = host.games[account.id]
    alice.close()  # a hang-up: saved, the attempt kept
    await asyncio.wait_for(game.hub.ended, 20)
    await asyncio.sleep(max(0.0, (ch.closes - utc_now()).total_seconds()) + 1)
    await host.challenges.tick()  # the clock sees the window closed
    [attempt] = await attempts_done(host, account.id, 1)
    left = await settled(host, attempt.game)
    assert left.status == "verified" and left.outcome == "left"
    assert not await asyncio.to_thread(
        has_save, account_dir(host.config.data, account.id))  # retired: nothing to continue


async def test_a_guest_may_look_but_not_take_part(server):
    host, port = await server(guests=True)
    day = host.challenges.service.listing()[0]
    t = await Terminal.connect(port, "guest")
    await open_challenge(t, day.code)
    await t.wait_for("Start your ranked attempt")
    t.send(ENTER)
    await t.wait_for("Guests cannot take part in challenges")
    assert host.challenges.store.open_attempts("witnessed") == []
    assert not host.games
    t.close()
