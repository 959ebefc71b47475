"""Light: carried lights make squares bright or dim; the party sees the lit squares in
view (lighting.py).
"""
