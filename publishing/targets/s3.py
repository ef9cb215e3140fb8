"""S3-compatible object storage, through django-storages (boto3): ``s3://bucket/prefix``.

The endpoint and keys come from ``PUBLISH_S3_OPTIONS`` (JSON in the environment: any option of
``storages.backends.s3.S3Storage``, e.g. ``{"endpoint_url": "https://s3.example", "region_name":
"auto"}``) and the usual ``AWS_ACCESS_KEY_ID`` / ``AWS_SECRET_ACCESS_KEY``. Objects are written
whole (an object store never shows half an object); the service writes the pages first and the
index and manifest last. Hashed static files are sent as cacheable for a year, the rest as
``no-cache`` (a CDN asks again each time, cheaply, by ETag).
"""

from __future__ import annotations

from collections.abc import Iterable

from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError
from django.core.files.base import ContentFile
from storages.backends.s3 import S3Storage

from ..assets import FOLDER as STATIC_FOLDER
from ..plan.paths import is_safe_path
from . import Target, TargetUnreachable

FOREVER = "public, max-age=31536000, immutable"
FRESH = "public, no-cache"
MISSING = {"404", "NoSuchKey", "NotFound"}
DELETE_BATCH = 1000  # S3's limit of keys a DeleteObjects request
# A store that does not answer is the publish job's to retry, later and with backoff: boto3
# tries twice, not for half a minute.
QUICK = Config(retries={"max_attempts": 2, "mode": "standard"}, connect_timeout=10, read_timeout=60)


class _PublishedStorage(S3Storage):
    """Published files are public pages: no signed query string, each with its caching."""

    def get_object_parameters(self, name):
        parameters = super().get_object_parameters(name)
        relative = name.removeprefix(self.location.rstrip("/") + "/") if self.location else name
        forever = relative.startswith(STATIC_FOLDER)
        parameters.setdefault("CacheControl", FOREVER if forever else FRESH)
        return parameters


class S3Target(Target):
    def __init__(self, spec: str, options: dict | None = None):
        self.spec = spec
        bucket, _, prefix = spec.removeprefix("s3://").partition("/")
        self.storage = _PublishedStorage(
            **{
                "client_config": QUICK,
                **(options or {}),
                "bucket_name": bucket,
                "location": prefix.strip("/"),
                "file_overwrite": True,
                "querystring_auth": False,
            }
        )

    def _unreachable(self, err: Exception) -> TargetUnreachable:
        return TargetUnreachable(f"{self.spec}: {err}")

    def read_bytes(self, path: str) -> bytes | None:
        if not is_safe_path(path):
            raise ValueError(f"not a published path: {path!r}")
        try:
            with self.storage.open(path, "rb") as handle:
                return handle.read()
        except FileNotFoundError:
            return None
        except ClientError as err:
            if str(err.response.get("Error", {}).get("Code")) in MISSING:
                return None
            raise self._unreachable(err) from err
        except (BotoCoreError, OSError) as err:
            raise self._unreachable(err) from err

    def put_many(self, files: dict[str, bytes]) -> None:
        try:
            for path, data in files.items():
                if not is_safe_path(path):
                    raise ValueError(f"not a published path: {path!r}")
                self.storage.save(path, ContentFile(data))
        except (BotoCoreError, ClientError, OSError) as err:
            raise self._unreachable(err) from err

    def delete_many(self, paths: Iterable[str]) -> None:
        keys = [self.storage._normalize_name(path) for path in paths if is_safe_path(path)]
        try:
            for start in range(0, len(keys), DELETE_BATCH):
                batch = [{"Key": key} for key in keys[start : start + DELETE_BATCH]]
                self.storage.bucket.delete_objects(Delete={"Objects": batch, "Quiet": True})
        except (BotoCoreError, ClientError, OSError) as err:
            raise self._unreachable(err) from err
