"""Finished games on the website: the host's verified score table, per seed, a page at a
time; each game's page with its recordings (asciinema-player) and its replay to download
for `roguelike verify`.

Every row of the table was proved by re-simulating its replay (host/score_import.py), so
the replay is public. A recording shows the game's screen (never the lobby, where
passwords are typed); it is shown only while its player lets others watch their games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roguelike.host.accounts import Accounts
from roguelike.host.recordings import casts_of
from roguelike.records.scores import score_row, seed_page, seeds_page
from roguelike.storage.database import Database
from roguelike.web.pages import Visit, layout, text, url_part

PAGE = 100  # rows a page


def _pager(base: str, page: int, total: int) -> str:
    pages = max(1, (total + PAGE - 1) // PAGE)
    if pages == 1:
        return ""
    links = []
    if page > 1:
        links.append(f'<a href="{base}?page={page - 1}" rel="prev">previous</a>')
    links.append(f"page {page} of {pages}")
    if page < pages:
        links.append(f'<a href="{base}?page={page + 1}" rel="next">next</a>')
    return f'<p class="pager">{" · ".join(links)}</p>'


def seeds(visit: Visit, data: Path | Database, page: int) -> str:
    rows, total = seeds_page(data, (page - 1) * PAGE, PAGE)
    body = "".join(
        f'<tr><td><a href="/scores/{url_part(r["seed"])}">{text(r["seed"])}</a></td>'
        f'<td class="num">{r["games"]}</td><td class="num">{r["best"]}</td></tr>'
        for r in rows)
    table = ('<table><thead><tr><th>seed</th><th class="num">games</th>'
             f'<th class="num">best</th></tr></thead><tbody>{body}</tbody></table>'
             if rows else "<p>No finished games yet.</p>")
    return layout(visit, "High scores", f"<h1>High scores by seed</h1>{table}"
                  f"{_pager('/scores', page, total)}"
                  '<p class="small">Every score here was proved by re-playing its game '
                  "(<code>roguelike verify</code>).</p>")


def seed_scores(visit: Visit, data: Path | Database, seed: str, page: int) -> str:
    rows, total = seed_page(data, seed, (page - 1) * PAGE, PAGE)
    first = (page - 1) * PAGE
    body = "".join(
        f'<tr><td class="num">{first + i}</td><td class="num">{int(r["score"])}</td>'
        f'<td>{text(r["player"])}</td><td class="num">{int(r["depth"])}</td>'
        f'<td class="num">{int(r["turns"])}</td><td>{text(r["outcome"])}</td>'
        f'<td>{text(r["party"])}</td><td>{text(r["ended_at"])}</td>'
        f'<td><a href="/games/{int(r["id"])}">game</a> '
        f'<a href="/games/{int(r["id"])}/replay" download>replay</a></td></tr>'
        for i, r in enumerate(rows, 1))
    table = ('<table class="scores"><thead><tr><th>#</th><th>score</th><th>player</th>'
             "<th>depth</th><th>rounds</th><th>outcome</th><th>party</th><th>ended</th>"
             f"<th></th></tr></thead><tbody>{body}</tbody></table>"
             if rows else "<p>No finished games on this seed.</p>")
    return layout(visit, f"Scores: {seed}",
                  f"<h1>Seed <code>{text(seed)}</code></h1><p>{total} games.</p>{table}"
                  f"{_pager('/scores/' + url_part(seed), page, total)}")


def game_row(data: Path | Database, row_id: int) -> dict[str, Any] | None:
    return score_row(data, row_id)


def recordings(data: Path, accounts: Accounts, row: dict[str, Any]) -> list[Path]:
    """The row's recordings, if its player lets others watch (else none)."""
    replay = str(row.get("replay", ""))
    parts = Path(replay).parts
    if len(parts) < 2 or not parts[1].isdigit():
        return []
    account = accounts.get(int(parts[1]))
    if account is None or not account.allow_watch:
        return []
    return casts_of(data, replay)


def game(visit: Visit, row: dict[str, Any], casts: int) -> str:
    rid = int(row["id"])
    parts = row.get("parts") or {}
    scored = ", ".join(f"{text(k)} {int(v)}" for k, v in parts.items() if k != "total"
                       and isinstance(v, int))
    if casts:
        visit.scripts = ["vendor/asciinema-player/asciinema-player.min.js", "recording.js"]
        visit.styles = ["vendor/asciinema-player/asciinema-player.css"]
        players = "".join(
            f'<h2>Recording{f" {n + 1} of {casts}" if casts > 1 else ""}</h2>'
            f'<div class="recording" data-src="/games/{rid}/cast/{n}"></div>'
            for n in range(casts))
    else:
        players = ("<p>No recording of this game is shown (none was made, or its "
                   "player does not let others watch).</p>")
    seed = str(row["seed"])
    return layout(visit, f"Game {rid}", f"""
<h1>{text(row["player"])} on <a href="/scores/{url_part(seed)}"><code>{text(seed)}</code></a></h1>
<p><b>{int(row["score"])}</b> points ({scored}) · depth {int(row["depth"])} ·
{int(row["turns"])} rounds · {text(row["outcome"])} · {text(row["party"])} ·
ended {text(row["ended_at"])} · version {text(row["game_version"])}</p>
<p><a class="button" href="/games/{rid}/replay" download>Download the replay</a>
<span class="small">check it with <code>roguelike verify FILE</code>, watch it with
<code>roguelike replay FILE</code></span></p>
{players}""")
