/**
 * `wrangler deploy --dry-run` succeeds for the web Worker offline, and `bun run worker:size` reports its
 * gzip size under 1 MiB; the verdict really fails a bundle over the limit.
 */
import { expect, test } from 'bun:test'
import { DEFAULT_MAX_KIB, verdict } from './bundle-size'
import { ROOT } from './wrangler-dev'

test('bun run worker:size bundles the web Worker offline and prints a gzip size under 1 MiB', () => {
  const run = Bun.spawnSync(['bun', 'run', 'worker:size'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  const out = run.stdout.toString()
  expect(run.exitCode, out + run.stderr.toString()).toBe(0)
  const match = /^wrangler\.toml: ([\d.]+) KiB raw, ([\d.]+) KiB gzip \(limit 1024 KiB\) ok$/m.exec(out)
  expect(match, out).not.toBeNull()
  const [raw, gzip] = [Number(match![1]), Number(match![2])]
  // A real bundle: React, Hono and the pages are in it, and gzip does compress it.
  expect(raw).toBeGreaterThan(200)
  expect(gzip).toBeLessThan(raw)
  expect(gzip).toBeLessThan(DEFAULT_MAX_KIB)
}, 180_000)

test('a bundle over the limit is reported and fails', () => {
  const over = verdict({ config: 'api.toml', rawBytes: 4 << 20, gzipBytes: (1 << 20) + 1 }, DEFAULT_MAX_KIB)
  expect(over.ok).toBe(false)
  expect(over.line).toBe('api.toml: 4096.0 KiB raw, 1024.0 KiB gzip (limit 1024 KiB) TOO LARGE')
  expect(verdict({ config: 'a', rawBytes: 10, gzipBytes: 1 << 20 }, DEFAULT_MAX_KIB).ok).toBe(true)
})
