"""The host's website: the same lobby and games as SSH, in a browser's terminal.

The host (roguelike/host/) keeps one process per game and lobby, with its screen copy and
its viewers; a browser tab is one more viewer. `door.py` listens (HTTP or HTTPS) and keeps
web connections in the SSH pool's caps; `app.py` routes; `auth.py` holds web logins and
form tokens; `terminal.py` joins a WebSocket to the host's session (play) or a game
(watch); `pages.py` and `finished.py` draw the pages; `static/` holds the scripts, among
them the vendored xterm.js and asciinema-player (static/vendor/VENDOR.md).
"""
