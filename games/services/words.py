"""Word lists and the word judge's log. A list or a judge request that cannot be used is refused
with the lexicon core's ``LexiconError``."""

import re

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record
from games.engine.word_lists import (
    MAX_WORD_LIST_BYTES,
    decode_word_list,
    loaded_lexicon,
    read_word_list,
)

from ..engine.lexicon import LexiconError, judge
from ..models import Judgment, Lexicon

_WORD_SEPARATORS = re.compile(r"[\s,;+/]+")

NAME_NEEDED = gettext_noop("A word list needs a name.")
TOO_LARGE = gettext_noop("The file is too large (over %(mb)d MB).")
NAME_TAKEN = gettext_noop("A word list called %(name)s exists already.")
NO_WORDS_TYPED = gettext_noop("Enter the words the play formed.")
LETTERS_ONLY = gettext_noop("Use letters only, one word after another.")


def lexicon_upload(*, by, name: str, data: bytes) -> Lexicon:
    """Store a word list (one word per line). Refuses a file over the size limit, a name already
    taken, or a line that is not a word (naming that line); nothing is saved then."""
    name = name.strip()
    if not name:
        raise LexiconError(NAME_NEEDED)
    if len(data) > MAX_WORD_LIST_BYTES:
        raise LexiconError(TOO_LARGE, mb=MAX_WORD_LIST_BYTES // 2**20)
    word_list = read_word_list(decode_word_list(data))
    with transaction.atomic():
        if Lexicon.objects.filter(name__iexact=name).exists():
            raise LexiconError(NAME_TAKEN, name=name)
        lexicon = Lexicon.objects.create(
            name=name,
            checksum=word_list.checksum,
            word_count=len(word_list.words),
            word_list=word_list.text,
            uploaded_by=by if getattr(by, "is_authenticated", False) else None,
        )
        audit_record(
            by=by,
            action="lexicon.upload",
            obj=lexicon,
            after={"name": name, "checksum": word_list.checksum, "words": lexicon.word_count},
        )
    return lexicon


def words_from_text(text: str) -> list[str]:
    """The words of a play as typed: separated by spaces, commas or new lines; upper case."""
    words = [w.upper() for w in _WORD_SEPARATORS.split(text.strip()) if w]
    if not words:
        raise LexiconError(NO_WORDS_TYPED)
    if not all(w.isalpha() for w in words):
        raise LexiconError(LETTERS_ONLY)
    return words


def judgment_record(*, by, lexicon: Lexicon, words: list[str]) -> Judgment:
    """Rule on a play as a whole and log the ruling. The Judgment row is itself the log (who,
    when, which list, which words), so no audit entry repeats it."""
    words = [w.strip().upper() for w in words if w.strip()]
    if not words:
        raise LexiconError(NO_WORDS_TYPED)
    acceptable = judge(loaded_lexicon(lexicon), words)
    return Judgment.objects.create(
        lexicon=lexicon,
        words=words,
        acceptable=acceptable,
        by=by if getattr(by, "is_authenticated", False) else None,
    )
