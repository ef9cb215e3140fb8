"""The scoresheet and word-list actions of the audit log in words (``GamesConfig.ready``)."""

from django.utils.translation import gettext_noop

from core.audit_text import naming, register


def register_describers() -> None:
    register(
        {
            "game.create": naming(gettext_noop("Started a scoresheet: %(name)s")),
            "game.import": naming(gettext_noop("Imported a scoresheet: %(name)s")),
            "game.turn": naming(gettext_noop("Recorded a turn on the scoresheet %(name)s")),
            "game.undo": naming(gettext_noop("Took back the last turn on the scoresheet %(name)s")),
            "game.challenge": naming(
                gettext_noop("Recorded a challenge on the scoresheet %(name)s")
            ),
            "game.playoff": naming(
                gettext_noop("Recorded a play-off word on the scoresheet %(name)s")
            ),
            "game.end_racks": naming(
                gettext_noop("Recorded the tiles left on the racks on the scoresheet %(name)s")
            ),
            "game.forfeit": naming(gettext_noop("Recorded a forfeit on the scoresheet %(name)s")),
            "lexicon.upload": naming(gettext_noop("Uploaded the word list %(name)s")),
            "judge_kiosk.open": naming(gettext_noop("Opened a judging screen for %(name)s")),
            "judge_kiosk.close": naming(gettext_noop("Closed the judging screen for %(name)s")),
        },
        related={
            "games.game": ["first_player", "second_player"],
            "games.judgekiosk": ["division__tournament"],
        },
    )
