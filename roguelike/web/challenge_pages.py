"""The website's challenge pages as HTML text: the list (with the form that makes one),
a challenge with its board, a seed's board, one game, a player's page and the form that
sends a replay in. Everything from a player or a file goes through `text()` (pages.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from roguelike.challenges.board import LOCAL_WHY, WITNESSED_WHY, time_left
from roguelike.web.finished import _pager
from roguelike.web.pages import Visit, form, layout, text, url_part

LEGEND = (f'<p class="small"><b>witnessed</b>: {text(WITNESSED_WHY)}. <b>local</b>: '
          f"{text(LOCAL_WHY)}. Ties: fewer rounds, then the earlier game. Every score here "
          "was proved by re-simulating its replay: download one and check it with "
          "<code>roguelike verify FILE</code>.</p>")


def _how(r: dict[str, Any]) -> str:
    if r.get("witnessed"):
        return f'<span class="witnessed" title="{text(WITNESSED_WHY)}">witnessed</span>'
    return f'<span class="local" title="{text(LOCAL_WHY)}">local</span>'


def _parts(parts: dict[str, Any]) -> str:
    return ", ".join(f"{text(k)} {int(v)}" for k, v in parts.items() if k != "total")


def board_table(rows: list[dict[str, Any]], table_id: str = "board") -> str:
    body = []
    for r in rows:
        gid = int(r["game"])
        links = [f'<a href="/g/{gid}">game</a>']
        if r.get("watch"):
            links.append(f'<a href="{text(r["watch"])}">watch</a>')
        if r.get("replay"):
            links.append(f'<a href="{text(r["replay"])}" download>replay</a>')
        rank = "" if r.get("rank") is None else str(int(r["rank"]))
        body.append(
            f'<tr><td class="num">{rank}</td>'
            f'<td><a href="/p/{url_part(str(r["player"]))}">{text(r["player"])}</a></td>'
            f'<td>{text(r["party"])}</td>'
            f'<td class="num" title="{_parts(r.get("parts") or {})}">{int(r["score"])}</td>'
            f'<td class="num">{int(r["depth"])}</td><td>{text(r["outcome"])}</td>'
            f'<td class="num">{int(r["turns"])}</td><td>{text(str(r["ended"])[:10])}</td>'
            f"<td>{_how(r)}</td><td>{' '.join(links)}</td></tr>")
    return (f'<table id="{table_id}" class="scores"><thead><tr><th>#</th><th>player</th>'
            "<th>party</th><th>score</th><th>depth</th><th>outcome</th><th>rounds</th>"
            f"<th>date</th><th>how</th><th></th></tr></thead><tbody>{''.join(body)}"
            "</tbody></table>")


def unsettled_list(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    items = []
    for r in rows:
        if r["status"] == "pending":
            why = r.get("note") or "waiting to be verified"
            what = "pending"
        else:
            why = r.get("reason") or "refused"
            what = "refused"
        where = ""
        if r.get("diverged_at") is not None:
            where = (f" First diverging action: <b>{int(r['diverged_at'])}</b> (round "
                     f"{int(r['diverged_round'] or 0)}).")
        items.append(f'<li class="{what}"><a href="/g/{int(r["game"])}">game '
                     f'{int(r["game"])}</a> by {text(r["player"])}: <b>{what}</b>. '
                     f"{text(why)}{where}</li>")
    return f'<h2>Pending and refused</h2><ul id="unsettled">{"".join(items)}</ul>'


def _window(view: dict[str, Any], now: datetime) -> str:
    return (f"{text(view['opens'][:16].replace('T', ' '))} to "
            f"{text(view['closes'][:16].replace('T', ' '))} UTC "
            f"({text(time_left(view['closes'], now))})")


def challenges_page(visit: Visit, views: list[dict[str, Any]], now: datetime,
                    message: str = "") -> str:
    rows = "".join(
        f'<tr><td><a href="/c/{url_part(v["code"])}">{text(v["code"])}</a></td>'
        f'<td>{text(v["title"])}</td><td>{"open" if v["open"] else ""}</td>'
        f'<td>{_window(v, now)}</td>'
        f'<td>{text(v["seed"]) if v["seed"] else "<i>hidden</i>"}</td>'
        f'<td>{text(", ".join(v["party"])) if v["party"] else "any"}</td>'
        f'<td>{"one ranked attempt" if v["attempts"] == "one" else "best of many"}</td></tr>'
        for v in views)
    table = (f'<table id="challenges"><thead><tr><th>code</th><th>title</th><th></th>'
             "<th>window</th><th>seed</th><th>party</th><th>attempts</th></tr></thead>"
             f"<tbody>{rows}</tbody></table>" if views else "<p>No challenges now.</p>")
    error = f'<p class="error" role="alert">{text(message)}</p>' if message else ""
    join = ('<form method="get" action="/c" class="inline"><label>Join by code '
            '<input name="code" maxlength="30" required autocapitalize="none"></label> '
            "<button>Open</button></form>")
    make = (form(visit, "/challenges", _create_fields(), "box") if visit.name else
            '<p><a href="/login?next=/challenges">Log in</a> to make a challenge.</p>')
    return layout(visit, "Challenges", f"""
<h1>Challenges</h1>
<p class="lead">Everyone plays the same seed; every score on a board is proved by
re-simulating its game. The host makes a daily and a weekly (UTC) by itself.</p>
{table}<p>{join}</p>
<h2>Make a challenge</h2>{error}{make}""")


def _create_fields() -> str:
    return """
<label>Title <input name="title" maxlength="60" placeholder="Sunday race"></label>
<label>Seed (blank: a fresh secret one) <input name="seed" maxlength="64"
 placeholder="amber wolf 17" autocapitalize="none"></label>
<label>Party: any, or three classes <input name="party" value="any" maxlength="60"></label>
<label>Closes (3d, 12h, sunday, 2026-12-06, 2026-12-06 18:00; UTC)
 <input name="closes" value="3d" maxlength="30" required></label>
<label>Attempts <select name="attempts"><option value="one">one ranked attempt</option>
<option value="best">best of many</option></select></label>
<label><input type="checkbox" name="hidden" value="1"> Hide the seed until each player's
attempt starts</label>
<button>Make it</button>"""


def challenge_page(visit: Visit, view: dict[str, Any], board: dict[str, Any], page: int,
                   now: datetime, host_url: str, upload: bool, you: str) -> str:
    code = str(view["code"])
    seed = (f"<code>{text(view['seed'])}</code>" if view["seed"] else
            "<i>hidden until your attempt starts</i>")
    party = text(", ".join(view["party"])) if view["party"] else "any party"
    rule = "one ranked attempt" if view["attempts"] == "one" else "best of many attempts"
    ranked = (board_table(board["rows"]) if board["rows"] else
              '<p id="board">No verified games yet.</p>')
    practice = ""
    if board.get("practice"):
        practice = (f"<h2>Practice (not ranked), {int(board['practice_total'])}</h2>"
                    + board_table(board["practice"], "practice"))
    send = (_upload_form(visit, code) if upload else
            f'<p><a href="/login?next=/c/{url_part(code)}">Log in</a> to send a replay.</p>')
    you_line = f"<p><b>You:</b> {text(you)}</p>" if you else ""
    return layout(visit, f"Challenge {code}", f"""
<h1>{text(view["title"])} <small>· code <code>{text(code)}</code></small></h1>
<p>Seed {seed} · {party} · {rule} · {_window(view, now)} · game version
{text(view["game_version"])} (content <code>{text(view["content_digest"])}</code>)</p>
{you_line}
<p>Play it here: <a href="/play">the lobby</a>, then <b>Challenges</b> and this code
(witnessed: the host runs your game). Or at home:
<code>roguelike play --challenge {text(code)} --host {text(host_url)}</code>, then
<code>roguelike submit REPLAY --challenge {text(code)} --host {text(host_url)}</code>.</p>
<h2>Board ({int(board["total"])} ranked)</h2>
{ranked}{_pager('/c/' + url_part(code), page, int(board["total"]))}
{practice}{unsettled_list(board.get("unsettled") or [])}
{LEGEND}
<h2>Send a replay played at home</h2>{send}""")


def _upload_form(visit: Visit, code: str, choose: bool = False) -> str:
    """The form that sends a replay file (its token first: the host checks it before it
    reads the file)."""
    return ('<form method="post" action="/submit" class="box upload" '
            'enctype="multipart/form-data">'
            f'<input type="hidden" name="form_token" value="{text(visit.form_token)}">'
            f"{_upload_fields(code, choose)}</form>")


def _upload_fields(code: str, choose: bool = False) -> str:
    challenge = (f'<input type="hidden" name="challenge" value="{text(code)}">' if not choose
                 else '<label>Challenge code (blank: the seed\'s board only) <input '
                 f'name="challenge" value="{text(code)}" maxlength="30"></label>')
    return (f'{challenge}<label>Replay file (.replay.json) <input type="file" name="replay" '
            'accept=".json,application/json" required></label><button>Send it</button>')


def submit_page(visit: Visit, message: str = "", code: str = "") -> str:
    error = f'<p class="error" role="alert">{text(message)}</p>' if message else ""
    body = (_upload_form(visit, code, choose=True) if visit.name else
        '<p><a href="/login?next=/submit">Log in</a> to send a replay.</p>')
    return layout(visit, "Send a replay", f"""
<h1>Send a replay</h1>{error}
<p>A game played at home: its replay is re-simulated by the host and goes on the board of
its seed (and of the challenge, if you name one) once it verifies. From a terminal:
<code>roguelike submit REPLAY --host URL [--challenge CODE]</code>.</p>{body}""")


def seed_page(visit: Visit, seed: str, board: dict[str, Any], page: int) -> str:
    table = board_table(board["rows"]) if board["rows"] else "<p>No verified games.</p>"
    return layout(visit, f"Seed {seed}", f"""
<h1>Seed <code>{text(seed)}</code></h1><p>{int(board["total"])} verified games.</p>
{table}{_pager('/seed/' + url_part(seed), page, int(board["total"]))}{LEGEND}""")


def game_page(visit: Visit, g: dict[str, Any]) -> str:
    gid = int(g["game"])
    status = str(g["status"])
    lines = [f"<p>Status: <b id=\"status\">{text(status)}</b>"
             f"{' (being verified now)' if g.get('verifying') else ''}</p>"]
    if g.get("reason"):
        lines.append(f'<p class="error" id="reason">{text(g["reason"])}</p>')
    if g.get("diverged_at"):
        d = g["diverged_at"]
        lines.append(f'<p id="diverged">First diverging action: <b>{int(d["index"])}</b> '
                     f"(0-based, in round {int(d['round'] or 0)}).</p>")
    if g.get("note"):
        lines.append(f'<p id="note">{text(g["note"])}</p>')
    if status == "verified" and "score" in g:
        links = []
        if g.get("watch"):
            links.append(f'<a class="button" href="{text(g["watch"])}">Watch the '
                         "recording</a>")
        links.append(f'<a class="button" href="/g/{gid}/replay" download>Download the '
                     "replay</a>")
        lines.append(
            f"<p><b>{int(g['score'])}</b> points ({_parts(g.get('parts') or {})}) · depth "
            f"{int(g['depth'])} · {text(g['outcome'])} · {int(g['turns'])} rounds · "
            f"{int(g['actions'])} actions · {text(g['party'])} · seed "
            f"<code>{text(g['seed'])}</code> · ended {text(g['ended'])} · "
            f"{'witnessed' if g['witnessed'] else 'local'}"
            f"{'' if g['ranked'] else ' · not ranked'}</p>"
            f"<p>{' '.join(links)} <span class=\"small\">check it yourself: "
            "<code>roguelike verify FILE</code> gives the same score</span></p>")
    elif status == "verified":
        lines.append("<p>Its results are shown once the challenge's hidden seed is public "
                     "(when its window closes).</p>")
    code = g.get("challenge")
    on = f' on <a href="/c/{url_part(code)}">{text(code)}</a>' if code else ""
    return layout(visit, f"Game {gid}", f"<h1>Game {gid} by "
                  f'<a href="/p/{url_part(str(g["player"]))}">{text(g["player"])}</a>{on}</h1>'
                  + "".join(lines))


def player_page(visit: Visit, name: str, bests: list[dict[str, Any]],
                games: list[dict[str, Any]]) -> str:
    best_rows = "".join(
        f'<tr><td><a href="/c/{url_part(b["challenge"])}">{text(b["challenge"])}</a></td>'
        f'<td class="num">{int(b["rank"])}</td><td class="num">{int(b["score"])}</td>'
        f'<td><a href="/g/{int(b["game"])}">game {int(b["game"])}</a></td></tr>'
        for b in bests)
    best = (f'<table id="bests"><thead><tr><th>challenge</th><th>rank</th><th>score</th>'
            f"<th></th></tr></thead><tbody>{best_rows}</tbody></table>" if bests else
            "<p>No ranked game yet.</p>")
    game_rows = "".join(
        f'<tr><td><a href="/g/{int(g["game"])}">{int(g["game"])}</a></td>'
        f'<td>{text(g["challenge"] or "")}</td><td>{text(g["seed"] or "(hidden)")}</td>'
        f'<td class="num">{"" if g.get("score") is None else int(g["score"])}</td>'
        f'<td>{text(g["status"])}</td><td>{"witnessed" if g["witnessed"] else "local"}</td>'
        f'<td>{"" if g["ranked"] else "practice" if g["challenge"] else ""}</td>'
        f'<td>{text(g["submitted"][:10])}</td></tr>' for g in games)
    table = (f'<table id="games"><thead><tr><th>game</th><th>challenge</th><th>seed</th>'
             "<th>score</th><th>verified?</th><th>how</th><th></th><th>date</th></tr>"
             f"</thead><tbody>{game_rows}</tbody></table>" if games else "<p>No games.</p>")
    return layout(visit, name, f"<h1>{text(name)}</h1><h2>Best per challenge</h2>{best}"
                  f"<h2>Games</h2>{table}")

