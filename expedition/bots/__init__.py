"""Provides bots that play the game through the session port, as a player would, and a runner for them."""
