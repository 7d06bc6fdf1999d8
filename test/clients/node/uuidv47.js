'use strict'
// uuidv47.js: uuid_v7_facade() and uuid_v7_from_facade() in JavaScript,
// BigInt and no dependency (docs/facade.md shows this file). uuids are
// strings; the key is the text of uuid_seq.facade_key: 32 hexadecimal
// digits, k0's 8 bytes then k1's, optionally with a colon between them.

const M64 = (1n << 64n) - 1n

// SipHash-2-4 of an array of bytes under the 64-bit halves k0 and k1 (BigInt)
function siphash24(k0, k1, bytes) {
  const v = [k0 ^ 0x736f6d6570736575n, k1 ^ 0x646f72616e646f6dn,
    k0 ^ 0x6c7967656e657261n, k1 ^ 0x7465646279746573n]
  const rotl = (x, b) => ((x << b) | (x >> (64n - b))) & M64
  const rounds = (n) => {
    for (let i = 0; i < n; i++) {
      v[0] = (v[0] + v[1]) & M64; v[1] = rotl(v[1], 13n) ^ v[0]; v[0] = rotl(v[0], 32n)
      v[2] = (v[2] + v[3]) & M64; v[3] = rotl(v[3], 16n) ^ v[2]
      v[0] = (v[0] + v[3]) & M64; v[3] = rotl(v[3], 21n) ^ v[0]
      v[2] = (v[2] + v[1]) & M64; v[1] = rotl(v[1], 17n) ^ v[2]; v[2] = rotl(v[2], 32n)
    }
  }
  const le = (from, to) => { // bytes[from..to) little-endian
    let x = 0n
    for (let i = to - 1; i >= from; i--) x = (x << 8n) | BigInt(bytes[i])
    return x
  }
  const whole = bytes.length - (bytes.length % 8)
  const words = []
  for (let i = 0; i < whole; i += 8) words.push(le(i, i + 8))
  words.push(le(whole, bytes.length) | (BigInt(bytes.length & 0xff) << 56n))
  for (const m of words) {
    v[3] ^= m
    rounds(2)
    v[0] ^= m
  }
  v[2] ^= 0xffn
  rounds(4)
  return v[0] ^ v[1] ^ v[2] ^ v[3]
}

const hexBytes = (hex) => Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.substr(2 * i, 2), 16))

// XOR the 48 time bits with the key's mask of the other 74; write version
function flip(id, key, version) {
  const hex = id.replace(/-/g, '').toLowerCase()
  const k = key.replace(':', '')
  if (!/^[0-9a-fA-F]{32}$/.test(k)) throw new RangeError('a facade key is 16 bytes: 32 hexadecimal digits')
  const b = hexBytes(hex)
  const half = (h) => hexBytes(h).reduceRight((x, byte) => (x << 8n) | BigInt(byte), 0n) // little-endian
  const message = [b[6] & 0x0f, b[7], b[8] & 0x3f, ...b.slice(9)]
  const mask = siphash24(half(k.slice(0, 16)), half(k.slice(16)), message) & ((1n << 48n) - 1n)
  const out = (BigInt('0x' + hex.slice(0, 12)) ^ mask).toString(16).padStart(12, '0') + version + hex.slice(13)
  return out.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
}

// the version of a uuid string with the RFC 9562 variant, else -1
const rfcVersion = (id) => (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab]/i.test(id) ? parseInt(id[14], 16) : -1)

// the facade of a version 7 uuid under key, as uuid_v7_facade()
function v7Facade(id, key) {
  if (rfcVersion(id) !== 7) throw new RangeError('uuid_v7_facade() takes a version 7 UUID')
  return flip(id, key, 4)
}

// the version 7 uuid behind a facade, as uuid_v7_from_facade()
function v7FromFacade(facade, key) {
  if (rfcVersion(facade) !== 4) throw new RangeError('uuid_v7_from_facade() takes a facade, a version 4 UUID')
  return flip(facade, key, 7)
}

module.exports = { siphash24, v7Facade, v7FromFacade }
