/**
 * The commands behind `bun run pool …`, for headless setups: `login` runs the
 * Microsoft device-code sign-in in the terminal, `list` shows the health columns, and the account
 * manager's actions are there too. Pure over a signing pool and an output, so tests call it directly;
 * ./cli.ts is the thin process wrapper.
 * @module
 */
import { parseArgs } from 'node:util'
import { ACCOUNT_TYPES, TOKEN_SOURCES } from '../signer/account'
import { SIGN_IN_ERROR_MESSAGES } from './microsoft/errors'
import { putPoolAccount } from './pool-account-store'
import type { PoolAccountView } from './pool-views'
import { statusWords } from './status-words'
import type { SigningPool } from './signing-pool'
import type { SqlClient } from '../../store/sql'
import type { TokenBox } from './token-box'

/** Usage text. */
export const POOL_USAGE = `usage: bun run pool -- <command>
  login                       sign a Minecraft account in with Microsoft (device code) and add it
  list                        every signing account with its status, uses and last error
  pause <name|id>             stop using an account (e.g. while its owner plays)
  resume <name|id>            use it again (its error count starts again)
  renew <name|id>             sign an account in again (after "needs sign-in")
  remove <name|id>            delete the account and its tokens
  disable <name|id>           take an account out of the pool (operator)
  enable <name|id>            put it back
  restore-skin <name|id> on|off   put the owner's own skin back after each use
  add --id <uuid> --name <name> --token <minecraft token> [--expires <epoch ms>]
                              add an account from a pasted token (no renewal: it stops working when it expires)`

/** Bad input: the CLI prints the message and exits non-zero. */
export class PoolUsageError extends Error {}

/** What the commands need. */
export interface PoolCommandDeps {
  signingPool: SigningPool
  sql: SqlClient
  box: TokenBox
  now: () => number
  /** Waits between polls of a sign-in (tests move a clock instead). */
  sleep: (ms: number) => Promise<void>
  out: (line: string) => void
}

/**
 * The command line acts as the operator: every account, removing included (which a `pool_admin` on
 * the web may not). Whoever runs it on the server already holds the database and the token key.
 */
const OPERATOR = { userId: null, admin: true } as const

const when = (ms: number | null, now: number) => {
  if (!ms) return 'never'
  const s = Math.round((now - ms) / 1000)
  if (Math.abs(s) < 90) return s >= 0 ? `${s} s ago` : `in ${-s} s`
  const m = Math.round(s / 60)
  if (Math.abs(m) < 90) return m >= 0 ? `${m} min ago` : `in ${-m} min`
  const h = Math.round(m / 60)
  return h >= 0 ? `${h} h ago` : `in ${-h} h`
}

/** One table line per account. */
export function formatPoolList(accounts: PoolAccountView[], now: number): string[] {
  if (accounts.length === 0) return ['no signing accounts yet: run `bun run pool -- login`']
  const rows = accounts.map((a) => [
    a.name,
    a.id,
    statusWords(a, (ms) => when(ms, now)),
    String(a.uses),
    when(a.lastUsed || null, now),
    a.tokenExpiresAt ? when(a.tokenExpiresAt, now) : 'unknown',
    a.lastError ? `${a.lastError.slice(0, 80)} (${when(a.lastErrorAt, now)})` : '',
  ])
  const head = ['NAME', 'ID', 'STATUS', 'USES', 'LAST USE', 'TOKEN EXPIRES', 'LAST ERROR']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd())
}

/** Runs one command; throws PoolUsageError on bad input. */
export async function runPoolCommand(args: string[], deps: PoolCommandDeps): Promise<void> {
  const [command, ...rest] = args
  const { manager } = deps.signingPool
  const find = async (key: string | undefined) => {
    if (!key) throw new PoolUsageError('Missing <name|id>')
    const all = await manager.list(OPERATOR)
    const id = key.replace(/-/g, '').toLowerCase()
    const hit = all.find((a) => a.id === id) ?? all.find((a) => a.name.toLowerCase() === key.toLowerCase())
    if (!hit) throw new PoolUsageError(`No signing account "${key}" (see: bun run pool -- list)`)
    return hit
  }
  const signIn = async (renewAccountId?: string) => {
    let state = await manager.startSignIn(OPERATOR, renewAccountId ? { renewAccountId } : {})
    deps.out(`Open ${state.verificationUri} and enter the code ${state.userCode}`)
    deps.out(`(signed in with the Microsoft account that owns the Minecraft account; the code expires in ${Math.round((state.expiresAt - deps.now()) / 60_000)} min)`)
    while (state.status === 'pending') {
      await deps.sleep(state.intervalS * 1000)
      state = (await manager.checkSignIn(OPERATOR, state.id)) ?? state
    }
    if (state.status === 'failed') throw new PoolUsageError(state.errorCode ? SIGN_IN_ERROR_MESSAGES[state.errorCode] : 'The sign-in failed')
    deps.out(`Signing account ${state.account?.name ?? '?'} (${state.account?.id ?? '?'}) is in the pool.`)
  }

  switch (command) {
    case 'login':
      return signIn()
    case 'renew':
      return signIn((await find(rest[0])).id)
    case 'list':
      for (const line of formatPoolList(await manager.list(OPERATOR), deps.now())) deps.out(line)
      return
    case 'pause':
    case 'resume':
    case 'remove':
    case 'disable':
    case 'enable': {
      const a = await find(rest[0])
      const done =
        command === 'pause' ? await manager.pause(OPERATOR, a.id)
        : command === 'resume' ? await manager.resume(OPERATOR, a.id)
        : command === 'remove' ? await manager.remove(OPERATOR, a.id)
        : await manager.setDisabled(OPERATOR, a.id, command === 'disable')
      deps.out(done ? `${a.name}: ${command === 'remove' ? 'removed, tokens deleted' : `${command}d`}` : `${a.name}: unchanged`)
      return
    }
    case 'restore-skin': {
      const a = await find(rest[0])
      if (rest[1] !== 'on' && rest[1] !== 'off') throw new PoolUsageError('restore-skin needs on or off')
      await manager.setRestoreSkin(OPERATOR, a.id, rest[1] === 'on')
      deps.out(`${a.name}: own skin ${rest[1] === 'on' ? 'restored after each use' : 'not restored'}`)
      return
    }
    case 'add': {
      const { values } = parseArgs({ args: rest, options: { id: { type: 'string' }, name: { type: 'string' }, token: { type: 'string' }, expires: { type: 'string' } } })
      const id = values.id?.replace(/-/g, '').toLowerCase()
      if (!id || !/^[0-9a-f]{32}$/.test(id)) throw new PoolUsageError('--id must be the Minecraft profile uuid')
      if (!values.name || !values.token) throw new PoolUsageError('--name and --token are required')
      await putPoolAccount(deps.sql, deps.box, { id, name: values.name, type: ACCOUNT_TYPES[1], tokenSource: TOKEN_SOURCES[0], accessToken: values.token, tokenExpiresAt: values.expires ? Number(values.expires) : null }, deps.now())
      deps.out(`${values.name} (${id}) added from a pasted token; it cannot be renewed — prefer: bun run pool -- login`)
      return
    }
    default:
      throw new PoolUsageError(POOL_USAGE)
  }
}
