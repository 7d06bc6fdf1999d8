'use strict'
// What the JavaScript client tests of test/clients/ share: the key tables of
// schema.sql and a counter of checks that fails the run on any mismatch.

const util = require('util')

// [table, kind of key, ORDER BY clause of the key's own order]
const TABLES = [
  ['k_v7', 'uuid', 'id'],
  ['k_ulid', 'uuid', 'id'],
  ['k_typeid', 'text', 'id COLLATE "C"'],
  ['k_sqlguid', 'sqlguid', 'id'],
  ['k_comb', 'uuid', 'id USING #<#'],
  ['k_tsid', 'bigint', 'id'],
  ['k_snowflake', 'bigint', 'id'],
]

// bigint values a JavaScript Number cannot hold (above 2^53, odd), as text
const INT8_TEXTS = ['9007199254740993', '4611686018427387905', '9223372036854775807']

class Checks {
  constructor(client) {
    this.client = client
    this.count = 0
    this.failed = 0
  }

  eq(got, want, what) {
    this.count++
    if (!util.isDeepStrictEqual(got, want)) {
      this.failed++
      console.error(`${this.client}: FAIL ${what}: got ${util.inspect(got)}, want ${util.inspect(want)}`)
    }
  }

  true(cond, what) {
    this.eq(Boolean(cond), true, what)
  }

  done(version) {
    const status = this.failed ? 'FAILED' : 'ok'
    console.log(`${this.client} ${version}: ${this.count} checks, ${this.failed} failed: ${status}`)
    process.exitCode = this.failed ? 1 : 0
  }
}

module.exports = { TABLES, INT8_TEXTS, Checks }
