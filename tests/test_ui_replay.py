"""The replay viewer: plays a recorded game, pauses, steps, jumps to a depth."""

from __future__ import annotations

from roguelike.bot.player import Bot, play
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.game import Game
from roguelike.records.replay import ReplayPlayer, write_replay
from roguelike.ui.replay import ReplayApp


async def test_replay_viewer_plays_pauses_steps_and_jumps(tmp_path):
    game = Game("e-3", options=GameOptions(luck_prompt="never"))
    from roguelike.records.recorder import attach

    attach(game)
    play(game, 400, Bot())
    path = write_replay(game, tmp_path / "game.replay.json")
    player = ReplayPlayer.open(path)
    app = ReplayApp(player)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space")  # pause
        at = player.position
        await pilot.press("full_stop")
        assert player.position == at + 1
        assert "REPLAY" in app.screen.status.hint
        await pilot.press("2")
        assert player.game.depth == 2 or "never reaches" in app.screen.log_view.messages[-1][0]
        await pilot.press("home")
        assert player.position == 0
        await pilot.press("q")


async def test_replay_end_key_and_its_key_hint_whole_at_100_columns(tmp_path):
    game = Game("e-3", options=GameOptions(luck_prompt="never"))
    from roguelike.records.recorder import attach

    attach(game)
    play(game, 300, Bot())
    player = ReplayPlayer.open(write_replay(game, tmp_path / "game.replay.json"))
    app = ReplayApp(player)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("space", "end")
        await pilot.pause()
        assert player.finished and player.position == player.total
        assert app.screen.log_view.messages[-1][0] == (
            f"The end: action {player.total} of {player.total}.")
        strips = app.screen._compositor.render_strips()
        screen = " ".join(" ".join(s.text for s in strips).split())
        assert "[Space pause, +/- speed, . step, 1-9 depth, Home/End, q]" in screen
        await pilot.press("home")
        assert player.position == 0
        await pilot.press("q")
