"""games/floors."""
