"""Command-line subcommands of records: daily, verify, replay, scores (and sim --record).

The headless ones run here; `daily` and `replay` open a screen, which cli.py does (records
is below the UI and never imports it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from roguelike.argtypes import int_range
from roguelike.engine.base.seeds import daily_seed, utc_today
from roguelike.records.paths import data_dir
from roguelike.records.text import printable

COMMANDS = ("daily", "verify", "replay", "scores")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                 seed_type: Callable[[str], str], names: Sequence[str] = COMMANDS) -> None:
    """The parsers of `names` (cli.py builds only the one of the command given)."""
    if "daily" in names:
        _add_daily(sub)
    if "verify" in names:
        verify = sub.add_parser(
            "verify", help="re-simulate a replay or save and check its claims",
            description="Re-simulate a replay or save; the last line is JSON; exit code 0 "
                        "only if every claim holds.")
        verify.add_argument("file", type=Path, help="the replay or save file")
    if "replay" in names:
        replay = sub.add_parser("replay", help="watch a replay",
                                description="Watch a replay: Space pauses, +/- speed, . one "
                                            "action, 1-9 jump to a depth, Home restarts, q "
                                            "quits.")
        replay.add_argument("file", type=Path, help="the replay file")
    if "scores" in names:
        _add_scores(sub, seed_type)


def _add_daily(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    daily = sub.add_parser("daily", help="play today's (UTC) seed, the same for everyone",
                           description="Play today's seed (UTC): everyone gets the same "
                                       "dungeon today.")
    daily.add_argument("--print", action="store_true", help="only print today's seed")


def _add_scores(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                seed_type: Callable[[str], str]) -> None:
    scores = sub.add_parser("scores", help="the high-score table",
                            description="Print the high-score table.")
    scores.add_argument("--seed", type=seed_type, help="only games on this seed")
    scores.add_argument("--limit", type=int_range(1), default=20, metavar="N",
                        help="show the best N games (default 20)")
    scores.add_argument("--data", metavar="DIR",
                        help="the save folder (default: the game's, or $ROGUELIKE_SAVES)")
    scores.add_argument("--json", action="store_true", help="one JSON list instead of a table")


def dispatch(args: argparse.Namespace) -> int:
    """The headless commands (`daily --print`, verify, scores); the caller (cli.py) opens
    the screens of `daily` and `replay`."""
    if args.command == "daily":
        print(todays_seed())
        return 0
    if args.command == "verify":
        # (imported here: it loads the engine, which `roguelike --help` need not wait for)
        from roguelike.records.replay import verify_file

        result = verify_file(args.file)
        if result.get("reason"):
            print(f"verify: {printable(result['reason'])}", file=sys.stderr)
        print(json.dumps(result, sort_keys=True))
        return 0 if result["verified"] else 1
    if args.command == "scores":
        # (imported here too: the score table's database is SQLite's, which no other
        # command opens)
        from roguelike.records.scores import format_table, top_scores

        rows = top_scores(data_dir(args.data), args.seed, args.limit)
        print(json.dumps(rows) if args.json else format_table(rows))
        return 0
    raise AssertionError(args.command)


def opens_screen(args: argparse.Namespace) -> bool:
    return args.command == "replay" or (args.command == "daily" and not args.print)


def todays_seed() -> str:
    return daily_seed(utc_today())


def replay_problem(path: Path) -> str | None:
    """Why `path` cannot be watched, said before any screen opens; None when it can."""
    from roguelike.records.replay import ReplayError, read_record  # (the engine: as above)

    try:
        read_record(path)
    except ReplayError as err:
        return printable(str(err))
    return None
