"""The website's challenges: pages (the list and its form, `/c/CODE` with its board, a
seed's board, a game, a player, sending a replay), the public log of finished games, and
the JSON API the command line uses (`roguelike submit`, `board`, `play --challenge`).

The API's requests that act for an account (start an attempt, send a replay) log in with
HTTP Basic (the account's name and password, counted in the host's gate and lock-out as
a login form is; use HTTPS, or loopback) or the website's own login cookie. Reading a
board, a game or the log needs no account. Every database read runs in a thread, never
on the event loop; a replay sent in is read up to the host's size limit and no further.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING, Any

from aiohttp import BasicAuth, BodyPartReader, web

from roguelike.challenges import board
from roguelike.challenges.model import utc_now
from roguelike.challenges.service import Refused
from roguelike.challenges.store import Entry
from roguelike.host.accounts import Account
from roguelike.host.registry import LoginRefused
from roguelike.web import challenge_pages as html
from roguelike.web.auth import VISITOR_COOKIE
from roguelike.web.finished import PAGE

if TYPE_CHECKING:
    from roguelike.web.app import WebSite

LOG_PAGE = 1000  # lines of the public log a request gets by default
LOG_MAX = 10_000
BOARD_MAX = 10_000  # rows of a board one API request may ask for
FIELD_MAX = 4096  # bytes of a text field of the upload form


class Challenges:
    def __init__(self, site: WebSite) -> None:
        self.site = site
        self.host = site.host.challenges
        r = site.app.router
        r.add_get("/challenges", self.listing)
        r.add_post("/challenges", self.create)
        r.add_get("/c", self.join)
        r.add_get("/c/{code}", self.challenge)
        r.add_get("/seed/{seed}", self.seed)
        r.add_get(r"/g/{id:\d{1,12}}", self.game)
        r.add_get(r"/g/{id:\d{1,12}}/replay", self.replay)
        r.add_get("/p/{name}", self.player)
        r.add_get("/submit", self.submit_page)
        r.add_post("/submit", self.submit_form)
        r.add_get("/log", self.log)
        r.add_get("/api/challenges", self.api_listing)
        r.add_get("/api/c/{code}", self.api_challenge)
        r.add_get("/api/c/{code}/board", self.api_board)
        r.add_post("/api/c/{code}/start", self.api_start)
        r.add_post("/api/submit", self.api_submit)
        r.add_get(r"/api/g/{id:\d{1,12}}", self.api_game)
        r.add_get("/api/seed/{seed}/board", self.api_seed)

    # ----- helpers ------------------------------------------------------------------------
    def _base(self, request: web.Request) -> str:
        return f"{'https' if self.site.https(request) else 'http'}://{request.host}"

    def _find(self, code: str) -> Any:
        try:
            return self.host.service.find(code)
        except Refused as refused:
            raise web.HTTPNotFound(text=str(refused)) from None

    async def _api_account(self, request: web.Request) -> Account | None:
        """The account a request acts for: HTTP Basic, else the website's login cookie."""
        header = request.headers.get("Authorization", "")
        if not header:
            return self.site.account(request)
        try:
            auth = BasicAuth.decode(header)
        except ValueError:
            raise _json_error("The Authorization header is not HTTP Basic.", 401) from None
        try:
            return await self.site._counted_login(request, auth.login[:64], auth.password,
                                                  False)
        except LoginRefused as refused:
            raise _json_error(str(refused), 401) from None

    def _entry(self, request: web.Request) -> Entry:
        entry = self.host.store.game(int(request.match_info["id"]))
        if entry is None or entry.status == "void":
            raise web.HTTPNotFound(text="No such game.")
        return entry

    # ----- pages --------------------------------------------------------------------------
    async def listing(self, request: web.Request, message: str = "", status: int = 200
                      ) -> web.Response:
        visit = self.site.visit(request)
        account = self.site.account(request)

        def build() -> str:
            views = [self.host.service.view(ch, account.id if account else None)
                     for ch in self.host.service.listing()]
            return html.challenges_page(visit, views, utc_now(), message)

        return self.site._html(await asyncio.to_thread(build), status)

    async def create(self, request: web.Request) -> web.StreamResponse:
        fields = await self.site._form(request)
        account = self.site.account(request)
        if fields is None:
            return await self.listing(request, "This form has expired: please try again.",
                                      400)
        if account is None or account.guest:
            return await self.listing(request, "Log in (not as a guest) to make a "
                                      "challenge.", 403)
        req = {k: fields.get(k, "") for k in ("seed", "title", "party", "closes", "attempts")}
        try:
            ch = await asyncio.to_thread(self.host.create, account,
                                         {**req, "hidden": fields.get("hidden") == "1"})
        except Refused as refused:
            return await self.listing(request, str(refused), refused.status)
        raise web.HTTPSeeOther(f"/c/{ch.code}")

    async def join(self, request: web.Request) -> web.StreamResponse:
        code = request.query.get("code", "").strip().lower()[:30]
        ch = await asyncio.to_thread(self._find, code)
        raise web.HTTPSeeOther(f"/c/{ch.code}")

    async def challenge(self, request: web.Request) -> web.Response:
        visit = self.site.visit(request)
        account = self.site.account(request)
        page = _page(request)
        base = self._base(request)

        def build() -> str:
            ch = self._find(request.match_info["code"][:30])
            view = self.host.service.view(ch, account.id if account else None)
            rows = board.challenge_board(self.host.store, ch, (page - 1) * PAGE, PAGE)
            you = self.host.standing_words(account, ch) if account else ""
            return html.challenge_page(visit, view, rows, page, utc_now(), base,
                                       upload=account is not None and not account.guest,
                                       you=you)

        return self.site._html(await asyncio.to_thread(build))

    async def seed(self, request: web.Request) -> web.Response:
        visit = self.site.visit(request)
        seed, page = request.match_info["seed"][:64], _page(request)
        rows = await asyncio.to_thread(board.seed_board, self.host.store, seed,
                                       (page - 1) * PAGE, PAGE)
        return self.site._html(html.seed_page(visit, seed, rows, page))

    async def game(self, request: web.Request) -> web.Response:
        visit = self.site.visit(request)
        account = self.site.account(request)
        said = await asyncio.to_thread(self._game_status, request, account)
        return self.site._html(html.game_page(visit, said))

    def _game_status(self, request: web.Request, viewer: Account | None) -> dict[str, Any]:
        entry = self._entry(request)
        said = self.host.service.status(entry, viewer.id if viewer else None)
        said.setdefault("player", entry.player)
        if entry.score_row is not None and entry.published:
            said["watch"] = f"/games/{entry.score_row}"
        return said

    async def replay(self, request: web.Request) -> web.StreamResponse:
        account = self.site.account(request)
        entry = await asyncio.to_thread(self._entry, request)
        mine = account is not None and account.id == entry.account
        if entry.status != "verified" or not entry.replay or not (entry.published or mine):
            raise web.HTTPNotFound(text="This game's replay is not public (yet).")
        path = self.site.host.config.data / entry.replay
        # (a proved game's seed is in normal form: letters, digits and dashes)
        name = f"{entry.seed or 'game'}-{entry.id}.replay.json"
        return web.FileResponse(path, headers={
            "Content-Type": "application/json",
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def player(self, request: web.Request) -> web.Response:
        visit = self.site.visit(request)
        viewer = self.site.account(request)
        found = self.site.host.accounts.find(request.match_info["name"][:64])
        if found is None:
            raise web.HTTPNotFound(text="No such player.")
        bests, games = await asyncio.to_thread(self._player, found, viewer)
        return self.site._html(html.player_page(visit, found.name, bests, games))

    def _player(self, player: Account, viewer: Account | None
                ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        store = self.host.store
        entries = [e for e in store.games_of(player.id) if e.status != "void"]
        codes = store.codes(sorted({e.challenge for e in entries if e.challenge}))
        own = viewer is not None and viewer.id == player.id
        games = []
        for e in entries:
            show = e.published or own
            games.append({"game": e.id, "challenge": codes.get(e.challenge or 0),
                          "seed": e.seed if show else None,
                          "score": e.score if e.status == "verified" and show else None,
                          "status": e.status, "witnessed": e.source == "witnessed",
                          "ranked": e.ranked, "submitted": e.submitted_at})
        bests = []
        for cid in sorted({e.challenge for e in entries if e.challenge}):
            placed = store.rank_of(cid, player.id)
            if placed is not None:
                bests.append({"challenge": codes.get(cid, "?"), "rank": placed[0],
                              "score": placed[1].score, "game": placed[1].id})
        return bests, games

    async def submit_page(self, request: web.Request) -> web.Response:
        return self.site._html(html.submit_page(self.site.visit(request),
                                                code=request.query.get("challenge", "")[:30]))

    async def submit_form(self, request: web.Request) -> web.StreamResponse:
        """The upload form: its token checked before the file is read, the file read up
        to the limit."""
        visit = self.site.visit(request)
        account = self.site.account(request)
        limit = self.host.service.limits.max_bytes

        def again(message: str, status: int) -> web.Response:
            return self.site._html(html.submit_page(visit, message), status)

        if account is None or not self.site.same_origin(request, required=False):
            return again("Log in to send a replay.", 403)
        fields: dict[str, str] = {}
        data = None
        try:
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                if not isinstance(part, BodyPartReader):
                    continue
                if part.name == "replay":
                    if not self.site.logins.form_ok(request.cookies.get(VISITOR_COOKIE),
                                                    fields.get("form_token")):
                        return again("This form has expired: please try again.", 400)
                    data = await _read_part(part, limit)
                elif part.name:
                    fields[part.name] = (await _read_part(part, FIELD_MAX)).decode(
                        "utf-8", "replace")
        except _TooBig:
            return again(f"The replay is over {limit // 1024} KiB, this host's limit.", 413)
        except (ValueError, AssertionError, web.HTTPException):
            return again("That was not a form with a replay file.", 400)
        if data is None:
            return again("Choose a replay file to send.", 400)
        try:
            entry = await self._submit(request, account, data, fields.get("challenge"))
        except Refused as refused:
            return again(str(refused), refused.status)
        raise web.HTTPSeeOther(f"/g/{entry.id}")

    async def _submit(self, request: web.Request, account: Account, data: bytes,
                      code: str | None) -> Entry:
        entry = await asyncio.to_thread(self.host.service.submit, account.id, account.name,
                                        self.site.client_addr(request), data,
                                        (code or "").strip() or None)
        await self.host.verifiers.ensure()
        return entry

    async def log(self, request: web.Request) -> web.StreamResponse:
        """The public log of finished games: one JSON object a line, from `?after=N`
        (the last `n` a reader has), at most `?limit=` lines (1,000; 10,000 at most)."""
        after = _int(request.query.get("after"), 0, 0, 1 << 62)
        limit = _int(request.query.get("limit"), LOG_PAGE, 1, LOG_MAX)
        lines = await asyncio.to_thread(self.host.store.log_after, after, limit)
        body = "".join(f'{{"n":{n},{line[1:]}\n' for n, line in lines)
        return web.Response(text=body, content_type="application/x-ndjson",
                            headers={"Cache-Control": "no-cache"})

    # ----- the API ------------------------------------------------------------------------
    async def api_listing(self, request: web.Request) -> web.Response:
        account = await self._api_account(request)

        def build() -> list[dict[str, Any]]:
            return [self.host.service.view(ch, account.id if account else None)
                    for ch in self.host.service.listing()]

        return web.json_response({"challenges": await asyncio.to_thread(build)})

    async def api_challenge(self, request: web.Request) -> web.Response:
        account = await self._api_account(request)

        def build() -> dict[str, Any]:
            ch = self._json_find(request.match_info["code"][:30])
            return self.host.service.view(ch, account.id if account else None)

        return web.json_response(await asyncio.to_thread(build))

    def _json_find(self, code: str) -> Any:
        try:
            return self.host.service.find(code)
        except Refused as refused:
            raise _json_error(str(refused), refused.status) from None

    async def api_board(self, request: web.Request) -> web.Response:
        offset = _int(request.query.get("offset"), 0, 0, 1 << 40)
        limit = _int(request.query.get("limit"), PAGE, 1, BOARD_MAX)

        def build() -> dict[str, Any]:
            ch = self._json_find(request.match_info["code"][:30])
            out = board.challenge_board(self.host.store, ch, offset, limit)
            out["challenge"] = self.host.service.view(ch, None)
            return out

        return web.json_response(await asyncio.to_thread(build))

    async def api_seed(self, request: web.Request) -> web.Response:
        offset = _int(request.query.get("offset"), 0, 0, 1 << 40)
        limit = _int(request.query.get("limit"), PAGE, 1, BOARD_MAX)
        out = await asyncio.to_thread(board.seed_board, self.host.store,
                                      request.match_info["seed"][:64], offset, limit)
        return web.json_response(out)

    async def api_start(self, request: web.Request) -> web.Response:
        """A local attempt starts: the challenge's seed is told (a hidden one only now)."""
        account = await self._api_account(request)
        if account is None or account.guest:
            raise _json_error("Log in: an attempt is an account's.", 401)

        def work() -> dict[str, Any]:
            ch = self._json_find(request.match_info["code"][:30])
            try:
                attempt = self.host.service.start(ch, account.id, account.name, "local")
            except Refused as refused:
                raise _json_error(str(refused), refused.status) from None
            return {"attempt": attempt.id, "ranked": attempt.ranked, "seed": ch.seed,
                    "party": ch.party_text or None,
                    "challenge": self.host.service.view(ch, account.id)}

        return web.json_response(await asyncio.to_thread(work))

    async def api_submit(self, request: web.Request) -> web.Response:
        """A replay as the request's body (`?challenge=CODE` for a challenge)."""
        limit = self.host.service.limits.max_bytes
        if (request.content_length or 0) > limit:
            raise _json_error(f"The replay is over {limit // 1024} KiB, this host's limit.",
                              413)
        account = await self._api_account(request)
        if account is None or account.guest:
            raise _json_error("Log in: a replay is sent in by an account.", 401)
        data = bytearray()
        while chunk := await request.content.read(65536):
            data += chunk
            if len(data) > limit:
                raise _json_error(f"The replay is over {limit // 1024} KiB, this host's "
                                  "limit.", 413)
        try:
            entry = await self._submit(request, account, bytes(data),
                                       request.query.get("challenge"))
        except Refused as refused:
            raise _json_error(str(refused), refused.status) from None
        said = await asyncio.to_thread(self.host.service.status, entry, account.id)
        return web.json_response(said, status=202)

    async def api_game(self, request: web.Request) -> web.Response:
        account = await self._api_account(request)
        try:
            said = await asyncio.to_thread(self._game_status, request, account)
        except web.HTTPNotFound:
            raise _json_error("No such game.", 404) from None
        return web.json_response(said)


class _TooBig(Exception):
    pass


async def _read_part(part: BodyPartReader, limit: int) -> bytes:
    data = bytearray()
    while chunk := await part.read_chunk(65536):
        data += chunk
        if len(data) > limit:
            raise _TooBig
    return bytes(data)


def _json_error(message: str, status: int) -> web.HTTPException:
    body = json.dumps({"error": message})
    exc = web.HTTPException(text=body, content_type="application/json")
    exc.set_status(status)
    if status == 401:
        exc.headers["WWW-Authenticate"] = 'Basic realm="traps-and-treasure"'
    return exc


def _int(raw: str | None, default: int, low: int, high: int) -> int:
    with contextlib.suppress(TypeError, ValueError):
        return max(low, min(int(raw or ""), high))
    return default


def _page(request: web.Request) -> int:
    return _int(request.query.get("page"), 1, 1, 1_000_000)

