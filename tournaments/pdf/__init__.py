"""Printable reports, one module per report; each ``build_<report>_pdf(...)`` returns PDF bytes."""
