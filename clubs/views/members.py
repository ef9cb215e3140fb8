"""A club's members in bulk: the search-as-you-type picker, "Add many" (paste or CSV, with the
duplicate review registration uses), member status, and guests."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.messages import translated
from core.permissions import may_change
from core.refusal import Refusal
from core.tablepages import configure_table
from players.bulk import plan_rows
from players.bulk import player_matches as search_players
from players.bulk_forms import PlayerSearchForm
from players.bulk_pages import AddMany, add_many_page

from .. import selectors, services
from ..forms import GuestForm, GuestMatchForm, MembershipForm, MemberStatusForm
from ..models import ClubGuest, Membership
from ..tables import GuestTable, MemberTable
from .visibility import changeable_club, picker_players, visible_club

PICKER = "players/partials/player_picker.html"
ADD_MANY = "clubs/members_add_many.html"


def _changeable(request, club_slug: str):
    club = changeable_club(request, club_slug)
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
    """Paste names or a CSV, review the possible duplicates, add every member or none."""
    club = _changeable(request, club_slug)
    page = AddMany(
        template=ADD_MANY,
        context={"club": club},
        plan=lambda roster: plan_rows(roster, services.club_member_ids(club), viewer=request.user),
        write=lambda rows: services.memberships_import(by=request.user, club=club, rows=rows),
        done=lambda count: (
            ngettext("%(count)d member added.", "%(count)d members added.", count)
            % {"count": count}
        ),
        after=reverse("clubs:members", kwargs={"club_slug": club.slug}),
    )
    return add_many_page(request, page)


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
