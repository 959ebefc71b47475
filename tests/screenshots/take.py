"""Take the README's screenshots of the website: `python tests/screenshots/take.py`.

They live here, beside the browser tests whose kit makes them (the repository's top level
holds no docs folder, and the package need not ship pictures). A host runs in-process on
loopback; headless chromium plays a game, watches it, quits it and opens its recording.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[1]))

SEED = "amber-wolf-17"
SIZE = {"width": 960, "height": 600}


async def main() -> None:
    from playwright.async_api import async_playwright
    from web_browsers import CHROMIUM, FLAGS
    from web_kit import play_seed, register, settle, until, wait_text

    from roguelike.host.config import HostConfig
    from roguelike.host.server import start_server
    from roguelike.web.app import WebSite

    data = Path(tempfile.mkdtemp(prefix="shots-"))
    config = HostConfig(data=data / "data", port=0, web_port=0, scrypt_n=1 << 14)
    host, acceptor, _ = await start_server(config)
    site = WebSite(host, ssh_port=acceptor.sockets[0].getsockname()[1])
    url = f"http://127.0.0.1:{await site.door.start(config, 0)}"
    async with async_playwright() as p:
        async def browser(**options: object) -> object:
            options.setdefault("viewport", SIZE)
            return await p.chromium.launch_persistent_context(
                tempfile.mkdtemp(), executable_path=str(CHROMIUM), headless=True,
                args=FLAGS, **options)

        player_ctx = await browser()
        page = await player_ctx.new_page()
        await register(page, url, "ada")
        await page.goto(url + "/")
        await page.screenshot(path=HERE / "front.png")
        await page.goto(url + "/play")
        await play_seed(page, SEED)
        for key in "jjlll":
            await page.keyboard.press(key)
            await settle(page, 0.2)
        watcher_ctx = await browser()
        watcher = await watcher_ctx.new_page()
        await watcher.goto(url + "/watch")
        await watcher.screenshot(path=HERE / "live.png")
        await watcher.click("#live a")
        await wait_text(watcher, f"seed {SEED}")
        await until(page, "() => document.getElementById('status').textContent"
                          ".includes('watching')", 10)
        await settle(page)
        await page.screenshot(path=HERE / "play.png")
        await page.keyboard.press("Q")
        await wait_text(page, "Quit this game?")
        await page.keyboard.press("y")
        await settle(page, 0.5)
        await page.keyboard.press("Escape")
        await wait_text(page, "Welcome, ada", 30)
        await page.goto(url + f"/scores/{SEED}")
        await page.click("table.scores a:text('game')")
        await page.wait_for_selector(".recording .ap-player")
        await page.click(".recording .ap-player")
        await asyncio.sleep(3)
        await page.screenshot(path=HERE / "recording.png")
        phone_ctx = await browser(viewport={"width": 844, "height": 390}, has_touch=True,
                                  is_mobile=True)
        phone = await phone_ctx.new_page()
        await register(phone, url, "pip")
        await phone.tap("#keybar button[data-key='enter']")
        await wait_text(phone, "Choose your party", 30)
        await phone.tap("#keybar button[data-key='enter']")
        await wait_text(phone, "Explore", 30)
        await settle(phone)
        await phone.screenshot(path=HERE / "phone.png")
        for ctx in (player_ctx, watcher_ctx, phone_ctx):
            await ctx.close()
    acceptor.close()
    await site.door.close()
    await host.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
