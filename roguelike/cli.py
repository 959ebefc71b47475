"""The `roguelike` command: play, and the headless tools built on the same engine.

Everything the command line says is checked before a screen opens: arguments by their
argparse types (roguelike/argtypes.py), the terminal by roguelike/terminal.py. An
unexpected error ends with a short message, its report in the logs folder, and exit 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from roguelike import __version__, argtypes, places
from roguelike.content.schema import ContentError
from roguelike.engine.base.seeds import SeedError

DESCRIPTION = """\
Traps & Treasure: lead a party of three delvers (a Leader, a Mercenary and an Apprentice)
down a generated dungeon, race the rival Pillagers to the treasure, survive the traps, and
carry the loot back to Camp.

With no command, the main menu opens."""

# Every command, in the order `--help` lists them, with the package that adds its parser
# (imported only when that command is given, or every one is listed): a start builds and
# imports only the parser of the command it runs (issue 31: start-up).
COMMANDS: dict[str, str] = {
    "play": "cli", "daily": "records", "verify": "records", "replay": "records",
    "scores": "records", "submit": "challenges", "board": "challenges",
    "challenges": "challenges", "sim": "cli", "level": "cli", "host": "host", "lobby": "host",
}
TOP_LEVEL_OPTIONS = ("-h", "--help", "-V", "--version")  # none takes a value


def _interactive(args: argparse.Namespace) -> bool:
    """Commands that open a full screen and so need a terminal (`replay` checks its file
    first, then the terminal: ui/replay.py)."""
    if args.command == "daily":
        return not args.print
    return args.command in (None, "play", "lobby")


def _epilog() -> str:
    import textwrap

    return textwrap.fill(
        f"Files: {places.describe()}. Set ROGUELIKE_SAVES to keep saves and settings in "
        "another folder. `roguelike COMMAND --help` describes each command.", width=88,
        break_long_words=False, break_on_hyphens=False)  # paths stay whole


class _Parser(argparse.ArgumentParser):
    """The top-level parser: an unknown command is answered with the commands a player may
    give (argparse's own message lists every subparser, the host's internal `lobby` too)."""

    commands: tuple[str, ...] = ()

    def error(self, message: str) -> NoReturn:
        unknown = re.match(r"argument COMMAND: invalid choice: (.+?) \(choose from", message)
        if unknown and self.commands:
            message = (f"no command {unknown.group(1)}; the commands are "
                       f"{', '.join(self.commands)} (`roguelike --help` says what each does)")
        super().error(message)


def command_given(argv: Sequence[str]) -> str | None:
    """The command `argv` names, if it names one of ours before any top-level option (the
    first word that is not an option); None for `--help`, `-V`, no command or an unknown
    one, whose answers need every command's parser."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
        if word in TOP_LEVEL_OPTIONS or word == "--":
            return None
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with `command`, the top level and that command's parser
    alone (argparse builds every parser it is given: 6-7 ms of CPU a start for all of
    them); without, every command's, for the top-level help and errors."""
    def wanted(owner: str) -> list[str]:
        return [name for name, own in COMMANDS.items()
                if own == owner and command in (None, name)]

    p = _Parser(prog="roguelike", description=DESCRIPTION,
                epilog=_epilog() if command is None else None,
                usage="%(prog)s [-h] [-V] [COMMAND [OPTIONS]]",
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-V", "--version", action="version", version=f"%(prog)s {__version__}")
    # metavar: the usage line names no internal command (argparse would list them all)
    sub = p.add_subparsers(dest="command", title="commands", metavar="COMMAND",
                           prog="roguelike", parser_class=argparse.ArgumentParser)
    if "play" in wanted("cli"):
        from roguelike.challenges import arguments as challenge_args
        from roguelike.host import cli as host_cli

        play = sub.add_parser("play", help="start a new game straight in the dungeon",
                              description="Start a new game straight in the dungeon (the "
                                          "menu is skipped, but a saved game waiting is "
                                          "offered first; S saves and quits, Q quits).")
        play.add_argument("--seed", type=argtypes.seed,
                          help="seed words and numbers, e.g. 'amber wolf 17' (default: "
                               "random)")
        play.add_argument("--party", type=argtypes.party, metavar="CLASS,CLASS,CLASS",
                          help="classes of the Leader, Mercenary and Apprentice, e.g. "
                               "warrior,rogue,mage (the default party)")
        host_cli.add_play_options(play)
        challenge_args.add_play_options(play)
    if wanted("records"):
        from roguelike.records import commands as records_commands

        records_commands.add_commands(sub, argtypes.seed, wanted("records"))
    if wanted("challenges"):
        from roguelike.challenges.arguments import add_commands

        add_commands(sub, wanted("challenges"))
    if "sim" in wanted("cli"):
        sim = sub.add_parser("sim", help="let the bot play headless and print a JSON summary",
                             description="The bot plays a game headless; the last line is "
                                         "JSON with seed, actions, turns, depth, score, "
                                         "state_hash.")
        sim.add_argument("--seed", type=argtypes.seed, required=True, help="the game's seed")
        sim.add_argument("--actions", type=argtypes.int_range(0), default=1000, metavar="N",
                         help="how many actions the bot takes, at most (default 1000)")
        sim.add_argument("--party", type=argtypes.party, metavar="CLASS,CLASS,CLASS",
                         help="classes of the Leader, Mercenary and Apprentice")
        sim.add_argument("--record", type=Path, metavar="FILE",
                         help="also write the game's replay to this file")
    if "level" in wanted("cli"):
        lvl = sub.add_parser("level", help="print a generated, stocked level",
                             description="Print a generated and stocked level as a picture, "
                                         "or as JSON with its traps and markers.")
        lvl.add_argument("--seed", type=argtypes.seed, required=True, help="the game's seed")
        lvl.add_argument("--depth", type=argtypes.depth, default=1,
                         help="the dungeon level, from 1 (the top) down (default 1)")
        lvl.add_argument("--json", action="store_true", help="JSON instead of a picture")
        lvl.add_argument("--count", type=argtypes.int_range(1), metavar="N",
                         help="dump N levels of seeds SEED-0..SEED-(N-1), one JSON per line")
    if wanted("host"):
        from roguelike.host.cli import INTERNAL_COMMANDS, add_host_commands

        add_host_commands(sub, wanted("host"))
        p.commands = tuple(name for name in sub.choices if name not in INTERNAL_COMMANDS)
    return p


def _one_blas_thread() -> None:
    """numpy's OpenBLAS starts a thread a core when numpy is imported (some 40 ms of CPU
    a start on two cores) for linear algebra the game never does; OpenBLAS reads this
    once, so it is set before anything imports numpy. A player's own setting stands."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(argv: Sequence[str] | None = None) -> int:
    _one_blas_thread()
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(command_given(argv)).parse_args(argv)
    if _interactive(args):
        from roguelike.terminal import refuse_without_terminal

        if refuse_without_terminal():
            return 2
    try:
        return _dispatch(args)
    except ContentError as err:
        print(f"roguelike: content error: {err}", file=sys.stderr)
        return 2
    except (SeedError, ValueError) as err:
        print(f"roguelike: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `roguelike level ... | head`: the reader has had enough
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception:
        from roguelike.crash import report  # (its traceback module only for a crash)

        print(f"roguelike: {report()}", file=sys.stderr)
        return 1


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "sim":
        from roguelike.tools.sim import run_sim

        print(json.dumps(run_sim(args.seed, args.actions, args.party, record=args.record)))
        return 0
    if COMMANDS.get(args.command) == "records":
        from roguelike.records import commands as records_commands

        if records_commands.opens_screen(args):
            return _records_screen(args)
        return records_commands.dispatch(args)
    if args.command == "level":
        from roguelike.tools.dump import dump_levels

        dump_levels(args.seed, args.depth, args.count, args.json, sys.stdout)
        return 0
    from roguelike.host import cli as host_cli

    if COMMANDS.get(args.command) == "host":
        return host_cli.dispatch(args)
    if COMMANDS.get(args.command) == "challenges":
        from roguelike.challenges import commands as challenge_commands

        return challenge_commands.dispatch(args)
    if args.command == "play" and (args.challenge or args.host or args.user):
        return _play_challenge(args)
    from roguelike.ui.app import run_app

    return run_app(seed=getattr(args, "seed", None), party=getattr(args, "party", None),
                   straight_in=args.command == "play", **host_cli.play_options(args))


if __name__ == "__main__":
    raise SystemExit(main())


def _records_screen(args: argparse.Namespace) -> int:
    """`daily` plays today's seed; `replay` watches a replay (its file checked first)."""
    from roguelike.records import commands as records_commands

    if args.command == "daily":
        from roguelike.ui.app import run_app

        return int(run_app(seed=records_commands.todays_seed(), straight_in=True) or 0)
    problem = records_commands.replay_problem(args.file)
    if problem is not None:
        print(f"roguelike: {problem}", file=sys.stderr)
        return 2
    from roguelike.ui.replay import run_replay

    return int(run_replay(args.file) or 0)


def _play_challenge(args: argparse.Namespace) -> int:
    """`play --challenge CODE --host URL`: the attempt started on the host (its seed told
    now), the game played here, then where its replay is and how to send it."""
    if not args.challenge or args.seed:
        print("roguelike: play: --host and --user go with --challenge, which chooses the "
              "seed (no --seed)", file=sys.stderr)
        return 2
    from roguelike.challenges import commands as challenge_commands

    attempt = challenge_commands.begin_play(args)
    if attempt is None:
        return 2
    party = challenge_commands.party_arg(attempt["party"])
    if party is not None and args.party is not None and tuple(args.party) != party:
        print(f"roguelike: challenge {attempt['code']} is played with the party "
              f"{attempt['party']}: leave --party out", file=sys.stderr)
        return 2
    from roguelike.ui.app import run_app

    code = run_app(seed=attempt["seed"], party=party or args.party, straight_in=True)
    challenge_commands.after_play(attempt)
    return int(code or 0)
