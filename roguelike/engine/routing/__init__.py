"""Routing: the maps creatures walk by, the terrain's cost to a monster (chase.py) and the
game's movement cost map with the distance maps kept behind it (cost_maps.py).
"""
