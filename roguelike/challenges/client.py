"""The command line's side of a host's challenges: its website's JSON API over HTTP(S).

An account's name and password go with the requests that act for it (starting an attempt,
sending a replay) as HTTP Basic; over plain HTTP to another machine they would travel in
clear, which `HostClient` says before it sends them.
"""

from __future__ import annotations

import base64
import getpass
import ipaddress
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

HOST_ENV = "ROGUELIKE_HOST"
USER_ENV = "ROGUELIKE_USER"
PASSWORD_ENV = "ROGUELIKE_PASSWORD"


class HostError(Exception):
    """A host that cannot be reached or that refused; str() is for the player."""


def host_url(given: str | None) -> str:
    """The host's address: --host, else $ROGUELIKE_HOST; http(s)://name[:port]."""
    url = (given or os.environ.get(HOST_ENV, "")).strip().rstrip("/")
    if not url:
        raise HostError(f"name the host: --host URL (or set {HOST_ENV}), e.g. "
                        "--host https://play.example.org")
    parts = urllib.parse.urlsplit(url if "://" in url else f"http://{url}")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise HostError(f"{url!r} is not a host's address (http://NAME[:PORT] or https://...)")
    return f"{parts.scheme}://{parts.netloc}"


def on_this_machine(url: str) -> bool:
    name = urllib.parse.urlsplit(url).hostname or ""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass
class Login:
    name: str
    password: str


def login_from(user: str | None, ask: bool = True) -> Login:
    """--user (or $ROGUELIKE_USER) and $ROGUELIKE_PASSWORD, else asked at the terminal."""
    name = (user or os.environ.get(USER_ENV, "")).strip()
    password = os.environ.get(PASSWORD_ENV, "")
    if not name and ask and sys.stdin.isatty():
        name = input("Account name on the host: ").strip()
    if not name:
        raise HostError(f"name your account on the host: --user NAME (or set {USER_ENV})")
    if not password and ask and sys.stdin.isatty():
        password = getpass.getpass(f"Password of {name}: ")
    if not password:
        raise HostError(f"the password of {name}: set {PASSWORD_ENV}, or run this in a "
                        "terminal to be asked")
    return Login(name, password)


class HostClient:
    def __init__(self, url: str, login: Login | None = None, timeout: float = 60.0) -> None:
        self.url = url
        self.login = login
        self.timeout = timeout
        if login is not None and url.startswith("http://") and not on_this_machine(url):
            print(f"roguelike: warning: {url} is plain HTTP: your password goes to it "
                  "unencrypted (use its https:// address)", file=sys.stderr)

    def get(self, path: str, auth: bool = False) -> Any:
        return self._call("GET", path, None, "", auth)

    def post(self, path: str, body: bytes = b"", content_type: str = "application/json",
             auth: bool = True) -> Any:
        return self._call("POST", path, body, content_type, auth)

    def _call(self, method: str, path: str, body: bytes | None, content_type: str,
              auth: bool) -> Any:
        headers = {"Accept": "application/json", "User-Agent": "roguelike"}
        if content_type:
            headers["Content-Type"] = content_type
        if auth and self.login is not None:
            pair = f"{self.login.name}:{self.login.password}".encode()
            headers["Authorization"] = "Basic " + base64.b64encode(pair).decode()
        request = urllib.request.Request(self.url + path, data=body, method=method,
                                         headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            raise HostError(f"{self.url} says: {_said(err)}") from None
        except (urllib.error.URLError, OSError) as err:
            reason = getattr(err, "reason", err)
            raise HostError(f"cannot reach {self.url}: {reason}") from None
        except ValueError:
            raise HostError(f"{self.url} did not answer in JSON: is it a game host?") from None


def _said(err: urllib.error.HTTPError) -> str:
    try:
        message = json.loads(err.read().decode("utf-8", "replace")).get("error")
    except (ValueError, AttributeError, OSError):
        message = None
    return str(message) if message else f"HTTP {err.code} {err.reason}"
