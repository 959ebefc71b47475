"""Words the game's messages share: counts with their plurals, where a square lies, and the
article before a name.

Every message that counts something ("1 square", "3 rounds") or points somewhere ("4 squares
north-east") goes through here, so none says "1 squares" or gives raw coordinates; every
"a" or "the" put before a name read from a file or given by the player does too, so none
says "a Orc", "the Vex" or "The The Cage".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from roguelike.core.components import Character, Named

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game

COMPASS = {(0, -1): "north", (0, 1): "south", (1, 0): "east", (-1, 0): "west",
           (1, -1): "north-east", (-1, -1): "north-west", (1, 1): "south-east",
           (-1, 1): "south-west"}
IRREGULAR = {"box": "boxes", "luck": "luck", "gp": "gp", "XP": "XP"}


def plural(n: int, noun: str, many: str = "") -> str:
    """'1 square', '2 squares', '0 squares'; `many` for a plural not made with -s."""
    if n == 1 or n == -1:
        return f"{n} {noun}"
    return f"{n} {many or IRREGULAR.get(noun) or noun + 's'}"


def box_change(attribute: str, before: int, after: int, boxes_left: int) -> str:
    """What a wound or a heal did to a location's attribute: 'Wits 5 -> 6'; when the next
    box holds the same value, that it stays, with the boxes left there ('Wits stays 6 (no
    box left there)': 'Wits 6 -> 6' read as a misprint)."""
    attr = attribute.capitalize()
    if after != before:
        return f"{attr} {before} -> {after}"
    left = plural(boxes_left, "box") if boxes_left else "no box"
    return f"{attr} stays {after} ({left} left there)"


def compass(dx: int, dy: int) -> str:
    """The rough compass point of an offset ('' for none): diagonal when the smaller part
    is at least half the larger."""
    sx = (dx > 0) - (dx < 0) if 2 * abs(dx) >= abs(dy) else 0
    sy = (dy > 0) - (dy < 0) if 2 * abs(dy) >= abs(dx) else 0
    return COMPASS.get((sx, sy), "")


def direction_words(a: tuple[int, int], b: tuple[int, int]) -> str:
    """'4 squares north-east' from a to b: the rough compass point and the range."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    dist = max(abs(dx), abs(dy))
    if dist == 0:
        return "here"
    return f"{plural(dist, 'square')} {compass(dx, dy)}"


# Words that start with a vowel letter but a consonant sound ("a unicorn", "a one-eyed"),
# and with a consonant letter but a vowel sound ("an hour")
_CONSONANT_SOUND = re.compile(r"(uni|use|usu|uti|ura|ure|eu|ewe|one|once)", re.IGNORECASE)
_VOWEL_SOUND = re.compile(r"(hour|honou?r|honest|heir)", re.IGNORECASE)


def _an(word: str) -> bool:
    if word[:1].isdigit():  # "an 8", "an 11", "an 18", "a 6"
        digits = re.match(r"\d+", word)
        number = digits.group() if digits else word
        return number.startswith("8") or (number[:2] in ("11", "18")
                                          and len(number) % 3 == 2)
    if _VOWEL_SOUND.match(word):
        return True
    return word[:1].lower() in "aeiou" and not _CONSONANT_SOUND.match(word)


def a_an(phrase: str) -> str:
    """'an Orc', 'a Goblin', 'an Air Elemental', 'a Unicorn', 'an 8', 'a 6'."""
    return f"{'an' if _an(phrase) else 'a'} {phrase}"


def capital(text: str) -> str:
    """The sentence-start form: the first letter made capital, the rest as it is."""
    return text[:1].upper() + text[1:]


def the_trap(name: str) -> str:
    """A trap named as a sentence's subject or object: 'the Gas; Sickening trap' (the
    seed's names list a kind and its variants; 'The Gas; Sickening hits' read as nonsense,
    and 'The Darts (2d6) hits' as bad grammar), 'the Arrow Trap', 'the Cage' (for 'The
    Cage')."""
    if name.startswith("The "):
        return "the " + name[4:]
    return f"the {name}" if name.endswith(" Trap") else f"the {name} trap"


# A lasting trap effect's kind (content/traps: a hazard step's `kind`) as a noun; the rest
# read as they are, underscores made spaces ("acid_pool": "acid pool")
HAZARD_NOUNS = {"blocked": "block", "pit_lid": "pit's lid", "room_seal": "sealed room",
                "pit_flooded": "flooded pit", "crush_walls": "closing walls",
                "spin_wall": "spinning wall", "saw": "buzz saw", "hand": "monstrous hand",
                "weight": "fallen weight", "balls": "steel balls"}


def hazard_noun(kind: str) -> str:
    """'acid pool', 'gas', 'block' (for 'blocked': "A blocked blocks the way")."""
    return HAZARD_NOUNS.get(kind, kind.replace("_", " "))


# the lasting trap effects whose nouns are plural ('The closing walls ... are gone')
PLURAL_HAZARDS = frozenset({"crush_walls", "balls", "vines"})


def hazard_is(kind: str) -> str:
    """The verb 'is' agreeing with hazard_noun(kind): 'are' for the closing walls."""
    return "are" if kind in PLURAL_HAZARDS else "is"


def proper_name(game: StoreAndContent, eid: int) -> bool:
    """Whether `eid` is called by a name of its own: a delver the player named ('Vex'),
    not one called by its role and class ('Leader Warrior') nor a creature by its kind."""
    char = game.store.try_get(eid, Character)
    named = game.store.try_get(eid, Named)
    if char is None or named is None:
        return False
    content = game.content
    return named.name != f"{content.roles[char.role].name} {content.classes[char.klass].name}"


def _name(store: EntityStore, eid: int) -> str:
    named = store.try_get(eid, Named)
    return named.name if named else f"#{eid}"


def the_name(game: Game, eid: int) -> str:
    """'the Orc', 'the Leader Warrior', but 'Vex' (a name of its own takes no article)."""
    name = _name(game.store, eid)
    if proper_name(game, eid):
        return name
    return "the " + name[4:] if name.startswith("The ") else f"the {name}"


def a_name(game: Game, eid: int) -> str:
    """'an Orc', 'a Pillager', but 'Vex'."""
    name = _name(game.store, eid)
    return name if proper_name(game, eid) else a_an(name)
