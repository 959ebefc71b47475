"""The `browsers` fixture: Debian's chromium, headless, driven by Playwright's Python API.

No browser is downloaded: the tests use /usr/bin/chromium (the README's test command
installs it with apt-get when it is missing), each browser with a fresh profile folder.
Test modules load it with `pytest_plugins = ("web_browsers",)`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
async def browsers(tmp_path):
    """`await browsers(**context_options)`: a new browser (its own profile: cookies and
    all), as a Playwright BrowserContext; all are closed after the test."""
    from playwright.async_api import async_playwright

    assert CHROMIUM.exists(), ("the browser tests need Debian's chromium: "
                               "apt-get install -y chromium")
    playwright = await async_playwright().start()
    opened: list[Any] = []

    async def launch(**options: Any) -> Any:
        options.setdefault("viewport", {"width": 1100, "height": 760})
        profile = tmp_path / f"profile-{len(opened)}"
        profile.mkdir()
        context = await playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=FLAGS, **options)
        opened.append(context)
        return context

    yield launch
    for context in opened:
        await context.close()
    await playwright.stop()
