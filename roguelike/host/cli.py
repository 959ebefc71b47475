"""Command-line parts of hosting: `roguelike host`, `roguelike lobby`, and play options."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_play_options(play: argparse.ArgumentParser) -> None:
    play.add_argument("--data", help="data folder (hosted play: the host's data folder)")
    play.add_argument("--player-id", type=int, help="hosted account id: play in accounts/<id>/")
    play.add_argument("--player-name", default="", help=argparse.SUPPRESS)
    play.add_argument("--status-fd", type=int, help=argparse.SUPPRESS)


def play_options(args: argparse.Namespace) -> dict[str, Any]:
    """run_app keywords for `play --data DIR [--player-id N]` (empty for plain play)."""
    data = getattr(args, "data", None)
    if not data:
        return {}
    folder = Path(data)
    if args.player_id is not None:
        from roguelike.host.paths import account_dir

        folder = account_dir(folder, args.player_id)
    return {"data_dir": str(folder), "player_name": args.player_name,
            "status_fd": args.status_fd}


def add_host_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    host = sub.add_parser("host", help="run the SSH game server")
    host.add_argument("--port", type=int, default=2222)
    host.add_argument("--bind", default="127.0.0.1", help="address to listen on")
    host.add_argument("--data", default="hostdata", help="server data folder")
    host.add_argument("--guests", action="store_true", help="allow the user 'guest' in")
    host.add_argument("--max-sessions", type=int, default=64)
    host.add_argument("--max-per-ip", type=int, default=8)
    host.add_argument("--run-as", default="nobody", metavar="USER",
                      help="a root host runs each game as this user (default: nobody)")
    lobby = sub.add_parser("lobby", help=argparse.SUPPRESS)
    lobby.add_argument("--data", required=True)
    lobby.add_argument("--player-id", type=int, required=True)
    lobby.add_argument("--link-fd", type=int, required=True)


def dispatch(args: argparse.Namespace) -> int:
    if args.command == "lobby":
        from roguelike.ui.lobby import run_lobby

        return run_lobby(args.link_fd)
    from roguelike.host.config import HostConfig
    from roguelike.host.server import run_host

    config = HostConfig(data=Path(args.data).resolve(), bind=args.bind, port=args.port,
                        guests=args.guests, max_sessions=args.max_sessions,
                        max_per_ip=args.max_per_ip, drop_to=args.run_as)
    try:
        return run_host(config)
    except OSError as err:
        print(f"roguelike host: {err}", file=sys.stderr)
        return 1
