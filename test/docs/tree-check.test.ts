/**
 * The tree explains itself (./tree-check.ts): nothing under src, test, locales and docs, no README
 * and no Worker config cites the issue tracker, and no page states a configuration default other
 * than the schema's. Each check is shown to fail on a planted case.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { coveredFiles, schemaDefaults, statedDefaults, trackerReferences, wrongStatedDefaults } from './tree-check'

const ROOT = join(import.meta.dir, '../..')

describe('the tree explains itself', () => {
  test('no file cites the issue tracker', () => {
    expect(trackerReferences(coveredFiles())).toEqual([])
  })

  test('a planted citation is found, in any of its spellings', () => {
    const planted = { 'a.ts': '// the rule (is' + 'sue 24 point 3)\nconst x = 1', 'b.md': 'see Iss' + 'ue #12 and iss' + 'ues 3 and 4', 'c.md': 'no such thing here: tis' + 'sue 5 is not one' }
    expect(trackerReferences(Object.keys(planted), (f) => planted[f as keyof typeof planted])).toEqual([
      'a.ts:1: // the rule (is' + 'sue 24 point 3)',
      'b.md:1: see Iss' + 'ue #12 and iss' + 'ues 3 and 4',
    ])
  })

  test('every configuration default a page states is the schema\'s', () => {
    const pages = coveredFiles()
      .filter((f) => f.endsWith('.md') && f !== 'docs/configuration.md')
      .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }))
    expect(wrongStatedDefaults(pages)).toEqual([])
  })

  test('a planted wrong default is found; a right one and another variable\'s are not', () => {
    const defaults = schemaDefaults()
    expect(defaults.get('STORAGE_BUDGET_MB')).toBe('5120')
    const text = ['- `STORAGE_BUDGET_MB` (the store\'s size, default 5)', '- `STORAGE_BUDGET_MB`, default `5120`', '- `QUEUE_CONCURRENCY` and `STORAGE_BUDGET_MB` (default 5120)'].join('\n')
    expect(statedDefaults(text, new Set(defaults.keys())).map((d) => [d.name, d.value])).toEqual([
      ['STORAGE_BUDGET_MB', '5'],
      ['STORAGE_BUDGET_MB', '5120'],
      ['STORAGE_BUDGET_MB', '5120'],
    ])
    expect(wrongStatedDefaults([{ file: 'x.md', text }], defaults)).toEqual(['x.md:1: STORAGE_BUDGET_MB says 5, the schema 5120'])
  })
})
