// A terminal on the host in the page: play (the lobby and the game, as over SSH) or watch.
// The protocol is described in roguelike/web/terminal.py.
"use strict";
(() => {
  const MIN_COLS = 80, MIN_ROWS = 24, MAX_COLS = 300, MAX_ROWS = 100;
  const FONT = 15, MIN_FONT = 6;
  const body = document.body;
  const mode = body.dataset.mode;  // "play" or "watch"
  const watching = mode === "watch";
  const box = document.getElementById("terminal");
  const status = document.getElementById("status");
  const tooSmall = document.getElementById("too-small");
  const ended = document.getElementById("ended");
  const keybar = document.getElementById("keybar");
  const term = new Terminal({
    fontFamily: '"DejaVu Sans Mono", "Menlo", "Consolas", monospace', fontSize: FONT,
    scrollback: 0, disableStdin: watching, cursorBlink: false, allowProposedApi: false,
    theme: { background: "#101014" },
  });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(box);
  window.tt = { term };  // for the page's tests (tests/test_web_browser.py)

  let ws = null, sent = null, gameSize = null, notice = "", retry = 0;
  const encoder = new TextEncoder();

  // ----- size: fill the window, at least 80x24 (the font shrinks first), at most 300x100
  function propose(fontSize) {
    term.options.fontSize = fontSize;
    const dims = fit.proposeDimensions();
    return dims && Number.isFinite(dims.cols) ? dims : { cols: MIN_COLS, rows: MIN_ROWS };
  }
  function layout() {
    const want = watching ? gameSize : null;
    const needCols = want ? want.cols : MIN_COLS, needRows = want ? want.rows : MIN_ROWS;
    let font = FONT, dims = propose(font);
    while ((dims.cols < needCols || dims.rows < needRows) && font > MIN_FONT) {
      const scale = Math.min(dims.cols / needCols, dims.rows / needRows);
      font = Math.max(MIN_FONT, Math.min(font - 0.5, Math.floor(font * scale * 2) / 2));
      dims = propose(font);
    }
    const small = dims.cols < needCols || dims.rows < needRows;
    tooSmall.hidden = !small;
    tooSmall.textContent = small
      ? `This ${watching ? "game" : "game needs"} ${needCols}x${needRows} characters; ` +
        `the window fits ${dims.cols}x${dims.rows}. Turn the phone sideways, or make the ` +
        "window larger (the terminal scrolls meanwhile)." : "";
    const cols = want ? want.cols : Math.min(MAX_COLS, Math.max(MIN_COLS, dims.cols));
    const rows = want ? want.rows : Math.min(MAX_ROWS, Math.max(MIN_ROWS, dims.rows));
    if (cols !== term.cols || rows !== term.rows) term.resize(cols, rows);
    return { cols, rows };
  }
  let resizeTimer = null;
  function resized() {  // the host applies at most 10 a second too; this saves it the work
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      const size = layout();
      if (!watching && ws && ws.readyState === WebSocket.OPEN &&
          (!sent || sent.cols !== size.cols || sent.rows !== size.rows)) {
        sent = size;
        ws.send(JSON.stringify({ type: "resize", cols: size.cols, rows: size.rows }));
      }
    }, 100);
  }
  window.addEventListener("resize", resized);

  // ----- the socket ------------------------------------------------------------------
  function connect() {
    ended.hidden = true;
    notice = "";
    const size = layout();
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + body.dataset.socket);
    ws.binaryType = "arraybuffer";
    ws.onopen = () => {
      retry = 0;
      sent = size;
      status.textContent = watching ? "" : "connected";
      ws.send(JSON.stringify({ type: "hello", cols: size.cols, rows: size.rows }));
      if (!watching) term.focus();
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== "string") {
        term.write(new Uint8Array(event.data));
        return;
      }
      let message = {};
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "size") {
        gameSize = { cols: message.cols, rows: message.rows };
        layout();
      } else if (message.type === "notice") {
        notice = String(message.text || "");
      }
    };
    ws.onclose = (event) => {
      ws = null;
      if (event.code === 1000 || notice) {  // the host ended it on purpose
        finish(notice || (watching ? "The game has ended." : "The session ended."));
        return;
      }
      // a dropped connection: the game waits on the host; come back to it
      retry = Math.min(retry + 1, 5);
      status.textContent = "connection lost: reconnecting...";
      setTimeout(connect, 500 * 2 ** retry);
    };
  }
  function finish(text) {
    status.textContent = "";
    document.getElementById("ended-text").textContent = text;
    document.getElementById("again").textContent =
      watching ? "Watch again" : "Back to the lobby";
    ended.hidden = false;
  }
  document.getElementById("again").addEventListener("click", () => {
    term.reset();
    connect();
  });

  function send(data) {
    if (!watching && ws && ws.readyState === WebSocket.OPEN) ws.send(encoder.encode(data));
  }
  term.onData(send);
  term.onBinary((data) => send(Uint8Array.from(data, (c) => c.charCodeAt(0))));
  term.onTitleChange((title) => {  // the host says in the title how many watch
    const watchers = /\u00b7 (.*watching)$/.exec(title);
    if (watchers) status.textContent = watchers[1];
  });

  // ----- the key bar: what a phone keyboard lacks ------------------------------------
  const KEYS = {
    esc: "\x1b", tab: "\t", enter: "\r",
    up: ["\x1b[A", "\x1bOA"], down: ["\x1b[B", "\x1bOB"],
    right: ["\x1b[C", "\x1bOC"], left: ["\x1b[D", "\x1bOD"],
  };
  function keyBytes(name) {
    const key = KEYS[name];
    if (key === undefined) return name;
    if (typeof key === "string") return key;
    return key[term.modes.applicationCursorKeysMode ? 1 : 0];
  }
  keybar.addEventListener("pointerdown", (event) => event.preventDefault());  // keep focus
  keybar.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (!button) return;
    if (button.dataset.key === "kbd") { term.focus(); return; }  // the phone's keyboard
    send(keyBytes(button.dataset.key));
  });
  const touch = window.matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;
  function showKeys(on) {
    keybar.hidden = !on || watching;
    body.classList.toggle("with-keys", !keybar.hidden);
    resized();
  }
  document.getElementById("keys-toggle").hidden = watching;
  document.getElementById("keys-toggle").addEventListener("click", () => showKeys(keybar.hidden));
  showKeys(touch);
  connect();
})();
