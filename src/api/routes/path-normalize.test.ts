/**
 * Path reading of the API: repeated slashes count as one, a trailing slash is
 * ignored, literal segments match in any case, parameter values keep theirs. The HTTP side over the
 * real API's every route is in ./routing.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { compilePattern, normalizePath, pathNormalizer } from './path-normalize'

const patterns = ['/*', '/v2/skins', '/v2/skins/latest', '/v2/skins/:id', '/v2/skins/:id/user', '/v2/queue', '/validate/name/:name', '/get/forTexture/:value/:signature?', '/textures/*', '/hex/:id{[0-9a-f]+}'].map(compilePattern)
const norm = (p: string) => normalizePath(p, patterns)

describe('normalizePath', () => {
  test('repeated and trailing slashes collapse', () => {
    expect(norm('//v2/skins')).toBe('/v2/skins')
    expect(norm('/v2//queue')).toBe('/v2/queue')
    expect(norm('/v2/skins/')).toBe('/v2/skins')
    expect(norm('///v2///skins///')).toBe('/v2/skins')
    expect(norm('/')).toBe('/')
    expect(norm('//')).toBe('/')
  })

  test('literal segments take the route spelling; the most literal route wins', () => {
    expect(norm('/V2/Skins')).toBe('/v2/skins')
    expect(norm('/V2/Skins/LATEST')).toBe('/v2/skins/latest')
    expect(norm('/V2/SKINS/AbCd/USER')).toBe('/v2/skins/AbCd/user')
    expect(norm('/GET/FORTEXTURE/eyJ0ZXh0dXJlcyI6/SiGn')).toBe('/get/forTexture/eyJ0ZXh0dXJlcyI6/SiGn')
    expect(norm('/Get/ForTexture/eyJ0ZXh0dXJlcyI6')).toBe('/get/forTexture/eyJ0ZXh0dXJlcyI6')
    expect(norm('/TEXTURES/AbC/Def')).toBe('/textures/AbC/Def')
  })

  test('parameter values keep their case, even when they spell a literal of another route', () => {
    expect(norm('/validate/name/Skins')).toBe('/validate/name/Skins')
    expect(norm('/VALIDATE/Name/LaTeSt')).toBe('/validate/name/LaTeSt')
  })

  test('a parameter constraint is honoured; paths no route knows are only slash-cleaned', () => {
    expect(norm('/HEX/abc')).toBe('/hex/abc')
    expect(norm('/HEX/XYZ')).toBe('/HEX/XYZ')
    expect(norm('//Nothing//Here/')).toBe('/Nothing/Here')
  })
})

describe('pathNormalizer in a Hono app', () => {
  test('routes registered after the constructor are reached in any case, values unchanged', async () => {
    const app: Hono = new Hono({ getPath: pathNormalizer(() => app.routes) })
    app.get('/v2/skins', (c) => c.text('list'))
    app.get('/get/forTexture/:value/:signature?', (c) => c.json(c.req.param()))
    expect(await (await app.request('//V2/Skins/?size=2')).text()).toBe('list')
    const res = await app.request('/GET//forTexture/AbC%2BdEf/SiG')
    expect(await res.json()).toEqual({ value: 'AbC+dEf', signature: 'SiG' })
    expect(await (await app.request('/get/fortexture/AbC')).json()).toEqual({ value: 'AbC' })
    expect((await app.request('/v2/nothing')).status).toBe(404)
  })
})
