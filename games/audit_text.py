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
            "broadcast.mark": naming(gettext_noop("Broadcast the game %(name)s")),
            "broadcast.unmark": naming(gettext_noop("Stopped broadcasting the game %(name)s")),
            "broadcast.delay": naming(gettext_noop("Set the broadcast delay of %(name)s")),
            "broadcast.top_tables": naming(
                gettext_noop("Set the top tables broadcast in %(name)s")
            ),
            "integrity.flag_dismiss": naming(
                gettext_noop("Dismissed the integrity flag %(name)s with a note"), "key"
            ),
        },
        related={
            "games.game": ["first_player", "second_player"],
            "games.judgekiosk": ["division__tournament"],
            "games.eventbroadcast": ["tournament"],
            "games.divisionbroadcast": ["division__tournament"],
            "games.broadcastmark": ["game__first_player", "game__second_player"],
        },
    )
