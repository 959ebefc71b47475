"""The website's challenge pages (issue 29, parts 1, 5): a challenge made with the form,
joined by its code, its board with a player's HTML shown as text, a player's page, the
public log from an offset; and a hidden seed's games going public when the window
closes. The host runs in-process on loopback."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import timedelta

import aiohttp
import pytest
from challenge_kit import bot_replay

from roguelike.challenges import model
from roguelike.challenges.limits import Limits
from roguelike.challenges.model import this_engine
from roguelike.challenges.service import Service
from roguelike.challenges.worker import work_one

pytest_plugins = ("host_server",)
pytestmark = pytest.mark.slow
TOKEN = re.compile(r'name="form_token" value="([0-9a-f]{64})"')


def browser() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def log_in(client, url: str, name: str, password: str = "secret1") -> str:
    """Log in with the form; returns the form token of the page it lands on."""
    async with client.get(url + "/login") as response:
        token = TOKEN.search(await response.text()).group(1)
    async with client.post(url + "/login", data={"form_token": token, "name": name,
                                                 "password": password,
                                                 "next": "/challenges"}) as response:
        page = await response.text()
    assert "Log out" in page, page[-500:]
    return TOKEN.findall(page)[-1]


async def test_make_join_and_read_a_challenge_on_the_website(web_server, tmp_path):
    run = await web_server()
    run.host.accounts.register("ann", "secret1")
    async with browser() as client:
        async with client.get(run.url + "/challenges") as response:
            page = await response.text()
        assert "Log in</a> to make a challenge" in page and "day-" in page
        token = await log_in(client, run.url, "ann")
        async with client.post(run.url + "/challenges", data={
                "form_token": token, "title": "<script>alert(1)</script> race",
                "seed": "amber wolf 17", "party": "warrior,rogue,mage", "closes": "sunday",
                "attempts": "best"}) as response:
            page = await response.text()
            code = str(response.url).rsplit("/", 1)[1]
        assert response.status == 200 and f"code <code>{code}</code>" in page
        assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "warrior, rogue, mage" in page and "best of many" in page
        assert "amber-wolf-17" in page  # not hidden
        # a bad one says what to change, and keeps the visitor on the list
        async with client.post(run.url + "/challenges", data={
                "form_token": token, "seed": "x", "party": "bard,bard,bard",
                "closes": "3d", "attempts": "one"}) as response:
            assert response.status == 400 and "no class &#x27;bard&#x27;" in await response.text()
        # without the form's token: refused
        async with client.post(run.url + "/challenges", data={"seed": "x"}) as response:
            assert response.status == 400 and "expired" in await response.text()
        # join by code (any case)
        async with client.get(run.url + "/c?code=" + code.upper()) as response:
            assert str(response.url).endswith(f"/c/{code}")
        async with client.get(run.url + "/c/nosuch") as response:
            assert response.status == 404
    # a game on it whose delver is named in HTML: shown as text on every page
    party = (("leader", "warrior", "<b>Bo</b>"), ("mercenary", "rogue"),
             ("apprentice", "mage"))
    replay = bot_replay(tmp_path / "a.replay.json", actions=150, party=party)
    svc = run.host.challenges.service
    entry = await asyncio.to_thread(svc.submit, 1, "ann", "a", replay.read_bytes(), code)
    await asyncio.to_thread(_drain, svc)
    assert svc.store.game(entry.id).status == "verified"
    async with browser() as client:
        for path in (f"/c/{code}", f"/g/{entry.id}", "/seed/amber-wolf-17"):
            async with client.get(run.url + path) as response:
                page = await response.text()
            assert "<b>Bo</b>" not in page and "&lt;b&gt;Bo&lt;/b&gt;" in page, path
        async with client.get(f"{run.url}/p/ann") as response:
            page = await response.text()
        assert response.status == 200 and f'href="/g/{entry.id}"' in page
        assert f'href="/c/{code}">{code}</a></td><td class="num">1</td>' in page


async def test_a_board_row_on_the_page_and_the_players_best(web_server, tmp_path):
    run = await web_server()
    run.host.accounts.register("ann", "secret1")
    svc = run.host.challenges.service
    ch = await asyncio.to_thread(svc.create, 1, seed="amber wolf 17", title="", party="",
                                 closes="2d", attempts="best", hidden=False)
    short = bot_replay(tmp_path / "s.json", actions=80)
    longer = bot_replay(tmp_path / "l.json", actions=400)
    for path in (short, longer):
        await asyncio.to_thread(svc.submit, 1, "ann", "a", path.read_bytes(), ch.code)
    await asyncio.to_thread(_drain, svc)
    best, _ = await asyncio.to_thread(svc.store.board, ch.id, 0, 10)
    assert len(best) == 1  # best of many: one row a player, the better game
    async with browser() as client:
        async with client.get(f"{run.url}/c/{ch.code}") as response:
            page = await response.text()
        assert f'href="/g/{best[0].id}/replay" download' in page and "local" in page
        async with client.get(f"{run.url}/p/ann") as response:
            page = await response.text()
        assert f'href="/c/{ch.code}"' in page and f"game {best[0].id}</a>" in page
        async with client.get(f"{run.url}/log?after=1") as response:
            lines = (await response.text()).splitlines()
            assert response.headers["Content-Type"].startswith("application/x-ndjson")
        assert [json.loads(line)["n"] for line in lines] == [2]


def _drain(svc: Service) -> None:
    while work_one(svc.store, svc.data, "t", this_engine(), Limits()):
        pass


async def test_a_hidden_seeds_games_go_public_when_the_window_closes(web_server, tmp_path):
    run = await web_server()
    run.host.accounts.register("ann", "secret1")
    svc = run.host.challenges.service
    week = next(c for c in svc.listing() if c.kind == "weekly")
    replay = bot_replay(tmp_path / "w.json", seed=week.seed, actions=120)
    await asyncio.to_thread(svc.start, week, 1, "ann", "local")
    entry = await asyncio.to_thread(svc.submit, 1, "ann", "a", replay.read_bytes(), week.code)
    await asyncio.to_thread(_drain, svc)
    done = svc.store.game(entry.id)
    assert done.status == "verified" and not done.published
    async with browser() as client:
        async with client.get(f"{run.url}/c/{week.code}") as response:
            assert week.seed not in await response.text()
        async with client.get(f"{run.url}/g/{entry.id}/replay") as response:
            assert response.status == 404  # its replay would tell the seed
        async with client.get(f"{run.url}/seed/{week.seed}") as response:
            assert "No verified games" in await response.text()
        async with client.get(f"{run.url}/log") as response:
            assert await response.text() == ""
    # the window closes: the host's clock publishes them (log, seed board, replay)
    later = Service(svc.data, svc.store, clock=lambda: week.closes + timedelta(seconds=1))
    assert await asyncio.to_thread(later.publish_closed) == 1
    assert await asyncio.to_thread(later.publish_closed) == 0  # once
    async with browser() as client:
        async with client.get(f"{run.url}/log") as response:
            [line] = (await response.text()).splitlines()
        assert json.loads(line)["seed"] == week.seed
        async with client.get(f"{run.url}/g/{entry.id}/replay") as response:
            assert response.status == 200
        async with client.get(f"{run.url}/seed/{week.seed}") as response:
            assert "ann" in await response.text()
    assert model.iso(week.closes) < model.iso(week.closes + timedelta(seconds=1))
