"""Judging screens (kiosks): a director opens one for a division; its secret URL lets anyone at
the judging table ask the word judge, and nothing else, until it expires or the director closes
it. Opening and closing are audited; each ruling is logged as a Judgment naming the screen."""

import datetime
import secrets

from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import audited_create, audited_update
from core.refusal import Refusal
from games.engine.word_lists import loaded_lexicon
from tournaments.models import Division

from ..engine.lexicon import judge
from ..models import JudgeKiosk, Judgment, Lexicon

MIN_HOURS, MAX_HOURS = 1, 24
KIOSK_FIELDS = ["division", "lexicon", "expires_at", "closed_at"]

HOURS_OUT_OF_RANGE = gettext_noop("A judging screen stays open from %(low)d to %(high)d hours.")
NO_WORD_LIST = gettext_noop(
    "No word list is loaded, so nothing can be judged: upload one under Word lists first."
)
ALREADY_CLOSED = gettext_noop("This judging screen is closed already.")


class KioskRefused(Refusal):
    """A judging screen that cannot be opened or closed as asked."""


def kiosk_open(
    *, by, division: Division, lexicon: Lexicon | None, hours: int, now=None
) -> JudgeKiosk:
    """Open a judging screen on ``lexicon`` for ``hours`` (1 to 24); the token is its URL."""
    if lexicon is None:
        raise KioskRefused(NO_WORD_LIST)
    if not MIN_HOURS <= hours <= MAX_HOURS:
        raise KioskRefused(HOURS_OUT_OF_RANGE, low=MIN_HOURS, high=MAX_HOURS)
    now = now or timezone.now()
    kiosk = JudgeKiosk(
        token=secrets.token_urlsafe(24),
        division=division,
        lexicon=lexicon,
        opened_by=by if getattr(by, "is_authenticated", False) else None,
        expires_at=now + datetime.timedelta(hours=hours),
    )
    # The token stays out of the audit entry: the log is readable by more people than the table.
    return audited_create(
        by=by,
        instance=kiosk,
        fields=KIOSK_FIELDS,
        action="judge_kiosk.open",
        tournament_id=division.tournament_id,
    )


def kiosk_close(*, by, kiosk: JudgeKiosk, now=None) -> JudgeKiosk:
    """Close a judging screen at once: its URL stops working."""

    def check(locked: JudgeKiosk, changes: dict) -> None:
        if locked.closed_at is not None:
            raise KioskRefused(ALREADY_CLOSED)

    return audited_update(
        by=by,
        instance=kiosk,
        fields=KIOSK_FIELDS,
        changes={"closed_at": now or timezone.now()},
        check=check,
        action="judge_kiosk.close",
        tournament_id=kiosk.division.tournament_id,
    )


def open_kiosk(token: str, now=None) -> JudgeKiosk | None:
    """The judging screen of ``token`` while it is open; None when unknown, closed or expired."""
    if not token or len(token) > 64:
        return None
    kiosk = (
        JudgeKiosk.objects.select_related("lexicon", "division__tournament")
        .defer("lexicon__word_list")
        .filter(token=token)
        .first()
    )
    return kiosk if kiosk is not None and kiosk.is_open(now or timezone.now()) else None


def kiosk_judgment(*, kiosk: JudgeKiosk, words: list[str]) -> Judgment:
    """Rule on a play at a judging screen (its own word list); logged with the screen."""
    acceptable = judge(loaded_lexicon(kiosk.lexicon), words)
    return Judgment.objects.create(
        lexicon=kiosk.lexicon, words=words, acceptable=acceptable, kiosk=kiosk
    )
