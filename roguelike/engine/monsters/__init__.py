"""Monsters: one decision per call for every creature the player does not control (ai.py,
monster_ai.py), and the Pillagers, rival looters with their maps (pillagers.py,
pillager_maps.py).
"""
