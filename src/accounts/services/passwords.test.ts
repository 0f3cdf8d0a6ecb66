import { beforeAll, describe, expect, test } from 'bun:test'
import initialize from '@phi-ag/argon2/node'
import { TEST_PASSWORDS } from '../testing/test-deps'
import { bunPasswords, passwords, usePasswords, wasmPasswords, type Passwords } from './passwords'

/** The WebAssembly argon2 the account Worker runs, instantiated here from the same .wasm file. */
let wasm: Passwords
beforeAll(async () => {
  wasm = wasmPasswords(await initialize())
})

describe('password hashes on Bun and on Workers', () => {
  test('a hash made on one runtime verifies on the other, and a wrong password fails on both', async () => {
    const bun = bunPasswords!
    const onBun = await bun.hash('correct horse battery')
    const onWorker = await wasm.hash('correct horse battery')
    expect(onBun).toStartWith('$argon2id$')
    expect(onWorker).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await wasm.verify('correct horse battery', onBun)).toBe(true)
    expect(await bun.verify('correct horse battery', onWorker)).toBe(true)
    expect(await wasm.verify('correct horse battery', onWorker)).toBe(true)
    for (const hash of [onBun, onWorker]) {
      expect(await wasm.verify('Correct horse battery', hash)).toBe(false)
      expect(await bun.verify('Correct horse battery', hash)).toBe(false)
    }
    // Two hashes of one password differ (random salt).
    expect(await wasm.hash('x')).not.toBe(await wasm.hash('x'))
  })

  test('a hash neither can read is a failed check, not an error', async () => {
    for (const hash of ['', 'plain', '$argon2id$v=19$m=19456,t=2,p=1$bad', '$2b$10$abcdefghijklmnopqrstuv']) {
      expect(await wasm.verify('pw', hash)).toBe(false)
      expect(await bunPasswords!.verify('pw', hash)).toBe(false)
    }
  })

  test('Bun uses its native implementation unless another is installed', async () => {
    usePasswords(undefined)
    try {
      const hash = await passwords.hash('native')
      expect(await bunPasswords!.verify('native', hash)).toBe(true)
      // Bun's defaults (64 MiB), not the Worker's 19 MiB.
      expect(hash).toContain('m=65536')
      usePasswords(wasm)
      expect(await passwords.hash('installed')).toContain('m=19456')
    } finally {
      usePasswords(TEST_PASSWORDS)
    }
  })
})
