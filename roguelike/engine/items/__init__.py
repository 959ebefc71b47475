"""Items and spells: using items (item_use.py: lights, Healing Salve, the Crystal Ball,
thrown oil and holy water), Traps & Treasure spells (spells.py), what the party has to see
by and to spend (supplies.py) and what an aimed shot, spell or throw would do (aim.py).
"""
