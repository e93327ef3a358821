"""The net layer of expedition (see DESIGN.md)."""
