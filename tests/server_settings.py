"""Settings for a server a test starts (`manage.py serve` in a subprocess): production's own,
with the test run's fast password hasher.

The tests' own process swaps the hasher too (tests/conftest.py, ``fast_password_hashing``); a
server a test starts reads its settings afresh and would hash each login with production's
PBKDF2 (~0.3 s of CPU each by design), which tests logging in many times (the lockout behind the
proxy: twenty-odd logins) spent most of their time on. Nothing those tests check depends on
the hasher."""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
