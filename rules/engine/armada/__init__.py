"""Star Wars: Armada (RRG 1.5.0): pieces, the maneuver tool, overlapping, squadrons, obstacle moves.

The core sees this package only through ``rules.engine.armada.game.GAME``.
"""
