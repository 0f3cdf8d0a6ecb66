/**
 * The Workers bench's pure helpers (the Workers figures of `bun run bench`): the API
 * Worker's config rewritten for a bench session (vars where wrangler reads them, paths absolute, name and
 * D1 id kept), the skip check, jobs/s and the split of a burst over clients. The stack itself runs in
 * `bun run bench workers`.
 * @module
 */
import { describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchApiConfig, d1Databases, hasEnv, jobsPerSecond, missingStackFiles, shares, STACK_FILES, type WranglerConfig } from './workers-stack'

const TOML = `
name = "skin-signature-api"
main = "src/api/worker.ts"
compatibility_date = "2026-11-01"
vars = { ANTIBOT = "altcha" }

[alias]
"skinview3d" = "./src/stub.ts"
"left-alone" = "some-package"

[build]
command = "bun build.ts"

[[d1_databases]]
binding = "DB"
database_name = "skins"
database_id = "local-id"
migrations_dir = "migrations/d1"

[env.stack]
name = "skin-signature-api"
vars = { ENVIRONMENT = "production", LIMIT_ANONYMOUS_PER_MINUTE = "20" }

[[env.stack.d1_databases]]
binding = "DB"
database_name = "skins-stack"
database_id = "stack-id"
migrations_dir = "./migrations/d1"
`
const parsed = () => Bun.TOML.parse(TOML) as WranglerConfig

describe('benchApiConfig', () => {
  test('vars go into the chosen env section, over its own; the top level keeps its vars', () => {
    const out = benchApiConfig(parsed(), '/repo', 'stack', { LIMIT_ANONYMOUS_PER_MINUTE: '100000', SIGNING_KEY_PEM: 'pem' })
    expect(out.env!.stack!.vars).toEqual({ ENVIRONMENT: 'production', LIMIT_ANONYMOUS_PER_MINUTE: '100000', SIGNING_KEY_PEM: 'pem' })
    expect(out.vars).toEqual({ ANTIBOT: 'altcha' })
  })

  test('without that env section the vars go to the top level', () => {
    const out = benchApiConfig(parsed(), '/repo', undefined, { X: '1' })
    expect(out.vars).toEqual({ ANTIBOT: 'altcha', X: '1' })
    expect(out.env!.stack!.vars).toEqual({ ENVIRONMENT: 'production', LIMIT_ANONYMOUS_PER_MINUTE: '20' })
    expect(benchApiConfig(parsed(), '/repo', 'missing', { X: '1' }).vars).toEqual({ ANTIBOT: 'altcha', X: '1' })
  })

  test('paths wrangler resolves against the config folder become absolute; names and D1 ids stay', () => {
    const out = benchApiConfig(parsed(), '/repo', 'stack', {})
    expect(out.main).toBe('/repo/src/api/worker.ts')
    expect(out.alias).toEqual({ skinview3d: '/repo/src/stub.ts', 'left-alone': 'some-package' })
    expect(out.build).toEqual({ command: 'bun build.ts', cwd: '/repo' })
    expect(out.d1_databases).toEqual([{ binding: 'DB', database_name: 'skins', database_id: 'local-id', migrations_dir: '/repo/migrations/d1' }])
    expect(out.env!.stack!.d1_databases).toEqual([{ binding: 'DB', database_name: 'skins-stack', database_id: 'stack-id', migrations_dir: '/repo/migrations/d1' }])
    expect(out.name).toBe('skin-signature-api')
    expect(out.env!.stack!.name).toBe('skin-signature-api')
  })

  test('the input is not changed', () => {
    const config = parsed()
    benchApiConfig(config, '/repo', 'stack', { X: '1' })
    expect(config).toEqual(parsed())
  })
})

describe('env and D1 look-ups', () => {
  test('hasEnv and the D1 list wrangler sees for an env', () => {
    expect(hasEnv(parsed(), 'stack')).toBe(true)
    expect(hasEnv(parsed(), 'other')).toBe(false)
    expect(d1Databases(parsed(), 'stack').map((d) => d.database_name)).toEqual(['skins-stack'])
    expect(d1Databases(parsed()).map((d) => d.database_name)).toEqual(['skins'])
    expect(d1Databases({ name: 'x' }, 'stack')).toEqual([])
  })
})

describe('missingStackFiles', () => {
  test('names exactly the files that are absent', () => {
    const root = mkdtempSync(join(tmpdir(), 'workers-stack-'))
    try {
      expect(missingStackFiles(root)).toEqual([...STACK_FILES])
      mkdirSync(join(root, 'src/api'), { recursive: true })
      writeFileSync(join(root, 'src/api/worker.ts'), '')
      writeFileSync(join(root, 'wrangler.toml'), '')
      expect(missingStackFiles(root)).toEqual(['wrangler.api.toml'])
      writeFileSync(join(root, 'wrangler.api.toml'), '')
      expect(missingStackFiles(root)).toEqual([])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('burst arithmetic', () => {
  test('jobs/s from the first submit to the last completion', () => {
    expect(jobsPerSecond(1000, [1500, 2000, 3000])).toBe(1.5)
    expect(jobsPerSecond(1000, [])).toBe(0)
    expect(jobsPerSecond(1000, [1000])).toBeNaN()
  })

  test('a burst is split evenly, the remainder to the first clients', () => {
    expect(shares(40, 4)).toEqual([10, 10, 10, 10])
    expect(shares(10, 4)).toEqual([3, 3, 2, 2])
    expect(shares(2, 4)).toEqual([1, 1, 0, 0])
  })
})
