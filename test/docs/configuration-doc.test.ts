import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONFIG_DOC, documentedVariables, PARTS, renderedPage } from './config-reference'

const ROOT = join(import.meta.dir, '../..')

describe('docs/configuration.md (issue 25 point 1)', () => {
  for (const part of PARTS) {
    test(`every variable of ${part.file} has a description in the schema`, () => {
      const documented = documentedVariables(readFileSync(join(ROOT, part.file), 'utf8'), part.opening)
      expect(documented.map((v) => v.name).sort()).toEqual(Object.keys(part.schema.shape).sort())
      expect(documented.filter((v) => v.doc.length < 10).map((v) => v.name)).toEqual([])
    })
  }

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
