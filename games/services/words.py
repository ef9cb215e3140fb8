"""Word lists and the word judge's log."""

import re

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record

from ..engine.lexicon import judge
from ..lexicons import MAX_WORD_LIST_BYTES, decode_word_list, loaded_lexicon, read_word_list
from ..models import Judgment, Lexicon

_WORD_SEPARATORS = re.compile(r"[\s,;+/]+")


def lexicon_upload(*, by, name: str, data: bytes) -> Lexicon:
    """Store a word list (one word per line). Refuses a file over the size limit, a name already
    taken, or a line that is not a word (naming that line); nothing is saved then."""
    name = name.strip()
    if not name:
        raise ValidationError(_("A word list needs a name."))
    if len(data) > MAX_WORD_LIST_BYTES:
        raise ValidationError(
            _("The file is too large (over %(mb)d MB).") % {"mb": MAX_WORD_LIST_BYTES // 2**20}
        )
    word_list = read_word_list(decode_word_list(data))
    with transaction.atomic():
        if Lexicon.objects.filter(name__iexact=name).exists():
            raise ValidationError(_("A word list called %(name)s exists already.") % {"name": name})
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
        raise ValidationError(_("Enter the words the play formed."))
    if not all(w.isalpha() for w in words):
        raise ValidationError(_("Use letters only, one word after another."))
    return words


def judgment_record(*, by, lexicon: Lexicon, words: list[str]) -> Judgment:
    """Rule on a play as a whole and log the ruling. The Judgment row is itself the log (who,
    when, which list, which words), so no audit entry repeats it."""
    words = [w.strip().upper() for w in words if w.strip()]
    if not words:
        raise ValidationError(_("Enter the words the play formed."))
    acceptable = judge(loaded_lexicon(lexicon), words)
    return Judgment.objects.create(
        lexicon=lexicon,
        words=words,
        acceptable=acceptable,
        by=by if getattr(by, "is_authenticated", False) else None,
    )
