'use strict'
// uuidv47.js, the JavaScript facade port of docs/facade.md, against the
// server's uuid_v7_facade() and uuid_v7_from_facade() (node-postgres; the
// libpq environment names the server, a superuser for the configured key):
// under three keys made here, random v7 and v4 values of ours and values
// the server generates (both settings of uuid_seq.v7_rand_a), both
// directions, with the key as an argument and as uuid_seq.facade_key; then
// the UUIDv47 reference's vectors (UUID_SEQ_FACADE_VECTORS, from
// facade_vectors.py), skipped with a line when run.sh had no reference.

const crypto = require('crypto')
const fs = require('fs')
const pg = require('pg')
const { Checks } = require('./checks')
const { siphash24, v7Facade, v7FromFacade } = require('./uuidv47')

// encode: (v7, its facade under the key given, under the configured key);
// decode: (v4, the v7 behind it, the same)
const SERVER = `
WITH k AS (SELECT decode(replace($1, ':', ''), 'hex') AS key),
v7 AS (SELECT u::uuid AS id FROM unnest($2::text[]) AS u
       UNION ALL SELECT uuid_generate_v7() FROM generate_series(1, 200)),
v4 AS (SELECT u::uuid AS f FROM unnest($3::text[]) AS u
       UNION ALL SELECT gen_random_uuid() FROM generate_series(1, 200))
SELECT 'encode' AS kind, id::text AS given, uuid_v7_facade(id, key)::text AS mapped,
       uuid_v7_facade(id)::text AS configured FROM v7, k
UNION ALL
SELECT 'decode', f::text, uuid_v7_from_facade(f, key)::text, uuid_v7_from_facade(f)::text FROM v4, k`

function randomUuid(version) {
  const b = crypto.randomBytes(16)
  b[6] = (b[6] & 0x0f) | (version << 4)
  b[8] = (b[8] & 0x3f) | 0x80
  return b.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
}

async function checkServer(c, client) {
  const settings = ['fraction', 'random', 'fraction']
  for (let n = 0; n < settings.length; n++) {
    let key = crypto.randomBytes(16).toString('hex') // as `openssl rand -hex 16` makes one
    if (n === 1) key = key.slice(0, 16) + ':' + key.slice(16)
    await client.query(`SET uuid_seq.facade_key = '${key}'`)
    await client.query(`SET uuid_seq.v7_rand_a = '${settings[n]}'`)
    const v7 = Array.from({ length: 200 }, () => randomUuid(7))
    const v4 = Array.from({ length: 200 }, () => randomUuid(4))
    const { rows } = await client.query(SERVER, [key, v7, v4])
    c.eq(rows.length, 800, `key ${n}: rows`)
    for (const { kind, given, mapped, configured } of rows) {
      const what = `key ${key} (${settings[n]}), ${kind} ${given}`
      c.eq(configured, mapped, what + ': the configured key gives the same')
      if (kind === 'encode') {
        c.eq(v7Facade(given, key), mapped, what + ': v7Facade() = uuid_v7_facade()')
        c.eq(v7FromFacade(v7Facade(given, key), key), given, what + ': and back')
      } else {
        c.eq(v7FromFacade(given, key), mapped, what + ': v7FromFacade() = uuid_v7_from_facade()')
        c.eq(v7Facade(v7FromFacade(given, key), key), given, what + ': and back')
      }
    }
  }
  await client.query('RESET uuid_seq.v7_rand_a')
  await client.query('RESET uuid_seq.facade_key')
}

// what the server refuses with 22023, the port refuses with a RangeError
function checkRefusals(c) {
  const key = crypto.randomBytes(16).toString('hex')
  const cases = [[v7Facade, randomUuid(4)], [v7FromFacade, randomUuid(7)],
    [v7Facade, '018cc820-db2e-7e6a-c000-000000000000'], // not the RFC variant
    [v7FromFacade, '018cc820-db2e-4e6a-0000-000000000000']]
  for (const [call, arg] of cases) {
    let refused = false
    try {
      call(arg, key)
    } catch (e) {
      refused = e instanceof RangeError
    }
    c.true(refused, `${call.name}(${arg}) refuses`)
  }
}

function checkReference(c) {
  const path = process.env.UUID_SEQ_FACADE_VECTORS || ''
  if (!path) {
    console.log('facade-js: the UUIDv47 reference\'s vectors skipped: ' +
      (process.env.UUID_SEQ_FACADE_SKIP || 'UUID_SEQ_FACADE_VECTORS is not set'))
    return
  }
  const counts = { siphash: 0, facade: 0 }
  for (const line of fs.readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
    const [kind, ...f] = line.split(' ')
    counts[kind]++
    if (kind === 'siphash') {
      const message = f[2] === '-' ? [] : Array.from(Buffer.from(f[2], 'hex'))
      c.eq(siphash24(BigInt('0x' + f[0]), BigInt('0x' + f[1]), message), BigInt('0x' + f[3]), `reference: ${line}`)
    } else {
      c.eq(v7Facade(f[1], f[0]), f[2], `reference: ${line}`)
      c.eq(v7FromFacade(f[2], f[0]), f[1], `reference: ${line}, back`)
    }
  }
  c.true(counts.siphash >= 13 && counts.facade >= 18, `reference: vectors read (${JSON.stringify(counts)})`)
}

async function main() {
  const c = new Checks('facade-js')
  const client = new pg.Client()
  await client.connect()
  try {
    await checkServer(c, client)
  } finally {
    await client.end()
  }
  checkRefusals(c)
  checkReference(c)
  c.done(process.version)
}

main().catch((e) => {
  console.error(e)
  process.exitCode = 1
})
