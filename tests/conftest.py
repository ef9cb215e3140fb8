import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Tests create many accounts; the production hasher is slow by design."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def staff(db):
    from tests import factories

    return factories.user(is_staff=True)


@pytest.fixture
def director(db):
    from tests import factories

    return factories.user()


@pytest.fixture
def stranger(db):
    from tests import factories

    return factories.user()


@pytest.fixture
def event(director):
    from tests import factories

    return factories.tournament(director=director)
