"""Challenges end to end (issue 29, part 8) with the real host, its own process on loopback:
a challenge made in the lobby over SSH through the real keys, its hidden seed hidden
everywhere until an attempt starts, a witnessed attempt and a second game (practice), a
local bot game (`roguelike sim`) sent in with `roguelike submit`, a tampered one refused
at its first diverging action, and both games on the board in the lobby, on the command
line and in a headless browser. Then the queue survives `kill -9` of the host in the
middle of a verification: its worker dies with it, and the next host proves the replay.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path

import aiohttp
import pytest
from challenge_kit import (
    ENTER,
    ESC,
    HOME,
    edited,
    first_step,
    open_challenge,
    quit_game,
    swap_action,
)
from web_kit import log_in, settle, wait_text

from roguelike.host.client import Terminal

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from benchmarks.real_host import RealHost  # noqa: E402

pytest_plugins = ("web_browsers",)
pytestmark = pytest.mark.slow
DOWN = "\x1b[B"


async def cli(*args: str, user_env: dict[str, str] | None = None) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "roguelike", *args, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, cwd=ROOT, env={**os.environ, **(user_env or {})})
    out, err = await asyncio.wait_for(proc.communicate(), 300)
    return int(proc.returncode or 0), out.decode(), err.decode()


async def api(url: str, path: str, method: str = "GET", user: tuple[str, str] | None = None
              ) -> dict:
    headers = {}
    if user is not None:
        headers["Authorization"] = "Basic " + base64.b64encode(
            f"{user[0]}:{user[1]}".encode()).decode()
    async with aiohttp.ClientSession() as client, \
            client.request(method, url + path, headers=headers) as response:
        return await response.json()


async def make_challenge(t: Terminal) -> str:
    """Challenges, n, the form through the keys: a secret seed, hidden, one attempt."""
    await t.wait_for("Challenges:")
    await t.quiet()
    t.send(HOME + DOWN + ENTER)
    await t.wait_for("Make a challenge")
    await t.quiet()
    t.send("n")
    await t.wait_for("Enter on the last makes it")  # the form
    await t.quiet()
    for value in ("E2E race", "", "", "2d", "", "yes"):  # (blank: the default shown)
        t.send(value + ENTER)
        await t.quiet()
    screen = await t.wait_for("seed hidden until your attempt starts", 20)
    found = re.search(r"code (\w{6})", screen)
    assert found, screen
    return found.group(1)


async def witnessed_game(t: Terminal, action: str, keys: str) -> str:
    """Start the offered game on the challenge open in the lobby, play `keys`, quit;
    returns the seed the game showed."""
    await t.wait_for(action)
    t.send(ENTER)
    await t.wait_for("Choose your party", 60)
    t.send(ENTER)
    screen = await t.wait_for("D1 R1 ", 60)
    # the status line's "seed X", or (while the status line shows a hint) the entry's
    # message "Seed: X."
    seed = re.search(r"[Ss]eed:? ([a-z0-9-]+)", screen)
    assert seed, screen
    await quit_game(t, keys)
    return seed.group(1)


async def until_settled(url: str, game: int, user: tuple[str, str], timeout: float = 240
                        ) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        said = await api(url, f"/api/g/{game}", user=user)
        if said["status"] != "pending":
            return said
        await asyncio.sleep(0.5)
    raise AssertionError(f"game {game} still pending: {said}")


async def test_challenges_end_to_end(tmp_path, browsers):
    host = await RealHost(tmp_path / "data").start()
    try:
        await _scenario(host, tmp_path, browsers)
    finally:
        await host.stop()


async def _scenario(host: RealHost, tmp_path: Path, browsers) -> None:
    url = host.url
    alice = await Terminal.connect(host.ssh_port, "alice", "secret1")
    bob = await Terminal.connect(host.ssh_port, "bob", "secret2")  # (registers bob)
    bob.close()
    code = await make_challenge(alice)

    # the hidden seed: nowhere before an attempt starts
    said = await api(url, f"/api/c/{code}", user=("bob", "secret2"))
    assert said["seed"] is None and said["hidden"] is True
    status, hidden_board, _ = await cli("board", code, "--host", url)
    assert status == 0 and "seed hidden until your attempt starts" in hidden_board
    async with aiohttp.ClientSession() as client, client.get(f"{url}/c/{code}") as response:
        hidden_page = await response.text()
    assert "hidden until your attempt starts" in hidden_page

    # a witnessed attempt over SSH (the seed is told as it starts), then practice
    seed = await witnessed_game(alice, "Start your ranked attempt", "jlkh")
    assert seed not in hidden_board and seed not in hidden_page
    await open_challenge(alice, code)
    await witnessed_game(alice, "Play it for practice", "lljj")

    # bob's attempt at home: the seed is told as it starts; a bot plays it; he sends it
    started = await api(url, f"/api/c/{code}/start", "POST", ("bob", "secret2"))
    assert started["seed"] == seed and started["ranked"] is True
    replay = tmp_path / "bob.replay.json"
    status, out, err = await cli("sim", "--seed", seed, "--actions", "300", "--record",
                                 str(replay))
    assert status == 0, err
    env = {"ROGUELIKE_PASSWORD": "secret2"}
    status, out, err = await cli("submit", str(replay), "--challenge", code, "--host", url,
                                 "--user", "bob", user_env=env)
    assert status == 0, out + err
    assert f"Verified on {code} (ranked)" in out
    # a tampered copy: refused, its first diverging action named
    i = first_step(replay)
    bad = edited(replay, tmp_path / "bad.replay.json", swap_action(i))
    status, out, err = await cli("submit", str(bad), "--challenge", code, "--host", url,
                                 "--user", "bob", user_env=env)
    assert status == 1, out + err
    assert f"First diverging action: {i} (round" in out

    # the board on the command line: alice witnessed, bob local, the practice game apart
    status, out, _ = await cli("board", code, "--host", url, "--json")
    board = json.loads(out)
    rows = {r["player"]: r for r in board["rows"]}
    assert set(rows) == {"alice", "bob"} and board["total"] == 2
    assert rows["alice"]["witnessed"] is True and rows["bob"]["witnessed"] is False
    assert [r["player"] for r in board["practice"]] == ["alice"]
    assert any(r["status"] == "refused" and r["diverged_at"] == i
               for r in board["unsettled"])
    assert all(r["seed"] is None for r in board["rows"])  # hidden until the window closes
    status, out, _ = await cli("board", code, "--host", url)
    assert "witnessed" in out and "local" in out and "REFUSED" in out

    # the board in the lobby
    await open_challenge(alice, code)
    await alice.wait_for("bob")
    assert "alice" in alice.text and "witnessed" in alice.text and "local" in alice.text
    alice.send(ESC + ESC)
    alice.close()

    # and in a headless browser
    page = await (await browsers()).new_page()
    await page.goto(f"{url}/challenges")
    await page.click(f"text={code}")
    await page.wait_for_selector("#board")
    ranked = await page.inner_text("#board")
    assert "alice" in ranked and "bob" in ranked
    assert "witnessed" in ranked and "local" in ranked
    assert "alice" in await page.inner_text("#practice")
    unsettled = await page.inner_text("#unsettled")
    assert "refused" in unsettled and f"First diverging action: {i}" in unsettled
    assert seed not in await page.content()
    # a row's game page
    await page.locator("#board a", has_text="game").first.click()
    await page.wait_for_selector("#status")
    assert await page.inner_text("#status") == "verified"
    # the web terminal runs the same lobby: its challenges, and this one's board
    await log_in(page, url, "bob", "secret2")
    await wait_text(page, "Challenges:", 30)
    await settle(page)
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Enter")
    await wait_text(page, code)


async def _long_replay(path: Path) -> Path:
    status, _, err = await cli("sim", "--seed", "s25-e-4", "--actions", "8000", "--record",
                               str(path))
    assert status == 0, err
    return path


def _workers_of(data: Path) -> list[int]:
    """Running verification workers of the host whose data folder is `data`."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and b"roguelike.challenges.worker" in argv \
                and str(data).encode() in argv:
            pids.append(int(entry.name))
    return pids


async def test_the_queue_survives_kill_9_in_the_middle_of_a_verification(tmp_path):
    data = tmp_path / "data"
    host = await RealHost(data).start()
    try:
        replay = await _long_replay(tmp_path / "long.replay.json")
        carol = await Terminal.connect(host.ssh_port, "carol", "secret3")  # (registers)
        carol.close()
        env = {"ROGUELIKE_PASSWORD": "secret3"}
        status, out, err = await cli("submit", str(replay), "--host", host.url, "--user",
                                     "carol", "--wait", "0", "--json", user_env=env)
        assert status == 0, out + err
        game = json.loads(out.strip().splitlines()[-1])["game"]
        user = ("carol", "secret3")
        deadline = time.monotonic() + 60
        while not (await api(host.url, f"/api/g/{game}", user=user))["verifying"]:
            assert time.monotonic() < deadline, "the job never started"
            await asyncio.sleep(0.05)
        workers = _workers_of(data)
        assert workers, "a worker process verifies it"
        await host.kill()  # kill -9 of the host, in the middle of the verification
        for _ in range(100):  # its workers end with it
            if not _workers_of(data):
                break
            await asyncio.sleep(0.1)
        assert not _workers_of(data), "a worker outlived its host"
        host = await RealHost(data).start()  # the next host takes the job again
        said = await until_settled(host.url, game, user)
        assert said["status"] == "verified", said
        status, out, _ = await cli("verify", str(replay))
        assert json.loads(out.strip().splitlines()[-1])["score"] == said["score"]
        with closing(sqlite3.connect(data / "challenges.sqlite3")) as conn:
            tries = conn.execute("SELECT tries FROM jobs WHERE game = ?", (game,)).fetchone()
        assert tries == (2,)  # taken by the killed host's worker, then by the next one
    finally:
        await host.stop()
