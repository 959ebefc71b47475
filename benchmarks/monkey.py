"""Monkey run: the real Textual app driven by random keys, mouse events and resizes.

    python benchmarks/monkey.py --games 20 --keys 400

Each game starts straight in the dungeon on a fixed seed; a seeded random.Random picks every
input: movement keys, every command key, Escape, stray terminal escape sequences (fed through
Textual's own xterm parser, as a real terminal's bytes would be), clicks, hovers and resizes.
A run fails on any exception in the app or on a stuck screen: the game screen showing, no
modal open, and an end-turn key that does not move the game on. tests/test_monkey.py runs a
short version of this on every test run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual import events
from textual._xterm_parser import XTermParser
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.widgets import OptionList

from roguelike.content.loader import content_root
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.menu import MainMenu

# Keys a player might press that mean nothing here, and the ones every dialog answers to.
NOISE_KEYS = ["escape", "enter", "space", "y", "n", "q", "a", "z", "f1", "ctrl+c", "delete",
              "backspace", "insert", "shift+tab", "ctrl+z", "exclamation_mark", "0"]
# Bytes a terminal (or a line cut mid-sequence over SSH) may send: partial CSI codes, odd
# modifiers, a bracketed paste, focus reports, and mouse reports outside the screen.
STRAY_SEQUENCES = ["\x1b", "\x1b[", "\x1b[1;5A", "\x1b[1;9D", "\x1bO", "\x1bOP", "\x1b[200~h"
                   "jkl\x1b[201~", "\x1b[I", "\x1b[O", "\x1b[<0;500;500M", "\x1b[<64;3;3M",
                   "\x1b[99~", "\x1b[<35;2;2M", "\x1b]11;rgb:0000/0000/0000\x1b\\", "\x1b[?1;2c",
                   "\x1b[M", "\x1b[<0;1;1m", "é", "\x00", "\x7f"]
SIZES = [(80, 24), (120, 40), (60, 20), (100, 30), (40, 12), (200, 60), (12, 4), (1, 1)]
STUCK_CHECK_EVERY = 25


class MonkeyFailure(AssertionError):
    """The app raised or stopped answering; the message says how to reproduce it."""


@dataclass
class Tally:
    games: int = 0
    inputs: int = 0
    actions: int = 0
    new_games: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)

    def count(self, kind: str) -> None:
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
        self.inputs += 1


def _pick(rng: random.Random) -> str:
    roll = rng.randrange(100)
    if roll < 52:
        return "move"
    if roll < 66:
        return "command"
    if roll < 72:
        return "escape"  # players press it often: it closes help, look and questions
    if roll < 80:
        return "noise"
    if roll < 88:
        return "stray"
    if roll < 97:
        return "mouse"
    return "resize"


CHARACTERS = {"full_stop": ".", "period": ".", "greater_than_sign": ">",
              "less_than_sign": "<", "question_mark": "?", "semicolon": ";", "space": " ",
              "exclamation_mark": "!", "tab": "\t", "enter": "\r"}


def _key_name(key: str) -> str:
    """Textual's name for a key as a keymap writes it ("." is "full_stop")."""
    if len(key) == 1 and key.isprintable():
        name = _character_to_key(key)
        CHARACTERS.setdefault(name, key)
        return name
    return key


def key_pools() -> tuple[list[str], list[str], str]:
    """(movement keys, command keys, the end-turn key), from the keymap data."""
    data = tomllib.loads((content_root() / "keymap.toml").read_text(encoding="utf-8"))
    moves = [k for keys in data.get("move", {}).values() for k in keys]
    commands = [k for c in data.get("command", []) for k in c.get("keys", [])]
    rest = next((c["keys"][0] for c in data.get("command", [])
                 if c.get("id") == "rest_or_end" and c.get("keys")), ".")
    return ([_key_name(k) for k in moves], sorted({_key_name(k) for k in commands}),
            _key_name(rest))


MOVE_KEYS, COMMAND_KEYS, REST_KEY = key_pools()


async def _settle(pilot: Pilot[None]) -> None:
    """Wait until the app, then the screen, handled what was sent (no fixed sleeps, unlike
    Pilot.press): a callback queued behind the input runs once the app is through it."""
    reached = asyncio.Event()
    pilot.app.call_later(reached.set)
    await reached.wait()
    await pilot._wait_for_screen()


async def _send_key(app: RoguelikeApp, pilot: Pilot[None], key: str, rng: random.Random
                    ) -> None:
    """Most keys go in as the driver hands them over; some through Pilot.press."""
    if rng.random() < 0.05:
        await pilot.press(key)
        return
    char = CHARACTERS.get(key, key if len(key) == 1 else None)
    assert app._driver is not None
    app._driver.process_message(events.Key(key, char))
    await _settle(pilot)


async def _feed_terminal(app: RoguelikeApp, pilot: Pilot[None], parser: XTermParser,
                         data: str) -> None:
    """Bytes as a terminal sends them, parsed by Textual's own xterm parser."""
    driver = app._driver
    assert driver is not None
    for event in [*parser.feed(data), *parser.tick()]:
        driver.process_message(event)
    await _settle(pilot)


def _fail(app: RoguelikeApp, seed: str, history: list[str], why: str) -> MonkeyFailure:
    tail = ", ".join(history[-15:])
    return MonkeyFailure(f"{why} (seed {seed!r}, after {len(history)} inputs; last: {tail})")


async def _check_alive(app: RoguelikeApp, pilot: Pilot[None], seed: str,
                       history: list[str]) -> None:
    """On the game screen with no modal, ending the turn must move the game on. A mode that
    takes the keys (look, targeting) is first left with Escape, as a player would."""
    screen = app.screen
    if not isinstance(screen, GameScreen):
        return
    game = screen.game
    if game.over:
        return
    if game.awaiting is None:
        raise _fail(app, seed, history, "game not over but nobody is waiting to act")

    def state() -> tuple[int, ...]:
        return (game.actions_taken, game.round, game.turn_index, game.depth)

    async def send(key: str, times: int) -> None:
        assert app._driver is not None
        for _ in range(times):
            app._driver.process_message(events.Key(key, CHARACTERS.get(key)))
            await _settle(pilot)
        history.append(f"check:{key}x{times}")

    before = state()
    await send(REST_KEY, 2)
    if app.screen is not screen or game.over or state() != before:
        return
    await send("escape", 2)
    if app.screen is not screen:
        return
    await send(REST_KEY, 2)
    if app.screen is screen and not game.over and state() == before:
        raise _fail(app, seed, history, "stuck: end-turn keys did not advance the game")


async def _random_input(app: RoguelikeApp, pilot: Pilot[None], parser: XTermParser,
                        rng: random.Random, tally: Tally, history: list[str],
                        size: tuple[int, int]) -> tuple[int, int]:
    """Send one random input; returns the terminal size after it."""
    width, height = size
    kind = _pick(rng)
    tally.count(kind)
    if kind in ("move", "command", "noise", "escape"):
        pool = MOVE_KEYS if kind == "move" else COMMAND_KEYS if kind == "command" \
            else NOISE_KEYS if kind == "noise" else ["escape"]
        key = rng.choice(pool)
        history.append(key)
        await _send_key(app, pilot, key, rng)
    elif kind == "stray":
        seq = rng.choice(STRAY_SEQUENCES)
        history.append(f"bytes:{seq!r}")
        await _feed_terminal(app, pilot, parser, seq)
    elif kind == "mouse":
        x, y = rng.randrange(width), rng.randrange(height)
        how = rng.randrange(4)
        if how == 0:
            history.append(f"pilot-click:{x},{y}")
            await pilot.click(offset=(x, y))
        elif how == 1:
            history.append(f"pilot-hover:{x},{y}")
            await pilot.hover(offset=(x, y))
        else:  # SGR mouse reports: a click (press, release) or a move
            button = rng.choice((0, 1, 2)) if how == 2 else 35
            data = f"\x1b[<{button};{x + 1};{y + 1}M"
            if how == 2:
                data += f"\x1b[<{button};{x + 1};{y + 1}m"
            history.append(f"bytes:{data!r}")
            await _feed_terminal(app, pilot, parser, data)
    else:
        width, height = rng.choice(SIZES)
        history.append(f"resize:{width}x{height}")
        await pilot.resize_terminal(width, height)
    return width, height


async def _menu_input(app: RoguelikeApp, pilot: Pilot[None], rng: random.Random,
                      tally: Tally, history: list[str], seed: str) -> None:
    """On the main menu: mostly start the next game, sometimes poke the menu (never its
    Quit entry, which would end the run)."""
    menus = app.screen.query(OptionList)
    menu = menus.first() if menus else None
    highlighted = menu.highlighted if menu is not None else None
    on_quit = menu is None or (highlighted is not None
                               and menu.get_option_at_index(highlighted).id == "quit")
    if rng.random() < 0.6:
        app.start_game(f"{seed}-again-{tally.new_games}")
        tally.new_games += 1
        history.append("new-game")
        await pilot.pause()
        return
    keys = ["up", "down", "escape", "question_mark"] + ([] if on_quit else ["enter"])
    key = rng.choice(keys)
    tally.count("menu")
    history.append(f"menu:{key}")
    await _send_key(app, pilot, key, rng)


async def monkey_game(seed: str, keys: int, rng: random.Random, tally: Tally,
                      size: tuple[int, int] = (80, 24)) -> None:
    app = RoguelikeApp(seed=seed, straight_in=True)
    history: list[str] = []
    parser = XTermParser()
    width, height = size
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for i in range(keys):
                if app._exception is not None:
                    raise _fail(app, seed, history, f"app raised {app._exception!r}")
                if isinstance(app.screen, MainMenu):  # a game ended or was abandoned
                    await _menu_input(app, pilot, rng, tally, history, seed)
                    continue
                width, height = await _random_input(app, pilot, parser, rng, tally,
                                                    history, (width, height))
                if (i + 1) % STUCK_CHECK_EVERY == 0:
                    await _check_alive(app, pilot, seed, history)
            await _check_alive(app, pilot, seed, history)
            game = app.game
            tally.actions += game.actions_taken if game is not None else 0
    except Exception as err:
        # run_test re-raises the app's own exception on the way out; name the inputs
        crash = app._exception or err
        if isinstance(crash, MonkeyFailure):
            raise
        raise _fail(app, seed, history, f"app raised {crash!r}") from crash
    tally.games += 1


async def run_monkey(games: int, keys: int, seed: int = 9, budget_s: float | None = None
                     ) -> Tally:
    """`games` games of `keys` inputs each, stopping early (not failing) past `budget_s`."""
    rng = random.Random(seed)
    tally = Tally()
    t0 = time.perf_counter()
    for g in range(games):
        size = SIZES[g % 2]  # start at both of the sizes the benchmarks measure
        await monkey_game(f"monkey-{seed}-{g}", keys, rng, tally, size)
        if budget_s is not None and time.perf_counter() - t0 > budget_s:
            break
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--keys", type=int, default=400, help="inputs per game")
    parser.add_argument("--seed", type=int, default=9, help="seed of the input generator")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    try:
        tally = asyncio.run(run_monkey(args.games, args.keys, args.seed))
    except MonkeyFailure as err:
        print(json.dumps({"ok": False, "failure": str(err)}))
        return 1
    print(json.dumps({"ok": True, "games": tally.games, "inputs": tally.inputs,
                      "engine_actions": tally.actions, "games_restarted": tally.new_games,
                      "by_kind": tally.by_kind,
                      "seconds": round(time.perf_counter() - t0, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
