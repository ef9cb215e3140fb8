from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from .audit_text import register_describers

        register_describers()
        # Tournaments and clubs sit below ratings and only announce changes; ratings re-rates.
        from clubs.signals import rated_session_changed
        from tournaments.signals import rated_result_changed

        from .services import rerate_after_result_change, rerate_after_session_change

        def result_changed(sender, *, tournament, by, **kwargs):
            rerate_after_result_change(tournament, by=by)

        def session_changed(sender, *, session, by, **kwargs):
            rerate_after_session_change(session, by=by)

        rated_result_changed.connect(result_changed, weak=False, dispatch_uid="ratings.result")
        rated_session_changed.connect(session_changed, weak=False, dispatch_uid="ratings.session")
