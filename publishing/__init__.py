"""Publishing: an event's public pages, feeds and PDFs written as static files to a target
(a folder, an rsync-over-ssh destination, S3-compatible storage), incrementally and atomically,
by a background job that survives the venue's internet going down."""
