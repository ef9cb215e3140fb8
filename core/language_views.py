"""Choosing a language: the switcher on every page, and the account's language at login."""

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from .languages import profile_language, profile_language_set, supported


def _csrf_passed(request) -> bool:
    return CsrfViewMiddleware(lambda r: None).process_view(request, None, (), {}) is None


# The switcher is on the public pages too, whose copies for anonymous visitors are shared and
# so carry no CSRF token: setting the cookie needs none (it changes only how the visitor's own
# pages read). Saving the choice on an account does, and is done only when the token checks.
@csrf_exempt
@require_POST
def choose_language(request):
    """Django's ``set_language`` (cookie and redirect), and the account's profile when logged in."""
    code = supported(request.POST.get("language"))
    if code is None:
        # Django's view would take any language it has a catalogue for; only the site's count.
        request.POST = request.POST.copy()
        request.POST.pop("language", None)
    response = set_language(request)
    signed_in = code and request.user.is_authenticated and _csrf_passed(request)
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
