import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
# Everything loaded at start-up lives as long as the process; freezing it keeps the collector's
# full passes from walking it again during requests (tens of ms on a large standings page).
gc.freeze()
