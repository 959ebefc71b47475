"""Creatures: making characters and monsters from content (spawn.py), the party a game
starts with (starting_party.py), experience (Classic), who cannot act (helpless.py) and
what a creature carries (inventory.py: packs, treasure load on Speed, pick up, drop, give).
"""
