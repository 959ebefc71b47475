"""The zygote's warm-up (roguelike/ui/warm_up.py): what a forked game would otherwise do
for itself first is done once, before the fork. Run in a process of its own: the warm-up
changes Textual's stylesheets for the whole process, as it does in the zygote."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = r"""
import json, signal
from textual.css.stylesheet import Stylesheet
from textual.css import parse as css_parse
from roguelike.ui.warm_up import warm_screens
from roguelike.ui.screens.party import PartyScreen
from roguelike.ui.hosted import HostedBase
from roguelike.ui.app import RoguelikeApp

before = {s: signal.getsignal(s) for s in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)}
warm_screens()
after = {s: signal.getsignal(s) for s in before}
parsed = []
real = css_parse.parse
def counting(*args, **kwargs):
    parsed.append(1)
    return real(*args, **kwargs)
import textual.css.stylesheet as sheet_module
sheet_module.parse = counting
# a new hosted game, as a forked child runs it, to its party screen: none of its CSS is
# parsed again
import asyncio, tempfile
async def first_screen(folder):
    app = RoguelikeApp(seed="x", data_dir=folder, player_name="p")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
with tempfile.TemporaryDirectory() as folder:
    asyncio.run(first_screen(folder))
for s in before:
    signal.signal(s, before[s])
in_game = len(parsed)
sheet = Stylesheet(variables={"a": "red"})
sheet.add_source("Screen { color: $a; }", ("t", "x"))
sheet.parse()
other = Stylesheet(variables={"a": "blue"})
other.add_source("Screen { color: $a; }", ("t", "x"))
other.parse()
print(json.dumps({
    "signals_kept": before == after,
    "party_counted": hasattr(PartyScreen.on_mount, "_param_count"),
    "hosted_counted": hasattr(HostedBase.on_screen_suspend, "_param_count"),
    "parsed_in_game": in_game,
    "parsed_new": len(parsed) - in_game,
    "colours": [str(sheet.rules[0].styles.color), str(other.rules[0].styles.color)],
}))
"""


def test_the_warm_up_plays_the_hosted_path_and_shares_the_parsed_css():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert got["signals_kept"]  # the hosted game's save-on-hang-up handlers are undone
    # the hosted path's screens ran their handlers in the warm-up (the party screen over
    # the hosted base), as every forked game's first screen does
    assert got["party_counted"] and got["hosted_counted"]
    # the party screen's CSS was parsed in the warm-up: not again for a new app; a new
    # CSS text is parsed once per theme (its variables are part of the parse)
    assert got["parsed_in_game"] == 0
    assert got["parsed_new"] == 2
    assert got["colours"][0] != got["colours"][1]
