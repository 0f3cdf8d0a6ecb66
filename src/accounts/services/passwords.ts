/**
 * Password hashes (issue 9 point 7), the same on every runtime (issue 24 point 1): argon2id in the
 * PHC string format (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), which names its own parameters.
 * - On Bun: `Bun.password`, native (its argon2id defaults: 64 MiB, 2 passes).
 * - Elsewhere (Cloudflare Workers, no `Bun`): hash-wasm's argon2id in WebAssembly. It verifies any
 *   argon2id hash with the parameters the hash names, so accounts made on Bun sign in on a Worker and
 *   back; new hashes use OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane), because a Worker's
 *   memory and CPU are tighter.
 * @module
 */
import { argon2id, argon2Verify } from 'hash-wasm'

/** Hashing and checking passwords. */
export interface Passwords {
  hash(password: string): Promise<string>
  /** True when `password` matches `hash`; false for a wrong password or a hash it cannot read. */
  verify(password: string, hash: string): Promise<boolean>
}

/** OWASP Password Storage Cheat Sheet, argon2id: m = 19 MiB, t = 2, p = 1. */
const WASM_ARGON2 = { memorySize: 19 * 1024, iterations: 2, parallelism: 1, hashLength: 32 } as const

/** argon2id in WebAssembly (hash-wasm): runs wherever WebAssembly does. */
export const wasmPasswords: Passwords = {
  hash: (password) => argon2id({ password, salt: crypto.getRandomValues(new Uint8Array(16)), ...WASM_ARGON2, outputType: 'encoded' }),
  async verify(password, hash) {
    if (!hash.startsWith('$argon2id$')) return false
    try {
      return await argon2Verify({ password, hash })
    } catch {
      return false
    }
  },
}

interface BunPassword {
  hash(password: string, options: { algorithm: 'argon2id' }): Promise<string>
  verify(password: string, hash: string): Promise<boolean>
}

/** `Bun.password` when running on Bun, else undefined. */
const bunPassword = (globalThis as { Bun?: { password?: BunPassword } }).Bun?.password

/** argon2id with Bun's native implementation (only on Bun). */
export const bunPasswords: Passwords | undefined = bunPassword && {
  hash: (password) => bunPassword.hash(password, { algorithm: 'argon2id' }),
  async verify(password, hash) {
    try {
      return await bunPassword.verify(password, hash)
    } catch {
      return false
    }
  },
}

/** The runtime's implementation: native on Bun, WebAssembly elsewhere. */
export const passwords: Passwords = bunPasswords ?? wasmPasswords
