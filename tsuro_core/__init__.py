"""Tsuro, the game of the path: the rules engine."""

__version__ = "0.1.0"
