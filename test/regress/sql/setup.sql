-- The first regression test: creates the extension for the tests that
-- follow, which run in REGRESS order in the same database.
CREATE EXTENSION uuid_seq;
