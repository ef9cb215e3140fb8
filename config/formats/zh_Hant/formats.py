"""Traditional Chinese: Django's dates (``2026年11月23日``, ``09:05``), with numbers grouped in
threes by commas as they are written in Taiwan and Hong Kong (CLDR ``zh_Hant``: ``1,234,567``);
Django's module groups in fours with no separator, which prints ``1234567``."""

THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
