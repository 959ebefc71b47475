from __future__ import annotations

import json
import re
import shutil
from datetime import date

import pytest
from records_util import bot_game, descending_seed

from roguelike.content.loader import content_root
from roguelike.content.schema import ContentError
from roguelike.content.seedwords import load_seed_words, seed_words
from roguelike.engine.base.seeds import daily_seed, normalise_seed, random_seed
from roguelike.engine.game import Game
from roguelike.tools import golden

SHAPE = re.compile(r"^[a-z]+-[a-z]+-[a-z]+-[0-9]+$")


def test_random_seed_is_three_words_and_a_number_from_the_lists():
    words = seed_words()
    seed = random_seed(123456789)
    assert SHAPE.match(seed) and normalise_seed(seed) == seed
    a, b, c, n = seed.split("-")
    assert a in words.first and b in words.second and c in words.third
    assert 1 <= int(n) <= words.number_max
    assert random_seed(123456789) == seed  # pure given the entropy
    assert len({random_seed(i) for i in range(200)}) > 190


def test_daily_seed_depends_only_on_the_date():
    d = date(2030, 5, 17)
    assert daily_seed(d) == daily_seed(date(2030, 5, 17))
    assert daily_seed(d) != daily_seed(date(2030, 5, 18))
    assert SHAPE.match(daily_seed(d))


def test_seed_words_are_validated(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    text = (root / "seedwords.toml").read_text().replace('"amber"', '"Amber!"')
    (root / "seedwords.toml").write_text(text)
    with pytest.raises(ContentError) as err:
        load_seed_words(root)
    assert "seedwords.toml" in str(err.value) and "second" in str(err.value)


def test_daily_command_prints_todays_seed(cli):
    out = cli("daily", "--print")
    assert out.returncode == 0 and SHAPE.match(out.stdout.strip())


def _depth3_when_generated(game) -> dict:
    """The summary of depth 3 at the moment the game generates it."""
    seen: dict = {}
    original = game._level

    def spy(depth: int):
        fresh = depth not in game.levels
        level = original(depth)
        if fresh and depth == 3:
            seen.update(golden.level_summary(game.seed, level, game.store))
        return level

    game._level = spy
    return seen


def test_depth_three_is_the_same_whatever_route_led_there():
    # Route A: the bot hurries down the stairs and arrives on depth 3 by play.
    seed = descending_seed()
    a = Game(seed)
    summary_a = _depth3_when_generated(a)
    bot_game(game=a, actions=1500, budget=0, until_depth=3, record=False)
    assert a.depth == 3 and summary_a
    # Route B: the bot explores depth 1 at length; depth 3 is then generated directly.
    b = bot_game(seed, actions=300, budget=10_000, record=False)
    assert b.depth == 1 and b.streams.play.draws != a.streams.play.draws
    summary_b = _depth3_when_generated(b)
    b._level(3)
    assert summary_a == summary_b
    assert summary_a["things"], "depth 3 should hold monsters for this test to mean much"
    # and the in-game level matches the standalone dump (the golden catalog's source)
    assert summary_a == golden.summarise(golden.level_json(seed, 3))


def test_golden_catalog_matches_generation():
    checked_in = json.loads(golden.CATALOG.read_text())
    assert sorted(checked_in) == sorted(golden.SEEDS)
    fresh = golden.build_catalog()
    diff = golden.differences(checked_in, fresh)
    assert not diff, ("Level generation changed. If that is intended, run "
                      "`python -m roguelike.tools.golden --update` and say so in the commit:\n"
                      + "\n".join(diff))
