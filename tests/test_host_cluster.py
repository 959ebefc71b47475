"""Two hosts on one PostgreSQL (tests/pg_server.py) and one data folder, behind HAProxy on
loopback with the README's own configuration: an account made through one logs in on the
other, one game per account across hosts, a game taken over from one host to the other,
and a host killed with SIGKILL while its player is on it (they come back through HAProxy
to the other host and resume from the last save)."""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path

import aiohttp
import asyncssh
import pytest
from host_kit import SEED, choose_seed, game_processes, play_seed, watch

from benchmarks.haproxy import haproxy
from benchmarks.real_host import RealHost
from roguelike.host.client import Terminal
from roguelike.web.client import WebTerminal

pytest_plugins = ("pg_server",)
pytestmark = pytest.mark.slow
ROUND = re.compile(r"D(\d+) R(\d+)")


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError):
        return 0


def host_running(pid: int, hosts: list[RealHost]) -> RealHost:
    """The host whose process tree holds the game `pid` (a child of its zygote)."""
    while pid > 1:
        for host in hosts:
            if pid == host.pid:
                return host
        pid = _parent(pid)
    raise AssertionError("the game is no host's")


def round_of(t: Terminal | WebTerminal) -> tuple[int, int]:
    found = ROUND.search(t.text)
    assert found, t.text
    return int(found.group(1)), int(found.group(2))


async def live_games_of(host: RealHost, other: str) -> str:
    """The host's live games page, once it lists a game on host `other` (each host reads
    the others' claims every 3 s) or after 15 s."""
    async with aiohttp.ClientSession() as client:
        for _ in range(60):
            async with client.get(host.url + "/watch") as page:
                listed = await page.text()
            if f"on host {other}" in listed:
                break
            await asyncio.sleep(0.25)
    return listed


async def test_two_hosts_behind_haproxy_share_players_and_survive_a_killed_host(tmp_path,
                                                                                pg_url):
    data = tmp_path / "hostdata"
    # one player an address: the hosts see each player's own (HAProxy's send-proxy)
    options = ("--db", pg_url, "--max-per-ip", "1", "--trust-proxy", "--guests")
    a = await RealHost(data).start("--name", "a", *options)
    b = await RealHost(data).start("--name", "b", *options)
    hosts = {"a": a, "b": b}
    players: list[Terminal] = []
    try:
        async with haproxy(tmp_path, hosts) as proxy:
            ssh, web = proxy.ssh, proxy.web
            # a new player registers through the one address and plays
            ann = await Terminal.connect(ssh, "ann", "secret1", source="127.0.0.21")
            players.append(ann)
            await play_seed(ann)
            for key in "jjl":
                ann.send(key)
                await ann.quiet(0.3)
            first = round_of(ann)
            [pid] = game_processes(1, data)
            there = host_running(pid, list(hosts.values()))
            other = b if there is a else a
            there_name, other_name = ("a", "b") if there is a else ("b", "a")

            # the other host lists the game among its live games, with where it runs
            listed = await live_games_of(other, there_name)
            assert "ann" in listed and f"on host {there_name}" in listed, listed

            # the same account on the other host: one game per account holds across hosts
            again = await Terminal.connect(other.ssh_port, "ann", "secret1",
                                           source="127.0.0.22")
            players.append(again)
            await again.wait_for(f"Your game is running on host {there_name}", 20)
            # taken over there: the first host saves and ends it, and it goes on here
            again.send("\r")  # "Take over your game here", the first choice
            await ann.wait_for("attached from another connection", 30)
            ann.close()  # (that terminal is left: its address may log in again, below)
            await again.wait_for("Explore", 40)
            await again.quiet(0.3)
            assert round_of(again) >= first
            [moved] = game_processes(1, data)
            assert host_running(moved, list(hosts.values())) is other
            again.send("l")
            await again.quiet(0.3)
            before_kill = round_of(again)

            # the website through HAProxy: a cookie keeps a browser on one host
            async with aiohttp.ClientSession() as client, \
                    client.get(f"http://127.0.0.1:{web}/") as page:
                assert page.status == 200
                sticky = page.cookies.get("tt_host")
                assert sticky is not None and sticky.value in hosts

            # the host running ann's game dies; ann comes back through HAProxy (from the
            # first address, which it keeps on the host still up) and resumes the game
            await other.kill()
            with contextlib.suppress(Exception):
                await again.wait_closed(10)
            back = await Terminal.connect(ssh, "ann", "secret1", source="127.0.0.21")
            players.append(back)
            # (within 15 s of the kill the dead host's claim still looks alive: "Take over";
            # after, its game is a saved one: "Continue"; either resumes from the save)
            await back.wait_for("Welcome, ann", 30)
            await back.quiet(0.5)
            assert "Take over your game here" in back.text or "Continue your saved game" \
                in back.text, back.text
            back.send("\r")
            await back.wait_for("Explore", 60)
            await back.quiet(0.3)
            assert round_of(back) >= before_kill  # nothing lost: every action was on disk
            [resumed] = game_processes(1, data)
            assert host_running(resumed, [there]) is there
            assert there_name != other_name

            # the web survives the dead host too: its cookie is redispatched
            async with aiohttp.ClientSession() as client, \
                    client.get(f"http://127.0.0.1:{web}/",
                               headers={"Cookie": f"tt_host={other_name}"}) as page:
                assert page.status == 200

            # each player's own address reaches the host (send-proxy), all on the one host
            # left now: three players from three addresses all get in (HAProxy's address
            # would be one address, with a cap of one player an address), and a second
            # player from one of those addresses meets that cap (refused as it connects;
            # through HAProxy the refusal's words may not arrive before the close), and
            # a player from a fourth address still gets in
            guests = [await Terminal.connect(ssh, "guest", source=f"127.0.0.{31 + n}")
                      for n in range(3)]
            players.extend(guests)
            for guest in guests:
                await guest.wait_for("Welcome, Guest-", 20)
            with pytest.raises((asyncssh.Error, OSError)):
                players.append(await Terminal.connect(ssh, "guest", source="127.0.0.31"))
            players.append(await Terminal.connect(ssh, "guest", source="127.0.0.34"))
            await players[-1].wait_for("Welcome, Guest-", 20)
    finally:
        for t in players:
            t.close()
        await a.stop()
        await b.stop()


async def test_a_web_player_on_one_host_takes_over_a_game_running_on_another(tmp_path,
                                                                             pg_url):
    """A player's game runs on host a (over SSH); the same account opens the website of
    host b, is told where the game is, takes it over in the page and plays on."""
    data = tmp_path / "hostdata"
    a = await RealHost(data).start("--name", "a", "--db", pg_url)
    b = await RealHost(data).start("--name", "b", "--db", pg_url)
    ann: Terminal | None = None
    page: WebTerminal | None = None
    try:
        ann = await Terminal.connect(a.ssh_port, "ann", "secret1")
        await play_seed(ann)
        for key in "jjl":
            ann.send(key)
            await ann.quiet(0.3)
        first = round_of(ann)
        [pid] = game_processes(1, data)
        assert host_running(pid, [a, b]) is a

        assert "on host a" in await live_games_of(b, "a")  # (b has read a's claims)
        page = await WebTerminal.connect(b.url, "ann", "secret1")
        await page.wait_for("Your game is running on host a", 20)
        page.send("\r")  # "Take over your game here", the first choice
        await ann.wait_for("attached from another connection", 30)
        await page.wait_for("Explore", 40)
        await page.quiet(0.3)
        taken = round_of(page)
        assert taken >= first  # resumed from a's save: nothing lost
        [moved] = game_processes(1, data)
        assert moved != pid and host_running(moved, [a, b]) is b
        # and it plays in the page, on b: the player's keys move the game on
        for key in "hjkl" * 3:
            page.send(key)
            await page.quiet(0.2)
        assert round_of(page) > taken, page.text
    finally:
        if ann is not None:
            ann.close()
        if page is not None:
            await page.close()
        await a.stop()
        await b.stop()


async def test_a_game_on_one_host_is_watched_from_another(tmp_path, pg_url):
    """Watching across hosts (relay.py): bob, logged in on host b, watches ann's game on
    host a through its recording in the shared folder: the whole screen on joining, then
    each of ann's moves; and so does a page of b's website. The watch ends when the
    game does."""
    data = tmp_path / "hostdata"
    a = await RealHost(data).start("--name", "a", "--db", pg_url)
    b = await RealHost(data).start("--name", "b", "--db", pg_url)
    players: list[Terminal] = []
    page: WebTerminal | None = None
    try:
        ann = await Terminal.connect(a.ssh_port, "ann", "secret1")
        players.append(ann)
        await play_seed(ann)
        assert "on host a" in await live_games_of(b, "a")  # (b has read a's claims)
        bob = await Terminal.connect(b.ssh_port, "bob", "secret2")
        players.append(bob)
        await watch(bob, "ann")
        await bob.wait_for("Explore", 20)
        await bob.quiet(0.5)
        assert round_of(bob) == round_of(ann)  # the whole screen, as ann has it
        for key in "jjll":
            ann.send(key)
            await ann.quiet(0.3)
        mark = round_of(ann)
        for _ in range(40):  # each move reaches b (its recording is polled every 0.1 s)
            await bob.quiet(0.2)
            if ROUND.search(bob.text) and round_of(bob) == mark:
                break
        assert round_of(bob) == mark, (bob.text, mark)

        # b's website links the game among its live games, and its page watches it
        assert 'href="/watch/1"' in await live_games_of(b, "a")
        page = WebTerminal(b.url, 80, 24)
        page.session = aiohttp.ClientSession()
        await page.open("/ws/watch/1", (80, 24))
        await page.wait_for("Explore", 20)
        ann.send("h")
        await ann.quiet(0.3)
        mark = round_of(ann)
        for _ in range(40):
            await page.quiet(0.2)
            if ROUND.search(page.text) and round_of(page) == mark:
                break
        assert round_of(page) == mark, (page.text, mark)

        # the game ends on a (its player's connection gone and the game hung up): b's
        # watcher is back in its lobby
        await a.stop()
        await bob.wait_for("Welcome, bob", 40)
        for _ in range(50):
            if "The game has ended." in page.notices:
                break
            await asyncio.sleep(0.2)
        assert "The game has ended." in page.notices, page.notices
    finally:
        for t in players:
            t.close()
        if page is not None:
            await page.close()
        await a.stop()
        await b.stop()


async def test_a_login_just_after_a_game_starts_on_another_host_is_told_which(tmp_path,
                                                                               pg_url):
    """The claim row names its host from the moment it is taken, and a login reads it
    there: a login on host b a moment after ann's game starts on host a (before b's next
    read of the live games, every 3 s) is told the game runs on host a, by name."""
    data = tmp_path / "hostdata"
    a = await RealHost(data).start("--name", "a", "--db", pg_url)
    b = await RealHost(data).start("--name", "b", "--db", pg_url)
    players: list[Terminal] = []
    try:
        ann = await Terminal.connect(a.ssh_port, "ann", "secret1")
        players.append(ann)
        await choose_seed(ann)
        ann.send("\r")
        await ann.wait_for(f"seed {SEED}", 30)  # (a claimed the game before it started it)
        again = await Terminal.connect(b.ssh_port, "ann", "secret1")
        players.append(again)
        await again.wait_for("Welcome, ann", 20)
        await again.quiet(0.3)
        # the lobby's first screen: the notice, and the take-over naming the host
        assert "Your game is running on host a" in again.text, again.text
        assert "Take over your game here (it is on host a)" in again.text, again.text
    finally:
        for t in players:
            t.close()
        await a.stop()
        await b.stop()
