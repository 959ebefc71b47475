"""The player's files where they can't be written, where the platform keeps them, and the
content an installed game finds (issue 17 §3, issue 18 §11)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import platformdirs
import pytest
from conftest import ROOT

from roguelike import __version__, places
from roguelike.content import data_files as files
from roguelike.ui import userdata
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options, load_options, save_options
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.screens.options_screen import OptionsScreen


def record_notes(app: RoguelikeApp) -> list[str]:
    notes: list[str] = []
    real = app.notify

    def notify(message: str, **kwargs: object) -> None:
        notes.append(message)
        real(message, **kwargs)  # type: ignore[arg-type]

    app.notify = notify  # type: ignore[method-assign]
    return notes


def full_disk(monkeypatch) -> None:
    """Every file the game writes fails as on a full disk (root or not)."""
    real = os.fsync

    def fsync(fd: int) -> None:
        if os.path.isfile(f"/proc/self/fd/{fd}") or not os.path.isdir("/proc/self/fd"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


async def change_an_option_in_a_game(app: RoguelikeApp) -> list[str]:
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("O")
        await pilot.pause()
        await pilot.press("2")  # reduced motion
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen), "the game must still be running"
        assert app.options.reduced_motion  # it holds for the session
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("l")  # and the game goes on
        await pilot.pause()
    return notes


async def test_a_full_disk_makes_an_option_change_a_message_not_a_crash(tmp_path,
                                                                         monkeypatch):
    save_options(Options(), tmp_path / "options.toml")
    before = (tmp_path / "options.toml").read_bytes()
    full_disk(monkeypatch)
    notes = await change_an_option_in_a_game(RoguelikeApp(seed="x-1", straight_in=True))
    assert any("Could not write" in n and "No space left" in n for n in notes), notes
    assert (tmp_path / "options.toml").read_bytes() == before  # the old file, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["options.toml"]  # no temp left


async def test_a_folder_that_cannot_be_made_is_a_message_too(tmp_path, monkeypatch):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path / "a-file" / "saves"))  # ENOTDIR
    notes = await change_an_option_in_a_game(RoguelikeApp(seed="x-1", straight_in=True))
    assert any("Could not write" in n and "Not a directory" in n for n in notes), notes


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
async def test_a_read_only_folder_is_a_message_too(tmp_path):
    tmp_path.chmod(0o500)
    try:
        notes = await change_an_option_in_a_game(RoguelikeApp(seed="x-1", straight_in=True))
    finally:
        tmp_path.chmod(0o700)
    assert any("Could not write" in n for n in notes), notes
    assert list(tmp_path.iterdir()) == []


def test_player_files_are_written_by_the_one_atomic_writer(tmp_path, monkeypatch):
    from roguelike.records import atomic

    written: list[Path] = []
    real = atomic.atomic_write
    monkeypatch.setattr(userdata, "atomic_write",
                        lambda path, data: (written.append(path), real(path, data)))
    save_options(Options(accessible=True), tmp_path / "options.toml")
    assert written == [tmp_path / "options.toml"]
    assert load_options(tmp_path / "options.toml")[0].accessible


async def test_a_hosted_players_settings_stay_in_their_account_folder(tmp_path, monkeypatch):
    account = tmp_path / "accounts" / "7"
    account.mkdir(parents=True)
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path / "local"))
    app = RoguelikeApp(seed="x-1", data_dir=str(account), player_name="ann")
    assert app.options_path == account / "options.toml"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the party screen a new game opens with: the default
        await pilot.pause()
        await pilot.press("O")
        await pilot.pause()
        await pilot.press("5")
        await pilot.pause()
    assert load_options(account / "options.toml")[0].accessible
    assert not (tmp_path / "local" / "options.toml").exists()


async def test_the_options_screen_says_where_it_saves():
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("O")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)
        heading = " ".join(str(app.screen.query("Static").first().render()).split())
    assert str(Path(os.environ["ROGUELIKE_SAVES"]) / "options.toml") in heading


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_the_main_menu_quits_on_q_and_escape(key):
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press(key)
        await pilot.pause()
        assert app._exit  # asked to exit (Textual's flag)


# ----- where things are -----------------------------------------------------------------
def test_a_checkout_keeps_everything_in_saves(monkeypatch):
    monkeypatch.delenv("ROGUELIKE_SAVES")
    assert places.checkout_root() == ROOT
    assert places.data_dir() == places.config_dir() == ROOT / "saves"
    assert places.log_dir() == ROOT / "saves" / "logs"


def test_the_checkout_answer_is_the_fresh_one():
    assert places.checkout_root() == places.checkout_root.__wrapped__()


def test_an_installed_game_keeps_data_settings_and_logs_where_the_platform_says(
        tmp_path, monkeypatch):
    monkeypatch.delenv("ROGUELIKE_SAVES")
    monkeypatch.setattr(places, "checkout_root", lambda: None)
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))
    data, config, logs = places.data_dir(), places.config_dir(), places.log_dir()
    assert data == Path(platformdirs.user_data_dir("roguelike", appauthor=False))
    assert config == Path(platformdirs.user_config_dir("roguelike", appauthor=False))
    assert logs == Path(platformdirs.user_log_dir("roguelike", appauthor=False))
    assert len({data, config, logs}) == 3
    if sys.platform.startswith("linux"):
        assert data.is_relative_to(tmp_path / "XDG_DATA_HOME")
        assert config.is_relative_to(tmp_path / "XDG_CONFIG_HOME")
    from roguelike.records.paths import data_dir

    assert data_dir() == data and userdata.save_dir() == data
    assert userdata.config_dir() == config
    # and $ROGUELIKE_SAVES still overrides both
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path / "mine"))
    assert places.data_dir() == places.config_dir() == tmp_path / "mine"


def test_a_stray_pyproject_beside_an_installed_package_is_not_a_checkout(tmp_path):
    site = tmp_path / "site-packages"
    (site / "content").mkdir(parents=True)
    (site / "pyproject.toml").write_text('[project]\nname = "someone-else"\n')
    code = ("import roguelike.places as p; print(p.checkout_root())")
    pkg = site / "roguelike"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "places.py").write_text((ROOT / "roguelike" / "places.py").read_text())
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site)},
                         timeout=30)
    assert out.stdout.strip() == "None", out.stderr


def installed_copy(site: Path) -> None:
    """The package laid out as the wheel installs it (content/ as roguelike/_content),
    beside someone else's top-level content/ and pyproject.toml."""
    import shutil

    shutil.copytree(ROOT / "roguelike", site / "roguelike",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "content", site / "roguelike" / "_content")
    (site / "content").mkdir()
    (site / "content" / "README").write_text("another package's data")
    (site / "pyproject.toml").write_text('[project]\nname = "another"\n')


def run_installed(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "ROGUELIKE_SAVES"}
    env.update(PYTHONPATH=str(site), XDG_DATA_HOME=str(cwd / "data"),
               XDG_CONFIG_HOME=str(cwd / "config"), XDG_STATE_HOME=str(cwd / "state"))
    return subprocess.run([sys.executable, "-m", "roguelike", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=120)


def test_an_installed_game_uses_its_bundled_content_not_a_stray_content_folder(tmp_path):
    site = tmp_path / "site-packages"
    installed_copy(site)
    out = run_installed(site, tmp_path, "level", "--seed", "amber wolf 17", "--json")
    assert out.returncode == 0, out.stderr
    assert '"depth": 1' in out.stdout
    help_text = " ".join(run_installed(site, tmp_path, "--help").stdout.split())
    assert f"saves in {tmp_path / 'data' / 'roguelike'}" in help_text
    assert f"settings in {tmp_path / 'config' / 'roguelike'}" in help_text


def test_content_root_prefers_the_bundled_copy(tmp_path, monkeypatch):
    monkeypatch.delenv("ROGUELIKE_CONTENT", raising=False)
    assert files.content_root() == ROOT / "content"  # a checkout: its own content/
    monkeypatch.setattr(files, "PACKAGE_DIR", tmp_path)
    (tmp_path / "_content").mkdir()
    assert files.content_root() == tmp_path / "_content"
    monkeypatch.setattr(files, "checkout_root", lambda: None)
    (tmp_path / "_content").rmdir()
    assert files.content_root() == tmp_path / "_content"  # named in the error, not elsewhere


@pytest.mark.slow
def test_the_wheel_bundles_content_license_and_version_and_runs_installed(tmp_path):
    """Builds the real wheel (pip fetches hatchling like any install) and runs it."""
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(tmp_path / "dist"), str(ROOT)], capture_output=True,
                           text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("roguelike-*.whl"))
    assert wheel.name.startswith(f"roguelike-{__version__}-")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta = zf.read(next(n for n in names if n.endswith("dist-info/METADATA"))).decode()
    assert "roguelike/_content/rules.toml" in names
    assert any(n.endswith("dist-info/licenses/LICENSE") for n in names)
    assert "License-Expression: MIT" in meta and "Requires-Dist: platformdirs" in meta
    assert "Classifier: Topic :: Games/Entertainment :: Role-Playing" in meta
    site = tmp_path / "site-packages"
    install = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q",
                              "--target", str(site), str(wheel)], capture_output=True,
                             text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-2000:]
    (site / "content").mkdir()  # another package's top-level content/
    assert run_installed(site, tmp_path, "-V").stdout.strip() == f"roguelike {__version__}"
    out = run_installed(site, tmp_path, "sim", "--seed", "wheel", "--actions", "20")
    assert out.returncode == 0, out.stderr


async def test_ctrl_q_in_a_game_saves_it_first():
    from roguelike.ui import local_records

    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app._exit
    assert local_records.has_save()


async def test_ctrl_q_says_when_the_game_cannot_be_saved_and_quits_on_the_second(
        monkeypatch):
    from roguelike.ui import local_records

    full_disk(monkeypatch)
    app = RoguelikeApp(seed="x-1", straight_in=True)
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app._exit and isinstance(app.screen, GameScreen)
        assert any("could not be saved" in n and "Ctrl+Q again" in n for n in notes), notes
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app._exit
    assert not local_records.has_save()
