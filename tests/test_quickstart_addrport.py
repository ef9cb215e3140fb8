"""``quickstart --addrport``: where the site is served, read as runserver reads it."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from config.management.commands import quickstart
from players.models import Player


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("8080", ("127.0.0.1", 8080)),
        ("0.0.0.0:8080", ("0.0.0.0", 8080)),
        ("192.168.1.20:1", ("192.168.1.20", 1)),
        ("[::1]:65535", ("::1", 65535)),
        ("desk.local:8000", ("desk.local", 8000)),
    ],
)
def test_addrport_takes_a_port_or_an_address_and_port(value, expected):
    assert quickstart.parse_addrport(value) == expected


@pytest.mark.parametrize("value", ["", "0", "65536", "0.0.0.0:", "host:http", "1.2.3.4:80:80"])
def test_addrport_refuses_what_is_not_an_address_and_port(value):
    with pytest.raises(CommandError, match="is not an address and port"):
        quickstart.parse_addrport(value)


@pytest.mark.django_db
def test_quickstart_refuses_a_bad_addrport_before_doing_anything():
    with pytest.raises(CommandError, match="“nowhere:port” is not an address and port"):
        call_command("quickstart", addrport="nowhere:port")
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_quickstart_serves_on_the_addrport_given(monkeypatch, capsys):
    served = []
    real = quickstart.call_command

    def fake_call(name, *args, **kwargs):
        if name == "runserver":
            served.append(args)
            return None
        return real(name, *args, **kwargs)

    monkeypatch.setattr(quickstart, "call_command", fake_call)
    call_command("quickstart", addrport="0.0.0.0:18021")
    out = capsys.readouterr().out
    assert served == [("0.0.0.0:18021",)]
    assert "Serving on http://0.0.0.0:18021/" in out
    assert "list it in ALLOWED_HOSTS" in out
