"""Result screens: the quick entry page (htmx), the single-result edit form and the audit log."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import trigger_client_event

from core.messages import translated
from core.models import AuditEntry
from core.permissions import RESULTS, may_change, require_change
from games.engine.rules import TieRule

from ..forms.results import EntryLineForm, KeptForm, ResultForm
from ..models import Division, Pairing, Round
from ..result_text import audit_rows, describe_result
from ..selectors.divisions import division_or_404
from ..selectors.lateness import late_arrivals
from ..selectors.rounds import round_pairings, unreported_games
from ..selectors.rules import tie_break_rule
from ..selectors.self_reports import report_counts
from ..services import change_undo, result_lines
from ..services import results as services
from ..services.result_lines import LineState
from .events import directed_event

ENTRY_PAGE = "tournaments/results/entry.html"
FEEDBACK = "tournaments/results/partials/feedback.html"
AUDIT_PER_PAGE = 50


def _division_round(
    request, tournament_slug: str, division_name: str, round_number: int
) -> tuple[Division, Round]:
    division_obj = division_or_404(tournament_slug, division_name)
    require_change(request.user, division_obj, RESULTS)
    round_ = get_object_or_404(Round, division=division_obj, number=round_number)
    round_.division = division_obj  # read once, with its event (the rules in force need both)
    return division_obj, round_


def _lists(round_: Round) -> dict:
    return {
        "pairings": list(round_pairings(round_.division_id, round_.number)),
        "missing": unreported_games(round_),
        "late": late_arrivals(round_, timezone.now()),
    }


def _feedback(request, division, round_, state: str, status: int = 200, **context):
    """The answer to a line: a partial for htmx, the whole page otherwise."""
    context |= {"state": state, "division": division, "round": round_}
    # The line the answer is about: the page matches answers and previews to lines by it.
    data = request.POST if request.method == "POST" else request.GET
    context |= {"line": data.get("line", "").strip(), "answer": request.method == "POST"}
    if state == "saved" or not request.htmx:
        context |= _lists(round_)
    if request.htmx:
        response = render(request, FEEDBACK, context, status=status)
        if state in ("saved", "kept"):
            # The page clears the input only if it still holds this line: a director may already
            # be typing the next one when the answer arrives.
            saved_line = request.POST.get("line") if request.method == "POST" else None
            trigger_client_event(response, "result-saved", {"line": saved_line}, after="settle")
        return response
    context.setdefault("form", EntryLineForm())
    context["live_poll_seconds"] = LIVE_POLL_SECONDS
    context["score_reports"] = report_counts(division)
    return render(request, ENTRY_PAGE, context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def result_entry(request, tournament_slug: str, division_name: str, round_number: int):
    division_obj, round_ = _division_round(request, tournament_slug, division_name, round_number)
    if request.method == "GET":
        context = {
            "division": division_obj,
            "round": round_,
            "form": EntryLineForm(),
            "live_poll_seconds": LIVE_POLL_SECONDS,
            "score_reports": report_counts(division_obj),
        }
        return render(request, ENTRY_PAGE, context | _lists(round_))
    form = EntryLineForm(request.POST)
    show = {"request": request, "division": division_obj, "round_": round_, "form": form}
    if not form.is_valid():
        return _feedback(**show, state="error", status=422, errors=_form_errors(form))
    try:
        entered = result_lines.result_enter_line(
            by=request.user,
            round_=round_,
            line=form.cleaned_data["line"],
            confirm=form.cleaned_data["confirm"],
            shown=form.shown(),
            playoff_winner_id=form.cleaned_data["playoff"],
            held=form.held_games(),
        )
    except services.ResultRefused as err:
        return _feedback(**show, state="error", status=422, errors=[translated(err)])
    return _line_feedback(show, entered)


def _line_feedback(show: dict, entered: result_lines.EnteredLine):
    if entered.state == LineState.SAVED:
        outcome = entered.outcome
        return _feedback(**show, state="saved", pairing=outcome.pairing, outcome=outcome)
    if entered.state == LineState.UNUSUAL:
        return _feedback(
            **show,
            state="unusual",
            resolved=entered.resolved,
            reasons=[translated(r) for r in entered.unusual.reasons],
            expected=entered.expected_version,
        )
    if entered.state == LineState.CONFLICT:
        return _feedback(
            **show,
            state="conflict",
            status=409,
            resolved=entered.resolved,
            conflict=_versions(entered.conflict),
        )
    if entered.state == LineState.WAITING:
        return _feedback(**show, state="waiting", resolved=entered.resolved)
    if entered.state == LineState.TIE_BREAK_WORD:
        return _feedback(
            **show,
            state="playoff",
            resolved=entered.resolved,
            expected=entered.expected_version,
            led_before_racks=tie_break_rule(show["division"]) is TieRule.HIGHER_BEFORE_ADJUSTMENTS,
        )
    # The director has not seen the names yet: show them; Enter then saves.
    return _feedback(**show, state="confirm", resolved=entered.resolved)


def _form_errors(form) -> list[str]:
    return [str(message) for messages_ in form.errors.values() for message in messages_]


def _versions(err: services.ResultConflict) -> dict:
    pairing = err.pairing
    return {
        "theirs": describe_result(err.current, pairing),
        "yours": describe_result(err.yours, pairing),
        "version": err.current["version"],
    }


@login_required
@require_safe
def result_preview(request, tournament_slug: str, division_name: str, round_number: int):
    """While typing: which game the line names, or why it names none. Reads only."""
    division_obj, round_ = _division_round(request, tournament_slug, division_name, round_number)
    show = {"request": request, "division": division_obj, "round_": round_}
    if "kept" in request.GET:
        # "Keep theirs" after a conflict: nothing to write, just show what stays.
        kept = KeptForm(request.GET, round_=round_)
        if not kept.is_valid():
            raise Http404  # not a game of this round: a stale or altered page
        return _feedback(**show, state="kept", pairing=kept.cleaned_data["kept"])
    form = EntryLineForm({"line": request.GET.get("line", "")})
    if not form.is_valid():
        state = "error" if request.GET.get("line", "").strip() else "empty"
        return _feedback(**show, form=form, state=state, errors=_form_errors(form))
    try:
        resolved = result_lines.result_resolve_line(round_=round_, line=form.cleaned_data["line"])
    except services.ResultRefused as err:
        return _feedback(**show, form=form, state="error", errors=[translated(err)])
    return _feedback(**show, form=form, state="confirm", resolved=resolved)


RESULTS_LIVE = "tournaments/results/partials/live.html"
LIVE_POLL_SECONDS = 15


@login_required
@require_safe
def result_live(request, tournament_slug: str, division_name: str, round_number: int):
    """The entry page's live parts (late arrivals, missing games, all tables), swapped in place
    every few seconds and at the moment no-shows may be recorded. Reads only."""
    division_obj, round_ = _division_round(request, tournament_slug, division_name, round_number)
    context = {"division": division_obj, "round": round_} | _lists(round_)
    return render(request, RESULTS_LIVE, context)


@login_required
@require_http_methods(["GET", "POST"])
def result_edit(request, tournament_slug: str, pairing_id: int):
    tournament = directed_event(request, tournament_slug, RESULTS)
    pairing = get_object_or_404(
        Pairing.objects.select_related(
            "round__division__tournament", "first__player", "second__player"
        ),
        pk=pairing_id,
        round__division__tournament=tournament,
        second__isnull=False,  # a bye has no result to edit
    )
    back = reverse(
        "tournaments:results",
        args=[tournament_slug, pairing.round.division.name, pairing.round.number],
    )
    if request.method == "GET":
        form = ResultForm.for_pairing(pairing)
        return _edit_page(request, pairing, form, back=back)
    form = ResultForm(request.POST, pairing=pairing)
    if not form.is_valid():
        return _edit_page(request, pairing, form, back=back, status=422)
    data = form.cleaned_data
    try:
        if "clear" in request.POST:
            services.result_clear(
                by=request.user, pairing_id=pairing.pk, expected_version=data["version"]
            )
        else:
            services.result_record(
                by=request.user,
                pairing_id=pairing.pk,
                first_score=data["first_score"],
                second_score=data["second_score"],
                kind=data["kind"],
                forfeited_by_id=data["forfeited_by"],
                expected_version=data["version"],
                confirm_unusual=data["confirm_unusual"],
            )
    except services.ResultRefused as err:
        form.add_error(None, translated(err))
        return _edit_page(request, pairing, form, back=back, status=422)
    except services.ResultConflict as err:
        return _edit_page(request, pairing, form, back=back, status=409, conflict=_versions(err))
    except services.UnusualResult as err:
        return _edit_page(
            request, pairing, form, back=back, reasons=[translated(r) for r in err.reasons]
        )
    messages.success(request, _("Result saved."))
    return redirect(back)


def _edit_page(request, pairing, form, *, back: str, status: int = 200, **context):
    context |= {"pairing": pairing, "form": form, "back": back}
    return render(request, "tournaments/results/edit.html", context, status=status)


@login_required
@require_safe
def audit_log(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug, RESULTS)
    entries = AuditEntry.objects.filter(tournament_id=tournament.pk).select_related(
        "actor", "undone_by"
    )
    page = Paginator(entries, AUDIT_PER_PAGE).get_page(request.GET.get("page"))
    rows = audit_rows(list(page.object_list))
    return render(
        request,
        "tournaments/results/audit.html",
        {
            "tournament": tournament,
            "page": page,
            "rows": rows,
            "can_change": may_change(request.user, tournament),
        },
    )


@login_required
@require_POST
def audit_undo(request, tournament_slug: str, audit_id: int):
    tournament = directed_event(request, tournament_slug, RESULTS)
    entry = get_object_or_404(AuditEntry, pk=audit_id, tournament_id=tournament.pk)
    try:
        change_undo.audited_undo(by=request.user, entry=entry)
    except (services.ResultRefused, change_undo.UndoRefused) as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Change undone."))
    return redirect("tournaments:audit", tournament_slug=tournament_slug)
