"""Rest and healing: a rest is one exploration turn and is how wounds heal and injuries
end (resting_turn.py); healing boxes and getting back up (healing.py).
"""
