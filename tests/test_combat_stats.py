"""Statistical checks over 10,000+ seeded rolls: the d6 odds the rules promise."""

from __future__ import annotations

import pytest
from combat_kit import arena

from roguelike.core.components import Character, HitBoxes
from roguelike.core.rng import Stream
from roguelike.engine.combat.attack import wound
from roguelike.engine.status.checks import d6_check, fight_state
from roguelike.engine.status.saves import saving_throw

N = 10_000


def _rate(successes: int) -> float:
    return successes / N


@pytest.mark.parametrize("need", [2, 3, 4, 5, 6])
def test_hit_chance_against_combat_n_is_seven_minus_n_in_six(need):
    g = arena()
    w = g.party[0]
    g.streams.play = Stream(f"stats-{need}", "play")
    hits = sum(d6_check(g, w, need, "Combat").ok for _ in range(N))
    assert abs(_rate(hits) - (7 - need) / 6) < 0.02


@pytest.mark.parametrize("might", [3, 4, 5, 6])
def test_save_chance_on_might_n_is_seven_minus_n_in_six(might):
    g = arena()
    w = g.party[0]
    torso = g.store.get(w, HitBoxes).location("torso")
    torso.boxes[torso.crossed] = might  # current Might = might
    g.streams.play = Stream(f"save-{might}", "play")
    saves = sum(saving_throw(g, w, "might")[0] for _ in range(N))
    assert abs(_rate(saves) - (7 - might) / 6) < 0.02
    saves = sum(d6_check(g, w, "might", "Might").ok for _ in range(N))
    assert abs(_rate(saves) - (7 - might) / 6) < 0.02


def test_hit_locations_follow_the_party_table():
    g = arena()
    g.streams.play = Stream("locations", "play")
    seen = {"head": 0, "torso": 0, "arms": 0, "legs": 0}
    w = g.party[0]
    for _ in range(N):
        boxes = g.store.get(w, HitBoxes)
        for loc in boxes.locations:
            loc.crossed = 0
        wound(g, w)
        hit = next(loc.id for loc in boxes.locations if loc.crossed)
        seen[hit] += 1
    # content/party.toml: 1 head, 2-3 torso, 4 arms, 5-6 legs
    expect = {"head": 1 / 6, "torso": 2 / 6, "arms": 1 / 6, "legs": 2 / 6}
    for loc, share in expect.items():
        assert abs(seen[loc] / N - share) < 0.02, loc


def test_luck_pledged_before_raises_the_success_rate_by_one_in_six_per_point():
    g = arena()
    w = g.party[0]
    char = g.store.get(w, Character)
    g.streams.play = Stream("luck", "play")
    plain = sum(d6_check(g, w, 5, "Combat").ok for _ in range(N))
    lucky = 0
    for _ in range(N):
        char.luck = 10
        fight_state(g, w).luck_pledge = 1
        lucky += d6_check(g, w, 5, "Combat").ok
    assert abs(_rate(plain) - 2 / 6) < 0.02
    assert abs(_rate(lucky) - 3 / 6) < 0.02


def test_starting_luck_and_its_maximum_come_from_luck_toml(tmp_path):
    """DungeonPunk 004:74 (start 10, max 20) as data: tables/luck.toml, not a constant."""
    import shutil

    from roguelike.content.loader import default_content, load_content
    from roguelike.engine.game import Game

    root = tmp_path / "content"
    shutil.copytree(default_content().root, root)
    luck = root / "tables" / "luck.toml"
    luck.write_text(luck.read_text().replace("start = 10", "start = 7")
                    .replace("max = 20", "max = 15"))
    g = Game("luck", content=load_content(root))
    chars = [g.store.get(e, Character) for e in g.party]
    assert [c.luck for c in chars] == [7, 7, 9]  # the Apprentice's +2
    assert {c.luck_max for c in chars} == {15}
