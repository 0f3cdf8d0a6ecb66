/**
 * The solver's synchronous SHA-256 and key derivation agree with Node's hash and altcha-lib's own
 * derivation (a wrong bit would make every proof fail, so every view, like and vote).
 */
import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { sha256 } from './sha256'
import { deriveKeySha256 } from './solve'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('sha256', () => {
  test('matches node:crypto across block boundaries', () => {
    for (const n of [0, 1, 36, 55, 56, 63, 64, 65, 119, 120, 200, 1000]) {
      const data = new Uint8Array(n).map((_, i) => (i * 31 + n) & 255)
      expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'))
    }
  })

  test('derives the same key as altcha-lib, for one and several rounds', async () => {
    const salt = new Uint8Array(16).map((_, i) => i * 7)
    const password = new Uint8Array(20).map((_, i) => 255 - i)
    for (const cost of [1, 3]) {
      const parameters = { algorithm: 'SHA-256', nonce: '', salt: '', cost, keyLength: 32, keyPrefix: '00' }
      expect(hex((await deriveKeySha256(parameters, salt, password)).derivedKey)).toBe(hex((await deriveKey(parameters, salt, password)).derivedKey))
    }
  })
})
