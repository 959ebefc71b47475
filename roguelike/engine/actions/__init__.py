"""Actions: what a creature does with its turn. The basic actions (basic.py: step, open a
door, attack, end a move, wait, lead, take the stairs), fight actions beyond melee
(fight_actions.py), one step of a walk (walking.py), the party moving together outside a
fight (marching.py), dragging a companion (drag.py) and giving up (abandon.py).
"""
