"""The persistence layer of expedition (see DESIGN.md)."""
