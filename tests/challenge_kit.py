"""Replays for the challenge tests: bot games, and edited copies of them (each edit with
its checksum made again, as a cheat would); and the lobby's challenge screens driven
through the real keys over SSH."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roguelike.host.client import Terminal
from roguelike.records.codec import checksum
from roguelike.tools.sim import run_sim

DOWN, ENTER, ESC, HOME = "\x1b[B", "\r", "\x1b", "\x1b[H"


def bot_replay(path: Path, seed: str = "amber-wolf-17", actions: int = 200,
               party: tuple[tuple[str, str], ...] | None = None) -> Path:
    run_sim(seed, actions, party, record=path)
    return path


def edited(src: Path, dest: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of replay `src` whose body `edit` changed, with a matching checksum."""
    doc = json.loads(src.read_bytes())
    edit(doc["body"])
    doc["checksum"] = checksum(doc["body"])
    dest.write_bytes(json.dumps(doc, separators=(",", ":")).encode() + b"\n")
    return dest


def swap_action(index: int) -> Callable[[dict[str, Any]], None]:
    """Action `index` made a different one (a step becomes a wait, anything else a step)."""
    def edit(body: dict[str, Any]) -> None:
        action = body["actions"][index][1]
        body["actions"][index][1] = {"kind": "wait"} if action["kind"] != "wait" else {
            "kind": "step", "dx": 1, "dy": 0}
    return edit


def first_step(replay: Path, after: int = 20) -> int:
    """The index of the first step at or after `after` (a good action to edit)."""
    actions = json.loads(replay.read_bytes())["body"]["actions"]
    return next(i for i in range(after, len(actions)) if actions[i][1]["kind"] == "step")


# ----- the lobby over SSH ---------------------------------------------------------------
async def open_challenge(t: Terminal, code: str) -> None:
    """From the lobby's menu: Challenges, then the one with `code` (by its code)."""
    await t.wait_for("Challenges:")
    await t.quiet()
    t.send(HOME + DOWN + ENTER)  # (the menu keeps the last choice highlighted)
    await t.wait_for("Make a challenge")
    await t.quiet()
    t.send("j")  # the code field
    await t.quiet()
    t.send(code + ENTER)
    await t.wait_for(f"code {code}")
    await t.quiet()


async def start(t: Terminal, what: str) -> None:
    await t.wait_for(what)
    t.send(ENTER)
    await t.wait_for("Choose your party", 30)
    t.send(ENTER)
    await t.wait_for("D1 R1 ", 30)
    await t.quiet()


async def quit_game(t: Terminal, keys: str = "jlkh") -> None:
    for key in keys:
        t.send(key)
        await t.quiet()
        if "Escape cancels" in t.text:  # (a walk into a locked door asks what to do; the
            t.send(ESC)                 # challenge's seed is random: on some it does)
            await t.quiet()
    t.send("Q")
    await t.wait_for("Quit this game")
    t.send("y")
    await t.wait_for("back to the menu", 30)
    t.send(ENTER)
    await t.wait_for("Welcome", 30)
