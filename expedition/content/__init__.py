"""The content layer of expedition (see DESIGN.md)."""
