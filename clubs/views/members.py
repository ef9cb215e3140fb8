"""A club's members in bulk: the search-as-you-type picker, "Add many" (paste or CSV, with the
duplicate review registration uses), member status, and guests."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.messages import translated
from core.permissions import may_change, require_change
from core.refusal import Refusal
from core.tablepages import configure_table
from players.bulk import plan_rows
from players.bulk import player_matches as search_players
from players.bulk_forms import AddManyForm, ImportChoicesForm, PlayerSearchForm
from players.roster import parse_pasted_names, parse_roster, renumbered, roster_as_csv

from .. import selectors, services
from ..forms import GuestForm, GuestMatchForm, MembershipForm, MemberStatusForm
from ..models import ClubGuest, Membership
from ..tables import GuestTable, MemberTable
from .visibility import picker_players, visible_club

PICKER = "players/partials/player_picker.html"
ADD_MANY = "clubs/members_add_many.html"


def _changeable(request, club_slug: str):
    club = visible_club(request, club_slug)
    require_change(request.user, club)
    return club


@require_safe
def member_list(request, club_slug: str):
    """Every member (active and lapsed), 50 to a page, sortable, with a CSV of them all."""
    club = visible_club(request, club_slug)
    can_change = may_change(request.user, club)
    table = MemberTable(
        selectors.club_members(club), can_change=can_change, request=request, club=club
    )
    export = configure_table(request, table, filename=f"{club.slug}-members")
    if export:
        return export
    counts = selectors.member_counts(club)
    return render(
        request,
        "clubs/members.html",
        {"club": club, "table": table, "can_change": can_change, "counts": counts},
    )


def _matches(request, club, text: str):
    members = Membership.objects.current().filter(club=club).values("player_id")
    return search_players(picker_players(request.user), text, exclude=members)


@login_required
@require_safe
def member_picker(request, club_slug: str):
    club = _changeable(request, club_slug)
    search = PlayerSearchForm(request.GET)
    text = search.cleaned_data["q"] if search.is_valid() else ""
    matches, more = _matches(request, club, text)
    return render(request, PICKER, {"club": club, "query": text, "matches": matches, "more": more})


@login_required
@require_http_methods(["GET", "POST"])
def membership_add(request, club_slug: str):
    club = _changeable(request, club_slug)
    form = MembershipForm(request.POST or None, players=picker_players(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            membership = services.membership_add(by=request.user, club=club, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("%(name)s is a member.") % {"name": membership.player.name})
            return redirect("clubs:members", club_slug=club.slug)
    search = PlayerSearchForm(request.GET)
    text = search.cleaned_data["q"] if search.is_valid() else ""
    matches, more = _matches(request, club, text)
    context = {
        "club": club,
        "form": form,
        "search": search,
        "query": text,
        "matches": matches,
        "more": more,
    }
    return render(request, "clubs/membership_form.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def members_add_many(request, club_slug: str):
    """Step 1 reads the paste or file and shows every row with its possible duplicates; step 2
    (``text`` posted back with a choice per duplicate) adds everyone or nobody."""
    club = _changeable(request, club_slug)
    context = {"club": club}
    if request.method == "GET":
        return render(request, ADD_MANY, context | {"form": AddManyForm()})
    if "text" in request.POST:
        return _confirm(request, club, context)
    form = AddManyForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, ADD_MANY, context | {"form": form}, status=422)
    text, is_csv = form.text()
    roster = parse_roster(text) if is_csv else parse_pasted_names(text)
    plan = plan_rows(roster, services.club_member_ids(club), viewer=request.user)
    if plan.problems:
        context |= {"form": form, "problems": plan.problems}
        return render(request, ADD_MANY, context, status=422)
    choices = ImportChoicesForm(initial={"text": roster_as_csv(roster)}, plan=plan)
    return render(request, ADD_MANY, context | {"plan": plan, "choices": choices})


def _confirm(request, club, context):
    text = request.POST.get("text", "")
    plan = plan_rows(
        renumbered(parse_roster(text), -1), services.club_member_ids(club), viewer=request.user
    )
    if plan.problems:
        context |= {"form": AddManyForm(), "problems": plan.problems}
        return render(request, ADD_MANY, context, status=422)
    choices = ImportChoicesForm(request.POST, plan=plan)
    if choices.is_valid():
        try:
            added = services.memberships_import(by=request.user, club=club, rows=choices.choices())
        except Refusal as err:
            choices.add_error(None, translated(err))
        else:
            messages.success(
                request,
                ngettext("%(count)d member added.", "%(count)d members added.", len(added))
                % {"count": len(added)},
            )
            return redirect("clubs:members", club_slug=club.slug)
    return render(request, ADD_MANY, context | {"plan": plan, "choices": choices}, status=422)


@login_required
@require_POST
def member_status(request, club_slug: str, membership_id: int):
    club = _changeable(request, club_slug)
    membership = get_object_or_404(Membership, club=club, pk=membership_id)
    form = MemberStatusForm(request.POST)
    if form.is_valid():
        services.membership_set_status(
            by=request.user,
            membership=membership,
            status=form.cleaned_data["status"],
            on=form.cleaned_data["on"],
        )
        messages.success(
            request,
            _("%(name)s: %(status)s.")
            % {"name": membership.player.name, "status": membership.get_status_display()},
        )
    return redirect("clubs:members", club_slug=club.slug)


@login_required
@require_safe
def guest_list(request, club_slug: str):
    club = _changeable(request, club_slug)
    table = GuestTable(selectors.club_guests(club))
    configure_table(request, table, filename=f"{club.slug}-guests")
    return render(request, "clubs/guests.html", {"club": club, "table": table})


@login_required
@require_POST
def guest_join(request, club_slug: str, guest_id: int):
    club = _changeable(request, club_slug)
    guest = get_object_or_404(ClubGuest.objects.select_related("player"), club=club, pk=guest_id)
    name = guest.player.name
    services.club_guest_make_member(by=request.user, guest=guest)
    messages.success(request, _("%(name)s is a member now.") % {"name": name})
    return redirect("clubs:guests", club_slug=club.slug)


@login_required
@require_http_methods(["GET", "POST"])
def guest_match(request, club_slug: str, guest_id: int):
    """The guest is a player already here: find them, and the guest's games become theirs."""
    club = _changeable(request, club_slug)
    guest = get_object_or_404(ClubGuest.objects.select_related("player"), club=club, pk=guest_id)
    players = picker_players(request.user).exclude(pk=guest.player_id)
    form = GuestMatchForm(request.POST or None, players=players)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.club_guest_match(
                by=request.user, guest=guest, player=form.cleaned_data["player"]
            )
        except Refusal as err:
            form.add_error(None, translated(err))
        else:
            messages.success(
                request,
                _("%(guest)s's games now belong to %(player)s.")
                % {"guest": guest.player.name, "player": player.name},
            )
            return redirect("clubs:guests", club_slug=club.slug)
    search = PlayerSearchForm(request.GET)
    text = search.cleaned_data["q"] if search.is_valid() else ""
    matches, more = search_players(players, text, exclude=[guest.player_id])
    if request.htmx:
        return render(request, PICKER, {"query": text, "matches": matches, "more": more})
    context = {
        "club": club,
        "guest": guest,
        "form": form,
        "search": search,
        "query": text,
        "matches": matches,
        "more": more,
    }
    return render(request, "clubs/guest_match.html", context)


@login_required
@require_POST
def guest_add(request, club_slug: str, session_id: int):
    """A visitor at a club night: added as the club's guest and marked present."""
    club = _changeable(request, club_slug)
    session = get_object_or_404(club.sessions, pk=session_id)
    form = GuestForm(request.POST)
    if form.is_valid():
        try:
            guest = services.club_guest_add(
                by=request.user, club=club, name=form.cleaned_data["name"], session=session
            )
        except Refusal as err:
            messages.error(request, translated(err))
        else:
            messages.success(request, _("%(name)s plays as a guest.") % {"name": guest.player.name})
    else:
        messages.error(request, _("A guest needs a name."))
    return redirect(session)
