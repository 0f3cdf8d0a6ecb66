import { describe, expect, test } from 'bun:test'
import type { SkinInfo } from '../schemas/api/skin'
import { csvCell, csvDocument } from './csv'
import { parseExportQuery } from './query'
import { EXPORT_CSV_HEADER, exportFile, skinsToCsv, skinsToJson } from './skins'

const skin = (over: Partial<SkinInfo> = {}): SkinInfo => ({
  uuid: 'a'.repeat(32),
  shortId: 'aaaaaaaa',
  name: 'Steve',
  visibility: 'public',
  variant: 'classic',
  texture: { data: { value: 'dmFsdWU=', signature: 'c2ln' }, hash: { skin: 'b'.repeat(64) }, url: { skin: `http://textures.minecraft.net/texture/${'b'.repeat(64)}` } },
  generator: { timestamp: Date.UTC(2026, 0, 2, 3, 4, 5), account: 'x', server: 's', worker: 'w', version: 'v', duration: 10 },
  views: 0,
  duplicate: false,
  ...over,
})

describe('csvCell', () => {
  test('leaves plain text alone', () => {
    expect(csvCell('Steve 2')).toBe('Steve 2')
  })
  test('quotes commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"')
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"')
  })
  test('defuses formula starts with a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"')
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"')
    expect(csvCell('a=b')).toBe('a=b')
  })
  test('documents end every line with CRLF', () => {
    expect(csvDocument([['a', 'b'], ['c,d', 'e']])).toBe('a,b\r\n"c,d",e\r\n')
  })
})

describe('skin exports', () => {
  test('CSV has the header and one escaped row per skin', () => {
    const csv = skinsToCsv([skin(), skin({ uuid: 'c'.repeat(32), name: '-evil,name', variant: 'slim' }), skin({ name: undefined })])
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe(EXPORT_CSV_HEADER.join(','))
    expect(lines[0]).toBe('Timestamp,UUID,Name,Variant,Value,Signature,Texture')
    expect(lines[1]).toBe(`2026-01-02T03:04:05.000Z,${'a'.repeat(32)},Steve,classic,dmFsdWU=,c2ln,http://textures.minecraft.net/texture/${'b'.repeat(64)}`)
    expect(lines[2]).toStartWith(`2026-01-02T03:04:05.000Z,${'c'.repeat(32)},"'-evil,name",slim,`)
    expect(lines[3]).toContain(`,${'a'.repeat(32)},,classic,`)
    expect(lines).toHaveLength(5)
    expect(lines[4]).toBe('')
  })
  test('JSON is the array of full skin objects', () => {
    const skins = [skin(), skin({ uuid: 'd'.repeat(32) })]
    expect(JSON.parse(skinsToJson(skins))).toEqual(skins)
    expect(exportFile(skins, 'json').type).toStartWith('application/json')
    expect(exportFile(skins, 'csv').extension).toBe('csv')
  })
})

describe('parseExportQuery', () => {
  const parse = (qs: string, download = true) => parseExportQuery(new URLSearchParams(qs), download)
  test('defaults to the latest skins as CSV', () => {
    expect(parse('')).toEqual({ ok: true, query: { source: 'latest', search: '', format: 'csv', ids: [], picked: false } })
  })
  test('normalises and deduplicates ids', () => {
    const dashed = 'AAAAAAAA-aaaa-aaaa-aaaa-aaaaaaaaaaaa'
    const r = parse(`source=mine&format=json&ids=${dashed}&ids=${'a'.repeat(32)}&ids=${'b'.repeat(32)}`)
    expect(r).toEqual({ ok: true, query: { source: 'mine', search: '', format: 'json', ids: ['a'.repeat(32), 'b'.repeat(32)], picked: true } })
  })
  test('refuses bad values', () => {
    expect(parse('source=everything')).toEqual({ ok: false, problem: 'source' })
    expect(parse('format=xlsx')).toEqual({ ok: false, problem: 'format' })
    expect(parse('source=search&search=%3Cscript%3E')).toEqual({ ok: false, problem: 'search' })
    expect(parse('ids=nope')).toEqual({ ok: false, problem: 'ids' })
    const many = Array.from({ length: 101 }, (_, i) => `ids=${i.toString(16).padStart(32, '0')}`).join('&')
    expect(parse(many)).toEqual({ ok: false, problem: 'tooMany' })
  })
  test('a download needs skins: mine needs ids, search a term, a pick at least one row', () => {
    expect(parse('source=mine')).toEqual({ ok: false, problem: 'noneChosen' })
    expect(parse('source=search')).toEqual({ ok: false, problem: 'noneChosen' })
    expect(parse('source=latest&pick=1')).toEqual({ ok: false, problem: 'noneChosen' })
    expect(parse('source=mine', false).ok).toBe(true)
  })
})

describe('parseExportQuery: rows past the preview', () => {
  const parse = (qs: string) => parseExportQuery(new URLSearchParams(qs), true)
  test('`more` names the last previewed skin; unticking every shown row still exports the rest', () => {
    const r = parse(`source=latest&pick=1&more=${'C'.repeat(32)}`)
    expect(r).toEqual({ ok: true, query: { source: 'latest', search: '', format: 'csv', ids: [], picked: true, more: 'c'.repeat(32) } })
  })
  test('`more` must be a skin id, and means nothing for mine', () => {
    expect(parse('more=x')).toEqual({ ok: false, problem: 'ids' })
    expect(parse(`source=mine&more=${'a'.repeat(32)}`)).toEqual({ ok: false, problem: 'ids' })
  })
})
