'use strict'
// The ulid type against the reference, npm's ulid (3.0.2): ULIDs that
// ulid() and monotonicFactory() make are read by the server (::ulid, in
// either case) as the same 128 bits (its uuid, bytes, time and order are the
// reference's ulidToUUID(), decodeTime() and string order); ULIDs the server
// makes (gen_ulid(), gen_monotonic_ulid(), a column's DEFAULT) are valid to
// the reference, which decodes the server's time and uuid from them, and
// come in creation order.  Also the binary form (16 bytes, big-endian, both
// ways through COPY: node-postgres reads binary results as UTF-8 text) and
// the text the reference refuses.  Connects with the libpq environment, as
// pg does.

const pg = require('pg')
const { pipeline } = require('stream/promises')
const { Readable } = require('stream')
const { from: copyFrom, to: copyTo } = require('pg-copy-streams')
const ulidjs = require('ulid')
const { Checks } = require('./checks')

const { ulid, monotonicFactory, decodeTime, isValid, ulidToUUID, uuidToULID, MIN_ULID, MAX_ULID, TIME_MAX } = ulidjs
const c = new Checks('ulid-js')

// the reference's bytes of a ULID: its uuid's hex
const hexOf = (text) => ulidToUUID(text).replace(/-/g, '').toLowerCase()
const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0)

// COPY's binary format: a 19-byte header, per row a field count (1) and
// the field's length and bytes, then -1
const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)])
function copyRows(values) {
  const rows = values.map((bytes) => {
    const head = Buffer.alloc(6)
    head.writeInt16BE(1, 0)
    head.writeInt32BE(bytes.length, 2)
    return Buffer.concat([head, bytes])
  })
  return Buffer.concat([COPY_HEADER, ...rows, Buffer.from([0xff, 0xff])])
}
function copyFields(data) {
  const fields = []
  let at = COPY_HEADER.length
  while (data.readInt16BE(at) === 1) {
    const len = data.readInt32BE(at + 2)
    fields.push(data.subarray(at + 6, at + 6 + len))
    at += 6 + len
  }
  return fields
}

async function nodeToServer(client) {
  // ulid(): a random one per call; ulid(seed) at chosen times, the ends of
  // the range among them; monotonicFactory(): a run within the same
  // milliseconds, counting up in the random part
  const made = []
  for (let i = 0; i < 50; i++) made.push(ulid())
  for (const seed of [0, 1, 1469918176385, 1700000000000, TIME_MAX]) made.push(ulid(seed))
  const monotonic = monotonicFactory()
  const run = []
  for (let i = 0; i < 200; i++) run.push(monotonic(1700000000000 + Math.floor(i / 50)))
  made.push(...run, MIN_ULID, MAX_ULID)

  for (const text of made) {
    const r = await client.query(
      `SELECT s::ulid::text AS text, lower(s)::ulid::text AS lower, s::ulid::uuid::text AS uuid,
              encode(s::ulid::bytea, 'hex') AS hex,
              (extract(epoch FROM s::ulid::timestamptz) * 1000)::bigint::text AS ms,
              ulid_to_uuid(s)::text AS via_function
       FROM (SELECT $1::text AS s) p`,
      [text]
    )
    const row = r.rows[0]
    c.eq(row.text, text, `${text}: read and written back`)
    c.eq(row.lower, text, `${text}: read in lowercase`)
    c.eq(row.uuid, ulidToUUID(text).toLowerCase(), `${text}: its uuid is ulidToUUID()'s`)
    c.eq(row.via_function, row.uuid, `${text}: ulid_to_uuid(text) the same`)
    c.eq(row.hex, hexOf(text), `${text}: its 16 bytes`)
    c.eq(row.ms, String(decodeTime(text)), `${text}: its time is decodeTime()'s`)
  }

  // order: the server's ulid order is the reference's string order, and a
  // monotonic run comes in the order it was made
  await client.query('CREATE TEMP TABLE from_node (n int, id ulid)')
  await client.query('INSERT INTO from_node SELECT n, id FROM unnest($1::ulid[]) WITH ORDINALITY u(id, n)', [made])
  let r = await client.query('SELECT id FROM from_node ORDER BY id, n')
  c.eq(r.rows.map((row) => row.id), [...made].sort(byText), 'ORDER BY id is the reference\'s string order')
  c.eq([...run].sort(byText), run, 'monotonicFactory() counts up within a millisecond')
  r = await client.query('SELECT count(*)::int AS n FROM from_node a JOIN from_node b ON a.id < b.id AND a.n > b.n WHERE a.n BETWEEN $1 AND $2 AND b.n BETWEEN $1 AND $2',
    [56, 255])
  c.eq(r.rows[0].n, 0, 'the server orders the monotonic run as it was made')
  r = await client.query('SELECT min(id)::text AS min, max(id)::text AS max FROM from_node')
  c.eq(r.rows[0], { min: MIN_ULID, max: MAX_ULID }, 'min() and max() are the reference\'s MIN_ULID and MAX_ULID')

  // the reference's bytes sent in binary (ulid_recv): the same ULIDs
  await client.query('CREATE TEMP TABLE from_node_binary (n serial, id ulid)')
  await pipeline(Readable.from([copyRows(made.map((t) => Buffer.from(hexOf(t), 'hex')))]),
    client.query(copyFrom('COPY from_node_binary (id) FROM STDIN (FORMAT binary)')))
  r = await client.query('SELECT id::text AS id FROM from_node_binary ORDER BY n')
  c.eq(r.rows.map((row) => row.id), made, 'the reference\'s 16 bytes in binary COPY are its ULIDs')

  // what the reference refuses, the server refuses (22P02); an overflowing
  // first character passes the reference's isValid() but not its
  // decodeTime()
  const refused = (text) => {
    try {
      return !isValid(text) || decodeTime(text) === undefined
    } catch (e) {
      return true
    }
  }
  for (const bad of ['01ARZ3NDEKTSV4RRFFQ69G5FAU', '81ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FA', '01ARZ3NDEK-SV4RRFFQ69G5FAV']) {
    let code = null
    try {
      await client.query('SELECT $1::ulid', [bad])
    } catch (e) {
      code = e.code
    }
    c.eq([refused(bad), code], [true, '22P02'], `${bad}: refused by both`)
  }
}

async function serverToNode(client) {
  // the generators and a DEFAULT, in turn, with the time the server reads
  await client.query('CREATE TEMP TABLE from_server (n serial, id ulid DEFAULT gen_ulid())')
  await client.query(`INSERT INTO from_server (id)
                      SELECT CASE WHEN g % 2 = 0 THEN gen_ulid() ELSE gen_monotonic_ulid() END
                      FROM generate_series(1, 300) g`)
  await client.query('INSERT INTO from_server DEFAULT VALUES')
  await client.query('INSERT INTO k_ulid_type (note) SELECT \'x\' FROM generate_series(1, 100)')
  await client.query('INSERT INTO from_server (id) SELECT id FROM k_ulid_type ORDER BY id')
  const r = await client.query(
    `SELECT id, id::uuid::text AS uuid, (extract(epoch FROM id::timestamptz) * 1000)::bigint::text AS ms
     FROM from_server ORDER BY n`)
  const ids = r.rows.map((row) => row.id)
  for (const { id, uuid, ms } of r.rows) {
    c.true(typeof id === 'string' && isValid(id), `${id}: valid to the reference`)
    c.eq(String(decodeTime(id)), ms, `${id}: decodeTime() reads the server's time`)
    c.eq(uuidToULID(uuid), id, `${id}: uuidToULID() of its uuid`)
  }
  c.eq([...ids].sort(byText), ids, 'the server\'s ULIDs come in the reference\'s string order')
  c.eq(new Set(ids).size, ids.length, 'the server\'s ULIDs are distinct')

  // the binary form (ulid_send): 16 bytes, big-endian, the reference's
  const chunks = []
  const out = client.query(copyTo('COPY (SELECT id FROM from_server ORDER BY n) TO STDOUT (FORMAT binary)'))
  for await (const chunk of out) chunks.push(chunk)
  const fields = copyFields(Buffer.concat(chunks))
  c.eq(fields.length, ids.length, 'binary COPY: a field per row')
  fields.forEach((bytes, i) => {
    c.eq(bytes.toString('hex'), hexOf(ids[i]), `binary ${ids[i]}: the reference's 16 bytes`)
  })
  // and sent back as a parameter, the key finds its row
  for (const id of ids.slice(0, 20)) {
    const q = await client.query('SELECT count(*)::int AS n FROM from_server WHERE id = $1', [id])
    c.eq(q.rows[0].n, 1, `${id}: as a parameter`)
  }
}

async function main() {
  const client = new pg.Client()
  await client.connect()
  try {
    await nodeToServer(client)
    await serverToNode(client)
  } finally {
    await client.end()
  }
  c.done(require('ulid/package.json').version)
}

main().catch((e) => {
  console.error(e)
  process.exitCode = 1
})
