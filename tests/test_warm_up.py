"""The zygote's warm-up (roguelike/ui/warm_up.py): what a forked game would otherwise do
for itself first is done once, before the fork. Run in a process of its own, as the
warm-up runs in the zygote: it sets signal handlers for the whole process and undoes them."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = r"""
import json, signal
from roguelike.ui.warm_up import warm_screens
from roguelike.ui.screens.party import PartyScreen
from roguelike.ui.hosted import HostedBase

before = {s: signal.getsignal(s) for s in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)}
warm_screens()
after = {s: signal.getsignal(s) for s in before}
for s in before:
    signal.signal(s, before[s])
print(json.dumps({
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
