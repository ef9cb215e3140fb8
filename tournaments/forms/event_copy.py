"""Forms of setting an event up from last year's or from a template."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import DayInput

from ..models import EventTemplate


class EventCopyForm(forms.Form):
    name = forms.CharField(label=_("Name of the new event"), max_length=160)
    slug = forms.SlugField(
        label=_("Slug"),
        max_length=50,
        required=False,
        allow_unicode=True,
        help_text=_("Its address; empty: made from the name."),
    )
    start_date = forms.DateField(label=_("First day"), required=False, widget=DayInput())
    end_date = forms.DateField(label=_("Last day"), required=False, widget=DayInput())
    copy_entries = forms.BooleanField(
        label=_("Enter last year's players again as registrations"),
        required=False,
        help_text=_("Not checked in and unpaid, at their current rating; no results are copied."),
    )

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot come before the first day."))
        return data


class TemplateSaveForm(forms.Form):
    template_name = forms.CharField(label=_("Template name"), max_length=120)


class TemplateApplyForm(forms.Form):
    """A template its viewer saved (staff choose from every template): a template may hold the
    divisions of a private event, so another director's are not offered (nor found by id)."""

    template = forms.ModelChoiceField(
        label=_("Template"), queryset=EventTemplate.objects.none(), empty_label=None
    )

    def __init__(self, *args, viewer, **kwargs):
        super().__init__(*args, **kwargs)
        templates = EventTemplate.objects.all()
        if not viewer.is_staff:
            templates = templates.filter(created_by=viewer)
        self.fields["template"].queryset = templates
