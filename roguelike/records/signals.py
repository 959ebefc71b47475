"""Save on SIGHUP / SIGTERM (a dropped SSH connection, a shutdown) at a safe point.

A Python signal handler runs between two bytecodes of the main thread, possibly in the
middle of `Game.perform`. So the handler looks at the interrupted stack: outside engine and
records code the game is between actions and is saved at once; inside, the save waits for
the end of the current action (an `on_action` watcher) or, failing that, for a 20 ms timer
(SIGALRM) that finds the stack outside the engine. Either way it happens within a second.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from roguelike.engine.game import Game
from roguelike.records.save import SUFFIX, SaveError, suspend_game

_PKG = Path(__file__).resolve().parents[1]
UNSAFE_DIRS = tuple(str(_PKG / d) for d in ("engine", "world", "records", "content"))
RETRY_SECONDS = 0.02


def in_unsafe_code(frame: FrameType | None) -> bool:
    while frame is not None:
        if frame.f_code.co_filename.startswith(UNSAFE_DIRS):
            return True
        frame = frame.f_back
    return False


def _exit(signum: int) -> None:
    sys.exit(128 + signum)


class SignalSaver:
    def __init__(self, get_game: Callable[[], Game | None], path: Path,
                 on_saved: Callable[[int], None]) -> None:
        self.get_game = get_game
        self.path = Path(path)
        self.on_saved = on_saved
        self.signum = 0
        self.done = False

    def install(self, signals: tuple[int, ...]) -> None:
        self.previous = {sig: signal.signal(sig, self._on_signal) for sig in signals}

    def uninstall(self) -> None:
        """Put back the handlers that were there before (the game in play has closed)."""
        for sig, handler in getattr(self, "previous", {}).items():
            signal.signal(sig, handler)
        self.previous = {}

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self.signum:
            return  # already on it
        self.signum = signum
        if not in_unsafe_code(frame):
            self._finish()
            return
        game = self.get_game()
        if game is not None:
            game.on_action.append(self._after_action)
        signal.signal(signal.SIGALRM, self._on_alarm)
        signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS, RETRY_SECONDS)

    def _on_alarm(self, _signum: int, frame: FrameType | None) -> None:
        if not self.done and not in_unsafe_code(frame):
            self._finish()

    def _after_action(self, _game: Game) -> None:
        if not self.done:
            self._finish()

    def _finish(self) -> None:
        self.done = True
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        game = self.get_game()
        if game is not None and not game.over:
            try:
                suspend_game(game, self.path.parent, self.path.name.removesuffix(SUFFIX))
            except SaveError as err:
                print(f"roguelike: {err}", file=sys.stderr)
        self.on_saved(self.signum)


def install_signal_save(get_game: Callable[[], Game | None], path: Path,
                        on_saved: Callable[[int], None] = _exit,
                        signals: tuple[int, ...] = (signal.SIGHUP, signal.SIGTERM)
                        ) -> SignalSaver:
    """On SIGHUP/SIGTERM save `get_game()` to `path` (see save.save_path), then `on_saved`.

    `on_saved(signum)` defaults to exiting with 128 + signum; a UI passes its own (e.g. to
    close the app cleanly). Must be called from the main thread.
    """
    saver = SignalSaver(get_game, path, on_saved)
    saver.install(signals)
    return saver
