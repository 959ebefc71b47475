"""Challenges (issue 29, part 1): the model, the host's daily and weekly, custom ones as a
player types them, and the store's schema, attempts and rankings."""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime, timedelta

import pytest

from roguelike import __version__
from roguelike.challenges import model
from roguelike.challenges.model import ChallengeError, iso
from roguelike.challenges.service import Refused, Service
from roguelike.challenges.store import SCHEMA_VERSION, Store, StoreError
from roguelike.content.loader import default_content
from roguelike.engine.seeds import daily_seed

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)  # a Monday


def service(tmp_path, now=NOW) -> Service:
    return Service(tmp_path, Store.in_folder(tmp_path), clock=lambda: now)


def test_the_host_makes_the_daily_and_the_weekly_once(tmp_path):
    svc = service(tmp_path)
    made = svc.make_regular()
    assert [c.code for c in made] == ["day-2026-11-30", "week-2026-49"]
    assert svc.make_regular() == []  # the second look finds them
    day = svc.find("day-2026-11-30")
    assert day.seed == daily_seed(date(2026, 11, 30))  # what `roguelike daily` plays
    assert (day.opens, day.closes) == (datetime(2026, 11, 30, tzinfo=UTC),
                                       datetime(2026, 12, 1, tzinfo=UTC))
    assert day.attempts == "one" and not day.hidden and day.party is None
    week = svc.find("WEEK-2026-49")  # codes are read in any case
    assert week.hidden and week.closes - week.opens == timedelta(days=7)
    assert week.opens.weekday() == 0
    assert (week.game_version, week.content_digest) == (__version__,
                                                        default_content().digest)
    # a hidden seed is in no public view of the challenge
    assert week.public(NOW)["seed"] is None and day.public(NOW)["seed"] == day.seed
    assert week.public(week.closes)["seed"] == week.seed  # public once the window closes


def test_a_weekly_seed_cannot_be_worked_out_from_the_date(tmp_path):
    a = model.weekly(NOW.date(), "v", "d", NOW)
    b = model.weekly(NOW.date(), "v", "d", NOW)
    assert a.code == b.code and a.seed != b.seed


def test_a_custom_challenge_from_what_a_player_types(tmp_path):
    svc = service(tmp_path)
    ch = svc.create(1, seed="Amber  Wolf 17", title="  Sunday  race ", party="rogue,mage,warrior",
                    closes="sunday", attempts="best", hidden=True)
    assert len(ch.code) == 6 and set(ch.code) <= set(model.CODE_LETTERS)
    assert ch.seed == "amber-wolf-17" and ch.title == "Sunday race"
    assert ch.party == ("rogue", "mage", "warrior") and ch.attempts == "best"
    assert ch.closes == datetime(2026, 12, 7, tzinfo=UTC)  # the end of the coming Sunday
    assert svc.find(ch.code) == ch
    secret = svc.create(1, seed="", title="", party="any", closes="3d", attempts="one",
                        hidden=True)
    assert secret.seed and secret.closes == NOW + timedelta(days=3) and secret.party is None


@pytest.mark.parametrize(("fields", "says"), [
    ({"seed": "amber wolf!"}, "characters other than"),
    ({"party": "warrior,rogue"}, "takes 3 classes"),
    ({"party": "warrior,rogue,bard"}, "no class 'bard'"),
    ({"closes": "soon"}, "not a closing time"),
    ({"closes": "60d"}, "at most 31 days"),
    ({"closes": "2020-01-01"}, "close before it opens"),
    ({"title": "evil \x1b[31m red"}, "plain text"),
    ({"title": "[b]bold[/b]"}, "plain text"),
    ({"attempts": "three"}, "attempts: one or best"),
])
def test_a_bad_custom_challenge_says_what_to_change(tmp_path, fields, says):
    base = {"seed": "amber", "title": "t", "party": "", "closes": "2d", "attempts": "one",
            "hidden": False}
    with pytest.raises(Refused) as err:
        service(tmp_path).create(1, **{**base, **fields})
    assert says in str(err.value)


def test_closing_times_as_written():
    assert model.parse_closes("12h", NOW) == NOW + timedelta(hours=12)
    assert model.parse_closes("2026-12-06", NOW) == datetime(2026, 12, 7, tzinfo=UTC)
    assert model.parse_closes("2026-12-06 18:00", NOW) == datetime(2026, 12, 6, 18, tzinfo=UTC)
    assert model.parse_closes("monday", NOW) == datetime(2026, 12, 1, tzinfo=UTC)  # tonight
    with pytest.raises(ChallengeError):
        model.parse_closes("next tuesday", NOW)


def test_a_replay_of_another_version_is_told_which():
    ch = model.daily(NOW.date(), "1.0.0", "abc", NOW)
    assert ch.version_problem("1.0.0", "abc") is None
    said = ch.version_problem("1.1.0", "def")
    assert said is not None and "1.0.0" in said and "abc" in said
    assert "1.1.0" in said and "def" in said


def test_the_party_rule():
    ch = model.Challenge(**{**model.daily(NOW.date(), "v", "d", NOW).__dict__,
                            "party": ("mage", "mage", "mage")})
    mages = (("leader", "mage", "Ann"), ("mercenary", "mage"), ("apprentice", "mage"))
    assert ch.party_problem(mages) is None  # names are free
    said = ch.party_problem((("leader", "warrior"), ("mercenary", "mage"),
                             ("apprentice", "mage")))
    assert said is not None and "mage, mage, mage" in said and "warrior, mage, mage" in said


def test_one_ranked_attempt_then_practice_and_best_of_many(tmp_path):
    svc = service(tmp_path)
    svc.make_regular()
    day = svc.find("day-2026-11-30")
    first = svc.start(day, 7, "ann", "witnessed")
    second = svc.start(day, 7, "ann", "witnessed")
    assert first.ranked and not second.ranked
    assert svc.start(day, 8, "bob", "witnessed").ranked  # each account has its own
    best = svc.create(7, seed="amber", title="", party="", closes="1d", attempts="best",
                      hidden=False)
    assert all(svc.start(best, 7, "ann", "witnessed").ranked for _ in range(3))
    # a local player asking twice gets the one attempt open (the same seed, told again)
    week = svc.find("week-2026-49")
    assert svc.start(week, 7, "ann", "local") == svc.start(week, 7, "ann", "local")


def test_an_attempt_starts_only_in_its_window_and_with_its_game(tmp_path):
    svc = service(tmp_path)
    svc.make_regular()
    day = svc.find("day-2026-11-30")
    later = service(tmp_path, NOW + timedelta(days=1))
    with pytest.raises(Refused, match=r"closed at 2026-12-01T00:00:00Z"):
        later.start(day, 7, "ann", "witnessed")
    other = Store.in_folder(tmp_path).add_challenge(model.with_code(
        model.Challenge(**{**day.__dict__, "game_version": "0.0.1"}), "oldgame"))
    assert other is not None
    with pytest.raises(Refused, match=r"played with game version 0\.0\.1"):
        svc.start(other, 7, "ann", "witnessed")


def test_the_hidden_seed_is_told_once_an_attempt_starts(tmp_path):
    svc = service(tmp_path)
    svc.make_regular()
    week = svc.find("week-2026-49")
    assert svc.view(week, 7)["seed"] is None and svc.view(week, None)["seed"] is None
    svc.start(week, 7, "ann", "local")
    assert svc.view(week, 7)["seed"] == week.seed
    assert svc.view(week, 8)["seed"] is None


def test_migrations_are_versioned_and_a_newer_database_is_refused(tmp_path):
    store = Store.in_folder(tmp_path)
    path = store.path
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [
            (SCHEMA_VERSION,)]
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    Store.in_folder(tmp_path)  # opened again: nothing is made twice
    Store.in_folder(tmp_path, migrate=False)  # a worker only checks the version
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match="newer host"):
        Store.in_folder(tmp_path)
    with pytest.raises(StoreError, match="newer host"):
        Store.in_folder(tmp_path, migrate=False)


def test_every_statement_is_in_the_store_module():
    """The SQL of challenges lives in one module (issue 30 moves it to PostgreSQL)."""
    from pathlib import Path

    import roguelike.challenges as pkg

    folder = Path(pkg.__file__).parent
    for path in folder.glob("*.py"):
        if path.name == "store.py":
            continue
        text = path.read_text()
        for word in ("SELECT ", "INSERT INTO", "UPDATE ", "CREATE TABLE"):
            assert word not in text, f"{path.name} holds SQL ({word.strip()})"


def test_daily_and_weekly_codes():
    assert model.daily_code(date(2027, 1, 3)) == "day-2027-01-03"
    assert model.weekly_code(date(2027, 1, 4)) == "week-2027-01"
    assert iso(NOW) == "2026-11-30T15:00:00Z" and model.parse_iso(iso(NOW)) == NOW
    assert model.code_ok("k7m2qp") and not model.code_ok("../etc") and not model.code_ok("")
