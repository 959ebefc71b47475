"""The website's guarantees, checked over real HTTP on loopback (aiohttp's client): cookies,
form tokens, origins, logins shared with SSH, text never markup, private data, TLS."""

from __future__ import annotations

import datetime as dt
import json
import re
import ssl

import aiohttp
import asyncssh
import pyte
import pytest
from yarl import URL

from roguelike.host.client import Terminal
from roguelike.records.scores import add_score
from roguelike.web.auth import LOGIN_COOKIE, VISITOR_COOKIE, WebLogins

pytestmark = pytest.mark.slow
pytest_plugins = ("host_server",)
TOKEN = re.compile(r'name="form_token" value="([0-9a-f]{64})"')


def client_session(**options) -> aiohttp.ClientSession:
    """A client that keeps cookies of an address like 127.0.0.1 (as a browser does)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), **options)


def cookie_line(response: aiohttp.ClientResponse, name: str) -> str:
    lines = [v for v in response.headers.getall("Set-Cookie", []) if v.startswith(name + "=")]
    assert lines, (name, response.headers)
    return lines[0]


async def form_token(client: aiohttp.ClientSession, url: str) -> str:
    async with client.get(url) as response:
        found = TOKEN.search(await response.text())
    assert found
    return found.group(1)


async def register(client: aiohttp.ClientSession, base: str, name: str,
                   password: str = "secret1") -> aiohttp.ClientResponse:
    token = await form_token(client, base + "/register")
    async with client.post(base + "/register", allow_redirects=False, data={
            "form_token": token, "name": name, "password": password,
            "password2": password, "next": "/play"}) as response:
        return response


async def test_cookies_and_forms(web_server):
    run = await web_server()
    async with client_session() as client:
        async with client.get(run.url + "/register") as response:
            visitor = cookie_line(response, VISITOR_COOKIE)
            assert "HttpOnly" in visitor and "SameSite=Strict" in visitor
            assert "Secure" not in visitor  # plain HTTP: a Secure cookie would be dropped
            assert "script-src 'self'" in response.headers["Content-Security-Policy"]
        # without the form's token, or from another site, nothing happens
        for data, headers in (({"name": "mallory", "password": "secret1",
                                "password2": "secret1"}, {}),
                              ({"name": "mallory", "password": "secret1",
                                "password2": "secret1",
                                "form_token": await form_token(client, run.url + "/register")},
                               {"Origin": "http://evil.example"})):
            async with client.post(run.url + "/register", data=data, headers=headers,
                                   allow_redirects=False) as response:
                assert response.status == 400
        assert run.host.accounts.find("mallory") is None
        response = await register(client, run.url, "alice")
        assert response.status == 303 and response.headers["Location"] == "/play"
        login = cookie_line(response, LOGIN_COOKIE)
        assert "HttpOnly" in login and "SameSite=Strict" in login and "Max-Age=" in login
        async with client.get(run.url + "/play", allow_redirects=False) as response:
            assert response.status == 200 and "alice" in await response.text()
        # logging out ends the login on the host, not only in this browser
        token = client.cookie_jar.filter_cookies(URL(run.url))[LOGIN_COOKIE].value
        async with client.post(run.url + "/logout", allow_redirects=False,
                               data={"form_token": await form_token(client, run.url)}):
            pass
        assert run.site.logins.account_id(token) is None
    async with aiohttp.ClientSession(cookies={LOGIN_COOKIE: token}) as thief, \
            thief.get(run.url + "/play", allow_redirects=False) as response:
        assert response.status == 303 and response.headers["Location"].startswith("/login")


def test_logins_expire_and_end_with_a_password_change(tmp_path):
    now = [1000.0]
    logins = WebLogins(tmp_path / "a.sqlite3", days=1, clock=lambda: now[0])
    token, other = logins.new(7), logins.new(7)
    assert logins.account_id(token) == 7 and logins.account_id("nonsense") is None
    now[0] += 86401
    assert logins.account_id(token) is None  # expired
    now[0] = 1000.0
    logins.end_all(7)
    assert logins.account_id(other) is None
    stored = (tmp_path / "a.sqlite3").read_bytes()
    assert token.encode() not in stored  # only its hash is kept


async def test_a_password_changed_over_ssh_logs_the_browsers_out(web_server):
    run = await web_server()
    async with client_session() as client:
        await register(client, run.url, "bea")
        token = client.cookie_jar.filter_cookies(URL(run.url))[LOGIN_COOKIE].value
        account = run.host.accounts.find("bea")
        assert run.site.logins.account_id(token) == account.id
        run.host.accounts.set_password(account.id, "secret1", "secret2")
        run.host.password_changed(account.id)  # (what the lobby's Change password does)
        assert run.site.logins.account_id(token) is None


async def test_the_websocket_checks_origin_and_login_then_serves_the_lobby(web_server):
    run = await web_server()
    ws_url = run.url.replace("http", "ws") + "/ws/play"
    async with client_session() as client:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # not logged in
            await client.ws_connect(ws_url, origin=run.url)
        assert refused.value.status == 401
        await register(client, run.url, "carl")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # another site's page
            await client.ws_connect(ws_url, origin="http://evil.example")
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError):  # no Origin at all
            await client.ws_connect(ws_url)
        async with client.ws_connect(ws_url, origin=run.url, compress=15) as ws:
            await ws.send_str(json.dumps({"type": "hello", "cols": 90, "rows": 30}))
            screen = pyte.Screen(90, 30)
            stream = pyte.ByteStream(screen)
            while "Welcome, carl" not in "\n".join(screen.display):
                message = await ws.receive(timeout=20)
                assert message.type == aiohttp.WSMsgType.BINARY, message
                stream.feed(message.data)
            assert ws.compress  # permessage-deflate was agreed


async def test_ssh_and_the_web_share_one_lock_out(web_server):
    run = await web_server(max_failures=3)
    t = await Terminal.connect(run.ssh_port, "erin", "secret1")
    await t.wait_for("Welcome, erin")
    t.close()
    async with client_session() as client:
        for _ in range(3):
            token = await form_token(client, run.url + "/login")
            async with client.post(run.url + "/login", allow_redirects=False, data={
                    "form_token": token, "name": "erin", "password": "guess-pass"}) as r:
                assert r.status == 403 and "Wrong name or password" in await r.text()
        token = await form_token(client, run.url + "/login")
        async with client.post(run.url + "/login", allow_redirects=False, data={
                "form_token": token, "name": "erin", "password": "secret1"}) as r:
            assert r.status == 403 and "Too many failed logins" in await r.text()
    with pytest.raises(asyncssh.PermissionDenied):  # the right password, but locked
        await Terminal.connect(run.ssh_port, "erin", "secret1")


async def test_names_and_seeds_are_text_never_markup(web_server):
    run = await web_server()
    data = run.host.config.data
    player, seed = "<b>bold</b>\x1b[31m", '"><script>alert(1)</script>'
    row = add_score(data, player=player, seed=seed, parts={"total": 12}, depth=2, turns=30,
                    outcome="quit", replay="accounts/1/replays/x.replay.json",
                    game_version="0", ended_at=dt.datetime.now(dt.UTC).isoformat(),
                    party="<i>w</i>")
    async with client_session() as client:
        async with client.get(run.url + "/scores") as response:
            listing = await response.text()
        async with client.get(run.url + f"/games/{row}") as response:
            page = await response.text()
        from urllib.parse import quote
        async with client.get(run.url + "/scores/" + quote(seed, safe="")) as response:
            table = await response.text()
    for html in (listing, page, table):
        assert "<script>alert" not in html and "<b>bold" not in html and "<i>w" not in html
        assert "\x1b" not in html
    assert "&lt;b&gt;bold&lt;/b&gt;\\x1b[31m" in page and "&lt;script&gt;" in table
    assert "&lt;b&gt;bold" in table


async def test_private_games_are_not_listed_watched_or_recorded(web_server):
    run = await web_server()
    shy = await Terminal.connect(run.ssh_port, "shy", "secret1")
    await shy.wait_for("Let others watch my games: yes")
    shy.send("\x1b[B" * 5 + "\r")
    await shy.wait_for("Let others watch my games: no")
    shy.send("\x1b[A" * 5 + "\r")  # Play (a new random seed)
    await shy.wait_for("Choose your party", 30)
    shy.send("\r")
    await shy.wait_for("Explore", 30)
    account = run.host.accounts.find("shy")
    async with client_session() as client:
        async with client.get(run.url + "/watch") as response:
            assert "shy" not in await response.text()
        async with client.get(run.url + f"/watch/{account.id}") as response:
            assert "shy" not in await response.text()  # not even by its id
        ws_url = run.url.replace("http", "ws") + f"/ws/watch/{account.id}"
        async with client.ws_connect(ws_url, origin=run.url) as ws:
            await ws.send_str(json.dumps({"type": "hello", "cols": 80, "rows": 24}))
            message = await ws.receive(timeout=10)
            assert message.type == aiohttp.WSMsgType.TEXT
            assert "does not let others watch" in message.data
    assert not run.host.games[account.id].hub.watchers
    shy.close()


def self_signed(tmp_path):
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=1)).sign(key, hashes.SHA256()))
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


async def test_https_with_a_certificate_sets_secure_cookies(web_server, tmp_path):
    cert, key = self_signed(tmp_path)
    run = await web_server(tls_cert=cert, tls_key=key)
    context = ssl.create_default_context(cafile=str(cert))
    context.check_hostname = False
    base = run.url.replace("http://", "https://")
    async with client_session(connector=aiohttp.TCPConnector(ssl=context)) as client:
        async with client.get(base + "/login") as response:
            assert response.status == 200
            assert "Secure" in cookie_line(response, VISITOR_COOKIE)
        # the plain-HTTP port is not there: the site speaks only TLS
        with pytest.raises(aiohttp.ClientError):
            async with client_session() as plain:
                await plain.get(run.url + "/login")


async def test_behind_a_trusted_proxy_the_forwarded_scheme_and_address_count(web_server):
    run = await web_server(trust_proxy=True)
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    async with client_session() as client, \
            client.get(run.url + "/login", headers=headers) as response:
        assert "Secure" in cookie_line(response, VISITOR_COOKIE)


BROWSER_KEEPS = {"ctrl+w", "ctrl+t", "ctrl+n"}


def test_the_game_needs_no_key_a_browser_keeps_and_the_site_says_so():
    """Ctrl-W, Ctrl-T and Ctrl-N close or open a tab before the page sees them: no default
    key is one (so the in-game help need not warn; the website's front page says so)."""
    import tomllib
    from pathlib import Path

    from roguelike.web import pages

    root = Path(__file__).resolve().parents[1]
    keymap = tomllib.loads((root / "content" / "keymap.toml").read_text())
    bound = {k.lower() for keys in keymap["move"].values() for k in keys}
    bound |= {k.lower() for command in keymap["command"] for k in command["keys"]}
    assert bound and not bound & BROWSER_KEEPS, bound & BROWSER_KEEPS
    # nor any key a screen binds itself (Textual Binding strings in the UI's code)
    for path in (root / "roguelike" / "ui").rglob("*.py"):
        text = path.read_text().lower()
        assert not any(f'"{k}' in text or f",{k}" in text for k in BROWSER_KEEPS), path
    page = pages.front(pages.Visit(None, "0" * 64), None, 0)
    assert "Ctrl-W, Ctrl-T and Ctrl-N stay the browser's: the game needs none of them" \
        in " ".join(page.split())


async def test_pages_load_in_under_50_ms_with_10000_scores_on_a_seed(web_server):
    """The front page, the live games and a seed's table of 10,000 rows (first and last
    page): median of 15 loads under 50 ms (benchmarks/web_pages.py measures them all)."""
    import statistics
    import sys
    import time
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from web_pages import SEED, fill

    run = await web_server()
    fill(run.host.config.data, 10000)
    async with client_session() as client:
        for path in ("/", "/watch", "/scores", f"/scores/{SEED}", f"/scores/{SEED}?page=98"):
            times = []
            for _ in range(15):
                start = time.perf_counter()
                async with client.get(run.url + path) as response:
                    body = await response.text()
                times.append(time.perf_counter() - start)
            assert response.status == 200, path
            assert statistics.median(times) < 0.050, (path, sorted(times))
        assert "9800 games" in body and body.count("<tr>") == 101  # the last page's 100 rows


async def test_guests_play_from_the_front_page_when_the_host_allows_them(web_server):
    run = await web_server(guests=True)
    async with client_session() as client:
        async with client.get(run.url + "/") as response:
            page = await response.text()
        assert "Play as a guest" in page
        token = TOKEN.search(page).group(1)
        async with client.post(run.url + "/guest", data={"form_token": token},
                               allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/play"
            login = cookie_line(response, LOGIN_COOKIE)
            assert "Max-Age" not in login  # a guest's login ends with the browser
        async with client.get(run.url + "/play") as response:
            assert "Guest-" in await response.text()
    run2 = await web_server()  # a host without guests has no guest door
    async with client_session() as client:
        async with client.get(run2.url + "/") as response:
            assert "Play as a guest" not in await response.text()
        async with client.post(run2.url + "/guest", data={"form_token": token},
                               allow_redirects=False) as response:
            assert response.status == 403
