"""The manifest of a published round and what the next round sends and deletes."""

from publishing.plan import manifest


def test_a_first_round_sends_every_file_and_deletes_nothing():
    after = manifest.hashes({"b.html": b"B", "a.html": b"A"})
    change = manifest.diff(None, after)
    assert change.new == ("a.html", "b.html")
    assert (change.changed, change.removed, change.unchanged) == ((), (), 0)


def test_only_changed_and_new_files_are_sent_and_removed_ones_deleted():
    before = manifest.hashes({"a.html": b"A", "b.html": b"B", "gone.html": b"G"})
    after = manifest.hashes({"a.html": b"A", "b.html": b"B2", "c.html": b"C"})
    change = manifest.diff(before, after)
    assert change.new == ("c.html",)
    assert change.changed == ("b.html",)
    assert change.removed == ("gone.html",)
    assert change.unchanged == 1
    assert change.to_send == ("c.html", "b.html")


def test_the_same_files_give_the_same_manifest_and_hash_whatever_their_order():
    one = manifest.hashes({"a": b"1", "b": b"2"})
    two = manifest.hashes({"b": b"2", "a": b"1"})
    assert manifest.manifest_bytes(one) == manifest.manifest_bytes(two)
    assert manifest.manifest_hash(one) == manifest.manifest_hash(two)
    assert manifest.manifest_hash(one) != manifest.manifest_hash({"a": one["a"]})


def test_a_stored_manifest_reads_back_and_a_broken_one_reads_as_none():
    files = manifest.hashes({"x/index.html": b"x"})
    assert manifest.read_manifest(manifest.manifest_bytes(files)) == files
    assert manifest.read_manifest(None) is None
    assert manifest.read_manifest(b"") is None
    assert manifest.read_manifest(b"{not json") is None
    assert manifest.read_manifest(b'{"format": 2, "files": {}}') is None
    assert manifest.read_manifest(b'{"format": 1, "files": {"a": 3}}') is None
    assert manifest.read_manifest(b"\xff") is None


def test_the_stamp_names_the_manifest_by_its_hash():
    files = manifest.hashes({"a": b"1"})
    assert manifest.stamp_bytes(files) == (
        b'{"manifest": "' + manifest.manifest_hash(files).encode() + b'"}'
    )
