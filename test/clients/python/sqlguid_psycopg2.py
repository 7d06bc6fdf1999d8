"""uuid_seq's sqlguid in psycopg2: the recipe of docs/clients.md, the whole
module as the page shows it (psycopg2_test.py and the SQLAlchemy recipe,
sqlguid_sqlalchemy.py, import it)."""

import uuid

import psycopg2.extensions
import psycopg2.extras


def register_sqlguid(conn):
    """sqlguid and sqlguid[] read as uuid.UUID and lists of them; uuid.UUID
    parameters go as uuid (register_uuid), which sqlguid columns take."""
    psycopg2.extras.register_uuid()
    with conn.cursor() as cur:
        cur.execute("SELECT 'sqlguid'::regtype::oid, 'sqlguid[]'::regtype::oid")
        oid, array_oid = cur.fetchone()
    sqlguid = psycopg2.extensions.new_type(
        (oid,), "SQLGUID", lambda value, cur: None if value is None else uuid.UUID(value))
    psycopg2.extensions.register_type(sqlguid, conn)
    psycopg2.extensions.register_type(
        psycopg2.extensions.new_array_type((array_oid,), "SQLGUID[]", sqlguid), conn)
