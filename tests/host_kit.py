"""Looking at what an SSH host left behind: its game processes, its files' modes; and the
party screen every new game opens with."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ENTER, DOWN = "\r", "\x1b[B"
SEED = "amber-wolf-17"


async def choose_seed(t: Any, seed: str = SEED) -> None:
    """From the lobby: Play a seed..., the seed, then wait for the party screen."""
    await t.wait_for("Play a seed")
    t.send(DOWN + DOWN + ENTER)
    await t.wait_for("Seed (words")
    t.send(seed + ENTER)
    await t.wait_for("Choose your party", 30)


async def play_seed(t: Any, seed: str = SEED) -> None:
    """From the lobby into a new game on `seed` with the default party, screen settled."""
    await choose_seed(t, seed)
    t.send(ENTER)
    await t.wait_for(f"seed {seed}", 30)
    await t.wait_for("Explore", 30)
    await t.quiet()


async def watch(t: Any, player: str) -> None:
    """From the lobby: watch `player`'s game (the only one live), until it is shown."""
    await t.wait_for("Watch (1 live)")
    t.send(DOWN * 3 + ENTER)
    await t.wait_for(player)
    t.send(ENTER)
    await t.wait_for(f"watching {player}", 5)


async def default_party(t: Any) -> None:
    """A new game asks for the party first (ui/screens/party.py): Enter, the default one,
    then wait for the game's status line (depth and round: a random seed may open with
    hostiles in view, in COMBAT rather than Explore, as delve-865343 did)."""
    await t.wait_for("Choose your party", 30)
    t.send(ENTER)
    await t.wait_for("D1 R1 ", 30)


def game_processes(account_id: int, data: Path) -> list[int]:
    """Pids of running game processes of one account of the host whose data folder is
    `data` (other hosts, e.g. other test runs on the machine, are not it): forked from
    the zygote, a game is named `rl-play-ID` and runs in the account's folder."""
    pids = []
    home = str(Path(data) / "accounts" / str(account_id))
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name = (entry / "comm").read_text().strip()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if state != "Z" and name == f"rl-play-{account_id}"[:15] and cwd == home:
            pids.append(int(entry.name))
    return sorted(pids)


def loose_modes(data: Path) -> list[str]:
    """Every path under `data` that its group or others may read, write or enter."""
    loose = []
    for root, dirs, files in os.walk(data):
        for name in [".", *dirs, *files]:
            path = Path(root) / name
            mode = path.lstat().st_mode & 0o777
            if mode & 0o077 and not path.is_symlink():  # a link's own mode means nothing
                rel = path.relative_to(data).as_posix()
                loose.append(f"{'' if rel == '.' else rel} {mode:o}")
    return sorted(set(loose))
