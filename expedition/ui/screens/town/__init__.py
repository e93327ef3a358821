"""town."""
