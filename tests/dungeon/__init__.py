"""Tests of the pure dungeon layer."""
