"""The public division pages as a room of phones sees them: kept, revalidated, shared.

How a result reaches a phone, file by file:

1. The director types ``3 402 380`` on the result entry page (``tournaments/views/results.py``
   ``result_entry``); ``services/result_lines.py`` reads the line with the pure
   ``results/result_entry.py`` and ``services/results.py`` ``result_record`` saves it: row lock,
   version check, ``core.audit`` entry with the tournament, all in one transaction.
2. The audit entry renews the tournament's version in the shared cache when the transaction
   commits (``core/versions.py``).
3. The phone's live page polls every few seconds (htmx, ``templates/tournaments/public/
   partials/pairings.html``) with the ETag it has. ``http.py`` ``cached_division_page`` asks
   ``stamps.py`` ``kept_public_stamp`` for the division's stamp: one cache round trip finds the
   kept stamp under an old version, so the stamp is read again (``selectors/stamps.py``, one
   query) and has a new tag.
4. ``snapshots.py`` ``cached_snapshot`` builds the division's snapshot for that tag once, however
   many phones ask (``selectors/snapshot.py``: one read, the pure cores for standings,
   crosstable and statistics), and keeps it in the cache and in the process.
5. The view renders its page from the snapshot (``views/public.py``, rows pre-rendered by
   ``tables/public_rows.py``); ``http.py`` keeps the gzipped page under the tag and answers with
   the new ETag. The next poll with that ETag gets a 304 from the kept stamp without a query.

The selectors only build (stamps, snapshots); this package keeps them and speaks HTTP through
the one read path every polled page shares (``core/polled``: the answer of a kept copy, single
flight, the early path, on which the broadcast feeds of ``games/broadcast/cache.py`` run too).
"""
