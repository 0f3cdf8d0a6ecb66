/** `bun run pool -- …` against the Microsoft stand-in: login in a terminal, list with health columns, the actions. */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startMicrosoftStandIn, type MicrosoftStandIn } from '../../../../test/support/microsoft-stand-in'
import { startTestApi, type TestApi } from '../../testing/api-harness'
import { PoolUsageError, runPoolCommand } from './pool-commands'
import { openStore, type BunStore } from '../../store/db'
import { loadTokenBox } from './token-key-file'

let ms: MicrosoftStandIn
let t: TestApi
let lines: string[] = []
let store: BunStore

beforeAll(async () => {
  ms = await startMicrosoftStandIn({ now: () => t?.clock.now ?? 0, accounts: 0 })
  t = await startTestApi({ env: { ...ms.env, POOL_REFRESH_EVERY_S: '0' } })
  store = openStore(t.dir)
})
afterAll(async () => {
  store.close()
  await t.close()
  await ms.stop()
})

async function run(...args: string[]) {
  lines = []
  const { signingPool } = t.api
  await runPoolCommand(args, {
    signingPool,
    sql: store.sql,
    box: await loadTokenBox(t.dir),
    now: () => t.clock.now,
    // The person approves the code while the terminal waits.
    sleep: async (wait) => {
      t.clock.now += wait
      const code = ms.lastUserCode()
      if (code) person(code)
    },
    out: (line) => lines.push(line),
  })
  return lines
}
/** What the person at the verification page does with the newest code. */
let person: (userCode: string) => void = () => {}

test('login waits for the person at the verification page, then list shows the account with its health', async () => {
  const user = await ms.addMicrosoftUser({ name: 'Headless' })
  person = (code) => ms.approve(code, user.email)
  const out = await run('login')
  expect(out[0]).toMatch(/^Open http:\/\/127\.0\.0\.1:\d+\/live\/verify\S* and enter the code [0-9A-F]{8}$/)
  expect(out.at(-1)).toContain('Signing account Headless')
  const list = await run('list')
  expect(list[0]).toMatch(/^NAME\s+ID\s+STATUS\s+USES\s+LAST USE\s+TOKEN EXPIRES\s+LAST ERROR$/)
  expect(list[1]).toMatch(/^Headless\s+[0-9a-f]{32}\s+ready\s+0\s+never\s+in 24 h$/)
  expect(list.join('\n')).not.toMatch(/(rt|msa|mc)-[0-9a-f]{8}/)
})

test('pause, resume, disable and remove by name; unknown names and commands are usage errors', async () => {
  expect(await run('pause', 'headless')).toEqual(['Headless: paused'])
  expect((await run('list'))[1]).toContain('paused')
  expect(await run('resume', 'Headless')).toEqual(['Headless: resumed'])
  expect(await run('disable', 'Headless')).toEqual(['Headless: disabled'])
  expect((await run('list'))[1]).toContain('disabled')
  // The operator's command line removes any account, one a user lent included (a pool admin on the
  // web may not): it runs on the server, where the database and the token key already are.
  await store.sql.run('UPDATE accounts SET owner_user_id = ?', ['a1'.repeat(16)])
  expect(await run('remove', 'Headless')).toEqual(['Headless: removed, tokens deleted'])
  expect(await run('list')).toEqual(['no signing accounts yet: run `bun run pool -- login`'])
  await expect(run('pause', 'Nobody')).rejects.toBeInstanceOf(PoolUsageError)
  await expect(run('frobnicate')).rejects.toBeInstanceOf(PoolUsageError)
})

test('a declined sign-in ends with its message', async () => {
  person = (code) => ms.decline(code)
  await expect(run('login')).rejects.toThrow('The sign-in was declined on the Microsoft page.')
})
