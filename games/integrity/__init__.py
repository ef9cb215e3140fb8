"""The integrity desk: a private page of evidence for an event's directors, built only from the
scoresheets and results (checks: ``games.engine.integrity``; reads: selectors.py; the one
write, a dismissal with a note: services.py; the page: views.py; ``manage.py integrity``)."""
