"""Mage Knight 001's Jaws of Doom under counterattack: "If a figure fails to damage the Jaws
of Doom with a counterattack, remove the Jaws of Doom trap figure from play ... If it is not
disarmed, any figure may again trigger the Jaws ... Delivering damage to the Jaws of Doom in
a counterattack successfully disarms the trap but gains the Hero no experience points."
"""

from __future__ import annotations

from roguelike.core.components import Character, MonsterStats, Position, Trap, TrapFigure
from roguelike.engine.combat.attack import attack
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.scenario import Scripted
from roguelike.engine.status.luck import KeepRoll
from roguelike.engine.traps.trigger import spring
from tests.trap_helpers import VICTIM_AT, Rigged, arena, place, sturdy


def _jaws_sprung(luck_prompt: str = "never"):
    game = arena()
    game.options.luck_prompt = luck_prompt
    victim = game.party[0]
    sturdy(game, victim)
    game.store.get(victim, Position).x, game.store.get(victim, Position).y = VICTIM_AT
    game.streams.play = Rigged()
    trap = place(game, "mk_jaws_of_doom", placement="square")
    game.store.get(trap, Trap).known_by.append(victim)
    spring(game, trap, victim)
    jaws = next(e for e, _m in game.store.query(MonsterStats))
    return game, victim, trap, jaws


def _xp(game) -> int:
    return sum(c.xp for _e, c in game.store.query(Character))


def test_the_summoned_jaws_know_their_trap():
    game, _victim, trap, jaws = _jaws_sprung()
    fig = game.store.get(jaws, TrapFigure)
    assert (fig.trap, fig.on_miss, fig.on_damage) == (trap, "remove_figure", "disarmed_no_xp")


def test_a_counterattack_that_misses_removes_the_jaws_and_leaves_the_trap_armed():
    game, victim, trap, jaws = _jaws_sprung()
    game.streams.play = Scripted([1])  # the attack misses
    events = attack(game, victim, jaws)
    assert not game.store.alive(jaws)
    assert game.store.get(trap, Trap).state == "armed"  # (it resets at once: "auto")
    assert any("still armed" in e.text for e in events)


def test_a_counterattack_the_jaws_save_against_removes_them_and_leaves_the_trap_armed():
    game, victim, trap, jaws = _jaws_sprung()
    game.streams.play = Scripted([6, 6])  # a hit; the Jaws save on Might 4
    attack(game, victim, jaws)
    assert not game.store.alive(jaws)
    assert game.store.get(trap, Trap).state == "armed"


def test_a_counterattack_that_wounds_disarms_the_trap_with_no_experience_and_no_kill():
    game, victim, trap, jaws = _jaws_sprung()
    xp, kills = _xp(game), game.kills
    game.streams.play = Scripted([5, 1])  # a hit; the save fails
    events = attack(game, victim, jaws)
    assert not game.store.alive(jaws)
    assert game.store.get(trap, Trap).state == "disarmed"
    assert (_xp(game), game.kills) == (xp, kills)
    assert any("disarmed" in e.text for e in events)


def test_a_miss_kept_after_the_luck_offer_removes_the_jaws():
    game, victim, trap, jaws = _jaws_sprung(luck_prompt="ask")
    game.streams.play = Scripted([2])  # (a 1 is a botch no luck turns)
    attack(game, victim, jaws)
    assert game.store.alive(jaws)  # (the roll waits on the party's luck)
    game.current = victim
    KeepRoll().perform(game, victim)
    assert not game.store.alive(jaws)
    assert game.store.get(trap, Trap).state == "armed"


def test_the_armed_trap_summons_the_jaws_again():
    game, victim, trap, jaws = _jaws_sprung()
    game.streams.play = Scripted([1])
    attack(game, victim, jaws)
    game.streams.play = Rigged()
    spring(game, trap, victim)
    assert [m.kind for _e, m in game.store.query(MonsterStats)] == ["jaws_of_doom"]


def test_jaws_not_made_by_a_trap_are_fought_as_any_monster():
    game = arena()
    victim = game.party[0]
    jaws = make_monster(game.store, game.content, "jaws_of_doom", Position(1, 6, 3))
    game.streams.play = Scripted([5, 1])
    attack(game, victim, jaws)
    assert game.store.alive(jaws)
    assert game.store.get(jaws, MonsterStats).hits == 1
