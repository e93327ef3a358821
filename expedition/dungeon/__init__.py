"""The dungeon layer of expedition (see DESIGN.md)."""
