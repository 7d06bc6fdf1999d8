"""What the Python client tests of test/clients/ share: the key tables of
schema.sql and a counter of checks that fails the run on any mismatch."""

import sys
import uuid

# (table, kind of key, ORDER BY clause of the key's own order)
TABLES = [
    ("k_v7", "uuid", "id"),
    ("k_ulid", "uuid", "id"),
    ("k_typeid", "text", 'id COLLATE "C"'),
    ("k_sqlguid", "sqlguid", "id"),
    ("k_comb", "uuid", "id USING #<#"),
    ("k_tsid", "bigint", "id"),
    ("k_snowflake", "bigint", "id"),
]

# bigint parameters a JavaScript Number cannot hold: above 2^53, and odd
INT8_VALUES = [2**53 + 1, 2**62 + 1, 2**63 - 1]


class Checks:
    """Counts checks; each failure prints a line; done() exits non-zero if
    any failed."""

    def __init__(self, client):
        self.client = client
        self.count = 0
        self.failed = 0

    def eq(self, got, want, what):
        self.count += 1
        if got != want:
            self.failed += 1
            print(f"{self.client}: FAIL {what}: got {got!r}, want {want!r}", file=sys.stderr)

    def true(self, cond, what):
        self.eq(bool(cond), True, what)

    def done(self, version):
        status = "FAILED" if self.failed else "ok"
        print(f"{self.client} {version}: {self.count} checks, {self.failed} failed: {status}")
        sys.exit(1 if self.failed else 0)


PYTYPE = {"uuid": uuid.UUID, "sqlguid": uuid.UUID, "text": str, "bigint": int}


def check_keys(c, cur, table, kind, order, mode, ph, explicit_uuid):
    """Through DB-API cursor cur, with placeholder ph (%s, %t, %b): five
    DEFAULT keys inserted, read back (type, and text as the server's
    id::text), in ORDER BY, as parameters, in an array parameter and an
    array result; explicit keys as parameters: explicit_uuid, and for bigint
    INT8_VALUES (negated in "binary" mode, to differ from "text" mode's)."""
    what = f"{table} ({mode})"
    made = []
    for i in range(5):
        cur.execute(f"INSERT INTO {table} (note) VALUES ({ph}) RETURNING id, id::text AS text",
                    [f"{mode} {i}"])
        made.append(tuple(cur.fetchone()))
    for key, text in made:
        c.eq(type(key), PYTYPE[kind], f"{what}: type of the key")
        c.eq(str(key), text, f"{what}: key read back")
        if kind == "bigint":
            c.true(key > 2**53, f"{what}: {key} above 2^53")
    keys = [key for key, _ in made]

    cur.execute(f"SELECT id, id::text AS text FROM {table} WHERE note LIKE {ph} ORDER BY {order}",
                [f"{mode} %"])
    c.eq([tuple(r) for r in cur.fetchall()], made, f"{what}: ORDER BY {order} is creation order")

    for key, text in made:
        cur.execute(f"SELECT id::text FROM {table} WHERE id = {ph}", [key])
        c.eq(tuple(cur.fetchone()), (text,), f"{what}: key as a parameter")

    cur.execute(f"SELECT count(*) FROM {table} WHERE id = ANY({ph})", [keys])
    c.eq(tuple(cur.fetchone()), (5,), f"{what}: array parameter")
    cur.execute(f"SELECT array_agg(id ORDER BY {order}) FROM {table} WHERE note LIKE {ph}",
                [f"{mode} %"])
    c.eq(tuple(cur.fetchone()), (keys,), f"{what}: array of keys read")

    explicit = []
    if kind == "bigint":
        explicit = [-v if mode == "binary" else v for v in INT8_VALUES]
    elif kind in ("uuid", "sqlguid"):
        explicit = [explicit_uuid]
    for v in explicit:
        cur.execute(f"INSERT INTO {table} (id, note) VALUES ({ph}, 'explicit') "
                    "RETURNING id, id::text AS text", [v])
        c.eq(tuple(cur.fetchone()), (v, str(v)), f"{what}: explicit key {v} stored exactly")
        cur.execute(f"SELECT id FROM {table} WHERE id = {ph}", [v])
        c.eq(tuple(cur.fetchone()), (v,), f"{what}: explicit key {v} found")
