/**
 * Smaller routes (reference/mineskin-api.md §1.8, §1.9): capes, stats, the legacy validation
 * helpers, seeded random names, and the signing public key (PEM, plus an authlib-injector style
 * metadata document carrying `signaturePublickey`).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { ApiError } from '../errors'
import { capesAnswer, randomNameAnswer, statsAnswer } from '../direct/misc-answers'
import type { ApiServices } from '../services'
import type { ApiEnv } from './env'
import { lookupLimit } from './lookup-limit'
import { send, v2 } from './envelope'

/**
 * A refused `/validate/*` input keeps MineSkin's legacy `{error}` (reference §1.9) and adds the v2
 * `success`/`errors[]`, so bad input always carries an error code. The 404
 * `{valid:false}` stays as it is: it is the answer "no such player", which the generate form asks
 * silently while a name is typed, not an error.
 */
const legacyError = (error: string, code: string, message: string) => ({ error, success: false as const, errors: [{ code, message }] })

/** Builds the misc routes. */
export function miscRoutes(s: ApiServices) {
  const { ctx } = s
  const r = new Hono<ApiEnv>()

  r.get('/v2/capes', async (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return send(c, await capesAnswer(s))
  })

  r.get('/v2/stats', async (c) => {
    c.header('Cache-Control', 'public, max-age=60')
    return send(c, await statsAnswer(s))
  })

  /** Validation look-ups hit the profile service, so they have their own per-minute limit. */
  const validateLimit = (c: Context<ApiEnv>) => lookupLimit(ctx, c)

  r.get('/validate/name/:name', async (c) => {
    const name = c.req.param('name')
    if (name.length < 1 || name.length > 16) return c.json(legacyError('invalid name', 'invalid_name', 'A player name has 1 to 16 characters'), 400)
    await validateLimit(c)
    const found = /^[A-Za-z0-9_]+$/.test(name) ? await ctx.profiles.lookupName(name) : null
    c.header('Cache-Control', 'public, max-age=3600')
    return found ? c.json({ valid: true, uuid: found.id, name: found.name }) : c.json({ valid: false, name }, 404)
  })

  r.get('/validate/uuid/:uuid', async (c) => {
    const raw = c.req.param('uuid')
    const uuid = raw.replace(/-/g, '').toLowerCase()
    if (raw.length < 32 || !/^[0-9a-f]{32}$/.test(uuid)) return c.json(legacyError('invalid uuid', 'invalid_uuid', 'A player uuid has 32 hex digits, dashes allowed'), 400)
    await validateLimit(c)
    const profile = await ctx.profiles.getProfile(uuid)
    c.header('Cache-Control', 'public, max-age=3600')
    return profile ? c.json({ valid: true, uuid: profile.id, name: profile.name }) : c.json({ valid: false, uuid }, 404)
  })

  r.get('/random-name', (c) => {
    const seed = c.req.query('seed')
    // Same seed, same name (the web shows it for unnamed skins), so seeded answers never change.
    c.header('Cache-Control', seed ? 'public, max-age=31536000, immutable' : 'no-store')
    return send(c, randomNameAnswer(seed))
  })

  r.get('/v2/signing-key', async (c) => {
    const pem = await ctx.signer.publicKeyPem()
    if (!pem) throw new ApiError('not_found', `This instance signs with the ${ctx.signer.kind} signer and has no own key`, 404)
    c.header('Cache-Control', 'public, max-age=3600')
    if (c.req.query('format') === 'json') return v2(c, { key: { pem, algorithm: 'SHA1withRSA', format: 'spki' } })
    return c.body(pem, 200, { 'Content-Type': 'application/x-pem-file' })
  })

  // authlib-injector reads `signaturePublickey` and `skinDomains` from an API metadata document,
  // so patched clients can verify locally signed textures served from this host.
  r.get('/authlib-injector', async (c) => {
    const pem = await ctx.signer.publicKeyPem()
    if (!pem) throw new ApiError('not_found', 'No local signing key', 404)
    return c.json({
      meta: { serverName: 'Skin Signature Generator', implementationName: 'ssg-embedded-api', implementationVersion: '1' },
      skinDomains: [new URL(ctx.config.publicUrl).hostname],
      signaturePublickey: pem,
    })
  })

  return r
}
