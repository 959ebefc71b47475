"""The website's pages as HTML text.

Everything that comes from a player (a name, a seed, a party) or from a file goes through
`text()`: HTML-escaped, and its control characters (a terminal escape sequence, a
bidirectional override) shown as visible escapes (records/text.py), so it is always read
as text, never as markup. Pages load no script or style from anywhere but /static/.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from urllib.parse import quote

from roguelike.records.text import printable

SITE = "Traps &amp; Treasure"


def text(value: object) -> str:
    """Any value as HTML text: escaped, control characters made visible."""
    return html.escape(printable(str(value)), quote=True)


def url_part(value: str) -> str:
    """A value inside a URL path (a seed): every unsafe character %-escaped."""
    return html.escape(quote(value, safe=""), quote=True)


@dataclass
class Visit:
    """Who is looking: the logged-in name (or None) and the form token of their cookie."""

    name: str | None
    form_token: str
    guests: bool = False
    scripts: list[str] = field(default_factory=list)
    styles: list[str] = field(default_factory=list)
    body: dict[str, str] = field(default_factory=dict)  # data-* attributes of <body>


def form(visit: Visit, action: str, inner: str, cls: str = "") -> str:
    return (f'<form method="post" action="{text(action)}" class="{cls}">'
            f'<input type="hidden" name="form_token" value="{text(visit.form_token)}">'
            f"{inner}</form>")


def layout(visit: Visit, title: str, main: str, *, bare: bool = False) -> str:
    """A whole page: head, the top bar (site, links, who is logged in) and `main`."""
    styles = "".join(f'<link rel="stylesheet" href="/static/{s}">'
                     for s in ["style.css", *visit.styles])
    scripts = "".join(f'<script src="/static/{s}" defer></script>' for s in visit.scripts)
    data = "".join(f' data-{k}="{text(v)}"' for k, v in visit.body.items())
    if visit.name is not None:
        who = (f'<span class="who">{text(visit.name)}</span>'
               + form(visit, "/logout", '<button class="link">Log out</button>', "inline"))
    else:
        who = '<a href="/login">Log in</a> <a href="/register">Register</a>'
    nav = ('<a class="site" href="/">' + SITE + '</a><a href="/play">Play</a>'
           '<a href="/watch">Watch</a><a href="/scores">Scores</a>'
           '<a href="/challenges">Challenges</a>')
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{text(title)} · {SITE}</title>{styles}{scripts}</head>"
            f'<body class="{"bare" if bare else ""}"{data}>'
            f'<header><nav>{nav}</nav><div class="account">{who}</div></header>'
            f"<main>{main}</main></body></html>")


def front(visit: Visit, ssh: str | None, live: int) -> str:
    play = ('<a class="button" href="/play">Play in the browser</a>' if visit.name else
            '<a class="button" href="/login?next=/play">Log in and play</a> '
            '<a class="button" href="/register">Register a name</a>')
    guest = form(visit, "/guest", '<button>Play as a guest</button>', "inline") \
        if visit.guests and visit.name is None else ""
    ssh_line = (f"<p>Or from a terminal: <code>{text(ssh)}</code> (the same account, the "
                "same game).</p>" if ssh else "")
    return layout(visit, "Welcome", f"""
<h1>Traps &amp; Treasure</h1>
<p class="lead">Lead a party of three delvers down a generated dungeon: race the rival
Pillagers for treasure, survive the traps, and carry the loot back to Camp.</p>
<p>{play} {guest}</p>
{ssh_line}
<ul class="links">
<li><a href="/watch">Watch live games</a> ({live} now)</li>
<li><a href="/scores">High scores</a>, each game with its recording and its replay</li>
</ul>
<p class="small">Every key of the game works in the page; on a touch screen a key bar
gives the keys a phone keyboard lacks. Ctrl-W, Ctrl-T and Ctrl-N stay the browser's: the
game needs none of them.</p>""")


def login(visit: Visit, message: str = "", name: str = "", next_url: str = "/play",
          register: bool = False) -> str:
    title = "Register" if register else "Log in"
    again = ('<label>Repeat the password <input type="password" name="password2" '
             'autocomplete="new-password" required maxlength="200"></label>'
             if register else "")
    other = ('<p>Have a name already? <a href="/login">Log in</a>.</p>' if register else
             '<p>New here? <a href="/register">Register a name</a>.</p>')
    hint = ("<p class=\"small\">A name is 3 to 20 letters and digits; a password 6 to 200 "
            "characters. The same name and password log in over SSH.</p>" if register else
            "<p class=\"small\">The same name and password as over SSH.</p>")
    body = (f'<label>Name <input name="name" value="{text(name)}" autocomplete="username" '
            'required maxlength="20" autocapitalize="none" spellcheck="false"></label>'
            '<label>Password <input type="password" name="password" required maxlength="200" '
            f'autocomplete="{"new-password" if register else "current-password"}"></label>'
            f'{again}<input type="hidden" name="next" value="{text(next_url)}">'
            f"<button>{title}</button>")
    error = f'<p class="error" role="alert">{text(message)}</p>' if message else ""
    action = "/register" if register else "/login"
    return layout(visit, title, f"<h1>{title}</h1>{error}"
                  f"{form(visit, action, body, 'box')}{hint}{other}")


def terminal_page(visit: Visit, title: str, heading: str) -> str:
    """The page around a browser terminal (static/terminal.js draws into #terminal)."""
    visit.scripts = ["vendor/xterm/xterm.js", "vendor/xterm/addon-fit.js", "terminal.js"]
    visit.styles = ["vendor/xterm/xterm.css"]
    keys = "".join(f'<button type="button" data-key="{text(k)}">{text(label)}</button>'
                   for k, label in KEY_BAR)
    return layout(visit, title, f"""
<div class="termbar"><span id="heading">{text(heading)}</span>
<span id="status" aria-live="polite"></span>
<button type="button" id="keys-toggle" class="link">keys</button></div>
<div id="terminal" tabindex="-1"></div>
<div id="too-small" hidden></div>
<div id="ended" hidden><p id="ended-text"></p>
<p><button type="button" id="again">Back to the lobby</button>
<a href="/watch">Live games</a> <a href="/">Home</a></p></div>
<div id="keybar" hidden>{keys}</div>""", bare=True)


# The key bar on a touch screen: what a phone keyboard lacks (and the game's most used keys)
KEY_BAR = [("esc", "Esc"), ("tab", "Tab"), ("enter", "Enter"), ("left", "←"),
           ("up", "↑"), ("down", "↓"), ("right", "→"), (".", "."), ("o", "o"), ("F", "F"),
           ("G", "G"), ("?", "?"), ("S", "S"), ("kbd", "⌨")]


def live_games(visit: Visit, games: list[dict[str, object]]) -> str:
    rows = "".join(
        f'<tr><td><a href="/watch/{int(str(g["id"]))}">{text(g["player"])}</a></td>'
        + f'<td class="num">{text(g["depth"])}</td><td>{text(g["seed"])}</td>'
        f'<td class="num">{text(g["for"])}</td><td class="num">{text(g["watchers"])}</td>'
        f'<td>{"away" if g["detached"] else ""}'
        f'{"on host " + text(g["host"]) if g.get("host") else ""}</td></tr>' for g in games)
    table = (f'<table id="live"><thead><tr><th>player</th><th>depth</th><th>seed</th>'
             f'<th>playing for</th><th>watching</th><th></th></tr></thead><tbody>{rows}'
             f"</tbody></table>" if games else '<p id="live">Nobody is playing now.</p>')
    return layout(visit, "Live games", f"<h1>Live games</h1>{table}"
                  '<p class="small">Only the games of players who let others watch are '
                  'listed. A game opens read-only. The list is as of this page load: '
                  '<a href="/watch">reload</a>.</p>')


def duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m"
    return f"{seconds // 3600}h {seconds % 3600 // 60:02d}m"


def message(visit: Visit, title: str, body: str) -> str:
    return layout(visit, title, f"<h1>{text(title)}</h1><p>{text(body)}</p>"
                  '<p><a href="/">Home</a></p>')
