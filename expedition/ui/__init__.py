"""The ui layer of expedition (see DESIGN.md)."""
