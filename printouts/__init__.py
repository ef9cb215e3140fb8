"""Printable reports, one module per report; each ``build_<report>_pdf(...)`` returns PDF bytes,
and ``registry.py`` lists them for the print view, its links and the ``print`` command."""
