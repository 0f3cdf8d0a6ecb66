/**
 * `bun run accounts -- grant|credits|subscribe|notify …` on the database in DATA_DIR (see
 * `admin-commands.ts` for the commands). Exit code 2 and a message on bad input.
 * @module
 */
import { apiConfigFromEnv } from '../../config'
import { openStore } from '../../store/db'
import { ACCOUNTS_USAGE, runAccountsCommand, UsageError } from './admin-commands'

const args = Bun.argv.slice(2)
if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
  console.log(ACCOUNTS_USAGE)
  process.exit(args.length === 0 ? 2 : 0)
}
const config = apiConfigFromEnv(process.env)
const store = openStore(config.dataDir)
try {
  console.log(await runAccountsCommand(store.db, args, Date.now()))
} catch (e) {
  if (!(e instanceof UsageError)) throw e
  console.error(`${e.message}\n\n${ACCOUNTS_USAGE}`)
  process.exitCode = 2
} finally {
  store.close()
}
