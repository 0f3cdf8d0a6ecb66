/**
 * The D1 migrations folder (one migration source, applied on D1 with `wrangler d1 migrations apply`;
 * docs/cloudflare.md "D1 migrations"): generated from src/api/store/migrations, kept in step with it.
 * That the generated SQL builds the same schema as the drizzle migrator is store-clients.test.ts.
 * @module
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { D1_MIGRATIONS_DIR, d1MigrationFiles, d1MigrationsUpToDate, writeD1Migrations } from './d1-migrations'
import { MIGRATIONS_DIR } from './db'

const tmp = mkdtempSync(join(tmpdir(), 'ssg-d1-migrations-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('D1 migrations folder', () => {
  test('has one plain file per drizzle-kit migration, in the same order, without breakpoint markers', () => {
    const source = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()
    const files = d1MigrationFiles()
    expect(files.map((f) => f.name)).toEqual(source)
    for (const f of files) {
      expect(f.sql).not.toContain('statement-breakpoint')
      // Every statement of the source survives: the markers were the only lines removed.
      const original = readFileSync(join(MIGRATIONS_DIR, f.name), 'utf8')
      const markerLines = original.match(/^--> statement-breakpoint/gm)?.length ?? 0
      expect(f.sql.split('\n').length).toBe(original.split('\n').length - markerLines + 1)
      expect(f.sql.replace(/\s+/g, '')).toBe(('-- Generated' + f.sql.split('\n')[0]!.slice('-- Generated'.length) + original.replace(/--> statement-breakpoint/g, '')).replace(/\s+/g, ''))
    }
  })

  test('the committed migrations/d1 folder is up to date (run `bun src/api/store/d1-migrations.ts` after a schema change)', () => {
    expect(d1MigrationsUpToDate(D1_MIGRATIONS_DIR)).toBe(true)
  })

  test('writing replaces stale files, and the check notices edits', () => {
    const out = join(tmp, 'd1')
    writeD1Migrations(out)
    writeFileSync(join(out, '9999_removed.sql'), 'SELECT 1;')
    expect(d1MigrationsUpToDate(out)).toBe(false)
    writeD1Migrations(out)
    expect(readdirSync(out)).not.toContain('9999_removed.sql')
    expect(d1MigrationsUpToDate(out)).toBe(true)
    writeFileSync(join(out, '0000_init.sql'), 'edited')
    expect(d1MigrationsUpToDate(out)).toBe(false)
  })

  test('the commands of docs/cloudflare.md: `bun src/api/store/d1-migrations.ts [dir]` writes, `--check` says stale or up to date', () => {
    const root = join(import.meta.dir, '../../..')
    const cli = (...args: string[]) => Bun.spawnSync(['bun', 'src/api/store/d1-migrations.ts', ...args], { cwd: root })
    expect(cli('--check').exitCode).toBe(0)
    const out = join(tmp, 'cli')
    const written = cli(out)
    expect(written.exitCode).toBe(0)
    expect(written.stdout.toString()).toContain(`migrations to ${out}`)
    writeFileSync(join(out, '0000_init.sql'), 'edited')
    const stale = cli(out, '--check')
    expect(stale.exitCode).toBe(1)
    expect(stale.stdout.toString()).toContain('is stale: run bun src/api/store/d1-migrations.ts')
  })
})
