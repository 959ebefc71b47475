"""Text snapshots of the main screens at 80x24 and 120x40.

Only the characters are compared (styles are stripped, trailing spaces dropped), so a
colour tweak does not break them but a layout change does. After an intended change, run
`UPDATE_SNAPSHOTS=1 pytest tests/test_comfort_snapshots.py` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.info import ChoiceScreen

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = bool(os.environ.get("UPDATE_SNAPSHOTS"))
SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def screen_text(app: RoguelikeApp) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(s.text.rstrip() for s in strips) + "\n"


def check(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE or not path.is_file():
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"wrote a new snapshot {path.name}; check it in and run again")
        return
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its snapshot"


def settled(app: RoguelikeApp, before: object) -> bool:
    """The keys' run has ended or asks a question. A question the keys answered may still
    be on top for a moment on a busy machine (its screen has no run, which read as ended and
    took the picture mid-run): until it goes, the keys are not done."""
    now = app.screen
    if isinstance(before, ChoiceScreen) and now is before:
        return False
    return isinstance(now, ChoiceScreen) or getattr(now, "auto", None) is None


async def shots(size: tuple[int, int], keys_then_names: list[tuple[tuple[str, ...], str]]):
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True,
                       options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for keys, name in keys_then_names:
            before = app.screen
            await pilot.press(*keys)
            for _ in range(1500):
                await pilot.pause(0.02)
                if settled(app, before):
                    break
            await pilot.pause()
            if name:  # (no name: keys that lead to the next picture)
                check(f"{name}_{size[0]}x{size[1]}", screen_text(app))


@pytest.mark.parametrize("size", SIZES)
async def test_game_screen_snapshots(size):
    # `o` asks at the locked door of this seed's first room: Enter breaks it, and on it goes
    await shots(size, [((), "start"), (("o",), ""), (("enter",), "explored"),
                       (("x", "l", "l"), "look"),
                       (("escape", "c"), "sheet"), (("escape", "question_mark"), "help")])
