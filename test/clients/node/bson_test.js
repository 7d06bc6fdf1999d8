'use strict'
// npm bson (ObjectId, MongoDB's reference JavaScript implementation) against
// uuid_seq's objectid type, byte for byte, each way: ObjectIds node makes
// (new ObjectId(), ObjectId.createFromTime()) read by the server as text and
// as binary parameters (objectid_recv), their time and bytes compared; the
// server's objectid_generate() values read by bson (new ObjectId(hex),
// getTimestamp(), toHexString(), the 12 bytes); order compared between
// bson's bytes and the server's. (Binary results stay out: pg-protocol 1.x
// reads every field as UTF-8 text; the regression test objectid compares
// objectid_send with the bytea cast.) Connects with the libpq environment,
// as pg does.

const pg = require('pg')
const { ObjectId } = require('bson')
// bson's exports leave out its package.json: read it beside the module
const bsonVersion = JSON.parse(require('fs').readFileSync(
  require('path').join(__dirname, 'node_modules', 'bson', 'package.json'), 'utf8')).version
const { Checks } = require('./checks')

const c = new Checks('bson-js')

async function nodeToServer(client) {
  // new ObjectId(): bson's own counter and process bytes
  const made = Array.from({ length: 50 }, () => new ObjectId())
  for (const oid of made) {
    const hex = oid.toHexString()
    const r = await client.query(
      `SELECT $1::objectid::text AS text, $2::objectid::text AS from_upper,
              extract(epoch FROM objectid_to_timestamptz($1::objectid))::bigint AS seconds,
              encode($1::objectid::bytea, 'hex') AS bytes`,
      [hex, hex.toUpperCase()])
    const row = r.rows[0]
    c.eq(row.text, hex, `node's ObjectId ${hex} read back`)
    c.eq(row.from_upper, hex, `node's ObjectId ${hex} in uppercase`)
    c.eq(Number(row.seconds) * 1000, oid.getTimestamp().getTime(), `${hex}: the time`)
    c.eq(row.bytes, Buffer.from(oid.id).toString('hex'), `${hex}: the 12 bytes`)
    // the 12 bytes as a binary parameter: objectid_recv
    const b = await client.query('SELECT $1::objectid::text AS text', [Buffer.from(oid.id)])
    c.eq(b.rows[0].text, hex, `${hex}: sent as 12 binary bytes`)
  }
  // bson's order (its bytes) is the server's
  const sorted = [...made].sort((a, b) => Buffer.compare(Buffer.from(a.id), Buffer.from(b.id)))
  const r = await client.query('SELECT array_agg(id::text ORDER BY id) AS ids FROM unnest($1::objectid[]) id',
    [made.map((o) => o.toHexString())])
  c.eq(r.rows[0].ids, sorted.map((o) => o.toHexString()), "node's ObjectIds in the server's order")

  // createFromTime(): the second's smallest ObjectId, the server's lower bound
  for (const seconds of [0, 1350508407, 1709251200, 2147483647, 2147483648, 4294967295]) {
    const oid = ObjectId.createFromTime(seconds)
    const q = await client.query(
      `SELECT objectid_lower_bound(to_timestamp($1))::text AS bound,
              extract(epoch FROM objectid_to_timestamptz($2::objectid))::bigint AS seconds`,
      [seconds, oid.toHexString()])
    c.eq(q.rows[0].bound, oid.toHexString(), `createFromTime(${seconds}) is objectid_lower_bound()`)
    c.eq(Number(q.rows[0].seconds), seconds, `createFromTime(${seconds}): its time, unsigned`)
    c.eq(Number(q.rows[0].seconds) * 1000, oid.getTimestamp().getTime(), `createFromTime(${seconds}): getTimestamp()`)
  }
  // MongoDB's manual's example
  const doc = new ObjectId('507f1f77bcf86cd799439011')
  const q = await client.query("SELECT objectid_to_timestamptz('507f1f77bcf86cd799439011') AS t")
  c.eq(q.rows[0].t.getTime(), doc.getTimestamp().getTime(), "the manual's ObjectId: its time")
}

async function serverToNode(client, other) {
  // values of two connections, interleaved: the cluster-wide order
  const ids = []
  for (let round = 0; round < 4; round++) {
    for (const conn of [client, other]) {
      const r = await conn.query(
        `SELECT id::text AS text, encode(id::bytea, 'hex') AS bytes,
                extract(epoch FROM objectid_to_timestamptz(id))::bigint AS seconds
         FROM (SELECT objectid_generate() AS id FROM generate_series(1, 250)) s`)
      ids.push(...r.rows)
    }
  }
  let ordered = true
  let previous = null
  const middles = new Set()
  for (const row of ids) {
    const oid = new ObjectId(row.text)
    c.true(ObjectId.isValid(row.text), `${row.text}: valid to bson`)
    c.eq(oid.toHexString(), row.text, `${row.text}: toHexString()`)
    c.eq(Buffer.from(oid.id).toString('hex'), row.bytes, `${row.text}: its 12 bytes`)
    c.eq(oid.getTimestamp().getTime(), Number(row.seconds) * 1000, `${row.text}: getTimestamp()`)
    if (previous !== null && Buffer.compare(Buffer.from(previous.id), Buffer.from(oid.id)) >= 0) ordered = false
    previous = oid
    middles.add(row.bytes.slice(8, 18))
  }
  c.true(ordered, `${ids.length} values of objectid_generate() from two connections strictly increase as bson compares them`)
  c.eq(middles.size, 1, "the server's five middle bytes, the same in every value")

  // a value bson made now and one the server makes after it: the server's
  // lies in the same or a later second
  const now = new ObjectId()
  const s = await client.query('SELECT objectid_generate()::text AS text')
  c.true(new ObjectId(s.rows[0].text).getTimestamp() >= now.getTimestamp(), "the server's next value is no older than node's")
}

async function main() {
  const client = new pg.Client()
  const other = new pg.Client()
  await client.connect()
  await other.connect()
  try {
    await nodeToServer(client)
    await serverToNode(client, other)
  } finally {
    await client.end()
    await other.end()
  }
  c.done(bsonVersion)
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
