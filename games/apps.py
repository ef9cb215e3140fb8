from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games and scoresheets")

    def ready(self) -> None:
        from .audit_text import register_describers

        register_describers()
        # A result entered for a pairing stops its game's table clock.
        from tournaments.signals import result_saved

        from .services.clock import stop_clock_on_result

        result_saved.connect(stop_clock_on_result, dispatch_uid="games.stop_clock_on_result")
        # Tournaments sit below games: an event's archive keeps its scoresheets through this.
        from tournaments.archive.sections import register

        from .archive import GAMES_SECTION
        from .broadcast.archive import BROADCAST_SECTION
        from .integrity.archive import DISMISSALS_SECTION

        register(GAMES_SECTION)  # first: the sections after it name its games
        register(DISMISSALS_SECTION)
        register(BROADCAST_SECTION)
