"""Combat: the attack roll and the wound (attack.py: hit on d6 >= Combat, save on d6 >=
Might), counterattacks on a trap's figure, Classic special maneuvers, encounters and morale
(morale.py), who can shoot whom (shooting.py) and range bands (targeting.py).
"""
