"""uuid_seq's sqlguid in SQLAlchemy 1.4 over psycopg2: the recipe of
docs/clients.md, the whole module as the page shows it (sqlalchemy_test.py
imports it)."""

import uuid

from sqlalchemy import create_engine, event
from sqlalchemy.types import UserDefinedType

from sqlguid_psycopg2 import register_sqlguid  # the psycopg2 recipe


class SQLGUID(UserDefinedType):
    """uuid_seq's sqlguid as uuid.UUID; SQL Server order in the database."""

    cache_ok = True

    def get_col_spec(self, **kw):
        return "sqlguid"

    def bind_processor(self, dialect):
        return lambda value: None if value is None else str(value)

    def result_processor(self, dialect, coltype):
        return lambda value: value if value is None or isinstance(value, uuid.UUID) else uuid.UUID(value)


def sqlguid_engine(url):
    engine = create_engine(url)
    # reflection: a sqlguid column is SQLGUID (and sqlguid[] ARRAY(SQLGUID))
    engine.dialect.ischema_names = {**engine.dialect.ischema_names, "sqlguid": SQLGUID}
    # psycopg2 itself returns uuid.UUID for sqlguid and lists for sqlguid[]
    event.listen(engine, "connect", lambda dbapi_conn, record: register_sqlguid(dbapi_conn))
    return engine
