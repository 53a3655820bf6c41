"""games/rose."""
