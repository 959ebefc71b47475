"""The help screen's words: keys, then what the screen shows and how a turn goes, built from
the content (glyphs, hit-box cards, spells) and, during a game, the party's own numbers.

Also the short how-to a first game opens with (HOW_TO), which the help repeats in full."""

from __future__ import annotations

from rich.markup import escape

from roguelike.content.loader import Content
from roguelike.core.components import Character
from roguelike.engine.base.stats import attribute, name_of
from roguelike.engine.base.words import a_an, plural
from roguelike.engine.game import Game
from roguelike.engine.rest.resting_turn import PLACE_WORDS
from roguelike.engine.status.checks import fatigue_penalty
from roguelike.ui.glyphs import legend, map_kinds

MOUSE_HELP = [("click a square", "travel there"), ("hover over a square", "describe it"),
              ("click a party member", "lead them (out of combat)")]

HOW_TO = """\
[b]Traps & Treasure: how to play[/b]

You lead three delvers ([b]W[/b] Warrior, [b]R[/b] Rogue, [b]M[/b] Mage). Bank treasure \
([b]$[/b]) in the Camp, the room you start in; go deeper by the stairs ([b]>[/b]). Win by \
carrying the Heart of the Deep up from the lowest depth and out.

[b]Moving[/b]  arrows, hjklyubn or the keypad. Walk into a foe to attack it, into a door \
to open it. [b]o[/b] explores, [b]G[/b] travels, [b]a[/b] acts on what is beside you, \
[b]x[/b] looks, [b]F[/b] fights, [b]U[/b] uses an item.
[b]Turns[/b]  every round each creature rolls a d6: the highest acts first, two actions \
each. With no foe in view the others follow the one you lead in step; in a fight each \
delver takes its own turn ([b].[/b] ends it).
[b]Rolls[/b]  Wits, Might and Combat are targets: roll that or higher on a d6 (lower is \
better). Speed is how far you move (higher is better). Luck buys a failed roll back.
[b]Wounds[/b]  a hit crosses a box on the sidebar and the attribute worsens; a spent Head \
or Torso knocks a delver out. [b]R[/b] rests to heal (never with foes in view).

[b]?[/b] shows the keys, the map's symbols and all of this again.
"""


def _rows(rows: list[tuple[str, str]]) -> str:
    return "\n".join(f"[b]{escape(k)}[/b]: {escape(v)}" for k, v in rows)


def _legend(content: Content) -> str:
    monsters = map_kinds(content)["monster"]
    lines = [f" [b]{escape(g)}[/b]  {escape(words)}" for g, words in legend(content)
             if g not in monsters]
    shown = ", ".join(f"[b]{escape(g)}[/b] {escape(' / '.join(names))}"
                      for g, names in monsters.items())
    lines.append(f" Monsters (a family shares a letter): {shown}")
    return "\n".join(lines)


SIDEBAR = """\
Each delver has a card: the name (> acting now, * the one you lead) and, at the end of \
that line, [b]Luck 10[/b]: its luck (L10 where the name leaves no room). Then one line \
per body location: [b]H[/b] head (Wits), [b]T[/b] torso (Might), [b]A[/b] arms (Combat), \
[b]L[/b] legs (Speed). The digits are \
its boxes, each the value the attribute has while that box is the first open one: [b]T \
33456[/b] is Might 3 now; a wound there crosses a box ([b]x[/b]) and Might becomes the \
next digit. The last digits, on a gray ground, are the floor: never crossed. A location \
with only gray left is spent (further wounds go to the Torso); a spent Head or Torso \
knocks the delver out (while it has luck) or disables it. [b]Wi5 Mi3 Co3 Sp6[/b] are the \
attributes now, followed by any conditions (PSN 3: Poisoned, 3 rounds left; the \
character sheet, c, names them all). [b]Sp4(6)[/b]: a Move gives 4 squares now, not the \
6 of the boxes (each Treasure carried takes 1; exhaustion and some conditions more).
Below the cards, each light: [b]Leader: Lantern 23 turns +4[/b] is the Leader's Oil \
Lantern with 23 exploration turns left and 4 refills (Flasks of Oil) in the Leader's pack \
([b]t[/b] 6 turns, torches; [b](out)[/b]: put out for a rest in the dark). A light marked \
[b]![/b] will go out for good within 2 turns: nothing in its bearer's pack refills it \
(give it fuel or a torch with a, or light another with U); the log warns once, and o, G \
and R stop. [b]Spare[/b]: the lights and fuel carried besides. [b]Gold[/b]: the treasure \
carried and the gp banked in the Camp (only banked treasure scores).
Then the initiative of the round: [b]Initiative R3 W6 R3 p2×5 M3[/b] is round 3 and who \
acts, in order, with the d6 each rolled; [b]p2×5[/b] is the level's five Pillagers, who \
roll one initiative as a group (each still takes its own turn)."""

ATTRIBUTES = """\
[b]Wits, Might and Combat are targets[/b]: a check succeeds on a d6 roll of that number or \
higher, so [b]lower is better[/b] (Combat 3 hits on 3, 4, 5 or 6: 4 in 6). Combat is to hit, \
Might to save against a wound, Wits to cast, pick locks and read event markers. \
[b]Speed is the reverse[/b]: the squares one Move action takes you, so [b]higher is \
better[/b]; every treasure carried costs 1 Speed. [b]Luck[/b] (L on the card) buys a failed \
roll 1 for 1 (the game asks after the roll; a miss by more than 3, or a natural 1 in a \
fight, cannot be bought). It asks one roll at a time and the rest waits for your answer: \
a volley of darts asks about each failed save in turn. By default it asks only where the \
failure hurts a delver (a save against a wound, a trap or poison, a marker's check); a \
miss, a fizzled spell or a lock that holds stands unasked (Options, 3: ask after every \
failed roll, or never). With luck left, a spent Head or \
Torso only knocks a delver out."""

TURN = """\
Every round every creature and the Pillagers roll a d6 for initiative; the count runs from 6 \
down to 1 (ties: the higher Rank, then Speed), and each takes [b]two actions[/b]: Move (up \
to Speed squares), Attack, Cast a spell, Use or throw an item, Break a door, Retry a \
marker's Wits check, Lock or unlock, Give, Take from or Drag a companion who cannot act (out \
of an acid pool: a step back, hauling them into your square), Pick up. With no foe in view \
(a Pillager keeping its distance is none: it fights only once walked into, or when it \
strikes a delver in its way) [b]the party moves together[/b]: its turns come at one count, \
the one you lead (Tab) first and in front; the others follow it step for step out of their \
own Moves; travel (G) and auto-explore (o) wait for one left behind (saying so when it is \
the slower, or not up after a turn), wait (or rest) for one knocked out to come round, and \
go round a Pillager standing in the way when there is another way; with none, the party \
steps back into the open (the delver at the back leading) to let it pass, then goes on (one \
that stays put is named once, then explored round, and with nothing else left o offers to \
walk up to it); o asks who carries the first treasure it finds and takes that answer again \
at the next (any key stops; o then asks); o walks out of a Pillager's reach to rest (where \
there is no such ground it says what else to do), and where the only way on is through a \
lasting trap effect (a fire, a buzz saw) asks once, Enter walking the party through; and a \
command that needs an action of its own (pick up, use, search, cast ...) after a step ends \
the move by itself, in the next turn if the move was the last action. With a foe in view \
each delver acts on its own count. The status line says whose turn it is, which action and \
the movement points left; [b].[/b] ends a move early, or the turn. In a fight [b]F[/b] plays \
the party's whole round for you, each delver on its count: shooters and casters from afar \
(never walking into melee), a delver beside a foe strikes it, the others close in as far as \
the move goes, the badly hurt step back while a companion holds the line, and nobody steps \
onto a known trap, and one with nothing to reach drags a companion down beside a foe back \
out of its reach where that is safe; it stops when something new happens (a foe comes, a \
delver goes down, a condition lands, luck is asked) or the fight ends. A fight with \
Pillagers alone it plays round after round to its end (more Pillagers joining are no news), \
and [b]o[/b] pressed in one fights it out the same way, then explores on."""


def _resting(content: Content) -> str:
    """What `R` does and the healing table's rows (Light Rest, Bed Rest), from the content."""
    data = content.explore
    rows = "; ".join(f"[b]{escape(k.name)}[/b] {PLACE_WORDS[k.place]}: up to "
                     f"{plural(k.boxes, 'box')} per delver" for k in data.rest_kinds)
    return (f"[b]R[/b] rests an exploration turn ({data.rounds_per_turn} rounds: the lights "
            "burn, wandering monsters may come, Pillagers keep looting), and each delver "
            f"heals by the best row of the healing table for where it lies: {rows}. A foe "
            "coming into view or a wound breaks the rest, and it heals nothing. Injured (after "
            "a knock-out) ends only with a rest begun whole: one rest per injury, after a "
            "Might check. [b]R[/b] goes on resting while it still heals.")


def _odds(target: int) -> str:
    hits = max(0, min(6, 7 - target))
    return f"{hits} in 6"


def _casters(content: Content, game: Game | None) -> str:
    """Who casts and how often it works: the party's own Wits during a game, else each
    spell-casting class's starting Wits."""
    if game is not None:
        out = []
        for eid in game.party:
            if not content.classes[game.store.get(eid, Character).klass].spells:
                continue
            wits = attribute(game.store, eid, "wits") + fatigue_penalty(game, eid)
            out.append(f"{name_of(game.store, eid)} (Wits {wits}): {_odds(wits)}")
        if out:
            return "; ".join(out)
    out = []
    for cls in content.classes.values():
        if cls.spells:
            wits = next(loc.boxes[0] for loc in cls.locations if loc.attribute == "wits")
            out.append(f"{a_an(cls.name)} (Wits {wits} at the start): {_odds(wits)}")
    return "; ".join(out)


def _spells(content: Content, game: Game | None) -> str:
    spells = content.explore.spells
    lines = [f"Casting is a Wits check, d6 >= the caster's Wits: "
             f"{escape(_casters(content, game))}. A failed cast spends the action (luck can "
             "still buy it)."]
    for spell in spells.values():
        reach = "self or beside" if spell.range <= 1 else f"range {spell.range}"
        lasts = "" if spell.duration == "0" else f", lasts {spell.duration} rounds"
        lines.append(f" [b]{escape(spell.name)}[/b] ({reach}{lasts}): {escape(spell.text)}")
    return "\n".join(lines)


def help_text(content: Content, key_rows: list[tuple[str, str]], game: Game | None = None
              ) -> str:
    sections = [
        ("Keys", "(change them in keymap.toml in your save folder)", _rows(key_rows)),
        ("Mouse", "", _rows(MOUSE_HELP)),
        ("The map", "(one symbol, one kind of thing; colour only helps)", _legend(content)),
        ("Your delvers (the sidebar)", "", SIDEBAR),
        ("Rolls, attributes and luck", "", ATTRIBUTES),
        ("A turn", "", TURN),
        ("Resting", "", _resting(content)),
        ("Spells", "", _spells(content, game)),
    ]
    contents = "[dim]Here: " + " / ".join(t for t, _n, _b in sections) + \
        " (arrows and PgUp/PgDn scroll, Escape closes)[/dim]"
    parts = [f"[b]{title}[/b] {note}".rstrip() + "\n" + body for title, note, body in sections]
    return contents + "\n\n" + "\n\n".join(parts) + "\n\n[dim]Escape closes.[/dim]"
