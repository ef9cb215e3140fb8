"""Rating pages: the lists (``lists``) and a club's rating pages (``clubs``)."""
