"""An uploaded text file's bytes as text, whichever of the usual encodings it was saved in.

Pure: a roster, a word list and a TSH file are all read through it (tests/test_pure_cores.py).
"""

from __future__ import annotations


def decode_upload(data: bytes) -> str:
    """UTF-8 (a leading byte-order mark dropped) when the bytes are valid UTF-8, otherwise
    ISO-8859-1, which decodes any bytes (older programs save their files in it)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")
