import { describe, expect, test } from 'bun:test'
import { bunPasswords, passwords, wasmPasswords } from './passwords'

describe('password hashes on Bun and on Workers (issue 24 point 1)', () => {
  test('a hash made on one runtime verifies on the other, and a wrong password fails on both', async () => {
    const bun = bunPasswords!
    const onBun = await bun.hash('correct horse battery')
    const onWorker = await wasmPasswords.hash('correct horse battery')
    expect(onBun).toStartWith('$argon2id$')
    expect(onWorker).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await wasmPasswords.verify('correct horse battery', onBun)).toBe(true)
    expect(await bun.verify('correct horse battery', onWorker)).toBe(true)
    expect(await wasmPasswords.verify('correct horse battery', onWorker)).toBe(true)
    for (const hash of [onBun, onWorker]) {
      expect(await wasmPasswords.verify('Correct horse battery', hash)).toBe(false)
      expect(await bun.verify('Correct horse battery', hash)).toBe(false)
    }
    // Two hashes of one password differ (random salt).
    expect(await wasmPasswords.hash('x')).not.toBe(await wasmPasswords.hash('x'))
  })

  test('a hash neither can read is a failed check, not an error', async () => {
    for (const hash of ['', 'plain', '$argon2id$v=19$m=19456,t=2,p=1$bad', '$2b$10$abcdefghijklmnopqrstuv']) {
      expect(await wasmPasswords.verify('pw', hash)).toBe(false)
      expect(await bunPasswords!.verify('pw', hash)).toBe(false)
    }
  })

  test('Bun uses its native implementation', () => {
    expect(passwords).toBe(bunPasswords!)
  })
})
