from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from roguelike.content.loader import content_root, load_content
from roguelike.content.schema import ContentError


def test_content_loads():
    c = load_content()
    assert set(c.classes) == {"warrior", "rogue", "mage"}
    assert set(c.roles) == {"leader", "mercenary", "apprentice"}
    assert {"pillager", "apprentice", "mercenary", "leader"} <= set(c.monsters)


def test_traps_and_treasure_monster_table():
    m = load_content().monsters
    # Traps & Treasure: Wits/Might/Combat "4, 5, 6" = 4+; Speed in inches = squares.
    assert (m["leader"].wits, m["leader"].might, m["leader"].combat) == (4, 4, 4)
    assert (m["leader"].speed, m["leader"].hits, m["leader"].treasure) == (8, 4, [3, 4, 5, 6])
    assert (m["mercenary"].combat, m["mercenary"].hits, m["mercenary"].treasure) == (5, 3,
                                                                                      [4, 5, 6])
    assert (m["apprentice"].combat, m["apprentice"].hits) == (6, 2)
    assert (m["pillager"].speed, m["pillager"].hits) == (5, 1)


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "content"
    shutil.copytree(content_root(), dst)
    return dst


def test_bad_field_is_refused_with_file_entry_and_field(tmp_path):
    root = _copy(tmp_path)
    f = root / "monsters" / "traps_and_treasure.toml"
    f.write_text(f.read_text().replace("hits = 3", 'hits = "three"', 1))
    with pytest.raises(ContentError) as err:
        load_content(root)
    msg = str(err.value)
    assert "monsters/traps_and_treasure.toml" in msg
    assert "'mercenary'" in msg and "'hits'" in msg


def test_unknown_field_and_broken_toml_are_refused(tmp_path):
    root = _copy(tmp_path)
    f = root / "party.toml"
    f.write_text(f.read_text().replace("rank = 3", "rank = 3\nrnak = 4", 1))
    with pytest.raises(ContentError, match=r"party.toml: entry 'leader', field 'rnak'"):
        load_content(root)
    f.write_text("[[class]\n")
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(root)


@pytest.mark.parametrize("bad", ['["heart_of_the_deep"]', "{ id = 1 }", '"no_such_item"'])
def test_a_goal_item_that_is_no_item_name_is_refused(tmp_path, bad):
    # A list or table here once raised TypeError (unhashable) instead of naming the field.
    root = _copy(tmp_path)
    f = root / "explore.toml"
    f.write_text(f.read_text().replace('goal_item = "heart_of_the_deep"', f"goal_item = {bad}", 1))
    with pytest.raises(ContentError, match=r"explore.toml.*'goal_item'"):
        load_content(root)


def test_a_trap_step_whose_op_is_a_list_is_refused(tmp_path):
    root = _copy(tmp_path)
    f = root / "traps" / "depth_table.toml"
    f.write_text(f.read_text().replace('op = "damage"', 'op = ["damage"]', 1))
    with pytest.raises(ContentError, match=r"depth_table.toml.*op"):
        load_content(root)


@pytest.mark.parametrize("old, new, field", [
    ("[missile]\n", "missile = 3\n[missile_notes]\n", ""),
    ("short_mod = 0", 'short_mod = "none"', "'short_mod'"),
    ("short_feet = 90", 'short_feet = "ninety"', "'short_feet'"),
    ("short_feet = 90", "", "'short_feet'"),
])
def test_a_malformed_missile_row_is_refused_at_start(tmp_path, old, new, field):
    # The range bands' read of combat.toml once raised AttributeError (a [missile] that is
    # no table), ValueError or KeyError instead of naming the file, entry and field.
    root = _copy(tmp_path)
    f = root / "tables" / "combat.toml"
    f.write_text(f.read_text().replace(old, new, 1))
    with pytest.raises(ContentError, match=r"tables/combat.toml.*" + field):
        load_content(root)


def test_cli_reports_content_error_cleanly(tmp_path, cli, monkeypatch):
    root = _copy(tmp_path)
    (root / "rules.toml").write_text("source = 1\n")
    monkeypatch.setenv("ROGUELIKE_CONTENT", str(root))
    out = cli("sim", "--seed", "a", "--actions", "1")
    assert out.returncode == 2
    assert "content error" in out.stderr and "rules.toml" in out.stderr
    assert "Traceback" not in out.stderr
