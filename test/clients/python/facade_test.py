"""uuidv47.py, the Python facade port of docs/facade.md, against the
server's uuid_v7_facade() and uuid_v7_from_facade() (psycopg 3; the libpq
environment names the server, a superuser for the configured key): under
three keys made here, random v7 and v4 values of ours and values the server
generates (both settings of uuid_seq.v7_rand_a), both directions, with the
key as an argument and as uuid_seq.facade_key; then the UUIDv47
reference's vectors (UUID_SEQ_FACADE_VECTORS, from facade_vectors.py),
skipped with a line when run.sh had no reference."""

import os
import platform
import secrets
import uuid

import psycopg

from checks import Checks
from uuidv47 import siphash24, v7_facade, v7_from_facade

# encode: (v7, its facade under the key given, under the configured key);
# decode: (v4, the v7 behind it, the same)
SERVER = """
WITH k AS (SELECT decode(replace(%(key)s, ':', ''), 'hex') AS key),
v7 AS (SELECT u::uuid AS id FROM unnest(%(v7)s::text[]) AS u
       UNION ALL SELECT uuid_generate_v7() FROM generate_series(1, 200)),
v4 AS (SELECT u::uuid AS f FROM unnest(%(v4)s::text[]) AS u
       UNION ALL SELECT gen_random_uuid() FROM generate_series(1, 200))
SELECT 'encode', id::text, uuid_v7_facade(id, key)::text, uuid_v7_facade(id)::text FROM v7, k
UNION ALL
SELECT 'decode', f::text, uuid_v7_from_facade(f, key)::text, uuid_v7_from_facade(f)::text FROM v4, k
"""


def random_uuid(version):
    b = bytearray(secrets.token_bytes(16))
    b[6] = b[6] & 0x0F | version << 4
    b[8] = b[8] & 0x3F | 0x80
    return str(uuid.UUID(bytes=bytes(b)))


def check_server(c, conn):
    for n, rand_a in enumerate(["fraction", "random", "fraction"]):
        key = secrets.token_hex(16)  # as `openssl rand -hex 16` makes one
        if n == 1:
            key = key[:16] + ":" + key[16:]
        conn.execute(f"SET uuid_seq.facade_key = '{key}'")
        conn.execute(f"SET uuid_seq.v7_rand_a = '{rand_a}'")
        rows = conn.execute(SERVER, {"key": key, "v7": [random_uuid(7) for _ in range(200)],
                                     "v4": [random_uuid(4) for _ in range(200)]}).fetchall()
        c.eq(len(rows), 800, f"key {n}: rows")
        for kind, given, mapped, configured in rows:
            what = f"key {key} ({rand_a}), {kind} {given}"
            c.eq(configured, mapped, what + ": the configured key gives the same")
            u = uuid.UUID(given)
            if kind == "encode":
                c.eq(str(v7_facade(u, key)), mapped, what + ": v7_facade() = uuid_v7_facade()")
                c.eq(v7_from_facade(v7_facade(u, key), key), u, what + ": and back")
            else:
                c.eq(str(v7_from_facade(u, key)), mapped, what + ": v7_from_facade() = uuid_v7_from_facade()")
                c.eq(v7_facade(v7_from_facade(u, key), key), u, what + ": and back")
    conn.execute("RESET uuid_seq.v7_rand_a")
    conn.execute("RESET uuid_seq.facade_key")


def check_refusals(c):
    """What the server refuses with 22023, the port refuses with ValueError."""
    key = secrets.token_hex(16)
    for call, arg in [(v7_facade, random_uuid(4)), (v7_from_facade, random_uuid(7)),
                      (v7_facade, "018cc820-db2e-7e6a-c000-000000000000"),  # not the RFC variant
                      (v7_from_facade, "018cc820-db2e-4e6a-0000-000000000000")]:
        try:
            call(uuid.UUID(arg), key)
            c.true(False, f"{call.__name__}({arg}) refuses")
        except ValueError:
            c.true(True, f"{call.__name__}({arg}) refuses")


def check_reference(c):
    path = os.environ.get("UUID_SEQ_FACADE_VECTORS", "")
    if not path:
        print("facade-python: the UUIDv47 reference's vectors skipped: "
              + os.environ.get("UUID_SEQ_FACADE_SKIP", "UUID_SEQ_FACADE_VECTORS is not set"))
        return
    counts = {"siphash": 0, "facade": 0}
    with open(path) as f:
        for line in f:
            kind, *fields = line.split()
            counts[kind] += 1
            if kind == "siphash":
                k0, k1, message, digest = fields
                message = b"" if message == "-" else bytes.fromhex(message)
                c.eq(siphash24(int(k0, 16), int(k1, 16), message), int(digest, 16), f"reference: {line.strip()}")
            else:
                key, v7, facade = fields
                c.eq(str(v7_facade(uuid.UUID(v7), key)), facade, f"reference: {line.strip()}")
                c.eq(str(v7_from_facade(uuid.UUID(facade), key)), v7, f"reference: {line.strip()}, back")
    c.true(counts["siphash"] >= 13 and counts["facade"] >= 18, f"reference: vectors read ({counts})")


c = Checks("facade-python")
with psycopg.connect(autocommit=True) as conn:
    check_server(c, conn)
check_refusals(c)
check_reference(c)
c.done(platform.python_version())
