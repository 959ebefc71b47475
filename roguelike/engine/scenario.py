"""Games on hand-drawn ASCII maps with scripted dice, for tests and rule examples.

    game = scenario('''
        #######
        #1.m..#
        #2....#
        #3...>#
        #######
    ''', monsters={"m": "mercenary"})
    game.streams.play = Scripted([6, 2, 3])  # the next d6 rolls
"""

from __future__ import annotations

import textwrap

import numpy as np

from roguelike.core.components import Position
from roguelike.core.rng import Stream
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import DEFAULT_PARTY, Game
from roguelike.world import tiles as T
from roguelike.world.level import Level, Room
from roguelike.world.stocking import make_door


class Scripted(Stream):
    """A stream whose die rolls come from a list; `below` uses the same list (face - 1)."""

    def __init__(self, rolls: list[int], fallback_seed: str = "scripted") -> None:
        super().__init__(fallback_seed, "play")
        self.rolls = list(rolls)
        self.used: list[int] = []

    def below(self, n: int) -> int:
        if self.rolls:
            face = self.rolls.pop(0)
            if not 1 <= face <= n:
                raise AssertionError(f"scripted roll {face} does not fit a d{n}")
            self.used.append(face)
            return face - 1
        return super().below(n)


def parse_map(text: str, depth: int = 1) -> tuple[Level, dict[str, list[tuple[int, int]]]]:
    """A level from ASCII; returns it and where each non-terrain glyph stood."""
    rows = [r for r in textwrap.dedent(text).strip("\n").splitlines()]
    width = max(len(r) for r in rows)
    rows = [r.ljust(width, "#") for r in rows]
    tiles = np.full((len(rows), width), T.WALL, dtype=np.uint8)
    marks: dict[str, list[tuple[int, int]]] = {}
    up: tuple[int, int] | None = None
    down: tuple[int, int] | None = None
    doors: list[tuple[int, int]] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in T.CODES_BY_GLYPH:
                tiles[y, x] = T.CODES_BY_GLYPH[ch]
            else:
                tiles[y, x] = T.FLOOR
                marks.setdefault(ch, []).append((x, y))
            if ch == "<":
                up = (x, y)
            elif ch == ">":
                down = (x, y)
            elif ch == "+":
                doors.append((x, y))
    room_map = np.where(T.WALKABLE[tiles] & (tiles != T.DOORWAY), 0, -1).astype(np.int16)
    room = Room(0, 0, 0, width, len(rows))
    start = up or (marks.get("1") or [(1, 1)])[0]
    level = Level(depth=depth, width=width, height=len(rows), tiles=tiles, rooms=[room],
                  room_map=room_map, doors=doors, stairs_up=start, stairs_down=down,
                  camp_room=0, pillager_camp_room=0)
    return level, marks


def scenario(text: str, monsters: dict[str, str] | None = None,
             party: tuple[tuple[str, str], ...] = DEFAULT_PARTY, seed: str = "scenario",
             rolls: list[int] | None = None, luck_prompt: str = "never") -> Game:
    """A game on an ASCII map. Digits 1-3 place the party, other letters `monsters`.
    Luck is never offered after a roll unless `luck_prompt="ask"`."""
    level, marks = parse_map(text)
    game = Game(seed, party, first_level=level, options=GameOptions(luck_prompt=luck_prompt))
    store = game.store
    for eid, pos in list(store.query(Position)):
        if pos.depth == 1 and eid not in game.party:
            store.destroy(eid)  # nothing generated stays on a hand-made map
    for x, y in level.doors:
        level.door_ids[(x, y)] = make_door(store, 1, x, y)
    for i, eid in enumerate(game.party):
        spot = marks.get(str(i + 1))
        if spot:
            p = store.get(eid, Position)
            p.x, p.y = spot[0]
    for glyph, monster_id in (monsters or {}).items():
        for x, y in marks.get(glyph, []):
            make_monster(store, game.content, monster_id, Position(1, x, y), awake=True)
    if rolls is not None:
        game.streams.play = Scripted(rolls)
    game.restart_round()
    return game
