'use strict'
// UUIDv6 against npm `uuid` (11.1.1, package-lock.json), the reference
// JavaScript implementation of RFC 9562 §5.6, through node-postgres (the
// libpq environment names the server).  Both directions, byte for byte:
// - uuid's v6() values, read by the server: the same text, version 6, the
//   time uuid's own fields give (uuid_v6_to_timestamptz, uuid_timestamp);
//   for an explicit time, the same time fields as uuid_generate_v6(ts), and
//   the lower bound of that time at or below them;
// - the server's uuid_generate_v6() values, read by uuid: valid, version 6,
//   v6ToV1() gives the server's time in version 1's fields, and v1ToV6()
//   brings back the same value;
// - order: the server's ORDER BY and a byte-wise sort of the text agree on
//   a mix of both, and the server's values come in increasing order.
// RFC 9562 Appendix A.5's UUIDv6 comes out of uuid's v6() for its fields.

const pg = require('pg')
const { v6, v6ToV1, v1ToV6, validate, version } = require('uuid')
const { version: uuidVersion } = require('uuid/package.json')
const { Checks } = require('./checks')

const c = new Checks('uuid-js')

// 100-ns ticks from 1582-10-15 to 1970-01-01
const GREGORIAN_TO_UNIX = 122192928000000000n

// The 60-bit timestamp of a v6 (time_high, time_mid, time_low) and of a v1
// (time_low, time_mid, time_hi), each from its own fields.
function v6Ticks(u) {
  const h = u.replace(/-/g, '')
  return BigInt('0x' + h.slice(0, 12) + h.slice(13, 16))
}
function v1Ticks(u) {
  const h = u.replace(/-/g, '')
  return BigInt('0x' + h.slice(13, 16) + h.slice(8, 12) + h.slice(0, 8))
}

// Unix microseconds of a tick count, rounded down (as the server reads it)
function unixMicros(ticks) {
  const t = ticks - GREGORIAN_TO_UNIX
  return t >= 0n ? t / 10n : -((-t + 9n) / 10n)
}

// the server's times, as Unix microseconds in text (exact, unlike a Number)
const SERVER_TIME = `
SELECT u::text AS text, uuid_version(u) AS version,
       (extract(epoch FROM uuid_v6_to_timestamptz(u)) * 1000000)::bigint::text AS micros,
       uuid_v6_to_timestamptz(u) = uuid_timestamp(u) AS same
FROM unnest($1::uuid[]) WITH ORDINALITY AS t(u, n) ORDER BY n`

async function main() {
  const client = new pg.Client()
  await client.connect()
  try {
    // RFC 9562 Appendix A.5 from uuid's v6() for its fields, read by the server
    const rfc = v6({
      msecs: 1645557742000,
      nsecs: 0,
      clockseq: 0x33c8,
      node: Uint8Array.of(0x9f, 0x6b, 0xde, 0xce, 0xd8, 0x46),
    })
    c.eq(rfc, '1ec9414c-232a-6b00-b3c8-9f6bdeced846', 'uuid v6() of RFC 9562 A.5\'s fields')
    let r = await client.query(
      `SELECT uuid_v6_to_timestamptz($1) = '2022-02-22 19:22:22+00' AS time,
              uuid_v6_to_timestamptz(uuid_generate_v6('2022-02-22 19:22:22+00')) = '2022-02-22 19:22:22+00' AS ours,
              substr(uuid_generate_v6('2022-02-22 19:22:22+00')::text, 1, 18) AS fields`,
      [rfc],
    )
    c.eq(r.rows[0], { time: true, ours: true, fields: rfc.slice(0, 18) }, 'RFC 9562 A.5: time and time fields')

    // uuid's values of now (its own clock, ms + a 100-ns counter), and of
    // explicit times across the range the server's clock reaches
    const theirs = Array.from({ length: 500 }, () => v6())
    const explicit = []
    for (let i = 0; i < 200; i++) {
      const msecs = -12219292800000 + Math.floor(Math.random() * 12219292800000 * 1.6)
      explicit.push({ msecs, nsecs: Math.floor(Math.random() * 10000) })
    }
    const theirsAt = explicit.map((t) => v6(t))
    r = await client.query(SERVER_TIME, [theirs.concat(theirsAt)])
    const all = theirs.concat(theirsAt)
    c.eq(r.rows.length, all.length, 'uuid v6(): every value read')
    let bad = []
    r.rows.forEach((row, i) => {
      const want = { text: all[i], version: 6, micros: unixMicros(v6Ticks(all[i])).toString(), same: true }
      if (JSON.stringify(row) !== JSON.stringify(want)) bad.push({ got: row, want })
    })
    c.eq(bad.slice(0, 3), [], `uuid v6(): ${all.length} values read back with uuid's time, version 6`)
    // the explicit times: their ms, and the 100-ns digit the server drops
    bad = explicit.filter((t, i) => {
      const ticks = v6Ticks(theirsAt[i])
      return ticks !== (BigInt(t.msecs) + 12219292800000n) * 10000n + BigInt(t.nsecs)
    })
    c.eq(bad, [], 'uuid v6({msecs, nsecs}): the ticks of its time')

    // the server's explicit times give uuid's time fields; the lower bound
    // lies at or below uuid's values of that microsecond, above those of
    // the 100 ns before it
    const micros = explicit.map((t) => BigInt(t.msecs) * 1000n + BigInt(Math.floor(t.nsecs / 10)))
    r = await client.query(
      `SELECT substr(uuid_generate_v6(ts)::text, 1, 18) AS fields, uuid_v6_lower_bound(ts)::text AS bound
       FROM unnest($1::text[]) WITH ORDINALITY AS t(us, n),
            LATERAL (SELECT timestamptz 'epoch' + div(us::bigint, 1000000) * interval '1 second'
                            + mod(us::bigint, 1000000) * interval '1 microsecond' AS ts) s
       ORDER BY n`,
      [micros.map(String)],
    )
    bad = []
    r.rows.forEach((row, i) => {
      const us = micros[i]
      const ms = Number(us / 1000n - (us % 1000n < 0n ? 1n : 0n))
      const nsecs = Number(us - BigInt(ms) * 1000n) * 10
      const same = v6({ msecs: ms, nsecs, clockseq: 0, node: new Uint8Array(6) })
      const before = nsecs > 0
        ? v6({ msecs: ms, nsecs: nsecs - 1, clockseq: 0x3fff, node: new Uint8Array(6).fill(255) })
        : v6({ msecs: ms - 1, nsecs: 9999, clockseq: 0x3fff, node: new Uint8Array(6).fill(255) })
      if (row.fields !== same.slice(0, 18) || !(row.bound <= same) || !(row.bound > before)) {
        bad.push({ us: us.toString(), row, same, before })
      }
    })
    c.eq(bad.slice(0, 3), [], 'uuid_generate_v6(ts) and uuid_v6_lower_bound(ts): uuid\'s time fields')

    // the server's values, read by uuid
    r = await client.query(
      `SELECT u::text AS u, (extract(epoch FROM uuid_v6_to_timestamptz(u)) * 1000000)::bigint::text AS micros
       FROM (SELECT n, uuid_generate_v6() AS u FROM generate_series(1, 1000) n) s ORDER BY n`,
    )
    const ours = r.rows.map((row) => row.u)
    bad = r.rows.filter(({ u, micros }) => {
      const v1 = v6ToV1(u)
      return !validate(u) || version(u) !== 6 || version(v1) !== 1 ||
        unixMicros(v1Ticks(v1)).toString() !== micros || v1ToV6(v1) !== u
    })
    c.eq(bad.slice(0, 3), [], 'uuid_generate_v6(): valid, version 6, v6ToV1() gives the time, v1ToV6() the value')
    c.true(ours.every((u, i) => i === 0 || u > ours[i - 1]), 'uuid_generate_v6(): increasing in text order')

    // order: the server's uuid order is the text's byte order, on a mix
    const mixed = theirs.concat(theirsAt, ours)
    r = await client.query('SELECT u::text AS u FROM unnest($1::uuid[]) AS u ORDER BY u', [mixed])
    c.eq(r.rows.map((row) => row.u), [...mixed].sort(), 'ORDER BY is the text\'s byte order')
  } finally {
    await client.end()
  }
  c.done(uuidVersion)
}

main().catch((e) => {
  console.error(e)
  process.exitCode = 1
})
