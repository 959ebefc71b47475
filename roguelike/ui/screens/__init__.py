"""The game's screens: the main menu, the dungeon, and modal dialogs."""
