"""The real game in a real pseudo-terminal: each TERM and window size either plays or says
why not; NO_COLOR plays in greys; output to a file is refused; a crash exits non-zero."""

from __future__ import annotations

import re

import pytest
from pty_kit import PtyGame

pytestmark = pytest.mark.slow

PLAY = ["play", "--seed", "amber wolf 17"]
STEPS = "jjjjhhhhhhhhhhhhh"  # out of the first room: some of the map is only remembered
SGR = re.compile(rb"\x1b\[([0-9;:]*)m")


def colours_sent(raw: bytes) -> set[str]:
    """Every foreground or background colour the game sent, as '256:N', 'rgb:R,G,B' or
    'ansi:N' (a 16-colour code)."""
    found: set[str] = set()
    for match in SGR.finditer(raw):
        params = [p for p in match.group(1).decode().replace(":", ";").split(";") if p]
        i = 0
        while i < len(params):
            p = int(params[i])
            if p in (38, 48) and i + 1 < len(params):
                if params[i + 1] == "5":
                    found.add(f"256:{params[i + 2]}")
                    i += 3
                    continue
                if params[i + 1] == "2":
                    found.add("rgb:" + ",".join(params[i + 2:i + 5]))
                    i += 5
                    continue
            if 30 <= p <= 37 or 40 <= p <= 47 or 90 <= p <= 97 or 100 <= p <= 107:
                found.add(f"ansi:{p}")
            i += 1
    return found


def is_grey(colour: str) -> bool:
    kind, _, value = colour.partition(":")
    if kind == "rgb":
        r, g, b = value.split(",")
        return r == g == b
    if kind == "256":
        n = int(value)
        return n in (0, 7, 8, 15, 16, 231) or 232 <= n <= 255
    return int(value) % 10 in (0, 7)  # black, white, and their bright forms


def map_cells(game: PtyGame) -> list[tuple[str, str, str]]:
    """(glyph, fg, bg) of the drawn map squares: left of the side panel, above the log."""
    cells = []
    for y in range(game.rows - 6):
        for x, cell in sorted(game.screen.buffer[y].items()):
            if x >= game.cols - 28:
                break
            if cell.data.strip():
                cells.append((cell.data, cell.fg, cell.bg))
    return cells


def walk(game: PtyGame) -> None:
    for key in STEPS:
        game.send(key)
        game.quiet(0.1)
    game.quiet(0.4)


def test_no_color_plays_in_greys(tmp_path):
    env = {"NO_COLOR": "1", "ROGUELIKE_SAVES": str(tmp_path)}
    with PtyGame(PLAY, 80, 24, env) as game:
        assert game.wait_for("Leader Warrior", 20), game.text
        walk(game)
        game.send("\x1b")
        game.quiet()
        game.send("O")  # every screen readable: the options screen says why it is grey
        assert game.wait_for("NO_COLOR is set", 10), game.text
        assert game.wait_exit(0.5) is None, "the game must still be running"
        colours = colours_sent(bytes(game.raw))
        assert colours and all(is_grey(c) for c in colours), sorted(colours)
    # the seen and the remembered map are told apart by brightness
    assert b"NoneType" not in game.raw


@pytest.mark.parametrize("term", ["xterm", "linux", "screen"])
def test_a_16_colour_terminal_plays_and_nothing_on_the_map_is_black(tmp_path, term):
    with PtyGame(PLAY, 80, 24, {"TERM": term, "ROGUELIKE_SAVES": str(tmp_path)}) as game:
        assert game.wait_for("Leader Warrior", 20), game.text
        walk(game)
        colours = colours_sent(bytes(game.raw))
        assert not any(c.startswith(("rgb:", "256:")) for c in colours), sorted(colours)
        cells = map_cells(game)
        assert len(cells) > 40
        dark = [c for c in cells if c[1] == "black" or (c[1] == c[2] and c[1] != "default")]
        assert not dark, dark[:5]
        # the floor in sight and the remembered floor are told apart (nearest-colour
        # matching put both on bright black)
        floors = [fg for glyph, fg, _bg in cells if glyph == "."]
        assert floors.count("white") >= 5 and floors.count("brightblack") >= 5, floors
        assert game.wait_exit(0.2) is None


def test_a_truecolor_terminal_still_gets_its_colours(tmp_path):
    env = {"TERM": "xterm-256color", "COLORTERM": "truecolor",
           "ROGUELIKE_SAVES": str(tmp_path)}
    with PtyGame(PLAY, 80, 24, env) as game:
        assert game.wait_for("Leader Warrior", 20)
        game.quiet()
        assert any(c.startswith("rgb:") and not is_grey(c)
                   for c in colours_sent(bytes(game.raw)))


def test_term_dumb_is_refused_without_a_single_escape_sequence(tmp_path):
    with PtyGame(PLAY, 80, 24, {"TERM": "dumb", "ROGUELIKE_SAVES": str(tmp_path)}) as game:
        assert game.wait_exit(10) == 2
        assert "TERM=dumb" in game.text and "cannot move the cursor" in game.text
        assert b"\x1b" not in game.raw


def test_output_to_a_file_is_refused_at_once(tmp_path):
    out = tmp_path / "screen.txt"
    with PtyGame(PLAY, 80, 24, {"ROGUELIKE_SAVES": str(tmp_path)}, stdout_to=out) as game:
        assert game.wait_exit(10) == 2
        assert "needs a terminal" in game.text and "output" in game.text
    assert out.read_bytes() == b""  # nothing drawn into the file


def test_a_small_window_says_why_and_follows_the_resize(tmp_path):
    with PtyGame(PLAY, 20, 10, {"ROGUELIKE_SAVES": str(tmp_path)}) as game:
        assert game.wait_for("least", 20), game.text
        flat = " ".join(game.text.split())
        assert "20x10" in flat and "80x24" in flat
        game.resize(60, 20)
        assert game.wait_for("60x20", 10), game.text
        game.resize(80, 24)
        assert game.wait_for("Leader Warrior", 10), game.text
        game.send("l")  # the game took the key: it plays
        game.quiet()
        assert "80x24" not in game.text
        game.resize(30, 12)
        assert game.wait_for("30x12", 10), game.text
        game.send("\x11")  # Ctrl+Q, as the message says
        assert game.wait_exit(10) == 0
    assert list(tmp_path.glob("*.save.json")), "Ctrl+Q saves the game in play"


def test_a_huge_window_plays(tmp_path):
    with PtyGame(PLAY, 300, 100, {"ROGUELIKE_SAVES": str(tmp_path)}) as game:
        assert game.wait_for("Leader Warrior", 30)
        game.quiet()
        before = game.text
        game.send("l")
        game.quiet()
        assert game.text != before
        assert "needs at least" not in game.text


def test_a_crash_exits_1_with_a_short_message_and_a_report(tmp_path):
    hook = tmp_path / "hook"
    hook.mkdir()
    # sitecustomize runs in the game's process before anything: it breaks the game screen
    (hook / "sitecustomize.py").write_text(
        "import roguelike.ui.screens.game_screen as gs\n"
        "def boom(self):\n"
        "    raise RuntimeError('injected [b]failure[/b]')\n"
        "gs.GameScreen.on_mount = boom\n")
    saves = tmp_path / "saves"
    env = {"PYTHONPATH": str(hook), "ROGUELIKE_SAVES": str(saves)}
    with PtyGame(PLAY, 80, 24, env) as game:
        assert game.wait_exit(30) == 1
        text = " ".join(game.text.split())
    assert "RuntimeError: injected [b]failure[/b]" in text and "report is in" in text
    assert len(game.raw) < 5000  # a paragraph, not a traceback with every local
    reports = list((saves / "logs").glob("crash-*.txt"))
    assert len(reports) == 1
    assert "Traceback" in reports[0].read_text() and "boom" in reports[0].read_text()
