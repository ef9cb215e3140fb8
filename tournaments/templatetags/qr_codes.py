"""``{% load qr_codes %}``: ``{{ url|qr_data_uri }}`` draws an address as a QR code for an
``<img>`` (the printouts draw theirs with ``printouts/qr.py``)."""

from __future__ import annotations

import segno
from django import template

register = template.Library()


@register.filter
def qr_data_uri(url: str) -> str:
    """``url`` as a QR code, an SVG ``data:`` address for an ``<img>`` (no query)."""
    return segno.make(url, error="m", micro=False).svg_data_uri(scale=4, border=2)
