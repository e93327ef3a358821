"""The screens of the Textual app."""
