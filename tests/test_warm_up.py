"""The zygote's warm-up (roguelike/ui/warm_up.py): what a forked game would otherwise do
for itself first is done once, before the fork. Run in a process of its own, as the
warm-up runs in the zygote: it sets signal handlers for the whole process and undoes them."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = r"""
import asyncio, json, signal, tempfile
from roguelike.ui.warm_up import warm_screens
from roguelike.ui.screens.party import PartyScreen
from roguelike.ui.hosted import HostedBase
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.warm_styles import KEPT

before = {s: signal.getsignal(s) for s in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)}
warm_screens()
after = {s: signal.getsignal(s) for s in before}
for s in before:
    signal.signal(s, before[s])
kept = KEPT.held[RoguelikeApp][0]

async def party_screen(app):
    # each widget of the first screen a hosted game shows: where, and its styles
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        return [(type(w).__name__, w.id, str(w.region), w.styles.css)
                for w in app.screen.walk_children()]

folder = tempfile.mkdtemp()
first = RoguelikeApp(seed="amber-wolf-17", data_dir=folder, player_name="p")
second = RoguelikeApp(seed="amber-wolf-17", data_dir=folder, player_name="p")
took, again = first.stylesheet is kept, second.stylesheet is kept
shown = [asyncio.run(party_screen(app)) for app in (first, second)]
print(json.dumps({
    "first_took_the_kept_styles": took,
    "second_made_its_own": not again,
    "same_screen": shown[0] == shown[1] and len(shown[0]) > 10,
    "signals_kept": before == after,
    "party_counted": hasattr(PartyScreen.on_mount, "_param_count"),
    "hosted_counted": hasattr(HostedBase.on_screen_suspend, "_param_count"),
}))
"""


def test_the_warm_up_plays_the_hosted_path_and_restores_the_signals():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert got["signals_kept"]  # the hosted game's save-on-hang-up handlers are undone
    # the hosted path's screens ran their handlers in the warm-up (the party screen over
    # the hosted base), as every forked game's first screen does
    assert got["party_counted"] and got["hosted_counted"]
    # the warm-up's parsed styles go to the next game made (a forked child's), once, and
    # its first screen is the one a game that parsed its own styles shows, widget by widget
    assert got["first_took_the_kept_styles"] and got["second_made_its_own"]
    assert got["same_screen"]


def test_kept_styles_go_once_and_only_to_an_app_of_the_same_theme(tmp_path):
    from roguelike.ui.app import RoguelikeApp
    from roguelike.ui.warm_styles import KeptStyles

    def app() -> RoguelikeApp:
        return RoguelikeApp(seed="amber-wolf-17", data_dir=str(tmp_path), player_name="p")

    kept, warm = KeptStyles(), app()
    kept.keep(warm)
    other_theme = app()
    other_theme.theme = "textual-light"  # its rules would hold the warm-up's colours
    assert not kept.give(other_theme) and other_theme.stylesheet is not warm.stylesheet
    assert not kept.held  # given up, not kept for later
    kept.keep(warm)
    taker, late = app(), app()
    assert kept.give(taker) and taker.stylesheet is warm.stylesheet
    assert not kept.give(late) and late.stylesheet is not warm.stylesheet
