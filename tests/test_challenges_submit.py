"""Games played at home (issue 29, parts 4 and 6): `roguelike submit` and the website's
upload form send a replay; the host proves it and its boards mark it local; a tampered
one is refused with its first diverging action; `roguelike play --challenge` fetches a
hidden seed only as its attempt starts; and a board row's replay, downloaded, verifies
to the same score with `roguelike verify`. The host runs in-process on loopback; the
commands are the real `roguelike` in subprocesses (and a pseudo-terminal)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from pathlib import Path

import aiohttp
import pytest
from challenge_kit import bot_replay, edited, first_step, swap_action
from pty_kit import PtyGame

from roguelike.challenges.limits import Limits

pytest_plugins = ("host_server",)
pytestmark = pytest.mark.slow
TOKEN = re.compile(r'name="form_token" value="([0-9a-f]{64})"')


async def cli(*args: str, password: str = "secret1", env: dict[str, str] | None = None
              ) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "roguelike", *args, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "ROGUELIKE_PASSWORD": password, **(env or {})})
    out, err = await asyncio.wait_for(proc.communicate(), 180)
    return int(proc.returncode or 0), out.decode(), err.decode()


async def challenge(run, **fields):
    base = {"seed": "amber wolf 17", "title": "Sunday race", "party": "", "closes": "2d",
            "attempts": "one", "hidden": False}
    return await asyncio.to_thread(run.host.challenges.service.create, 1, **{**base, **fields})


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    return bot_replay(tmp_path_factory.mktemp("r") / "a.replay.json", actions=300)


async def test_submit_board_and_verify_a_board_rows_replay_yourself(web_server, replay,
                                                                    tmp_path):
    run = await web_server()
    run.host.accounts.register("ann", "secret1")
    ch = await challenge(run)
    code, out, err = await cli("submit", str(replay), "--host", run.url, "--user", "ann",
                               "--challenge", ch.code, "--json")
    assert code == 0, out + err
    assert f"Verified on {ch.code} (ranked): score" in out
    said = json.loads(out.strip().splitlines()[-1])
    assert said["status"] == "verified" and said["witnessed"] is False
    # the board on the command line: the game, marked local
    code, out, err = await cli("board", ch.code, "--host", run.url)
    assert code == 0, err
    assert "ann" in out and "local" in out and "Sunday race" in out
    assert "local = local: played elsewhere" in out
    code, out, _ = await cli("board", ch.code, "--host", run.url, "--json")
    board = json.loads(out)
    [row] = board["rows"]
    assert row["rank"] == 1 and row["player"] == "ann" and row["witnessed"] is False
    assert row["score"] == said["score"] and row["replay"] == f"/g/{said['game']}/replay"
    # anyone takes the row's replay and checks it: the same score
    async with aiohttp.ClientSession() as client, \
            client.get(run.url + row["replay"]) as response:
        assert response.status == 200
        assert "attachment" in response.headers["Content-Disposition"]
        got = tmp_path / "downloaded.replay.json"
        got.write_bytes(await response.read())
    code, out, err = await cli("verify", str(got))
    assert code == 0, err
    proved = json.loads(out.strip().splitlines()[-1])
    assert proved["verified"] is True and proved["score"] == row["score"]
    assert proved["turns"] == row["turns"] and proved["depth"] == row["depth"]
    # the seed's board and the public log have it too
    code, out, _ = await cli("board", "amber-wolf-17", "--seed", "--host", run.url, "--json")
    assert json.loads(out)["rows"][0]["game"] == said["game"]
    async with aiohttp.ClientSession() as client, \
            client.get(run.url + "/log?after=0") as response:
        lines = (await response.text()).splitlines()
    assert [json.loads(line)["game"] for line in lines] == [said["game"]]
    assert json.loads(lines[0])["n"] == 1


async def test_a_tampered_replay_is_refused_with_its_diverging_action(web_server, replay,
                                                                      tmp_path):
    run = await web_server()
    run.host.accounts.register("ann", "secret1")
    i = first_step(replay)
    bad = edited(replay, tmp_path / "bad.replay.json", swap_action(i))
    code, out, err = await cli("submit", str(bad), "--host", run.url, "--user", "ann")
    assert code == 1, out + err
    assert "Refused:" in out and f"First diverging action: {i} (round " in out
    # and the board says so
    async with aiohttp.ClientSession() as client, \
            client.get(run.url + "/g/1") as response:
        page = await response.text()
    assert "refused" in page and f"First diverging action: <b>{i}</b>" in page


async def test_wrong_password_no_host_and_limits_are_clear(web_server, replay, tmp_path):
    run = await web_server(verify=Limits(max_bytes=2000))
    run.host.accounts.register("ann", "secret1")
    small = tmp_path / "small.json"
    small.write_text("{}")
    code, _, err = await cli("submit", str(small), "--host", run.url, "--user", "ann",
                             password="wrong1")
    assert code == 2 and "Wrong name or password." in err
    # a file over the limit is refused before any password is checked
    code, _, err = await cli("submit", str(replay), "--host", "http://127.0.0.1:9",
                             "--user", "ann")
    assert code == 2 and "cannot reach http://127.0.0.1:9" in err
    code, _, err = await cli("submit", str(replay), "--host", run.url, "--user", "ann")
    assert code == 2 and "over 1 KiB, this host's limit" in err
    code, _, err = await cli("board", "nosuch", "--host", run.url)
    assert code == 2 and "There is no challenge 'nosuch' on this host." in err
    code, _, err = await cli("submit", str(tmp_path / "missing.json"), "--host", run.url,
                             "--user", "ann")
    assert code == 2 and "cannot read" in err


async def test_the_upload_form(web_server, replay):
    run = await web_server()
    run.host.accounts.register("ann", "secret1")
    ch = await challenge(run)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
        async with client.get(run.url + "/login") as response:
            token = TOKEN.search(await response.text()).group(1)
        async with client.post(run.url + "/login", data={
                "form_token": token, "name": "ann", "password": "secret1",
                "next": f"/c/{ch.code}"}) as response:
            page = await response.text()
        assert "Send a replay played at home" in page and 'enctype="multipart/form-data"' in page
        token = TOKEN.findall(page)[-1]
        # without the form's token: refused before the file is read
        form = aiohttp.FormData()
        form.add_field("challenge", ch.code)
        form.add_field("replay", replay.read_bytes(), filename="a.replay.json")
        async with client.post(run.url + "/submit", data=form) as response:
            assert response.status == 400 and "expired" in await response.text()
        form = aiohttp.FormData()
        form.add_field("form_token", token)
        form.add_field("challenge", ch.code)
        form.add_field("replay", replay.read_bytes(), filename="a.replay.json",
                       content_type="application/json")
        async with client.post(run.url + "/submit", data=form) as response:
            assert response.status == 200 and re.search(r"/g/\d+$", str(response.url))
            game_url = str(response.url)
        for _ in range(240):
            async with client.get(game_url) as response:
                page = await response.text()
            if ">verified<" in page:
                break
            await asyncio.sleep(0.25)
        assert ">verified<" in page and "Download the replay" in page and "local" in page
        async with client.get(f"{run.url}/c/{ch.code}") as response:
            page = await response.text()
        assert 'href="/p/ann"' in page and 'class="local"' in page


def _play_challenge(url: str, code: str, saves: Path) -> tuple[str, bytes]:
    """`roguelike play --challenge` in a pseudo-terminal: two steps, quit the game (Q, y),
    Enter, and the main menu's q; returns the screen at the game and everything the
    command wrote."""
    env = {"ROGUELIKE_SAVES": str(saves), "ROGUELIKE_PASSWORD": "secret1"}
    with PtyGame(["play", "--challenge", code, "--host", url, "--user", "ann"],
                 cols=100, rows=30, env=env) as game:
        assert game.wait_for("D1 R1 ", 60), game.text  # (the party: --party, or the default)
        game.quiet()
        shown = game.text
        for key in "jl":
            game.send(key)
            game.quiet()
        game.send("Q")
        assert game.wait_for("Quit this game", 10)
        game.send("y")
        assert game.wait_for("Enter: back to the menu", 20), game.text
        game.send("\r")
        assert game.wait_for("New game (random seed)", 20), game.text  # the main menu
        game.send("q")
        assert game.wait_exit(30) == 0, game.text
        return shown, bytes(game.raw)


async def test_play_a_hidden_challenge_at_home_then_submit_it(web_server, tmp_path):
    run = await web_server()
    run.host.accounts.register("ann", "secret1")
    week = next(c for c in run.host.challenges.service.listing() if c.kind == "weekly")
    code, out, _ = await cli("board", week.code, "--host", run.url)
    assert "seed hidden until your attempt starts" in out and week.seed not in out
    code, out, _ = await cli("challenges", "--host", run.url)
    assert week.code in out and "(hidden)" in out and week.seed not in out
    shown, said = await asyncio.to_thread(_play_challenge, run.url, week.code,
                                          tmp_path / "saves")
    assert f"seed {week.seed}" in shown  # told once the attempt started
    said_text = said.decode("utf-8", "replace")
    assert f"Challenge {week.code}, your ranked attempt: seed {week.seed}" in said_text
    found = re.search(r"Your replay: (\S+\.replay\.json)", said_text)
    assert found, said_text
    assert f"roguelike submit {found.group(1)} --challenge {week.code}" in said_text
    code, out, err = await cli("submit", found.group(1), "--host", run.url, "--user", "ann",
                               "--challenge", week.code)
    assert code == 0, out + err
    assert f"Verified on {week.code} (ranked)" in out
    # the board shows the row, but not the seed, while the window is open
    code, out, _ = await cli("board", week.code, "--host", run.url, "--json")
    board = json.loads(out)
    assert board["rows"][0]["player"] == "ann" and board["rows"][0]["seed"] is None
    assert board["rows"][0]["replay"] is None and week.seed not in out
