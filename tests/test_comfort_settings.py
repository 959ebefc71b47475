"""The keymap file (validation, player overrides) and the options file."""

from __future__ import annotations

from pathlib import Path

import pytest

from roguelike.content.loader import content_root
from roguelike.content.schema import ContentError
from roguelike.engine.game import Game
from roguelike.ui.keymap import load_keymap
from roguelike.ui.options import Options, apply_to_game, cycle, load_options, save_options
from roguelike.ui.screens.game_commands import command_ids

DEFAULTS = content_root() / "keymap.toml"


def keymap(tmp_path: Path, override: str | None = None, defaults: str | None = None):
    over = tmp_path / "keymap.toml"
    if override is not None:
        over.write_text(override)
    base = DEFAULTS
    if defaults is not None:
        base = tmp_path / "defaults.toml"
        base.write_text(defaults)
    return load_keymap(command_ids(), base, over)


def test_every_command_has_a_default_key_and_the_issue_keys_are_bound(tmp_path):
    km = keymap(tmp_path)
    bound = {c.id for c in km.order if c.keys}
    assert bound == command_ids()
    want = {",": "pickup", "i": "inventory", "d": "drop", "s": "search", "x": "look",
            ";": "look", "f": "fire", "z": "cast", "o": "explore", "G": "travel",
            "R": "rest", "tab": "next_leader", "?": "help", "ctrl+p": "messages",
            "S": "save_quit", "Q": "quit", "<": "ascend", ">": "descend"}
    for key, command in want.items():
        assert km.lookup(key, None) == ("command", command), key
    # Textual's key names and the characters both find the binding
    assert km.lookup("comma", ",") == ("command", "pickup")
    assert km.lookup("greater_than_sign", ">") == ("command", "descend")
    for key, d in {"h": (-1, 0), "left": (-1, 0), "4": (-1, 0), "y": (-1, -1),
                   "home": (-1, -1), "7": (-1, -1), "n": (1, 1), "pagedown": (1, 1)}.items():
        assert km.lookup(key, None) == ("move", d), key


def test_player_overrides_replace_keys_and_show_in_help(tmp_path):
    km = keymap(tmp_path, '[commands]\npickup = ["P"]\n[move]\nnorth = ["w", "up"]\n')
    assert km.lookup("P", "P") == ("command", "pickup")
    assert km.lookup("comma", ",") is None
    assert km.lookup("w", "w") == ("move", (0, -1))
    assert km.lookup("k", "k") is None
    rows = dict(km.help_rows())
    assert rows["P"].startswith("pick up what lies here or next to you")


@pytest.mark.parametrize("text, where", [
    ('[commands]\npickup = ["nosuchkey"]\n', "entry 'commands', field 'pickup[0]'"),
    ('[commands]\nteleport = ["t"]\n', "no such command"),
    ('[commands]\npickup = ["i"]\n', "also bound to"),
    ('[move]\nup_left = ["q"]\n', "unknown direction"),
    ('[commands]\npickup = "g"\n', "expected a list"),
    ('[comands]\n', "unknown field"),
    ('[commands\n', "not valid TOML"),
])
def test_bad_override_files_are_refused_with_the_place_named(tmp_path, text, where):
    with pytest.raises(ContentError) as err:
        keymap(tmp_path, text)
    assert where in str(err.value)
    assert "keymap.toml" in str(err.value)


def test_an_override_file_that_is_not_utf8_is_refused_not_a_crash(tmp_path):
    (tmp_path / "keymap.toml").write_bytes(b'[commands]\npickup = ["\xff"]\n')
    with pytest.raises(ContentError, match=r"keymap\.toml.*not UTF-8 text"):
        load_keymap(command_ids(), DEFAULTS, tmp_path / "keymap.toml")


def test_bad_defaults_are_refused(tmp_path):
    text = DEFAULTS.read_text().replace('id = "search"', 'id = "serch"')
    with pytest.raises(ContentError, match="entry 'serch', field 'id': no such command"):
        keymap(tmp_path, defaults=text)


def test_options_round_trip_and_bad_files_fall_back(tmp_path):
    path = tmp_path / "options.toml"
    assert load_options(path) == (Options(), "")
    opts = cycle(cycle(Options(), "palette"), "accessible")
    assert opts.palette == "colorblind" and opts.accessible
    save_options(opts, path)
    assert load_options(path) == (opts, "")
    path.write_text('palette = "neon"\n')
    loaded, problem = load_options(path)
    assert loaded == Options() and "palette" in problem and "neon" not in loaded.palette
    path.write_text("luck_prompt = 3\n")
    assert "luck_prompt" in load_options(path)[1]


def test_luck_prompt_option_reaches_the_game():
    game = Game("x-1")
    assert game.options.luck_prompt == "ask"
    apply_to_game(Options(luck_prompt="never"), game)
    assert game.options.luck_prompt == "never"
