import pytest

from tests import factories


@pytest.fixture
def staff(db):
    return factories.user(is_staff=True)


@pytest.fixture
def director(db):
    return factories.user()


@pytest.fixture
def stranger(db):
    return factories.user()


@pytest.fixture
def event(director):
    return factories.tournament(director=director)
