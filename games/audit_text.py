"""The scoresheet and word-list actions of the audit log in words (``GamesConfig.ready``)."""

from django.utils.translation import gettext_noop as N_

from core.audit_text import naming, register


def register_describers() -> None:
    register(
        {
            "game.create": naming(N_("Started a scoresheet: %(name)s")),
            "game.import": naming(N_("Imported a scoresheet: %(name)s")),
            "game.turn": naming(N_("Recorded a turn on the scoresheet %(name)s")),
            "game.undo": naming(N_("Took back the last turn on the scoresheet %(name)s")),
            "game.challenge": naming(N_("Recorded a challenge on the scoresheet %(name)s")),
            "game.playoff": naming(N_("Recorded a play-off word on the scoresheet %(name)s")),
            "game.forfeit": naming(N_("Recorded a forfeit on the scoresheet %(name)s")),
            "lexicon.upload": naming(N_("Uploaded the word list %(name)s")),
            "judge_kiosk.open": naming(N_("Opened a judging screen for %(name)s")),
            "judge_kiosk.close": naming(N_("Closed the judging screen for %(name)s")),
        },
        related={
            "games.game": ["first_player", "second_player"],
            "games.judgekiosk": ["division__tournament"],
        },
    )
