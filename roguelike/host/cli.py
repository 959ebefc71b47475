"""Command-line parts of hosting: `roguelike host`, `roguelike lobby`, and play options."""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from roguelike.argtypes import int_range

# The host's own modules (its configuration, storage) are imported by the commands that run
# it: `roguelike --help`, `sim` and `verify` build this parser and need none of them.

INTERNAL_COMMANDS = ("lobby",)  # started by the host in a player's terminal, never by a player


def add_play_options(play: argparse.ArgumentParser) -> None:
    # All internal: how the host starts a hosted account's game (not for players).
    play.add_argument("--data", help=argparse.SUPPRESS)
    play.add_argument("--player-id", type=int, help=argparse.SUPPRESS)
    play.add_argument("--player-name", default="", help=argparse.SUPPRESS)
    play.add_argument("--status-fd", type=int, help=argparse.SUPPRESS)
    # a game started ahead of Play, held at its party screen until told on this descriptor
    play.add_argument("--go-fd", type=int, help=argparse.SUPPRESS)


def play_options(args: argparse.Namespace) -> dict[str, Any]:
    """run_app keywords for `play --data DIR [--player-id N]` (empty for plain play)."""
    data = getattr(args, "data", None)
    if not data:
        return {}
    from roguelike.host.paths import account_dir

    folder = Path(data)
    if args.player_id is not None:
        folder = account_dir(folder, args.player_id)
    return {"data_dir": str(folder), "player_name": args.player_name,
            "status_fd": args.status_fd, "go_fd": args.go_fd}


def add_host_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                      names: Sequence[str] = ("host", "lobby")) -> None:
    """The parsers of `names` (cli.py builds only the one of the command given)."""
    if "host" in names:
        _add_host(sub)
    if "lobby" in names:
        # internal: the host starts it in each player's terminal; no help, so not listed
        lobby = sub.add_parser("lobby")
        lobby.add_argument("--data", required=True)
        lobby.add_argument("--player-id", type=int, required=True)
        lobby.add_argument("--link-fd", type=int, required=True)


def _add_host(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    # (a short usage line: a bad argument's message stays a line or two, not the whole list)
    host = sub.add_parser("host", help="run the game server (SSH and the web)",
                          usage="%(prog)s [options]  (roguelike host --help lists them)",
                          description="Host games over SSH and in web browsers: each player "
                                      "logs in (over SSH a free name registers on first "
                                      "login; on the web with the Register page) and gets a "
                                      "lobby. One account, one game, on either.")
    host.add_argument("--port", type=int_range(0, 65535), default=2222,
                      help="SSH port to listen on (default 2222; 0: any free port)")
    host.add_argument("--web-port", type=int_range(0, 65535), default=8080,
                      help="web port to listen on (default 8080; 0: any free port)")
    only = host.add_mutually_exclusive_group()
    only.add_argument("--ssh-only", action="store_true", help="serve no website")
    only.add_argument("--web-only", action="store_true", help="serve no SSH")
    host.add_argument("--tls-cert", type=Path, metavar="FILE",
                      help="serve the website over HTTPS with this certificate (PEM; with "
                           "--tls-key). Without: plain HTTP, for a reverse proxy with TLS")
    host.add_argument("--tls-key", type=Path, metavar="FILE",
                      help="the certificate's private key (PEM)")
    host.add_argument("--trust-proxy", nargs="?", const="", default=None, metavar="ADDR,...",
                      help="behind a reverse proxy (HAProxy, nginx, Caddy) on this machine, "
                           "or at the addresses given: take a web request's address and "
                           "scheme from its X-Forwarded-For/-Proto, an SSH connection's "
                           "address from its PROXY protocol header (HAProxy's send-proxy)")
    host.add_argument("--bind", default="127.0.0.1",
                      help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    host.add_argument("--data", default="hostdata", metavar="DIR",
                      help="the server's data folder: accounts, host key, players' files "
                           "(default ./hostdata)")
    host.add_argument("--guests", action="store_true", help="allow the user 'guest' in")
    host.add_argument("--no-spare", action="store_true",
                      help="fork a player's game at Play, not ahead while they are in the "
                           "lobby (saves a game's memory per player in the lobby; Play then "
                           "waits for the game's first screen)")
    host.add_argument("--max-sessions", type=int_range(1), default=64, metavar="N",
                      help="most players connected at once (default 64)")
    host.add_argument("--max-per-ip", type=int_range(1), default=8, metavar="N",
                      help="most connections from one address (default 8)")
    host.add_argument("--run-as", default="nobody", metavar="USER",
                      help="a root host runs each game as this user (default: nobody)")
    host.add_argument("--verify-workers", type=int_range(0, 16), default=1, metavar="N",
                      help="processes that prove submitted and finished games' replays "
                           "(default 1; 0: none, the queue waits)")
    host.add_argument("--db", metavar="URL", default=os.environ.get("ROGUELIKE_DB"),
                      help="keep accounts, logins, scores and challenges in this PostgreSQL "
                           "database (postgresql://USER@HOST:PORT/NAME; the password from "
                           "$PGPASSWORD or ~/.pgpass), which several hosts may share "
                           "(default: $ROGUELIKE_DB, else SQLite files in --data)")
    host.add_argument("--name", metavar="NAME",
                      help="this host among those sharing --db (a player whose game runs "
                           "here is told this name on another host; default: the machine's "
                           "name and the process id)")
    host.add_argument("--migrate-from", metavar="sqlite:///DIR",
                      help="move the data of the host whose data folder is DIR into the "
                           "--db database, then exit")


def dispatch(args: argparse.Namespace) -> int:
    if args.command == "lobby":
        from roguelike.ui.lobby import run_lobby

        return run_lobby(args.link_fd)
    from roguelike.host.config import HostConfig
    from roguelike.host.server import run_host
    from roguelike.storage.database import StorageError

    if (args.tls_cert is None) != (args.tls_key is None):
        print("roguelike host: --tls-cert and --tls-key go together", file=sys.stderr)
        return 2
    if args.tls_cert is not None and args.ssh_only:
        print("roguelike host: --tls-cert is for the website; --ssh-only serves none",
              file=sys.stderr)
        return 2
    if args.db is not None and not args.db.startswith(("postgresql://", "postgres://")):
        print("roguelike host: --db takes a postgresql:// address (SQLite, the default, "
              "needs none: its files are in --data)", file=sys.stderr)
        return 2
    if args.migrate_from is not None:
        return _move_data(args.migrate_from, args.db)
    proxies = tuple(a.strip() for a in (args.trust_proxy or "").split(",") if a.strip())
    for proxy in proxies:
        try:
            ipaddress.ip_address(proxy)
        except ValueError:
            print(f"roguelike host: --trust-proxy takes IP addresses, comma-separated: "
                  f"{proxy[:60]!r} is not one", file=sys.stderr)
            return 2
    config = HostConfig(data=Path(args.data).resolve(), bind=args.bind, port=args.port,
                        guests=args.guests, spare=not args.no_spare,
                        max_sessions=args.max_sessions,
                        max_per_ip=args.max_per_ip, drop_to=args.run_as,
                        ssh=not args.web_only,
                        web_port=None if args.ssh_only else args.web_port,
                        tls_cert=args.tls_cert, tls_key=args.tls_key,
                        trust_proxy=args.trust_proxy is not None, proxies=proxies,
                        verify_workers=args.verify_workers,
                        db=args.db, **({"host_name": args.name} if args.name else {}))
    try:
        return run_host(config)
    except (OSError, StorageError) as err:
        print(f"roguelike host: {err}", file=sys.stderr)
        return 1


def _move_data(source: str, db: str | None) -> int:
    from roguelike.host.move_data import move, source_folder
    from roguelike.storage.database import StorageError, open_database

    if db is None:
        print("roguelike host: --migrate-from needs --db postgresql://... (where to move "
              "the data)", file=sys.stderr)
        return 2
    try:
        folder = source_folder(source)
        moved = move(folder, open_database(db))
    except StorageError as err:
        print(f"roguelike host: {err}", file=sys.stderr)
        return 1
    said = ", ".join(f"{n} {table}" for table, n in moved.items())
    print(f"roguelike host: moved {said} from {folder} into the database; start the host "
          f"with --data {folder} --db ...")
    return 0
