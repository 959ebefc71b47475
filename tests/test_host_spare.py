"""The spare (roguelike/host/spare.py): a game forked ahead while the player is in the lobby,
held at its party screen, taken at Play and shown whole at once; ended by any other choice
or by leaving; never a second game for the account."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from host_kit import DOWN, ENTER, SEED, choose_seed, game_processes, watch

from roguelike.host.client import Terminal
from roguelike.host.paths import account_dir
from roguelike.records import account

pytestmark = pytest.mark.slow
pytest_plugins = ("host_server",)


def spares(account_id: int, data: Path) -> list[int]:
    """Pids of the account's spare games (named rl-spare-ID until Play)."""
    home = str(Path(data) / "accounts" / str(account_id))
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name = (entry / "comm").read_text().strip()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if state != "Z" and name == f"rl-spare-{account_id}"[:15] and cwd == home:
            found.append(int(entry.name))
    return found


async def until(check, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def spare_of(host, name: str) -> int:
    """The one spare of `name`'s account, once it has drawn its party screen."""
    account_id = host.accounts.find(name).id
    await until(lambda: len(spares(account_id, host.config.data)) == 1)
    await asyncio.sleep(1.0)  # (its party screen drawn, held)
    [pid] = spares(account_id, host.config.data)
    return pid


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_play_takes_the_spare_and_shows_its_screen_whole_at_once(server, size):
    cols, rows = size
    host, port = await server()
    t = await Terminal.connect(port, "sam", "secret1", cols=cols, rows=rows)
    await t.wait_for("Play a seed")
    pid = await spare_of(host, "sam")
    account_id = host.accounts.find("sam").id
    assert account_id not in host.games, "a spare is no game: no claim, not listed"
    await choose_seed(t)
    await t.quiet(0.2)
    game = host.games[account_id]
    assert game.hub.child.pid == pid, "Play took the spare, not a new fork"
    assert f"Choose your party  (seed {SEED})" in t.text, t.text
    assert "Start" in t.text and "Default party" in t.text and "Leader" in t.text
    # exactly what the game drew: the player's screen is the host's copy of it
    assert t.screen.display == game.hub.screen.text()
    assert game_processes(account_id, host.config.data) == [pid]  # a game from now on
    assert spares(account_id, host.config.data) == []
    t.send(ENTER)  # the default party: the game goes on from the held screen
    await t.wait_for(f"seed {SEED}", 30)
    await t.wait_for("D1 R1 ", 30)
    await until(lambda: game.hub.status.get("seed") == SEED)
    t.close()


async def test_play_a_new_random_seed_takes_the_seed_the_spare_drew(server):
    host, port = await server()
    t = await Terminal.connect(port, "ivy", "secret1")
    await t.wait_for("Play (a new random seed)")
    pid = await spare_of(host, "ivy")
    t.send(ENTER)  # the lobby's first line
    await t.wait_for("Choose your party", 10)
    await t.quiet(0.2)
    game = host.games[host.accounts.find("ivy").id]
    assert game.hub.child.pid == pid
    seed = t.text.split("(seed ", 1)[1].split(")", 1)[0]
    assert seed.startswith("delve-"), t.text
    t.send(ENTER)
    await t.wait_for("D1 R1 ", 30)
    await until(lambda: game.hub.status.get("seed") == seed)  # the game is on that seed
    t.close()


async def test_a_window_changed_before_play_reaches_the_spare(server):
    host, port = await server()
    t = await Terminal.connect(port, "rae", "secret1")
    await t.wait_for("Play a seed")
    pid = await spare_of(host, "rae")
    t.resize(120, 40)
    await asyncio.sleep(0.5)
    await choose_seed(t)
    await t.quiet(0.2)
    game = host.games[host.accounts.find("rae").id]
    assert game.hub.child.pid == pid
    assert game.hub.screen_size_sent == (120, 40) and game.hub.screen.size == (120, 40)
    # drawn for 120 columns: the party box (78 wide) centred in them, all of it there
    title = next(line for line in t.screen.display if "Choose your party" in line)
    assert title.index("╭") >= 20, title
    assert t.screen.display == game.hub.screen.text()
    t.close()


async def test_the_spare_ends_when_the_player_watches_or_leaves(server):
    host, port = await server()
    player = await Terminal.connect(port, "pat", "secret1")
    await choose_seed(player)
    player.send(ENTER)
    await player.wait_for("D1 R1 ", 30)
    t = await Terminal.connect(port, "wes", "secret1")
    await t.wait_for("Play a seed")
    first = await spare_of(host, "wes")
    await watch(t, "pat")  # another choice: the spare is hung up, leaving nothing
    wes = host.accounts.find("wes")
    await until(lambda: not spares(wes.id, host.config.data))
    folder = account_dir(host.config.data, wes.id)
    assert not account.has_save(folder) and not list(folder.glob("casts/*.cast"))
    t.send("q")  # back to the lobby: a spare again, a new one
    await t.wait_for("Play a seed")
    second = await spare_of(host, "wes")
    assert second != first
    t.close()  # leaving ends it too
    await until(lambda: not spares(wes.id, host.config.data))
    assert wes.id not in host.games
    player.close()


async def test_two_logins_of_one_account_get_one_game(server):
    host, port = await server()
    a = await Terminal.connect(port, "kim", "secret1")
    b = await Terminal.connect(port, "kim", "secret1")
    await a.wait_for("Play a seed")
    await b.wait_for("Play a seed")
    kim = host.accounts.find("kim").id
    await until(lambda: len(spares(kim, host.config.data)) == 2)  # one per lobby
    await asyncio.sleep(1.0)
    await choose_seed(a)
    [game] = game_processes(kim, host.config.data)  # a's spare, now its game
    await b.wait_for("Take over your game here", 10)  # b's lobby: the game runs elsewhere
    b.send(DOWN * 2 + ENTER)  # Play (a new random seed) in b's lobby: refused
    await asyncio.sleep(1.0)
    assert "Choose your party" not in b.text
    assert game_processes(kim, host.config.data) == [game]
    assert len(spares(kim, host.config.data)) == 1  # b's, still only held
    b.close()  # and gone with b's connection
    await until(lambda: not spares(kim, host.config.data))
    assert game_processes(kim, host.config.data) == [game]
    a.close()


async def test_no_spare_when_switched_off_or_a_save_waits(server):
    host, port = await server(spare=False)
    t = await Terminal.connect(port, "nat", "secret1")
    await t.wait_for("Play a seed")
    await asyncio.sleep(1.5)
    nat = host.accounts.find("nat").id
    assert spares(nat, host.config.data) == []
    await choose_seed(t)  # Play forks the game then, as before
    assert len(game_processes(nat, host.config.data)) == 1
    t.close()


def test_the_go_line_is_read_strictly():
    from roguelike.ui.held import told

    assert told(b'{"seed": "amber wolf 17", "name": "rl-play-3"}\n') == (SEED, "rl-play-3")
    assert told(b'{"name": "rl-play-3"}\n') == (None, "rl-play-3")  # the seed it drew
    assert told(b"") == (None, "")  # the host hung up: nothing taken
    assert told(b"not json\n") == (None, "")
    assert told(b'["a list"]\n') == (None, "")
    assert told(b'{"seed": "!!", "name": 5}\n') == (None, "")  # a bad seed is not taken
