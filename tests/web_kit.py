"""Driving the website's terminal in a browser (the `browsers` fixture: web_browsers.py).

The terminal's text is read from xterm.js's buffer (what the page shows), through the
`window.tt` handle the page's script leaves for tests.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

DOWN, UP, ENTER = "ArrowDown", "ArrowUp", "Enter"


SCREEN_JS = """() => {
  const t = window.tt.term, b = t.buffer.active, out = [];
  for (let y = 0; y < t.rows; y++) {
    const line = b.getLine(b.viewportY + y);
    out.push(line ? line.translateToString(true) : "");
  }
  return out;
}"""


async def screen(page: Any) -> list[str]:
    """The terminal's lines as the page shows them."""
    return list(await page.evaluate(SCREEN_JS))


async def wait_text(page: Any, text: str, timeout: float = 20.0) -> list[str]:
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    while time.monotonic() < deadline:
        try:
            lines = await screen(page)
        except Exception:  # the page is (re)loading: no terminal yet
            lines = []
        if text in "\n".join(lines):
            return lines
        await asyncio.sleep(0.1)
    raise AssertionError(f"{text!r} not in the page's terminal:\n" + "\n".join(lines))


async def settle(page: Any, gap: float = 0.3, timeout: float = 8.0) -> list[str]:
    """The terminal once it has not changed for `gap` seconds."""
    deadline = time.monotonic() + timeout
    last = await screen(page)
    still = time.monotonic()
    while time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        now = await screen(page)
        if now != last:
            last, still = now, time.monotonic()
        elif time.monotonic() - still >= gap:
            break
    return last


async def register(page: Any, url: str, name: str, password: str = "secret1") -> None:
    """Register `name` with the form; the browser lands on the play page's lobby."""
    await page.goto(url + "/register")
    await page.fill("input[name=name]", name)
    await page.fill("input[name=password]", password)
    await page.fill("input[name=password2]", password)
    await page.click("form.box button")
    await page.wait_for_url("**/play")
    await wait_text(page, f"Welcome, {name}")


async def log_in(page: Any, url: str, name: str, password: str = "secret1") -> None:
    await page.goto(url + "/login?next=/play")
    await page.fill("input[name=name]", name)
    await page.fill("input[name=password]", password)
    await page.click("form.box button")
    await page.wait_for_url("**/play")


async def play_seed(page: Any, seed: str) -> None:
    """From the lobby: Play a seed, the default party, into the dungeon."""
    await wait_text(page, "Play a seed")
    await settle(page)
    for key in (DOWN, DOWN, ENTER):
        await page.keyboard.press(key)
    await wait_text(page, "Seed (words")
    await page.keyboard.type(seed)
    await page.keyboard.press(ENTER)
    await wait_text(page, "Choose your party", 30)
    await page.keyboard.press(ENTER)
    await wait_text(page, "Explore", 30)
    await settle(page)


async def until(page: Any, script: str, timeout: float = 20.0) -> None:
    """Wait until the function `script` is true in the page (polled from here: the site's
    Content-Security-Policy rightly forbids the eval that page.wait_for_function uses)."""
    deadline = time.monotonic() + timeout
    while not await page.evaluate(script):
        if time.monotonic() > deadline:
            raise AssertionError(f"never true in the page: {script}")
        await asyncio.sleep(0.1)
