import { describe, expect, test } from 'bun:test'
import { d1Client } from '../store/sql'
import { createFakeD1 } from '../store/testing/d1-fake'
import { countingD1 } from './d1-round-trips'

describe('countingD1', () => {
  test('one count per statement read or write, per exec and per batch (however many statements)', async () => {
    const fake = createFakeD1()
    let trips = 0
    const db = countingD1(fake, () => trips++)
    await db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
    expect(trips).toBe(1)
    await db.prepare('INSERT INTO t (v) VALUES (?)').bind('a').run()
    expect(await db.prepare('SELECT v FROM t WHERE id = ?').bind(1).first()).toEqual({ v: 'a' })
    expect(trips).toBe(3)
    // A batch of three statements is one round trip, and D1 gets its own statement objects back.
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)')
    await db.batch([insert.bind('b'), insert.bind('c'), db.prepare('SELECT count(*) AS n FROM t')])
    expect(trips).toBe(4)
    // Preparing and binding cost nothing; the services' SQL client counts the same way.
    const sql = d1Client(db)
    const before = trips
    db.prepare('SELECT 1').bind()
    expect(trips).toBe(before)
    expect(await sql.all<{ v: string }>('SELECT v FROM t ORDER BY id')).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }])
    expect(trips).toBe(before + 1)
    fake.sqlite.close()
  })
})
