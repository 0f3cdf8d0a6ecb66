/**
 * `bun run pool -- <command>`: signing (pool) accounts from a terminal (commands in
 * ./pool-commands.ts). Uses DATA_DIR and the POOL_* / MICROSOFT_* / XBOX_* settings like the server.
 * @module
 */
import { apiConfigFromEnv } from '../../config'
import { openStore } from '../../store/db'
import { PoolSignInError } from './microsoft/errors'
import { POOL_USAGE, PoolUsageError, runPoolCommand } from './pool-commands'
import { createSigningPool } from './signing-pool'
import { loadTokenBox } from './token-key-file'

const config = apiConfigFromEnv(process.env)
const store = openStore(config.dataDir)
const box = await loadTokenBox(config.dataDir, config.pool.tokenKey)
const signingPool = createSigningPool({ sql: store.sql, box, config: config.pool, now: Date.now, managerUrl: `${config.publicUrl}/accounts/signing-accounts` })
try {
  await runPoolCommand(Bun.argv.slice(2), { signingPool, sql: store.sql, box, now: Date.now, sleep: (ms) => Bun.sleep(ms), out: (line) => console.log(line) })
} catch (e) {
  console.error(e instanceof PoolUsageError || e instanceof PoolSignInError ? e.message : `${(e as Error).message}\n\n${POOL_USAGE}`)
  process.exitCode = 2
} finally {
  store.close()
}
