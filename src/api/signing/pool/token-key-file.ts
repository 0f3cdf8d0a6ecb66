/**
 * The pool token key on Bun: `POOL_TOKEN_KEY` when the operator sets one (kept
 * in a secret manager, never on the data disk), else `<DATA_DIR>/pool-token.key`, created 0600 on the
 * first start. Losing the key only means pool accounts must sign in again.
 * @module
 */
import { join } from 'node:path'
import { readOrCreateSecret } from '../../users/identity/secrets'
import { createTokenBox, type TokenBox } from './token-box'

/** File name of the key inside DATA_DIR. */
export const POOL_TOKEN_KEY_FILE = 'pool-token.key'

/** The token box of `dataDir`, or of `secret` when one is configured. */
export function loadTokenBox(dataDir: string, secret?: string): Promise<TokenBox> {
  return createTokenBox(secret || readOrCreateSecret(join(dataDir, POOL_TOKEN_KEY_FILE)))
}
