"""Issue 26 §2, hosted: what a player and a watcher saw over SSH (the real host on
loopback, a real asyncssh client with a pyte screen, as tests/test_host_e2e.py)."""

from __future__ import annotations

import asyncio

import pytest

from roguelike.host.client import Terminal

pytest_plugins = ("host_server",)  # the `server` fixture

pytestmark = pytest.mark.slow
SEED = "amber-wolf-17"
DOWN, ENTER = "\x1b[B", "\r"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_stale_lobby_line_when_a_game_starts(server, size):
    """The party screen, a dialog, left the game's empty base screen showing around it,
    which said "Back to the lobby..." (all of it at 120x40, its B at 80x24) from the start."""
    _host, port = await server()
    t = await Terminal.connect(port, "alice", "secret1", cols=size[0], rows=size[1])
    await t.wait_for("Play a seed")
    t.send(DOWN + DOWN + ENTER)
    await t.wait_for("Seed (words")
    t.send(SEED + ENTER)
    await t.wait_for("Choose your party", 30)
    await t.quiet(0.5)
    assert "Back to the lobby" not in t.text, t.text
    assert t.screen.display[0][0] == " ", t.text
    t.send(ENTER)
    await t.wait_for(f"seed {SEED}", 30)
    await t.quiet(0.5)
    assert "Back to the lobby" not in t.text, t.text
    t.close()


async def test_no_stale_lobby_line_when_a_saved_game_is_continued(server):
    _host, port = await server()
    t = await Terminal.connect(port, "bob", "secret1")
    await t.wait_for("Play a seed")
    t.send(DOWN + DOWN + ENTER)
    await t.wait_for("Seed (words")
    t.send(SEED + ENTER)
    await t.wait_for("Choose your party", 30)
    t.send(ENTER)
    await t.wait_for(f"seed {SEED}", 30)
    await t.quiet(0.3)
    seen = len(t.raw)
    t.send("S")  # save and leave: back to the lobby
    await t.wait_for("Continue your saved game", 30)
    assert b"Back to the lobby..." in t.raw[seen:]  # said on leaving, as ever
    await t.quiet(0.5)
    t.send(ENTER)
    await t.wait_for(f"seed {SEED}", 30)
    for _ in range(10):
        await t.quiet(0.3)
        assert "Back to the lobby" not in t.text, t.text
    t.close()


async def test_a_guests_lobby_offers_no_password_or_keys(server):
    _host, port = await server(guests=True)
    t = await Terminal.connect(port, "guest")
    await t.wait_for("Welcome, Guest-")
    await t.quiet(0.3)
    assert "Change password" not in t.text and "Manage keys" not in t.text, t.text
    assert "Play (a new random seed)" in t.text and "Quit" in t.text
    t.close()
    member = await Terminal.connect(port, "erin", "secret1")  # an account still has them
    await member.wait_for("Welcome, erin")
    await member.quiet(0.3)
    assert "Change password" in member.text and "Manage keys (0)" in member.text
    member.close()


async def test_a_game_never_started_leaves_no_recording(server, tmp_path):
    host, port = await server(guests=True)
    t = await Terminal.connect(port, "guest")
    await t.wait_for("Welcome, Guest-")
    casts = lambda: sorted((tmp_path / "data" / "accounts").glob("*/casts/*.cast"))  # noqa: E731
    for _ in range(2):  # Play, then Escape on the party screen: no game
        t.send(ENTER)
        await t.wait_for("Choose your party", 30)
        await t.quiet(0.3)
        t.send("\x1b")
        await t.wait_for("Welcome, Guest-", 30)
        await t.quiet(0.5)
    for _ in range(50):
        if not host.games:
            break
        await asyncio.sleep(0.1)
    assert casts() == []
    t.send(ENTER)  # a game played: its recording stays
    await t.wait_for("Choose your party", 30)
    t.send(ENTER)
    await t.wait_for("seed ", 30)
    await t.quiet(0.5)
    t.send("j")
    await t.quiet(0.5)
    t.send("S")
    await t.wait_for("Welcome, Guest-", 30)
    for _ in range(50):
        if not host.games:
            break
        await asyncio.sleep(0.1)
    assert len(casts()) == 1
    t.close()

