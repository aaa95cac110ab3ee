"""Passwords, kept as Argon2id hashes (argon2-cffi with its default, RFC 9106 low-memory settings).

A password is 8 to 200 characters; nothing else is asked of it (length is what counts, and a
pass phrase is welcome). ``verify`` takes as long for a name nobody has as for a wrong password
(it checks against a dummy hash), so timing tells no one whether a name exists.
"""

from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

MIN_LENGTH = 8
MAX_LENGTH = 200


class BadPassword(ValueError):
    """A password that may not be chosen, with the reason for the person choosing it."""


@lru_cache(maxsize=1)
def hasher() -> PasswordHasher:
    return PasswordHasher()


def check(password: str) -> str:
    """The password if it may be chosen, else ``BadPassword``."""
    if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise BadPassword(f"a password is {MIN_LENGTH} to {MAX_LENGTH} characters long")
    return password


def hash_password(password: str) -> str:
    """The Argon2id hash to store (salted: two hashes of one password differ)."""
    return hasher().hash(check(password))


@lru_cache(maxsize=1)
def _dummy() -> str:
    return hasher().hash("not anybody's password")


def verify(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (``None``: no such account; the same work is done)."""
    if len(password) > MAX_LENGTH:
        return False
    try:
        return hasher().verify(stored or _dummy(), password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether the hash was made with weaker settings than today's (then it is replaced at log-in)."""
    try:
        return hasher().check_needs_rehash(stored)
    except InvalidHashError:
        return True


__all__ = ["MAX_LENGTH", "MIN_LENGTH", "BadPassword", "check", "hash_password", "needs_rehash", "verify"]
