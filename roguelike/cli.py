"""The `roguelike` command: play, and the headless tools built on the same engine."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from roguelike.content import ContentError
from roguelike.engine.seeds import SeedError, normalise_seed
from roguelike.records import commands as records_commands


def _party(text: str) -> tuple[tuple[str, str], ...]:
    classes = [c.strip().lower() for c in text.split(",")]
    if len(classes) != 3:
        raise argparse.ArgumentTypeError("--party takes three classes, e.g. warrior,rogue,mage")
    return tuple(zip(("leader", "mercenary", "apprentice"), classes, strict=True))


def _seed(text: str) -> str:
    try:
        return normalise_seed(text)
    except SeedError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="roguelike", description="Traps & Treasure roguelike")
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help="start a new game straight in the dungeon")
    play.add_argument("--seed", type=_seed, help="seed words, e.g. 'amber wolf 17'")
    play.add_argument("--party", type=_party, help="classes of Leader,Mercenary,Apprentice")
    from roguelike.host.cli import add_host_commands, add_play_options

    add_play_options(play)
    add_host_commands(sub)

    sim = sub.add_parser("sim", help="let the bot play headless and print a JSON summary")
    sim.add_argument("--seed", type=_seed, required=True)
    sim.add_argument("--actions", type=int, default=1000)
    sim.add_argument("--party", type=_party)
    sim.add_argument("--record", type=Path, help="also write the game's replay to this file")

    lvl = sub.add_parser("level", help="print a generated level")
    lvl.add_argument("--seed", type=_seed, required=True)
    lvl.add_argument("--depth", type=int, default=1)
    lvl.add_argument("--json", action="store_true", help="JSON instead of a picture")
    lvl.add_argument("--count", type=int, default=0,
                     help="dump N levels of seeds SEED-0..SEED-(N-1), one JSON per line")
    records_commands.add_commands(sub, _seed)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _dispatch(args)
    except ContentError as err:
        print(f"roguelike: content error: {err}", file=sys.stderr)
        return 2
    except (SeedError, ValueError) as err:
        print(f"roguelike: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "sim":
        from roguelike.tools.sim import run_sim

        print(json.dumps(run_sim(args.seed, args.actions, args.party, record=args.record)))
        return 0
    if args.command in records_commands.COMMANDS:
        return records_commands.dispatch(args)
    if args.command == "level":
        from roguelike.tools.dump import dump_levels

        if args.depth < 1:
            raise ValueError("--depth must be 1 or more")
        dump_levels(args.seed, args.depth, args.count, args.json, sys.stdout)
        return 0
    if args.command in ("host", "lobby"):
        from roguelike.host.cli import dispatch

        return dispatch(args)
    from roguelike.host.cli import play_options
    from roguelike.ui.app import run_app

    return run_app(seed=getattr(args, "seed", None), party=getattr(args, "party", None),
                   straight_in=args.command == "play", **play_options(args))


if __name__ == "__main__":
    raise SystemExit(main())
