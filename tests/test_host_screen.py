"""The host's screen copy: its fast drawing gives what pyte gives, it repaints faithfully,
and no child's output can take more than its share of the host."""

from __future__ import annotations

import asyncio
import random

import pyte

from roguelike.host.child import MAX_COLS, MAX_ROWS
from roguelike.host.hub import CPU_BURST, CPU_SHARE, Hub
from roguelike.host.screen import FastScreen, GameScreen

PIECES = [
    "plain ascii text ", "#....#", "\u2500\u2502\u250c\u2510", "\u258f\u2594", "x" * 90,
    "\u4e2d\u6587", "e\u0301", "\u00e9t\u00e9", "\t", "\r\n", "\x1b[1;31m", "\x1b[0m",
    "\x1b[38;2;10;200;30m", "\x1b[48;5;17m", "\x1b[7m", "\x1b[5;70H", "\x1b[24;79H",
    "\x1b[H", "\x1b[K", "\x1b[2J", "\x1b[4h", "\x1b[4l", "\x1b[?7l", "\x1b[?7h", "\x1b(0",
    "\x1b(B", "lqqk", "\x0e", "\x0f", "\x1b[3@", "\x1b[2P", "\x1b[1;1r", "\x1b[r", "\x07",
]


def cells(screen: pyte.Screen) -> list[object]:
    return [screen.buffer[y][x] for y in range(screen.lines) for x in range(screen.columns)]


def test_fast_drawing_is_pyte_s_drawing():
    rng = random.Random(17)
    for _round in range(60):
        slow, fast = pyte.Screen(80, 24), FastScreen(80, 24)
        streams = pyte.ByteStream(slow), pyte.ByteStream(fast)
        for _piece in range(200):
            data = rng.choice(PIECES).encode()
            for stream in streams:
                stream.feed(data)
        assert cells(fast) == cells(slow)
        assert (fast.cursor.x, fast.cursor.y, fast.cursor.attrs) == \
            (slow.cursor.x, slow.cursor.y, slow.cursor.attrs)


def test_a_repaint_draws_the_same_screen_and_is_kept_until_it_changes():
    game = GameScreen(40, 10)
    game.feed(b"\x1b[2;3H\x1b[1;32mhello\x1b[0m \xe4\xb8\xad x\x1b[5;1Hbottom")
    first = game.repaint()
    assert game.repaint() is first  # kept
    viewer = pyte.Screen(40, 10)
    pyte.ByteStream(viewer).feed(first)
    assert viewer.display == game.screen.display
    assert cells(viewer) == cells(game.screen)
    game.feed(b"!")
    assert game.repaint() is not first  # stale after a change


class FloodChild:
    """A child that writes whenever the host reads it: as fast as the host takes it."""

    def __init__(self) -> None:
        self.paused = False
        self.pauses = 0

    def start_reading(self, on_data, on_eof) -> None:
        self.on_data = on_data

    def pause_reading(self) -> None:
        self.paused = True
        self.pauses += 1

    def resume_reading(self) -> None:
        self.paused = False

    def resize(self, cols: int, rows: int) -> None:
        pass


async def test_one_child_s_flood_takes_no_more_than_its_share_of_the_host():
    child = FloodChild()
    hub = Hub(child, MAX_COLS, MAX_ROWS, frame_interval=0.01)  # type: ignore[arg-type]
    rng = random.Random(5)
    frame = "".join(f"\x1b[{y + 1};1H" + "".join(
        f"\x1b[38;5;{rng.randrange(256)}m{rng.choice('#.~+')}" for _ in range(MAX_COLS))
        for y in range(MAX_ROWS)).encode()
    loop = asyncio.get_running_loop()
    end = loop.time() + 3.0
    gaps = []

    async def flood() -> None:
        while loop.time() < end:
            if not child.paused:
                child.on_data(frame[:65536])
            await asyncio.sleep(0.001)

    async def another_session() -> None:  # how late its turns of the loop come
        while loop.time() < end:
            before = loop.time()
            await asyncio.sleep(0.01)
            gaps.append(loop.time() - before - 0.01)

    await asyncio.gather(flood(), another_session())
    assert child.pauses > 0  # the copy fell behind: the child was made to wait
    assert hub.parse_time <= CPU_SHARE * 3.0 + CPU_BURST + 0.1, hub.parse_time
    assert max(gaps) < 0.15, max(gaps)  # one slice at a time, never the whole backlog
    assert sorted(gaps)[len(gaps) // 2] < 0.02
