"""The command line's arguments of challenges (`submit`, `board`, `challenges` and
`play --challenge`): only argparse here, so that every `roguelike` command builds its
parser without loading the network client or the boards (commands.py does the work)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from roguelike.argtypes import int_range

COMMANDS = ("submit", "board", "challenges")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                 names: Sequence[str] = COMMANDS) -> None:
    """The parsers of `names` (cli.py builds only the one of the command given)."""
    if "submit" in names:
        _add_submit(sub)
    if "board" in names:
        _add_board(sub)
    if "challenges" in names:
        listing = sub.add_parser("challenges", help="the challenges open on a host",
                                 description="List a host's challenges: open, coming and "
                                             "lately closed.")
        _host_option(listing)
        listing.add_argument("--json", action="store_true", help="as JSON")


def _add_submit(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    submit = sub.add_parser(
        "submit", help="send a game's replay to a host, to be proved and put on its boards",
        description="Send a replay to a host: it re-simulates the game and puts it on the "
                    "boards of its seed (and of the challenge named), marked local. Waits "
                    "for the verdict: verified with its score, or refused with the reason "
                    "(for a replay that does not replay, its first diverging action).")
    submit.add_argument("file", type=Path, help="the replay (.replay.json)")
    _host_options(submit)
    submit.add_argument("--challenge", metavar="CODE", help="the challenge it is an attempt at")
    submit.add_argument("--wait", type=int_range(0, 86400), default=600, metavar="S",
                        help="seconds to wait for the verdict (default 600; 0: do not wait)")
    submit.add_argument("--json", action="store_true", help="the last line is the JSON answer")


def _add_board(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    board = sub.add_parser(
        "board", help="a challenge's board (or a seed's) on a host",
        description="Print a challenge's board: rank, player, score, deepest depth, "
                    "rounds, outcome, witnessed or local, date and party; its practice "
                    "games and its pending and refused ones. Ties: fewer rounds, then the "
                    "earlier game.")
    board.add_argument("code", help="the challenge's code (with --seed: a seed)")
    _host_option(board)
    board.add_argument("--seed", action="store_true", help="CODE is a seed: its board")
    board.add_argument("--limit", type=int_range(1, 10000), default=100, metavar="N",
                       help="rows (default 100)")
    board.add_argument("--json", action="store_true", help="the board as JSON")


def _host_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", metavar="URL", help="the host's web address, e.g. "
                   "https://play.example.org (default: $ROGUELIKE_HOST)")


def _host_options(p: argparse.ArgumentParser) -> None:
    _host_option(p)
    p.add_argument("--user", metavar="NAME", help="your account on the host (default: "
                   "$ROGUELIKE_USER; the password: $ROGUELIKE_PASSWORD, or asked)")


def add_play_options(play: argparse.ArgumentParser) -> None:
    play.add_argument("--challenge", metavar="CODE",
                      help="play a host's challenge here (its seed is told as the attempt "
                           "starts); send its replay with `roguelike submit` afterwards")
    _host_options(play)
