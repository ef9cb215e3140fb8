"""Choosing a language: the switcher on every page, and the account's language at login."""

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpResponseForbidden
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from .languages import profile_language, profile_language_set, supported


def _csrf_passed(request) -> bool:
    return CsrfViewMiddleware(lambda r: None).process_view(request, None, (), {}) is None


def _from_this_site(request) -> bool:
    """The browser's word that the form was this site's own: the Origin it sends with every POST,
    or, from a browser that sends none, its Sec-Fetch-Site."""
    origin = request.META.get("HTTP_ORIGIN")
    if origin is not None:
        own = f"{request.scheme}://{request.get_host()}"
        return origin == own or origin in settings.CSRF_TRUSTED_ORIGINS
    return request.META.get("HTTP_SEC_FETCH_SITE") in {"same-origin", "none"}


# The switcher is on the public pages too, whose copies for anonymous visitors are shared and
# so carry no CSRF token. A POST without a token that checks is taken only when the browser says
# it came from this site's own page (another site's form must not switch a visitor's language);
# saving the choice on an account needs the token.
@csrf_exempt
@require_POST
def choose_language(request):
    """Django's ``set_language`` (cookie and redirect), and the account's profile when logged in."""
    token_passed = _csrf_passed(request)
    if not token_passed and not _from_this_site(request):
        return HttpResponseForbidden(_("A language change from another site was refused."))
    code = supported(request.POST.get("language"))
    if code is None:
        # Django's view would take any language it has a catalogue for; only the site's count.
        request.POST = request.POST.copy()
        request.POST.pop("language", None)
    response = set_language(request)
    signed_in = code and request.user.is_authenticated and token_passed
    if signed_in and profile_language(request.user) != code:
        profile_language_set(user=request.user, language=code, by=request.user)
    return response


class LoginView(auth_views.LoginView):
    """Django's login, then the language saved on the account, for this page and the cookie."""

    def form_valid(self, form):
        response = super().form_valid(form)
        code = supported(profile_language(form.get_user()))
        if code:
            translation.activate(code)
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                code,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
