"""A division's public page (pairings of a round by table) and its settings for directors."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.messages import translated
from core.permissions import CHANGE, RESULTS, may_change, require_change, tournament_visible_to
from pairing.cop import settings as cop_settings
from tournaments.public_cache.http import remembered_division

from ..forms.cop import CopSettingsForm
from ..forms.events import DivisionForm
from ..models import Division
from ..rule_texts import rules_context
from ..selectors import rounds as rounds_selectors
from ..selectors.divisions import division_or_404
from ..selectors.held import NOTHING_HELD, division_held, held_for, hide_pairing_results
from ..selectors.self_reports import report_counts
from ..services import divisions as services
from ..services.divisions import DivisionRefused
from .events import directed_event


def visible_division(request, tournament_slug: str, division_name: str) -> Division:
    """The division if its tournament is public or the user helps run it; 404 otherwise.

    A visitor's request with the division's public stamp (``http_cache``) gets the division
    this process read under that stamp: every audited change of the tournament makes a new
    stamp, so it is the same, and a room of phones costs no query for it. Read-only.
    """
    return remembered_division(request, tournament_slug, division_name, _read_division)


def _read_division(request, tournament_slug: str, division_name: str) -> Division:
    """The division and its event in one query; 404 as well when the event is not visible."""
    division = division_or_404(tournament_slug, division_name)
    if not tournament_visible_to(request.user, division.tournament):
        raise Http404
    return division


def held_from(request, division: Division) -> frozenset[int]:
    """The results a broadcast delay holds back from the reader of ``request``: none for those
    who may enter the division's results (``selectors.held.held_for``)."""
    return held_for(request.user, division)


def changeable_division(
    request, tournament_slug: str, division_name: str, action: str = CHANGE
) -> Division:
    division = division_or_404(tournament_slug, division_name)
    require_change(request.user, division, action)
    return division


def division_url(division: Division, name: str = "division", **kwargs) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name}
        | kwargs,
    )


@require_safe
def division_detail(
    request, tournament_slug: str, division_name: str, round_number: int | None = None
):
    """Round ``number`` (default: the latest paired) by table, with links to the other pages."""
    division = visible_division(request, tournament_slug, division_name)
    rounds = list(rounds_selectors.division_rounds(division))
    current = next((r for r in rounds if r.number == round_number), None)
    if round_number is not None and current is None:
        raise Http404
    current = current or (rounds[-1] if rounds else None)
    pairings = list(rounds_selectors.round_pairings(division, current.number)) if current else []
    can_change = may_change(request.user, division)
    can_enter_results = can_change or may_change(request.user, division, RESULTS)
    # A broadcast delay holds results back from the public: their games are not in yet, for the
    # round's table and for "Division complete" alike.
    held = NOTHING_HELD if can_enter_results or not rounds else division_held(division)
    if pairings and held:
        pairings = hide_pairing_results(pairings, held)
    return render(
        request,
        "tournaments/division_detail.html",
        {
            "tournament": division.tournament,
            "division": division,
            "rounds": rounds,
            "current": current,
            "pairings": pairings,
            "complete": not held and rounds_selectors.division_complete(division, rounds),
            "can_change": can_change,
            # CHANGE implies RESULTS: a director's page asks once.
            "can_enter_results": can_enter_results,
            "score_reports": report_counts(division) if can_enter_results else None,
            **rules_context(
                division.rule_set(),
                edit_url=division_url(division, "division_rules") if can_change else None,
                sheet_url=division_url(division, "print", report_name="rules"),
            ),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def division_create(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    form = DivisionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            created = services.division_create(
                by=request.user, tournament=tournament, **_settings(form)
            )
        except DivisionRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("Division %(name)s added.") % {"name": created.name})
            return redirect(division_url(created))
    return render(
        request, "tournaments/division_form.html", {"form": form, "tournament": tournament}
    )


@login_required
@require_http_methods(["GET", "POST"])
def division_edit(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    form = DivisionForm(request.POST or None, instance=division)
    cop_form = CopSettingsForm(request.POST or None, division=division, prefix="cop")
    if request.method == "POST" and form.is_valid() and cop_form.is_valid():
        division.refresh_from_db()
        changes = _settings(form) | {"cop_settings": cop_form.stored()}
        try:
            updated = services.division_update(by=request.user, division=division, **changes)
        except DivisionRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("Saved."))
            return redirect(division_url(updated))
    stored = cop_settings.from_json(division.cop_settings or {})
    classes = division.entries.values_list("player_class", flat=True)
    return render(
        request,
        "tournaments/division_form.html",
        {
            "form": form,
            "cop_form": cop_form,
            "tournament": division.tournament,
            "division": division,
            "class_prizes": cop_settings.class_prizes_in_force(stored.class_prizes, classes),
        },
    )


def _settings(form: DivisionForm) -> dict:
    return {name: form.cleaned_data[name] for name in DivisionForm.Meta.fields}
