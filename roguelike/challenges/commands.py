"""Command-line subcommands of challenges: `submit`, `board`, `challenges`, and the
network half of `play --challenge` (cli.py opens the game's screen between the two).

Exit codes: 0 done (a replay verified, or sent with --no-wait), 1 refused, 2 bad input or
an unreachable host, 3 still pending (waiting for a host of its version, or for its turn
past --wait seconds).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from roguelike import __version__
from roguelike.challenges.board import format_board
from roguelike.challenges.client import HostClient, HostError, host_url, login_from
from roguelike.challenges.model import iso, utc_now
from roguelike.content.loader import default_content
from roguelike.records.paths import data_dir
from roguelike.records.text import printable

REPLAYS = "replays"


def dispatch(args: argparse.Namespace) -> int:
    try:
        if args.command == "submit":
            return submit(args)
        if args.command == "board":
            return show_board(args)
        if args.command == "challenges":
            return list_challenges(args)
    except HostError as err:
        print(f"roguelike: {printable(str(err))}", file=sys.stderr)
        return 2
    raise AssertionError(args.command)


# ----- submit --------------------------------------------------------------------------------
def submit(args: argparse.Namespace) -> int:
    url = host_url(args.host)
    try:
        data = args.file.read_bytes()
    except OSError as err:
        raise HostError(f"cannot read {args.file}: {err.strerror or err}") from None
    client = HostClient(url, login_from(args.user))
    query = f"?challenge={_quote(args.challenge)}" if args.challenge else ""
    said = client.post(f"/api/submit{query}", data)
    print(f"Sent: game {said['game']} ({url}{said['page']})", flush=True)
    deadline = time.monotonic() + args.wait
    while said["status"] == "pending" and not said.get("note") and \
            time.monotonic() < deadline:
        time.sleep(1.0)
        said = client.get(f"/api/g/{int(said['game'])}", auth=True)
    print(verdict(said, url))
    if args.json:
        print(json.dumps(said, sort_keys=True))
    return {"verified": 0, "refused": 1}.get(said["status"], 3 if args.wait else 0)


def verdict(said: dict[str, Any], url: str) -> str:
    status = said["status"]
    if status == "verified":
        parts = ", ".join(f"{k} {v}" for k, v in (said.get("parts") or {}).items()
                          if k != "total")
        where = f" on {said['challenge']}" if said.get("challenge") else ""
        kind = "ranked" if said.get("ranked") else "practice" if said.get("challenge") else ""
        lines = [f"Verified{where}{f' ({kind})' if kind else ''}: score {said.get('score')} "
                 f"({parts}), depth {said.get('depth')}, {said.get('outcome')}, "
                 f"{said.get('turns')} rounds."]
        if said.get("challenge"):
            lines.append(f"Board: {url}/c/{said['challenge']}")
        return "\n".join(lines)
    if status == "refused":
        line = f"Refused: {printable(str(said.get('reason')))}"
        if said.get("diverged_at"):
            d = said["diverged_at"]
            line += f"\nFirst diverging action: {d['index']} (round {d['round']})"
        return line
    if said.get("note"):
        return f"Pending: {printable(str(said['note']))}"
    return f"Pending: not verified yet; see {url}{said.get('page', '')}"


def _quote(text: str) -> str:
    return quote(text.strip().lower()[:30], safe="")


# ----- boards --------------------------------------------------------------------------------
def show_board(args: argparse.Namespace) -> int:
    url = host_url(args.host)
    client = HostClient(url)
    if args.seed:
        board = client.get(f"/api/seed/{_quote(args.code)}/board?limit={args.limit}")
        title = f"Seed {board['seed']} on {url}: {board['total']} verified games"
    else:
        board = client.get(f"/api/c/{_quote(args.code)}/board?limit={args.limit}")
        ch = board["challenge"]
        seed = ch["seed"] or "hidden until your attempt starts"
        title = (f"{ch['title']} ({ch['code']}) on {url}: seed {seed}, "
                 f"{'any party' if not ch['party'] else ', '.join(ch['party'])}, "
                 f"{'one ranked attempt' if ch['attempts'] == 'one' else 'best of many'}, "
                 f"{ch['opens']} to {ch['closes']}; {board['total']} ranked")
    print(json.dumps(board, sort_keys=True) if args.json else format_board(board, title))
    return 0


def list_challenges(args: argparse.Namespace) -> int:
    url = host_url(args.host)
    found = HostClient(url).get("/api/challenges")["challenges"]
    if args.json:
        print(json.dumps(found, sort_keys=True))
        return 0
    if not found:
        print(f"No challenges on {url} now.")
    for ch in found:
        state = "open" if ch["open"] else "closed" if ch["closes"] < _now() else "coming"
        seed = printable(ch["seed"] or "(hidden)")
        print(f"{ch['code']:<16} {state:<6} until {ch['closes']}  {seed:<28} "
              f"{printable(ch['title'])}")
    return 0


def _now() -> str:
    return iso(utc_now())


# ----- play --challenge ----------------------------------------------------------------------
def begin_play(args: argparse.Namespace) -> dict[str, Any] | None:
    """`start_attempt`, or None once the reason it cannot start is printed."""
    try:
        return start_attempt(args)
    except HostError as err:
        print(f"roguelike: {printable(str(err))}", file=sys.stderr)
        return None


def start_attempt(args: argparse.Namespace) -> dict[str, Any]:
    """Before the screen opens: the challenge fetched and checked against this game, the
    attempt started on the host; returns {seed, party, code, url, since}."""
    url = host_url(args.host)
    code = str(args.challenge).strip().lower()
    view = HostClient(url).get(f"/api/c/{_quote(code)}")
    here = (__version__, default_content().digest)
    if (view["game_version"], view["content_digest"]) != here:
        raise HostError(f"challenge {code} is played with game version "
                        f"{view['game_version']} (content {view['content_digest']}); this "
                        f"game is version {here[0]} (content {here[1]}): install version "
                        f"{view['game_version']} to play it")
    if not view["open"]:
        raise HostError(f"challenge {code} is not open: it runs from {view['opens']} to "
                        f"{view['closes']} (UTC)")
    started = HostClient(url, login_from(args.user)).post(f"/api/c/{_quote(code)}/start")
    kind = "your ranked attempt" if started["ranked"] else "practice (your ranked attempt " \
        "is done)"
    print(f"Challenge {code}, {kind}: seed {started['seed']}"
          f"{', party ' + started['party'] if started.get('party') else ''}.", flush=True)
    return {"seed": started["seed"], "party": started.get("party"), "code": code,
            "url": url, "since": time.time()}


def after_play(attempt: dict[str, Any], folder: Path | None = None) -> None:
    """After the screen closes: where the game's replay is, and how to send it."""
    replay = newest_replay(folder or data_dir(), attempt["seed"], attempt["since"])
    code, url = attempt["code"], attempt["url"]
    if replay is None:
        print(f"No replay yet: the game is saved (continue it with `roguelike`). When it "
              f"ends, send its replay: roguelike submit REPLAY --challenge {code} --host "
              f"{url}")
        return
    print(f"Your replay: {replay}\nSend it: roguelike submit {replay} --challenge {code} "
          f"--host {url}")


def newest_replay(folder: Path, seed: str, since: float) -> Path | None:
    """The newest replay on `seed` written since `since` (a Unix time) in the save folder."""
    found = [p for p in (Path(folder) / REPLAYS).glob(f"*-{seed}-*.replay.json")
             if p.stat().st_mtime >= since - 1]
    return max(found, key=lambda p: p.stat().st_mtime) if found else None


def party_arg(text: str | None) -> tuple[tuple[str, str], ...] | None:
    """The host's fixed party ('warrior,rogue,mage') as the game's party."""
    if not text:
        return None
    classes = text.split(",")
    return tuple(zip(("leader", "mercenary", "apprentice"), classes, strict=True))

