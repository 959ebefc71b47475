"""A luck offer pauses the rule (issue 26 section 3; engine/base/luck_queue.py, RULES.md "The luck
pause").

With luck_prompt "ask" a failed roll luck could still turn waits for the player's answer,
and so does everything after it in the same effect: the next dart, the poison after a hit,
the other delvers' saves, a cleave, the rest of a step. Offers come one at a time, each
answered by a recorded action. Keeping every roll is the game luck_prompt "never" plays;
no die is rolled while an offer waits (luck_kit.Guarded).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from combat_kit import put_first
from luck_kit import Guarded, WaitingRoll, answer_all, guard, rule_hash

from roguelike.bot.player import Bot
from roguelike.core.components import (
    Actor,
    Character,
    Conditions,
    HitBoxes,
    MonsterStats,
    Position,
)
from roguelike.core.rng import Stream
from roguelike.engine.actions.basic import Attack, Step, Wait
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.luck_queue import Offer, Then, offer_waiting, waiting
from roguelike.engine.game import DEFAULT_PARTY, Game
from roguelike.engine.items.spells import Cast
from roguelike.engine.scenario import scenario
from roguelike.engine.status.luck import KeepRoll, SpendLuck
from roguelike.engine.traps.make import make_trap
from roguelike.engine.traps.trigger import spring
from roguelike.engine.turns import turn_loop
from roguelike.records.recorder import attach
from roguelike.records.replay import read_record, verify_file, write_replay
from roguelike.records.resim import resimulate
from roguelike.records.save import read_save, save_game

ROOM = """
#########
#.......#
#...1...#
#.......#
#########
"""
# a hall two squares high: every delver stands next to a wall (wall spikes reach them all)
HALL = """
##########
#........#
#.123....#
##########
"""
SEEDS = tuple(f"luck-{i}" for i in range(80))


def crossed(game: Game, eid: int) -> int:
    return sum(loc.crossed for loc in game.store.get(eid, HitBoxes).locations)


def texts(events) -> list[str]:
    return [e.text for e in events if e.text]


# ----- the two reproductions (issue 26 section 3) --------------------------------------
def _sprung_on_a_warrior(profile: str, seed: str, prompt: str = "ask") -> Game:
    """The issue's set-up: the scenario room, one Warrior, traps.trigger.spring."""
    game = scenario(ROOM, party=(("leader", "warrior"),), luck_prompt=prompt, seed=seed)
    trap = make_trap(game.store, game.content, game.content.traps[profile],
                     Position(1, 4, 2), placement="room", room=0, rng=Stream(seed, "trap"))
    if prompt == "ask":
        guard(game)
    spring(game, trap, game.party[0])
    return game


def test_darts_ask_each_failed_save_in_turn_and_none_is_lost():
    """Darts (2d6) on one Warrior, seed p0: two saves fail and luck could turn each. Before,
    both were offered at once, one pending row survived and no box was crossed. Now the
    volley stops at the first: nothing after it is rolled until it is answered, and the
    second offer comes only then."""
    game = _sprung_on_a_warrior("darts_2d6", "p0")
    warrior = game.party[0]
    first = offer_waiting(game)
    assert first is not None and first.eid == warrior and first.resume == "trap_shot"
    # one offer, the rest of the springing queued behind it (its treasure roll, its reset)
    assert [type(i) for i in game.luck_queue.items] == [Offer, Then]
    assert crossed(game, warrior) == 0
    assert not any("treasure" in t.lower() for t in texts(game.log))
    events = game.perform(KeepRoll())
    assert "lets the Might roll stand" in texts(events)[0]
    assert crossed(game, warrior) == 1  # the kept roll's wound, at once
    second = offer_waiting(game)
    assert second is not None and second.eid == warrior and second is not first
    assert len(second.args) < len(first.args)  # fewer darts still to fly
    events = game.perform(KeepRoll())
    assert offer_waiting(game) is None and not game.luck_queue.items
    assert crossed(game, warrior) == 3  # and the third failed save, a natural 1: no offer
    assert any("treasure" in t.lower() for t in texts(events))  # the springing ends last
    never = _sprung_on_a_warrior("darts_2d6", "p0", "never")
    assert rule_hash(game, never.actions_taken) == rule_hash(never, never.actions_taken)


def test_darts_spending_on_each_save_keeps_both_wounds_away():
    game = _sprung_on_a_warrior("darts_2d6", "p0")
    warrior = game.party[0]
    asked = answer_all(game, True)
    # (a bought save rolls no hit location: the darts after it roll other dice than kept)
    assert len(asked) == 2 and crossed(game, warrior) < 3
    assert game.store.get(warrior, Character).luck == 10 - sum(o.cost for o in asked)


def test_weak_poison_waits_for_the_might_save():
    """Arrows with weak poison, seed q1: the Might save fails and luck is offered. Before,
    the poison's save vs death was rolled anyway and the delve ended with the offer on
    screen. Now the poison waits: bought, the arrow did not pierce and there is no
    poison; kept, the wound and then the poison's save."""
    game = _sprung_on_a_warrior("arrows_1d6_weak_poison", "q1")
    assert offer_waiting(game) is not None and not game.over
    assert not any("save vs death" in t for t in texts(game.log))
    events = game.perform(SpendLuck(offer_waiting(game).cost))
    assert "saves after all" in " ".join(texts(events))
    assert not any("save vs death" in t for t in texts(game.log))
    assert not game.over and crossed(game, game.party[0]) == 0

    game = _sprung_on_a_warrior("arrows_1d6_weak_poison", "q1")
    events = game.perform(KeepRoll())
    said = texts(events)
    wound = next(i for i, t in enumerate(said) if "is wounded" in t)
    poison = next(i for i, t in enumerate(said) if "save vs death" in t)
    assert wound < poison  # the poison only after the kept roll's wound
    assert game.over and offer_waiting(game) is None and not game.luck_queue.items


# ----- every effect of several rolls: kept, the game "never" plays; spent, bought in turn --
Make = Callable[[str, str], tuple[Game, Callable[[Game], object]]]


def _trap_in_hall(profile: str) -> Make:
    """The party in the hall, the Leader stepping onto a trap square north of it."""
    def make(seed: str, prompt: str) -> tuple[Game, Callable[[Game], object]]:
        game = scenario(HALL, luck_prompt=prompt, seed=seed)
        make_trap(game.store, game.content, game.content.traps[profile], Position(1, 2, 1),
                  placement="square", room=0, rng=Stream(seed, "trap"))
        return game, lambda g: g.perform(Step(0, -1))
    return make


def _arena(text: str, monsters: dict[str, str], party: tuple[tuple[str, str], ...], seed: str,
           prompt: str) -> Game:
    """A fight on a hand-made map; the foes' first turns (made with the game) asked
    nothing, so the set-up after it starts with no roll waiting in either game."""
    game = scenario(text, monsters=monsters, party=party, seed=seed)
    game.options.luck_prompt = prompt
    return game


def _monster_cleaves_through_the_party(seed: str, prompt: str
                                       ) -> tuple[Game, Callable[[Game], object]]:
    """An Orc beside two delvers, the first one wound from going down: its blow's save,
    then (kept) the cleave into the other and that one's save."""
    game = _arena("""
        #######
        #..o..#
        #.1.2.#
        #######
    """, {"o": "orc"}, (("leader", "warrior"), ("mercenary", "rogue")), seed, prompt)
    first = game.party[0]
    for loc in game.store.get(first, HitBoxes).locations:
        loc.crossed = len(loc.boxes) - 1  # one box left everywhere: any wound downs it
    orc = next(e for e, _ in game.store.query(MonsterStats))
    return game, lambda g: _monster_turn(g, orc, first)


def _monster_turn(game: Game, monster: int, target: int) -> None:
    """`monster`'s turn now, at `target`; the turn loop runs it (and on, as after any
    action) until a delver must act or a roll waits on luck."""
    put_first(game, monster)
    game.store.get(monster, Actor).target = target
    game.kept.start_run()
    turn_loop.run(game)


def _warrior_cleaves(seed: str, prompt: str) -> tuple[Game, Callable[[Game], object]]:
    """The Warrior fells a kobold and cleaves on into the next (Classic): the cleave's
    hit roll is offered luck."""
    game = _arena("""
        ######
        #.k..#
        #1k..#
        ######
    """, {"k": "kobold"}, (("leader", "warrior"),), seed, prompt)
    warrior = game.party[0]
    _near, far = sorted(e for e, _ in game.store.query(MonsterStats))
    game.store.get(far, MonsterStats).hits = 1
    return game, lambda g: (put_first(g, warrior), g.perform(Attack(far)))


def _venom(seed: str, prompt: str) -> tuple[Game, Callable[[Game], object]]:
    """A Giant Centipede's bite on the Warrior: the Might save, then its venom's save."""
    game = _arena("""
        ######
        #1c..#
        ######
    """, {"c": "giant_centipede"}, (("leader", "warrior"),), seed, prompt)
    bug = next(e for e, _ in game.store.query(MonsterStats))
    return game, lambda g: _monster_turn(g, bug, g.party[0])


def _confusion(seed: str, prompt: str) -> tuple[Game, Callable[[Game], object]]:
    """The Mage's Confusion catches two companions and a foe: the cast, then each one's
    Wits to resist, in turn."""
    game = _arena("""
        ##########
        #3.......#
        #..12.m..#
        ##########
    """, {"m": "mercenary"}, DEFAULT_PARTY, seed, prompt)
    mage = game.party[2]
    return game, lambda g: (put_first(g, mage), g.perform(Cast("confusion", 4, 2)))


def _force_bolt(seed: str, prompt: str) -> tuple[Game, Callable[[Game], object]]:
    """The cast's Wits check, then the bolt's hit roll: two offers from one action."""
    game = _arena("""
        ##########
        #3....m..#
        ##########
    """, {"m": "mercenary"}, (("apprentice", "mage"),), seed, prompt)
    mage = game.party[0]
    foe = next(e for e, _ in game.store.query(MonsterStats))
    pos = game.store.get(foe, Position)
    return game, lambda g: (put_first(g, mage), g.perform(Cast("force_bolt", pos.x, pos.y)))


def several(n: int, delvers: int = 1) -> Callable[[list[Offer]], bool]:
    return lambda asked: len(asked) >= n and len({o.eid for o in asked}) >= delvers


Want = Callable[[list[Offer]], bool]
# name: (the set-up, what the offers must look like when each is kept)
CASES: dict[str, tuple[Make, Want]] = {
    "darts 2d6 (multi-shot)": (_trap_in_hall("darts_2d6"), several(3)),
    "wall spikes (area, the whole party)": (_trap_in_hall("wall_spikes"), several(2, 2)),
    "arrows with poison": (_trap_in_hall("arrows_1d6_poison"), several(1)),
    "the Jaws of Doom's figure": (_trap_in_hall("mk_jaws_of_doom"), several(1)),
    "a bite with a save and venom": (_venom, several(1)),
    "a monster's cleave": (_monster_cleaves_through_the_party, several(2, 2)),
    "the Warrior's cleave": (_warrior_cleaves,
                             lambda asked: any(o.resume == "attack" for o in asked)),
    "Confusion on two delvers": (_confusion, lambda asked: len(
        {o.eid for o in asked if o.resume == "resist_confusion"}) >= 2),
    "Force Bolt, cast and hit": (_force_bolt, lambda asked: [o.resume for o in asked]
                                 == ["cast"]),
}
# ... and when each is bought, where that asks more (a cast bought is a bolt to aim)
SPENT: dict[str, Want] = {
    "Force Bolt, cast and hit": lambda asked: [o.resume for o in asked] == ["cast", "attack"],
}


def _kept(make: Make, seed: str) -> tuple[Game, list[Offer]]:
    game, act = make(seed, "ask")
    guard(game)
    act(game)
    return game, answer_all(game, False)


def _spent(make: Make, seed: str) -> tuple[Game, list[Offer]]:
    game, act = make(seed, "ask")
    guard(game)
    act(game)
    return game, answer_all(game, True)


def _seed_for(case: str) -> str:
    """The first seed whose game asks what the case is about (kept and spent)."""
    make, want = CASES[case]
    spent = SPENT.get(case, bool)
    for seed in SEEDS:
        if want(_kept(make, seed)[1]) and spent(_spent(make, seed)[1]):
            return seed
    raise AssertionError(f"no seed of {SEEDS[0]}..{SEEDS[-1]} asks {case}")


@pytest.mark.parametrize("case", sorted(CASES))
def test_keeping_every_roll_plays_the_game_never_asked(case):
    make, want = CASES[case]
    seed = _seed_for(case)
    asked_game, asked = _kept(make, seed)
    assert want(asked)
    never, act = make(seed, "never")
    act(never)
    assert offer_waiting(never) is None
    assert rule_hash(asked_game, never.actions_taken) == rule_hash(never, never.actions_taken)


@pytest.mark.parametrize("case", sorted(CASES))
def test_spending_buys_each_roll_in_turn(case):
    make, _want = CASES[case]
    seed = _seed_for(case)
    game, act = make(seed, "ask")
    guard(game)
    luck = {e: game.store.get(e, Character).luck for e in game.party}
    act(game)
    paid: dict[int, int] = {}
    while (offer := offer_waiting(game)) is not None:
        before = game.state_hash()
        assert game.perform(Wait())[0].kind == "fail"  # nothing else may be done first
        assert game.state_hash() == before
        events = game.perform(SpendLuck(offer.cost))
        assert "a success" in texts(events)[0]
        paid[offer.eid] = paid.get(offer.eid, 0) + offer.cost
    assert paid and not game.luck_queue.items
    for eid, cost in paid.items():
        assert game.store.get(eid, Character).luck <= luck[eid] - cost + 3  # (feats give)


def test_a_bought_save_against_the_monsters_blow_spares_the_venom():
    make = CASES["a bite with a save and venom"][0]
    seed = _seed_for("a bite with a save and venom")
    kept, _ = _kept(make, seed)
    spent, _ = _spent(make, seed)
    assert any("save vs death" in t for t in texts(kept.log))
    assert not any("save vs death" in t for t in texts(spent.log))
    assert crossed(spent, spent.party[0]) < crossed(kept, kept.party[0])


def test_a_resisted_confusion_bought_with_luck_leaves_that_delver_clear():
    make = CASES["Confusion on two delvers"][0]
    game, act = make(_seed_for("Confusion on two delvers"), "ask")
    guard(game)
    act(game)
    bought = []
    while (offer := offer_waiting(game)) is not None:
        buy = offer.resume == "resist_confusion" and not bought
        if buy:
            bought.append(offer.eid)
        game.perform(SpendLuck(offer.cost) if buy else KeepRoll())
    assert bought
    conds = game.store.try_get(bought[0], Conditions)
    assert conds is None or "confused" not in conds.active


def test_while_a_roll_waits_no_other_creature_acts():
    """The Orc's blow waits on the first delver's save: the round stands still (no turn
    passes, nobody else acts) until it is answered, and the answer is the only action."""
    make = CASES["a monster's cleave"][0]
    game, act = make(_seed_for("a monster's cleave"), "ask")
    guard(game)
    act(game)
    offer = offer_waiting(game)
    assert offer is not None and game.awaiting == offer.eid
    clock = (game.round, game.turn_index, game.current)
    for refused in (Wait(), Step(1, 0), SpendLuck(offer.cost + 99)):
        events = game.perform(refused)
        assert events[0].kind == "fail"
        assert (game.round, game.turn_index, game.current) == clock
    assert "A roll waits on your luck" in game.perform(Step(1, 0))[0].text


# ----- "ask, always keep" is "never", over many games -----------------------------------
ATTACK_TRAPS = sorted(("darts_1d3", "arrows_1d6", "arrows_1d6_weak_poison", "darts_2d6",
                       "arrows_1d6_poison", "darts_2d6_poison", "arrows_1d3", "spears_1d6",
                       "spears_1d6_accurate", "spears_1d6_weak_poison", "pendulum",
                       "spears_1d6_very_accurate", "spears_1d6_accurate_poison",
                       "scything_blade", "wall_spikes", "poison_scythe", "royal_statue",
                       "wall_spikes_poison", "mk_jaws_of_doom", "dp_arrow_trap",
                       "dp_scything_blade_trap"))


def test_every_trap_that_attacks_is_listed_here():
    """The traps whose rolls can wait on luck: every one with an attack step or a figure
    that strikes as it springs (a new one joins the property test below)."""
    def attacks(node: object) -> bool:
        if isinstance(node, dict):
            return node.get("op") == "attack" or bool(node.get("attacks_on_summon")) \
                or any(attacks(v) for v in node.values())
        return isinstance(node, list) and any(attacks(v) for v in node)

    from roguelike.content.loader import default_content
    found = sorted(t.id for t in default_content().traps.values() if attacks(t.effect))
    assert found == ATTACK_TRAPS


@pytest.mark.parametrize("profile", ATTACK_TRAPS)
def test_asking_and_keeping_is_never_asking_for_every_trap_that_attacks(profile):
    make = _trap_in_hall(profile)
    offers = 0
    for n, seed in enumerate(SEEDS):
        if n >= 30 and offers:
            break
        asked_game, asked = _kept(make, seed)
        offers += len(asked)
        never, act = make(seed, "never")
        act(never)
        assert rule_hash(asked_game, never.actions_taken) == \
            rule_hash(never, never.actions_taken), seed
    assert offers > 0


def _bot_actions(seed: str, count: int) -> list:
    game = Game(seed, options=GameOptions("never"))
    bot, actions = Bot(), []
    while len(actions) < count and not game.over:
        action = bot.choose(game)
        before = game.actions_taken
        game.perform(action)
        if game.actions_taken == before:  # (refused: the bot's Wait, as play() does)
            action = Wait()
            game.perform(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("seed", ["s26-keep-1", "s26-keep-2", "s26-keep-3", "s26-keep-4"])
def test_a_whole_game_asked_and_kept_is_the_game_never_asked(seed):
    """The bot's game played with luck_prompt "never", then its actions again with "ask",
    every offer kept: the same game, hash for hash, every 250 actions."""
    actions = _bot_actions(seed, 2500)
    never = Game(seed, options=GameOptions("never"))
    asked = guard(Game(seed, options=GameOptions("ask")))
    offers = 0
    for n, action in enumerate(actions, 1):
        never.perform(action)
        offers += len(answer_all(asked, False))
        asked.perform(action)
        if n % 250 == 0 or n == len(actions):
            offers += len(answer_all(asked, False))
            assert rule_hash(asked, n) == rule_hash(never, n), n
    assert offers > 10


# ----- the bot answers one by one; replays and saves keep the waiting exact -----------------
@pytest.mark.parametrize("seed", ["s26-bot-1", "s26-bot-2", "s26-bot-3"])
def test_the_bot_answers_each_offer_and_plays_on(seed):
    game = guard(Game(seed, options=GameOptions("ask")))
    bot = Bot()
    answered = 0
    for _ in range(4000):
        if game.over:
            break
        offer = offer_waiting(game)
        action = bot.choose(game)
        before = game.actions_taken
        events = game.perform(action)
        assert game.actions_taken == before + 1 or offer is None, texts(events)
        answered += offer is not None
        if game.actions_taken == before:
            game.perform(Wait())
    for _ in range(20):  # (the last action may have been stopped by an offer: answer it)
        if not waiting(game):
            break
        game.perform(bot.choose(game))
    assert answered > 10 and not waiting(game)
    assert game.over or game.round > 200  # it played on: rounds went by, or it ended


def test_a_replay_with_answers_verifies_and_a_save_taken_while_waiting_loads_waiting(tmp_path):
    game = guard(Game("s26-bot-2", options=GameOptions("ask")))
    attach(game, 7)
    bot = Bot()
    paused_at = []
    for _ in range(1500):
        game.perform(bot.choose(game))
        if waiting(game):
            paused_at.append(game.actions_taken)
            if len(paused_at) == 5:
                loaded = read_save(save_game(game, tmp_path, "pause"))
                assert offer_waiting(loaded) == offer_waiting(game)
                assert loaded.luck_queue == game.luck_queue
                assert loaded.state_hash() == game.state_hash()
    assert len(paused_at) > 5
    path = write_replay(game, tmp_path / "answers.replay.json")
    result = verify_file(path)
    assert result["verified"] is True, result
    record = read_record(path)
    assert any(n in paused_at for n in record.checkpoints)  # a checkpoint while waiting
    assert resimulate(record).state_hash() == game.state_hash()


def test_the_guard_catches_a_rule_that_goes_on_after_an_offer(monkeypatch):
    """The tests' guard is real: an offer its caller goes on after (the old bug) is a die
    rolled while it waits."""
    from roguelike.engine.combat import attack as combat

    real = combat.offer_luck
    monkeypatch.setattr(combat, "offer_luck", lambda *a: real(*a) and [])
    game = scenario(ROOM, party=(("leader", "warrior"),), luck_prompt="ask", seed="p0")
    assert isinstance(guard(game).streams.play, Guarded)
    trap = make_trap(game.store, game.content, game.content.traps["darts_2d6"],
                     Position(1, 4, 2), placement="room", room=0, rng=Stream("p0", "trap"))
    monkeypatch.setattr("roguelike.engine.traps.effects.offer_luck",
                        lambda *a: real(*a) and [])
    with pytest.raises(WaitingRoll):
        spring(game, trap, game.party[0])
