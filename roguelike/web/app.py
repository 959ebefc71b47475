"""The website's routes: pages, forms, the terminals' WebSockets, recordings and replays.

Security, in one place: every response carries a strict Content-Security-Policy (scripts
and styles from /static/ only) and no-sniff; every form checks its token (auth.py) and,
when the browser says it, its Origin; a WebSocket must come from this site's own pages
(its Origin); a login or registration is counted in the host's gate while its password
hash runs, so a flood of them cannot queue a real player's login behind it. With
`trust_proxy`, a request from the reverse proxy (a loopback peer, or one of the addresses
named) is taken to come from the address and scheme its X-Forwarded-For / -Proto say.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web

from roguelike.host.accounts import Account
from roguelike.host.gate import BUSY, refuse_all
from roguelike.host.registry import Host, LoginRefused
from roguelike.web import finished, pages, terminal
from roguelike.web.auth import LOGIN_COOKIE, VISITOR_COOKIE, WebLogins, new_visitor
from roguelike.web.challenges import Challenges
from roguelike.web.door import WebDoor

STATIC = Path(__file__).resolve().parent / "static"
MAX_FORM = 16 * 1024  # bytes of a form's body (a login is a few dozen)
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' "
       "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
SITE_KEY: web.AppKey[WebSite] = web.AppKey("site")
VISITOR: web.RequestKey[str] = web.RequestKey("visitor")


class _Attempt:
    """A login or registration in the host's gate while its password hash runs."""

    def __init__(self, addr: str) -> None:
        self.addr = addr
        self.task: asyncio.Task[Account] | None = None
        self.counted = True

    def refuse(self, why: str) -> None:
        self.counted = False
        if self.task is not None:
            self.task.cancel()


class WebSite:
    """The website of one host: its routes and what they share."""

    def __init__(self, host: Host, ssh_port: int | None = None) -> None:
        self.host = host
        self.ssh_port = ssh_port  # (for the front page's ssh command line)
        config = host.config
        self.logins = WebLogins(config.accounts_where, config.web_session_days)
        host.password_hooks.append(self.logins.end_all)
        self.app = web.Application(middlewares=[self._middleware], client_max_size=MAX_FORM)
        self.app[SITE_KEY] = self
        self.door = WebDoor(host, self.app)
        r = self.app.router
        r.add_get("/", self.front)
        r.add_get("/login", self.login_page)
        r.add_post("/login", self.login)
        r.add_get("/register", self.register_page)
        r.add_post("/register", self.register)
        r.add_post("/logout", self.logout)
        r.add_post("/guest", self.guest)
        r.add_get("/play", self.play_page)
        r.add_get("/ws/play", self.play_socket)
        r.add_get("/watch", self.watch_list)
        r.add_get(r"/watch/{id:\d{1,12}}", self.watch_page)
        r.add_get(r"/ws/watch/{id:\d{1,12}}", self.watch_socket)
        r.add_get("/scores", self.seeds)
        r.add_get("/scores/{seed}", self.seed_scores)
        r.add_get(r"/games/{id:\d{1,12}}", self.game)
        r.add_get(r"/games/{id:\d{1,12}}/replay", self.replay)
        r.add_get(r"/games/{id:\d{1,12}}/cast/{n:\d{1,4}}", self.cast)
        self.challenges = Challenges(self)  # /challenges, /c/CODE, boards, the API
        r.add_static("/static", STATIC, append_version=False)

    # ----- who and where --------------------------------------------------------------
    def client_addr(self, request: web.Request) -> str:
        peer = request.transport.get_extra_info("peername") if request.transport else None
        addr = str(peer[0]) if peer else "?"
        forwarded = request.headers.get("X-Forwarded-For", "")
        if forwarded and self.host.config.from_proxy(addr):
            return forwarded.split(",")[-1].strip()[:64] or addr
        return addr

    def https(self, request: web.Request) -> bool:
        if self.door.tls:
            return True
        peer = request.transport.get_extra_info("peername") if request.transport else None
        return bool(peer and self.host.config.from_proxy(str(peer[0]))
                    and request.headers.get("X-Forwarded-Proto", "").lower() == "https")

    def same_origin(self, request: web.Request, required: bool) -> bool:
        """Does the request's Origin name this site? (None given: `not required`.)"""
        origin = request.headers.get("Origin")
        if origin is None:
            return not required
        parts = urlsplit(origin)
        scheme = "https" if self.https(request) else "http"
        return parts.scheme == scheme and parts.netloc.lower() == request.host.lower()

    def account(self, request: web.Request) -> Account | None:
        account_id = self.logins.account_id(request.cookies.get(LOGIN_COOKIE))
        return self.host.accounts.get(account_id) if account_id is not None else None

    def visit(self, request: web.Request) -> pages.Visit:
        account = self.account(request)
        visitor = request.get(VISITOR) or ""
        return pages.Visit(account.name if account else None,
                           self.logins.form_token(visitor), guests=self.host.config.guests)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        self.door.settle(request)  # this connection spoke HTTP: no longer pending
        visitor = request.cookies.get(VISITOR_COOKIE) or ""
        fresh = not 20 <= len(visitor) <= 100
        request[VISITOR] = new_visitor() if fresh else visitor
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            self._headers(request, exc, fresh)
            raise
        if not response.prepared:  # (a WebSocket or a file has sent its headers)
            self._headers(request, response, fresh)
        return response

    def _headers(self, request: web.Request, response: web.StreamResponse, fresh: bool
                 ) -> None:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if fresh:
            self._cookie(request, response, VISITOR_COOKIE, request[VISITOR], None)

    def _cookie(self, request: web.Request, response: web.StreamResponse, name: str,
                value: str, max_age: int | None) -> None:
        response.set_cookie(name, value, path="/", httponly=True, samesite="Strict",
                            secure=self.https(request), max_age=max_age)

    def _html(self, body: str, status: int = 200) -> web.Response:
        return web.Response(text=body, content_type="text/html", status=status,
                            headers={"Cache-Control": "no-store"})

    async def _form(self, request: web.Request) -> dict[str, str] | None:
        """The posted form if its token and origin are right, else None."""
        if not self.same_origin(request, required=False):
            return None
        try:
            posted = await request.post()
        except (ValueError, web.HTTPException):
            return None
        fields = {k: v for k, v in posted.items() if isinstance(v, str)}
        if not self.logins.form_ok(request.cookies.get(VISITOR_COOKIE),
                                   fields.get("form_token")):
            return None
        return fields

    # ----- pages ----------------------------------------------------------------------
    async def front(self, request: web.Request) -> web.Response:
        visit = self.visit(request)
        ssh = None
        if self.ssh_port is not None:
            hostname = (urlsplit(f"//{request.host}").hostname or "localhost")
            port = "" if self.ssh_port == 22 else f"-p {self.ssh_port} "
            ssh = f"ssh {port}{visit.name or 'NAME'}@{hostname}"
        return self._html(pages.front(visit, ssh, len(self._live())))

    async def login_page(self, request: web.Request) -> web.Response:
        return self._html(pages.login(self.visit(request),
                                      next_url=_local(request.query.get("next"))))

    async def register_page(self, request: web.Request) -> web.Response:
        return self._html(pages.login(self.visit(request), register=True))

    async def login(self, request: web.Request) -> web.StreamResponse:
        return await self._log_in(request, register=False)

    async def register(self, request: web.Request) -> web.StreamResponse:
        return await self._log_in(request, register=True)

    async def _log_in(self, request: web.Request, register: bool) -> web.StreamResponse:
        fields = await self._form(request)
        visit = self.visit(request)
        if fields is None:
            return self._html(pages.login(visit, "This form has expired: please try again.",
                                          register=register), 400)
        name, password = fields.get("name", "")[:64], fields.get("password", "")
        next_url = _local(fields.get("next"))
        if register and password != fields.get("password2"):
            return self._html(pages.login(visit, "The two passwords differ.", name, next_url,
                                          register), 400)
        try:
            account = await self._counted_login(request, name, password, register)
        except LoginRefused as refused:
            return self._html(pages.login(visit, str(refused), name, next_url, register), 403)
        response = _redirect(next_url)
        self._cookie(request, response, LOGIN_COOKIE, self.logins.new(account.id),
                     int(self.logins.lifetime))
        return response

    async def _counted_login(self, request: web.Request, name: str, password: str,
                             register: bool) -> Account:
        """host.log_in, counted in the gate's pending pool like an SSH login."""
        attempt = _Attempt(self.client_addr(request))
        _refused, dropped = self.host.gate.arrive(attempt, attempt.addr, player_cap=False)
        refuse_all(dropped)
        attempt.task = asyncio.get_running_loop().create_task(
            self.host.log_in(name, password, attempt.addr, register))
        try:
            return await asyncio.shield(attempt.task)
        except asyncio.CancelledError:
            if attempt.counted:  # the request itself was cancelled (the browser left)
                raise
            raise LoginRefused(BUSY) from None
        finally:
            if attempt.counted:
                attempt.counted = False
                self.host.gate.leave(attempt, attempt.addr, player=False)

    async def logout(self, request: web.Request) -> web.StreamResponse:
        if await self._form(request) is not None:
            self.logins.end(request.cookies.get(LOGIN_COOKIE))
        response = _redirect("/")
        response.del_cookie(LOGIN_COOKIE, path="/")
        return response

    async def guest(self, request: web.Request) -> web.StreamResponse:
        if not self.host.config.guests or await self._form(request) is None:
            raise web.HTTPForbidden(text="No guests here.")
        account = self.host.accounts.new_guest()
        response = _redirect("/play")
        # a guest's login lasts while the browser is open (no max-age)
        self._cookie(request, response, LOGIN_COOKIE, self.logins.new(account.id), None)
        return response

    async def play_page(self, request: web.Request) -> web.Response:
        visit = self.visit(request)
        if visit.name is None:
            raise web.HTTPSeeOther("/login?next=/play")
        visit.body = {"mode": "play", "socket": "/ws/play"}
        return self._html(pages.terminal_page(visit, "Play", f"{visit.name}'s lobby"))

    async def watch_list(self, request: web.Request) -> web.Response:
        return self._html(pages.live_games(self.visit(request), self._live()))

    def _live(self) -> list[dict[str, object]]:
        now = time.time()
        out = []
        for game in sorted(self.host.games.values(), key=lambda g: g.started):
            if not game.hub.running or not self.host.allows_watch(game.account):
                continue
            out.append({"id": game.account.id, "player": game.account.name,
                        "seed": str(game.hub.status.get("seed", game.seed)),
                        "depth": game.depth, "for": pages.duration(now - game.started),
                        "watchers": len(game.hub.watchers),
                        "detached": game.hub.player is None})
        # the other hosts' games (watched here through their recordings: host/relay.py)
        out += [{"id": e.account, "player": e.player, "seed": e.seed, "depth": e.depth,
                 "for": pages.duration(now - e.started), "detached": False,
                 "watchers": len(m.watchers) if (m := self.host.mirrors.hubs.get(e.account))
                 else 0,
                 "host": e.host} for e in self.host.elsewhere.values() if e.watchable]
        return out

    async def watch_page(self, request: web.Request) -> web.Response:
        account_id = int(request.match_info["id"])
        visit = self.visit(request)
        game = self.host.games.get(account_id)
        other = self.host.elsewhere.get(account_id)  # on another host, watched from here
        # named only if it may be watched: a private player's id tells nobody they play
        shown = game is not None and (game.account.name == visit.name
                                      or self.host.allows_watch(game.account))
        name = game.account.name if game is not None and shown else \
            other.player if game is None and other is not None and other.watchable \
            else "a game"
        visit.body = {"mode": "watch", "socket": f"/ws/watch/{account_id}"}
        return self._html(pages.terminal_page(visit, f"Watching {name}",
                                              f"watching {name} (read-only)"))

    # ----- terminals ------------------------------------------------------------------
    async def play_socket(self, request: web.Request) -> web.StreamResponse:
        account = self.account(request)
        if account is None and self.same_origin(request, required=True):
            raise web.HTTPUnauthorized(text="Log in first.")

        async def serve(ws: web.WebSocketResponse, size: tuple[int, int]) -> None:
            assert account is not None
            await terminal.play(self.host, account, ws, request.transport, size)

        return await self._terminal(request, serve)

    async def watch_socket(self, request: web.Request) -> web.StreamResponse:
        account_id = int(request.match_info["id"])
        viewer = self.account(request)

        async def serve(ws: web.WebSocketResponse, size: tuple[int, int]) -> None:
            await terminal.watch(self.host, account_id, viewer, ws, request.transport)

        return await self._terminal(request, serve)

    async def _terminal(self, request: web.Request, serve: terminal.Serve
                        ) -> web.StreamResponse:
        """A terminal's WebSocket, from this site's own page only, through the gate."""
        if not self.same_origin(request, required=True):
            raise web.HTTPForbidden(text="Not from this site's page.")
        ws = web.WebSocketResponse(compress=True, max_msg_size=terminal.MAX_MESSAGE,
                                   heartbeat=terminal.HEARTBEAT, timeout=terminal.CLOSE_WAIT)
        await ws.prepare(request)
        await terminal.through_gate(self.host, ws, self.client_addr(request), serve)
        return ws

    # ----- finished games -------------------------------------------------------------
    async def seeds(self, request: web.Request) -> web.Response:
        page = _page(request)
        body = await asyncio.to_thread(finished.seeds, self.visit(request),
                                       self.host.scores, page)
        return self._html(body)

    async def seed_scores(self, request: web.Request) -> web.Response:
        seed = request.match_info["seed"][:200]
        body = await asyncio.to_thread(finished.seed_scores, self.visit(request),
                                       self.host.scores, seed, _page(request))
        return self._html(body)

    def _row(self, request: web.Request) -> dict[str, object]:
        row = finished.game_row(self.host.scores, int(request.match_info["id"]))
        if row is None:
            raise web.HTTPNotFound(text="No such game.")
        return row

    async def game(self, request: web.Request) -> web.Response:
        row = self._row(request)
        casts = finished.recordings(self.host.config.data, self.host.accounts, row)
        return self._html(finished.game(self.visit(request), row, len(casts)))

    async def replay(self, request: web.Request) -> web.StreamResponse:
        row = self._row(request)
        path = self.host.config.data / str(row["replay"])
        parts = Path(str(row["replay"])).parts
        if len(parts) != 4 or parts[0] != "accounts" or parts[2] != "replays" \
                or not path.is_file() or path.is_symlink():
            raise web.HTTPNotFound(text="This game's replay is not on the host any more.")
        name = f"{_file_word(str(row['seed']))}-{int(str(row['id']))}.replay.json"
        return web.FileResponse(path, headers={
            "Content-Type": "application/json",
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def cast(self, request: web.Request) -> web.StreamResponse:
        row = self._row(request)
        casts = finished.recordings(self.host.config.data, self.host.accounts, row)
        n = int(request.match_info["n"])
        if n >= len(casts):
            raise web.HTTPNotFound(text="No such recording.")
        return web.FileResponse(casts[n], headers={"Content-Type": "text/plain; charset=utf-8"})


def _redirect(url: str) -> web.Response:
    return web.Response(status=303, headers={"Location": url, "Cache-Control": "no-store"})


def _local(url: str | None) -> str:
    """A redirect target on this site only (never //elsewhere or a scheme)."""
    if not url or not url.startswith("/") or url.startswith("//") or "\\" in url:
        return "/play"
    return url[:200]


def _page(request: web.Request) -> int:
    try:
        return max(1, min(int(request.query.get("page", "1")), 1_000_000))
    except ValueError:
        return 1


def _file_word(seed: str) -> str:
    return "".join(c if c.isascii() and (c.isalnum() or c == "-") else "_" for c in seed)[:60]
