"""Boards: a challenge's ranking (each player's standing game), its practice games, and a
seed's games; as rows (the JSON every board is made from: the website's, the lobby's,
`roguelike board`'s) and as a text table.

A row: rank, player, party, score and its parts, deepest depth, outcome, rounds, date,
witnessed or local, ranked or practice, and where to watch the recording (a witnessed
game's page on the website) and download the replay. Best first; ties: fewer rounds, then
the earlier game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from roguelike.challenges.model import Challenge, parse_iso
from roguelike.challenges.publish import log_record
from roguelike.challenges.store import Entry, Store
from roguelike.records.text import printable

WITNESSED_WHY = "witnessed: the host ran it, from its first action"
LOCAL_WHY = ("local: played elsewhere and sent in; its score is proved by re-simulation, "
             "but the player may have practised the seed first")


def row(entry: Entry, rank: int | None, code: str | None) -> dict[str, Any]:
    out = log_record(entry, code)
    out["rank"] = rank
    out["status"] = entry.status
    out["watch"] = f"/games/{entry.score_row}" if entry.score_row is not None else None
    out["page"] = f"/g/{entry.id}"
    if not entry.published:  # a hidden seed's game before its window closes
        out.update(seed=None, replay=None, watch=None)
    return out


def unsettled_row(entry: Entry, code: str | None) -> dict[str, Any]:
    """A pending or refused game: who sent it and what became of it (no results)."""
    return {"game": entry.id, "challenge": code, "player": entry.player,
            "status": entry.status, "witnessed": entry.source == "witnessed",
            "reason": entry.reason or None, "note": entry.note or None,
            "diverged_at": entry.diverged_at, "diverged_round": entry.diverged_round,
            "submitted": entry.submitted_at, "page": f"/g/{entry.id}"}


def challenge_board(store: Store, ch: Challenge, offset: int = 0, limit: int = 100,
                    practice: int = 20) -> dict[str, Any]:
    """The challenge's ranking (a page of it), its practice games and its unsettled ones."""
    ranked, total = store.board(ch.id, offset, limit)
    extra, practised = store.practice(ch.id, 0, practice)
    return {"code": ch.code, "total": total, "offset": offset,
            "rows": [row(e, offset + i, ch.code) for i, e in enumerate(ranked, 1)],
            "practice": [row(e, None, ch.code) for e in extra], "practice_total": practised,
            "unsettled": [unsettled_row(e, ch.code) for e in store.unsettled(ch.id)]}


def seed_board(store: Store, seed: str, offset: int = 0, limit: int = 100) -> dict[str, Any]:
    games, total = store.seed_board(seed, offset, limit)
    codes = store.codes(sorted({e.challenge for e in games if e.challenge is not None}))
    return {"seed": seed, "total": total, "offset": offset,
            "rows": [row(e, offset + i, codes.get(e.challenge) if e.challenge else None)
                     for i, e in enumerate(games, 1)]}


def how(r: dict[str, Any]) -> str:
    return "witnessed" if r.get("witnessed") else "local"


def format_rows(rows: list[dict[str, Any]], compact: bool = False) -> list[str]:
    """A text table of board rows, the header first (every text passed through
    `printable`); `compact` (the lobby's 70 columns) leaves out the date and party."""
    head = (f"{'#':>4} {'score':>7} {'player':<16} {'depth':>5} {'rounds':>6} "
            f"{'outcome':<8} {'how':<9}")
    lines = [head if compact else f"{head} {'ended':<10} party"]
    for r in rows:
        rank = "" if r.get("rank") is None else str(r["rank"])
        player = printable(str(r.get("player", "")))[:16]
        line = (f"{rank:>4} {int(r['score']):>7} {player:<16} {int(r['depth']):>5} "
                f"{int(r['turns']):>6} {printable(str(r['outcome']))[:8]:<8} {how(r):<9}")
        if not compact:
            line += f" {str(r.get('ended', ''))[:10]:<10} {printable(str(r.get('party', '')))}"
        lines.append(line)
    return lines


def format_board(board: dict[str, Any], title: str) -> str:
    """`roguelike board`'s text: the ranking, then practice, then the unsettled games."""
    out = [printable(title), ""]
    if board["rows"]:
        out += format_rows(board["rows"])
        more = board["total"] - board["offset"] - len(board["rows"])
        if more > 0:
            out.append(f"     ... and {more} more")
    else:
        out.append("No verified games yet.")
    if board.get("practice"):
        out += ["", f"Practice (not ranked), {board['practice_total']}:",
                *format_rows(board["practice"])[1:]]
    for r in board.get("unsettled", []):
        what = "pending" if r["status"] == "pending" else "REFUSED"
        why = r.get("reason") or r.get("note") or "waiting to be verified"
        if r.get("diverged_at") is not None:
            why += f" (first diverging action: {r['diverged_at']}, round {r['diverged_round']})"
        out.append(f"  {what}: game {r['game']} by {printable(str(r['player']))}: "
                   f"{printable(why)}")
    out += ["", f"witnessed = {WITNESSED_WHY}; local = {LOCAL_WHY}."]
    return "\n".join(out)


def time_left(closes: str, now: datetime) -> str:
    """'closes in 5h 12m', 'closed 2026-11-30 00:00' (UTC): a challenge's window in words."""
    end = parse_iso(closes)
    if now >= end:
        return f"closed {closes[:10]} {closes[11:16]} UTC"
    left = int((end - now).total_seconds())
    days, hours, minutes = left // 86400, left % 86400 // 3600, left % 3600 // 60
    if days:
        return f"closes in {days}d {hours}h"
    return f"closes in {hours}h {minutes:02d}m" if hours else f"closes in {minutes}m"
