"""How strong a new password is, judged by zxcvbn (Dropbox's estimator), with its reasons as catalog keys.

zxcvbn scores a password 0–4 by the guesses an attacker needs, knowing common passwords, words, names,
keyboard rows, repeats, sequences and dates. A new account's password needs ``MIN_SCORE``; the account's name
counts as a word the attacker knows. zxcvbn explains itself in English: its warnings are mapped to keys of
the ``web`` catalog (``web.password.<reason>``), so the page says why in its own language.
"""

from __future__ import annotations

from typing import Any

from zxcvbn import zxcvbn

MIN_SCORE = 3  # "safely unguessable: moderate protection from offline slow-hash scenario"
MAX_JUDGED = 72  # zxcvbn judges at most this many characters (its cost grows with length): the start is judged

# zxcvbn's warnings (feedback.warning) → catalog reason; the first whose text starts a warning wins
WARNINGS = (
    ("This is a top-10 common password", "common"),
    ("This is a top-100 common password", "common"),
    ("This is a very common password", "common"),
    ("This is similar to a commonly used password", "common"),
    ("Straight rows of keys are easy to guess", "keyboard"),
    ("Short keyboard patterns are easy to guess", "keyboard"),
    ('Repeats like "aaa" are easy to guess', "repeats"),
    ('Repeats like "abcabcabc"', "repeats"),
    ("Sequences like abc or 6543 are easy to guess", "sequence"),
    ("Recent years are easy to guess", "dates"),
    ("Dates are often easy to guess", "dates"),
    ("A word by itself is easy to guess", "word"),
    ("Names and surnames by themselves are easy to guess", "name"),
    ("Common names and surnames are easy to guess", "name"),
)


def weakness(password: str, user_inputs: list[str] | None = None) -> str | None:
    """None if the password is strong enough; else the reason (``web.password.<reason>``)."""
    if not password.strip():
        return "blank"
    judged: dict[str, Any] = zxcvbn(password[:MAX_JUDGED], user_inputs=user_inputs or [])
    if judged["score"] >= MIN_SCORE:
        return None
    warning = str((judged.get("feedback") or {}).get("warning") or "")
    for text, reason in WARNINGS:
        if warning.startswith(text):
            return reason
    if any(part.casefold() in password.casefold() for part in user_inputs or () if len(part) >= 3):
        return "name"
    return "guessable"
