'use strict'
// KSUID against npm `ksuid` (3.0.0, package-lock.json), a JavaScript port
// of Segment's KSUID, through node-postgres (the libpq environment names
// the server).  Both directions, byte for byte:
// - ksuid's values (randomSync() of now and of times across the type's
//   range, fromParts() of chosen payloads), read by the server as ksuid
//   text: the same text back, the same 20 bytes (ksuid::bytea against
//   .raw), the same second (ksuid_to_timestamptz against .date), and
//   ksuid_lower_bound() of that second at or below them with a zero payload;
// - the server's ksuid_generate() values, read by ksuid: KSUID.parse()
//   gives back the text (.string), the bytes the server sends, the
//   server's second (.date) and its payload (.payload);
// - order: the server's ORDER BY, ksuid's compare() and a byte-wise sort of
//   the text agree on a mix of both, and the server's values come in
//   increasing order; the smallest and largest KSUIDs are the same text.

const pg = require('pg')
const KSUID = require('ksuid')
const { version: ksuidVersion } = require('ksuid/package.json')
const { Checks } = require('./checks')

const c = new Checks('ksuid-js')

const EPOCH_MS = 14e11
const LAST_SECOND = 2 ** 32 - 1

async function main() {
  const client = new pg.Client()
  await client.connect()
  try {
    // the ends, each library's constants
    let r = await client.query(
      `SELECT $1::ksuid::text AS min, $2::ksuid::text AS max,
              $1::ksuid::bytea = '\\x0000000000000000000000000000000000000000' AS min_bytes,
              $2::ksuid::bytea = '\\xffffffffffffffffffffffffffffffffffffffff' AS max_bytes`,
      [KSUID.MIN_STRING_ENCODED, KSUID.MAX_STRING_ENCODED],
    )
    c.eq(r.rows[0], {
      min: KSUID.MIN_STRING_ENCODED, max: KSUID.MAX_STRING_ENCODED, min_bytes: true, max_bytes: true,
    }, 'MIN_STRING_ENCODED and MAX_STRING_ENCODED')

    // ksuid's values: of now, of seconds across the range, of chosen
    // payloads (all zero, all 0xff, a counting one)
    const theirs = Array.from({ length: 500 }, () => KSUID.randomSync())
    for (let i = 0; i < 300; i++) {
      const s = Math.floor(Math.random() * LAST_SECOND)
      theirs.push(KSUID.randomSync(EPOCH_MS + s * 1000 + Math.floor(Math.random() * 1000)))
    }
    theirs.push(KSUID.fromParts(EPOCH_MS, Buffer.alloc(16)))
    theirs.push(KSUID.fromParts(EPOCH_MS + LAST_SECOND * 1000, Buffer.alloc(16, 0xff)))
    theirs.push(KSUID.fromParts(1507608047000, Buffer.from('b5a1cd34b5f99d1154fb6853345c9735', 'hex')))
    theirs.push(KSUID.fromParts(Date.now(), Buffer.from([...Array(16).keys()])))
    c.eq(theirs[theirs.length - 2].string, '0ujtsYcgvSTl8PAuAdqWYSMnLOv', 'fromParts() of Segment\'s README KSUID')

    r = await client.query(
      `SELECT k::text AS text, encode(k::bytea, 'hex') AS hex,
              (extract(epoch FROM ksuid_to_timestamptz(k)) * 1000)::bigint::text AS ms,
              encode(ksuid_lower_bound(ksuid_to_timestamptz(k))::bytea, 'hex') AS bound
       FROM unnest($1::ksuid[]) WITH ORDINALITY AS t(k, n) ORDER BY n`,
      [theirs.map((k) => k.string)],
    )
    c.eq(r.rows.length, theirs.length, 'ksuid\'s values: every one read')
    let bad = []
    r.rows.forEach((row, i) => {
      const k = theirs[i]
      const want = {
        text: k.string,
        hex: k.raw.toString('hex'),
        ms: String(k.date.getTime()),
        bound: k.raw.subarray(0, 4).toString('hex') + '00'.repeat(16),
      }
      if (JSON.stringify(row) !== JSON.stringify(want)) bad.push({ got: row, want })
    })
    c.eq(bad.slice(0, 3), [], `ksuid's values: ${theirs.length} read back, the same text, bytes and second`)

    // binary: the 20 bytes the server receives and sends are ksuid's raw
    r = await client.query(`SELECT encode(ksuid_send($1::ksuid), 'hex') AS sent`, [theirs[0].string])
    c.eq(r.rows[0].sent, theirs[0].raw.toString('hex'), 'ksuid_send(): ksuid\'s raw bytes')

    // the server's values, read by ksuid
    r = await client.query(
      `SELECT k::text AS k, encode(k::bytea, 'hex') AS hex,
              (extract(epoch FROM ksuid_to_timestamptz(k)) * 1000)::bigint::text AS ms
       FROM (SELECT n, ksuid_generate() AS k FROM generate_series(1, 1000) n) s ORDER BY n`,
    )
    const ours = r.rows.map((row) => row.k)
    bad = r.rows.filter(({ k, hex, ms }) => {
      const parsed = KSUID.parse(k)
      return parsed.string !== k || parsed.raw.toString('hex') !== hex ||
        String(parsed.date.getTime()) !== ms || parsed.payload.toString('hex') !== hex.slice(8) ||
        Math.abs(parsed.date.getTime() - Date.now()) > 600000
    })
    c.eq(bad.slice(0, 3), [], 'ksuid_generate(): KSUID.parse() gives its text, bytes, second and payload')
    c.true(ours.every((k, i) => i === 0 || k > ours[i - 1]), 'ksuid_generate(): increasing in text order')
    c.true(ours.every((k, i) => i === 0 || KSUID.parse(k).compare(KSUID.parse(ours[i - 1])) > 0),
      'ksuid_generate(): increasing in ksuid\'s compare()')

    // order: the server's, ksuid's compare() and the text's byte order agree
    const mixed = theirs.map((k) => k.string).concat(ours)
    r = await client.query('SELECT k::text AS k FROM unnest($1::ksuid[]) AS k ORDER BY k', [mixed])
    const byServer = r.rows.map((row) => row.k)
    c.eq(byServer, [...mixed].sort(), 'ORDER BY is the text\'s byte order')
    c.eq(byServer, mixed.map((s) => KSUID.parse(s)).sort((a, b) => a.compare(b)).map((k) => k.string),
      'ORDER BY is ksuid\'s compare()')
  } finally {
    await client.end()
  }
  c.done(ksuidVersion)
}

main().catch((e) => {
  console.error(e)
  process.exitCode = 1
})
