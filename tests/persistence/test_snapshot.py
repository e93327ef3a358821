"""Snapshot files: the round trip, hostile input, the memory bound and the format migration."""

from __future__ import annotations

import hashlib
import random
import struct
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from expedition import __version__
from expedition.persistence.codec import decode, encode
from expedition.persistence.migrations import FORMAT_VERSION, OLDEST_VERSION, migrate, steps
from expedition.persistence.save_errors import EncodeError, SnapshotError, UnsupportedVersion
from expedition.persistence.snapshot import (
    MAGIC,
    MAX_FILE_SIZE,
    decode_snapshot,
    encode_snapshot,
    read_snapshot,
    write_snapshot,
)
from expedition.rules.character.adventurer import Character
from expedition.rules.core.attributes import Attr
from expedition.rules.core.conditions import Affliction
from tests.persistence.test_codec import make_character

DATA = Path(__file__).with_name("data")


def wrap(body: bytes, *, version: int = FORMAT_VERSION, app: bytes = b"9.9", flags: int = 0) -> bytes:
    """A snapshot with a valid header and checksum around any body bytes, packed independently."""
    head = struct.pack(">8sHHIB", MAGIC, version, flags, len(body), len(app)) + app
    return head + hashlib.blake2b(head + body, digest_size=16, person=b"expd-snapshot").digest() + body


def sample_body() -> dict[str, Any]:
    return {"dice": {"seed": 7, "index": 3}, "party": [encode(make_character())], "turn": 12}


# --- round trip ---------------------------------------------------------------------------------

plain_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text()
    | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=40,
)


@settings(max_examples=200, deadline=None)
@given(body=st.dictionaries(st.text(max_size=8), plain_values, max_size=6))
def test_any_plain_body_round_trips_through_a_file_unchanged(body: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.expd"
        write_snapshot(path, body)
        header, again = read_snapshot(path)
    assert again == body
    assert header.format_version == FORMAT_VERSION and header.app_version == __version__


def test_a_campaign_body_round_trips_and_decodes_back_to_characters(tmp_path: Path) -> None:
    path = tmp_path / "s.expd"
    header = write_snapshot(path, sample_body())
    read_header, body = read_snapshot(path)
    assert read_header == header
    (hero,) = decode(body["party"], list[Character], "party")
    assert hero == make_character()
    assert hero.attrs[Attr.STR].score == 3 and Affliction.CURSED in hero.afflictions


def _nested(depth: int) -> list[Any]:
    value: list[Any] = [1]
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "body",
    [
        {"t": (1, 2)},
        {"s": {1, 2}},
        {1: "int key"},
        {"enum": Affliction.HUNGRY},
        {"deep": _nested(60)},
        {"big": 2**64},
        ["not", "a", "map"],
    ],
)
def test_writing_something_that_would_not_load_back_is_refused(body: Any, tmp_path: Path) -> None:
    with pytest.raises(EncodeError):
        write_snapshot(tmp_path / "s.expd", body)
    assert not (tmp_path / "s.expd").exists()


# --- hostile input ------------------------------------------------------------------------------


def expect_snapshot_error(data: bytes, cases: list[float]) -> SnapshotError:
    """Decode `data`, which must fail with SnapshotError and nothing else, and time it."""
    start = time.perf_counter()
    try:
        decode_snapshot(data, "hostile.expd")
    except SnapshotError as error:
        cases.append(time.perf_counter() - start)
        assert str(error).startswith("hostile.expd: ")
        return error
    raise AssertionError(f"decoded without error: {data[:60]!r}")


def hostile_bodies() -> list[bytes]:
    """Bodies in a valid header and checksum, so only the body checks stand in their way."""
    good = msgpack.packb(sample_body(), use_bin_type=True)
    bodies = [
        b"",
        b"\x91" * 100_000 + b"\xc0",  # arrays nested 100,000 deep
        b"\x81\xa1k" + b"\x91" * 2000 + b"\x90",
        b"\x81\xa1k" + b"\xdc\xff\xff" * 1000,  # each level declares 65,535 items: the preallocation bomb
        b"\x81\xa1k\xdd\xff\xff\xff\xff",  # one array declaring 4 billion items
        b"\x81\xa1k\xdb\xff\xff\xff\xff",  # a string declaring 4 GiB
        b"\x81\xa1k\xc6\x7f\xff\xff\xff",
        b"\xdf\xff\xff\xff\xff",
        b"\x91\xc0",  # top level is an array
        b"\x05",
        b"\x81\x01\x02",  # integer key
        b"\x81\xc4\x01k\x02",  # binary key
        b"\x81\xa1k\xd4\x01\x00",  # ext type
        b"\x81\xa1k\xd6\xff\x00\x00\x00\x00",  # timestamp ext
        b"\x81\xa1k\xc1",  # never-used type byte
        b"\x81\xa2\xff\xfe\x01",  # invalid utf-8
        b"\x82\xa1k\x01\xa1k\x02",  # repeated key
        good + b"\x00",
        good[:-1],
    ]
    return bodies


def mangled_bodies() -> list[bytes]:
    """Random damage behind a valid checksum: it may still happen to be a valid body, but must never crash."""
    good = msgpack.packb(sample_body(), use_bin_type=True)
    rng = random.Random(1)
    bodies = []
    for _ in range(600):
        mutated = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        bodies.append(bytes(mutated))
    for _ in range(300):
        bodies.append(rng.randbytes(rng.randint(1, 64)))
    return bodies


def test_two_thousand_hostile_files_each_raise_snapshot_error_quickly() -> None:
    valid = encode_snapshot(sample_body())
    timings: list[float] = []
    # Truncated at every length.
    for length in range(len(valid)):
        error = expect_snapshot_error(valid[:length], timings)
        assert "truncated" in error.reason or "wrong magic" not in error.reason or length == 0
    # Random byte flips anywhere.
    rng = random.Random(2024)
    for _ in range(1000):
        mutated = bytearray(valid)
        for _ in range(rng.randint(1, 3)):
            index = rng.randrange(len(mutated))
            mutated[index] ^= rng.randint(1, 255)
        expect_snapshot_error(bytes(mutated), timings)
    # Header lies.
    body = valid[struct.calcsize(">8sHHIB") + 5 + 16 :]
    header_cases = [
        b"EXPDSAVF" + valid[8:],
        b"PK\x03\x04" + valid[4:],
        b"",
        b"EXPD",
        struct.pack(">8sHHIB", MAGIC, 2, 0, 0xFFFFFFFF, 5) + b"0.1.0",
        struct.pack(">8sHHIB", MAGIC, 2, 0, MAX_FILE_SIZE + 1, 0) + bytes(16) + body,
        struct.pack(">8sHHIB", MAGIC, 2, 0, len(body), 255) + bytes(300),
        wrap(msgpack.packb({"a": 1}), flags=1),
        wrap(msgpack.packb({"a": 1}), version=0),
        wrap(msgpack.packb({"a": 1}), version=FORMAT_VERSION + 1),
        wrap(msgpack.packb({"a": 1}), version=0xFFFF),
        wrap(msgpack.packb({"a": 1}), app=b"\xff\xfe"),
        wrap(msgpack.packb({"party": []}), version=1),  # a format 1 body without its dice state
        wrap(msgpack.packb({"seed": "7", "dice_index": 1}), version=1),
        wrap(msgpack.packb({"seed": 7, "dice_index": 1, "dice": {}}), version=1),
    ]
    for data in header_cases + [wrap(b) for b in hostile_bodies()]:
        expect_snapshot_error(data, timings)
    assert len(timings) >= 2000
    assert max(timings) < 1.0, f"slowest hostile case took {max(timings):.2f}s"


def test_randomly_mangled_bodies_behind_a_valid_checksum_load_or_raise_snapshot_error() -> None:
    failures = 0
    for body in mangled_bodies():
        try:
            _, loaded = decode_snapshot(wrap(body))
        except SnapshotError:
            failures += 1
        else:
            assert isinstance(loaded, dict)
    assert failures > 300  # most damage is caught; the rest happened to be well-formed


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "truncated"),
        (b"GIF89a" + bytes(100), "wrong magic"),
        (wrap(b"\x80")[:-1], "truncated"),
        (wrap(b"\x80") + b"!", "stray bytes after the body"),
        (wrap(msgpack.packb({"a": 1}), version=9), "unsupported format version 9"),
        (wrap(b"\x81\xa1k" + b"\x91" * 60 + b"\xc0"), "nested deeper than"),
        (wrap(b"\x81\xa1k\xdd\xff\xff\xff\xff"), "container of 4294967295 items"),
        (wrap(b"\x81\xa1k\xdc\xff\xff" + b"\x90"), "declares more items than bytes are left"),
        (wrap(b"\x81\x01\x02"), "map key at byte 1 is not a string"),
        (wrap(b"\x82\xa1k\x01\xa1k\x02"), "repeats a key"),
        (wrap(b"\x81\xa2\xff\xfe\x01"), "malformed msgpack"),
        (wrap(b"\x81\xa1k\xd4\x01\x00"), "extension type"),
        (wrap(b"\x91\x01"), "body is not a map"),
    ],
)
def test_each_kind_of_damage_is_named(data: bytes, reason: str) -> None:
    with pytest.raises(SnapshotError) as raised:
        decode_snapshot(data, "save.expd")
    assert raised.value.source == "save.expd"
    assert reason in raised.value.reason


def test_a_flipped_body_byte_is_a_checksum_mismatch() -> None:
    valid = bytearray(encode_snapshot(sample_body()))
    valid[-3] ^= 0x40
    with pytest.raises(SnapshotError, match="checksum mismatch"):
        decode_snapshot(bytes(valid))


def test_a_newer_format_is_unsupported_not_damaged() -> None:
    with pytest.raises(UnsupportedVersion, match=r"written by expedition 9\.9"):
        decode_snapshot(wrap(msgpack.packb({"a": 1}), version=FORMAT_VERSION + 1))


def _peak_memory(data: bytes) -> tuple[SnapshotError, int]:
    tracemalloc.start()
    try:
        decode_snapshot(data, "bomb.expd")
    except SnapshotError as error:
        return error, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    raise AssertionError("the bomb loaded")


@pytest.mark.parametrize("empty", [b"\x90", b"\x80", b"\xc0"])
def test_five_megabytes_of_empty_containers_stay_within_bounded_memory(empty: bytes) -> None:
    # 50 arrays of 100,000 empty arrays (or maps, or nils): 5 MB that msgpack would turn into ~300 MB.
    parts = [b"\xde\x00\x32"]
    for key in range(50):
        parts.append(msgpack.packb(f"k{key:02d}") + b"\xdd" + struct.pack(">I", 100_000) + empty * 100_000)
    data = wrap(b"".join(parts))
    assert len(data) > 5_000_000
    start = time.perf_counter()
    with pytest.raises(SnapshotError, match="more than 500000 values"):
        decode_snapshot(data, "bomb.expd")
    assert time.perf_counter() - start < 1.0
    if empty != b"\x90":
        return  # tracing costs seconds; one kind of container shows the bound
    error, peak = _peak_memory(data)
    assert "more than" in error.reason
    # The file itself is 5 MB and is sliced once; everything else must stay small.
    assert peak < 30 * 2**20, f"peak {peak / 2**20:.1f} MiB"


def test_the_file_size_is_capped_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.expd"
    with open(path, "wb") as file:
        file.truncate(MAX_FILE_SIZE + 1)  # sparse: costs no disk
    tracemalloc.start()
    with pytest.raises(SnapshotError, match="too large"):
        read_snapshot(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 2**20


def test_a_missing_file_is_a_snapshot_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(SnapshotError, match=r"nothing\.expd: cannot read the file"):
        read_snapshot(tmp_path / "nothing.expd")


# --- migrations ----------------------------------------------------------------------------------


def test_every_old_format_has_a_step() -> None:
    assert sorted(steps()) == list(range(OLDEST_VERSION, FORMAT_VERSION))


def test_the_format_1_fixture_loads_with_its_dice_state_nested() -> None:
    header, body = read_snapshot(DATA / "v1_campaign.expd")
    assert header.format_version == 1 and header.app_version == "0.0.9"
    assert body["dice"] == {"seed": 20240611, "index": 57}
    assert body["seed"] == 20240611 and "dice_index" not in body  # the campaign keeps its seed
    (hero,) = decode(body["party"], list[Character], "party")
    assert hero.name == "Wren" and hero.attrs[Attr.DEX].wounds == 1
    assert Affliction.HUNGRY in hero.afflictions and hero.items[0].defn.key == "torch"


def test_migration_leaves_a_current_body_alone() -> None:
    body = {"dice": {"seed": 1, "index": 2}}
    assert migrate(body, FORMAT_VERSION) is body


# --- never pickle, never eval ----------------------------------------------------------------------

UNSAFE_MODULES = {"pickle", "cPickle", "dill", "marshal", "shelve", "jsonpickle", "cloudpickle"}
UNSAFE_CALLS = {"eval", "exec", "compile", "__import__"}


@pytest.mark.parametrize("package", ["persistence", "session", "net"])
def test_no_loading_code_can_pickle_or_evaluate(package: str) -> None:
    """Untrusted loading: nothing that reads saves or frames imports a pickler or calls eval/exec."""
    import ast

    folder = Path(__file__).resolve().parents[2] / "expedition" / package
    found: list[str] = []
    for source in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Import):
                found += [f"{source.name}: import {a.name}" for a in node.names if a.name in UNSAFE_MODULES]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in UNSAFE_MODULES:
                found.append(f"{source.name}: from {node.module}")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in UNSAFE_CALLS
            ):
                found.append(f"{source.name}:{node.lineno}: {ast.unparse(node.func)}()")
    assert list(folder.glob("*.py")) and found == []


def test_the_persistence_bench_runs_and_prints_its_ratios() -> None:
    """tests/bench: autosave and load as ratios to raw msgpack, and the size against JSON."""
    import subprocess
    import sys

    bench = Path(__file__).resolve().parents[1] / "bench" / "bench_persistence.py"
    result = subprocess.run(
        [sys.executable, str(bench), "--quick"], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for line in ("autosave: state → file (fsync)", "load: file → state", "× raw", "compact JSON"):
        assert line in out, line
    assert out.count("snapshot / compact JSON") == 2
