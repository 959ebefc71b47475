"""Command-line subcommands of records: daily, verify, replay, scores (and sim --record)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

COMMANDS = ("daily", "verify", "replay", "scores")


def add_commands(sub: argparse._SubParsersAction,  # type: ignore[type-arg]
                 seed_type: object) -> None:
    from roguelike.argtypes import int_range

    daily = sub.add_parser("daily", help="play today's (UTC) seed, the same for everyone",
                           description="Play today's seed (UTC): everyone gets the same "
                                       "dungeon today.")
    daily.add_argument("--print", action="store_true", help="only print today's seed")
    verify = sub.add_parser("verify", help="re-simulate a replay or save and check its claims",
                            description="Re-simulate a replay or save; the last line is JSON; "
                                        "exit code 0 only if every claim holds.")
    verify.add_argument("file", type=Path, help="the replay or save file")
    replay = sub.add_parser("replay", help="watch a replay",
                            description="Watch a replay: Space pauses, +/- speed, . one "
                                        "action, 1-9 jump to a depth, Home restarts, q quits.")
    replay.add_argument("file", type=Path, help="the replay file")
    scores = sub.add_parser("scores", help="the high-score table",
                            description="Print the high-score table.")
    scores.add_argument("--seed", type=seed_type, help="only games on this seed")
    scores.add_argument("--limit", type=int_range(1), default=20, metavar="N",
                        help="show the best N games (default 20)")
    scores.add_argument("--data", metavar="DIR",
                        help="the save folder (default: the game's, or $ROGUELIKE_SAVES)")
    scores.add_argument("--json", action="store_true", help="one JSON list instead of a table")


def dispatch(args: argparse.Namespace) -> int:
    if args.command == "daily":
        from roguelike.engine.seeds import daily_seed, utc_today

        seed = daily_seed(utc_today())
        if args.print:
            print(seed)
            return 0
        return _run_app(seed)
    if args.command == "verify":
        from roguelike.records.replay import verify_file
        from roguelike.records.text import printable

        result = verify_file(args.file)
        if result.get("reason"):
            print(f"verify: {printable(result['reason'])}", file=sys.stderr)
        print(json.dumps(result, sort_keys=True))
        return 0 if result["verified"] else 1
    if args.command == "replay":
        return _watch(args.file)
    if args.command == "scores":
        from roguelike.records.paths import data_dir
        from roguelike.records.scores import format_table, top_scores

        rows = top_scores(data_dir(args.data), args.seed, args.limit)
        print(json.dumps(rows) if args.json else format_table(rows))
        return 0
    raise AssertionError(args.command)


def _run_app(seed: str) -> int:
    try:
        from roguelike.ui.app import run_app
    except ImportError as err:
        print(f"roguelike: the game screen is not available ({err})", file=sys.stderr)
        return 2
    return int(run_app(seed=seed, straight_in=True) or 0)


def _watch(path: Path) -> int:
    from roguelike.records.replay import ReplayError, read_record

    try:
        read_record(path)  # a clear message for a bad file before any screen opens
    except ReplayError as err:
        from roguelike.records.text import printable

        print(f"roguelike: {printable(str(err))}", file=sys.stderr)
        return 2
    try:
        from roguelike.ui.replay import run_replay
    except ImportError as err:
        print(f"roguelike: the replay screen is not available yet ({err}); "
              f"`roguelike verify {path}` checks the replay headlessly", file=sys.stderr)
        return 2
    return int(run_replay(path) or 0)
