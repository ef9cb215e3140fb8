"""Word lists and the word judge (a page for a tablet facing the players)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.messages import translated
from core.permissions import may_judge, may_upload_word_list, require
from core.tablepages import configure_table

from .. import selectors
from ..engine.lexicon import LexiconError
from ..forms import JudgeForm, LexiconUploadForm
from ..models import Judgment
from ..services import words as services
from ..tables import JudgmentTable

RECENT_JUDGMENTS = 50


@login_required
@require_safe
def lexicon_list(request):
    """The word lists, and the judge's latest rulings (for directors, not the players)."""
    require(may_judge(request.user))
    judgments = Judgment.objects.select_related("lexicon", "by").defer("lexicon__word_list")
    table = JudgmentTable(judgments[:RECENT_JUDGMENTS])
    configure_table(request, table, filename="judgments", paginate=False)
    return render(
        request,
        "games/lexicon_list.html",
        {
            "lexicons": selectors.word_lists(),
            "table": table,
            "can_upload": may_upload_word_list(request.user),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def lexicon_upload(request):
    require(may_upload_word_list(request.user))
    form = LexiconUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            lexicon = services.lexicon_upload(
                by=request.user,
                name=form.cleaned_data["name"],
                data=form.cleaned_data["file"].read(),
            )
        except LexiconError as err:
            form.add_error(None, translated(err))
        else:
            messages.success(
                request,
                _("Word list %(name)s stored: %(count)d words.")
                % {"name": lexicon.name, "count": lexicon.word_count},
            )
            return redirect("games:lexicons")
    return render(request, "games/lexicon_form.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def judge(request):
    """Enter every word a play formed; the answer is for the play as a whole, never per word.
    After a ruling the form comes back empty, so the words are not left on the screen."""
    require(may_judge(request.user))
    form = JudgeForm(request.POST or None)
    judgment = None
    if request.method == "POST" and form.is_valid():
        try:
            words = services.words_from_text(form.cleaned_data["words"])
            judgment = services.judgment_record(
                by=request.user, lexicon=form.cleaned_data["lexicon"], words=words
            )
        except LexiconError as err:
            form.add_error("words", translated(err))
        else:
            form = JudgeForm(initial={"lexicon": judgment.lexicon_id})
    template = "games/partials/judge_panel.html" if request.htmx else "games/judge.html"
    no_word_list = not selectors.word_lists().exists()
    context = {"form": form, "judgment": judgment, "no_word_list": no_word_list}
    return render(request, template, context)
