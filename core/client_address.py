"""The client's address, as the login lockout counts it (django-axes's ``AXES_CLIENT_IP_CALLABLE``).

Without a proxy (``BEHIND_PROXY`` off) it is the connecting address. Behind one, the
``X-Forwarded-For`` header is believed only as far as the proxies wrote it: only when the
connection comes from a trusted proxy network (``TRUSTED_PROXY_NETWORKS``), and walking the
header from the right past every trusted proxy, the first address that is not one is the client.
A client connecting from outside those networks (to the app server itself) is its connecting
address whatever it sends; entries a client wrote before the proxies appended theirs stand to
the left of its own address and are never reached.
"""

from ipaddress import ip_address

from django.conf import settings


def client_ip(request) -> str:
    remote = request.META.get("REMOTE_ADDR", "")
    if not settings.BEHIND_PROXY or not _trusted(remote):
        return remote
    client = remote
    hops = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    for hop in reversed(hops):
        try:
            address = ip_address(hop.strip())
        except ValueError:
            return client  # what the nearest trusted proxy was reached from, or the proxy
        client = str(address)
        if not _trusted(client):
            return client
    return client


def _trusted(text: str) -> bool:
    try:
        address = ip_address(text)
    except ValueError:
        return False
    return any(address in network for network in settings.TRUSTED_PROXY_NETWORKS)
