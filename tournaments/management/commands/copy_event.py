"""python manage.py copy_event SOURCE NAME [--slug] [--start] [--end] [--copy-entries]
[--director USERNAME]: next year's event from last year's (divisions, rules, prize bands).
python manage.py copy_event SOURCE --save-template NAME: its divisions as a template.
python manage.py copy_event EVENT --from-template NAME: add a template's divisions to an event."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from tournaments.models import EventTemplate
from tournaments.services import event_copy as services

from ._acting import user_named
from ._lookup import tournament_from
from ._new_event import add_new_event_arguments, check_days


class Command(BaseCommand):
    help = _("Set an event up from last year's, or save or use a template of divisions.")

    def add_arguments(self, parser):
        parser.add_argument("source", help=_("Slug of the event to copy from (or add to)."))
        parser.add_argument("name", nargs="?", help=_("Name of the new event."))
        add_new_event_arguments(parser)
        parser.add_argument(
            "--copy-entries",
            action="store_true",
            help=_("Enter the players again as registrations (no results)."),
        )
        parser.add_argument("--save-template", help=_("Save the divisions as this template."))
        parser.add_argument("--from-template", help=_("Add this template's divisions."))

    def handle(self, *args, source, name, save_template, from_template, **options):
        event = tournament_from(source)
        if save_template:
            services.template_save(by=None, tournament=event, name=save_template)
            self.stdout.write(_("Template “%(name)s” saved.") % {"name": save_template})
        elif from_template:
            self._apply(event, from_template)
        else:
            self._copy(event, name, **options)

    def _apply(self, event, template_name: str) -> None:
        template = EventTemplate.objects.filter(name=template_name).first()
        if template is None:
            raise CommandError(_("No template is called “%(name)s”.") % {"name": template_name})
        made = services.divisions_from_template(by=None, tournament=event, template=template)
        self.stdout.write(_("%(count)d divisions added.") % {"count": len(made)})

    def _copy(self, source, name, *, slug, start, end, copy_entries, director, **options):
        if not name:
            raise CommandError(_("Name the new event."))
        check_days(start, end)
        event = services.event_copy(
            by=None,
            source=source,
            name=name,
            director=user_named(director) if director else None,
            copy_entries=copy_entries,
            slug=slug,
            start_date=start,
            end_date=end,
        )
        self.stdout.write(
            _("Created %(name)s (slug %(slug)s) with %(count)d divisions.")
            % {"name": event.name, "slug": event.slug, "count": event.divisions.count()}
        )
