"""The lobby's menu changing under the cursor (the host's news arriving with a key): a key
pressed as it changes is not taken for the option that moved under it (two logins of one
account pressing Play at once once took the other's game over instead of being told)."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest

from roguelike.ui.lobby import MENU_GRACE, LobbyApp

STATE = {"type": "state", "id": 1, "name": "alice", "guest": False, "allow_watch": False,
         "has_save": False, "running": "", "running_on": "", "live": [], "keys": [],
         "notice": ""}


def _sent(sock: socket.socket) -> list[dict[str, object]]:
    try:
        data = sock.recv(65536)
    except BlockingIOError:
        return []
    return [json.loads(line) for line in data.decode().splitlines()]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_enter_as_the_game_starts_elsewhere_does_not_take_it_over(size):
    host_end, app_end = socket.socketpair()
    host_end.setblocking(False)
    app = LobbyApp(app_end.detach())
    async with app.run_test(size=size) as pilot:
        app.received(dict(STATE))
        await pilot.pause()
        menu = app.query_one("#menu")
        assert menu.highlighted_option.id == "play"
        # the account's game starts on another connection, and this login's Enter, meant
        # for Play, arrives just after: Take over is now under the cursor
        app.received(dict(STATE, running="running", notice="Your game is already running "
                          "on another connection: take it over here or watch it."))
        await pilot.press("enter")
        await pilot.pause()
        assert _sent(host_end) == []
        assert menu.highlighted_option.id == "reattach"
        assert "already running" in str(app.query_one("#message").render())
        # a considered Enter, once the player could read the menu, is taken
        await asyncio.sleep(MENU_GRACE + 0.1)
        await pilot.press("enter")
        await pilot.pause()
        assert _sent(host_end) == [{"op": "reattach"}]
        host_end.close()  # (the host going away ends the app, as in play)
        await pilot.pause()


async def test_news_that_leaves_the_cursor_on_its_option_costs_no_key():
    host_end, app_end = socket.socketpair()
    host_end.setblocking(False)
    app = LobbyApp(app_end.detach())
    async with app.run_test(size=(80, 24)) as pilot:
        app.received(dict(STATE))
        await pilot.pause()
        app.received(dict(STATE, live=[{"id": 2}]))  # "Watch (1 live)": Play stays put
        await pilot.press("enter")
        await pilot.pause()
        assert _sent(host_end) == [{"op": "play"}]
        host_end.close()
        await pilot.pause()
