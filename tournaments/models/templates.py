"""Event templates: a saved set of divisions (settings, rules, prize bands) a new event starts
from, such as a championship's forty age and rating divisions (``services.event_copy``)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.model_fields import acting_user
from core.models import Named


class EventTemplate(Named):
    name = models.CharField(_("name"), max_length=120, unique=True)
    # One dict a division, as ``services.event_copy.division_specs`` writes them.
    divisions = models.JSONField(_("divisions"), default=list)
    created_by = acting_user(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta(Named.Meta):
        verbose_name = _("event template")
        verbose_name_plural = _("event templates")
