/**
 * `bun run seed -- --count N [--seed S] [--days D]`: adds N procedurally generated demo skins to
 * the database in DATA_DIR, through the real pipeline (see seed-skins.ts). Prints progress and the
 * rate. Needs the local signer: demo skins are never sent to Mojang or an upstream API.
 * @module
 */
import { parseArgs } from 'node:util'
import { apiConfigFromEnv } from '../config'
import { createApiServices } from '../wiring'
import { mulberry32 } from './prng'
import { seedSkins } from './seed-skins'

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    count: { type: 'string', default: '100' },
    seed: { type: 'string' },
    days: { type: 'string', default: '45' },
    help: { type: 'boolean', short: 'h' },
  },
})

if (values.help) {
  console.log('usage: bun run seed -- --count N [--seed S] [--days D]\n  N demo skins, PRNG seed S (default random), creation times spread over the last D days')
  process.exit(0)
}

const count = Number(values.count)
const days = Number(values.days)
if (!Number.isInteger(count) || count < 1 || !Number.isFinite(days) || days <= 0) {
  console.error('--count must be a positive integer and --days a positive number')
  process.exit(2)
}

const config = apiConfigFromEnv(process.env)
if (config.signer !== 'local') {
  console.error(`Seeding needs SIGNER=local (configured: ${config.signer}); demo skins are never sent to real accounts.`)
  process.exit(2)
}
const { services, counters } = await createApiServices(config)
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 32) : Number(values.seed)
console.log(`Seeding ${count} skins into ${config.dataDir}/skins.db (PRNG seed ${seed})`)
let lastLog = 0
const result = await seedSkins(services.ctx, counters, {
  count,
  random: mulberry32(seed),
  spanMs: days * 86_400_000,
  onProgress(done, total, perSecond) {
    const t = performance.now()
    if (done === total || t - lastLog > 1000) {
      lastLog = t
      console.log(`  ${done}/${total}  ${perSecond.toFixed(0)} skins/s`)
    }
  },
})
services.ctx.store.close()
console.log(`Done: ${result.created} skins in ${(result.ms / 1000).toFixed(1)} s (${((result.created / result.ms) * 1000).toFixed(0)} skins/s)`)
