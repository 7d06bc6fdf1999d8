-- test/matrix/dump_fixture.sql: the database a user has on an older major
-- (made on the host's 15 by test/matrix/dump-source.sh), dumped with 18's
-- pg_dump and restored into 18 by test/matrix/suite.sh: keys from every
-- kind of default, a sqlguid primary key and a uuid_sqlserver_ops index.
CREATE EXTENSION uuid_seq;
CREATE TABLE by_uuidv7 (id uuid PRIMARY KEY DEFAULT uuidv7(), n int NOT NULL);
CREATE TABLE by_generate_v7 (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL);
CREATE TABLE by_sqlguid (id sqlguid PRIMARY KEY DEFAULT comb_new(), n int NOT NULL);
CREATE TABLE by_comb (id uuid NOT NULL DEFAULT comb_new(), n int NOT NULL);
CREATE UNIQUE INDEX by_comb_sqlserver ON by_comb (id uuid_sqlserver_ops);
INSERT INTO by_uuidv7 (n) SELECT generate_series(1, 5000);
INSERT INTO by_generate_v7 (n) SELECT generate_series(1, 5000);
INSERT INTO by_sqlguid (n) SELECT generate_series(1, 5000);
INSERT INTO by_comb (n) SELECT generate_series(1, 5000);
