'use strict'
// uuid_seq's sqlguid in node-postgres: the recipe of docs/clients.md, the
// whole module as the page shows it (pg_test.js and knex_test.js use it).

const pg = require('pg')

// sqlguid reads as a string and sqlguid[] as an array of strings, as uuid
// and uuid[] do. The type's OIDs are the database's own (CREATE EXTENSION
// picks them, a restore picks others): look them up on each connection.
async function registerSqlguid(client) {
  const { rows } = await client.query(
    "SELECT 'sqlguid'::regtype::oid AS oid, 'sqlguid[]'::regtype::oid AS array_oid")
  client.setTypeParser(rows[0].oid, pg.types.getTypeParser(2950)) // as uuid
  client.setTypeParser(rows[0].array_oid, pg.types.getTypeParser(2951)) // as uuid[]
}

// A pg.Pool's 'connect' event does not wait for a promise: look the OIDs up
// once and register the parsers for the whole process (pg.types)
async function registerSqlguidForPool(pool) {
  const { rows } = await pool.query(
    "SELECT 'sqlguid'::regtype::oid AS oid, 'sqlguid[]'::regtype::oid AS array_oid")
  pg.types.setTypeParser(rows[0].oid, pg.types.getTypeParser(2950)) // as uuid
  pg.types.setTypeParser(rows[0].array_oid, pg.types.getTypeParser(2951)) // as uuid[]
}

module.exports = { registerSqlguid, registerSqlguidForPool }
