"""What an event's country says about how it prints and tells the time (pure, no Django).

A new event takes its paper size and time zone from its country (the director may change
either): US Letter in the United States and Canada, where the COP events are, A4 everywhere
else; and the zone most of the country keeps, as an IANA name. A country that spans zones gets
the zone of its largest crossword-game community (Toronto for Canada, New York for the United
States); a country not listed here, or none, gets ``None`` and the site's own zone.
"""

from __future__ import annotations

A4, LETTER = "a4", "letter"
PAPER_SIZES = (A4, LETTER)
LETTER_COUNTRIES = frozenset({"US", "CA"})

# ISO 3166 alpha-2 code -> IANA zone.
COUNTRY_ZONES = {
    "AE": "Asia/Dubai",
    "AU": "Australia/Sydney",
    "BD": "Asia/Dhaka",
    "BH": "Asia/Bahrain",
    "BR": "America/Sao_Paulo",
    "BW": "Africa/Gaborone",
    "CA": "America/Toronto",
    "CH": "Europe/Zurich",
    "CM": "Africa/Douala",
    "CN": "Asia/Shanghai",
    "DE": "Europe/Berlin",
    "DK": "Europe/Copenhagen",
    "ES": "Europe/Madrid",
    "FR": "Europe/Paris",
    "GB": "Europe/London",
    "GH": "Africa/Accra",
    "GM": "Africa/Banjul",
    "HK": "Asia/Hong_Kong",
    "ID": "Asia/Jakarta",
    "IE": "Europe/Dublin",
    "IL": "Asia/Jerusalem",
    "IN": "Asia/Kolkata",
    "IT": "Europe/Rome",
    "JM": "America/Jamaica",
    "JP": "Asia/Tokyo",
    "KE": "Africa/Nairobi",
    "KR": "Asia/Seoul",
    "LK": "Asia/Colombo",
    "LR": "Africa/Monrovia",
    "MT": "Europe/Malta",
    "MU": "Indian/Mauritius",
    "MX": "America/Mexico_City",
    "MY": "Asia/Kuala_Lumpur",
    "NG": "Africa/Lagos",
    "NL": "Europe/Amsterdam",
    "NO": "Europe/Oslo",
    "NZ": "Pacific/Auckland",
    "OM": "Asia/Muscat",
    "PH": "Asia/Manila",
    "PK": "Asia/Karachi",
    "PL": "Europe/Warsaw",
    "QA": "Asia/Qatar",
    "RW": "Africa/Kigali",
    "SE": "Europe/Stockholm",
    "SG": "Asia/Singapore",
    "TH": "Asia/Bangkok",
    "TT": "America/Port_of_Spain",
    "TW": "Asia/Taipei",
    "TZ": "Africa/Dar_es_Salaam",
    "UG": "Africa/Kampala",
    "US": "America/New_York",
    "VN": "Asia/Ho_Chi_Minh",
    "ZA": "Africa/Johannesburg",
    "ZM": "Africa/Lusaka",
    "ZW": "Africa/Harare",
}


def paper_for_country(country: str) -> str:
    """The paper a new event of ``country`` prints on: Letter in the US and Canada, else A4."""
    return LETTER if country.strip().upper() in LETTER_COUNTRIES else A4


def zone_for_country(country: str) -> str | None:
    """The time zone a new event of ``country`` keeps (None: not known, use the site's)."""
    return COUNTRY_ZONES.get(country.strip().upper())
