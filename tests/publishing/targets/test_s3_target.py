"""Publishing to S3-compatible storage through django-storages (boto3), against moto's server
on loopback: an S3-compatible HTTP endpoint, but a mock, not a real object store (no real
S3-compatible server installs from the package registries here). What is shown: the target's
requests are S3's (keys under the prefix, content types, caching, batch delete, the manifest
read back), not how a real store behaves under load or failure."""

import boto3
import pytest
from moto.server import ThreadedMotoServer

from publishing.services import event_publish
from publishing.targets import TargetUnreachable, target_from_spec
from publishing.targets.s3 import FOREVER, FRESH
from tests.publishing.servers import free_port
from tests.publishing.world import folder_files, second_result, small_event
from tournaments.services.events import tournament_update

pytestmark = pytest.mark.slow
KEYS = {"access_key": "publish-test", "secret_key": "publish-test-secret"}


@pytest.fixture(scope="module")
def endpoint():
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def bucket(endpoint, settings):
    options = {"endpoint_url": endpoint, "region_name": "us-east-1", **KEYS}
    settings.PUBLISH_S3_OPTIONS = options
    client = boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id=KEYS["access_key"],
        aws_secret_access_key=KEYS["secret_key"],
    )
    name = f"events-{free_port()}"
    client.create_bucket(Bucket=name)
    return client, name


def objects(client, bucket: str) -> dict[str, bytes]:
    listed = client.list_objects_v2(Bucket=bucket).get("Contents", [])
    return {
        item["Key"]: client.get_object(Bucket=bucket, Key=item["Key"])["Body"].read()
        for item in listed
    }


@pytest.mark.django_db
def test_an_event_published_to_a_bucket_equals_the_folder_round(director, bucket, tmp_path):
    client, name = bucket
    event = small_event(director)
    event_publish(event, str(tmp_path))
    report = event_publish(event, f"s3://{name}/kings-cup")
    stored = objects(client, name)
    assert stored == {f"kings-cup/{path}": data for path, data in folder_files(tmp_path).items()}
    page = client.head_object(Bucket=name, Key="kings-cup/A/standings/index.html")
    assert (page["ContentType"], page["CacheControl"]) == ("text/html", FRESH)
    css = next(key for key in stored if key.startswith("kings-cup/static/desk/desk."))
    assert client.head_object(Bucket=name, Key=css)["CacheControl"] == FOREVER
    second_result(director, event)
    again = event_publish(event, f"s3://{name}/kings-cup")
    assert 0 < again.sent < report.files
    tournament_update(by=director, tournament=event, is_public=False)
    gone = event_publish(event, f"s3://{name}/kings-cup")
    assert gone.deleted == again.files
    assert set(objects(client, name)) == {"kings-cup/manifest.json", "kings-cup/stamp.json"}


def test_a_bucket_that_does_not_answer_is_unreachable(settings):
    settings.PUBLISH_S3_OPTIONS = {
        "endpoint_url": f"http://127.0.0.1:{free_port()}",
        "region_name": "us-east-1",
        **KEYS,
    }
    target = target_from_spec("s3://nowhere/prefix")
    with pytest.raises(TargetUnreachable):
        target.read_manifest()
    with pytest.raises(TargetUnreachable):
        target.put_many({"index.html": b"x"})
