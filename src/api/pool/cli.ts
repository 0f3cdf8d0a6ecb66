/**
 * Manages the mojang signer's account pool in DATA_DIR:
 *   bun src/api/pool/cli.ts add --id <uuid> --name <name> --token <access token>
 *       [--type microsoft|mojang] [--source login_microsoft|refresh_microsoft|user_login_microsoft]
 *       [--expires <epoch ms>]
 *   bun src/api/pool/cli.ts list
 *   bun src/api/pool/cli.ts disable --id <uuid>
 * Tokens are bearer tokens for api.minecraftservices.com; they are stored as given.
 * @module
 */
import { parseArgs } from 'node:util'
import { apiConfigFromEnv } from '../config'
import { ACCOUNT_TYPES, TOKEN_SOURCES } from '../signer'
import { openStore } from '../store/db'
import { putPoolAccount } from './db-account-pool'

const [command, ...rest] = Bun.argv.slice(2)
const { values } = parseArgs({
  args: rest,
  options: {
    id: { type: 'string' },
    name: { type: 'string' },
    token: { type: 'string' },
    type: { type: 'string', default: 'microsoft' },
    source: { type: 'string', default: 'login_microsoft' },
    expires: { type: 'string' },
  },
})
const store = openStore(apiConfigFromEnv(process.env).dataDir)
const fail = (msg: string): never => {
  console.error(msg)
  store.close()
  process.exit(2)
}
const id = values.id?.replace(/-/g, '').toLowerCase()

if (command === 'add') {
  if (!id || !/^[0-9a-f]{32}$/.test(id)) fail('--id must be the account profile uuid')
  if (!values.name || !values.token) fail('--name and --token are required')
  const type = ACCOUNT_TYPES.find((t) => t === values.type) ?? fail(`--type must be one of ${ACCOUNT_TYPES.join(', ')}`)
  const tokenSource = TOKEN_SOURCES.find((t) => t === values.source) ?? fail(`--source must be one of ${TOKEN_SOURCES.join(', ')}`)
  await putPoolAccount(
    store.sql,
    {
      id: id!,
      name: values.name!,
      type,
      tokenSource,
      accessToken: values.token!,
      tokenExpiresAt: values.expires ? Number(values.expires) : null,
    },
    Date.now(),
  )
  console.log(`account ${values.name} (${id}) added`)
} else if (command === 'list') {
  const rows = store.sqlite
    .query<{ id: string; name: string; type: string; enabled: number; last_used: number; error_count: number; timeout_until: number; last_error: string | null }, []>(
      'SELECT id, name, type, enabled, last_used, error_count, timeout_until, last_error FROM accounts ORDER BY name',
    )
    .all()
  for (const r of rows) {
    const state = r.enabled ? (r.timeout_until > Date.now() ? 'resting' : 'enabled') : 'disabled'
    console.log(`${r.id}  ${r.name.padEnd(16)} ${r.type.padEnd(9)} ${state.padEnd(8)} errors ${r.error_count}${r.last_error ? ` (${r.last_error})` : ''}`)
  }
  if (rows.length === 0) console.log('no accounts')
} else if (command === 'disable') {
  if (!id) fail('--id is required')
  const changed = store.sqlite.query('UPDATE accounts SET enabled = 0 WHERE id = ?').run(id!).changes
  console.log(changed ? `account ${id} disabled` : `no account ${id}`)
} else {
  fail('usage: bun src/api/pool/cli.ts add|list|disable [options] (see the file header)')
}
store.close()
