/**
 * The default signer: our own RSA-4096 key, SHA1withRSA over the base64 value, Yggdrasil-style
 * (reference skins-and-peers.md §2.3; mineskin-api.md §2.5 option (c)). Such signatures are valid
 * for authlib-injector / Drasl-style servers that trust our published key, not for vanilla ones.
 * The key is made once and kept as PKCS#8 PEM in `<dataDir>/signing-key.pem` (mode 0600), so it
 * survives restarts ("stable across restarts", authlib-injector wiki). On Workers the same key comes
 * from a secret instead (secret-signer.ts).
 * @module
 */
import { chmod, link, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../store/private-files'
import { createKeySigner, type KeySignerConfig } from './key-signer'
import { generateSigningKey, importSigningKey, type RsaSigningKey } from './rsa'
import type { Signer } from './types'

/** File name of the key inside the data directory. */
export const SIGNING_KEY_FILE = 'signing-key.pem'

/** Configuration of {@link createLocalSigner}. */
export interface LocalSignerConfig extends KeySignerConfig {
  /** Key kept at <dataDir>/signing-key.pem, created once (RSA-4096). */
  dataDir: string
  /** Key size for a new key; tests may use less. Default 4096. */
  keyBits?: number
}

/** Reads the key, or creates it atomically (temp file + link, so two starting processes agree on one key). */
async function loadOrCreateKey(dataDir: string, keyBits: number): Promise<RsaSigningKey> {
  const path = join(dataDir, SIGNING_KEY_FILE)
  try {
    const pem = await readFile(path, 'utf8')
    // Tighten a key left readable by others; a read-only mount (e.g. a container secret) may refuse, which is fine.
    await chmod(path, PRIVATE_FILE_MODE).catch(() => undefined)
    return await importSigningKey(pem)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  // A DATA_DIR made here is owner-only like the key in it (docs/operations.md "Backups", file modes).
  makePrivateDir(dataDir)
  const { key, privateKeyPem } = await generateSigningKey(keyBits)
  const tmp = `${path}.${crypto.randomUUID()}.tmp`
  await writeFile(tmp, privateKeyPem, { mode: PRIVATE_FILE_MODE, flag: 'wx' })
  try {
    await link(tmp, path)
    return key
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    return importSigningKey(await readFile(path, 'utf8'))
  } finally {
    await unlink(tmp)
  }
}

/** Creates the local signer, loading or creating its key first (the signing itself is key-signer.ts, shared with Workers). */
export async function createLocalSigner(config: LocalSignerConfig): Promise<Signer> {
  return createKeySigner(await loadOrCreateKey(config.dataDir, config.keyBits ?? 4096), config)
}
