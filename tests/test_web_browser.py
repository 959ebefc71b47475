"""The website in a real browser (headless chromium): play, reattach, take over, watch,
recordings, and a phone. The host runs in-process on loopback, SSH and web together."""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path

import pytest
from web_kit import ENTER, log_in, play_seed, register, screen, settle, until, wait_text

from roguelike.host.client import Terminal

pytestmark = pytest.mark.slow
pytest_plugins = ("host_server", "web_browsers")
SEED = "amber-wolf-17"


def map_rows(lines: list[str]) -> list[str]:
    """The map: the rows above the log's rule, left of the sidebar (a small first room may
    lie below the screen's first rows, and the sidebar's cards do not change with a step)."""
    rows = []
    for line in lines:
        if line.lstrip().startswith("▔"):
            break
        rows.append(line.split("▏")[0])
    return rows


async def step(page, key: str) -> list[str]:
    before = await screen(page)
    await page.keyboard.press(key)
    deadline = time.monotonic() + 10
    while await screen(page) == before and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return await settle(page, 0.2)


async def test_register_play_five_steps_and_the_map_changes(web_server, browsers):
    run = await web_server()
    page = await (await browsers()).new_page()
    await register(page, run.url, "webby")
    # the page's terminal fills the window: wider than 80 columns at 1100 px
    cols, rows = await page.evaluate("[window.tt.term.cols, window.tt.term.rows]")
    assert cols > 80 and rows >= 24, (cols, rows)
    await play_seed(page, SEED)
    start = map_rows(await screen(page))
    game = run.host.games[run.host.accounts.find("webby").id]
    assert game.hub.screen.size == (cols, rows)  # the game runs at the page's size
    seen = [start]
    for key in ("j", "l", "k", "h", "j"):  # five steps
        seen.append(map_rows(await step(page, key)))
    assert all(a != b for a, b in itertools.pairwise(seen)), "every step redraws"
    assert seen[-1] != start
    # the page shows what the host's copy of the game's screen holds
    await asyncio.sleep(0.3)
    host_copy = [line.rstrip() for line in game.hub.screen.text()]
    assert [line.rstrip() for line in await screen(page)] == host_copy


async def test_closing_the_tab_keeps_the_game_and_reopening_reattaches(web_server, browsers):
    run = await web_server(detach_grace=600)
    browser = await browsers()
    page = await browser.new_page()
    await register(page, run.url, "tabby")
    await play_seed(page, SEED)
    await step(page, "j")
    before = map_rows(await settle(page))
    game = run.host.games[run.host.accounts.find("tabby").id]
    await page.close()
    deadline = time.monotonic() + 10
    while game.hub.player is not None and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert game.hub.running and game.hub.player is None and game.detach_timer is not None
    page = await browser.new_page()  # the same browser: still logged in
    await page.goto(run.url + "/play")
    await wait_text(page, "Reattached: you are back in your game", 15)
    assert map_rows(await screen(page)) == before  # the whole screen, repainted at once
    assert run.host.games[game.account.id] is game and game.detach_timer is None
    await step(page, "l")
    assert map_rows(await screen(page)) != before


async def test_a_game_moves_between_ssh_and_the_browser(web_server, browsers):
    run = await web_server()
    ssh = await Terminal.connect(run.ssh_port, "sam", "secret1")
    await ssh.wait_for("Play a seed")
    ssh.send("\x1b[B\x1b[B\r")
    await ssh.wait_for("Seed (words")
    ssh.send(SEED + "\r")
    await ssh.wait_for("Choose your party", 30)
    ssh.send("\r")
    await ssh.wait_for("Explore", 30)
    await ssh.quiet()
    # the browser logs in with the SSH password: the lobby offers to take the game over
    page = await (await browsers()).new_page()
    await log_in(page, run.url, "sam")
    await wait_text(page, "Take over your game here")
    await settle(page)
    await page.keyboard.press(ENTER)
    await wait_text(page, "Reattached: your game moved here", 15)
    await ssh.wait_closed(10)
    assert "Your game was attached from another connection" in ssh.raw.decode(errors="ignore")
    await step(page, "j")
    # and back: SSH takes it over; the page says so and does not take it back
    ssh = await Terminal.connect(run.ssh_port, "sam", "secret1")
    await ssh.wait_for("Take over your game here")
    await ssh.quiet()
    ssh.send("\r")
    await ssh.wait_for("Reattached: your game moved here", 15)
    await page.wait_for_selector("#ended:not([hidden])", timeout=10000)
    assert "attached from another connection" in "\n".join(await screen(page))
    await asyncio.sleep(1.5)  # no reconnection steals it back
    account = run.host.accounts.find("sam").id
    assert run.host.games[account].hub.player is not None
    ssh.close()


async def test_watch_from_a_second_browser_while_the_first_plays(web_server, browsers):
    run = await web_server()
    player = await (await browsers()).new_page()
    await register(player, run.url, "plato")
    await play_seed(player, SEED)
    watcher = await (await browsers()).new_page()  # another browser, not logged in
    await watcher.goto(run.url + "/watch")
    link = watcher.locator("#live a", has_text="plato")
    await link.click()
    await watcher.wait_for_url("**/watch/*")
    await wait_text(watcher, f"seed {SEED}")
    # the player is told someone watches
    await until(player, "() => document.getElementById('status').textContent"
                        ".includes('1 watching')", 10)
    # an SSH watcher too (a terminal as large as the game): both see the player's screen
    game = run.host.games[run.host.accounts.find("plato").id]
    cols, rows = game.hub.screen.size
    ssh = await Terminal.connect(run.ssh_port, "sue", "secret1", cols=cols, rows=rows)
    await ssh.wait_for("Watch (1 live)")
    ssh.send("\x1b[B" * 3 + "\r")
    await ssh.wait_for("plato")
    ssh.send("\r")
    await ssh.wait_for("watching plato", 10)
    for key in ("j", "l"):
        played = map_rows(await step(player, key))
        deadline = time.monotonic() + 5
        while map_rows(await screen(watcher)) != played and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert map_rows(await screen(watcher)) == played
        await ssh.quiet()
        assert [line.rstrip() for line in map_rows(list(ssh.screen.display))] == \
            [line.rstrip() for line in played]
    # read-only: the watcher's keys reach nothing
    before = map_rows(await screen(player))
    await watcher.keyboard.type("jjjj")
    await asyncio.sleep(0.5)
    assert map_rows(await screen(player)) == before
    assert len(game.hub.watchers) == 2
    ssh.close()


async def test_a_finished_game_s_recording_plays_in_the_page(web_server, browsers):
    run = await web_server()
    page = await (await browsers()).new_page()
    await register(page, run.url, "rita")
    await play_seed(page, SEED)
    await step(page, "j")
    await page.keyboard.press("Q")  # quit: the game ends, scored and recorded
    await wait_text(page, "Quit this game?")
    await page.keyboard.press("y")
    await settle(page, 0.5)
    await page.keyboard.press("Escape")  # leave the end screen: back to the lobby
    await wait_text(page, "Welcome, rita", 30)
    # the host verifies the replay (a worker process, then the score table): the seed's
    # table has the game, with its recording, once it is proved
    deadline = time.monotonic() + 60
    await page.goto(run.url + "/scores")
    while SEED not in await page.content() and time.monotonic() < deadline:
        await asyncio.sleep(0.25)
        await page.reload()
    await page.click(f"text={SEED}")
    await page.wait_for_url(f"**/scores/{SEED}")
    row = page.locator("table.scores tbody tr", has_text="rita")
    assert "quit" in await row.inner_text()
    async with page.expect_download() as download:
        await row.locator("a", has_text="replay").click()
    replay = await (await download.value).path()
    assert b'"seed"' in Path(replay).read_bytes()
    await row.locator("a", has_text="game").click()
    await page.wait_for_selector(".recording .ap-player", timeout=10000)
    await page.click(".recording .ap-player")  # play
    await until(page, "() => document.querySelector('.recording').innerText"
                      f".includes('seed {SEED}')", 20)


async def test_a_phone_plays_with_the_key_bar_alone(web_server, browsers):
    run = await web_server()
    phone = await browsers(viewport={"width": 844, "height": 390}, has_touch=True,
                           is_mobile=True, device_scale_factor=2)
    page = await phone.new_page()
    await register(page, run.url, "pip")
    assert await page.is_visible("#keybar")  # a touch screen gets the key bar
    cols, rows = await page.evaluate("[window.tt.term.cols, window.tt.term.rows]")
    # at least 80x24 on a 390 px high screen: the font shrank to fit
    font = await page.evaluate("window.tt.term.options.fontSize")
    assert cols >= 80 and rows >= 24 and font < 15, (cols, rows, font)
    box = await page.locator("#terminal .xterm-screen").bounding_box()
    assert box["x"] + box["width"] <= 844 + 1  # the whole width of the game on the screen
    assert not await page.is_visible("#too-small")

    async def tap(key: str) -> list[str]:
        before = await screen(page)
        await page.tap(f"#keybar button[data-key='{key}']")
        deadline = time.monotonic() + 10
        while await screen(page) == before and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return await settle(page, 0.3)

    await settle(page)
    await tap("enter")  # Play (a new random seed)
    await wait_text(page, "Choose your party", 30)
    await tap("enter")  # the default party
    lines = await wait_text(page, "Explore", 30)
    moved = 0  # (a random seed: a wall may stop one direction or two, never all four)
    before = map_rows(lines)
    for key in ("right", "down", "left", "up"):
        now = map_rows(await tap(key))
        moved += now != before
        before = now
    await tap("o")  # auto-explore
    await asyncio.sleep(1.0)
    await tap("esc")
    assert moved, "the key bar moved the party:\n" + "\n".join(lines)
    assert await page.is_visible("#keybar button[data-key='S']")
