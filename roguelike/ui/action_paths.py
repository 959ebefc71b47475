"""Every engine action kind and the way a player reaches it from the UI.

One row per kind in the engine's action registry (engine/rule_registry.py): how the player gets
there (a key of content/keymap.toml, a menu that key opens, a prompt the game puts up) or,
for the actions only creatures take, why no key leads there. tests/test_action_paths.py
holds this table to the registry both ways (a new action kind with no row fails) and drives
each path through the real keys. Add a row with every new action kind.
"""

from __future__ import annotations

from dataclasses import dataclass

# how a path starts
KEY = "key"  # a keymap command does it (`command`; "move" for the movement keys)
MENU = "menu"  # an entry of a menu that the keymap command `command` opens
PROMPT = "prompt"  # a question the game asks by itself (`command` names the screen)
CREATURES = "creatures"  # no player command: only monsters and Pillagers take it
VIAS = (KEY, MENU, PROMPT, CREATURES)


@dataclass(frozen=True)
class UIPath:
    via: str
    command: str
    how: str  # what the player does, in the words of the help


ACTION_PATHS: dict[str, UIPath] = {
    # moving and turns
    "step": UIPath(KEY, "move", "a movement key (arrows, hjklyubn, keypad); o, G and a "
                   "click walk step by step"),
    "end_move": UIPath(KEY, "rest_or_end", "'.' with a move under way"),
    "wait": UIPath(KEY, "rest_or_end", "'.' with no move under way"),
    "lead": UIPath(KEY, "next_leader", "Tab, or a click on a party member"),
    "stairs": UIPath(KEY, "descend", "'>' (and '<' up)"),
    "rest": UIPath(KEY, "rest", "R"),
    "quit": UIPath(KEY, "quit", "Q, then y"),
    # fighting
    "attack": UIPath(KEY, "autofight", "F (auto-fight); a toward a foe: Attack; walking "
                     "into a foe attacks it too (recorded as the step)"),
    "shoot": UIPath(KEY, "fire", "f, then Tab / Enter in the targeting view (F shoots too)"),
    "maneuver": UIPath(MENU, "act", "a toward a foe: Knock Down, Force Back or Disarm"),
    "get_up": UIPath(MENU, "act", "a, '.' (own square) while Prone: Get up (F does too)"),
    "recover_weapon": UIPath(MENU, "act", "a, '.' with the weapon knocked away: Pick up "
                             "your weapon (',' and F do too)"),
    "cast": UIPath(KEY, "cast", "z, the spell, the target; Heal then asks the location, "
                   "a wall its direction"),
    "pledge_initiative": UIPath(KEY, "pledge_luck", "L: 1 luck of the delver to act on its "
                                "next initiative roll in a fight (again for more)"),
    "spend_luck": UIPath(PROMPT, "luck_prompt", "y at the luck prompt after a failed roll"),
    "keep_roll": UIPath(PROMPT, "luck_prompt", "n at the luck prompt"),
    # doors
    "open": UIPath(MENU, "act", "a toward a closed door: Open the door; walking into it "
                   "opens it too (recorded as the step)"),
    "close_door": UIPath(MENU, "act", "a toward an open door: Close the door"),
    "force_door": UIPath(MENU, "act", "a toward a stuck door: Force (o offers it too)"),
    "break_door": UIPath(MENU, "act", "a toward a locked door: Break it down (o offers it "
                         "too)"),
    "pick_lock": UIPath(MENU, "act", "a toward a locked door, with a Rogue's lockpicks: "
                        "Pick the lock (o offers it too)"),
    "lock_door": UIPath(MENU, "act", "a toward a closed door, with lockpicks: Lock it"),
    "listen": UIPath(MENU, "act", "a toward a closed door: Listen"),
    "search_doors": UIPath(MENU, "act", "a, '.' (own square): Search the walls again"),
    # traps
    "search": UIPath(KEY, "search", "s (o searches too when nothing else is left)"),
    "expose": UIPath(MENU, "act", "a, '.' (own square): look the squares around over"),
    "disarm": UIPath(MENU, "act", "a toward a known trap: Disarm quickly or slowly"),
    "struggle": UIPath(MENU, "act", "a, '.' while caught, or any movement key"),
    "free": UIPath(MENU, "act", "a toward a trapped companion or a sealed door: Free"),
    # things
    "pick_up": UIPath(KEY, "pickup", "',' or g"),
    "drop": UIPath(KEY, "drop", "d"),
    "give": UIPath(MENU, "act", "a toward a companion: Give the ..."),
    "take": UIPath(MENU, "act", "a toward a companion who cannot act (down, stone, "
                   "asleep ...): Take the ... from ..."),
    "drag": UIPath(MENU, "act", "a toward a companion who cannot act: Drag ... to safety: "
                   "step back ... (one entry a way back)"),
    "bank": UIPath(MENU, "act", "a, '.' in the Camp carrying treasure: Bank (a step in "
                   "the Camp banks by itself)"),
    "use_item": UIPath(KEY, "use", "U or q: the item, then whom / where; t or v throws"),
    "retry_check": UIPath(MENU, "act", "a toward an event marker: Retry the Wits check "
                          "(',' beside a marker with hidden treasure too)"),
    # creatures only
    "advance": UIPath(CREATURES, "", "a monster's walk toward the party in one decision"),
    "pillager_step": UIPath(CREATURES, "", "a Pillager's step through any door"),
    "grab": UIPath(CREATURES, "", "a Pillager takes loot"),
    "deposit": UIPath(CREATURES, "", "a Pillager unloads at its camp"),
}
