import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { appliedDefaults, CONFIG_DOC, documentedVariables, generatedReference, PARTS, pageDefaults, renderedPage, wrongDefaults, type Part } from './config-reference'

const ROOT = join(import.meta.dir, '../..')

describe('docs/configuration.md', () => {
  for (const part of PARTS) {
    test(`every variable of ${part.file} has a description in the schema`, () => {
      const documented = documentedVariables(readFileSync(join(ROOT, part.file), 'utf8'), part.opening)
      expect(documented.map((v) => v.name).sort()).toEqual(Object.keys(part.schema.shape).sort())
      expect(documented.filter((v) => v.doc.length < 10).map((v) => v.name)).toEqual([])
    })
  }

  test('every default on the page is the one the schemas apply to an empty environment', () => {
    const page = readFileSync(CONFIG_DOC, 'utf8')
    expect(wrongDefaults(page)).toEqual([])
    // The values that were once printed from the source text (`intFrom(4 * 1024)` as 4).
    const api = pageDefaults(page).get('API, account site and signing pool')!
    expect(api.get('STORAGE_BUDGET_MB')).toBe('5120')
    expect([api.get('LIMIT_ANONYMOUS_STORAGE_PER_DAY'), api.get('LIMIT_USER_STORAGE_PER_DAY'), api.get('LIMIT_APIKEY_STORAGE_PER_DAY')]).toEqual(['4096', '20480', '102400'])
    expect(page).toContain('| `STORAGE_BUDGET_MB` | `5120` MiB (5 GiB) |')
    expect(page).toContain('| `LIMIT_ANONYMOUS_STORAGE_PER_DAY` | `4096` KiB per UTC day (4 MiB) |')
    expect(pageDefaults(page).get('Web app')!.get('TRUST_PROXY')).toBe(String(appliedDefaults(PARTS[0]!.schema).TRUST_PROXY))
  })

  test('a planted wrong default fails the check', () => {
    const page = readFileSync(CONFIG_DOC, 'utf8')
    const planted = page.replace('| `STORAGE_BUDGET_MB` | `5120` MiB (5 GiB) |', '| `STORAGE_BUDGET_MB` | `5` MiB |')
    expect(planted).not.toBe(page)
    expect(wrongDefaults(planted)).toEqual(['API, account site and signing pool › STORAGE_BUDGET_MB: page 5, schema 5120'])
    const unset = page.replace(/\| `HOST` \| `127\.0\.0\.1` \|/, '| `HOST` | — |')
    expect(wrongDefaults(unset)).toEqual(['Web app › HOST: page —, schema 127.0.0.1'])
    const dropped = page.replace(/^\| `DEMO_SKINS` .*\n/m, '')
    expect(wrongDefaults(dropped)).toEqual(['API, account site and signing pool › DEMO_SKINS: page missing, schema 24'])
  })

  test('defaults are evaluated by the schema, not read from its source text', () => {
    const source = [
      'export const demoSchema = z.object({',
      '  /** KiB a day, written as a product. */',
      '  X_STORAGE_PER_DAY: intFrom(4 * 1024),',
      '  /** A list parsed from a comma-separated string. */',
      "  X_ORIGINS: z.string().default('a, b').transform((v) => v.split(',').map((s) => s.trim())),",
      '  /** A flag turned into a boolean. */',
      "  X_ON: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),",
      '})',
    ].join('\n')
    const intFrom = (fallback: number) => z.coerce.number().int().default(fallback)
    const schema = z.object({
      X_STORAGE_PER_DAY: intFrom(4 * 1024),
      X_ORIGINS: z.string().default('a, b').transform((v) => v.split(',').map((s) => s.trim())),
      X_ON: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    })
    const part: Part = { title: 'Demo', file: 'demo.ts', opening: 'export const demoSchema = z.object({', schema: schema as unknown as Part['schema'] }
    const reference = generatedReference([part], () => source)
    expect(reference).toContain('| `X_STORAGE_PER_DAY` | `4096` KiB per UTC day (4 MiB) | KiB a day, written as a product. |')
    expect(reference).toContain('| `X_ORIGINS` | `a,b` |')
    expect(reference).toContain('| `X_ON` | `true` |')
  })

  test('the page lists them as the schemas say now (bun run docs:config rewrites it)', () => {
    const page = readFileSync(CONFIG_DOC, 'utf8')
    expect(page).toBe(renderedPage(page))
  })

  test('bun run docs:config, as the docs say to run it, finds the page up to date and leaves it alone', () => {
    const run = Bun.spawnSync(['bun', 'run', 'docs:config'], { cwd: ROOT })
    expect(run.exitCode, run.stderr.toString()).toBe(0)
    expect(run.stdout.toString()).toContain('configuration.md is up to date')
  })
})
