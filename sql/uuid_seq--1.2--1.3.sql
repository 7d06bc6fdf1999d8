/* uuid_seq--1.2--1.3.sql: upgrade of uuid_seq 1.2 to 1.3 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION uuid_seq UPDATE TO '1.3'" to load this file. \quit

-- Every object this script makes is made the same way by uuid_seq--1.3.sql,
-- the full install script (test/regress/sql/upgrade.sql compares them).
-- Calls of catalog functions are schema-qualified (SECURITY.md).
