"""games/shadows."""
