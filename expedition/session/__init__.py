"""The session layer of expedition (see DESIGN.md)."""
