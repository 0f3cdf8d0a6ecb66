/**
 * `bun run backup [-- --out FILE] [--keep N]`: a verified snapshot of `<DATA_DIR>/skins.db`, safe
 * while the server runs (backup.ts). `bun run backup -- restore FILE` puts a snapshot back (the
 * server must be stopped). Exit code 1 when the backup or restore cannot go ahead, 2 on bad usage.
 * @module
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { apiConfigFromEnv } from '../config'
import { backupDatabase, BackupError, KEY_FILES, restoreDatabase } from './backup'

const USAGE = `usage: bun run backup [-- --out FILE] [--keep N]
       bun run backup -- restore FILE
  backup   writes DATA_DIR/backups/ssg-<UTC time>.sqlite (or FILE; never overwrites), checks it with
           PRAGMA integrity_check; --keep N removes all but the newest N ssg-*.sqlite in that folder
  restore  stop the server first; replaces DATA_DIR/skins.db with FILE (the old one is kept as
           skins.db.before-restore-<time>)`

const { values, positionals } = parseArgs({
  args: Bun.argv.slice(2),
  allowPositionals: true,
  options: {
    out: { type: 'string', short: 'o' },
    keep: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})

if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const keep = values.keep === undefined ? undefined : Number(values.keep)
const [command = 'backup', file, ...extra] = positionals
if ((keep !== undefined && (!Number.isInteger(keep) || keep < 1)) || !['backup', 'restore'].includes(command) || extra.length || (command === 'restore' ? !file : file)) {
  console.error(USAGE)
  process.exit(2)
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`
const { dataDir } = apiConfigFromEnv(process.env)
try {
  if (command === 'restore') {
    const r = restoreDatabase({ dataDir, snapshot: file! })
    console.log(`Restored ${file} to ${r.path} (${r.skins} skins, ${r.jobs} jobs, ${r.blobs} blobs; integrity ok)`)
    if (r.previous) console.log(`The replaced database is kept as ${r.previous}`)
    console.log('Start the server now.')
  } else {
    const r = backupDatabase({ dataDir, out: values.out, keep })
    console.log(`${r.path}  ${r.bytes} bytes (${mb(r.bytes)})  ${r.skins} skins, ${r.jobs} jobs, ${r.blobs} blobs; integrity ok`)
    for (const path of r.pruned) console.log(`removed old snapshot ${path}`)
    // The snapshot holds skins and blobs; these small secrets live beside it and must be kept once.
    const keys = KEY_FILES.filter((name) => existsSync(join(dataDir, name)))
    if (keys.length) console.log(`Keep a copy of ${keys.map((k) => join(dataDir, k)).join(', ')} too (they are not in the snapshot and never change).`)
  }
} catch (e) {
  if (!(e instanceof BackupError)) throw e
  console.error(`${command} failed: ${e.message}`)
  process.exitCode = 1
}
