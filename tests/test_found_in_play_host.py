"""Issue 26 §2, hosted: what a player and a watcher saw over SSH (the real host on
loopback, a real asyncssh client with a pyte screen, as tests/test_host_e2e.py)."""

from __future__ import annotations

import asyncio

import pytest
from host_kit import SEED, choose_seed, play_seed, watch

from roguelike.host.client import Terminal

pytest_plugins = ("host_server",)  # the `server` fixture

pytestmark = pytest.mark.slow
ENTER = "\r"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_stale_lobby_line_when_a_game_starts(server, size):
    """The party screen, a dialog, left the game's empty base screen showing around it,
    which said "Back to the lobby..." (all of it at 120x40, its B at 80x24) from the start."""
    _host, port = await server()
    t = await Terminal.connect(port, "alice", "secret1", cols=size[0], rows=size[1])
    await choose_seed(t)
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
    await play_seed(t)
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


async def test_a_smaller_watcher_sees_the_game_framed_not_wrapped(server):
    """The player at 120x40, the watcher at 80x24: the watcher sees the game's top left
    as it is, its status line whole on the next-to-last row, and a last row that says
    whose game it is and both sizes (as a dgamelaunch watcher is told the player's
    terminal size); never a line wrapped onto the next. A window made large enough shows
    the game itself."""
    _host, port = await server()
    alice = await Terminal.connect(port, "alice", "secret1", cols=120, rows=40)
    await play_seed(alice)
    bob = await Terminal.connect(port, "bob", "secret2", cols=80, rows=24)
    await watch(bob, "alice")
    for _ in range(2):  # as it joins, and after the player's move
        await bob.quiet(0.5)
        shown = bob.screen.display
        game = alice.screen.display
        assert shown[:22] == [row[:80] for row in game[:22]], "\n".join(shown)
        status = " ".join(game[39].split())
        assert " ".join(shown[22].split()) == status, (shown[22], game[39])
        assert "D1 R" in shown[22] and f"seed {SEED}" in shown[22]
        assert "watching alice" in shown[23]
        assert "the player's screen is 120x40, yours 80x24" in shown[23]
        alice.send("j")
        await alice.quiet(0.5)
    bob.resize(120, 41)  # room for it all: the game itself, the banner under it
    await asyncio.sleep(0.5)
    await bob.quiet(0.5)
    assert bob.screen.display[:40] == alice.screen.display
    assert "watching alice" in bob.screen.display[40]
    bob.send("q")
    await bob.wait_for("Welcome, bob")
    alice.close()
    bob.close()
