/**
 * Password hashes, the same on every runtime: argon2id in the
 * PHC string format (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), which names its own parameters.
 * - On Bun: `Bun.password`, native (its argon2id defaults: 64 MiB, 2 passes).
 * - On Cloudflare Workers: the argon2 reference code in WebAssembly (@phi-ag/argon2). A Worker may not
 *   compile WebAssembly from bytes at run time, so the account Worker imports the `.wasm` file, which
 *   the bundle carries compiled, and installs it with {@link useWasmArgon2} (src/accounts/worker.ts).
 *   It verifies any argon2id hash with the parameters the hash names, so accounts made on Bun sign in
 *   on a Worker and back; new hashes use OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane),
 *   because a Worker's memory and CPU are tighter.
 * @module
 */
import { Argon2Type, type default as Argon2 } from '@phi-ag/argon2'

/** Hashing and checking passwords. */
export interface Passwords {
  hash(password: string): Promise<string>
  /** True when `password` matches `hash`; false for a wrong password or a hash it cannot read. */
  verify(password: string, hash: string): Promise<boolean>
}

/** OWASP Password Storage Cheat Sheet, argon2id: m = 19 MiB, t = 2, p = 1. */
const WASM_ARGON2 = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1, hashLength: 32, type: Argon2Type.Argon2id } as const

/** argon2id over an instantiated argon2 WebAssembly module. */
export function wasmPasswords(argon2: Argon2): Passwords {
  return {
    hash: async (password) => argon2.hash(password, { ...WASM_ARGON2, salt: crypto.getRandomValues(new Uint8Array(16)) }).encoded,
    async verify(password, hash) {
      if (!hash.startsWith('$argon2id$')) return false
      return argon2.tryVerify(hash, password, Argon2Type.Argon2id).success
    },
  }
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

let chosen: Passwords | undefined

/**
 * Replaces the runtime's implementation: the account Worker installs argon2 in WebAssembly (it has no
 * native one); tests install argon2id with cheap parameters (src/accounts/testing/test-deps.ts).
 * `undefined` goes back to the runtime's own.
 */
export function usePasswords(impl: Passwords | undefined): void {
  chosen = impl
}

/** Installs argon2 in WebAssembly where the runtime has no native argon2id (the account Worker, once per isolate). */
export function useWasmArgon2(argon2: Argon2): void {
  usePasswords(wasmPasswords(argon2))
}

function current(): Passwords {
  const impl = chosen ?? bunPasswords
  if (!impl) throw new Error('No argon2id on this runtime: install the WebAssembly one with useWasmArgon2 first (src/accounts/worker.ts does)')
  return impl
}

/** The implementation in use: the one installed with {@link usePasswords}, else native on Bun. */
export const passwords: Passwords = {
  hash: (password) => current().hash(password),
  verify: (password, hash) => current().verify(password, hash),
}
