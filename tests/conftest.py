import pytest


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
