"""Learn by predicting: questions a ruling's facts decide, on library and generated tables.

Pure Python + shapely like the rest of the engine. ``questions`` turns a ruling's ``outcome``
into questions whose answers are read from it (never written by hand); ``variations`` moves one
piece to the edge of the rule that decides them; ``exercises`` draws an exercise for a topic,
deterministically from a seed.
"""
